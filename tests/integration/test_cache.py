"""The cache of fitted cards: warm builds byte-identical, keys that refit what they must."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from cards import cache as cache_module
from cards.build import build_pdf, fit_all
from cards.cache import FitCache, cache_folder, decode_fit, encode_fit
from cards.impose import PrintOptions
from cards.layout import list_layouts, load_layout
from cards.model import Paragraph
from cards.resources import resource
from cards.source.library import read_compendium
from tests.support.fonts import MONO_FONT
from tests.support.spells import layout_variant

# Spells that together hold every kind of block, panels, several cards and the squeezed setting.
NAMES = (
    "Ohnivá koule",
    "Spánek",
    "Zmrtvýchvstání",
    "Úkol",
    "Bleskový šíp",
    "Přání",
    "Teleport",
    "Mlžný krok",
    "Světlo",
    "Kouzelnický mechanismus",
)


@pytest.fixture(scope="module")
def compendium():
    return read_compendium().spells


@pytest.fixture(scope="module")
def deck(compendium):
    """A small deck of chosen spells and every 25th one of the compendium."""
    chosen = [s for s in compendium if s.name in NAMES]
    return chosen + [s for s in compendium[::25] if s not in chosen]


def _stats(cache: FitCache) -> tuple[int, int]:
    hits, misses = cache.stats.hits, cache.stats.misses
    cache.stats = type(cache.stats)()
    return hits, misses


@pytest.mark.parametrize(
    "name",
    # poker in the fast run; the other layouts (three builds each) with the slow tests
    [n if n == "poker" else pytest.param(n, marks=pytest.mark.slow) for n in list_layouts()],
)
def test_warm_build_is_byte_identical_to_cold_in_every_layout(tmp_path, deck, name):
    """A build read from the cache writes the same bytes as one that fits every spell."""
    cache = FitCache(tmp_path / "cache")
    cold = build_pdf(deck, tmp_path / "cold.pdf", layout=name, sheet="none", cache=None)
    build_pdf(deck, tmp_path / "fill.pdf", layout=name, sheet="none", cache=cache)
    assert _stats(cache) == (0, len(deck))
    warm = build_pdf(deck, tmp_path / "warm.pdf", layout=name, sheet="none", cache=cache)
    assert _stats(cache) == (len(deck), 0)
    assert warm.path.read_bytes() == cold.path.read_bytes()


def test_warm_build_with_backs_index_and_continue_on_back_is_byte_identical(tmp_path, deck):
    """--backs --index --continue-on-back: the warm PDF is the cold one, byte for byte."""
    cache = FitCache(tmp_path / "cache")
    options = PrintOptions(backs=True, continue_on_back=True)

    def build(name, cache):
        return build_pdf(deck, tmp_path / name, options=options, index=True, cache=cache)

    cold = build("cold.pdf", None)
    build("fill.pdf", cache)
    assert _stats(cache) == (0, len(deck))
    warm = build("warm.pdf", cache)
    assert _stats(cache) == (len(deck), 0)
    assert warm.path.read_bytes() == cold.path.read_bytes()


def test_continue_on_back_has_entries_of_its_own(tmp_path, deck):
    """The option changes the fit: a deck fitted without it is a miss with it."""
    cache = FitCache(tmp_path / "cache")
    layout = load_layout()
    fit_all(deck, layout, cache=cache)
    _stats(cache)
    fit_all(deck, layout, cache=cache, continue_on_back=True)
    assert _stats(cache) == (0, len(deck))


def test_decoded_fit_equals_the_fit(deck):
    """An entry gives back faces equal to the fitted ones, squeezed styles included."""
    layout = load_layout()
    fits = fit_all(deck, layout, cache=None)
    squeezed = [f for f in fits if f.faces[0].squeeze]
    assert squeezed, "the deck should hold a squeezed spell"
    for spell, fit in zip(deck, fits, strict=True):
        assert decode_fit(encode_fit(fit, layout), spell, layout) == fit


def test_editing_one_spell_refits_exactly_that_spell(tmp_path, deck):
    """Another word in one spell: one miss, every other spell a hit, and the new word printed."""
    cache = FitCache(tmp_path / "cache")
    layout = load_layout()
    fit_all(deck, layout, cache=cache)
    _stats(cache)
    edited = list(deck)
    spell = edited[3]
    edited[3] = replace(spell, blocks=(*spell.blocks, Paragraph("Přidané slovo.")))
    fits = fit_all(edited, layout, cache=cache)
    assert _stats(cache) == (len(deck) - 1, 1)
    assert "Přidané" in " ".join(
        item.line.text for item in fits[3].faces[-1].items if hasattr(item, "line")
    )


def test_a_spell_that_moved_in_its_file_keeps_its_entry(tmp_path, deck):
    """Line numbers are not content: a spell read at another line is a hit."""
    cache = FitCache(tmp_path / "cache")
    layout = load_layout()
    fit_all(deck[:3], layout, cache=cache)
    _stats(cache)
    moved = [
        replace(s, blocks=tuple(replace(b, line=b.line + 7) for b in s.blocks)) for s in deck[:3]
    ]
    fit_all(moved, layout, cache=cache)
    assert _stats(cache) == (3, 0)


def test_a_layout_key_refits_that_layout_only(tmp_path, deck):
    """A changed key of one layout misses every spell there; poker's entries still hit."""
    cache = FitCache(tmp_path / "cache")
    poker = load_layout()
    variant = load_layout(layout_variant(tmp_path, {"paragraph_gap": "0.45"}))
    (tmp_path / "copy").mkdir()
    same = load_layout(layout_variant(tmp_path / "copy", {}, name="poker"))
    for layout in (poker, variant):
        fit_all(deck, layout, cache=cache)
    _stats(cache)
    fit_all(deck, poker, cache=cache)
    assert _stats(cache) == (len(deck), 0)
    fit_all(deck, same, cache=cache)  # a copy of poker.toml elsewhere: the same values
    assert _stats(cache) == (len(deck), 0)
    changed = load_layout(layout_variant(tmp_path, {"paragraph_gap": "0.4"}, name="other"))
    fit_all(deck, changed, cache=cache)
    assert _stats(cache) == (0, len(deck))


def test_a_base_layout_key_refits_the_theme(tmp_path, deck):
    """A theme's entries follow its base: a key changed in the base misses the theme."""
    cache = FitCache(tmp_path / "cache")
    base = layout_variant(tmp_path, {}, name="mybase")
    theme = tmp_path / "theme.toml"
    theme.write_text('base = "mybase.toml"\n[type]\nbody_min = 7.0\n', encoding="utf-8")
    fit_all(deck[:4], load_layout(theme), cache=cache)
    fit_all(deck[:4], load_layout(theme), cache=cache)
    assert _stats(cache) == (4, 4)
    base.write_text(base.read_text().replace("paragraph_gap = ", "paragraph_gap = 0.41 #"))
    fit_all(deck[:4], load_layout(theme), cache=cache)
    assert _stats(cache) == (0, 4)


FONT_RUN = """
import sys
from cards.build import fit_all
from cards.cache import FitCache
from cards.source.library import read_compendium
from cards.layout import load_layout
cache = FitCache(sys.argv[1])
fit_all(read_compendium().spells[:5], load_layout(sys.argv[2]), cache=cache)
print(cache.stats.hits, cache.stats.misses)
"""


def test_a_font_files_bytes_refit_everything(tmp_path):
    """The same font file with other bytes (read by a new process): every spell misses."""
    font = tmp_path / "CacheTestMono.ttf"
    shutil.copyfile(MONO_FONT, font)
    layout_file = layout_variant(tmp_path, {"body": '"CacheTestMono.ttf"'}, name="mono")

    def build() -> tuple[int, int]:
        command = [sys.executable, "-c", FONT_RUN, str(tmp_path / "cache"), str(layout_file)]
        result = subprocess.run(command, capture_output=True, text=True, check=True)
        hits, misses = result.stdout.split()
        return int(hits), int(misses)

    assert build() == (0, 5)
    assert build() == (5, 0)
    with open(font, "ab") as file:
        file.write(b"\0\0\0\0")  # the same font, other bytes
    assert build() == (0, 5)
    assert build() == (5, 0)


def test_the_font_digest_is_of_the_bytes_reportlab_measures_with():
    """font_digest hashes the registered face's bytes: the body font's file, read once."""
    layout = load_layout()
    font = layout.fonts["body"]
    expected = cache_module._digest(resource("fonts", "CharisSIL-Regular.ttf").read_bytes())
    assert cache_module.font_digest(font) == expected
    assert cache_module.font_digest(layout.fonts["bold"]) != expected


def test_the_engine_version_keys_every_entry(tmp_path, deck, monkeypatch):
    """Other code (another engine hash) is a miss for every spell."""
    cache = FitCache(tmp_path / "cache")
    layout = load_layout()
    fit_all(deck[:3], layout, cache=cache)
    _stats(cache)
    monkeypatch.setattr(cache_module, "engine_version", lambda: "another engine")
    fit_all(deck[:3], layout, cache=cache)
    assert _stats(cache) == (0, 3)


def test_the_engine_version_hashes_the_code_and_versions():
    """The engine hash is stable in a process and names reportlab and pyphen's versions."""
    assert cache_module.engine_version() == cache_module.engine_version()
    assert len(cache_module.engine_version()) == 40


def test_a_corrupt_entry_is_ignored_and_replaced(tmp_path, deck):
    """Changed bytes in an entry: a miss, fitted anew, stored again; the PDF stays the same."""
    cache = FitCache(tmp_path / "cache")
    cold = build_pdf(deck[:4], tmp_path / "cold.pdf", sheet="none", cache=cache)
    cache.close()
    with sqlite3.connect(cache.path) as db:
        for key, data in db.execute("SELECT key, data FROM fits").fetchall():
            flipped = data[:20] + bytes([data[20] ^ 1]) + data[21:]
            db.execute("UPDATE fits SET data = ? WHERE key = ?", (flipped, key))
    cache = FitCache(tmp_path / "cache")
    again = build_pdf(deck[:4], tmp_path / "again.pdf", sheet="none", cache=cache)
    assert (cache.stats.hits, cache.stats.rejected, cache.stats.stored) == (0, 4, 4)
    assert again.path.read_bytes() == cold.path.read_bytes()
    cache.stats = type(cache.stats)()
    fit_all(deck[:4], load_layout(), cache=cache)
    assert cache.stats.hits == 4


def test_a_foreign_entry_with_a_good_checksum_is_ignored(tmp_path, deck):
    """Bytes that are not an entry (checksummed as if they were) are not trusted."""
    cache = FitCache(tmp_path / "cache")
    layout = load_layout()
    fit_all(deck[:2], layout, cache=cache)
    cache.close()
    with sqlite3.connect(cache.path) as db:
        keys = [key for (key,) in db.execute("SELECT key FROM fits")]
        for key, data in zip(keys, (b"\x80\x04not json", b"x\x9c" + b"\0" * 8), strict=True):
            check = cache_module._digest(key.encode(), data)
            db.execute("UPDATE fits SET data = ?, checksum = ? WHERE key = ?", (data, check, key))
    cache = FitCache(tmp_path / "cache")
    fits = fit_all(deck[:2], layout, cache=cache)
    assert (cache.stats.hits, cache.stats.rejected) == (0, 2)
    assert fits == fit_all(deck[:2], layout, cache=None)


def test_a_file_that_is_not_a_cache_is_replaced(tmp_path, deck):
    """Garbage where the cache file should be: it is replaced, and the build works."""
    folder = tmp_path / "cache"
    folder.mkdir()
    (folder / cache_module.FILE_NAME).write_bytes(b"this is not sqlite" * 100)
    cache = FitCache(folder)
    fit_all(deck[:2], load_layout(), cache=cache)
    assert cache.info().entries == 2
    fit_all(deck[:2], load_layout(), cache=cache)
    assert cache.stats.hits == 2


def test_an_unusable_folder_means_no_cache_not_an_error(tmp_path, deck):
    """A cache folder that cannot be made (a file in its way): the build fits and succeeds."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    cache = FitCache(blocker / "cache")
    fits = fit_all(deck[:2], load_layout(), cache=cache)
    assert len(fits) == 2 and cache.stats.misses == 2


def test_least_recently_used_entries_are_evicted_past_the_limit(tmp_path, deck):
    """Past its limit the cache drops the entries used longest ago, and keeps those just used."""
    layout = load_layout()
    cache = FitCache(tmp_path / "cache")
    fit_all(deck[:6], layout, cache=cache)
    size = cache.info().size
    with sqlite3.connect(cache.path) as db:
        (total,) = db.execute("SELECT SUM(size) FROM fits").fetchone()
    assert size > 0
    small = FitCache(tmp_path / "cache", limit=total)
    fit_all(deck[:2], layout, cache=small)  # used now: the freshest
    fit_all(deck[6:8], layout, cache=small)  # two more: past the limit
    evicted = small.stats.evicted
    assert 2 <= evicted <= 4
    small.stats = type(small.stats)()
    fit_all(deck[:2], layout, cache=small)
    fit_all(deck[6:8], layout, cache=small)
    assert small.stats.hits == 4  # those used last stayed
    small.stats = type(small.stats)()
    probe = FitCache(tmp_path / "cache", limit=10 * total)
    fit_all(deck[2:6], layout, cache=probe)
    assert probe.stats.misses == evicted  # the ones used longest ago went


def test_info_and_clear(tmp_path, deck):
    """info counts the entries and bytes on disk; clear empties the cache."""
    cache = FitCache(tmp_path / "cache")
    assert cache.info().entries == 0
    fit_all(deck[:3], load_layout(), cache=cache)
    info = cache.info()
    assert (info.entries, info.path) == (3, tmp_path / "cache" / "fits.sqlite3")
    assert info.size > 0
    assert cache.clear() == 3
    assert cache.info().entries == 0
    fit_all(deck[:3], load_layout(), cache=cache)
    assert cache.stats.hits == 0


def test_the_default_cache_lives_in_cards_cache_dir(tmp_path, deck, monkeypatch):
    """build_pdf uses the cache by default, in CARDS_CACHE_DIR; cache=None writes nothing."""
    monkeypatch.setenv("CARDS_CACHE_DIR", str(tmp_path / "default"))
    build_pdf(deck[:2], tmp_path / "none.pdf", cache=None)
    assert not (tmp_path / "default").exists()
    build_pdf(deck[:2], tmp_path / "a.pdf")
    assert FitCache(tmp_path / "default").info().entries == 2


@pytest.mark.parametrize(
    ("platform", "environment", "expected"),
    [
        ("linux", {"XDG_CACHE_HOME": "/x/cache"}, Path("/x/cache/kartoteka")),
        ("linux", {}, Path.home() / ".cache" / "kartoteka"),
        ("win32", {"LOCALAPPDATA": "C:/Users/a/AppData/Local"}, None),
        ("darwin", {}, Path.home() / "Library" / "Caches" / "kartoteka"),
    ],
)
def test_cache_folder_per_platform(monkeypatch, platform, environment, expected):
    """XDG on Linux, %LOCALAPPDATA% on Windows, ~/Library/Caches on macOS."""
    for name in ("CARDS_CACHE_DIR", "XDG_CACHE_HOME", "LOCALAPPDATA"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(cache_module.sys, "platform", platform)
    if expected is None:
        expected = Path("C:/Users/a/AppData/Local") / "kartoteka" / "Cache"
    assert cache_folder() == expected
    monkeypatch.setenv("CARDS_CACHE_DIR", "/elsewhere")
    assert cache_folder() == Path("/elsewhere")


def test_two_processes_share_one_cache(tmp_path, deck):
    """A forked process reads what another wrote, and the file stays whole."""
    cache = FitCache(tmp_path / "cache")
    layout = load_layout()
    fit_all(deck[:3], layout, cache=cache)
    pid = os.fork()
    if pid == 0:  # the child: its own connection, all hits, writes two more
        try:
            fit_all(deck[:5], layout, cache=cache)
            os._exit(0 if cache.stats.hits == 3 else 3)
        except BaseException:
            os._exit(4)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert cache.info().entries == 5


def test_any_number_of_workers_gives_the_same_bytes(tmp_path, compendium):
    """--jobs 1, 2 and 8 write byte-identical PDFs, and the workers fill the cache."""
    deck = compendium[::16]  # 31 spells: 11 chunks of 3 for 2 workers, 31 of one for 8
    options = PrintOptions(backs=True)
    pdfs = []
    for jobs in (1, 2, 8):
        out = tmp_path / f"jobs{jobs}.pdf"
        build_pdf(deck, out, options=options, cache=None, jobs=jobs)
        pdfs.append(out.read_bytes())
    assert pdfs[0] == pdfs[1] == pdfs[2]
    cache = FitCache(tmp_path / "cache")
    fit_all(deck, load_layout(), cache=cache, jobs=2)
    assert cache.stats.stored == len(deck)
    warm = tmp_path / "warm.pdf"
    build_pdf(deck, warm, options=options, cache=cache, jobs=2)
    assert cache.stats.hits == len(deck)
    assert warm.read_bytes() == pdfs[0]


def test_workers_without_a_cache_write_no_entries_and_give_the_spells_back(monkeypatch, deck):
    """Fitting in processes with no cache encodes no entry (nobody keeps it); each fit comes
    back with the parent's own spell and equals this process's fit."""

    def refuse(*args, **kwargs):
        raise AssertionError("an entry encoded for no cache")

    layout = load_layout()
    alone = fit_all(deck[:4], layout, cache=None, jobs=1)
    monkeypatch.setattr(cache_module, "encode_fit", refuse)  # the workers fork with it
    fitted = fit_all(deck[:4], layout, cache=None, jobs=2)
    assert fitted == alone
    pairs = zip(fitted, deck[:4], strict=True)
    assert all(face.spell is spell for fit, spell in pairs for face in fit.faces)


def test_a_small_deck_or_a_busy_machine_is_fitted_in_this_process(monkeypatch, deck):
    """By default a small deck, or a busy machine, takes no worker processes."""
    import cards.build

    def refuse(*args, **kwargs):
        raise AssertionError("workers started for a small deck")

    monkeypatch.setattr(cards.build, "_fit_in_processes", refuse)
    assert len(fit_all(deck[:5], load_layout(), cache=None)) == 5
    monkeypatch.setattr(cards.build.os, "getloadavg", lambda: (1.0, 1.0, 1.0))
    assert cards.build._workers(None, 1000) == (os.cpu_count() or 1)
    monkeypatch.setattr(cards.build.os, "getloadavg", lambda: (40.0, 1.0, 1.0))
    assert cards.build._workers(None, 1000) == 1  # busy cores: one process
    assert cards.build._workers(3, 1000) == 3  # as asked


def test_an_entry_under_another_key_is_rejected(tmp_path, deck):
    """Two entries' bytes swapped (each well formed): the checksum binds bytes to their key."""
    cache = FitCache(tmp_path / "cache")
    layout = load_layout()
    fits = fit_all(deck[:2], layout, cache=cache)
    cache.close()
    with sqlite3.connect(cache.path) as db:
        (a, data_a), (b, data_b) = db.execute("SELECT key, data FROM fits").fetchall()
        db.execute("UPDATE fits SET data = ? WHERE key = ?", (data_b, a))
        db.execute("UPDATE fits SET data = ? WHERE key = ?", (data_a, b))
    cache = FitCache(tmp_path / "cache")
    assert fit_all(deck[:2], layout, cache=cache) == fits
    assert (cache.stats.hits, cache.stats.rejected) == (0, 2)
