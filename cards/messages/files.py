"""Messages of the gates: reading files (cards/inputs.py), writing them (cards/atomic.py),
JSON and TOML limits, and why the system refused a file or a socket (errno), in Czech.
"""

from __future__ import annotations

MESSAGES = {
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
}
