"""Messages come from the catalogue: no error the user can see is raised with a literal text,
and no literal the command line prints is English (read from the source, so new code is held
to it too)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import click

import cards
from cards.errors import CardsError
from tests.support.english import english_words

PACKAGE = Path(cards.__file__).parent
# Raised with a literal text on purpose: never shown to the user.
LEFT_FOR_THE_LEAD = {
    ("cache_entry.py", "Uncacheable"),  # never shown: the cache catches it and fits anew
}


def _user_errors() -> set[str]:
    """The names of every error class whose message the user sees: CardsError's and click's."""
    for module in pkgutil.walk_packages([str(PACKAGE)], "cards."):
        if not module.name.startswith("cards.web") and module.name != "cards.__main__":
            importlib.import_module(module.name)
    importlib.import_module("cards.web.api")
    names, todo = set(), [CardsError]
    while todo:
        cls = todo.pop()
        names.add(cls.__name__)
        todo += cls.__subclasses__()
    return names | {"ClickException", "BadParameter", "UsageError"}


def _text(node: ast.expr) -> str | None:
    """The text of a literal or f-string argument (fields left out), or None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant))
    return None


def _calls():
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                yield path.relative_to(PACKAGE), node.lineno, name, _text(node.args[0])


def test_no_user_error_is_raised_with_a_literal_text():
    """`raise SomeError("text")` for an error the user sees: the text must come from say()."""
    errors = _user_errors()
    found = [
        (str(path), line, name, text)
        for path, line, name, text in _calls()
        if name in errors
        and text
        and any(c.isalpha() for c in text)
        and (str(path), name) not in LEFT_FOR_THE_LEAD
    ]
    assert found == []


def test_nothing_the_command_line_prints_is_english():
    """click.echo, print and warnings in cards/: no literal with an English word."""
    found = [
        (str(path), line, text)
        for path, line, name, text in _calls()
        if name in ("echo", "secho", "print", "warn") and text and english_words(text)
    ]
    assert found == []


def test_the_scan_sees_a_literal_raise():
    """The scan finds what it looks for (here: cache_entry.py's literal Uncacheable, on purpose)."""
    errors = _user_errors()
    assert {"OptionClash", "PreviewError", "InputError", "BadParameter", "Uncacheable"} <= errors
    assert any(
        str(path) == "cache_entry.py" and name == "Uncacheable" and text
        for path, _, name, text in _calls()
    )


def test_click_is_the_version_this_scan_assumes():
    """The error names above are click's (a rename would make the scan see nothing)."""
    assert all(hasattr(click, name) for name in ("ClickException", "BadParameter", "UsageError"))
