"""Time the three decks users print, each as its command runs at its defaults.

Run: .venv/bin/python bench/bench_decks.py [--repeat N]
Each use runs the real command in-process (click's test runner) and prints its best wall time
of N runs after a warm-up: a class deck, a prepared list, the whole compendium on A4, and the
whole compendium on A4 with backs (target: under 1.5 s on the 2-core development machine).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from cards.cli import main as cards

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


def timed(runner: CliRunner, args: list[str], repeat: int) -> float:
    """Return the best wall time of `cards ARGS` over repeat runs, after one warm-up run."""
    result = runner.invoke(cards, args, catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(f"cards {' '.join(args)} failed:\n{result.output}")
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        runner.invoke(cards, args, catch_exceptions=False)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runner = CliRunner()
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
            seconds = timed(runner, [*command, "-q", "-o", str(out)], args.repeat)
            print(f"{label:<36} {seconds:.3f} s")


if __name__ == "__main__":
    main()
