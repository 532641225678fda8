"""Messages of the web page's JSON API (cards/web/api.py)."""

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
    "api_print_shop_name": "neznámá tiskárna; možné: {names} (nebo true)",
    "api_print_shop": "tisk pro tiskárnu (print_shop) dává jednotlivé karty; papír vynechte",
    "api_labels": "čekám seznam názvů kouzel",
    "api_labels_limit": "nejvýše {limit} kouzel",
    "api_empty_deck": "balíček je prázdný: vyberte aspoň jedno kouzlo",
    "api_no_spell": "žádné kouzlo",
    "api_unknown_name": "neznámý název ({error})",
    "api_level": "čekám úroveň 0–9 nebo rozsah jako 1-3, ne {got}",
}
