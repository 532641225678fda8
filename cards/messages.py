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
    "not_utf8": "{file}:{line}: text není v kódování UTF-8; uložte soubor jako UTF-8",
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
    "unknown_sheet": "neznámý arch {value!r}; zvolte jeden z: {choices}, nebo soubor archu "
    "SOUBOR.toml",
    "print_shop_sheet": "--print-shop tiskne jednotlivé karty se spadávkou; nejde spolu s "
    "--sheet {sheet}",
    "too_many_unknown": "… a dalších {count} neznámých názvů; opravte nejdřív ty výše",
}


def say(key: str, **fields) -> str:
    """Return the Czech message `key` with its fields filled in."""
    return CATALOGUE[key].format(**fields)
