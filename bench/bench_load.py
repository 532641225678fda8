"""A load bench of `cards serve` on loopback: 50 clients for 60 s, the figures of issue 37.

    .venv/bin/python bench/bench_load.py [--clients 50] [--seconds 60]

Starts `cards serve --port 0 --no-browser` with a fresh fit cache, and runs the clients against
it: two of them build whole compendia one after another; the others mix the filtered list
(40 %), one spell's preview at 100 dpi (40 %) and a 10-spell PDF (20 %). Every request has a
120 s limit; the run ends after --seconds (requests under way are waited for, up to their
limit). Prints p50/p95 per kind, the errors (anything but a correct 200; goal 0), the peak
memory of the server and all its processes (sampled twice a second), and the processes left 5 s
after SIGTERM (goal 0). Loopback only; nothing is left behind.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

BIN = Path(sys.executable).parent
LIMIT = 120  # seconds any one request may take


def children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def descendants(pid: int) -> set[int]:
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def rss(pid: int) -> int:
    """Resident memory of a process in bytes (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def alive(pids) -> set[int]:
    running = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.add(pid)
    return running


def ask(url: str, body: dict | None = None) -> tuple[int, str, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=LIMIT) as response:
            return response.status, response.headers.get_content_type(), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get_content_type(), error.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    options = parser.parse_args()
    cache = tempfile.TemporaryDirectory(prefix="cards-bench-")
    env = {**os.environ, "CARDS_CACHE_DIR": cache.name}
    server = subprocess.Popen(
        [str(BIN / "cards"), "serve", "--port", "0", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=cache.name,
    )
    url = server.stdout.readline().strip()
    spells = json.loads(ask(url + "api/spells")[2])  # also warms the counts
    labels = [s["label"] for s in spells]
    classes = ["bard", "druid", "klerik", "čaroděj", "kouzelník", "paladin", "hraničář"]
    times: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, list[str]] = defaultdict(list)
    peak = [0, 0]  # bytes, processes
    stop = threading.Event()
    lock = threading.Lock()

    def sample() -> None:
        while not stop.is_set():
            pids = {server.pid, *descendants(server.pid)}
            total = sum(rss(pid) for pid in pids)
            with lock:
                peak[0] = max(peak[0], total)
                peak[1] = max(peak[1], len(pids))
            time.sleep(0.5)

    def one(kind: str) -> None:
        if kind == "compendium":
            call = (url + "api/pdf", {"spells": labels}, "application/pdf")
        elif kind == "pdf10":
            call = (url + "api/pdf", {"spells": random.sample(labels, 10)}, "application/pdf")
        elif kind == "list":
            query = urllib.parse.urlencode({"class": random.choice(classes)})
            call = (f"{url}api/spells?{query}", None, "application/json")
        else:
            label = urllib.parse.quote(random.choice(labels))
            call = (f"{url}api/preview/{label}.png?dpi=100", None, "image/png")
        started = time.monotonic()
        try:
            status, kind_got, body = ask(call[0], call[1])
            took = time.monotonic() - started
            ok = status == 200 and kind_got == call[2] and len(body) > 0
            reason = f"{status} {body[:80]!r}"
        except Exception as error:  # noqa: BLE001 - a bench counts every failure
            took, ok, reason = time.monotonic() - started, False, repr(error)
        with lock:
            times[kind].append(took)
            if not ok:
                errors[kind].append(reason)

    def client(number: int) -> None:
        rng = random.Random(number)
        while not stop.is_set():
            if number < 2:
                one("compendium")
                continue
            pick = rng.random()
            one("list" if pick < 0.4 else "preview" if pick < 0.8 else "pdf10")

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(options.clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    time.sleep(options.seconds)
    stop.set()
    for thread in threads:
        thread.join(LIMIT + 10)
    ran = time.monotonic() - started
    started_pids = descendants(server.pid)
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    deadline = time.monotonic() + 5
    while alive(started_pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = alive(started_pids)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    cache.cleanup()

    cores = os.cpu_count()
    print(
        f"{options.clients} clients, {ran:.0f} s (asked for {options.seconds:g} s), {cores} cores"
    )
    print(f"{'kind':<12}{'requests':>9}{'p50 s':>9}{'p95 s':>9}{'max s':>9}{'errors':>8}")
    for kind in ("list", "preview", "pdf10", "compendium"):
        got = sorted(times[kind])
        if not got:
            print(f"{kind:<12}{0:>9}")
            continue
        p50 = got[len(got) // 2]
        p95 = got[max(0, int(len(got) * 0.95) - 1)]
        print(f"{kind:<12}{len(got):>9}{p50:>9.2f}{p95:>9.2f}{got[-1]:>9.2f}{len(errors[kind]):>8}")
    total_errors = sum(len(e) for e in errors.values())
    print(f"errors: {total_errors}")
    for kind, reasons in errors.items():
        for reason in reasons[:3]:
            print(f"  {kind}: {reason}")
    print(
        f"peak memory of the server and its processes: {peak[0] / 1e6:.0f} MB ({peak[1]} processes)"
    )
    print(f"processes left 5 s after SIGTERM: {len(left)}")


if __name__ == "__main__":
    main()
