"""Shared pytest configuration: the --refresh-golden option, fake card faces, `make_spell`."""

from __future__ import annotations

import itertools
import os
import shutil
import sys
import tempfile
from pathlib import Path

# pytest keeps its rewritten test modules in __pycache__ only where bytecode is written. With
# PYTHONDONTWRITEBYTECODE set, as on our machines, every run and every xdist worker rewrote all
# 200 test modules again: 14 s of CPU each, a third of collecting. So test runs write bytecode,
# except under bench/mutation.py, which compiles every mutant afresh (CARDS_MUTATION_RUN): a
# mutant as long as the original, written within the same second, would load the old bytecode.
if not os.environ.get("CARDS_MUTATION_RUN"):
    sys.dont_write_bytecode = False

import pytest
from hypothesis import settings

from cards.model import Spell
from tests.support.examples import FAST as FAST_EXAMPLES

# Under bench/mutation.py every property test draws the same examples in every run and keeps
# none: a mutant is killed by what it changes, never by a random example that fails the
# unmutated code too (one saved in the example database would "kill" every later mutant).
settings.register_profile("mutation", derandomize=True, database=None)
if os.environ.get("CARDS_MUTATION_RUN"):
    settings.load_profile("mutation")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--refresh-golden",
        action="store_true",
        default=False,
        help="Rewrite the reference images in tests/golden/ instead of comparing with them.",
    )


# The modules that took longest in a whole run (--durations, 2 cores). xdist hands whole
# modules to its workers in collection order (--no-loadscope-reorder in pyproject.toml):
# started first, they run beside the many short modules instead of after them, when the other
# worker would sit idle. test_every_word fits the compendium in every layout into the run's
# cache; test_bounds counts the same layouts and comes after the modules that fit none
# (started together, both fitted the same layouts at once: its longest test took 140 s, not
# 70). A module missing here only runs later.
LONGEST = (
    "tests/integration/test_every_word.py",
    "tests/web/test_club.py",
    "tests/integration/test_readback_design.py",
    "tests/web/test_bounds.py",
    "tests/integration/test_card_pdf.py",
    "tests/web/test_api.py",
    "tests/web/test_pool.py",  # 3 s of waiting for time limits: beside work, not last
    "tests/integration/test_cache.py",
    "tests/unit/fit/test_card_sizes.py",
    "tests/integration/test_deck_czech.py",
    "tests/integration/test_cli.py",
)

BROWSER = "tests/browser/"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the longest modules first, then those holding slow tests, then the rest (each group
    in collection order): a run ends when its last module does.

    Among the slow modules a browser module alternates with another one: a browser test mostly
    waits for Chromium, and two workers both in browser modules left a core idle for half a
    minute of the run."""
    slow = {item.nodeid.split("::")[0] for item in items if item.get_closest_marker("slow")}
    modules = list(dict.fromkeys(item.nodeid.split("::")[0] for item in items))
    waiting = [m for m in modules if m in slow and m not in LONGEST and m.startswith(BROWSER)]
    working = [m for m in modules if m in slow and m not in LONGEST and m not in waiting]
    turns = [m for pair in itertools.zip_longest(waiting, working) for m in pair if m]

    def rank(item: pytest.Item) -> tuple[int, int]:
        module = item.nodeid.split("::")[0]
        if module in LONGEST:
            return (0, LONGEST.index(module))
        return (1, turns.index(module)) if module in slow else (2, 0)

    items.sort(key=rank)  # stable: a module's tests keep their order


@pytest.fixture(scope="session", autouse=True)
def _cache_folder(tmp_path_factory: pytest.TempPathFactory):
    """Point the cache of fitted cards at a fresh folder: never the user's, never a stale one.

    The folder is the run's, shared by pytest-xdist's workers (each has a session of its own):
    a layout's compendium is fitted once per run, and every later build of it reads the cache.
    It lies in memory (/dev/shm) where there is one: the cache holds thousands of small files,
    and pytest's clean-up of old runs' folders on disk took seconds unlinking them.
    """
    folder = Path(os.environ["CARDS_TEST_CACHE"]) if "CARDS_TEST_CACHE" in os.environ else None
    if folder is None:  # no pytest_configure of ours ran (a plain pytest of one file)
        base = tmp_path_factory.getbasetemp()
        folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "fit-cache"
    folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDS_CACHE_DIR", str(folder))
        yield folder


def pytest_configure(config: pytest.Config) -> None:
    """Draw fewer property examples when the slow tests are left out; in the controlling
    process, make the run's cache folder (xdist's workers inherit it)."""
    if "not slow" in (config.getoption("markexpr", "") or ""):
        os.environ[FAST_EXAMPLES] = "1"  # read by tests/support/examples.py at collection
    if os.environ.get("PYTEST_XDIST_WORKER") or "CARDS_TEST_CACHE" in os.environ:
        return
    shm = Path("/dev/shm")
    where = shm if shm.is_dir() and os.access(shm, os.W_OK) else None
    os.environ["CARDS_TEST_CACHE"] = tempfile.mkdtemp(prefix="cards-fit-cache-", dir=where)
    config._cards_test_cache = os.environ["CARDS_TEST_CACHE"]  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    os.environ.pop(FAST_EXAMPLES, None)
    folder = getattr(config, "_cards_test_cache", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        del os.environ["CARDS_TEST_CACHE"]


@pytest.fixture(scope="session", autouse=True)
def _parse_each_compendium_text_once():
    """Parse a big spell file's text once per session, however many commands read it.

    Every CLI command and web request reads the embedded compendium again (a tenth of a
    second each, hundreds of times a run). The parser is a pure function of its arguments and
    returns frozen records, so the same text gives the same result; small texts (the tests'
    own bad inputs) are parsed every time.
    """
    import importlib

    import cards.source.text as module

    for reader in ("cards.source.library", "cards.cli"):  # readers that import the parser by name
        try:
            importlib.import_module(reader)
        except ImportError:  # moved: the loop below patches wherever the parser is
            pass
    original = module.parse_compendium
    memo: dict[tuple, object] = {}

    def parse_compendium(text, file="<text>", **options):
        if len(text) < BIG_TEXT:
            return original(text, file, **options)
        key = (text, file, tuple(sorted(options.items())))
        if key not in memo:
            memo[key] = original(text, file, **options)
        return memo[key]

    with pytest.MonkeyPatch.context() as patch:
        for name, loaded in list(sys.modules.items()):
            if name.startswith("cards") and getattr(loaded, "parse_compendium", None) is original:
                patch.setattr(loaded, "parse_compendium", parse_compendium)
        yield


BIG_TEXT = 50_000  # characters: the compendium (540 kB), not a test's few spells


@pytest.fixture(scope="session", autouse=True)
def _read_each_stored_parse_once():
    """Build a stored parse of the compendium once per session for the same bytes.

    Every CLI command and web request reads the parsed compendium back from the run's cache
    folder (17 ms: checksum, marshal, records; some 310 times in the fast run). That is a pure
    function of the stored file's bytes and the key it is stored under, returning frozen
    records, so the memo holds it by the very bytes read: a file a test changed, damaged or
    removed is read by the real function, and a file it refuses is refused each time.
    """
    from cards.source.stored import ParseStore

    read_stored = ParseStore._read
    stored: dict[tuple, object] = {}

    def _read(path, key):
        try:
            data = Path(path).read_bytes()
        except OSError:
            return read_stored(path, key)
        memo = (str(path), key, data)
        if memo not in stored:
            found = read_stored(path, key)
            if found is None:
                return None
            stored[memo] = found
        return stored[memo]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ParseStore, "_read", staticmethod(_read))
        yield


@pytest.fixture(scope="session")
def compendium() -> tuple[Spell, ...]:
    """The shipped compendium's spells, read once per session."""
    from cards.source.library import read_compendium

    return tuple(read_compendium().spells)


@pytest.fixture
def refresh_golden(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites the golden images."""
    return bool(request.config.getoption("--refresh-golden"))
