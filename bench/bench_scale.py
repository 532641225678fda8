"""Print how well each layout's column sets the compendium at each body size: the type scale's top.

Run: .venv/bin/python bench/bench_scale.py [--layout poker ...]

For every size step of a layout (type.size_steps within body_min..the title's size), sets the
description of every spell of the compendium at that one size, in the layout's column, and
reads its justified lines as bench_spacing.py does: a line that is not the last of its
paragraph and reaches the column's right edge. Prints per size the lines, the share whose
spaces stretch past 2 x their natural width, those past 3 x and the worst; and the largest
size whose share is at most TOP_SHARE: the largest the layout sets justified
(`type.justify_max`; larger sizes, up to `type.body_max` below the title, are set
flush-left). layouts/*.toml quote these figures.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_spacing import body_groups, line_ratio, right_end  # noqa: E402

from cards.build import collector_paused  # noqa: E402
from cards.fit import SpellSetter  # noqa: E402
from cards.layout import load_layout  # noqa: E402
from cards.source.library import read_compendium  # noqa: E402
from cards.typeset import TypesetContext  # noqa: E402

# The largest size set justified (type.justify_max) is the largest at which, every spell set
# at that one size, at most TOP_SHARE per cent of the justified lines stretch their spaces
# past 2 x: the fitter then sets a spell a size smaller where its own lines would gape
# (fit/room.GAPE), which brings the deck under 1 % at every size (bench_deck.py).
TOP_SHARE = 3.0
LAYOUTS = ("poker", "bridge", "tarot", "large-print", "ink-saver", "mini")


@dataclass
class Column:
    """The placed lines of one description, for bench_spacing's reading."""

    items: tuple


def placed(slabs) -> Column:
    """Place slabs from y = 0 down, as a card does without opening them."""
    items, top = [], 0.0
    for n, slab in enumerate(slabs):
        if n:
            top -= slab.space_before
        items.extend(item.moved(top) for item in slab.items)
        top -= slab.height
    return Column(tuple(items))


def ratios(column: Column, layout) -> list[float]:
    """Return the space ratio of each justified line of a placed description."""
    out = []
    right = layout.width - layout.safe_margin
    for group in body_groups(column, layout):
        for n, (item, _) in enumerate(group):
            if n == len(group) - 1:
                continue
            inset = item.x - layout.safe_margin
            edge = right - (inset if inset > 1 else 0.0)
            ratio = line_ratio(item)
            if ratio is not None and right_end(item) >= edge - 0.3:
                out.append(ratio)
    return out


def scale(name: str, spells) -> None:
    """Print one layout's figures per size and the top they choose."""
    layout = load_layout(name)
    # every size justified, whatever the layout says: what justification would give
    justified = replace(layout.sizes, justify_max=0.0, flush_left=False)
    layout = replace(layout, sizes=justified)
    sizes = sorted(
        {layout.body_min, *(s for s in layout.sizes.size_steps if s > layout.body_min)}
        | {layout.body_max}
    )
    sizes = [s for s in sizes if s < layout.sizes.title_max]  # the body is below the title
    context = TypesetContext()
    setters = [SpellSetter(spell, layout, context) for spell in spells]
    print(f"{name}: column {layout.width - 2 * layout.safe_margin:.1f} pt")
    print("   size  justified  over2x   share  over3x  worst")
    top = None
    for size in sizes:
        found: list[float] = []
        for setter in setters:
            found += ratios(placed(setter.slabs(size)), layout)
        over2 = sum(r > 2 for r in found)
        share = 100.0 * over2 / max(len(found), 1)
        worst = max(found, default=1.0)
        good = share <= TOP_SHARE
        if good and (top is None or size > top):
            top = size
        mark = "" if good else "  x"
        print(
            f"  {size:5.2f} {len(found):10d} {over2:7d} {share:6.2f}% "
            f"{sum(r > 3 for r in found):6d} {worst:6.2f}{mark}"
        )
    print(f"  justified up to: {top if top is not None else 'none (set flush-left)'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", action="append", choices=LAYOUTS)
    args = parser.parse_args()
    spells = read_compendium().spells
    with collector_paused():
        for name in args.layout or LAYOUTS:
            scale(name, spells)


if __name__ == "__main__":
    main()
