"""One error base class: every domain error is a CardsError, and the CLI catches that one."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from click.testing import CliRunner
from werkzeug.exceptions import HTTPException

import cards
from cards.cli import main
from cards.errors import CardsError


def _error_classes():
    for info in pkgutil.walk_packages(cards.__path__, "cards."):
        if info.name == "cards.__main__":  # runs the CLI when imported
            continue
        module = importlib.import_module(info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if value.__module__ == info.name and issubclass(value, Exception):
                yield value


def test_every_error_of_the_library_is_a_cards_error():
    """A new error class that forgets the base would escape the CLI as a traceback."""
    classes = list(_error_classes())
    assert len(classes) >= 5
    # a warning stops nothing, and an HTTP answer (werkzeug's HTTPException) is no input error
    others = (CardsError, Warning, HTTPException)
    assert [c.__name__ for c in classes if not issubclass(c, others)] == []


def test_the_cli_turns_a_cards_error_into_its_message_and_exit_code(monkeypatch):
    """Any CardsError raised below a command becomes 'Chyba: message' and its exit code."""

    class Odd(CardsError):
        exit_code = 1

    def boom(*args, **kwargs):
        raise Odd("spell X: something does not fit")

    monkeypatch.setattr("cards.cli.common.load_spells", boom)
    result = CliRunner().invoke(main, ["list"])
    assert result.exit_code == 1
    assert result.output == "Chyba: spell X: something does not fit\n"
