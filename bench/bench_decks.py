"""Time the three decks users print, each as its command runs at its defaults.

Run: .venv/bin/python bench/bench_decks.py [--repeat N]
Each use runs the real command as a user does, `python -m cards ...` in a new process, and
prints its best and median wall time of N runs, start-up and imports included: a class deck, a
prepared list, the whole compendium on A4, and the whole compendium on A4 with backs (target:
under 1.5 s on the 2-core development machine).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PREPARED = """\
# Tonight's prepared spells, written the way players write them
magicka strela
Fireball
štít
DETECT MAGIC
  mlžný   krok
Counterspell
světlo (příručka hráče)
"""


def timed(args: list[str], repeat: int) -> list[float]:
    """Return the wall times of `python -m cards ARGS`, each run in a new process."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "cards", *args], capture_output=True)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise SystemExit(f"cards {' '.join(args)} failed:\n{result.stderr.decode()}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        deck = Path(tmp) / "deck.txt"
        deck.write_text(PREPARED, encoding="utf-8")
        uses = {
            "class kouzelník (315 spells, A4)": ["class", "kouzelník"],
            "deck of 7 prepared spells (A4)": ["deck", str(deck)],
            "compendium (492 spells, A4)": ["compendium"],
            "compendium, A4 with backs": ["compendium", "--backs"],
        }
        for label, command in uses.items():
            out = Path(tmp) / "out.pdf"
            times = timed([*command, "-q", "-o", str(out)], args.repeat)
            print(f"{label:<36} {min(times):.3f} s best, {statistics.median(times):.3f} s median")


if __name__ == "__main__":
    main()
