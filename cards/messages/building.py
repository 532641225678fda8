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
}
