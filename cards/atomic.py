"""The one way the tool writes a file: complete or not at all, and never over something else.

Every output (PDF, PNG, CSV, calibration sheet) goes through `write_atomically`: the data goes to
a short temporary name next to the file and is renamed over it, so a reader, a full disk, a crash,
Ctrl-C or SIGTERM sees the old file or the whole new one and no temporary file stays. A symbolic
link is written through (its target is replaced, the link stays), a replaced file keeps its
permissions, and a path that holds something other than a regular file (a directory, a FIFO, a
device), a name ending in a slash (a folder) and any input of the same command (`refuse_inputs`,
compared as files: through links and hard links) are refused before any work.

"-" (or /dev/stdout) names standard output, as for many Unix tools: the bytes go there unchanged
(binary), and a terminal is refused before any work rather than sprayed with a PDF or a PNG.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import stat
import sys
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

from cards.errors import CardsError
from cards.messages import os_reason, say

# Windows opens descriptors in text mode (LF written as CR LF) unless asked for binary.
BINARY = getattr(os, "O_BINARY", 0)


class OutputError(CardsError):
    """An output path the tool must not write to."""

    exit_code = 2  # a wrong -o is a usage error wherever it is found


class WriteError(CardsError):
    """A write that failed (a full disk, no permission): named by the user's path."""


STDOUT = "-"
_STDOUT_NAMES = (STDOUT, "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


def is_stdout(out: str | Path | None) -> bool:
    """Tell whether an output path names standard output ("-" or /dev/stdout)."""
    return out is not None and str(out) in _STDOUT_NAMES


def refuse_terminal() -> None:
    """Refuse standard output as an output when it is a terminal (a PDF there is noise)."""
    stream = sys.stdout
    if stream is None or getattr(stream, "buffer", None) is None:
        raise OutputError(say("stdout_unavailable"))
    try:
        terminal = stream.isatty()
    except (OSError, ValueError):
        terminal = False
    if terminal:
        raise OutputError(say("stdout_is_terminal"))


def _write_stdout(data: bytes) -> None:
    refuse_terminal()
    try:
        sys.stdout.flush()  # text written before stays before the bytes
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        raise  # the reader went away (`| head`): the command line stops quietly
    except OSError as error:  # a full disk behind `> file`
        shown = say("stdout_shown")
        raise WriteError(say("cannot_write", file=shown, reason=os_reason(error))) from error


def output_target(out: str | Path) -> Path:
    """Return the file that writing `out` replaces: `out` itself, or the end of its links.

    Raise OutputError for an empty name, a name ending in a slash (a folder) or a path that
    holds anything but a regular file.
    """
    from cards.inputs import kind_of

    shown = str(out)
    if is_stdout(shown):
        refuse_terminal()
        return Path(STDOUT)
    if not shown:
        raise OutputError(say("empty_output"))
    if shown.endswith(("/", os.sep)):
        raise OutputError(say("output_is_folder", file=shown, example=f"{shown}karty.pdf"))
    try:
        target = Path(os.path.realpath(out))
        refuse_shipped(out, target)
        mode = target.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return target  # a new file; a folder that cannot be made fails when writing
    except OSError as error:  # a name too long, links in a loop, no permission
        raise OutputError(say("cannot_write", file=shown, reason=os_reason(error))) from None
    if not stat.S_ISREG(mode):
        raise OutputError(say("not_regular_output", file=shown, kind=kind_of(mode)))
    return target


def refuse_shipped(out: str | Path, target: Path | None = None) -> None:
    """Refuse an output inside the folders the tool ships and reads (data/, layouts/, fonts/,
    schema/): the embedded compendium, the layouts, the hyphenation list and the fonts are
    inputs of every command, given on the command line or not."""
    from cards.resources import FOLDERS, folder

    if is_stdout(out):
        return
    target = target or Path(os.path.realpath(out))
    for name in FOLDERS:
        shipped = Path(os.path.realpath(folder(name)))
        if target == shipped or shipped in target.parents:
            raise OutputError(say("output_is_shipped", file=out, folder=shipped))


def _same_file(a: Path, b: Path) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False  # one of them does not exist yet: not the same file


def refuse_inputs(out: str | Path, inputs: Iterable[tuple[str, str | Path]]) -> None:
    """Refuse an output that is one of the inputs (option, path), naming both paths.

    Compared as files, so a symbolic link or a hard link to an input is that input.
    """
    if is_stdout(out):
        return  # standard output replaces no file
    target = Path(out)
    for option, path in inputs:
        if path is None or str(path) in ("", "-"):
            continue
        if _same_file(target, Path(path)):
            raise OutputError(say("output_is_input", file=out, input=path, option=option))


def _new_file_mode() -> int:
    """Return the permissions a newly created file gets: 0o666 less the process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


class _Terminated(BaseException):
    """SIGTERM arrived while a file was being written."""


@contextlib.contextmanager
def _sigterm_unwinds() -> Iterator[None]:
    """Turn SIGTERM into an exception while writing, so the temporary file is removed."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers (the web server's workers write bytes)
        return

    def stop(signum, frame):
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    except _Terminated:
        signal.signal(signal.SIGTERM, previous)
        os.kill(os.getpid(), signal.SIGTERM)  # end as SIGTERM would have, the file cleaned up
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)


def write_atomically(out: str | Path, data: bytes) -> Path:
    """Write data to `out` all at once (see the module docstring); return the path given.

    The folder of the file is created when missing. A failure is a WriteError naming `out`.
    "-" writes the bytes to standard output (a closed pipe is the caller's BrokenPipeError).
    """
    if is_stdout(out):
        _write_stdout(data)
        return Path(STDOUT)
    target = output_target(out)
    with _sigterm_unwinds():
        try:
            _write(target, data)
        except OSError as error:
            reason = os_reason(error)
            raise WriteError(say("cannot_write", file=out, reason=reason)) from error
    return Path(out)


def _write(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    # A short name: a valid output name near the 255-byte limit must not fail for its temporary.
    temporary = target.parent / f".{secrets.token_hex(4)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY
    descriptor = os.open(temporary, flags, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
