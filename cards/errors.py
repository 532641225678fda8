"""The one base class of the errors the library raises for bad input."""

from __future__ import annotations


class CardsError(Exception):
    """Bad input the user can fix: the CLI shows the message and exits with `exit_code`."""

    exit_code = 1


class CardsWarning(UserWarning):
    """Something the user should know that stops nothing: the CLI prints it once, in Czech."""
