"""The one way the tool writes a file: complete or not at all, and never over something else.

Every output (PDF, PNG, CSV, calibration sheet) goes through `write_atomically`: the data goes to
a short temporary name next to the file and is renamed over it, so a reader, a full disk, a crash
or Ctrl-C sees the old file or the whole new one. A symbolic link is written through (its target
is replaced, the link stays), a replaced file keeps its permissions, and a path that holds
something other than a regular file (a directory, a FIFO, a device) is refused.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from cards.errors import CardsError

# Windows opens descriptors in text mode (LF written as CR LF) unless asked for binary.
BINARY = getattr(os, "O_BINARY", 0)


class OutputError(CardsError):
    """An output path the tool must not write to."""


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def output_target(out: str | Path) -> Path:
    """Return the file that writing `out` replaces: `out` itself, or the end of its links.

    Raise OutputError for an empty name or a path that holds anything but a regular file.
    """
    if not str(out):
        raise OutputError("the output file name is empty; give a file name such as out/karty.pdf")
    target = Path(os.path.realpath(out))
    try:
        mode = target.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return target  # a new file; a folder that cannot be made fails when writing
    for test, kind in _KINDS:
        if test(mode):
            raise OutputError(f"{out}: {kind}, not a regular file; give a file name to write")
    if not stat.S_ISREG(mode):
        raise OutputError(f"{out}: not a regular file; give a file name to write")
    return target


def _new_file_mode() -> int:
    """Return the permissions a newly created file gets: 0o666 less the process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomically(out: str | Path, data: bytes) -> Path:
    """Write data to `out` all at once (see the module docstring); return the path given.

    The folder of the file is created when missing.
    """
    target = output_target(out)
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
    return Path(out)
