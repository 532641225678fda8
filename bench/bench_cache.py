"""Time warm and cold builds, --jobs, images and memory, side by side with an older tree.

Run: .venv/bin/python bench/bench_cache.py [--repeat N] [--old DIR] [--only PART,...]

DIR is a source tree of the code to compare with (e.g. `git archive main | tar -x -C DIR`);
its runs are made with PYTHONPATH=DIR from a neutral folder, alternating with this tree's, so
a loaded machine slows both alike. Parts (all by default):
  build   whole-process `cards compendium --sheet none`: warm (cache full), cold (an empty
          cache folder, written as it goes), --no-cache (default jobs), --no-cache --jobs 1,
          the old tree, and bench_build's floor, alternated; medians of wall and CPU time
  jobs    cold fits of the compendium in-process with 1 and 2 (and the cores') workers
  cache   the cache's size on disk for the compendium in every layout (and with
          --continue-on-back), and the hit rate of a second build
  memory  peak RSS of a build (cache off, one process) of the compendium at 1x and 8x
          (copies made distinct), old and new
  images  CPU time of `cards images` (a subset: --images-level, default 0-2) and the peak RSS
          of `--sheet tts` for it, old and new
  help    CPU time of `cards --help` and `cards list`, old and new
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _env(old: str | None, cache: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if old:
        env["PYTHONPATH"] = old
    if cache is not None:
        env["CARDS_CACHE_DIR"] = str(cache)
    return env


def run(args: list[str], *, old: str | None = None, cache: Path | None = None) -> dict:
    """Run `python args...` in a fresh process from a neutral folder; return wall, CPU, RSS."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, *args],
            cwd=folder,
            env=_env(old, cache),
            check=True,
            capture_output=True,
        )
        wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu, "rss": after.ru_maxrss}


def peak_rss(args: list[str], *, old: str | None = None) -> float:
    """Return the peak RSS (MB) of one `cards ARGS...` process, as it measures itself."""
    wrapper = (
        "import resource, runpy, sys\n"
        f"sys.argv = ['cards', *{args!r}]\n"
        "try:\n"
        "    runpy.run_module('cards', run_name='__main__', alter_sys=True)\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('RSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            [sys.executable, "-c", wrapper],
            cwd=folder,
            env=_env(old, Path(folder) / "cache"),
            check=True,
            capture_output=True,
            text=True,
        )
    line = [x for x in result.stderr.splitlines() if x.startswith("RSS ")][-1]
    return int(line.split()[1]) / 1024


def median(values: list[float]) -> float:
    return statistics.median(values)


def part_build(repeat: int, old: str | None) -> None:
    """Issue 21's figures: whole-process wall and CPU of the compendium, alternated runs."""
    compendium = ["-m", "cards", "compendium", "--sheet", "none", "-q", "-o", "out.pdf"]
    floor = [str(HERE / "floor.py"), "floor.pdf"]
    runs: dict[str, list[dict]] = {
        "warm": [],
        "cold": [],
        "no-cache": [],
        "no-cache --jobs 1": [],
        "old": [],
        "floor": [],
    }
    with tempfile.TemporaryDirectory() as folder:
        warm_cache = Path(folder) / "warm"
        run(compendium, cache=warm_cache)  # fill it
        for number in range(repeat):
            runs["warm"].append(run(compendium, cache=warm_cache))
            runs["cold"].append(run(compendium, cache=Path(folder) / f"cold{number}"))
            runs["no-cache"].append(run([*compendium, "--no-cache"], cache=warm_cache))
            single = [*compendium, "--no-cache", "--jobs", "1"]
            runs["no-cache --jobs 1"].append(run(single, cache=warm_cache))
            if old:  # (a tree from before the cache and --jobs: its build is a cold one)
                runs["old"].append(run(compendium, old=old))
            runs["floor"].append(run(floor))
    print(f"whole process, cards compendium --sheet none, median of {repeat} alternated runs")
    print(f"(load average {os.getloadavg()[0]:.2f}; CPU = user + system of the process tree):")
    floor_wall = median([r["wall"] for r in runs["floor"]])
    for kind, values in runs.items():
        if values:
            wall = [r["wall"] for r in values]
            cpu = median([r["cpu"] for r in values])
            print(
                f"  {kind:>17}: {median(wall):.3f} s wall (best {min(wall):.3f}), "
                f"{cpu:.3f} s CPU, {median(wall) / floor_wall:.2f} x the floor's wall"
            )


def _fit_once(jobs: int) -> float:
    from cards.build import collector_paused, fit_spells
    from cards.layout import load_layout
    from cards.source.library import read_compendium

    spells = read_compendium().spells
    layout = load_layout()
    start = time.perf_counter()
    with collector_paused():
        fit_spells(spells, layout, cache=None, jobs=jobs)
    return time.perf_counter() - start


def part_jobs(repeat: int) -> None:
    counts = sorted({1, 2, os.cpu_count() or 1})
    times: dict[int, list[float]] = {jobs: [] for jobs in counts}
    for _ in range(repeat):
        for jobs in counts:
            code = (
                f"import sys; sys.path.insert(0, {str(HERE)!r}); import bench_cache; "
                f"print(bench_cache._fit_once({jobs}))"
            )
            result = subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            )
            times[jobs].append(float(result.stdout))
    print(f"fit of the compendium, cache off, in-process, median of {repeat} alternated runs:")
    for jobs, values in times.items():
        print(f"  --jobs {jobs}: {median(values):.3f} s (best {min(values):.3f})")


def part_cache() -> None:
    from cards.layout import list_layouts

    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / "cache"
        sizes = []
        for name in list_layouts():
            run(
                [
                    "-m",
                    "cards",
                    "compendium",
                    "--sheet",
                    "none",
                    "--layout",
                    name,
                    "-q",
                    "-o",
                    "x.pdf",
                ],
                cache=cache,
            )
            sizes.append((name, _size(cache)))
        run(["-m", "cards", "compendium", "--continue-on-back", "-q", "-o", "x.pdf"], cache=cache)
        sizes.append(("poker --continue-on-back", _size(cache)))
        previous = 0
        print("cache on disk after the compendium in each layout (cumulative, this entry's part):")
        for name, size in sizes:
            print(f"  {name:>24}: {size / 1e6:6.2f} MB ({(size - previous) / 1e6:.2f} MB)")
            previous = size
        code = (
            "from cards.build import fit_all; from cards.cache import default_cache;"
            "from cards.compendium import read_compendium; from cards.layout import load_layout;"
            "c = default_cache(); fit_all(read_compendium().spells, load_layout(), cache=c);"
            "print(c.stats.hits, c.stats.misses)"
        )
        result = subprocess.run(
            [sys.executable, "-c", code],
            env=_env(None, cache),
            capture_output=True,
            text=True,
            check=True,
        )
        hits, misses = (int(x) for x in result.stdout.split())
        print(
            f"second build (poker): {hits} hits, {misses} misses, "
            f"hit rate {hits / (hits + misses):.1%}"
        )


def _size(cache: Path) -> int:
    return sum(path.stat().st_size for path in cache.iterdir())


MEMORY_SCRIPT = """
import sys
from dataclasses import replace
from cards.build import build_pdf
from cards.source.library import read_compendium
from cards.model import Paragraph
times = int(sys.argv[1])
spells = list(read_compendium().spells)
deck = []
for copy in range(times):
    for spell in spells:
        if copy:  # every paragraph made distinct: no cache of one copy serves another
            blocks = tuple(
                replace(b, text=f"{b.text} ({copy})") if isinstance(b, Paragraph) else b
                for b in spell.blocks
            )
            spell = replace(spell, name=f"{spell.name} {copy}", blocks=blocks)
        deck.append(spell)
try:
    build_pdf(deck, "out.pdf", sheet="none", cache=None, jobs=1)
except TypeError:  # an older tree: no cache
    build_pdf(deck, "out.pdf", sheet="none")
"""


def part_memory(old: str | None) -> None:
    print("peak RSS of a build, --sheet none, cache off, one process:")
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "memory_build.py"
        script.write_text(MEMORY_SCRIPT, encoding="utf-8")
        for times in (1, 2, 8):
            new = _script_rss(script, times, None)
            line = f"  {times}x the compendium ({492 * times} spells): new {new:.0f} MB"
            if old:
                line += f", old {_script_rss(script, times, old):.0f} MB"
            print(line)


def _script_rss(script: Path, times: int, old: str | None) -> float:
    wrapper = (
        "import resource, runpy, sys\n"
        f"sys.argv = [{str(script)!r}, {str(times)!r}]\n"
        f"runpy.run_path({str(script)!r}, run_name='__main__')\n"
        "print('RSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            [sys.executable, "-c", wrapper],
            cwd=folder,
            env=_env(old, Path(folder) / "c"),
            capture_output=True,
            text=True,
            check=True,
        )
    return int(result.stdout.split()[-1]) / 1024


def part_images(old: str | None, levels: str) -> None:
    args = ["-m", "cards", "images", "--level", levels, "-o", "img"]
    print(f"cards images --level {levels} (300 dpi), CPU seconds of the process:")
    with tempfile.TemporaryDirectory() as folder:
        for label, tree in (("new", None), ("old", old)):
            if label == "old" and not old:
                continue
            cold = run(args, old=tree, cache=Path(folder) / f"{label}-cache")
            warm = run(args, old=tree, cache=Path(folder) / f"{label}-cache")
            print(
                f"  {label}: {cold['cpu']:.1f} s CPU ({cold['wall']:.1f} s wall) first, "
                f"{warm['cpu']:.1f} s CPU second"
            )
        for label, tree in (("new", None), ("old", old)):
            if label == "old" and not old:
                continue
            rss = peak_rss(["images", "--level", levels, "--sheet", "tts", "-o", "tts"], old=tree)
            print(f"  --sheet tts peak RSS, {label}: {rss:.0f} MB")


def part_help(repeat: int, old: str | None) -> None:
    for command in (["--help"], ["list"]):
        for label, tree in (("new", None), ("old", old)):
            if label == "old" and not old:
                continue
            cpus = [run(["-m", "cards", *command], old=tree)["cpu"] for _ in range(repeat)]
            print(f"cards {' '.join(command)}, {label}: {median(cpus):.3f} s CPU (median)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--old", help="a source tree of older code to compare with")
    parser.add_argument("--only", default="build,jobs,cache,memory,images,help")
    parser.add_argument("--images-level", default="0-2")
    args = parser.parse_args()
    old = str(Path(args.old).resolve()) if args.old else None
    parts = args.only.split(",")
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.2f}")
    if "build" in parts:
        part_build(args.repeat, old)
    if "jobs" in parts:
        part_jobs(args.repeat)
    if "cache" in parts:
        part_cache()
    if "memory" in parts:
        part_memory(old)
    if "images" in parts:
        part_images(old, args.images_level)
    if "help" in parts:
        part_help(args.repeat, old)


if __name__ == "__main__":
    main()
