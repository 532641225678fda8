"""Messages of building cards: fields that do not fit, the fitter, icons, previews, images."""

from __future__ import annotations

MESSAGES = {
    # previews (cards/preview.py)
    "preview_nothing": "není co ukázat: kouzlo nemá žádnou stranu karty",
    "preview_backs": "{faces} stran karet, ale {backs} rubů",
    "preview_dpi": "rozlišení musí být kladné, zadáno {dpi} dpi",
    "preview_too_big": "náhled {cards} karet při {dpi} dpi by měl {pixels} milionů pixelů, "
    "víc než {limit} milionů; zvolte --dpi {fits} nebo menší",
    # card images (cards/images.py)
    "tts_too_big": "Arch pro Tabletop Simulator by měl {width} × {height} px, víc než {limit} px "
    "na stranu (karty {layout} při {dpi} dpi). Zvolte menší --dpi, nejvýš {most}.",
    # building a deck and its previews (cards/service.py, cards/build.py)
    "no_images": "Filtrům neodpovídá žádné kouzlo: není z čeho dělat obrázky. Zkuste "
    "`cards list` se stejnými filtry.",
    "preview_side": "strana je 'front' nebo 'back', ne {side!r}",
    "preview_part": "díl je od 1 do {count}, ne {part}",
    "preview_one_part": "zvolte jeden díl: ruby jeho karet jsou dvojího druhu",
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
    # the last check of a face's fields (cards/bounds.py)
    "field_over_field": "{at}: {label}: pole {first} by se tisklo přes {second}; zkraťte ho",
    "field_off_card": "{at}: {label}: pole {field} je o {over} pt širší, než karta dovolí i v "
    "nejmenším písmu; zkraťte ho",
    # printed on the card of a spell whose source lost its description (cards/fit/blocks.py)
    "card_description_missing": "Popis kouzla ve zdroji chybí.",
    # cards preflight (cards/preflight.py)
    "preflight_heading": "Kontrola {file} pro tiskárnu {shop}:",
    "preflight_passed": "Soubor projde kontrolou tiskárny.",
    "preflight_failed": "Soubor kontrolou tiskárny neprojde: opravte chyby výše.",
    "preflight_unreadable": "{file}: nejde přečíst jako PDF (není to PDF, nebo je poškozené)",
    "preflight_pages": "stran: {count}",
    "preflight_no_trim": "chybí ořezový rámeček (TrimBox) na stranách {pages}",
    "preflight_no_bleed_box": "chybí rámeček spadávky (BleedBox) na stranách {pages}",
    "preflight_size": "formát po ořezu {width} × {height} mm",
    "preflight_sizes": "strany mají různé formáty; tiskárna chce jeden soubor na formát",
    "preflight_bleed_short": "spadávka jen {least} mm, tiskárna chce {wanted} mm (strany {pages})",
    "preflight_bleed": "spadávka {least} mm",
    "preflight_spaces": "barevné prostory: {spaces}",
    "preflight_rgb": "barvy v RGB (strany {pages}); tiskárna chce CMYK",
    "preflight_spot": "přímé barvy (strany {pages}); PDF/X-1a bere jen CMYK",
    "preflight_fonts": "písma vložená (počet: {count})",
    "preflight_fonts_missing": "nevložená písma: {fonts}",
    "preflight_fonts_whole": "písma vložená celá, ne podmnožina: {fonts}",
    "preflight_images": "obrázky: {count}, všechny aspoň {dpi} dpi",
    "preflight_images_low": "obrázky pod {dpi} dpi na stranách {images}",
    "preflight_transparency": "průhlednost (strany {pages}); PDF/X-1a ji nepřipouští",
    "preflight_transparency_x4": "průhlednost (strany {pages}); PDF/X-4 ji připouští",
    "preflight_no_intent": "chybí výstupní záměr (OutputIntent) s profilem ICC",
    "preflight_intent_not_cmyk": "výstupní záměr nemá profil CMYK",
    "preflight_intent": "výstupní záměr: {condition}",
    "preflight_no_version": "chybí klíč GTS_PDFXVersion: soubor není {wanted}",
    "preflight_wrong_version": "soubor je {version}, tiskárna chce {wanted}",
    "preflight_version": "{version}",
    "preflight_trapped": "chybí klíč Trapped (True nebo False)",
    "preflight_safe": "text blíž ořezu než {safe} mm (bezpečná zóna) na stranách {pages}",
    "preflight_safe_ok": "text v bezpečné zóně ({safe} mm od ořezu)",
}
