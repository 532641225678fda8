"""The one way the tool reads a file: a regular file of bounded size, decoded and NFC-normalised.

Every input (compendium, --add spell files, deck lists, layouts, sheets, icons) goes through
`read_input`: a directory, a FIFO, a device or a socket is refused before it is opened (so
`--data /dev/zero` reads nothing), a file larger than its kind's cap is refused after reading at
most the cap, and standard input ("-", or /dev/stdin as a pipe) is read once per process and
kept, so two readers of one pipe see the same text. `decode` reads UTF-8 (with or without a
BOM) and UTF-16 (what Windows Notepad writes) or UTF-32 with a BOM, and returns NFC text: a
name typed in decomposed form (macOS writes "a" + combining acute) equals the same name typed
composed. UTF-16 without a BOM, a zero byte and another encoding are named with the fix.
"""

from __future__ import annotations

import os
import stat
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from cards.errors import CardsError
from cards.messages import os_reason, say

# Caps, documented in the README ("Files the tool reads"): far above any real file of the kind.
MAX_SPELL_FILE = 16 * 1024 * 1024  # the embedded compendium is 0.54 MB; its JSON about 1.5 MB
MAX_DECK_LIST = 1024 * 1024  # one spell a line: a list of 1 MB holds some 50,000 lines
MAX_SETTINGS = 1024 * 1024  # layouts, sheets and icons are a few kB
# Spells one deck may name, repeats counted (the compendium ten times over; the web page's too):
# a list of 1 MB naming one spell 100,000 times built for minutes.
MAX_DECK_SPELLS = 5000

STDIN = "-"
_STDIN_NAMES = ("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")
_stdin: tuple[object, bytes] | None = None  # standard input, once read: a pipe reads once

_KINDS = (
    (stat.S_ISDIR, "kind_directory"),
    (stat.S_ISFIFO, "kind_fifo"),
    (stat.S_ISCHR, "kind_char_device"),
    (stat.S_ISBLK, "kind_block_device"),
    (stat.S_ISSOCK, "kind_socket"),
)


class InputError(CardsError):
    """A file the tool cannot take as input: not a regular file, too large, not text."""


class RepeatedInput(InputError):
    """One file given twice (--add X --add X, or --add naming the --data file)."""

    exit_code = 2  # a usage error: the command line names the file twice


def _same_input(a: str | Path, b: str | Path) -> bool:
    if is_stdin(a) or is_stdin(b):
        return is_stdin(a) and is_stdin(b)
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)  # a hard link
    except OSError:
        return False  # one of them does not exist: the gate names it when it is read


def refuse_repeated(files: Iterable[tuple[str, str | Path | None]]) -> None:
    """Refuse one file given twice among (option, path): also through another spelling of its
    path, a symbolic or a hard link. Raise RepeatedInput naming the file and both options.

    An option None stands for the embedded compendium, read when no --data is given.
    """
    seen: list[tuple[str | None, str | Path]] = []
    for option, path in files:
        if path is None or not str(path):
            continue
        for first_option, first in seen:
            if not _same_input(first, path):
                continue
            if first_option is None:
                raise RepeatedInput(say("input_is_embedded", file=path, option=option))
            same = str(first) == str(path)
            where = say(
                "input_twice_where",
                first=first_option if same else f"{first_option} {first}",
                second=option if same else f"{option} {path}",
            )
            raise RepeatedInput(say("input_twice", file=path, where=where))
        seen.append((option, path))


def kind_of(mode: int) -> str:
    """Name in Czech what a non-regular file mode is (a directory, a FIFO, a device...)."""
    for test, key in _KINDS:
        if test(mode):
            return say(key)
    return say("kind_other")


def is_stdin(path: str | Path) -> bool:
    """Tell whether a path names standard input ("-" or /dev/stdin)."""
    return str(path) in _STDIN_NAMES


def _read_stdin(shown: str, limit: int) -> bytes:
    global _stdin
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise InputError(say("stdin_unavailable", file=shown))
    if _stdin is None or _stdin[0] is not stream:  # kept per stream (a test runner swaps it)
        _stdin = (stream, stream.read(limit + 1))
    data = _stdin[1]
    if len(data) > limit:
        raise InputError(say("too_large", file=shown, limit=_size(limit)))
    return data


def _size(count: int) -> str:
    return f"{count // (1024 * 1024)} MB" if count >= 1024 * 1024 else f"{count // 1024} kB"


def read_input(path: str | Path, limit: int, *, stdin: bool = False) -> bytes:
    """Return a file's bytes: a regular file of at most `limit` bytes, else raise InputError.

    stdin=True accepts standard input ("-" or /dev/stdin), read once and kept for the process.
    """
    given = str(path)
    shown = "<stdin>" if given == STDIN else given
    if not given:
        raise InputError(say("empty_name"))
    if is_stdin(given) and (stdin or given != STDIN):
        try:
            mode = os.fstat(0).st_mode
        except OSError:
            mode = 0
        # /dev/stdin redirected from a file is a regular file like any other; a pipe is read once.
        if given == STDIN or not stat.S_ISREG(mode):
            return _read_stdin(shown, limit)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise InputError(say("no_such_file", file=shown)) from None
    except OSError as error:
        raise InputError(say("cannot_read", file=shown, reason=os_reason(error))) from None
    if not stat.S_ISREG(mode):
        raise InputError(say("not_regular_input", file=shown, kind=kind_of(mode)))
    try:
        with open(path, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):  # replaced since the stat
                raise InputError(say("not_regular_input", file=shown, kind=say("kind_other")))
            data = file.read(limit + 1)
    except OSError as error:
        raise InputError(say("cannot_read", file=shown, reason=os_reason(error))) from None
    if len(data) > limit:
        raise InputError(say("too_large", file=shown, limit=_size(limit)))
    return data


# Byte order marks, UTF-32's first: UTF-32 LE's mark begins with UTF-16 LE's.
_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)


def bom_text(data: bytes) -> str | None:
    """Return UTF-16 or UTF-32 text that starts with a byte order mark, or None for other data."""
    for mark, codec in _BOMS:
        if data.startswith(mark):
            try:
                return data.decode(codec)
            except UnicodeDecodeError:
                return None
    return None


def looks_utf16(data: bytes) -> bool:
    """Tell whether bytes look like UTF-16 without a byte order mark (every other byte zero)."""
    quarter = len(data) // 4
    return len(data) >= 4 and (data[1::2].count(0) > quarter or data[0::2].count(0) > quarter)


def guess_encoding(data: bytes) -> str:
    """Say which Czech 8-bit encoding bytes that are not UTF-8 look like, or ""."""
    for encoding in ("cp1250", "iso-8859-2"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if any(c in text for c in "ěščřžůĚŠČŘŽ"):
            return say("looks_like", encoding=encoding.upper())
    return ""


def decode(data: bytes, file: str) -> str:
    """Decode UTF-8 (BOM or none), UTF-16 or UTF-32 with a BOM into NFC text; raise InputError
    naming the file and line for UTF-16 without a BOM, a zero byte (binary data) or another
    encoding (with a guess: CP1250, ISO-8859-2)."""
    text = bom_text(data)
    if text is None:
        if looks_utf16(data):
            raise InputError(say("utf16_no_bom", file=file))
        if b"\x00" in data:
            line = data[: data.index(b"\x00")].count(b"\n") + 1
            raise InputError(say("binary_input", file=file, line=line))
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            guess = guess_encoding(data)
            raise InputError(say("not_utf8", file=file, line=line, guess=guess)) from None
    return nfc(text.removeprefix("\ufeff"))


def nfc(text: str) -> str:
    """Return text in Unicode normal form C (composed): one spelling for every name."""
    return unicodedata.normalize("NFC", text)


def read_text(path: str | Path, limit: int, *, stdin: bool = False) -> str:
    """Read and decode a text input (see read_input and decode)."""
    return decode(read_input(path, limit, stdin=stdin), "<stdin>" if path == STDIN else str(path))


MAX_DEPTH = 64  # nesting levels of JSON and TOML inputs; ours are at most 4 deep
MAX_DIGITS = 4300  # Python converts no longer integer (sys.int_info.default_max_str_digits)


def load_toml(path: str | Path) -> dict:
    """Read a TOML input (a layout, a sheet) through the gate; raise tomllib.TOMLDecodeError
    for bad syntax and InputError for nesting or numbers beyond what Python can read."""
    import tomllib

    shown = str(path)
    text = read_text(path, MAX_SETTINGS)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except RecursionError:
        raise InputError(say("too_deep", file=shown, limit=MAX_DEPTH)) from None
    except ValueError:
        raise InputError(say("too_many_digits", file=shown, limit=MAX_DIGITS)) from None
