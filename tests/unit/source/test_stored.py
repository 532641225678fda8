"""Parsed spell files kept between runs (cards/source/stored.py), through the library's readers
and the command line: the same records and problems as a fresh parse, never a stale one."""

from __future__ import annotations

import hashlib
import marshal
from pathlib import Path

import pytest
from click.testing import CliRunner

import cards.source.library as library
from cards.cli import main
from cards.source.decode import DEFAULT_DATA
from cards.source.library import load_spells, parse_spell_text, read_compendium
from cards.source.stored import ParseStore

BIG = DEFAULT_DATA.read_text(encoding="utf-8")


def _stored_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.marshal"))


@pytest.fixture
def store(tmp_path) -> ParseStore:
    return ParseStore(tmp_path / "cache", "engine 1")


def _refuse(*args, **kwargs):
    raise AssertionError("parsed again")


def test_a_stored_compendium_gives_the_same_records_and_problems(store):
    """Read back, the compendium has the very records of a fresh parse: names, blocks, origins
    (file, line, the lines of its fields) and every problem at its line."""
    fresh = read_compendium()
    first = read_compendium(store=store)
    again = read_compendium(store=store)
    assert repr(first) == repr(fresh)
    assert repr(again) == repr(fresh)  # Spell's equality leaves origins out: repr has them
    assert again.warnings and again.warnings == fresh.warnings


def test_a_file_read_again_is_not_parsed_again(store, monkeypatch):
    """The second read of the same text comes from the store, not from the parser."""
    expected = read_compendium(store=store)
    assert len(_stored_files(store.folder)) == 1
    spells = load_spells(store=store)  # the library's other way of reading: stored apart
    assert len(_stored_files(store.folder)) == 2
    monkeypatch.setattr(library, "parse_compendium", _refuse)
    assert repr(read_compendium(store=store)) == repr(expected)
    assert repr(load_spells(store=store)) == repr(spells) == repr(expected.spells)


def test_a_changed_text_is_parsed_again(store, tmp_path):
    """A stored parse is of its text: the file changed, the new text's spells are read."""
    path = tmp_path / "kouzla.txt"
    path.write_text(BIG, encoding="utf-8")
    before = read_compendium(path, store=store)
    path.write_text(BIG.replace("Ohnivá koule", "Ohnivá koulička"), encoding="utf-8")
    after = read_compendium(path, store=store)
    assert "Ohnivá koulička" in {s.name for s in after.spells}
    assert "Ohnivá koulička" not in {s.name for s in before.spells}
    assert repr(after) == repr(read_compendium(path))
    assert len(_stored_files(store.folder)) == 1  # one file a spell file: replaced, not added


def test_another_engine_or_name_does_not_read_the_stored_parse(store, tmp_path, monkeypatch):
    """The engine's version and the file's name are part of what a stored parse is of."""
    read_compendium(store=store)
    copy = tmp_path / "copy.txt"
    copy.write_text(BIG, encoding="utf-8")
    monkeypatch.setattr(library, "parse_compendium", _refuse)
    read_compendium(store=store)  # stored: not parsed
    with pytest.raises(AssertionError, match="parsed again"):
        read_compendium(store=ParseStore(store.folder, "engine 2"))
    with pytest.raises(AssertionError, match="parsed again"):
        read_compendium(copy, store=store)


def test_a_damaged_stored_file_is_ignored_and_rewritten(store):
    """A stored file whose bytes changed is parsed again, and written whole again."""
    expected = read_compendium(store=store)
    (path,) = _stored_files(store.folder)
    good = path.read_bytes()
    damaged = bytearray(good)
    damaged[len(damaged) // 2] ^= 0xFF
    path.write_bytes(bytes(damaged))
    assert repr(read_compendium(store=store)) == repr(expected)
    assert path.read_bytes() == good
    path.write_bytes(good[:1000])  # cut short
    assert repr(read_compendium(store=store)) == repr(expected)
    assert path.read_bytes() == good
    name = "Ohnivá koule".encode()
    assert name in good
    path.write_bytes(good.replace(name, "Ohnivá kuole".encode()))  # still reads as marshal
    assert repr(read_compendium(store=store)) == repr(expected)
    assert path.read_bytes() == good


@pytest.mark.parametrize(
    "foreign",
    [
        (compile("1", "x", "eval"),),  # a code object: marshal reads it, nothing may take it
        {"a": 1},
        [99, "x"],  # a record number that is none
        [-2, "x"],
        [-9, "path", (), (), ()],  # a number counted from the end of the records is none
        [5, "Nadpis", 1],  # a heading where the compendium goes
        b"bytes",
        [0, b"path", (), (), ()],  # a compendium record holding bytes where a name goes
        [0, "path", (), ((b"x",),), ()],  # bytes deep inside
    ],
)
def test_a_stored_file_of_foreign_values_is_ignored(store, foreign):
    """A file with a right checksum but values the store never writes is parsed again."""
    expected = read_compendium(store=store)
    (path,) = _stored_files(store.folder)
    key, _ = marshal.loads(path.read_bytes()[32:])
    payload = marshal.dumps((key, foreign))
    path.write_bytes(hashlib.sha256(payload).digest() + payload)
    assert repr(read_compendium(store=store)) == repr(expected)


def test_a_folder_that_cannot_be_written_leaves_the_parse_unstored(tmp_path):
    """A store in a place no folder can be made still reads the file, storing nothing."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = ParseStore(blocker / "cache", "engine 1")
    assert repr(read_compendium(store=store)) == repr(read_compendium())


def test_spell_files_keep_their_problems_and_small_files_are_not_stored(store):
    """A spell file read through the store has its errors at their lines, as without it; a
    file of a few spells is parsed each time (no file for it)."""
    broken = BIG.replace("Vyvolání: 1 akce", "Vyvolání 1 akce", 1) + "\nxyz"
    fresh = parse_spell_text(broken, "a.txt", any_book=True)
    assert fresh.errors
    assert repr(parse_spell_text(broken, "a.txt", any_book=True, store=store)) == repr(fresh)
    assert repr(parse_spell_text(broken, "a.txt", any_book=True, store=store)) == repr(fresh)
    small = BIG[:5000].rsplit("\n\n", 1)[0] + "\n"
    files = _stored_files(store.folder)
    parse_spell_text(small, "b.txt", store=store)
    assert _stored_files(store.folder) == files


def test_the_command_line_reads_the_stored_compendium(tmp_path, monkeypatch):
    """`cards list` keeps the parsed compendium in the cache folder and says the same after."""
    monkeypatch.setenv("CARDS_CACHE_DIR", str(tmp_path))
    runner = CliRunner()
    first = runner.invoke(main, ["list", "--level", "9"])
    assert first.exit_code == 0, first.output
    assert len(_stored_files(tmp_path)) == 1
    second = runner.invoke(main, ["list", "--level", "9"])
    assert second.exit_code == 0 and second.output == first.output
