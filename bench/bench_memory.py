"""Peak memory of compendium builds by deck size: how much each spell adds.

Run: .venv/bin/python bench/bench_memory.py [--repeat N] [--phases]

Each figure is a whole process's peak resident set (`cards compendium -q --jobs 1`, one card
a page), for decks of level 0, levels 0-2 and all spells, warm (the cache filled by an untimed
build first) and cold (--no-cache); the slope is what a spell adds from the smallest deck to
the whole one (flat in the deck: near 0). --phases also prints, for the warm and cold whole
compendium, the resident set after the fit, after the painting and with the PDF's bytes
made (pdf-bytes), each against the smallest deck: where the growth is held.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CARDS = [sys.executable, "-m", "cards", "compendium", "-q", "--jobs", "1", "--sheet", "none"]
DECKS = {"level 0": ["--level", "0"], "levels 0-2": ["--level", "0-2"], "all": []}

# Run in a child: marks the resident set (VmRSS, kB) at the end of each stage of one build.
PHASES = """
import sys
from reportlab.pdfgen.canvas import Canvas
import cards.build as build

def rss():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))

marks = {}
fit_spells, getpdfdata = build.fit_spells, Canvas.getpdfdata
def fitted(*args, **kwargs):
    faces = fit_spells(*args, **kwargs)
    marks["fitted"] = rss()
    return faces
def painted(self):
    marks["painted"] = rss()
    data = getpdfdata(self)
    marks["pdf-bytes"] = rss()
    return data
build.fit_spells, Canvas.getpdfdata = fitted, painted
from cards.cli import main
sys.argv = ["cards", *sys.argv[1:]]
try:
    main()
except SystemExit as end:
    if end.code:
        raise
print(" ".join(f"{name}={value}" for name, value in marks.items()))
"""


def peak(arguments: list[str], cache: Path, out: Path) -> float:
    """Run one build; return its peak resident set in MB."""
    env = {**os.environ, "CARDS_CACHE_DIR": str(cache)}
    process = subprocess.Popen([*CARDS, *arguments, "-o", str(out)], env=env)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"build failed: {' '.join(arguments)}")
    return usage.ru_maxrss / 1024


def phases(arguments: list[str], cache: Path, out: Path) -> dict[str, float]:
    """Return the resident set in MB at the end of each stage of one build."""
    env = {**os.environ, "CARDS_CACHE_DIR": str(cache)}
    command = [sys.executable, "-c", PHASES, *CARDS[3:], *arguments, "-o", str(out)]
    line = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return {k: int(v) / 1024 for k, v in (pair.split("=") for pair in line.split())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--phases", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cache, out = Path(tmp) / "cache", Path(tmp) / "deck.pdf"
        for deck in DECKS.values():
            peak(deck, cache, out)  # fills the cache for the warm builds
        counts = {}
        for name, deck in DECKS.items():
            listed = subprocess.run(
                [sys.executable, "-m", "cards", "list", *deck],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            counts[name] = sum(1 for line in listed.splitlines() if line.strip())
        print("peak resident set, MB (best of", args.repeat, "runs); --jobs 1, one card a page")
        print(f"{'deck':<11} {'spells':>6} {'warm':>7} {'cold':>7}")
        figures = {}
        for name, deck in DECKS.items():
            warm = min(peak(deck, cache, out) for _ in range(args.repeat))
            cold = min(peak([*deck, "--no-cache"], cache, out) for _ in range(args.repeat))
            figures[name] = (warm, cold)
            print(f"{name:<11} {counts[name]:>6} {warm:7.1f} {cold:7.1f}")
        spells = counts["all"] - counts["level 0"]
        slope = [(figures["all"][i] - figures["level 0"][i]) * 1024 / spells for i in (0, 1)]
        print(f"slope: {slope[0]:.0f} KB a spell warm, {slope[1]:.0f} KB cold")
        if args.phases:
            for kind, extra in (("warm", []), ("cold", ["--no-cache"])):
                small = phases([*DECKS["level 0"], *extra], cache, out)
                whole = phases(extra, cache, out)
                growth = ", ".join(f"{k} +{whole[k] - small[k]:.1f} MB" for k in whole)
                print(f"{kind}, all against level 0: {growth}")


if __name__ == "__main__":
    main()
