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
    "offset_numbers": "čekána dvě čísla v mm jako X,Y (např. 0.5,-1), zadáno {value}",
    "offset_finite": "čekána dvě konečná čísla v mm, zadáno {value}",
    "offset_range": "{value} je mimo ±{range} mm, které měří kalibrační arch "
    "(`cards calibrate`); větší posun tiskne rub mimo kartu",
    "unknown_sheet": "neznámý arch {value!r}; zvolte jeden z: {choices}, nebo soubor archu "
    "SOUBOR.toml",
    "print_shop_sheet": "--print-shop tiskne jednotlivé karty se spadávkou; nejde spolu s "
    "--sheet {sheet}",
    "calibrate_needs_paper": "kalibrační arch se tiskne na papír: zvolte a4, letter nebo "
    "soubor archu SOUBOR.toml",
    "too_many_unknown": "… a dalších {count} neznámých názvů; opravte nejdřív ty výše",
    # the width rule of printed fields (cards/fit/furniture.py)
    "field_too_long": "{file}:{line}: {spell}: pole {field} ({text!r}) se nevejde na kartu "
    "ani v písmu {size} pt, zalomené nejvýš do {lines}; zkraťte ho",
    "field_word_too_wide": "{file}:{line}: {spell}: pole {field}: slovo {word!r} je širší "
    "než karta i v písmu {size} pt; zkraťte ho nebo ho rozdělte mezerou",
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
}


def say(key: str, **fields) -> str:
    """Return the Czech message `key` with its fields filled in."""
    return CATALOGUE[key].format(**fields)


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
