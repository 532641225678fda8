"""Processes read from /proc (children, descendants, alive); `cards serve` started as one."""

from __future__ import annotations


def children(pid: int) -> set[int]:
    """The process ids whose parent is `pid`, read from /proc."""
    from pathlib import Path

    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def descendants(pid: int) -> set[int]:
    """Every process under `pid` (children, theirs, ...)."""
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pids) -> set[int]:
    """Those of `pids` still running (not gone, not a zombie)."""
    from pathlib import Path

    running = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.add(pid)
    return running


def wait_gone(pids, seconds: float) -> set[int]:
    """Wait up to `seconds` for the processes to end; return those still running."""
    import time

    deadline = time.monotonic() + seconds
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return alive(pids)


def start_serve(folder, *, new_session: bool = False):
    """Start `cards serve --port 0 --no-browser` in `folder`; its first line is the address.

    With `new_session` it leads a process group of its own, so that a signal to the group
    reaches only it and its workers. The caller stops it."""
    import subprocess
    import sys
    from pathlib import Path

    return subprocess.Popen(
        [str(Path(sys.executable).parent / "cards"), "serve", "--port", "0", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=folder,
        start_new_session=new_session,
    )
