"""Messages of the web page: its JSON API (cards/web/api.py), its views and its script."""

from __future__ import annotations

MESSAGES = {
    # the web page's API (cards/web/api.py)
    "api_field": "{name} ({field}): {what}",
    "api_unusable": "Kouzla nelze použít: {lines}",
    "api_no_preview": "Náhled nelze ukázat: {error}",
    "api_refused": "Nelze splnit: {error}",
    "api_not_json": "Tělo požadavku musí být objekt JSON (Content-Type: application/json).",
    "api_text": "čekám text, dostal jsem {got}",
    "api_text_limit": "nejvýše {limit} znaků",
    "api_texts": "čekám text nebo seznam textů",
    "api_flag": "čekám true nebo false (ano/ne), dostal jsem {got}",
    "api_whole": "celé číslo",
    "api_a_number": "číslo",
    "api_expected": "čekám {kind}, dostal jsem {got}",
    "api_range": "čekám číslo od {low} do {high}, dostal jsem {got}",
    "api_files": 'čekám seznam souborů [{{"name": ..., "text": ...}}]',
    "api_file": 'soubor {number}: čekám {{"name": ..., "text": ...}}',
    "api_offset": "čekám dvě čísla [x, y] v milimetrech",
    "api_print_shop": "tisk pro tiskárnu (print_shop) dává jednotlivé karty; papír vynechte",
    "api_labels": "čekám seznam názvů kouzel",
    "api_labels_limit": "nejvýše {limit} kouzel",
    "api_empty_deck": "balíček je prázdný: vyberte aspoň jedno kouzlo",
    "api_no_spell": "žádné kouzlo",
    "api_unknown_name": "neznámý název ({error})",
    "api_level": "čekám úroveň 0–9 nebo rozsah jako 1-3, ne {got}",
    # `cards deck --title`: the web page prints a deck under its own name
    "metavar_title": "NÁZEV",
    "help_opt_deck_title": "Název balíčku v PDF (titul a zápatí); bez něj „Připravená kouzla“.",
    # filters by a spell's details (cards/spellfilters.py)
    "filter_unknown": "neznámá volba „{value}“; čekám jednu z: {keys}",
    # the page's views (cards/web/pages.py)
    "page_shared_name": "Sdílený balíček",
    "page_deck_empty": "Balíček je prázdný.",
    "editor_has_errors": "Kouzlo má chyby: opravte pole označená u formuláře.",
    "sheet_page_missing": "arch {page} v PDF není (má {pages} stran)",
    "page_layout_poker": "Poker 63 × 88 mm",
    "page_layout_bridge": "Bridž 56 × 88 mm",
    "page_layout_ink-saver": "Poker 63 × 88 mm, šetří inkoust: bílá karta, barva školy v linkách",
    "page_layout_large-print": "Poker 63 × 88 mm, velké písmo: text 8–12 b., popisky od 7 b.",
    "page_layout_mini": "Mini 44 × 63 mm, pro krátká kouzla (úsporné údaje)",
    "page_layout_tarot": "Tarot 70 × 120 mm",
}

# The texts the page's script shows (cards/web/static/app.js reads them from the page).
PAGE_TEXTS = {
    "page_js_first_deck": "Připravená kouzla",
    "page_js_new_deck": "Balíček {n}",
    "page_js_copy": "{name} (kopie)",
    "page_js_undo": "Zpět: {what}",
    "page_js_undo_none": "Zpět (není co vrátit)",
    "page_js_undone": "Vráceno: {what}.",
    "page_js_step_clear": "vyprázdnění balíčku",
    "page_js_step_preset": "celý balíček",
    "page_js_step_upload": "nahrání seznamu",
    "page_js_step_delete": "smazání balíčku „{name}“",
    "page_js_step_new": "nový balíček",
    "page_js_step_copy": "kopie balíčku",
    "page_js_step_import": "import balíčků",
    "page_js_step_shared": "otevření sdíleného balíčku",
    "page_js_step_change": "změna balíčku",
    "page_js_step_sort": "seřazení balíčku",
    "page_js_step_rename": "přejmenování balíčku",
    "page_js_shared_opened": "Sdílený balíček „{name}“ otevřen jako nový vedle vašich balíčků.",
    "page_js_imported": "Importováno balíčků: {count}.",
    "page_js_import_bad": "Soubor {name} není export balíčků Kartotéky.",
    "page_js_server_down": "Server neodpovídá. Běží ještě „cards serve“?",
    "page_js_preparing": "Připravuji soubor…",
    "page_js_counting": "Počítám karty…",
    "page_js_brew_loaded": "Načtena vlastní kouzla ze souboru {name}.",
    "page_js_brew_kept": "Soubor má jiná vlastní kouzla ({name}); ponechána vaše ({own}).",
    "page_js_export_name": "kartoteka-balicky.json",
    "page_js_editor_saved": "Kouzlo „{name}“ je uloženo mezi vlastními kouzly v tomto prohlížeči.",
}
MESSAGES.update(PAGE_TEXTS)
