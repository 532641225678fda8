"""The message catalogue: every message the user sees, in Czech, looked up by a short key.

`say(key, **fields)` fills a message's fields. Errors of the library, the checks of the command
line and click's own usage errors (an unknown option, a missing argument, a bad choice) all come
from here, so the tool speaks one language whether things go well or not.
"""

from __future__ import annotations

CATALOGUE = {
    # reading files (cards/inputs.py)
    "empty_name": "prázdný název souboru; zadejte soubor, např. kouzla.txt",
    "no_such_file": "{file}: soubor neexistuje",
    "cannot_read": "{file}: nelze číst ({reason})",
    "not_regular_input": "{file}: {kind}, ne obyčejný soubor; zadejte soubor s textem",
    "too_large": "{file}: soubor je větší než {limit}, nejvíc, co nástroj čte pro tento druh "
    "souboru; rozdělte ho na menší",
    "not_utf8": "{file}:{line}: text není v kódování UTF-8{guess}; uložte soubor jako UTF-8",
    "utf16_no_bom": "{file}: text vypadá jako UTF-16 bez značky pořadí bajtů (BOM); uložte "
    "soubor jako UTF-8",
    "binary_input": "{file}:{line}: nulový bajt: je to binární soubor, ne text; zadejte "
    "textový soubor",
    "input_twice": "soubor {file} je zadán dvakrát ({where}); zadejte ho jen jednou",
    "input_twice_where": "{first} a {second}",
    "input_is_embedded": "soubor {file} je vestavěné kompendium, které se bez --data čte vždy; "
    "jeho kouzla by byla dvakrát; vynechte {option} {file}",
    "stdin_unavailable": "{file}: standardní vstup nelze číst",
    "kind_directory": "složka",
    "kind_fifo": "pojmenovaná roura (FIFO)",
    "kind_char_device": "znakové zařízení",
    "kind_block_device": "blokové zařízení",
    "kind_socket": "socket",
    "kind_other": "zvláštní soubor",
    # writing files (cards/atomic.py)
    "empty_output": "prázdný název výstupního souboru; zadejte např. out/karty.pdf",
    "not_regular_output": "{file}: {kind}, ne obyčejný soubor; zadejte název souboru k zápisu",
    "output_is_folder": "{file}: končí lomítkem, je to složka, ne název souboru; zadejte "
    "soubor, např. {example}",
    "output_is_input": "{file}: je to vstupní soubor {input} ({option}); výstup by ho "
    "přepsal; zadejte jiný výstupní soubor",
    "cannot_write": "{file}: nelze zapsat ({reason})",
    "stdout_is_terminal": "-o - píše na standardní výstup, a ten je terminál: PDF ani PNG by "
    "se v něm nedalo číst; přesměrujte ho (> karty.pdf, | lpr) nebo zadejte soubor",
    "stdout_unavailable": "-o -: standardní výstup není k dispozici; zadejte soubor",
    "stdout_shown": "standardní výstup",
    "no_stdout_folder": "{option} - by zapsal mnoho souborů na standardní výstup; zadejte "
    "složku, např. {option} out/obrazky",
    "output_is_shipped": "{file}: je ve složce {folder}, kterou nástroj sám čte (vestavěné "
    "kompendium, rozvržení, písma); výstup by ji poškodil; zadejte jiný výstupní soubor",
    # nesting and number limits of JSON and TOML
    "too_deep": "{file}: data jsou vnořená příliš hluboko (nejvýš {limit} úrovní)",
    "too_many_digits": "{file}: číslo má víc než {limit} číslic",
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
    # why the system refused a file or a socket (OSError.errno): never the system's English
    "errno_ENOENT": "soubor nebo složka neexistuje",
    "errno_EACCES": "chybí oprávnění",
    "errno_EPERM": "operace není dovolena",
    "errno_ENOSPC": "na disku není místo",
    "errno_EDQUOT": "vyčerpána kvóta disku",
    "errno_EROFS": "disk je jen pro čtení",
    "errno_ENAMETOOLONG": "název je příliš dlouhý",
    "errno_ENOTDIR": "část cesty není složka",
    "errno_EISDIR": "je to složka",
    "errno_EEXIST": "část cesty je soubor, ne složka",
    "errno_ELOOP": "příliš mnoho symbolických odkazů (odkazy v kruhu?)",
    "errno_EIO": "chyba čtení nebo zápisu na zařízení",
    "errno_EFBIG": "soubor je příliš velký",
    "errno_EBUSY": "soubor nebo zařízení je zaneprázdněné",
    "errno_ETXTBSY": "soubor právě používá jiný program",
    "errno_EMFILE": "příliš mnoho otevřených souborů",
    "errno_ENFILE": "příliš mnoho otevřených souborů v systému",
    "errno_ENXIO": "zařízení neexistuje",
    "errno_ENODEV": "zařízení neexistuje",
    "errno_EINVAL": "neplatný název nebo hodnota",
    "errno_EADDRINUSE": "adresu už používá jiný program",
    "errno_EADDRNOTAVAIL": "tato adresa nepatří tomuto počítači",
    "errno_EAFNOSUPPORT": "tento druh adresy systém nepodporuje",
    "errno_ENOMEM": "nedostatek paměti",
    "errno_EAGAIN": "prostředek je dočasně nedostupný",
    "errno_EPIPE": "čtenář výstupu skončil",
    "errno_other": "systémová chyba {errno}",
    "unknown_host": "neznámá adresa počítače",
    # previews (cards/preview.py)
    "preview_nothing": "není co ukázat: kouzlo nemá žádnou stranu karty",
    "preview_backs": "{faces} stran karet, ale {backs} rubů",
    "preview_dpi": "rozlišení musí být kladné, zadáno {dpi} dpi",
    "preview_too_big": "náhled {cards} karet při {dpi} dpi by měl {pixels} milionů pixelů, "
    "víc než {limit} milionů; zvolte --dpi {fits} nebo menší",
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
    # card images (cards/images.py)
    "tts_too_big": "Arch pro Tabletop Simulator by měl {width} × {height} px, víc než {limit} px "
    "na stranu (karty {layout} při {dpi} dpi). Zvolte menší --dpi, nejvýš {most}.",
    # for the lead to use in cards/service.py and cards/build.py, whose English reaches users
    "no_images": "Filtrům neodpovídá žádné kouzlo: není z čeho dělat obrázky. Zkuste "
    "`cards list` se stejnými filtry.",
    "preview_side": "strana je 'front' nebo 'back', ne {side!r}",
    "preview_part": "díl je od 1 do {count}, ne {part}",
    "preview_one_part": "zvolte jeden díl: ruby jeho karet jsou dvojího druhu",
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
    "--sheet none; 3 s --print-shop).",
    "help_opt_print_shop": "Jednotlivé karty se spadávkou 3 mm, s ořezovým a spadávkovým "
    "rámečkem: co chtějí tiskárny.",
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
    # settings files: card layouts and sheets (cards/config.py, cards/layout.py, cards/impose/)
    "config_bad": "{file}: {setting}: má být {expected}, je {value}",
    "config_missing": "{file}: {setting}: chybí; má být {expected}",
    "config_number": "číslo od {low} do {high}{unit}",
    "config_whole": "celé číslo od {low} do {high}{unit}",
    "config_number_above": "číslo větší než {low} a nejvýš {high}{unit}",
    "config_whole_above": "celé číslo větší než {low} a nejvýš {high}{unit}",
    "config_colour": 'barva "#rrggbb"',
    "config_text": "text",
    "config_choice": "jedno z: {choices}",
    "config_table": "tabulka [{setting}]",
    "config_a_table": "tabulka",
    "config_did_you_mean": " (měli jste na mysli {name}?)",
    "config_unknown_table": "{file}: [{setting}]: neznámá tabulka{hint}; možné: {choices}",
    "config_unknown_key": "{file}: {setting}: neznámý klíč{hint}; možné: {choices}",
    "config_toml": "{file}{line}: chybná syntaxe TOML (sloupec {column}); zkontrolujte "
    "uvozovky, rovnítka a hranaté závorky tabulek",
    "config_base_chain": "{file}: base: {value}: řetěz víc než {limit} základních rozvržení "
    "(od {first}); založte rozvržení přímo na dodaném",
    "config_base_cycle": "{file}: base: {value}: základní rozvržení tvoří kruh ({names})",
    "layout_unknown": "neznámé rozvržení {name!r}; dostupná: {choices} (nebo cesta k souboru "
    ".toml)",
    "layout_no_file": "{file}: soubor rozvržení neexistuje",
    "layout_base": "název rozvržení karty ({choices}) nebo soubor .toml",
    "layout_base_missing": "existující rozvržení: jedno z {choices} (nebo soubor .toml vedle "
    "tohoto)",
    "layout_kind": '"card" (rozvržení karty)',
    "layout_font": "název souboru písma TrueType .ttf ve složce fonts/",
    "layout_font_missing": "soubor .ttf vedle rozvržení nebo v {folder}",
    "hyphenation_bad_line": "{file}:{line}: má být slovo malými písmeny se spojovníky v místech "
    "dělení (ne-ús-pě-chu, nebo kmen po-už*), je {entry!r}",
    "layout_font_broken": "písmo TrueType s obrysy glyf; soubor {font} je poškozený nebo to "
    "není písmo TrueType",
    "layout_icon": "název souboru .svg ve složce layouts/icons/",
    "layout_icon_missing": "soubor .svg vedle rozvržení nebo v {folder}",
    "layout_at_most": "nejvýš {setting}",
    "layout_less_than": "méně než {setting}",
    "layout_quarter": "méně než čtvrtina karty",
    "layout_steps": "seznam 2 až {count} klesajících velikostí od {low} do {high} pt",
    "sheet_kind": '"sheet" (soubor archu)',
    "sheet_columns": "{file}: grid.columns: {count} karet i s mezerami a spadávkou se nevejde "
    "na šířku papíru uvnitř grid.margin_mm",
    "sheet_rows": "{file}: grid.rows: {count} karet i s mezerami a spadávkou se nevejde na "
    "výšku papíru uvnitř grid.margin_mm",
    "sheet_card_too_big": "{file}: grid: karta {card} mm se nevejde na papír {paper} mm "
    "s okrajem {margin} mm a místem pro ořezové značky",
    "sheet_bleed_negative": "spadávka nesmí být záporná, zadáno {value} mm",
    "sheet_bleed_gap": "{file}: {setting}: mezera je {gap} mm, ale spadávka {bleed} mm potřebuje "
    "mezi kartami aspoň {need} mm; zkopírujte soubor archu, rozšiřte mezery a zadejte ho "
    "volbou --sheet SOUBOR.toml, nebo tiskněte jednotlivé karty (--sheet none)",
    "sheet_bleed_margin": "{file}: grid.margin_mm: se spadávkou {bleed} mm přijdou karty blíž "
    "k okraji papíru než {margin} mm; zužte mezery, dejte méně karet nebo menší spadávku",
    "sheet_no_marks_vertical": "{file}: marks.min_length_mm: svislé řezy nemají kde být "
    "vyznačeny: okraj nad i pod kartami je užší než {length} mm a mezery mezi řadami také; "
    "rozšiřte grid.margin_mm nebo mezery",
    "sheet_no_marks_horizontal": "{file}: marks.min_length_mm: vodorovné řezy nemají kde být "
    "vyznačeny: okraj vlevo i vpravo je užší než {length} mm a mezery mezi sloupci také; "
    "rozšiřte grid.margin_mm nebo mezery",
    "sheet_card_size": "{file}: arch byl načten pro karty {sheet} mm, ne {card} mm",
    "sheet_same_size": "všechny karty jednoho dokumentu musí mít stejnou velikost",
    "sheet_fold_needs": "skládání potřebuje arch (a4 nebo letter), ne jednotlivé karty",
    "sheet_fold_half": "{file}: karta se pro skládání nevejde na polovinu papíru",
    "sheet_duplex": "oboustranný tisk je 'long' nebo 'short', ne {value!r}",
    "sheet_offset": "posun rubu jsou dvě čísla X,Y, zadáno {value!r}",
    "deck_title": "Připravená kouzla",  # the title of `cards deck` (and of the web page's deck)
    "compendium_title": "Kartotéka kouzel",  # the title of the compendium, of a plain back
    # spell files: the text format, JSON, decoding (cards/source/)
    "severity_error": "chyba",
    "severity_warning": "varování",
    "more_errors": "… a další chyby ({count}); všechny vypíše `cards lint`",
    "unusable_file": "soubor kouzel nelze použít",
    "control_character": "řídicí znak U+{code:04X}",
    "unexpected_letter": "nečekané písmeno {char!r} ({name}); čekáno české nebo ASCII písmeno",
    "stray_nbsp": "nezlomitelná mezera vedle mezery nebo na kraji řádku",
    "dice_space": "mezera uvnitř hodu kostkou; pište 1k10",
    "utf16": "soubor je v UTF-16, ne v UTF-8; uložte ho jako UTF-8 a zkuste znovu",
    "binary": "toto je binární soubor, ne text s kouzly",
    "bad_byte": "bajt 0x{byte:02X} není UTF-8{guess}; uložte soubor jako UTF-8",
    "looks_like": " (soubor vypadá jako {encoding})",
    "empty_file": "soubor je prázdný; čekána kouzla (název, kniha, údaje)",
    "no_spell": 'žádné kouzlo: čekány řádky údajů jako "Vyvolání: 1 akce"',
    "truncated": "soubor končí uprostřed řádku; není useknutý?",
    "bad_components": 'čekáno "V, P, S (surovina)": písmena V, P, S v tomto pořadí, každé '
    "nejvýš jednou",
    "material_without_s": "text suroviny v závorce bez S",
    "unknown_school": "neznámá škola {school!r}; čekána jedna z: {schools}",
    "level_range": "úroveň {level} není v rozsahu 0..{top}",
    "field_twice": '"{label}:" je uvedeno dvakrát',
    "field_empty": '"{label}:" nemá hodnotu',
    "fields_missing": "chybí {missing}; kouzlo potřebuje {fields} v tomto pořadí",
    "fields_order": "údaje v nesprávném pořadí; čekáno {fields}",
    "unknown_class": "neznámé povolání {classes}; čekáno některé z: {known}",
    "class_twice": "povolání je uvedeno dvakrát",
    "no_name_line": "kouzlo bez řádku s názvem nad hlavičkou",
    "name_starts_with_bar": "název nesmí začínat znakem | (tak začíná řádek tabulky): "
    "napište {which} bez něj; je-li to poslední řádek tabulky, chybí pod ním řádek s názvem kouzla",
    "name_too_long": "{which} má {length} znaků, víc než {limit}, které pojme titulek karty; "
    "zkraťte ho (nebo nad řádkem knihy chybí řádek s názvem?)",
    "czech_name": "český název",
    "english_name": "anglický název",
    "no_level_line": 'před "Vyvolání:" čekán řádek "<škola> N. úrovně" (např. '
    '"Zaklínání 3. úrovně"){found}',
    "found_this": ", nalezen tento",
    "no_source_line": "před řádkem úrovně čekán řádek knihy (např. {example!r})",
    "book_without_diacritics": "{written!r} je napsáno bez diakritiky; čteno jako {book!r}",
    "own_book": "{books}: není to žádná z knih {known}; tiskne se, jak je napsáno",
    "unknown_source": "neznámá kniha {books}; čekána některá z: {known}",
    "ends_in_heading": "popis končí nadpisem bez textu za ním: je-li to název kouzla, chybí "
    'jeho záznam (řádek knihy, "<škola> N. úrovně", údaje; useknutý soubor?); kouzlo jen z '
    "Jeskyně a draci má jeden řádek s názvem, ostatní dva",
    "czech_letters_in_english": "čteno jako anglický název, ale má česká písmena: kouzlo, "
    "které není jen z Jeskyně a draci, potřebuje nad řádkem knihy český a pak anglický název",
    "no_description": 'kouzlo nemá za "Povolání:" žádný popis (není soubor useknutý?)',
    "no_english_name": "chybí anglický název, ačkoli kouzlo není jen z Jeskyně a draci",
    "duplicate": "kouzlo {name!r} z knihy {book} už je v {where}",
    "table_needs_rule": "tabulka potřebuje řádek záhlaví a pod ním dělicí řádek jako "
    '"| --- | --- |"',
    "rule_cells": "dělicí řádek má {count} buněk, záhlaví {header}",
    "second_rule": "druhý dělicí řádek uvnitř tabulky",
    "row_cells": "řádek má {count} buněk, záhlaví {header}",
    "empty_bullet": "odrážka bez textu",
    "stray_line": "řádek bez slov (zbytek značek?)",
    "header_in_description": "řádek hlavičky kouzla uvnitř popisu; za ním chybí řádky údajů "
    "kouzla (Vyvolání: …)",
    "variants": "popis nese označené varianty ({variants}); ponechte tu, která k tomuto kouzlu "
    "patří",
    "long_field": "{field} má {length} znaků, víc než {limit}, které karta vytiskne; zkraťte ho",
    # spell files in JSON (cards/source/json.py)
    "json_record": "záznam {index} ({name})",
    "json_no_name": "bez názvu",
    "json_syntax": "není platný JSON: {error} (sloupec {column})",
    "json_syntax_value": "čekána hodnota (text v uvozovkách, číslo, true, false, null, [ nebo {{)",
    "json_syntax_comma": "čekána čárka mezi položkami",
    "json_syntax_colon": "čekána dvojtečka za klíčem",
    "json_syntax_key": "čekán klíč v dvojitých uvozovkách",
    "json_syntax_string": "text v uvozovkách nemá konec",
    "json_syntax_control": "řídicí znak (konec řádku, tabulátor) uvnitř textu; pište \\n, \\t",
    "json_syntax_unicode": "chybné \\uXXXX",
    "json_syntax_escape": "chybné zpětné lomítko; samo se píše \\\\",
    "json_syntax_extra": "za polem záznamů je ještě něco",
    "json_syntax_trailing": "čárka před koncem pole nebo objektu",
    "json_syntax_other": "chybná syntaxe",
    "json_whole_record": "záznam",
    "json_duplicate_key": "klíč {name!r} je v záznamu dvakrát; ponechte jen jeden",
    "json_not_array": "čekáno pole záznamů kouzel [{{...}}, ...], jak ho vypíše "
    "`cards list --json`",
    "json_empty": "pole je prázdné; čekány záznamy kouzel [{{...}}, ...]",
    "json_missing": "chybí; čekáno: {expected}",
    "json_unknown_key": "neznámý klíč; čekán jeden z: {allowed}",
    "json_one_of": "jedna z hodnot: {values}",
    "json_expected": "čekáno: {expected}; zadáno: {got}",
    "json_level": "čekáno celé číslo od 0 (trik) do 9; zadáno: {got}",
    "json_ends_in_heading": "popis končí nadpisem bez textu za ním; za každým nadpisem čekán "
    "odstavec, seznam nebo tabulka",
    "json_concentration": "čekáno {expected}, protože trvání {reason} {word!r}",
    "json_says": "obsahuje",
    "json_does_not_say": "neobsahuje",
    "json_row_cells": "čekáno {expected} buněk jako v záhlaví; zadáno: {got}",
    "json_own_book": "{book!r} není žádná z knih {known}",
    "json_unknown_book": "čekána jedna z knih {known}; zadáno: {book!r}",
    "json_line_break": "čekán jeden řádek textu, zadán znak U+{code:04X}",
    "json_generic_type": "hodnota jiného typu",
    "json_generic_text": "neprázdný text",
    "json_generic_longer": "delší seznam",
    "json_generic_unique": "seznam bez opakování",
    "json_generic_larger": "větší číslo",
    "json_generic_smaller": "menší číslo",
    "json_generic_other": "jiná hodnota",
    # the wording lint (cards/wording.py)
    "description_missing": "{name}: před blokem statistik ({heading!r}) není žádný odstavec; "
    "nechybí ve zdroji popis?",
    "capital_preposition": "velká předložka {word!r} po slově s malým písmenem; čekáno {lower!r}",
    "percent_noun": "procento jako podstatné jméno se píše s mezerou ('15 %'); bez ní je to "
    "přídavné jméno ('50% šance')",
    # lint's summary (cards lint)
    "lint_errors": "Chyby ({count}):",
    "lint_warnings": "Varování ({count}):",
    "lint_summary": "{errors}, {warnings} v {files}",
    "lint_error_forms": "chyba chyby chyb",
    "lint_warning_forms": "varování varování varování",
    # characters the fonts lack (cards/glyphs.py)
    "glyph_missing": "písma rozvržení {layout} ({fonts}) neumí nakreslit {char}: vytiskl by se "
    "prázdný čtvereček; nahraďte ho",
    "glyph_bullet": " (jako odrážku ho dejte na začátek řádku)",
    "glyph_missing_in": "písma rozvržení {layout} ({fonts}) neumí nakreslit {char} ({where} "
    "kouzla {spell}): vytiskl by se prázdný čtvereček; nahraďte ho",
    "glyph_unnamed": "bez jména",
    "where_name": "název",
    "where_name_en": "anglický název",
    "where_book": "kniha",
    "where_description": "popis",
    "where_table": "tabulka",
    "problem_glyph": "písmo",
    # problem kinds, shown after the severity ("chyba: kniha: …")
    "problem_character": "znak",
    "problem_nbsp": "nezlomitelná mezera",
    "problem_dice": "kostky",
    "problem_encoding": "kódování",
    "problem_binary": "binární soubor",
    "problem_file": "soubor",
    "problem_empty": "prázdný soubor",
    "problem_structure": "stavba",
    "problem_truncated": "useknutý soubor",
    "problem_components": "složky",
    "problem_school": "škola",
    "problem_level": "úroveň",
    "problem_field": "údaj",
    "problem_missing-field": "chybí údaj",
    "problem_field-order": "pořadí údajů",
    "problem_class": "povolání",
    "problem_name": "název",
    "problem_source": "kniha",
    "problem_description": "popis",
    "problem_duplicate": "dvojí kouzlo",
    "problem_table": "tabulka",
    "problem_bullet": "odrážka",
    "problem_stray-line": "zbytek značek",
    "problem_variants": "varianty",
    "problem_preposition": "předložka",
    "problem_percent": "procenta",
    "problem_json": "JSON",
    "problem_long": "dlouhý údaj",
    # choosing spells (cards/select.py)
    "unknown_class_name": "neznámé povolání {name!r}{hint}; zvolte jedno z: {valid}",
    "unknown_school_name": "neznámá škola {name!r}{hint}; zvolte jednu z: {valid}",
    "unknown_source_name": "neznámá kniha {name!r}{hint}; zvolte jednu z: {valid}",
    "no_class_name": "chybí povolání; zvolte jedno z: {valid}",
    "no_school_name": "chybí škola; zvolte jednu z: {valid}",
    "no_source_name": "chybí kniha; zvolte jednu z: {valid}",
    "did_you_mean": " (měli jste na mysli {name}?)",
    "bad_level": "chybná úroveň {level!r}; {hint}",
    "level_hint": 'zadejte úroveň 0-9 nebo rozsah jako "1-3" (0 je trik)',
    "level_outside": "úroveň {level!r} je mimo 0-9; {hint}",
    "level_backwards": "rozsah úrovní {level!r} je obráceně; napište {high}-{low}",
    "bad_sort": "nelze řadit podle {by!r}; zvolte jedno z: {keys}",
    "unknown_spell": "neznámé kouzlo {query}",
    "nearest": "; nejbližší: {names}",
    "ambiguous_spell": "{query} je název {count} kouzel; napište {choices} (nebo zvolte knihu)",
    "or": " nebo ",
    "not_in_book": "{query}: {name} není v knize {book}; je v: {books}",
    "deck_unknown": "{count} neznámých názvů kouzel",
    "deck_unknown_one": "1 neznámý název kouzla",
    "deck_ambiguous": "{count} názvů ve dvou knihách",
    "deck_ambiguous_one": "1 název ve dvou knihách",
    "deck_and": " a ",
    "deck_twice": "{where}: varování: {label} už je na řádku {line}; jeho karty se "
    "vytisknou dvakrát",
    "deck_too_many": "{origin}: seznam jmenuje {count} kouzel (s opakováním), víc než {limit}, "
    "které tiskne jeden balíček; rozdělte ho",
    "more_warnings": "{origin}: … a dalších {count} varování",
    "deck_empty": "{origin}: seznam nejmenuje žádné kouzlo (jeden název na řádek)",
    # the width rule of printed fields (cards/fit/furniture.py)
    "field_too_long": "{file}:{line}: {spell}: pole {field} ({text!r}) se nevejde na kartu "
    "ani v písmu {size} pt, zalomené nejvýš do {lines}; zkraťte ho",
    "field_word_too_wide": "{file}:{line}: {spell}: pole {field}: slovo {word!r} je širší "
    "než karta i v písmu {size} pt; zkraťte ho nebo ho rozdělte mezerou",
    # the fitter: something that fits no card (cards/fit/search.py)
    "fit_error": "{spell}: {what} {verb} na kartu {card} mm ani v písmu {size} pt "
    "(rozvržení {layout})",
    # school icons of a layout (cards/icons.py)
    "icon_unreadable": "{file}: chyba: ikonu nelze přečíst ({error})",
    "icon_not_svg": "{file}: chyba: čekán soubor SVG s atributem viewBox a aspoň jednou cestou "
    "(path)",
    "icon_view_box": "{file}: chyba: chybný viewBox {value!r}: čekána čtyři konečná čísla, šířka "
    "a výška kladné",
    "icon_path": "{file}: chyba: chybná data cesty (path): {error}",
    # fill: the card of a spell whose source lost its description (cards/fit/blocks.py)
    # the lead: the last check of a face's fields (cards/bounds.py)
    "field_over_field": "{at}: {label}: pole {first} by se tisklo přes {second}; zkraťte ho",
    "field_off_card": "{at}: {label}: pole {field} je o {over} pt širší, než karta dovolí i v "
    "nejmenším písmu; zkraťte ho",
    "card_description_missing": "Popis kouzla ve zdroji chybí.",
}


# click's own messages (its gettext message ids, click 8.1-8.3) in Czech: usage errors keep
# click's exit status 2, only their words change.
CLICK = {
    "Error: {message}": "Chyba: {message}",
    "Try '{command} {option}' for help.": "Nápověda: '{command} {option}'.",
    "Usage:": "Použití:",
    "Aborted!": "Přerušeno.",
    "Missing command.": "Chybí příkaz.",
    "Invalid value: {message}": "Neplatná hodnota: {message}",
    "Invalid value for {param_hint}: {message}": "Neplatná hodnota {param_hint}: {message}",
    "Missing argument": "Chybí argument",
    "Missing option": "Chybí volba",
    "Missing parameter": "Chybí parametr",
    "Missing {param_type}": "Chybí {param_type}",
    "Missing parameter: {param_name}": "Chybí parametr: {param_name}",
    "No such option: {name}": "Neznámá volba: {name}",
    "No such option {name!r}.": "Neznámá volba {name!r}.",
    "No such command {name!r}.": "Neznámý příkaz {name!r}.",
    "Did you mean {possibility}?": "Měli jste na mysli {possibility}?",
    "(Did you mean one of: {possibilities}?)": "(Měli jste na mysli jedno z: {possibilities}?)",
    "Option {name!r} requires an argument.": "Volba {name!r} potřebuje hodnotu.",
    "Option {name!r} requires {nargs} arguments.": "Volba {name!r} potřebuje {nargs} hodnoty.",
    "Option {name!r} does not take a value.": "Volba {name!r} nebere hodnotu.",
    "Argument {name!r} takes {nargs} values.": "Argument {name!r} bere {nargs} hodnoty.",
    "Got unexpected extra argument ({args})": "Nadbytečný argument ({args})",
    "Got unexpected extra arguments ({args})": "Nadbytečné argumenty ({args})",
    "{value!r} is not {choice}.": "{value!r} není {choice}.",
    "{value!r} is not one of {choices}.": "{value!r} není jedna z možností {choices}.",
    "{value!r} is not a valid {number_type}.": "{value!r} není číslo.",
    "{value} is not in the range {range}.": "{value} není v rozsahu {range}.",
    "{value!r} is not a valid boolean. Recognized values: {states}": (
        "{value!r} není ano/ne. Možnosti: {states}"
    ),
    "{name} {filename!r} does not exist.": "{name} {filename!r} neexistuje.",
    "{name} {filename!r} is a file.": "{name} {filename!r} je soubor, ne složka.",
    "{name} {filename!r} is a directory.": "{name} {filename!r} je složka, ne soubor.",
    "{name} {filename!r} is not readable.": "{name} {filename!r} nelze číst.",
    "{name} {filename!r} is not writable.": "{name} {filename!r} nelze zapsat.",
    "File": "Soubor",
    "Directory": "Složka",
    "Path": "Cesta",
    "file": "soubor",
    "directory": "složka",
    "path": "cesta",
    "Could not open file {filename!r}: {message}": "Soubor {filename!r} nelze otevřít: {message}",
    "unknown error": "neznámá chyba",
    # the words of `--help` around our own texts
    "Options": "Volby",
    "Commands": "Příkazy",
    "Positional arguments": "Argumenty",
    "Show this message and exit.": CATALOGUE["help_opt_help"],
    "Show the version and exit.": CATALOGUE["help_opt_version"],
    "default: {default}": "výchozí: {default}",
    "required": "povinné",
    "env var: {var}": "proměnná prostředí: {var}",
    "(dynamic)": "(proměnlivé)",
    "deprecated": "zastaralé",
    "Value must be an iterable.": "Hodnota má být seznam.",
    "Takes {nargs} values but 1 was given.": "Bere {nargs} hodnoty, zadána 1.",
    "Takes {nargs} values but {len} were given.": "Bere {nargs} hodnoty, zadáno {len}.",
    "{len_type} values are required, but {len_value} was given.": (
        "Je třeba {len_type} hodnot, zadána {len_value}."
    ),
    "{len_type} values are required, but {len_value} were given.": (
        "Je třeba {len_type} hodnot, zadáno {len_value}."
    ),
}


def say(key: str, **fields) -> str:
    """Return the Czech message `key` with its fields filled in."""
    return CATALOGUE[key].format(**fields)


def os_reason(error: OSError) -> str:
    """Say in Czech why the system refused (an OSError's errno), never in the system's English."""
    import errno
    import socket

    if isinstance(error, socket.gaierror):
        return say("unknown_host")
    if error.errno is None:  # a library's own OSError: its words are all there is
        return say("errno_other", errno=f"({error})" if str(error) else "?")
    name = errno.errorcode.get(error.errno, "")
    key = f"errno_{name}"
    if key in CATALOGUE:
        return say(key)
    return say("errno_other", errno=name or error.errno)


def _gettext(message: str) -> str:
    return CLICK.get(message, message)


def _ngettext(singular: str, plural: str, count: int) -> str:
    return _gettext(singular if count == 1 else plural)


def speak_czech_in_click() -> None:
    """Make click's own messages (usage errors, "Error:", "Usage:") Czech.

    click looks up every message through gettext (`_` and `ngettext` in its modules); this puts
    the CLICK catalogue in their place, as a gettext catalogue would.
    """
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.types

    for module in (
        click.core,
        click.decorators,
        click.exceptions,
        click.formatting,
        click.parser,
        click.types,
    ):
        if hasattr(module, "_"):
            module._ = _gettext
        if hasattr(module, "ngettext"):
            module.ngettext = _ngettext
