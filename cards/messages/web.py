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
    "api_print_shop_name": "neznámá tiskárna; možné: {names} (nebo true)",
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
    "editor_field_name": "Název",
    "editor_field_name_en": "Anglický název",
    "editor_field_book": "Kniha",
    "editor_field_level": "Úroveň a škola",
    "editor_field_casting_time": "Vyvolání",
    "editor_field_range": "Dosah",
    "editor_field_components": "Složky",
    "editor_field_duration": "Trvání",
    "editor_field_classes": "Povolání",
    "editor_field_description": "Popis",
    "editor_field_higher": "Na vyšších úrovních",
    "page_deck_sort_own": "vlastní pořadí",
    "page_deck_sort_level": "podle úrovně a názvu (jako cards class)",
    "page_deck_sort_name": "podle názvu",
    "page_deck_sort_school": "podle školy",
    "page_one_card_a_page": "jedna karta na stranu",
    "page_found": "Nalezeno: {count}",
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


# The page's own words (cards/web/templates/*.html: {{ say(key) }}), keyed by their slug.
PAGE_HTML = {
    "page_pro_tiskarnu": "Pro tiskárnu",
    "page_tiskarna_pdf_x_v_cmyk": "Tiskárna (PDF/X v CMYK, jednotlivé karty se spadávkou)",
    "page_ne_tisknu_sam": "Ne, tisknu sám",
    "page_s_tiskarnou_se_papir_nepouzije": (
        "S tiskárnou se papír výše nepoužije: každá karta má svou stranu. Soubor ověří"
    ),
    "page_cards_preflight_soubor": "cards preflight SOUBOR.pdf",
    "page_take_from_book": "Vzít {name} z knihy {book}",
    "page_from_book": "z: {book}",
    "page_to_top": "Na začátek: {name}",
    "page_up": "Posunout výš: {name}",
    "page_down": "Posunout níž: {name}",
    "page_to_bottom": "Na konec: {name}",
    "page_preview_of": "Náhled: {name}",
    "page_remove": "Odebrat: {name}",
    "page_sheet_front": "Líc prvního archu balíčku",
    "page_sheet_back": "Rub prvního archu balíčku",
    "page_cards_of": "Karty kouzla {name}: líc a rub každého dílu",
    "page_kartoteka_kouzel": "Kartotéka kouzel",
    "page_preskocit": "Přeskočit",
    "page_preskocit_na_hledani": "Přeskočit na hledání",
    "page_preskocit_na_tisk": "Přeskočit na tisk",
    "page_vyberte_kouzla_prohlednete_si_karty_a_stahnete_p": (
        "Vyberte kouzla, prohlédněte si karty a stáhněte PDF k tisku."
    ),
    "page_souhrn_balicku": "Souhrn balíčku",
    "page_balicek_je_prazdny": "Balíček je prázdný.",
    "page_pocitam_karty": "Počítám karty…",
    "page_stahnout_pdf": "Stáhnout PDF",
    "page_1_vyber_kouzel": "1. Výběr kouzel",
    "page_hledat": "Hledat",
    "page_cesky_nebo_anglicky_treba_ohniva": "česky nebo anglicky, třeba ohniva",
    "page_na_velikosti_pismen_diakritice_ani_tvaru_slov_ne": (
        "Na velikosti písmen, diakritice ani tvaru slov nezáleží. Enter přidá první nalezené "
        "kouzlo do balíčku; klávesa / sem skočí odkudkoli."
    ),
    "page_filtry": "Filtry",
    "page_povolani": "Povolání",
    "page_vsechna": "všechna",
    "page_uroven_0_triky": "Úroveň (0 = triky)",
    "page_od": "od",
    "page_do": "do",
    "page_skola": "Škola",
    "page_vsechny": "všechny",
    "page_ritual": "Rituál",
    "page_nerozhoduje": "nerozhoduje",
    "page_jen_ritualy": "jen rituály",
    "page_bez_ritualu": "bez rituálů",
    "page_soustredeni": "Soustředění",
    "page_jen_se_soustredenim": "jen se soustředěním",
    "page_bez_soustredeni": "bez soustředění",
    "page_dalsi_filtry_kniha_vyvolani_dosah_trvani_slozky": (
        "Další filtry: kniha, vyvolání, dosah, trvání, složky, slova v textu"
    ),
    "page_slozky": "Složky",
    "page_jen_s_ni": "jen s ní",
    "page_bez_ni": "bez ní",
    "page_slova_v_textu_kouzla": "Slova v textu kouzla",
    "page_treba_jed_neviditelny": "třeba jed neviditelný",
    "page_hledam": "Hledám…",
    "page_nacitam_seznam_kouzel": "Načítám seznam kouzel…",
    "page_vlastni_kouzla": "Vlastní kouzla",
    "page_soubor_s_vlastnimi_kouzly_text_nebo_json_jako": (
        "Soubor s vlastními kouzly (text nebo JSON jako"
    ),
    "page_cards_add": "cards … --add",
    "page_zustane_jen_v_tomto_prohlizeci": ") zůstane jen v tomto prohlížeči.",
    "page_nahrat_vlastni_kouzla": "Nahrát vlastní kouzla",
    "page_odebrat_vlastni_kouzla": "Odebrat vlastní kouzla",
    "page_napsat_vlastni_kouzlo": "Napsat vlastní kouzlo",
    "page_nazev": "Název",
    "page_anglicky_nazev_nepovinny": "Anglický název (nepovinný)",
    "page_kniha": "Kniha",
    "page_uroven_0_trik": "Úroveň (0 = trik)",
    "page_vyvolani": "Vyvolání",
    "page_dosah": "Dosah",
    "page_treba_12_sahu": "třeba 12 sáhů",
    "page_v_verbalni": "V (verbální)",
    "page_p_pohybova": "P (pohybová)",
    "page_s_surovinova": "S (surovinová)",
    "page_surovina": "Surovina",
    "page_trvani": "Trvání",
    "page_popis": "Popis",
    "page_odstavce_oddelte_prazdnym_radkem_odrazky_zacnete": (
        "Odstavce oddělte prázdným řádkem. Odrážky začněte „•“, řádky tabulky píšete jako „| A "
        "| B |“ (pod záhlavím „| --- | --- |“)."
    ),
    "page_na_vyssich_urovnich_nepovinne": "Na vyšších úrovních (nepovinné)",
    "page_ulozit_do_vlastnich_kouzel": "Uložit do vlastních kouzel",
    "page_stahnout_jako_text_add": "Stáhnout jako text (--add)",
    "page_stahnout_jako_json": "Stáhnout jako JSON",
    "page_2_balicek": "2. Balíček",
    "page_balicek": "Balíček",
    "page_novy_balicek": "Nový balíček",
    "page_duplikovat": "Duplikovat",
    "page_smazat_balicek": "Smazat balíček",
    "page_zpet_neni_co_vratit": "Zpět (není co vrátit)",
    "page_razeni_balicku": "Řazení balíčku",
    "page_cele_balicky": "Celé balíčky",
    "page_cely_balicek_povolani": "Celý balíček povolání",
    "page_cele_kompendium": "Celé kompendium",
    "page_seznam_kouzel": "Seznam kouzel",
    "page_ulozit_seznam": "Uložit seznam",
    "page_nahrat_seznam": "Nahrát seznam",
    "page_vyprazdnit_balicek": "Vyprázdnit balíček",
    "page_exportovat_vsechny_balicky": "Exportovat všechny balíčky",
    "page_importovat_balicky": "Importovat balíčky",
    "page_seznam_je_textovy_soubor_jedno_kouzlo_na_radek_v": (
        "Seznam je textový soubor, jedno kouzlo na řádek: vytiskne ho i"
    ),
    "page_cards_deck_soubor": "cards deck SOUBOR",
    "page_3_nahled_a_tisk": "3. Náhled a tisk",
    "page_nahled_celeho_archu": "Náhled celého archu",
    "page_nahled_ukaze_karty_kouzla_lic_i_rub_tlacitko_nah": (
        "Náhled ukáže karty kouzla, líc i rub: tlačítko „Náhled“ u kouzla."
    ),
    "page_karty": "Karty",
    "page_vzhled_a_velikost": "Vzhled a velikost",
    "page_pokracovat_na_rubu_mene_karet_tiskne_rub": "Pokračovat na rubu (méně karet, tiskne rub)",
    "page_papir": "Papír",
    "page_rub_karet": "Rub karet",
    "page_tisknout_rub_oboustranny_tisk": "Tisknout rub (oboustranný tisk)",
    "page_tiskarna_obraci_list_po": "Tiskárna obrací list po",
    "page_delsi_hrane": "delší hraně",
    "page_kratsi_hrane": "kratší hraně",
    "page_posun_rubu_v_mm_z_kalibracniho_archu": "Posun rubu v mm (z kalibračního archu)",
    "page_prelozit_lic_a_rub_vedle_sebe_bez_oboustranneho": (
        "Přeložit (líc a rub vedle sebe, bez oboustranného tisku)"
    ),
    "page_tisknete_ve_skutecne_velikosti_100": "Tiskněte ve skutečné velikosti (100 %),",
    "page_nikdy_prizpusobit_strance_jen_tak_ma_karta_63_88": (
        "nikdy „přizpůsobit stránce“: jen tak má karta 63 × 88 mm. Ověřte to na kalibračním "
        "archu (čára 100 mm)."
    ),
    "page_archy_pro_tabletop_simulator_zip": "Archy pro Tabletop Simulator (ZIP)",
    "page_kalibracni_arch": "Kalibrační arch",
    "page_seznam_nebyl_nahran": "Seznam nebyl nahrán,",
    "page_tyto_radky_nepojmenuji_jedno_kouzlo": "tyto řádky nepojmenují jedno kouzlo:",
    "page_radek": "řádek",
    "page_tato_kouzla_tu_nejsou": "Tato kouzla tu nejsou",
    "page_nejspis_vlastni_kouzla_ktera_tento_prohlizec_nem": (
        "(nejspíš vlastní kouzla, která tento prohlížeč nemá), balíček je otevřen bez nich:"
    ),
    "page_na_zacatek": "Na začátek",
    "page_vys": "Výš",
    "page_niz": "Níž",
    "page_na_konec": "Na konec",
    "page_nahled": "Náhled",
    "page_odebrat": "Odebrat",
    "page_odkaz_na_tento_balicek": "Odkaz na tento balíček",
    "page_seznam_je_v_adrese_poslete_ji_spoluhracum": (
        "(seznam je v adrese: pošlete ji spoluhráčům)"
    ),
    "page_zaskrtnete_kouzla_ve_vyberu_nebo_vyberte_cely_ba": (
        "Zaškrtněte kouzla ve výběru nebo vyberte celý balíček."
    ),
    "page_pridat_vse_zobrazene": "Přidat vše zobrazené",
    "page_trik": ", trik",
    "page_urovne": ". úrovně",
    "page_ritual_2": ", rituál",
    "page_soustredeni_2": ", soustředění",
    "page_zadne_kouzlo_neodpovida_zkuste_kratsi_hledany_te": (
        "Žádné kouzlo neodpovídá. Zkuste kratší hledaný text nebo jiné filtry."
    ),
    "page_nejblizsi_nazvy": "Nejbližší názvy:",
    "page_nic_nebylo_pridano": ": nic nebylo přidáno.",
    "page_opravte_tyto_chyby_a_soubor_nahrajte_znovu": (
        "Opravte tyto chyby a soubor nahrajte znovu:"
    ),
    "page_pridano": ": přidáno",
    "page_upozorneni": ": upozornění:",
    "page_nahore_lic_dole_rub_kazdy_dil_kouzla_je_jedna_ka": (
        "Nahoře líc, dole rub; každý díl kouzla je jedna karta."
    ),
    "page_prvni_arch_balicku": "První arch balíčku",
    "page_vlevo_lic_archu_vpravo_jeho_rub_jak_je_pdf_vytis": (
        "Vlevo líc archu, vpravo jeho rub, jak je PDF vytiskne."
    ),
    "page_arch_tak_jak_ho_pdf_vytiskne": "Arch tak, jak ho PDF vytiskne.",
    "page_chyba": "Chyba",
    "page_upozorneni_2": "Upozornění",
    "page_kouzlo_je_v_poradku_takto_ho_vytiskne": "Kouzlo je v pořádku; takto ho vytiskne",
    "page_kouzlo_zatim_nejde_vytisknout": "Kouzlo zatím nejde vytisknout:",
}
MESSAGES.update(PAGE_HTML)
