"""Card breaks and heights (cards/fit/paginate.py) on slabs made by hand, 10 pt each, so that
the expected break is counted by hand: a card 100 pt high holds ten of them."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from cards.face import Area, Fill, Label, Rule
from cards.fit import paginate, search
from cards.fit.paginate import (
    BLOCK,
    EPS,
    LINE,
    NEVER,
    SENTENCE,
    SHORT,
    Panel,
    Remainder,
    Slab,
    card_end,
    fill_card,
    openings,
    overflow,
    plan,
    split,
    used_height,
)
from cards.fit.setter import FitError
from cards.layout import load_layout
from cards.model import Paragraph
from tests.support.spells import layout_variant, make_spell


def _slabs(kinds: str, height: float = 10.0, space: float = 0.0) -> tuple[Slab, ...]:
    """One slab per letter: B a paragraph's first line, L a later line, N a line the card may
    not end before (a widow or a heading's text)."""
    breakable = {"B": BLOCK, "L": LINE, "N": NEVER}
    return tuple(Slab(height, (), space, breakable[kind]) for kind in kinds)


def test_used_height_drops_the_space_above_the_first_slab_and_adds_the_header():
    """Heights add up, spaces between slabs count but not the one at the card's top."""
    header = Slab(4.0, ())
    slabs = (Slab(10.0, (), 3.0, BLOCK, repeat=header), Slab(7.0, (), 2.0), Slab(5.0, (), 1.0))
    assert used_height(slabs) == pytest.approx(4 + 10 + (2 + 7) + (1 + 5))
    assert used_height(()) == 0.0


def test_a_card_less_than_four_fifths_full_does_not_end_at_a_paragraph_end():
    """A paragraph starts after 30 pt of 100: the card fills up to its edge instead."""
    slabs = _slabs("BLLBLLLLLLLLLLLB")
    assert card_end(slabs, 0, 100.0, prefer_blocks=True) == 10


def test_a_card_four_fifths_full_ends_at_the_paragraph_end():
    """A paragraph starts after 90 pt of 100: the card ends there, not a line later."""
    slabs = _slabs("BLLLLLLLLBLLLL")
    assert card_end(slabs, 0, 100.0, prefer_blocks=True) == 9
    assert card_end(slabs, 0, 100.0, prefer_blocks=False) == 10


def test_at_exactly_four_fifths_the_paragraph_end_is_taken():
    """80 pt used of 100 is full enough (the rule's edge)."""
    assert card_end(_slabs("BLLLLLLLBLLLLL"), 0, 100.0, prefer_blocks=True) == 8
    assert card_end(_slabs("BLLLLLLBLLLLLL"), 0, 100.0, prefer_blocks=True) == 10  # 70 pt


def test_a_card_never_ends_before_a_slab_marked_never():
    """The line that would be a widow stays with the line before it: the card ends earlier."""
    assert card_end(_slabs("BLLLLLLLLLNL"), 0, 100.0, prefer_blocks=True) == 9
    assert card_end(_slabs("BLLLLLLLLNNL"), 0, 100.0, prefer_blocks=True) == 8


def test_everything_that_fits_ends_the_card_at_the_end():
    """Slabs of 95 pt on a card of 100: one card, ending after the last slab."""
    slabs = _slabs("BLLLLLLLL", height=95 / 9)
    assert card_end(slabs, 0, 100.0, prefer_blocks=True) == len(slabs)


def test_spaces_between_slabs_count_toward_the_card_height():
    """Slabs of 10 pt with 2.5 pt above each: eight fit in 100 pt (10 + 7 x 12.5 = 97.5)."""
    assert card_end(_slabs("BLLLLLLLLLLL", space=2.5), 0, 100.0, prefer_blocks=False) == 8


def test_split_fills_cards_in_order_and_loses_no_slab():
    """35 lines, first card 60 pt, the rest 100 pt: cards end after 6, 16, 26 and 35 lines;
    with a limit of 2 cards the split stops at the third."""
    slabs = _slabs("B" + "L" * 34)
    assert split(slabs, 60.0, 100.0, False, 10) == [6, 16, 26, 35]
    assert split(slabs, 60.0, 100.0, False, 2) == [6, 16, 26]


# ------------------------------------------------------------------------------------------
# Card breaks (cards/fit/paginate.py) against oracles written from the rules, not the code.
#
# Written to kill the mutants a mutation run left alive: `plan` (the look-ahead breaks) against a
# brute force over every way to cut the slabs, the order of the break ranks, `split` with a last
# card of its own height, `overflow`, and `fill_card`'s panels. Slabs are made by hand.


RANKS = (NEVER, SHORT, LINE, SENTENCE, BLOCK)  # worst to best, as the module's comment says


def _height(slabs) -> float:
    """A run's height at a card's top, by the rule in the module's docstring (own sum)."""
    if not slabs:
        return 0.0
    total = (slabs[0].repeat.height if slabs[0].repeat else 0.0) + slabs[0].height
    return total + sum(s.space_before + s.height for s in slabs[1:])


def _card_cost(slabs, start, end, room, last) -> float:
    """What a card holding slabs[start:end] in `room` costs by the module's rule: the room
    left once its slabs (all but the first) open by their stretch, EMPTY_COST per room, and
    SHORT_COST more on a card before the last left more than SHORT_OF_FULL short; a card
    before the last the BREAK_COST of the slab it ends before."""
    used = _height(slabs[start:end])
    empty = max(0.0, room - used - sum(s.stretch for s in slabs[start + 1 : end]))
    cost = paginate.EMPTY_COST * empty / room
    if not last:
        cost += paginate.BREAK_COST[slabs[end].breakable]
        if empty > paginate.SHORT_OF_FULL:
            cost += paginate.SHORT_COST
    return cost


def _brute_force(slabs, height, final, limit):
    """The least cost over every cut into at most `limit` cards that fit, or None
    (`_card_cost` of each card; the last holds final(n) if given)."""
    count = len(slabs)
    best = None
    for cards in range(1, limit + 1):
        for cuts in itertools.combinations(range(1, count), cards - 1):
            ends = (*cuts, count)
            start, cost = 0, 0.0
            for n, end in enumerate(ends):
                used = _height(slabs[start:end])
                last = n == len(ends) - 1
                room = final(n) if last and final is not None else height(n)
                if used > room + 1e-9:
                    break
                cost += _card_cost(slabs, start, end, room, last)
                start = end
            else:
                if best is None or cost < best[0] - 1e-9:
                    best = (cost, ends)
    return best


def _random_case(rng: random.Random):
    count = rng.randint(2, 8)
    header = Slab(rng.choice((2.0, 4.0)), ())
    slabs = tuple(
        Slab(
            rng.choice((3.0, 5.0, 8.0, 10.0)),
            (),
            rng.choice((0.0, 0.0, 2.0)),
            rng.choice(RANKS),
            repeat=header if rng.random() < 0.2 else None,
            stretch=rng.choice((0.0, 0.0, 1.0, 6.0)),
        )
        for _ in range(count)
    )
    first, rest = rng.choice((12.0, 20.0, 25.0, 40.0)), rng.choice((15.0, 20.0, 30.0, 45.0))
    heights = (first, rest)

    def height(n: int) -> float:
        return heights[min(n, 1)]

    final = None
    if rng.random() < 0.4:
        shorter = rng.choice((0.5, 0.8, 1.2))

        def final(n: int) -> float:
            return height(n) * shorter

    return slabs, height, final, rng.randint(1, 4)


@pytest.mark.parametrize("seed", range(6))
def test_plan_finds_the_cheapest_cut_a_brute_force_finds(seed):
    """On 60 random runs of slabs per seed, plan's cost is the least over every cut, its
    ends are a cut of that cost, and where no cut fits it says so (infinite cost)."""
    rng = random.Random(seed)
    for _ in range(60):
        slabs, height, final, limit = _random_case(rng)
        expected = _brute_force(slabs, height, final, limit)
        cost, ends = plan(slabs, height, final, limit)
        if expected is None:
            assert cost == float("inf")  # its ends then mean nothing
            continue
        assert cost == pytest.approx(expected[0], abs=1e-9)
        assert ends[-1] == len(slabs) and len(ends) <= limit
        assert ends == sorted(ends) and len(set(ends)) == len(ends)
        # the ends plan gives cost what it says, by the rules above
        start, own = 0, 0.0
        for n, end in enumerate(ends[:-1]):
            assert _height(slabs[start:end]) <= height(n) + 1e-9
            own += _card_cost(slabs, start, end, height(n), False)
            start = end
        room = final(len(ends) - 1) if final is not None else height(len(ends) - 1)
        assert _height(slabs[start:]) <= room + 1e-9
        own += _card_cost(slabs, start, len(slabs), room, True)
        assert own == pytest.approx(cost, abs=1e-9)


def test_plan_of_no_slabs_is_one_empty_card():
    assert plan((), lambda n: 10.0, None, 3) == (0.0, [0])


def test_plan_never_asks_for_a_card_past_its_limit():
    """Empty slabs after a full card could start a second card: not with a limit of one."""
    slabs = (Slab(10.0, ()), Slab(0.0, ()), Slab(0.0, ()))
    heights = {0: 10.0}
    assert plan(slabs, heights.__getitem__, None, 1) == (0.0, [3])


def test_plan_finds_the_cards_split_finds_when_each_is_just_over_its_room():
    """Two cards each 2**-20 pt over their room (within the millionth every fit allows a
    card), together more than a millionth over: split fills three cards, so plan does too."""
    over = 1.0 + 2**-20
    slabs = (Slab(1.0, ()), Slab(over, ()), Slab(over, ()))
    assert split(slabs, 1.0, 1.0, True, 3) == [1, 2, 3]
    assert plan(slabs, lambda n: 1.0, None, 3) == (0.0, [1, 2, 3])


@pytest.mark.parametrize(("worse", "better"), list(itertools.pairwise(RANKS)))
def test_plan_takes_the_better_ranked_of_two_breaks_leaving_the_same_room(worse, better):
    """A 10 pt line, then a 0 pt slab of rank `worse`, then a 10 pt one of rank `better`:
    ending card 1 before either leaves it just as full, so the better rank wins (the ranks'
    costs are strictly ordered: never, short, line, sentence, block)."""
    slabs = (Slab(10.0, ()), Slab(0.0, (), 0.0, worse), Slab(10.0, (), 0.0, better))
    cost, ends = plan(slabs, lambda n: 10.0, None, 2)
    assert ends == [2, 3]
    assert cost == pytest.approx(paginate.BREAK_COST[better])
    assert paginate.BREAK_COST[worse] > paginate.BREAK_COST[better]


def test_plan_counts_the_room_a_card_leaves_empty():
    """Two block ends, one leaving card 1 full and one leaving half of it empty: the full
    card wins; the last card's room left (5 of 15) counts too."""
    slabs = (Slab(5.0, ()), Slab(5.0, ()), Slab(10.0, ()))
    cost, ends = plan(slabs, lambda n: 10.0, lambda n: 15.0, 2)
    assert ends == [2, 3]
    assert cost == pytest.approx(paginate.BREAK_COST[BLOCK] + paginate.EMPTY_COST * 5 / 15)
    assert paginate.EMPTY_COST > 0


def test_plan_keeps_text_a_last_card_of_its_own_height_holds():
    """The last card may be taller (final) than a middle one: 15 pt fit it, not a card of 10."""
    slabs = (Slab(10.0, ()), Slab(15.0, ()))
    assert plan(slabs, lambda n: 10.0, lambda n: 15.0, 2)[1] == [1, 2]
    assert plan(slabs, lambda n: 10.0, None, 2)[0] == float("inf")


def test_only_a_block_rank_ends_a_full_card_at_a_paragraph_end():
    """card_end: at 90 of 100 pt a sentence end is not a paragraph end; the card fills on."""
    lines = [Slab(10.0, (), 0.0, LINE) for _ in range(12)]
    lines[9] = Slab(10.0, (), 0.0, SENTENCE)
    assert card_end(lines, 0, 100.0, prefer_blocks=True) == 10  # the edge (the last fitting)
    lines[9] = Slab(10.0, (), 0.0, BLOCK)
    lines[10] = Slab(10.0, (), 0.0, NEVER)
    assert card_end(lines, 0, 100.0, prefer_blocks=True) == 9


def test_card_end_lets_a_slab_too_tall_alone_and_starts_later():
    tall = (Slab(30.0, ()), Slab(5.0, ()))
    assert card_end(tall, 0, 20.0, prefer_blocks=True) == 1  # alone: the caller checks
    assert card_end(tall, 1, 20.0, prefer_blocks=True) == 2
    assert card_end(tall, 2, 20.0, prefer_blocks=True) == 2
    assert card_end(tall, 0, 35.0, prefer_blocks=True) == 2  # exactly full
    # a first slab exactly as tall as the card is not too tall: an empty slab joins it
    assert card_end((Slab(20.0, ()), Slab(0.0, ())), 0, 20.0, prefer_blocks=True) == 2


def test_card_end_with_no_allowed_break_gives_way_at_the_edge():
    """Only NEVER slabs after the first: the card ends where the next one no longer fits."""
    slabs = tuple(Slab(10.0, (), 0.0, NEVER) for _ in range(5))
    assert card_end(slabs, 0, 25.0, prefer_blocks=True) == 2


def test_card_end_counts_the_repeated_header_of_the_first_slab():
    header = Slab(6.0, ())
    rows = tuple(Slab(10.0, (), 0.0, LINE, repeat=header) for _ in range(4))
    assert card_end(rows, 0, 26.0, prefer_blocks=False) == 2  # 6 + 10 + 10
    assert card_end(rows, 0, 25.0, prefer_blocks=False) == 1


def test_split_cards_of_their_own_heights_and_a_final_card():
    """heights(n) per card; the last card holds final(n) when the rest fits it."""
    slabs = tuple(Slab(10.0, (), 0.0, LINE) for _ in range(5))
    assert split(slabs, 20.0, 30.0, True, 5) == [2, 5]
    assert split(slabs, 20.0, 20.0, True, 5) == [2, 4, 5]
    assert split(slabs, 20.0, 20.0, True, 5, final=lambda n: 30.0) == [2, 5]
    assert split(slabs, 0.0, 0.0, True, 9, heights=lambda n: (10.0, 40.0)[min(n, 1)]) == [1, 5]
    assert split(slabs, 10.0, 10.0, True, 2) == [1, 2, 3]  # stops past the limit
    assert split((), 10.0, 10.0, True, 2) == [0]


def test_overflow_names_the_first_slab_of_an_overfull_card():
    slabs = (Slab(10.0, ()), Slab(25.0, (), what="table"), Slab(5.0, ()))
    assert overflow(slabs, [1, 2, 3], 10.0, 20.0) is slabs[1]
    assert overflow(slabs, [1, 2, 3], 10.0, 25.0) is None
    assert overflow(slabs, [1, 3], 10.0, 20.0, final=lambda n: 30.0) is None
    assert overflow(slabs, [1, 3], 10.0, 30.0, final=lambda n: 29.0) is slabs[1]
    assert overflow(slabs, [2, 3], 40.0, 40.0, heights=lambda n: (34.0, 40.0)[n]) is slabs[0]


def _area(height: float) -> Area:
    """The card's text area: its top at y = 100."""
    return Area(0.0, 100.0 - height, 50.0, height)


def _label(text: str) -> Label:
    return Label(text, "Helvetica", 8.0, 5.0, 0.0, "#000000")


def test_fill_card_places_slabs_from_the_top_with_their_spaces_and_the_header():
    header = Slab(4.0, (_label("head"),))
    slabs = (
        Slab(10.0, (_label("a"),), 3.0, BLOCK, repeat=header),
        Slab(10.0, (_label("b"),), 2.0),
        Slab(10.0, (_label("c"),), 2.0),
    )
    placed, rest = fill_card(slabs, _area(30.0))
    assert [(item.text, item.y) for item in placed] == [("head", 100.0), ("a", 96.0), ("b", 84.0)]
    assert rest == Remainder(slabs[2:])
    placed, rest = fill_card(slabs[1:], _area(40.0), centre=False)
    assert [(item.text, item.y) for item in placed] == [("b", 100.0), ("c", 88.0)]
    assert rest is None
    placed, rest = fill_card(slabs[1:], _area(40.0))  # the 18 pt left: half above
    assert [(item.text, item.y) for item in placed] == [("b", 91.0), ("c", 79.0)]


def test_a_panel_gets_one_fill_and_one_bar_per_card_under_its_slabs():
    """Three slabs of a panel after a plain one: one fill from the first panel slab's top to
    the last one's bottom, a bar along it, both before the panel's text; a space above a
    panel slab starts a new ground."""
    panel = Panel(7, 2.0, 40.0, "#eeeeee", 3.0, 1.0, "#333333")
    slabs = (
        Slab(10.0, (_label("plain"),)),
        Slab(10.0, (_label("p1"),), 2.0, panel=panel),
        Slab(10.0, (_label("p2"),), 0.0, panel=panel),
        Slab(10.0, (_label("p3"),), 0.0, panel=panel),
    )
    placed, rest = fill_card(slabs, _area(42.0))  # full: nothing opens or moves
    assert rest is None
    kinds = [type(item).__name__ for item in placed]
    assert kinds == ["Label", "Fill", "Rule", "Label", "Label", "Label"]
    fill, bar = placed[1], placed[2]
    assert fill == Fill(2.0, 58.0, 40.0, 30.0, "#eeeeee")
    assert bar == Rule(3.0, 88.0, 3.0, 58.0, 1.0, "#333333")
    assert panel.shapes(88.0, 58.0) == (fill, bar)
    # a space above the third slab of the panel splits its ground in two
    spaced = (*slabs[:3], dataclasses.replace(slabs[3], space_before=4.0))
    placed, _ = fill_card(spaced, _area(46.0))
    fills = [item for item in placed if isinstance(item, Fill)]
    assert [(f.y, f.height) for f in fills] == [(68.0, 20.0), (54.0, 10.0)]
    # another panel right below starts its own ground too
    other = dataclasses.replace(panel, key=8)
    two = (*slabs[:3], dataclasses.replace(slabs[3], panel=other))
    placed, _ = fill_card(two, _area(42.0))
    fills = [item for item in placed if isinstance(item, Fill)]
    assert [(f.y, f.height) for f in fills] == [(68.0, 20.0), (58.0, 10.0)]


def test_a_slab_without_a_space_adds_only_its_height():
    """The defaults: no space above, a block boundary before it, no header, no panel."""
    slabs = (Slab(10.0, ()), Slab(10.0, ()), Slab(10.0, ()))
    assert card_end(slabs, 0, 30.0, prefer_blocks=True) == 3
    assert card_end(slabs, 0, 29.0, prefer_blocks=True) == 2
    assert slabs[1].breakable == BLOCK and slabs[1].repeat is None and slabs[1].panel is None


def test_slabs_and_panels_are_frozen_values():
    """They are cached and compared (a fill per panel key): assigning to one is an error."""
    panel = Panel(1, 0.0, 1.0, "#fff", 0.0, 1.0, "#000")
    for value in (Slab(1.0, ()), panel, Remainder(())):
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.height = 2.0  # type: ignore[misc]
        assert hash(value) == hash(dataclasses.replace(value))


def test_fill_card_prefers_a_paragraph_end_by_default():
    """A new paragraph after 90 of 100 pt: the card ends there unless told otherwise."""
    slabs = [Slab(10.0, (_label(str(n)),), 0.0, LINE) for n in range(14)]
    slabs[0] = Slab(10.0, (_label("0"),))
    slabs[9] = Slab(10.0, (_label("9"),))
    assert len(fill_card(slabs, _area(100.0))[0]) == 9
    assert len(fill_card(slabs, _area(100.0), prefer_blocks=False)[0]) == 10


def test_a_card_holds_a_run_up_to_a_millionth_over_its_height():
    """Exactly EPS over the card, from its first slab or from a later one: the run fits."""
    assert card_end((Slab(1.0 + EPS, ()), Slab(0.0, ())), 0, 1.0, prefer_blocks=True) == 2
    assert card_end((Slab(1.0, ()), Slab(EPS, ())), 0, 1.0, prefer_blocks=True) == 2


def test_a_run_more_than_a_millionth_over_the_card_does_not_fit():
    """2**-19 pt (about 1.9 millionths) over: the card ends before the slab that overfills
    it, or holds a first slab that tall alone."""
    over = 2**-19
    assert card_end((Slab(1.0, ()), Slab(over, ())), 0, 1.0, prefer_blocks=True) == 1
    assert card_end((Slab(1.0 + over, ()), Slab(0.0, ())), 0, 1.0, prefer_blocks=True) == 1


def _one_point(n: int) -> float:
    """Every card's room: 1 pt."""
    return 1.0


def test_plan_lets_the_last_card_be_a_millionth_over_its_room():
    """One card exactly EPS over its room, in one slab or with the overfilling slab last."""
    one = _one_point
    assert plan((Slab(1.0 + EPS, ()),), one, None, 1) == (0.0, [1])
    assert plan((Slab(1.0, ()), Slab(EPS, ())), one, None, 1) == (0.0, [2])


def test_plan_lets_a_card_before_the_last_be_a_millionth_over_its_room():
    """Two cards of one slab each, the first or the second exactly EPS over its room."""
    one = _one_point
    assert plan((Slab(1.0 + EPS, ()), Slab(1.0, ())), one, None, 2) == (0.0, [1, 2])
    assert plan((Slab(1.0, ()), Slab(1.0 + EPS, ())), one, None, 2) == (0.0, [1, 2])


def test_overflow_lets_a_card_be_a_millionth_over_its_room():
    """A card exactly EPS over its room is not overfull; 2**-19 pt over it is."""
    assert overflow((Slab(1.0 + EPS, ()),), [1], 1.0, 1.0) is None
    tall = Slab(1.0 + 2**-19, ())
    assert overflow((tall,), [1], 1.0, 1.0) is tall


def test_a_card_with_at_most_a_millionth_of_room_opens_nothing():
    """Slabs of no height on a card EPS high: no room to open; on one 2 EPS high, room."""
    slabs = (Slab(0.0, ()), Slab(0.0, (), stretch=1.0))
    assert openings(slabs, EPS) == (0.0, 0.0)
    assert openings(slabs, 2 * EPS) == (0.0, 2 * EPS)


def test_slabs_with_at_most_a_millionth_of_stretch_open_nothing():
    """A card with room, its slabs able to open by EPS in all: they stay as they are."""
    slabs = (Slab(0.0, ()), Slab(0.0, (), stretch=EPS))
    assert openings(slabs, 1.0, centre=False) == (0.0, 0.0)
    slabs = (Slab(0.0, ()), Slab(0.0, (), stretch=2 * EPS))
    assert openings(slabs, 1.0, centre=False) == (0.0, 2 * EPS)


def test_a_panel_line_taller_than_every_card_is_named_a_description_line(tmp_path):
    """On a 45 mm card with panels padded 5 em above and below, a higher-levels line does
    not fit at any size: FitError names it a line of the description ("řádek popisu")."""
    layout = load_layout(layout_variant(tmp_path, {"higher_pad_y_em": "5", "height_mm": "45.0"}))
    spell = make_spell(
        Paragraph("Krátký popis."),
        Paragraph("Na vyšších úrovních. Víc.", kind="higher_levels"),
    )
    with pytest.raises(FitError, match="^Barevná koule: řádek popisu se nevejde na kartu 63 × 45"):
        search.fit(spell, layout)
