"""Time the compendium for a print shop, and print the layouts' print colours.

Run: .venv/bin/python bench/bench_print_shop.py [--repeat N] [--preset NAME] [--against DIR]
     .venv/bin/python bench/bench_print_shop.py --colours [--layout NAME]

The timing runs `cards compendium --print-shop NAME --no-cache` in fresh processes, alternating
with the same command as it was before presets (`--print-shop` alone, in the checkout at
--against, /work/main by default: RGB single cards with 3 mm bleed), and prints the best and
median of each and their ratio, in wall-clock and in CPU seconds (the fitting runs in worker
processes; their time is counted). --colours prints the ΔE table of a layout's colours against
their CMYK twins through the shipped profile, with the grey each school prints at.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Run a command; return its wall-clock seconds and the CPU seconds of it and its children.

    The CPU time (user + system) hardly moves with the load of a shared machine; the wall time
    does, by up to 50 % between runs on two busy cores.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def bench(repeat: int, preset: str, against: Path) -> None:
    """Alternate today's --print-shop build and the preset's; print best, median, ratio."""
    with tempfile.TemporaryDirectory() as folder:
        before = [str(against / ".venv/bin/cards"), "compendium", "--print-shop", "--no-cache"]
        after = [str(REPO / ".venv/bin/cards"), "compendium", "--print-shop", preset]
        after.append("--no-cache")
        runs: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
        for _ in range(repeat):
            runs["before"].append(timed([*before, "-q", "-o", f"{folder}/a.pdf"], against))
            runs["after"].append(timed([*after, "-q", "-o", f"{folder}/b.pdf"], REPO))
    for kind, index in (("wall", 0), ("cpu", 1)):
        values = {name: [run[index] for run in found] for name, found in runs.items()}
        for name, got in values.items():
            print(
                f"{kind:4} {name:7} best {min(got):6.2f} s  median {statistics.median(got):6.2f} s"
            )
        best = min(values["after"]) / min(values["before"])
        median = statistics.median(values["after"]) / statistics.median(values["before"])
        print(f"{kind:4} ratio   best {best:.2f} x  median {median:.2f} x")


def colours(layout_name: str) -> None:
    """Print each colour of a layout, its CMYK twin and their ΔE through the profile."""
    sys.path.insert(0, str(REPO))
    from cards.colour import mix, printed_grey
    from cards.inks import delta_e, layout_inks
    from cards.layout import load_layout

    layout = load_layout(layout_name)
    inks = layout_inks(layout)
    c = layout.colours
    rows = [
        ("text", c.text),
        ("muted", c.muted),
        ("background", c.background),
        ("title", c.title),
        ("frame", c.frame),
        *layout.school_colours.items(),
        *(
            (f"{school} tint", mix(colour, c.background, c.tint))
            for school, colour in layout.school_colours.items()
        ),
    ]
    print(f"| {layout_name} | RGB | CMYK % | ΔE (CIE76) | grey L* |")
    print("|---|---|---|---|---|")
    for name, colour in rows:
        ink = inks.ink(colour)
        cmyk = "/".join(f"{round(v * 100)}" for v in ink)
        grey = f"{printed_grey(colour):.1f}" if name in layout.school_colours else ""
        print(f"| {name} | {colour} | {cmyk} | {delta_e(colour, ink):.1f} | {grey} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--preset", default="tiskarna")
    parser.add_argument("--against", type=Path, default=Path("/work/main"))
    parser.add_argument("--colours", action="store_true")
    parser.add_argument("--layout", default="poker")
    args = parser.parse_args()
    if args.colours:
        colours(args.layout)
    else:
        bench(args.repeat, args.preset, args.against)


if __name__ == "__main__":
    main()
