"""Time whole-compendium builds against the floor, side by side in one run.

Run: .venv/bin/python bench/bench_build.py [--repeat N] [--callgrind] [--kinds floor,warm,...]

Every figure is a whole process, Python's start and imports included, run from outside:
  floor  bench/floor.py: raw reportlab drawing the compendium's text unfitted (no `cards` import)
  warm   cards compendium --sheet none (one card a page), the cache of fitted cards filled
  cold   cards compendium --sheet none --no-cache
  a4     cards compendium --backs (A4 sheets with their backs), the cache filled
  part   cards compendium --sheet none --no-cache --level 0-2 (a deck of about a third)
  jobs   cards compendium --sheet none --no-cache with the default --jobs (workers on the idle
         cores): the wall time a user waits for a first build; its CPU time adds the workers'
Other builds run with --jobs 1, so a run is one process's work. The kinds alternate, N rounds, each
in a cache folder of its own (the warm ones filled by an untimed build first). Prints the best
and median wall time, the median CPU time (user + system) and the peak memory (maximum
resident set) of each, and each median (wall, then CPU) as a multiple of the floor's: on a
machine others share, the CPU time is the steadier figure. --callgrind also
counts each kind's instructions once under valgrind's callgrind (stable on a shared machine).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CARDS = [sys.executable, "-m", "cards", "compendium", "-q", "--jobs", "1"]
KINDS = {
    "floor": [sys.executable, str(HERE / "floor.py")],
    "warm": [*CARDS, "--sheet", "none"],
    "cold": [*CARDS, "--sheet", "none", "--no-cache"],
    "a4": [*CARDS, "--backs"],
    "part": [*CARDS, "--sheet", "none", "--no-cache", "--level", "0-2"],
    "jobs": [sys.executable, "-m", "cards", "compendium", "-q", "--sheet", "none", "--no-cache"],
}
WARM = {"warm", "a4"}


def command(kind: str, out: Path) -> list[str]:
    return [*KINDS[kind], str(out)] if kind == "floor" else [*KINDS[kind], "-o", str(out)]


def run(kind: str, out: Path, cache: Path) -> tuple[float, float, float]:
    """Run one build; return its wall seconds, CPU seconds and peak memory in MB."""
    env = {**os.environ, "CARDS_CACHE_DIR": str(cache)}
    start = time.perf_counter()
    process = subprocess.Popen(command(kind, out), env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{kind} failed: {' '.join(command(kind, out))}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def instructions(kind: str, out: Path, cache: Path) -> int:
    """Count the instructions of one build under callgrind (children not followed)."""
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "callgrind.out"
        valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={log}"]
        env = {**os.environ, "CARDS_CACHE_DIR": str(cache)}
        result = subprocess.run(
            [*valgrind, *command(kind, out)], env=env, capture_output=True, text=True
        )
        found = re.search(r"Collected : (\d+)", result.stderr)
        if result.returncode or not found:
            raise SystemExit(f"callgrind of {kind} failed:\n{result.stderr[-2000:]}")
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--kinds", default="floor,warm,cold,a4,part")
    parser.add_argument("--callgrind", action="store_true")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        caches = {kind: Path(tmp) / f"cache-{kind}" for kind in kinds}
        for kind in kinds:
            if kind in WARM:
                run(kind, Path(tmp) / "fill.pdf", caches[kind])
        figures: dict[str, list[tuple[float, float, float]]] = {kind: [] for kind in kinds}
        for _ in range(args.repeat):
            for kind in kinds:
                cache = caches[kind] if kind in WARM else Path(tmp) / "cache-empty"
                figures[kind].append(run(kind, Path(tmp) / f"{kind}.pdf", cache))
                if kind not in WARM and cache.exists():
                    subprocess.run(["rm", "-rf", str(cache)], check=True)
        sizes = {kind: (Path(tmp) / f"{kind}.pdf").stat().st_size for kind in kinds}
        counts = {}
        if args.callgrind:
            for kind in kinds:
                cache = caches[kind] if kind in WARM else Path(tmp) / "cache-empty"
                counts[kind] = instructions(kind, Path(tmp) / f"{kind}-cg.pdf", cache)
    floor = statistics.median(f[0] for f in figures["floor"]) if "floor" in kinds else None
    floor_cpu = statistics.median(f[1] for f in figures["floor"]) if "floor" in kinds else None
    floor_ir = counts.get("floor")
    python = sys.version.split()[0]
    print(f"whole processes, {args.repeat} alternating rounds (python {python})")
    head = ("kind", "best s", "median s", "cpu s", "peak MB", "PDF MB")
    print("{:<6} {:>7} {:>8} {:>6} {:>7} {:>6}  wall, cpu vs floor".format(*head))
    for kind in kinds:
        walls = [f[0] for f in figures[kind]]
        median = statistics.median(walls)
        cpu = statistics.median(f[1] for f in figures[kind])
        peak = max(f[2] for f in figures[kind])
        ratio = f"{median / floor:5.2f} x, {cpu / floor_cpu:5.2f} x" if floor else ""
        line = f"{kind:<6} {min(walls):7.3f} {median:8.3f} {cpu:6.3f} {peak:7.1f} "
        line += f"{sizes[kind] / 1e6:6.2f}  {ratio}"
        if kind in counts:
            line += f"   {counts[kind] / 1e9:6.2f} G instructions"
            if floor_ir:
                line += f" ({counts[kind] / floor_ir:.2f} x)"
        print(line)


if __name__ == "__main__":
    main()
