"""The one base class of the errors the library raises for bad input."""

from __future__ import annotations


class CardsError(Exception):
    """Bad input the user can fix: the CLI shows the message and exits with `exit_code`."""

    exit_code = 1
