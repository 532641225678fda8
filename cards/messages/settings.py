"""Messages about settings files: card layouts and sheets (cards/config.py, layout.py, impose/)."""

from __future__ import annotations

MESSAGES = {
    # settings files: card layouts and sheets (cards/config.py, cards/layout.py, cards/impose/)
    "config_bad": "{file}: {setting}: má být {expected}, je {value}",
    "config_missing": "{file}: {setting}: chybí; má být {expected}",
    "config_number": "číslo od {low} do {high}{unit}",
    "config_whole": "celé číslo od {low} do {high}{unit}",
    "config_number_above": "číslo větší než {low} a nejvýš {high}{unit}",
    "config_whole_above": "celé číslo větší než {low} a nejvýš {high}{unit}",
    "config_colour": 'barva "#rrggbb"',
    # print-shop presets (cards/printshop.py)
    "shop_unknown": "neznámá tiskárna „{name}“; možné: {names} (soubory layouts/tiskarny/*.toml)",
    "shop_card_mm": "rozměr karty [šířka, výška] v mm, každý od 20 do 300",
    "shop_pixels_small": "obrázek menší než karta s danou hustotou (dpi)",
    "shop_card_size": "tiskárna {shop} bere obrázky karet {width} × {height} mm; rozvržení "
    "{layout} má karty {layout_width} × {layout_height} mm (zvolte --layout poker)",
    "config_cmyk": "čtyři procenta barev [C, M, Y, K], každé od 0 do 100",
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
}
