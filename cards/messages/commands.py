"""Messages of the command line (cards/cli/): its usage errors and every text `--help` shows."""

from __future__ import annotations

MESSAGES = {
    # the command line
    "error_prefix": "Chyba",
    "usage_hint": "Nápověda: '{command} --help'.",
    "no_such_option": "neznámá volba {option}",
    "no_such_option_maybe": "neznámá volba {option}; měli jste na mysli {possibilities}?",
    "no_such_command": "neznámý příkaz {name!r}; příkazy: {commands}",
    "missing_argument": "chybí argument {name}",
    "missing_option": "chybí volba {name}",
    "missing_parameter": "chybí {name}",
    "option_needs_value": "volba {option} potřebuje hodnotu",
    "bad_parameter": "neplatná hodnota {name}: {message}",
    "bad_value": "neplatná hodnota: {message}",
    "bad_choice": "{value!r} není z možností: {choices}",
    "bad_integer": "{value!r} není celé číslo",
    "bad_number": "{value!r} není číslo",
    "out_of_range": "{value} není v rozsahu {range}",
    "extra_arguments": "nadbytečný argument: {arguments}",
    "no_spells": "Filtrům neodpovídá žádné kouzlo: není co tisknout. Zkuste `cards list` se "
    "stejnými filtry.",
    "not_finite": "čekáno konečné číslo, zadáno {value}",
    "offset_numbers": "čekána dvě čísla v mm jako X,Y (např. 0.5,-1), zadáno {value}",
    "offset_finite": "čekána dvě konečná čísla v mm, zadáno {value}",
    "offset_range": "{value} je mimo ±{range} mm, které měří kalibrační arch "
    "(`cards calibrate`); větší posun tiskne rub mimo kartu",
    "unknown_sheet": "neznámý arch {value!r}; zvolte jeden z: {choices}, nebo soubor archu "
    "SOUBOR.toml",
    "print_shop_images": "tiskárna {shop} bere obrázky karet, ne PDF: cards images --print-shop "
    "{shop}",
    "print_shop_tts": "--print-shop dává obrázky jednotlivých karet; nejde spolu s --sheet tts",
    "print_shop_sheet": "--print-shop tiskne jednotlivé karty se spadávkou; nejde spolu s "
    "--sheet {sheet}",
    "sheet_no_file": "{file}: soubor archu neexistuje",
    "no_spell_name": "chybí název kouzla; zadejte ho česky nebo anglicky (viz `cards list`)",
    "no_level": 'chybí úroveň; zadejte úroveň 0-9 nebo rozsah jako "1-3" (0 je trik)',
    "calibrate_needs_paper": "kalibrační arch se tiskne na papír: zvolte a4, letter nebo "
    "soubor archu SOUBOR.toml",
    "too_many_unknown": "… a dalších {count} neznámých názvů; opravte nejdřív ty výše",
    "serve_open": "varování: stránka naslouchá na {host}: mohou ji používat i jiné počítače "
    "(nemá přihlášení); výchozí 127.0.0.1 ji nechá jen tomuto počítači",
    "cannot_listen": "nelze naslouchat na {host}:{port} ({reason})",
    # the command line's help (cards/cli/): every text `--help` shows
    "metavar_options": "[VOLBY]",
    "metavar_command": "PŘÍKAZ [ARGUMENTY]...",
    "metavar_file": "SOUBOR",
    "metavar_folder": "SLOŽKA",
    "metavar_name": "NÁZEV",
    "metavar_names": "[NÁZVY]...",
    "metavar_class": "POVOLÁNÍ",
    "metavar_level": "ÚROVEŇ",
    "metavar_school": "ŠKOLA",
    "metavar_book": "KNIHA",
    "metavar_layout": "ROZVRŽENÍ",
    "metavar_sheet": "a4|letter|none|SOUBOR.toml",
    "metavar_paper": "a4|letter|SOUBOR.toml",
    "metavar_offset": "X,Y",
    "metavar_mm": "MM",
    "metavar_dpi": "DPI",
    "metavar_count": "N",
    "metavar_host": "ADRESA",
    "metavar_port": "PORT",
    "help_main": "Karty kouzel D&D 5e v češtině k vytištění, z kompendia kouzel.\n\nBez --data "
    "bere každý příkaz vestavěné kompendium (492 kouzel).",
    "help_list": "Vypíše kouzla.\n\nFiltruje podle povolání, úrovně, školy, knihy, rituálu "
    "nebo soustředění; --json vypíše celé záznamy.",
    "help_show": "Ukáže rozebrané údaje jednoho kouzla.\n\nNÁZEV česky nebo anglicky, "
    'diakritika nepovinná; "Název (Kniha)" vybere knihu.',
    "help_lint": "Zkontroluje kompendium.\n\nVypíše každou chybu a varování se souborem a "
    "řádkem, i znaky, které písma rozvržení neumí nakreslit; jsou-li chyby, skončí s kódem 1.",
    "help_fit_report": "Ukáže, jak se kouzla vejdou na karty.\n\nU každého kouzla počet "
    "karet a velikost písma; na konci shrnutí: karet celkem, kouzel podle počtu karet, "
    "nejmenší použité písmo.",
    "help_compendium": "Vytiskne celé kompendium nebo jeho vybranou část.\n\nKarty jdou "
    "podle úrovně, pak podle české abecedy, pokud --sort neurčí jinak.",
    "help_class": "Vytiskne balíček jednoho povolání.\n\nNÁZEV česky nebo anglicky, "
    "diakritika nepovinná (kouzelník, kouzelnik, wizard). Karty jdou podle úrovně, pak podle "
    "české abecedy.",
    "help_deck": "Vytiskne připravený seznam kouzel.\n\nSOUBOR má jedno kouzlo na řádek, "
    "česky nebo anglicky, na velikosti písmen ani diakritice nezáleží; prázdné řádky a "
    'komentáře # se přeskočí; "-" čte standardní vstup. "Světlo (Jeskyně a draci)" '
    "vybere knihu.",
    "help_preview": "Vykreslí karty jednoho kouzla do PNG.\n\nVšechny karty kouzla v jednom "
    "obrázku, líce nad rubem.",
    "help_images": "Zapíše obrázky karet (PNG) pro virtuální stoly.\n\nJeden PNG na stranu "
    "karty, líc i rub, pojmenovaný v pořadí balíčku (0001-ohniva-koule-front.png); NÁZVY "
    "vyberou kouzla v zadaném pořadí, jinak vybírají filtry jako u `compendium`. --sheet tts "
    "zapíše archy balíčků pro Tabletop Simulator a jejich ruby.",
    "help_calibrate": "Vytiskne kalibrační arch pro oboustranný tisk.\n\nUkáže, které "
    "--back-offset vyrovná vaši tiskárnu (viz README).",
    "help_cache": "Ukáže nebo smaže mezipaměť usazených karet.\n\nSestavení si v ní nechávají "
    "usazené karty každého kouzla, pro každé rozvržení zvlášť, takže další sestavení jen "
    "kreslí; změna kouzla, rozvržení, písem nebo programu kouzlo usadí znovu.",
    "help_cache_info": "Vypíše, kde je mezipaměť, kolik má záznamů a kolik zabírá na disku.",
    "help_cache_clear": "Smaže všechny záznamy mezipaměti.",
    "help_layouts": "Vypíše rozvržení karet, která bere --layout.",
    "help_serve": "Spustí stránku pro sestavení balíčků v prohlížeči.\n\nStránka běží na "
    "tomto počítači. Jako první řádek vypíše její adresu a otevře ji v prohlížeči. Ctrl-C ji "
    "zastaví.",
    "help_opt_help": "Ukáže tuto nápovědu a skončí.",
    "help_opt_version": "Ukáže verzi a skončí.",
    "version": "cards, verze {version}",
    "help_opt_class": "Jen toto povolání (česky nebo anglicky: kouzelnik, wizard, …). Lze "
    "opakovat.",
    "help_opt_level": "Úroveň 0-9 nebo rozsah jako 1-3 (0 = triky).",
    "help_opt_school": "Jen tato škola. Lze opakovat.",
    "help_opt_source": "Jen kouzla z této knihy (phb, jad, xge, scag nebo její český název). "
    "Lze opakovat.",
    "help_opt_ritual": "Jen rituály (nebo jen kouzla, která rituály nejsou).",
    "help_opt_concentration": "Jen kouzla se soustředěním (nebo jen bez něj).",
    "help_opt_sort": "Pořadí: podle úrovně (pak českého názvu), názvu, školy nebo povolání.",
    "help_opt_json_list": "Vypíše celé záznamy jako pole JSON.",
    "help_opt_json_show": "Vypíše záznam jako JSON.",
    "help_opt_data": "Jiné kompendium, v textu nebo v JSON (výchozí: vestavěné).",
    "help_opt_add": "Vlastní kouzla (text nebo JSON) navíc ke kompendiu. Lze opakovat.",
    "help_opt_quiet": "Nevypíše nic než chyby.",
    "help_opt_layout": "Rozvržení karty: název z layouts/ (viz `cards layouts`) nebo soubor .toml.",
    "help_opt_csv": "Zapíše řádky kouzel také do tohoto souboru CSV.",
    "help_opt_count_on_back": "Počítá karty, jak je vytiskne --continue-on-back (2. část na "
    "rubu 1.).",
    "help_opt_index": "Začne rejstříkem: název, úroveň, škola, arch.",
    "help_opt_output_pdf": "Kam zapsat PDF (výchozí: out/<název>.pdf).",
    "help_opt_sheet": "Papír, na který se karty vysázejí: arch z layouts/ nebo soubor archu; "
    "none = jedna karta na stránku ve skutečné velikosti.",
    "help_opt_backs": "Za každou stránku přidá stránku rubů karet.",
    "help_opt_duplex": "Kolem které hrany tiskárna při oboustranném tisku list obrací.",
    "help_opt_back_offset": "Posune ruby o X,Y milimetrů (viz `cards calibrate`).",
    "help_opt_continue_on_back": "Vytiskne 2. část dlouhého kouzla na rub karty s 1. částí "
    "(4. za 3.): méně karet ke stříhání. Zapne --backs.",
    "help_opt_fold": "Líce a ruby vedle sebe s čarou pro přehnutí, pro tiskárny bez "
    "oboustranného tisku.",
    "help_opt_back_style": "Ruby karet: light (krémové, málo inkoustu, pro tisk doma) nebo full "
    "(v barvě školy).",
    "help_opt_bleed": "Spadávka v mm kolem každé karty (výchozí: ze souboru archu; žádná s "
    "--sheet none; z předvolby s --print-shop).",
    "help_opt_print_shop": "Pro tiskárnu: jednotlivé karty se spadávkou, ořezovým a spadávkovým "
    "rámečkem, v CMYK jako PDF/X podle předvolby NÁZEV (layouts/tiskarny/; bez názvu tiskarna: "
    "PDF/X-4, spadávka 3 mm, bezpečná zóna 5 mm).",
    "metavar_shop": "NÁZEV",
    "help_preflight": "Zkontroluje PDF, jak by ho zkontrolovala tiskárna (rámečky, spadávka, "
    "CMYK, písma, rozlišení, bezpečná zóna, PDF/X).",
    "help_opt_no_cache": "Usadí každé kouzlo znovu: mezipaměť usazených karet ani nečte, ani "
    "do ní nezapisuje (viz `cards cache info`).",
    "help_opt_jobs": "Usazuje v N procesech (výchozí: volná jádra pro velký balíček, jinak jeden).",
    "help_opt_deck_source": "Ze které knihy vzít název, který je ve dvou.",
    "help_opt_deck_sort": "Zachová pořadí souboru, nebo řadí podle úrovně a názvu.",
    "help_opt_output_png": "Soubor PNG k zápisu (výchozí: out/<název>.png).",
    "help_opt_dpi_preview": "Rozlišení obrázku PNG.",
    "help_opt_dpi_images": "Rozlišení obrázků.",
    "help_opt_fronts_preview": "Vykreslí jen líce.",
    "help_opt_fronts_images": "Jen líce (jeden PNG na kartu).",
    "help_opt_preview_on_back": "Karty, jak je vytiskne --continue-on-back: 2. část na rubu "
    "karty s 1. částí.",
    "help_opt_images_sort": "Pořadí karet, když nejsou zadány NÁZVY.",
    "help_opt_images_output": "Složka, do které se obrázky zapíší (výchozí: out/images).",
    "help_opt_images_sheet": "cards = jeden PNG na stranu karty; tts = archy balíčků pro "
    "Tabletop Simulator (10 x 7).",
    "help_opt_calibrate_sheet": "Papír kalibračního archu: arch z layouts/ nebo soubor archu.",
    "help_opt_output_calibrate": "Kam zapsat PDF (výchozí: out/kalibrace.pdf).",
    "help_opt_host": "Adresa, na které stránka naslouchá; cokoli jiného než 127.0.0.1 pustí "
    "k ní i jiné počítače (s varováním).",
    "help_opt_port": "Port, na kterém stránka naslouchá; 0 vezme volný.",
    "help_opt_no_browser": "Neotevře stránku v prohlížeči.",
}
