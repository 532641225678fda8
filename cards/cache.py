"""The persistent cache of fitted cards: one entry per spell, layout and fitting options.

Fitting is most of a build's time, and players rebuild the same spells again and again. An
entry holds a spell's `Fit` (its card faces as primitives and its fewest cards) under a key
that hashes everything that decides the cards: the engine's code and data files, the reportlab
and pyphen versions, the resolved layout (its base chain merged, the icons' outlines), the font
files' bytes, the options that change fitting, and the spell's content (without line numbers:
a spell that only moved in its file keeps its entry).

The store is one SQLite file in the user's cache folder: a transaction makes a write atomic and
safe with several processes at once (a web server's workers), and a last-used column gives
least-recently-used eviction when the file outgrows its limit. An entry holds the faces' facts,
primitives and finished drawings (cards/cache_entry.py: JSON and text, zlib-compressed), with a
checksum over its key and bytes: a corrupt or foreign entry is ignored and replaced, and nothing
read back is ever unpickled or executed. A cache that
cannot be opened (a read-only folder, a locked or broken file) is skipped, never an error.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sqlite3
import sys
import threading
import time
import warnings
from dataclasses import dataclass, fields, is_dataclass, replace
from pathlib import Path
from typing import Any

from cards.cache_entry import FORMAT, Uncacheable, decode_drawn, decode_fit, encode_fit
from cards.errors import CardsWarning
from cards.fit import Fit
from cards.layout import Layout
from cards.messages import os_reason, say
from cards.model import Spell

__all__ = [
    "FORMAT",
    "FitCache",
    "Uncacheable",
    "decode_drawn",
    "decode_fit",
    "default_cache",
    "encode_fit",
]

DEFAULT_LIMIT = 256 * 1000 * 1000  # bytes on disk before the least recently used go
FILE_NAME = "fits.sqlite3"
APP_FOLDER = "kartoteka"
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS fits ("
    "key TEXT PRIMARY KEY, data BLOB NOT NULL, checksum TEXT NOT NULL,"
    " size INTEGER NOT NULL, used INTEGER NOT NULL)",
    "CREATE INDEX IF NOT EXISTS fits_used ON fits (used)",
)


def cache_folder() -> Path:
    """Return the folder of the cache: CARDS_CACHE_DIR, else the platform's user cache folder.

    XDG_CACHE_HOME (or ~/.cache) on Linux and other Unixes, %LOCALAPPDATA% on Windows,
    ~/Library/Caches on macOS; a folder "kartoteka" inside.
    Without a home folder (no HOME and a user without a passwd entry: a container's random
    user, systemd's DynamicUser) a folder in the system's temporary folder, with one warning.
    """
    override = os.environ.get("CARDS_CACHE_DIR")
    if override:
        return Path(override)
    try:
        if sys.platform == "win32":
            base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
            return Path(base) / APP_FOLDER / "Cache"
        if sys.platform == "darwin":
            return Path.home() / "Library" / "Caches" / APP_FOLDER
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    except (RuntimeError, KeyError, OSError):  # Path.home(): "Could not determine home"
        import tempfile

        user = os.getuid() if hasattr(os, "getuid") else "user"
        folder = Path(tempfile.gettempdir()) / f"{APP_FOLDER}-{user}"
        _warn(say("cache_no_home", folder=folder))
        return folder
    return Path(base) / APP_FOLDER


class CacheWarning(CardsWarning):
    """The cache cannot be used as asked: builds go on (without it, or elsewhere)."""


def _warn(message: str) -> None:
    """Warn once per process and message (the command line shows it in Czech)."""
    if message not in _WARNED:
        _WARNED.add(message)
        warnings.warn(message, CacheWarning, stacklevel=3)


_WARNED: set[str] = set()


# --- keys ----------------------------------------------------------------------------------


def _digest(*parts: bytes) -> str:
    hasher = hashlib.blake2b(digest_size=20)
    for part in parts:
        hasher.update(len(part).to_bytes(8, "little"))
        hasher.update(part)
    return hasher.hexdigest()


@functools.lru_cache(maxsize=1)
def engine_version() -> str:
    """Return a hash of the engine: its code and data files, Python, reportlab and pyphen.

    Read once per process: the package's .py files and other files beside them (a
    hyphenation exceptions list), and the shipped data folder without the compendium (whose
    spells key their own entries). The web page's files are left out: they fit nothing.
    """
    from importlib import resources

    import pyphen
    import reportlab

    from cards.resources import FOLDERS, folder

    package = Path(str(resources.files("cards")))
    files = []
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package).parts
        if relative[0] in FOLDERS or relative[0] == "web" or "__pycache__" in relative:
            continue
        if path.is_file() and path.suffix not in (".pyc", ".pyo"):
            files.append(path)
    data = folder("data")
    if data.is_dir():
        for path in sorted(data.iterdir()):
            if path.is_file() and path.name != "kouzla.txt" and path.suffix != ".md":
                files.append(path)
    exceptions = folder("layouts") / "hyphenation.txt"  # the word breaks (typeset.czech)
    if exceptions.is_file():
        files.append(exceptions)
    parts = [
        f"{FORMAT} {sys.version_info[:2]} {reportlab.Version} {_pyphen_version(pyphen)}".encode()
    ]
    for path in files:
        parts.append(path.name.encode())
        parts.append(path.read_bytes())
    return _digest(*parts)


def _pyphen_version(pyphen: Any) -> str:
    version = getattr(pyphen, "__version__", None)
    if version:
        return str(version)
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as metadata_version

    try:
        return metadata_version("pyphen")
    except PackageNotFoundError:
        return "unknown"


_FONT_DIGESTS: dict[int, tuple[Any, str]] = {}  # by id of reportlab's face: (face, digest)


def font_digest(font: str) -> str:
    """Return a hash of the bytes of the font file reportlab measures a registered font with.

    reportlab keeps the file's bytes on the font's face (and shares one face between files of
    the same bytes), so this is what the widths come from, read once per face and process.
    """
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(font).face
    known = _FONT_DIGESTS.get(id(face))
    if known is not None and known[0] is face:
        return known[1]
    data = getattr(face, "_ttf_data", None)
    if not isinstance(data, bytes | bytearray):
        filename = getattr(face, "filename", "")
        data = Path(filename).read_bytes() if os.path.isfile(filename) else font.encode()
    digest = _digest(bytes(data))
    _FONT_DIGESTS[id(face)] = (face, digest)
    return digest


def layout_key(layout: Layout) -> str:
    """Return the hash of what a layout gives the fitter: every resolved value and the fonts.

    The layout's values are those of its whole base chain merged; the icons are their
    outlines, read from the files. Its path and description are left out: a copy of a layout
    file elsewhere (of the same name) shares its entries.
    """
    values = replace(layout, path="", description="")
    fonts = sorted((role, font, font_digest(font)) for role, font in layout.fonts.items())
    return _digest(repr(values).encode(), repr(fonts).encode())


def _content(value: Any) -> Any:
    """Return a spell's content as plain values, without where it was read (line numbers)."""
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return value
    names = _CONTENT_FIELDS.get(kind)
    if names is None and is_dataclass(value):
        names = _CONTENT_FIELDS[kind] = tuple(
            f.name for f in fields(value) if f.name not in ("line", "origin")
        )
    if names is not None:
        return [kind.__name__] + [_content(getattr(value, name)) for name in names]
    if isinstance(value, tuple | list):
        return [_content(item) for item in value]
    return value


_CONTENT_FIELDS: dict[type, tuple[str, ...]] = {}  # a record class's fields that are content


def spell_key(spell: Spell) -> str:
    """Return the hash of a spell's content (what its cards show)."""
    return _digest(json.dumps(_content(spell), ensure_ascii=False).encode())


def fit_key(spell: Spell, layout: str, *, continue_on_back: bool) -> str:
    """Return the key of a spell's entry: engine, layout (its `layout_key`), options, spell."""
    options = f"continue_on_back={continue_on_back}"
    return _digest(
        engine_version().encode(), layout.encode(), options.encode(), spell_key(spell).encode()
    )


# --- the store -----------------------------------------------------------------------------


@dataclass
class CacheStats:
    """What a cache did in this process: entries found, missed, written, and rejected."""

    hits: int = 0
    misses: int = 0
    stored: int = 0
    rejected: int = 0  # found but corrupt or foreign: fitted again and replaced
    evicted: int = 0


@dataclass(frozen=True)
class CacheInfo:
    """The cache on disk: where it is, how many entries and bytes it holds, and its limit."""

    path: Path
    entries: int
    size: int  # bytes of the file(s) on disk
    limit: int
    problem: str | None = None  # why the cache cannot be used (in Czech), None when it can


class FitCache:
    """The store of fitted cards in one SQLite file; opened on first use, in each process.

    Reads go one by one; writes and last-used times wait in memory until `flush` (called at
    the end of each fit of a deck), which writes them in one transaction and evicts the least
    recently used entries past the limit. Any failure of the store makes it a miss.
    """

    def __init__(self, folder: str | Path | None = None, *, limit: int = DEFAULT_LIMIT):
        self.folder = Path(folder) if folder is not None else cache_folder()
        self.limit = limit
        self.stats = CacheStats()
        self._connection: sqlite3.Connection | None = None
        self._pid = 0
        self._broken = False
        self.problem: str | None = None  # why the cache cannot be used, in Czech
        self._pending: dict[str, tuple[bytes, str]] = {}
        self._touched: set[str] = set()
        self._lock = threading.RLock()  # one connection, shared by a web server's threads

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def _connect(self) -> sqlite3.Connection | None:
        if self._connection is not None and self._pid == os.getpid():
            return self._connection
        if self._broken and self._pid == os.getpid():
            return None
        self._pid = os.getpid()  # a forked child opens a connection of its own
        self._connection = None
        self._broken = False
        for attempt in (1, 2):
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                connection = sqlite3.connect(
                    self.path, timeout=10, isolation_level=None, check_same_thread=False
                )
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=NORMAL")
                for statement in _SCHEMA:
                    connection.execute(statement)
                connection.execute("SELECT key, data, checksum, size, used FROM fits LIMIT 0")
                self._connection = connection
                self.problem = None
                return connection
            except sqlite3.DatabaseError as error:
                if _damaged(error) or not isinstance(error, sqlite3.OperationalError):
                    # Not an SQLite file, or one of another shape: replace it once.
                    if attempt == 1 and self._remove_files():
                        continue
                self.problem = say("cache_reason_sqlite", error=error)
                break
            except OSError as error:
                self.problem = os_reason(error)
                break
        self._broken = True
        _warn(say("cache_unusable", path=self.path, reason=self.problem))
        return None

    def _replace_damaged(self) -> None:
        """The file is damaged inside (found by a read or a write): warn once, start anew."""
        _warn(say("cache_damaged", path=self.path))
        if self._connection is not None:
            try:
                self._connection.close()
            except sqlite3.Error:
                pass
        self._connection = None
        self._remove_files()

    def _remove_files(self) -> bool:
        removed = False
        for suffix in ("", "-wal", "-shm"):
            try:
                Path(str(self.path) + suffix).unlink()
                removed = True
            except FileNotFoundError:
                pass
            except OSError:
                return False
        return removed

    def get(self, key: str, spell: Spell, layout: Layout, *, drawn: bool = False) -> Fit | None:
        """Return the fit stored under key, or None (a miss) if there is none or it is bad;
        drawn: as `DrawnFace`s, where the entry holds drawings (a PDF's, primitives unread)."""
        row = None
        with self._lock:
            connection = self._connect()
            if connection is not None:
                try:
                    row = connection.execute(
                        "SELECT data, checksum FROM fits WHERE key = ?", (key,)
                    ).fetchone()
                except sqlite3.Error as error:
                    row = None
                    if _damaged(error):
                        self._replace_damaged()
        if row is None:
            self.stats.misses += 1
            return None
        data, checksum = row
        if not isinstance(data, bytes) or checksum != _digest(key.encode(), data):
            self.stats.rejected += 1
            self.stats.misses += 1
            return None
        try:
            fit = (drawn and decode_drawn(data, spell, layout)) or decode_fit(data, spell, layout)
        except (ValueError, RecursionError):
            self.stats.rejected += 1
            self.stats.misses += 1
            return None
        self.stats.hits += 1
        with self._lock:
            self._touched.add(key)
        return fit

    def put(self, key: str, fit: Fit, layout: Layout, drawings: tuple | None = None) -> None:
        """Keep a fit (with its faces' drawings, if given) to write under key at the next
        `flush`; nothing for an uncacheable fit."""
        try:
            data = encode_fit(fit, layout, drawings)
        except (Uncacheable, ValueError):
            return
        self.put_data(key, data)

    def put_data(self, key: str, data: bytes) -> None:
        """Keep an entry's bytes (from `encode_fit`) to write under key at the next flush."""
        with self._lock:
            self._pending[key] = (data, _digest(key.encode(), data))

    def flush(self) -> None:
        """Write the waiting entries and last-used times in one transaction; evict past limit."""
        with self._lock:
            self._flush()

    def _flush(self) -> None:
        pending, touched = self._pending, self._touched
        self._pending, self._touched = {}, set()
        if not pending and not touched:
            return
        connection = self._connect()
        if connection is None:
            return
        now = time.time_ns()
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.executemany(
                    "INSERT OR REPLACE INTO fits (key, data, checksum, size, used)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [(key, data, check, len(data), now) for key, (data, check) in pending.items()],
                )
                connection.executemany(
                    "UPDATE fits SET used = ? WHERE key = ?",
                    [(now, key) for key in touched - pending.keys()],
                )
                if pending:
                    self._evict(connection)
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            if _damaged(error):
                self._replace_damaged()
                if self._connect() is not None and pending:  # once, into the new file
                    self._pending = pending
                    self._flush()
            return
        self.stats.stored += len(pending)

    def _evict(self, connection: sqlite3.Connection) -> None:
        """Delete the least recently used entries until the data is within 90 % of the limit."""
        (total,) = connection.execute("SELECT COALESCE(SUM(size), 0) FROM fits").fetchone()
        if total <= self.limit:
            return
        target = self.limit * 0.9
        keys = []
        for key, size in connection.execute("SELECT key, size FROM fits ORDER BY used, key"):
            if total <= target:
                break
            keys.append((key,))
            total -= size
        connection.executemany("DELETE FROM fits WHERE key = ?", keys)
        self.stats.evicted += len(keys)

    def info(self) -> CacheInfo:
        """Return where the cache is, its entries and its size on disk."""
        with self._lock:
            return self._info()

    def _info(self) -> CacheInfo:
        entries = 0
        connection = self._connect() if self.path.exists() else None
        if connection is not None:
            try:
                (entries,) = connection.execute("SELECT COUNT(*) FROM fits").fetchone()
            except sqlite3.Error as error:
                entries = 0
                self.problem = say("cache_reason_sqlite", error=error)
        elif not self.path.exists():
            self.problem = _why_unwritable(self.folder) or self.problem
        size = 0
        for suffix in ("", "-wal", "-shm"):
            try:
                size += os.stat(str(self.path) + suffix).st_size
            except OSError:
                pass
        return CacheInfo(self.path, entries, size, self.limit, self.problem)

    def clear(self) -> int:
        """Delete every entry and give the space back; return how many there were."""
        with self._lock:
            return self._clear()

    def _clear(self) -> int:
        self._pending.clear()
        self._touched.clear()
        if not self.path.exists():
            return 0
        connection = self._connect()
        entries = 0
        try:
            if connection is None:
                raise sqlite3.DatabaseError("cannot open")
            (entries,) = connection.execute("SELECT COUNT(*) FROM fits").fetchone()
            connection.execute("DELETE FROM fits")
            connection.execute("VACUUM")
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            (check,) = connection.execute("PRAGMA quick_check").fetchone()
            if check != "ok":
                raise sqlite3.DatabaseError(check)
        except sqlite3.Error:  # damaged or foreign: a new, empty file in its place
            if connection is not None:
                connection.close()
            self._connection = None
            self._pid = 0
            self._remove_files()
            self._connect()
        return entries

    def close(self) -> None:
        """Write what waits and close the connection (a later use opens it again)."""
        self.flush()
        if self._connection is not None and self._pid == os.getpid():
            self._connection.close()
        self._connection = None


def _why_unwritable(folder: Path) -> str | None:
    """Say why a cache not made yet could not be made in `folder` (None: it could)."""
    try:
        while not folder.exists():
            folder = folder.parent
        if not folder.is_dir():
            raise NotADirectoryError(20, "not a folder", str(folder))
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(13, "read-only", str(folder))
    except OSError as error:
        return os_reason(error)
    return None


def _damaged(error: sqlite3.Error) -> bool:
    """Tell an error of a damaged or foreign file (not a busy or locked one)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB
    text = str(error).lower()
    return "malformed" in text or "not a database" in text


_DEFAULT: dict[str, FitCache] = {}


def default_cache() -> FitCache:
    """Return the process's cache in `cache_folder()` (one per folder, opened lazily)."""
    folder = str(cache_folder())
    cache = _DEFAULT.get(folder)
    if cache is None:
        cache = _DEFAULT[folder] = FitCache(folder)
    return cache
