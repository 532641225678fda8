"""The cache a server meets: no home, a read-only or damaged file, entries out of range."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.cache import FitCache, fit_key
from cards.cli import main

PREVIEW = ["preview", "Štít", "--dpi", "50", "--no-backs"]


def invoke(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env=env)


@pytest.fixture
def homeless(monkeypatch, tmp_path):
    """No HOME, no XDG_CACHE_HOME, no CARDS_CACHE_DIR, and a uid without a passwd entry."""
    import pwd

    for name in ("HOME", "XDG_CACHE_HOME", "CARDS_CACHE_DIR"):
        monkeypatch.delenv(name, raising=False)

    def no_entry(uid):
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    monkeypatch.chdir(tmp_path)


def test_no_home_and_no_passwd_entry_falls_back_with_one_warning(homeless, tmp_path):
    """A fitting command without a home folder works; one Czech warning; cache info says where."""
    result = invoke(*PREVIEW, "-o", str(tmp_path / "stit.png"))
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert (tmp_path / "stit.png").stat().st_size > 0
    assert result.output.count("varování: ") == 1, result.output
    assert "domovskou složku" in result.output
    info = invoke("cache", "info")
    assert info.exit_code == 0, info.output
    assert str(tmp_path) in info.output


@pytest.mark.parametrize("kind", ["file", "read-only"])
def test_an_unusable_cache_folder_warns_once_and_builds(tmp_path, kind):
    """CARDS_CACHE_DIR a file, or a read-only folder: one warning, a correct PNG, info says why."""
    if os.geteuid() == 0 and kind == "read-only":
        folder = tmp_path / "ro"
        folder.mkdir()
        (folder / "fits.sqlite3").mkdir()  # root writes anywhere: a folder where the file goes
    elif kind == "file":
        folder = tmp_path / "soubor"
        folder.write_text("nejsem složka\n")
    else:
        folder = tmp_path / "ro"
        folder.mkdir()
        folder.chmod(0o500)
    env = {"CARDS_CACHE_DIR": str(folder)}
    result = invoke(*PREVIEW, "-o", str(tmp_path / "a.png"), env=env)
    assert result.exit_code == 0, result.output
    assert result.output.count("varování: ") == 1, result.output
    assert "mezipaměť" in result.output
    good = {"CARDS_CACHE_DIR": str(tmp_path / "good")}
    cold = invoke(*PREVIEW, "-o", str(tmp_path / "b.png"), env=good)
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()
    info = invoke("cache", "info", env=env)
    assert info.exit_code == 0, info.output
    assert "nelze použít" in info.output, info.output
    assert cold.exit_code == 0


@pytest.fixture(scope="module")
def filled(tmp_path_factory) -> tuple[Path, str]:
    """A folder holding a cache of Štít in poker, filled by a preview, and that preview (a.png);
    with the entry's key. Made once for the module: each test damages a copy of it."""
    from cards.cache import layout_key
    from cards.layout import load_layout
    from cards.select import find_spell
    from cards.source.library import load_spells

    folder = tmp_path_factory.mktemp("filled")
    env = {"CARDS_CACHE_DIR": str(folder / "cache")}
    assert invoke(*PREVIEW, "-o", str(folder / "a.png"), env=env).exit_code == 0
    spell = find_spell(load_spells(), "Štít")
    key = fit_key(spell, layout_key(load_layout("poker")), continue_on_back=False)
    return folder, key


def _fill(tmp_path, filled) -> tuple[FitCache, str]:
    """A cache in tmp_path holding Štít in poker (a copy of `filled`, with its a.png); return
    it and the entry's key."""
    folder, key = filled
    shutil.copytree(folder / "cache", tmp_path / "cache")
    shutil.copyfile(folder / "a.png", tmp_path / "a.png")
    return FitCache(tmp_path / "cache"), key


def _rewrite(cache: FitCache, key: str, change) -> None:
    """Change an entry's JSON and store it with a valid checksum."""
    from cards.cache import _digest

    with sqlite3.connect(cache.path) as db:
        (data,) = db.execute("SELECT data FROM fits WHERE key = ?", (key,)).fetchone()
        text = zlib.decompress(data).decode()
        data = zlib.compress(change(text).encode())
        db.execute(
            "UPDATE fits SET data = ?, checksum = ? WHERE key = ?",
            (data, _digest(key.encode(), data), key),
        )


def _in_head(text: str, change) -> str:
    """Change the JSON head of an entry's text (its first section, before a NUL)."""
    head, *rest = text.split("\x00")
    return "\x00".join([json.dumps(change(json.loads(head))), *rest])


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace('"min_cards":1', '"min_cards":1e999'),
        lambda t: t.replace('"min_cards":1', '"min_cards":-5'),
        lambda t: t.replace('"min_cards":1', '"min_cards":"jedna"'),
        lambda t: _in_head(t, lambda head: {**head, "faces": "x"}),
        lambda t: t.replace('"@":"TextLine","v":[', '"@":"TextLine","v":["x",', 1),
        lambda t: t.replace('"@":"Fill","v":[', '"@":"Fill","v":[1e999,', 1).replace(
            '"@":"Fill","v":[1e999,0', '"@":"Fill","v":[1e999', 1
        ),
        lambda t: t.replace('"@":"Label"', '"@":"Nic"', 1),
    ],
)
def test_an_entry_out_of_range_is_a_miss_refitted(tmp_path, filled, change):
    """An entry with a valid checksum but a bad value: refitted and replaced, never an error."""
    cache, key = _fill(tmp_path, filled)
    _rewrite(cache, key, change)
    env = {"CARDS_CACHE_DIR": str(tmp_path / "cache")}
    result = invoke(*PREVIEW, "-o", str(tmp_path / "b.png"), env=env)
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_a_damaged_file_is_reported_once_and_replaced(tmp_path, filled):
    """A cache file damaged inside its pages: one warning, a correct build, a working cache."""
    cache, _ = _fill(tmp_path, filled)
    path = cache.path
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(page, len(data), page):  # every page but the header's
        data[offset : offset + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    env = {"CARDS_CACHE_DIR": str(tmp_path / "cache")}
    result = invoke(*PREVIEW, "-o", str(tmp_path / "b.png"), env=env)
    assert result.exit_code == 0, result.output
    assert result.output.count("varování: ") == 1, result.output
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()
    again = invoke(*PREVIEW, "-o", str(tmp_path / "c.png"), env=env)
    assert "varování" not in again.output
    assert FitCache(tmp_path / "cache").info().entries > 0


def test_clear_leaves_a_working_empty_cache_even_from_a_damaged_file(tmp_path, filled):
    """`cards cache clear` on a damaged file: it is replaced by an empty cache that works."""
    cache, _ = _fill(tmp_path, filled)
    cache.path.write_bytes(cache.path.read_bytes()[:4096] + b"\xff" * 8192)
    env = {"CARDS_CACHE_DIR": str(tmp_path / "cache")}
    result = invoke("cache", "clear", env=env)
    assert result.exit_code == 0, result.output
    with sqlite3.connect(cache.path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT COUNT(*) FROM fits").fetchone() == (0,)
    assert invoke(*PREVIEW, "-o", str(tmp_path / "b.png"), env=env).exit_code == 0
    assert FitCache(tmp_path / "cache").info().entries > 0
