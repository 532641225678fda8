"""click's own messages in Czech (its gettext message ids, click 8.1-8.3) and the switch that
puts them in place: usage errors keep click's exit status 2, only their words change."""

from __future__ import annotations

from cards.messages.commands import MESSAGES as COMMANDS

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
    "Show this message and exit.": COMMANDS["help_opt_help"],
    "Show the version and exit.": COMMANDS["help_opt_version"],
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
