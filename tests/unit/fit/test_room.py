"""cards/fit/room.py: the size grid, the room of a spell's cards (through fit_spell on poker
made shorter or taller, and room_of of real setters), `Room` on slabs given by hand, the gape
of spaces, the card breaks that read well (through fit_spell, against a brute force of the
rule), the fewest parts (fewest_parts of real setters), the cards placed (through
fit_spell); a less gaping size with `fits` and `gape` given by hand."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from reportlab.lib.units import mm

from cards.face import Label, Rule, TextLine
from cards.fit import fit, fit_spell
from cards.fit import room as R
from cards.fit.blocks import sentence_end
from cards.fit.paginate import BLOCK, EPS, Slab, used_height
from cards.fit.setter import FitError, SpellSetter
from cards.layout import load_layout
from cards.model import Paragraph
from cards.typeset import Line
from tests.support.spells import SENTENCE, layout_variant, make_spell

# --- size_grid and physical_cards ------------------------------------------------


def _sizes_taken(layout, counts) -> set[float]:
    """The body sizes fit gives spells of `counts` sentences on `layout`."""
    return {fit(make_spell(Paragraph(SENTENCE * n)), layout).faces[0].body_size for n in counts}


def test_a_spell_takes_a_listed_size_within_the_range_or_one_of_its_ends(tmp_path):
    """Steps outside body_min..body_max (6.0, 10.2) are never taken; the ends always may be."""
    steps = "[10.2, 9.0, 7.5, 7.0, 6.0]"
    layout = load_layout(layout_variant(tmp_path, {"size_steps": steps}, "steps"))
    taken = _sizes_taken(layout, range(1, 30))
    assert taken <= {10.0, 9.0, 7.5, 7.0, 6.5}
    assert {10.0, 7.5, 7.0, 6.5} <= taken


def test_without_steps_a_spell_takes_a_tenth_of_a_point_never_below_the_minimum(tmp_path):
    """No size steps: the minimum as it is (6.0004, never rounded to 6.0), then every tenth
    of a point above it rounded to thousandths (6.2, not 6.2004)."""
    lines = Path(load_layout("poker").path).read_text(encoding="utf-8").splitlines(True)
    text = "".join(line for line in lines if not line.startswith("size_steps"))
    path = tmp_path / "fine.toml"
    path.write_text(
        text.replace("body_max = 10.0", "body_max = 6.5").replace(
            "body_min = 6.5", "body_min = 6.0004"
        ),
        encoding="utf-8",
    )
    taken = _sizes_taken(load_layout(path), range(1, 40, 3))
    assert taken <= {6.0004, 6.1, 6.2, 6.3, 6.4, 6.5}
    assert {6.0004, 6.2, 6.3, 6.5} <= taken


def test_parts_continued_on_backs_take_half_the_cards_rounded_up():
    """Two parts to a card with --continue-on-back, one without."""
    assert [R.physical_cards(n, True) for n in (1, 2, 3, 4, 5)] == [1, 1, 2, 2, 3]
    assert [R.physical_cards(n, False) for n in (1, 2, 3)] == [1, 2, 3]


# --- Room --------------------------------------------------------------------------------------


def _slabs(count: int, height: float = 10.0) -> tuple[Slab, ...]:
    return tuple(Slab(height, (), breakable=BLOCK) for _ in range(count))


def test_room_cards_fill_the_first_card_then_the_rest():
    """Ten-point slabs: two on a first card of 20 pt, three on each later one of 30 pt."""
    room = R.Room(20.0, 30.0, 0, None, None)
    assert room.cards(_slabs(8), False, 10) == [2, 5, 8]


def test_room_cards_of_a_stats_only_first_card_start_with_an_empty_card():
    """skip 1: the first card ends before slab 0, the description takes the cards after it."""
    room = R.Room(30.0, 30.0, 1, None, None)
    assert room.cards(_slabs(6), False, 10) == [0, 3, 6]
    # the limit counts the stats-only card: split stops once past limit - skip cards
    assert room.cards(_slabs(12), False, 3) == [0, 3, 6, 9]


def test_room_plan_fills_as_the_heights_say_and_prepends_the_stats_card():
    """The planned ends of three cards, with the skipped card before them."""
    room = R.Room(20.0, 30.0, 0, None, None)
    cost, ends = room.plan(_slabs(8), 3)
    assert ends == [2, 5, 8] and cost == 0.0
    skipped = R.Room(30.0, 30.0, 1, None, None)
    assert skipped.plan(_slabs(6), 3)[1] == [0, 3, 6]


def test_room_plan_with_too_few_cards_is_none():
    """Eight slabs do not go on two cards of 20 and 30 pt: an infinite cost, no ends."""
    cost, ends = R.Room(20.0, 30.0, 0, None, None).plan(_slabs(8), 2)
    assert ends is None and cost == float("inf")


def test_room_plan_follows_the_heights_function_when_given():
    """With heights (continue-on-back), first and rest are not used."""
    room = R.Room(5.0, 5.0, 0, lambda n: 40.0, None)
    assert room.plan(_slabs(8), 2)[1] == [4, 8]


# --- the room of a real spell -----------------------------------------------------------------


@pytest.fixture(scope="module")
def setter() -> SpellSetter:
    return SpellSetter(make_spell(), load_layout("poker"))


def test_the_room_of_a_spell_is_its_headers_body_heights(setter):
    """first: the first card's body under the stats; rest: a later card's; no skip."""
    room = R.room_of(setter, False)
    assert room.first == setter.header(first=True, numbered=True).body.height
    assert room.rest == setter.header(first=False, numbered=True).body.height
    assert room.skip == 0 and room.heights is None and room.final is None
    assert room.rest > room.first > 0


def test_on_backs_cued_fronts_alternate_with_backs_and_the_last_front_is_numbered():
    """Mini (its number "2/3" costs the first card's band room): card 0 is the cued first
    front, 1 a back, 2 a cued later front; as the last card, a front has no cue and a
    numbered card's room, first or later, not a single card's."""
    mini = SpellSetter(make_spell(), load_layout("mini"))
    room = R.room_of(mini, True)
    height, final = room.heights, room.final
    assert height is not None and final is not None
    back = mini.back_header().body.height
    assert height(0) == mini.continued_header(True).body.height
    assert height(1) == back and height(3) == back
    assert height(2) == mini.continued_header(False).body.height
    numbered = [mini.header(first=f, numbered=True).body.height for f in (True, False)]
    single = [mini.header(first=f, numbered=False).body.height for f in (True, False)]
    assert numbered != single  # else the test could not tell them apart
    assert [final(0), final(1), final(2)] == [numbered[0], back, numbered[1]]
    # the cue costs a front a line
    assert height(0) < final(0) and height(2) < final(2)


def test_on_backs_after_a_stats_only_card_the_text_starts_on_its_back(tmp_path):
    """Poker 34 mm (the stats fill the first card): the description's card 0 is the first
    card's back, its card 1 a later front."""
    short = SpellSetter(make_spell(), _short_poker(tmp_path, 34))
    room = R.room_of(short, True)
    assert room.skip == 1 and room.heights is not None and room.final is not None
    assert room.heights(0) == short.back_header().body.height
    assert room.heights(1) == short.continued_header(False).body.height
    assert room.final(1) == short.header(first=False, numbered=True).body.height


def test_the_room_on_backs_carries_the_heights(setter):
    """continue_on_back: the room carries the height of each card and of the last."""
    room = R.room_of(setter, True)
    assert room.heights is not None and room.final is not None
    assert room.heights(1) == setter.back_header().body.height
    assert room.final(0) == room.first


def test_a_one_sentence_spell_takes_one_part(setter):
    """The fewest parts of a spell whose text fits its first card: 1."""
    assert R.fewest_parts(setter, False) == 1


def test_a_long_spell_takes_the_parts_its_text_needs(setter):
    """A description of many paragraphs takes more than one part, as `Room.cards` counts."""
    from cards.model import Paragraph
    from tests.support.spells import SENTENCE

    long = SpellSetter(make_spell(*[Paragraph(SENTENCE * 3)] * 12), load_layout("poker"))
    parts = R.fewest_parts(long, False)
    assert parts >= 2
    assert R.fewest_parts(long, True) == parts  # backs hold as much as fronts, or less


# --- the room a card's furniture leaves (room._check_room), through fit_spell -------------------
# Poker made shorter: at 20 mm the band and the footer leave later cards no line of text; at
# 30 mm band, stats and footer overflow the first card (the material note, where it lies below
# the stats, is named instead); at 34 mm a short spell's first card holds its stats only and
# the text goes on the next.

MATERIAL = "drobná perla v hodnotě nejméně 100 zl, kterou kouzlo spotřebuje, a kousek drátu"


def _short_poker(tmp_path, height_mm: int):
    return load_layout(
        str(layout_variant(tmp_path, {"height_mm": str(height_mm)}, f"h{height_mm}"))
    )


@pytest.mark.parametrize(
    ("height", "material", "message"),
    [
        (20, "", "pruh s názvem a pata s řádkem textu se nevejdou na kartu 63 × 20 mm"),
        (30, "", "pruh s názvem, údaje a pata se nevejdou na kartu 63 × 30 mm"),
        (30, MATERIAL, "poznámka o materiálu se nevejde na kartu 63 × 30 mm"),
    ],
)
def test_furniture_that_leaves_no_room_is_named(tmp_path, height, material, message):
    """A card too short for its furniture: a FitError naming the spell and what overflows."""
    with pytest.raises(FitError) as raised:
        fit_spell(make_spell(material=material), _short_poker(tmp_path, height))
    size = "6 pt" if material else "6.5 pt"  # the note's own size, else the body's minimum
    assert str(raised.value).startswith(f"Barevná koule: {message} ani v písmu {size}")


def test_a_first_card_of_stats_alone_is_allowed(tmp_path):
    """At 34 mm the stats fill the first card: the text goes on a second, no error."""
    faces = fit_spell(make_spell(), _short_poker(tmp_path, 34))
    assert len(faces) == 2
    assert not [i for i in faces[0].items if isinstance(i, TextLine) and i.role == "body"]


# --- widest_space and _opens_a_hole ------------------------------------------------


def _line(word_space: float, size: float = 8.0, scale: float = 1.0) -> TextLine:
    return TextLine(Line((), 50.0, word_space, False, scale=scale), 0.0, 0.0, size, "#000")


def test_gape_is_the_widest_stretched_space_as_a_multiple_of_its_width():
    """space 0.25 pt at 1 pt, 8 pt type: a 2 pt space; 2 pt more makes 2x, 4 pt more 3x."""
    slabs = [Slab(10.0, (_line(2.0), _line(4.0))), Slab(10.0, (_line(1.0),))]
    assert R.widest_space(slabs, 0.25) == pytest.approx(3.0)


def test_gape_scales_with_the_lines_glyph_scale():
    """A condensed line (scale 0.5) halves its spaces."""
    assert R.widest_space([Slab(10.0, (_line(4.0, scale=0.5),))], 0.25) == pytest.approx(1.5)
    assert R.widest_space([Slab(10.0, (_line(2.0, size=4.0),))], 0.25) == pytest.approx(3.0)


def test_gape_ignores_ragged_and_shrunk_lines_and_other_items():
    """word_space 0 or less, and rules, do not count: nothing stretched is 1.0."""
    rule = Rule(0.0, 0.0, 10.0, 0.0, 0.5, "#000")
    slabs = [Slab(10.0, (_line(0.0), _line(-0.5), rule))]
    assert R.widest_space(slabs, 0.25) == 1.0
    assert R.widest_space([], 0.25) == 1.0


# --- least_gaping -----------------------------------------------------------------------------

SIZES = [round(6.0 + 0.1 * k, 3) for k in range(21)]  # 6.0 .. 8.0


def _gaping(ratios: dict[int, float], default: float):
    return lambda size: ratios.get(SIZES.index(size), default)


def test_least_gaping_keeps_a_size_whose_spaces_do_not_gape():
    """At or below GAPE (2x): k itself, nothing smaller tried."""
    tried = []
    fits = lambda size: tried.append(size) or True  # noqa: E731
    assert R.least_gaping(SIZES, 20, fits, _gaping({20: 2.0}, 1.0)) == 20
    assert tried == []


def test_least_gaping_takes_only_a_size_that_fits_and_gapes_less():
    """A smaller size that does not fit, or gapes as much, is not taken."""
    ratios = {20: 2.5, 19: 1.0, 18: 2.5, 17: 2.5}
    fits = lambda size: size != SIZES[19]  # noqa: E731
    assert R.least_gaping(SIZES, 20, fits, _gaping(ratios, 2.5)) == 20


# --- readable_breaks, through fit_spell against a brute force ---------------------------------
# The rule (room.readable_breaks' docstring), stated here apart from room.py: the card breaks
# at the size the search reached are planned (`Room.plan`); where the plan costs a break
# inside a sentence (paginate's BREAK_COST of a line end, 4) or more, up to two sizes smaller
# (BREAK_STEPS) at which the text takes as many parts are weighed too, each step down costing
# 2 (STEP_COST), and the least total is taken (of equals, the larger size). The size the
# search reached is the one fit takes when no step down is allowed (BREAK_STEPS = 0); the
# parts the text takes at a size are those the search breaks it into there (paragraph ends
# preferred where the parts allowed hold them, else cards filled to their last line).

STEP_COST, BREAK_STEPS, INSIDE_A_SENTENCE = 2.0, 2, 4.0


def _readable(spell, layout, monkeypatch, continue_on_back: bool = False):
    """The faces the rule gives a spell, and how many sizes smaller it is set for its breaks."""
    with monkeypatch.context() as patch:
        patch.setattr(R, "BREAK_STEPS", 0)
        reached = fit_spell(spell, layout, continue_on_back=continue_on_back)
    setter = SpellSetter(spell, layout)
    room = R.room_of(setter, continue_on_back)
    sizes = R.size_grid(layout)
    k, count = sizes.index(reached[0].body_size), len(reached)
    least = len(room.cards(setter.outline(sizes[0]), False, 10**6))
    allowed = least + least % 2 if continue_on_back else least  # a back left empty is free

    def parts(size: float) -> int | None:
        for prefer in (True, False):
            found = len(room.cards(setter.outline(size), prefer, 10**6))
            if found <= allowed:
                return found
        return None

    def planned(j: int):
        cost, ends = room.plan(setter.outline(sizes[j]), count)
        if ends is None or len(ends) != count or (j != k and parts(sizes[j]) != count):
            return float("inf"), None
        return cost, ends

    best, faces, steps = planned(k)[0], reached, 0
    if best < INSIDE_A_SENTENCE:
        return faces, steps
    for down in range(1, min(BREAK_STEPS, k) + 1):
        cost, ends = planned(k - down)
        if cost + STEP_COST * down < best:
            best, steps = cost + STEP_COST * down, down
            faces = R.place_cards(setter, sizes, k - down, ends, room, continue_on_back)
    return faces, steps


def _drawn(faces):
    return [(face.part, face.parts, face.body_size, face.items) for face in faces]


# Paragraphs of n sentences (the first with half a sentence more where marked), on poker
# made 60 mm tall or as it is: spells set at the size the search reached, one size smaller
# or two; one of them reaches the smallest size in one step, one's breaks at the size
# reached cost exactly a line end.
READABLE = [
    (60, (2, 2, 3), False),
    (60, (2, 2, 1), False),
    (60, (1, 3, 4), False),
    (60, (1, 1, 2), True),
    (88, (2, 4, 3), True),
    (88, (3, 3, 3), False),
]
HALF = "Vrhneš energetickou kouli o průměru 4 couly. "


def test_a_spell_is_set_smaller_where_its_card_breaks_then_read_better(tmp_path, monkeypatch):
    """fit_spell gives each spell of READABLE the faces of the rule above: set where it was,
    one size smaller or two (each taken by some of them)."""
    taken = set()
    for height, shape, half in READABLE:
        layout = _short_poker(tmp_path, height)
        blocks = [
            Paragraph(SENTENCE * n + (HALF if half and not i else "")) for i, n in enumerate(shape)
        ]
        spell = make_spell(*blocks)
        faces, steps = _readable(spell, layout, monkeypatch)
        assert _drawn(fit_spell(spell, layout)) == _drawn(faces), (height, shape, half)
        taken.add(steps)
    assert taken == {0, 1, 2}


def test_on_backs_a_smaller_size_must_take_as_many_parts(compendium, monkeypatch):
    """Hromokrok in large print with --continue-on-back: four parts at 12 pt, their planned
    breaks inside sentences. A size down its text still breaks into four parts, but the
    plan there would fill three: no choice, a smaller size must take as many parts."""
    from cards.select import find_spell

    spell, layout = find_spell(compendium, "Hromokrok"), load_layout("large-print")
    faces, steps = _readable(spell, layout, monkeypatch, continue_on_back=True)
    got = fit_spell(spell, layout, continue_on_back=True)
    assert _drawn(got) == _drawn(faces)
    assert len(got) == 4


# --- a first card holding only the stats -------------------------------------------------------


def _poker_with_room(tmp_path, header, room: float, name: str, spell=None):
    """Poker made as tall that the body below `header(setter)` (a card's furniture, of
    `spell` or a one-sentence spell) is `room` points high: the body grows with the card's
    height point for point."""
    spell = spell or make_spell()
    reference = 40.0
    probe = load_layout(str(layout_variant(tmp_path, {"height_mm": repr(reference)}, name)))
    height = reference + (room - header(SpellSetter(spell, probe))) / mm
    layout = load_layout(str(layout_variant(tmp_path, {"height_mm": repr(height)}, name)))
    assert header(SpellSetter(spell, layout)) == pytest.approx(room, abs=EPS / 20)
    return layout


def _first_card_body(setter: SpellSetter) -> float:
    return setter.header(first=True, numbered=True).body.height


LINE_AT_MINIMUM = 6.5 * 1.14  # poker: body_min 6.5 pt, leading 1.14


@pytest.mark.parametrize(
    ("short_of_a_line", "lines"),
    [
        (0.0, 1),  # exactly a line at the minimum size: the description starts there
        (EPS / 2, 1),  # within EPS of a line (float noise): as good as one
        (2 * EPS, 0),  # less than a line: the first card holds only the stats
    ],
)
def test_a_first_card_without_room_for_a_line_at_the_minimum_holds_only_the_stats(
    tmp_path, short_of_a_line, lines
):
    """A one-sentence spell on a poker card whose first card has a line at 6.5 pt below its
    stats, less a little: the sentence's first line goes there (at 6.5 pt), else on the
    next card, the first holding only the stats."""
    room = LINE_AT_MINIMUM - short_of_a_line
    layout = _poker_with_room(tmp_path, _first_card_body, room, "first")
    faces = fit_spell(make_spell(), layout)
    body = [i for i in faces[0].items if isinstance(i, TextLine) and i.role == "body"]
    assert len(body) == lines
    assert len(faces) == 2
    if lines:
        assert faces[0].body_size == 6.5


def test_later_cards_a_line_short_by_less_than_eps_have_room_for_a_line(tmp_path):
    """Later cards EPS / 2 (float noise) short of a line at 6.5 pt are room enough for one:
    on a card that short, what the error names is the first card's stats, not the later
    cards' lack of a line."""
    room = LINE_AT_MINIMUM - EPS / 2
    later = lambda setter: setter.header(first=False, numbered=True).body.height  # noqa: E731
    layout = _poker_with_room(tmp_path, later, room, "later")
    with pytest.raises(FitError) as raised:
        fit_spell(make_spell(Paragraph(SENTENCE * 3)), layout)
    assert "Barevná koule: pruh s názvem, údaje a pata se nevejdou" in str(raised.value)


def _first_lines(faces) -> list[str]:
    """The first body line of each card."""
    tops = []
    for face in faces:
        lines = [i for i in face.items if isinstance(i, TextLine) and i.role == "body"]
        tops.append(max(lines, key=lambda i: i.y).line.text if lines else "")
    return tops


def test_after_a_stats_only_card_the_text_still_breaks_where_it_reads_best(tmp_path):
    """Poker 34 mm (the stats fill the first card): two paragraphs of four sentences, two
    cards each at 6.5 pt. The planned breaks, the stats-only card counted, end the first
    paragraph on a card of its own: the second begins a card, and no card begins with the
    tail of a sentence (the greedy fill would, at 7 pt)."""
    spell = make_spell(Paragraph(SENTENCE * 4), Paragraph(SENTENCE * 4))
    faces = fit_spell(spell, _short_poker(tmp_path, 34))
    assert len(faces) == 5 and faces[0].body_size == 6.5
    tops = _first_lines(faces)
    assert tops[0] == ""  # the stats alone
    opening = SENTENCE.split()[0]
    assert [top.split()[0] == opening for top in tops[1:]] == [True, False, True, False]
    assert not any(sentence_end(top.split()[0]) for top in tops[1:])


def test_the_stats_only_card_counts_against_the_limit_of_a_plan():
    """Nine 10 pt slabs need three 30 pt cards after the stats-only one: four cards, so a
    limit of three finds no plan and a limit of four finds it."""
    skipped = R.Room(30.0, 30.0, 1, None, None)
    assert skipped.plan(_slabs(9), 3) == (float("inf"), None)
    assert skipped.plan(_slabs(9), 4)[1] == [0, 3, 6, 9]


def test_a_room_is_a_frozen_value():
    """A spell's room is computed once and shared by its size search: it cannot change."""
    room = R.Room(30.0, 30.0, 0, None, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        room.skip = 1  # type: ignore[misc]


# --- fewest_parts, on real setters ----------------------------------------------------------------
# The fewest parts a description takes at the minimum size (6.5 pt on poker): one where it
# fits the first card without a part number, else the numbered cards it fills, each to its
# last line.

TASINA = "Tašina příšerný smích kouzla"  # its part number (n/N) costs the name a line


def test_a_description_as_tall_as_the_unnumbered_first_card_takes_one_part(tmp_path):
    """Tašina's name takes a second line beside a part number, so its numbered first card
    holds 11.7 pt less text. Poker made as tall that the unnumbered first card's body is
    the text's height less EPS / 2 (float noise): one part, counted on that card (not the
    numbered one, nor with no tolerance)."""
    spell = make_spell(Paragraph(SENTENCE * 9), name=TASINA)
    height = used_height(SpellSetter(spell, load_layout("poker")).outline(6.5))
    unnumbered = lambda setter: setter.header(first=True, numbered=False).body.height  # noqa: E731
    layout = _poker_with_room(tmp_path, unnumbered, height - EPS / 2, "unnumbered", spell)
    setter = SpellSetter(spell, layout)
    assert setter.header(first=True, numbered=True).body.height < height - 10.0
    assert R.fewest_parts(setter, False) == 1


def test_a_description_taller_than_the_first_card_takes_two_parts():
    """On poker the first card's body (under the stats) holds 155.8 pt, a later card's
    193.9: nine sentences (155.6 pt) take one part, ten (170.4 pt) two, though a card
    without the stats would hold them."""
    poker = load_layout("poker")
    nine, ten = (SpellSetter(make_spell(Paragraph(SENTENCE * n)), poker) for n in (9, 10))
    later = ten.header(first=False, numbered=False).body.height
    assert ten.header(first=True, numbered=False).body.height < used_height(ten.outline(6.5))
    assert used_height(ten.outline(6.5)) < later
    assert (R.fewest_parts(nine, False), R.fewest_parts(ten, False)) == (1, 2)


def test_the_fewest_parts_fill_each_card_rather_than_end_at_a_paragraph():
    """Paragraphs of 3, 4, 6, 1 and 4 sentences: cards ended at a paragraph end where they
    are full enough take three, cards filled to their last line two: the fewest are two."""
    spell = make_spell(*(Paragraph(SENTENCE * n) for n in (3, 4, 6, 1, 4)))
    setter = SpellSetter(spell, load_layout("poker"))
    at_paragraphs = R.room_of(setter, False).cards(setter.outline(6.5), True, 10**6)
    assert len(at_paragraphs) == 3
    assert R.fewest_parts(setter, False) == 2


def test_the_fewest_parts_are_counted_whole_past_sixty(tmp_path):
    """500 one-line paragraphs on a 45 mm card: the first card holds as many lines as fit
    its body under the stats, each later card as many as fit its own; past sixty parts
    the count goes on."""
    layout = _short_poker(tmp_path, 45)
    setter = SpellSetter(make_spell(*(Paragraph("Slovo.") for _ in range(500))), layout)
    slabs = setter.outline(6.5)
    line, gap = slabs[1].height, slabs[1].space_before
    assert all((slab.height, slab.space_before) == (line, gap) for slab in slabs[1:])

    def holds(body: float) -> int:
        return int((body + gap + EPS) // (line + gap))

    first = holds(setter.header(first=True, numbered=True).body.height)
    later = holds(setter.header(first=False, numbered=True).body.height)
    parts = 1 + -(-(500 - first) // later)
    assert parts > 60
    assert R.fewest_parts(setter, False) == parts


# --- gape: a line's spaces ---------------------------------------------------------------------


def test_gape_counts_a_line_stretched_by_less_than_a_point():
    """A 2 pt space (8 pt type) stretched by 0.5 pt is 1.25 times its width."""
    assert R.widest_space([Slab(10.0, (_line(0.5),))], 0.25) == pytest.approx(1.25)


def test_gape_ignores_a_line_widened_by_its_glyphs_alone():
    """A line filled by glyph expansion (scale 1.02) with no space added is not stretched."""
    assert R.widest_space([Slab(10.0, (_line(0.0, scale=1.02),))], 0.25) == 1.0


def test_least_gaping_goes_down_to_the_smallest_size_and_no_further():
    """From the second size, gaping (2.5x): the smallest (2.4x) is tried and taken; the
    largest size, which gapes least, is never tried."""
    ratios = {1: 2.5, 0: 2.4, 20: 1.0}
    assert R.least_gaping(SIZES, 1, lambda size: True, _gaping(ratios, 2.5)) == 0


# --- the cards placed: own sizes, furniture, the last card's stretch ---------------------------


def test_fronts_continued_on_backs_carry_the_cue_but_the_last():
    """Posvátná půda on poker with --continue-on-back takes three parts: the first card's
    front says its text goes on overleaf, its back has the slim band (no stats, no footer),
    and the last part's front, with nothing overleaf, carries no cue."""
    from cards.select import find_spell
    from cards.source.library import read_compendium

    spell = find_spell(read_compendium().spells, "Posvátná půda")
    faces = fit_spell(spell, load_layout("poker"), continue_on_back=True)
    assert [(face.part, face.parts) for face in faces] == [(1, 3), (2, 3), (3, 3)]

    def labels(face) -> set[str]:
        return {i.text for i in face.items if isinstance(i, Label)}

    def roles(face) -> set[str]:
        return {i.role for i in face.items if isinstance(i, TextLine)}

    cue = "pokračuje na rubu ›"
    assert cue in labels(faces[0]) and "stat" in roles(faces[0])
    assert cue not in labels(faces[1]) and not {"stat", "footer"} & roles(faces[1])
    assert cue not in labels(faces[2]) and "footer" in roles(faces[2])


def test_the_cards_of_a_spell_open_their_lines_and_carry_the_stats_on_the_first_only():
    """Six paragraphs of 2-5 sentences take three cards at 6.5 pt on poker: the first card
    holds the stats, the later ones none; each says its part (n/3) in the band, where the
    name (shrunk to 9.5 pt to leave it room) ends before it; and each opens its lines to
    fill its room (its paragraphs' stretch kept), so its lines stand further apart than the
    leading (6.5 x 1.14 pt), by up to leading_max (1.3)."""
    blocks = (Paragraph(SENTENCE * n) for n in (3, 4, 2, 5, 3, 4))
    faces = fit_spell(make_spell(*blocks, name="Ochrana před energií"), load_layout("poker"))
    assert [(face.part, face.parts, face.body_size) for face in faces] == [
        (n, 3, 6.5) for n in (1, 2, 3)
    ]
    stats = [any(isinstance(i, TextLine) and i.role == "stat" for i in f.items) for f in faces]
    assert stats == [True, False, False]
    for face in faces:
        (part,) = [i for i in face.items if isinstance(i, Label) and i.text == f"{face.part}/3"]
        (name,) = [i for i in face.items if isinstance(i, TextLine) and i.role == "title"]
        assert name.line.text == "Ochrana před energií" and name.size == 9.5
        assert name.x + name.line.width < part.x
        lines = [i.y for i in face.items if isinstance(i, TextLine) and i.role == "body"]
        lines.sort(reverse=True)
        pitch = min(above - below for above, below in zip(lines, lines[1:], strict=False))
        assert 6.5 * 1.14 + 0.1 < pitch <= 6.5 * 1.3 + EPS, face.part
