"""Tests for cards.resources: the shipped folders are found, and only those."""

from __future__ import annotations

import pytest

from cards.resources import FOLDERS, folder, resource


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("fonts", "CharisSIL-Regular.ttf"),
        ("layouts", "poker.toml"),
        ("data", "kouzla.txt"),
        ("schema", "spell.schema.json"),
    ],
)
def test_each_shipped_folder_holds_its_files(name, file):
    """folder(name) is a folder on disk; resource(name, file) the file in it."""
    assert name in FOLDERS
    assert folder(name).is_dir()
    assert resource(name, file) == folder(name) / file
    assert resource(name, file).is_file()


def test_an_unknown_folder_is_refused_naming_the_known_ones():
    """A name that is not a shipped folder: ValueError listing FOLDERS, no path guessed."""
    with pytest.raises(ValueError, match="fonts, layouts, data, schema"):
        folder("tests")
