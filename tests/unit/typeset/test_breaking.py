"""Line breaking (cards/typeset/breaking.py): ragged and flush-left text against a
line-by-line reference; justified text by what its lines must be (every word once and in
order, each within its measure) and, for a few words, against every way to break them; in
a font whose glyphs are all one width, so that what fits a line is counted in characters."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random

import pytest

from cards.typeset import ParagraphSetting, Run, breaking, cost, prepare, set_lines, totalfit
from cards.typeset.breaking import break_lines
from cards.typeset.metrics import prefix_widths, string_width
from cards.typeset.words import WordBreak, _measure, word_breaks
from tests.support.fonts import BOLD, MONO, MONO_EM, SERIF

# Long Czech words without hyphens of their own: a line ending in "-" was hyphenated.
LONG_WORDS = (
    "nejneobhospodařovávatelnějšími protipovětrnostními neobhospodařovávanými "
    "zdokumentovatelnými nejpravděpodobnějšími nejnezodpovědnějšími "
    "nejroztomilejšími nepřekonatelnými znovuzrozenými nejzapomenutelnějšími "
    "zpravodajskými nevysvětlitelnými nejneuvěřitelnějšími spoluodpovědnými "
) * 3


def _ragged_lines(text: str, chars: int, **options) -> list[str]:
    """Set text ragged (the line-by-line breaker) on lines `chars` glyphs wide."""
    width = chars * 10 * MONO_EM + 1e-6
    lines = set_lines(
        prepare([Run(text, MONO)]), ParagraphSetting(width, 10, justify=False, **options)
    )
    return [line.text for line in lines]


@pytest.mark.parametrize("chars", range(31, 47))
@pytest.mark.parametrize("flush_left", [False, True], ids=["ragged", "flush-left"])
def test_never_three_hyphenated_lines_in_a_row(chars, flush_left):
    """At most two lines in a row end in a hyphen when every word fits a line whole."""
    assert max(len(word) for word in LONG_WORDS.split()) <= chars  # no forced break
    lines = _ragged_lines(LONG_WORDS, chars, flush_left=flush_left)
    ends = "".join("h" if line.endswith("-") else "." for line in lines)
    assert "h" in ends  # the text does hyphenate at these widths: the rule is exercised
    assert "hhh" not in ends, (chars, lines)


@pytest.mark.parametrize("chars", range(31, 47, 3))
def test_ragged_lines_keep_every_letter_in_order_within_the_width(chars):
    """Joined again (a hyphen at a line end removed), the lines give the text; none is wider."""
    lines = _ragged_lines(LONG_WORDS, chars)
    assert all(len(line) <= chars for line in lines)
    joined = "".join(line[:-1] if line.endswith("-") else line + " " for line in lines)
    assert joined.split() == LONG_WORDS.split()


def test_without_hyphenation_no_line_ends_inside_a_word():
    """hyphenate=False: every line holds whole words only."""
    lines = _ragged_lines(LONG_WORDS, 36, hyphenate=False)
    assert all(word in LONG_WORDS.split() for line in lines for word in line.split())
    assert not any(line.endswith("-") for line in lines)


PANEL = "Na vyšších úrovních. Sešleš-li toto kouzlo, když dosáhneš nepřátelského tvora."


def _letters(text: str) -> int:
    return sum(c.isalpha() for c in text)


@pytest.mark.parametrize("chars", range(12, 31))
def test_flush_left_text_hyphenates_only_long_words_into_parts_not_too_short(chars):
    """A flush-left panel never sets "Se-" / "šleš-li" nor "do-" / "sáhneš" (issue 35): a
    word breaks only with 8 letters or more, 3 at least on each line."""
    lines = _ragged_lines(PANEL, chars, flush_left=True)
    for above, below in zip(lines, lines[1:], strict=False):
        if above.endswith("-") and not above.endswith("š-"):  # "Sešleš-" keeps its own
            before, after = above.split()[-1], below.split()[0]
            assert _letters(before) >= 3 and _letters(after) >= 3, (above, below)
            assert _letters(before + after) >= 8, (above, below)


def test_flush_left_text_still_hyphenates_a_long_word():
    """ "nepřátel-" / "ského": a long word still breaks where a line would gape."""
    assert "když dosáhneš nepřátel-" in _ragged_lines(PANEL, 23, flush_left=True)


def test_ragged_text_still_breaks_at_a_words_own_hyphen():
    """ "Sešleš-" / "-lo": the word's own hyphen is no hyphenation, so the long-word rule
    leaves it alone (6 letters before it, 2 after)."""
    assert _ragged_lines("ab Sešleš-lo xy", 10, flush_left=True) == ["ab Sešleš-", "-lo xy"]
    assert _ragged_lines("ab Sešleš-lo xy", 10) == ["ab Sešleš-", "-lo xy"]


# ------------------------------------------------------------------------------------------
# The line breaker (cards/typeset/breaking.py) against a reference written apart from it.
#
# The reference, `_reference`, chooses each ragged line's end the slow and obvious way: it lists
# every end a line may have (after each unit whose width fits, at each hyphenation point of an
# overflowing unit, the breaks of last resort) with its demerits by `cost.ragged_demerits`, and
# takes the cheapest, following the rules the module's docstrings give (at most MAX_HYPHEN_RUN
# hyphens in a row, a short last line takes a word along, a word's tail never alone on the last
# line). Justified text is the plan of `totalfit` (another module) read into spans. Paragraphs
# come from a seeded generator: odd words (glued, signed, counted, URLs, own hyphens), two fonts,
# widths down to two characters, so that every rule is exercised.


HYPHENATE_ABOVE = cost.LINE_PENALTY**2 + cost.HYPHEN_PENALTY**2  # a hyphened line costs more
LAST_RESORT_AFTER = "/.\\_&?=#:"  # a line of last resort ends after one of these unhyphenated


@dataclasses.dataclass
class Span:
    """The reference's line: as `breaking.Span`, field for field."""

    first: int
    start: int
    start_width: float
    lead: float
    last: int
    end: int
    end_width: float
    hyphen: float
    split_word: bool
    overfull: bool
    forced: bool = False
    ragged: bool = False


def _every(word: str, font: str) -> tuple[WordBreak, ...]:
    """Hyphenation points after every letter but the first two and the last two."""
    if not font or any(c.isdigit() for c in word):
        return ()
    prefix, hyphen = prefix_widths(word, font), string_width("-", font)
    return tuple(WordBreak(p, prefix[p], hyphen, 0.0) for p in range(2, len(word) - 1))


# ---------------------------------------------------------------- the reference, line by line


def _ends_after_units(p, unit, x0, g0, avail, shrink):
    """(demerits, unit) of each end after a whole unit the line may take (none past the
    last that fits at natural width is skipped: a shorter line is taken only if shrunk
    ones are all there is)."""
    units = len(p.ends)
    fits_loose = [k for k in range(unit, units) if p.end_xs[k] - x0 <= avail]
    fits_shrunk = [
        k
        for k in range(unit, units)
        if p.end_xs[k] - shrink * p.gaps[p.ends[k]] <= x0 - shrink * g0 + avail
    ]
    loose = max(fits_loose, default=unit - 1)
    shrunk = max(fits_shrunk, default=unit - 1)
    shrunk = max(shrunk, loose)
    out = []
    for k in range(max(loose, unit), shrunk + 1):
        spaces = p.gaps[p.ends[k]] - g0
        d = cost.ragged_demerits(p.end_xs[k] - x0, spaces, avail, k == unit, k == units - 1)
        out.append((d + p.penalties[k] ** 2, k))
    return out, loose, shrunk


def _flush_break(word: str, at: int) -> bool:
    """Whether ragged text may break word at `at`: 8 letters or more, 3 on each side."""
    before = len([c for c in word[:at] if c.isalpha()])
    after = len([c for c in word[at:] if c.isalpha()])
    return before >= 3 and after >= 3 and before + after >= 8


def _ends_inside(
    p, breaks, unit, word, start, x0, g0, avail, loose, shrunk, rest, shrink, flush=False
):
    """(demerits, unit, break) of each hyphenation point of an overflowing unit that fits."""
    units = len(p.ends)
    out = []
    for k in range(loose + 1, min(shrunk + 2, units)):
        if p.whole[k] or p.penalties[k]:
            continue
        last = p.ends[k]
        done = start if last == word else 0
        if k == units - 1 and p.end_xs[k] - p.xs[last] <= rest:
            continue  # the last word's tail alone on the last line, though the word fits one
        spaces = p.gaps[last] - g0
        for b in sorted(breaks(p.words[last], p.fonts[last]), key=lambda b: -b.at):
            if b.at <= done:
                break
            natural = p.xs[last] - x0 + b.width + b.hyphen
            if natural - shrink * spaces > avail:
                continue
            if flush and b.hyphen and not _flush_break(p.words[last], b.at):
                continue
            d = cost.ragged_demerits(natural, spaces, avail, k == unit, False)
            out.append((d + cost.HYPHEN_PENALTY**2, k, b))
            if natural <= avail:
                break
    return out


def _last_resort(p, word, start, start_width, lead, last, avail):
    """A span of last resort for a unit wider than the line, or None."""
    x0 = p.xs[word] + start_width - lead
    for j in range(last - 1, word - 1, -1):
        if p.xs[j] + p.widths[j] - x0 <= avail:
            return Span(
                word,
                start,
                start_width,
                lead,
                j,
                len(p.words[j]),
                p.widths[j],
                0.0,
                False,
                False,
                True,
            )
    text, font = p.words[word], p.fonts[word]
    if not font:
        return None
    prefix, hyphen = prefix_widths(text, font), string_width("-", font)
    base = p.xs[word] - x0
    for plain in (True, False):
        for at in range(len(text) - 1, start, -1):
            if plain and text[at - 1] not in LAST_RESORT_AFTER:
                continue
            extra = 0.0 if plain else hyphen
            if base + prefix[at] + extra <= avail:
                return Span(
                    word, start, start_width, lead, word, at, prefix[at], extra, True, False, True
                )
    return None


def _reference_ragged(p, first, rest, hyphenate, breaks, shrinks, ragged=False):
    """Line by line; `ragged` text (not justified) breaks a short word only when no line
    end after a whole unit fits (`_flush_break`)."""
    shrink = cost.SHRINK if shrinks else 0.0
    units = len(p.ends)
    spans = []
    unit, word, start, start_width, lead, avail, run = 0, 0, 0, 0.0, 0.0, first, 0
    while unit < units:
        x0 = p.xs[word] + start_width - lead
        g0 = p.gaps[word]
        after, loose, shrunk = _ends_after_units(p, unit, x0, g0, avail, shrink)
        best = min(after, key=lambda c: c[0], default=(float("inf"), -1))
        choice = (best[0], best[1], None)
        if hyphenate and ((run < cost.MAX_HYPHEN_RUN and best[0] > HYPHENATE_ABOVE) or best[1] < 0):
            inside = _ends_inside(
                p,
                breaks,
                unit,
                word,
                start,
                x0,
                g0,
                avail,
                loose,
                shrunk,
                rest,
                shrink,
                ragged and best[1] >= 0,
            )
            cheapest = min(inside, key=lambda c: c[0], default=None)
            if cheapest is not None and cheapest[0] < choice[0]:
                choice = cheapest
        _, end_unit, cut = choice
        over = end_unit < 0
        if over and hyphenate:
            forced = _last_resort(p, word, start, start_width, lead, p.ends[unit], avail)
            if forced is not None:
                spans.append(forced)
                run, lead, avail = 0, 0.0, rest
                if forced.end < len(p.words[forced.last]):
                    word, start, start_width = forced.last, forced.end, forced.end_width
                else:
                    word, start, start_width = forced.last + 1, 0, 0.0
                continue
        if over:
            end_unit = unit
        if cut is None and unit < end_unit and end_unit == units - 2:
            # A short last unit takes the one before it along when both fit a line.
            tail = p.end_xs[-1] - p.xs[p.ends[end_unit] + 1]
            both = p.end_xs[-1] - p.xs[p.ends[end_unit - 1] + 1]
            if tail < cost.SHORT_LAST and both <= rest:
                end_unit -= 1
        last = p.ends[end_unit]
        if cut is None:
            spans.append(
                Span(
                    word,
                    start,
                    start_width,
                    lead,
                    last,
                    len(p.words[last]),
                    p.widths[last],
                    0.0,
                    False,
                    over,
                )
            )
            run = 0
            unit, word, start, start_width, lead = end_unit + 1, last + 1, 0, 0.0, 0.0
        else:
            spans.append(
                Span(
                    word, start, start_width, lead, last, cut.at, cut.width, cut.hyphen, True, False
                )
            )
            run += 1
            unit, word, start, start_width, lead = end_unit, last, cut.at, cut.width, cut.repeat
        avail = rest
    return spans


# ---------------------------------------------------------------- random paragraphs

_SYLLABLES = ["ka", "po", "ne", "str", "vo", "li", "ma", "zdo", "ku", "pře", "te", "ro"]
_ODD = ["k", "v", "a", "3", "12", "−4", "+1", "–", "1.", "2k6", "x/y/z", "a.b.c", "ab/cd",
        "Sešleš-li", "pro-ti", "ohni-vý"]  # fmt: skip


def _case(seed: int):
    rnd = random.Random(seed)
    words = [
        rnd.choice(_ODD)
        if rnd.random() < 0.15
        else "".join(rnd.choice(_SYLLABLES) for _ in range(rnd.randint(1, 6)))
        for _ in range(rnd.randint(1, 14))
    ]
    font = rnd.choice([MONO, MONO, SERIF])
    if rnd.random() < 0.15 and len(words) > 1:  # a run-in heading, or a word of two fonts
        cut = rnd.randint(1, len(words) - 1)
        glue = "" if rnd.random() < 0.5 else " "
        runs = [Run(" ".join(words[:cut]), BOLD), Run(glue + " ".join(words[cut:]), font)]
    else:
        runs = [Run(" ".join(words), font)]
    first = rnd.randint(2, 30) * MONO_EM + rnd.choice([1e-6, 0.0, -1e-6, 0.3])
    rest = first if rnd.random() < 0.5 else rnd.randint(2, 30) * MONO_EM + 1e-6
    options = {
        "justify": rnd.random() < 0.3,
        "hyphenate": rnd.random() < 0.8,
        "flush_left": rnd.random() < 0.4,
        "ragged_first": rnd.random() < 0.3,
        "expansion": rnd.choice([0.0, 0.02]),
    }
    breaks = rnd.choice([word_breaks, _every])
    return prepare(runs), first, rest, breaks, options


def _fields(spans):
    return [tuple(getattr(span, f.name) for f in dataclasses.fields(Span)) for span in spans]


def _tiles(p, spans, breaks) -> None:
    """Every word once and in order: the first line starts at the paragraph's start, each
    next one where the one before ended (a word's rest after a break inside it, with the
    word's own hyphen repeated), the last ends with the paragraph. A line ends after a whole
    word (at its width, no hyphen) or at one of the word's break points (its width and
    hyphen), unless at a break of last resort."""
    assert (spans[0].first, spans[0].start, spans[0].start_width, spans[0].lead) == (0, 0, 0, 0)
    for span, after in zip(spans, [*spans[1:], None], strict=True):
        word = p.words[span.last]
        assert (span.first, span.start) <= (span.last, span.end)
        assert span.split_word == (span.end < len(word))
        repeat = 0.0
        if not span.split_word:
            assert (span.end_width, span.hyphen) == (p.widths[span.last], 0.0)
            start = (span.last + 1, 0, 0.0)
        else:
            if not span.forced:
                (point,) = [b for b in breaks(word, p.fonts[span.last]) if b.at == span.end]
                assert (span.end_width, span.hyphen) == (point.width, point.hyphen)
                repeat = point.repeat
            start = (span.last, span.end, span.end_width)
        if after is None:
            assert (span.last, span.end) == (len(p.words) - 1, len(word))
        else:
            assert (after.first, after.start, after.start_width) == start
            if not span.forced:
                assert after.lead == repeat


def _justified_widths(p, spans, first, rest, expansion) -> None:
    """Justified lines: each fits its measure once its spaces shrink (by SHRINK) and its
    glyphs narrow (by `expansion`), unless overfull, which only a single unit alone is;
    only the first line may be set ragged."""
    for n, span in enumerate(spans):
        avail = first if n == 0 else rest
        x0 = p.xs[span.first] + span.start_width - span.lead
        natural = p.xs[span.last] + span.end_width + span.hyphen - x0
        spaces = p.gaps[span.last] - p.gaps[span.first]
        if span.overfull:  # one whole unit: from the word after a unit's end to the next end
            assert not span.split_word and span.start == 0 and span.last in p.ends
            unit = p.ends.index(span.last)
            assert span.first == (p.ends[unit - 1] + 1 if unit else 0)
        else:
            assert natural * (1 - expansion) - cost.SHRINK * spaces <= avail + 1e-6
        assert not span.ragged or n == 0


@pytest.mark.parametrize("block", range(10))
def test_break_lines_keeps_every_word_in_order_within_its_lines(block):
    """150 random paragraphs (seeded) each: every word once and in order, every line within
    its measure; set ragged or flush-left (and justified text with a unit wider than its
    line, with hyphenation), the spans are the line-by-line reference's, field for field."""
    for seed in range(block * 150, block * 150 + 150):
        p, first, rest, breaks, o = _case(seed)
        got = break_lines(
            p,
            first,
            rest,
            o["justify"],
            o["hyphenate"],
            breaks,
            o["expansion"],
            None,
            o["ragged_first"],
            o["flush_left"],
        )
        case = (seed, p.text, first, rest, o)
        _tiles(p, got, breaks)
        justified = o["justify"] and not o["flush_left"]
        ragged = not justified or (o["hyphenate"] and any(s.overfull or s.forced for s in got))
        if not ragged:
            _justified_widths(p, got, first, rest, o["expansion"])
            continue
        if o["flush_left"] or not o["justify"]:
            want = _reference_ragged(
                p, first, rest, o["hyphenate"], breaks, o["flush_left"], ragged=True
            )
        else:
            want = _reference_ragged(p, first, rest, o["hyphenate"], breaks, True)
        assert _fields(got) == _fields(want), case


# ------------------------------------------------- justified lines against every break sequence
# Total fit, stated apart from totalfit.py with cost.py's model (its docstring), for words in
# one font with every space breakable and no hyphenation:
# - A line's glyphs widen or narrow first, by up to `expansion` of its natural width, at a
#   badness of EXPANSION_BADNESS u**3 for the share u used; its spaces take the rest, at
#   100 r**3 for their ratio r to what they can stretch (STRETCH of their width) or shrink
#   (SHRINK, never past it), plus EXPANSION_BADNESS when the glyphs took all they could. A
#   single word is not expanded and stretches as if it had a typical space; the last line
#   never stretches.
# - Its demerits are (LINE_PENALTY + badness)**2; a fitness class (very loose r > 1, loose
#   r > 0.5, decent, tight r < -0.5, r of what glyphs and spaces give together) more than
#   one from the line before (the first after a decent one) adds ADJACENT_DEMERITS, a last
#   line under SHORT_LAST of several SHORT_LAST_DEMERITS.
# - Lines, but the last, whose spaces stretch past LOOSEST times what they can are not set
#   where the words can be set without them; where they cannot, every line may be, and a
#   word wider than its line stands alone on it, overfull, at OVERFULL_DEMERITS.
# - With ragged_first, a first line that holds all of a run-in heading (the words before
#   the body's font), not the last and not past its measure, is set ragged where it would
#   stretch worse than a ragged line, whose badness is RAGGED_FIRST_BADNESS (1 + 4 slack /
#   measure); of several words, it then costs that badness, decent (and is not too loose
#   for the first pass).
# - Where the least demerits reach FRAGMENT_DEMERITS, two lines, the first set ragged (at
#   least RAGGED_PAIR_FILL of its measure full, a ragged line's badness) and the second as
#   a last line, are taken where they cost less.


def _fitness(ratio: float) -> int:
    if ratio > 1:
        return cost.VERY_LOOSE
    if ratio > 0.5:
        return cost.LOOSE
    return cost.DECENT if ratio >= -0.5 else cost.TIGHT


def _badness(natural: float, spaces: float, avail: float, expansion: float, final: bool):
    """(badness, fitness class) of a justified line, or None where it cannot shrink enough."""
    slack = avail - natural
    if spaces == 0:  # a single word
        if slack < 0:
            return None
        if final:
            return 0.0, cost.DECENT
        ratio = slack / (cost.STRETCH * cost.TYPICAL_SPACE)
        return 100 * ratio**3, _fitness(ratio)
    glyphs = expansion * natural
    if slack >= 0:
        if final:
            return 0.0, cost.DECENT
        fitness = _fitness(slack / (glyphs + cost.STRETCH * spaces))
        if slack <= glyphs:
            return cost.EXPANSION_BADNESS * (slack / glyphs) ** 3, fitness
        ratio = (slack - glyphs) / (cost.STRETCH * spaces)
    else:
        fitness = _fitness(slack / (glyphs + cost.SHRINK * spaces))
        if -slack <= glyphs:
            return cost.EXPANSION_BADNESS * (-slack / glyphs) ** 3, fitness
        if -slack - glyphs > cost.SHRINK * spaces * (1 + 1e-9) + 1e-9:
            return None
        ratio = (-slack - glyphs) / (cost.SHRINK * spaces)
    return 100 * ratio**3 + (cost.EXPANSION_BADNESS if glyphs else 0.0), fitness


def _ragged_line(slack: float, avail: float) -> float:
    return cost.RAGGED_FIRST_BADNESS * (1 + 4 * slack / avail)


def _sequence_cost(p, lasts, first, rest, expansion, limited, heading=-1):
    """The demerits of lines ending after the words `lasts` (a run-in heading ending at word
    `heading`) and which are overfull, and whether the first is ragged, or None where a line
    cannot be set (or, `limited`, stretches past LOOSEST)."""
    total, before, fitness, overfull, ragged = 0.0, 0, cost.DECENT, [], False
    for n, last in enumerate(lasts):
        avail = first if n == 0 else rest
        natural = p.xs[last] + p.widths[last] - p.xs[before]
        spaces = p.gaps[last] - p.gaps[before]
        final = last == len(p.words) - 1
        slack = avail - natural - expansion * natural * (spaces > 0)
        loose = slack > totalfit.LOOSEST * cost.STRETCH * max(spaces, cost.TYPICAL_SPACE)
        raggable = n == 0 and 0 <= heading <= last and natural <= avail and not final
        if limited and loose and not final and not (raggable and spaces > 0):
            return None
        judged = _badness(natural, spaces, avail, expansion, final)
        if raggable and judged is not None and judged[0] > _ragged_line(avail - natural, avail):
            ragged = True
            if spaces > 0:
                judged = (_ragged_line(avail - natural, avail), cost.DECENT)
        if judged is None and spaces == 0 and not limited:
            total, line = total + cost.OVERFULL_DEMERITS, (None, cost.DECENT)
        elif judged is None:
            return None
        else:
            line = ((cost.LINE_PENALTY + judged[0]) ** 2, judged[1])
            total += line[0]
        overfull.append(line[0] is None)
        total += cost.ADJACENT_DEMERITS if abs(line[1] - fitness) > 1 else 0.0
        if final and n and natural < cost.SHORT_LAST:
            total += cost.SHORT_LAST_DEMERITS
        before, fitness = last + 1, line[1]
    return total, overfull, ragged


def _ragged_pair(p, first, rest, expansion):
    """The least demerits of two lines with the first ragged, and its first line's last word."""
    best = (math.inf, None)
    last = len(p.words) - 1
    for end in range(last):
        natural = p.xs[end] + p.widths[end]
        if not cost.RAGGED_PAIR_FILL * first <= natural <= first:
            continue
        tail = p.xs[last] + p.widths[last] - p.xs[end + 1]
        judged = _badness(tail, p.gaps[last] - p.gaps[end + 1], rest, expansion, True)
        if judged is None:
            continue
        ragged = _ragged_line(first - natural, first)
        demerits = (cost.LINE_PENALTY + ragged) ** 2 + (cost.LINE_PENALTY + judged[0]) ** 2
        demerits += cost.SHORT_LAST_DEMERITS if tail < cost.SHORT_LAST else 0.0
        best = min(best, (demerits, end))
    return best


def _few_words(case: int):
    """3-9 words of syllables, one in five a word of 25-40 letters among them, every space
    breakable, on lines 12-30 glyphs wide, with or without glyph expansion; half of them
    begin with a run-in heading of 1-3 words in bold (its last word's index, else -1)."""
    rnd = random.Random(case)
    words = [
        "".join(rnd.choice(_SYLLABLES) for _ in range(rnd.randint(1, 3)))
        for _ in range(rnd.randint(3, 9))
    ]
    if rnd.random() < 0.2:
        words[rnd.randrange(len(words))] = "x" * rnd.randint(25, 40)
    first = rnd.randint(12, 30) * MONO_EM + 1e-6
    rest = first if rnd.random() < 0.5 else rnd.randint(12, 30) * MONO_EM + 1e-6
    heading = rnd.randint(0, min(2, len(words) - 2)) if rnd.random() < 0.5 else -1
    runs = [Run(" ".join(words[heading + 1 :]), MONO)]
    if heading >= 0:
        runs = [Run(" ".join(words[: heading + 1]), BOLD), Run(" " + runs[0].text, MONO)]
    return prepare(runs), first, rest, rnd.choice([0.0, 0.02]), heading


@pytest.mark.parametrize("seed", range(0, 600, 60))
def test_justified_lines_of_a_few_words_cost_the_least_of_every_break_sequence(seed):
    """60 paragraphs a seed (`_few_words`), not hyphenated, with ragged_first: the lines
    break_lines justifies cost the least of every way to break the words, as stated above,
    overfull and ragged where that way's are (or, where the two lines with a ragged first
    cost less, are those). Paragraphs whose least cost is within a hair of another way's
    are not checked (at most a tenth)."""
    checked = 0
    for case in range(seed, seed + 60):
        p, first, rest, expansion, heading = _few_words(case)
        ways = [
            (*(n for n, end in enumerate(cut) if end), len(p.words) - 1)
            for cut in itertools.product((False, True), repeat=len(p.words) - 1)
        ]
        for limited in (True, False):
            costs = {
                way: found
                for way in ways
                if (found := _sequence_cost(p, way, first, rest, expansion, limited, heading))
            }
            if costs:
                break
        ranked = sorted((c[0], w) for w, c in costs.items())
        least, lasts = ranked[0]
        _, overfull, ragged = costs[lasts]
        if least >= cost.FRAGMENT_DEMERITS:
            pair, end = _ragged_pair(p, first, rest, expansion)
            if pair < least:
                least, lasts, overfull, ragged = pair, (end, len(p.words) - 1), [False] * 2, True
        if len(ranked) > 1 and ranked[1][0] - ranked[0][0] <= 1e-9 * ranked[0][0]:
            continue  # two ways judged alike: either may be taken
        spans = break_lines(p, first, rest, True, False, word_breaks, expansion, None, True)
        case_text = (p.words, first / MONO_EM, rest / MONO_EM, expansion, heading)
        assert tuple(span.last for span in spans) == lasts, case_text
        assert [span.overfull for span in spans] == overfull, case_text
        assert [span.ragged for span in spans] == [ragged] + [False] * (len(spans) - 1)
        checked += 1
    assert checked >= 54


# ---------------------------------------------------------------- exact widths, worked by hand


def _exact(texts, space=1.0, breakable=None):
    """A paragraph in a made-up font: each letter 1 wide, a space `space`, so every width,
    slack and badness below is exact."""
    n = len(texts)

    def width(text, font):
        return space if text == " " else float(len(text))

    return _measure(
        list(texts),
        ["X"] * n,
        [float(len(t)) for t in texts],
        [()] * n,
        ["X"] * (n - 1),
        [True] * (n - 1) if breakable is None else list(breakable),
        width,
    )


def _points(table):
    """A `breaks` that gives each word the WordBreaks listed for it (none for the others)."""
    return lambda word, font: tuple(WordBreak(*b) for b in table.get(word, ()))


def _ends(spans):
    return [(s.first, s.start, s.last, s.end, s.hyphen) for s in spans]


def test_of_two_unit_ends_judged_alike_the_shorter_line_is_taken():
    """'b b b b b' (slack 2 of stretch 2, badness 100) against 'b b b b b bb' (1 shrunk of 1,
    badness 100): equal demerits, the first found (the shorter line) wins."""
    p = _exact(["b", "b", "b", "b", "b", "bb", "b", "b"])
    spans = break_lines(p, 11.0, 11.0, False, False, _points({}), flush_left=True)
    assert _ends(spans) == [(0, 0, 4, 1, 0.0), (5, 0, 7, 1, 0.0)]


def test_of_two_hyphenation_points_judged_alike_the_longer_part_is_taken():
    """'bbbb bb' and 'bbbb b-' both reach 11 of 10 (shrunk by 1 of the space's 5): equal
    demerits, the first tried (the later point) wins. (The next line, 9, cannot hold the
    whole word, so the tail rule does not keep it whole.)"""
    p = _exact(["bbbb", "bbbbbbbbbb"], space=5.0)
    breaks = _points({"bbbbbbbbbb": [(3, 1.0, 1.0, 0.0), (4, 2.0, 0.0, 0.0)]})
    spans = break_lines(p, 10.0, 9.0, False, True, breaks, flush_left=True)
    assert _ends(spans)[0] == (0, 0, 1, 4, 0.0)


def test_span_has_no_room_for_a_misspelt_field():
    """Span is a slotted dataclass: setting a field it does not have fails."""
    span = breaking.Span(0, 0, 0.0, 0.0, 0, 1, 1.0, 0.0, False, False)
    with pytest.raises(AttributeError):
        span.raged = True  # type: ignore[attr-defined]


def test_break_lines_defaults_are_no_expansion_no_ragged_first_and_not_flush_left():
    """Left out, expansion is 0, ragged_first and flush_left are off."""
    heading = prepare([Run("Ohnivá koule.", BOLD), Run(" " + LONG, SERIF)])
    for p, justify in ((heading, True), (prepare([Run(LONG, SERIF)]), True)):
        for first in (12.0, 17.0, 23.0, 30.0):
            got = break_lines(p, first, first, justify, True, word_breaks)
            want = break_lines(p, first, first, justify, True, word_breaks, 0.0, None, False, False)
            assert _fields(got) == _fields(want), first
    # Each default, changed, changes one of these paragraphs: the check above bites.
    for options in ((0.5, None, False, False), (0.0, None, True, False), (0.0, None, False, True)):
        assert any(
            _fields(break_lines(heading, first, first, True, True, word_breaks))
            != _fields(break_lines(heading, first, first, True, True, word_breaks, *options))
            for first in (12.0, 17.0, 23.0, 30.0)
        ), options


LONG = (
    "V libovolném směru od tebe se zažehne ohnivý proud, dlouhý 6 sáhů a široký 1 sáh. "
    "Každý tvor, zasažený tímto proudem, si musí hodit záchranný hod na Obratnost."
)


def test_feasible_breaks_are_kept_per_paragraph_and_hyphenation():
    """The cache given gets the paragraph's feasible breaks under (paragraph, hyphenate)."""
    p = prepare([Run(LONG, SERIF)])
    feasible: dict = {}
    spans = break_lines(p, 20.0, 20.0, True, True, word_breaks, 0.0, feasible)
    assert list(feasible) == [(p, True)]
    assert feasible[(p, True)] == totalfit.paragraph_breaks(p, True, word_breaks)
    assert _fields(break_lines(p, 20.0, 20.0, True, True, word_breaks, 0.0, feasible)) == _fields(
        spans
    )


def test_feasible_breaks_found_in_the_cache_are_used():
    """Breaks cached under (paragraph, True) are read, not found again: here those of the
    paragraph without hyphenation, so no line ends inside a word."""
    p = prepare([Run(LONG, SERIF)])
    hyphenated = break_lines(p, 12.0, 12.0, True, True, word_breaks)
    assert any(span.split_word for span in hyphenated)  # the paragraph does hyphenate
    feasible = {(p, True): totalfit.paragraph_breaks(p, False, word_breaks)}
    spans = break_lines(p, 12.0, 12.0, True, True, word_breaks, 0.0, feasible)
    assert not any(span.split_word for span in spans)


def test_a_line_ending_at_a_soft_glue_pays_its_penalty():
    """'b b b b b b' ends before '+1' (a soft glue, 6000 squared): 'b b b b b b +1', shrunk by
    1 of 1.2, is taken instead."""
    p = _exact(["b"] * 6 + ["+1"])
    assert p.penalties[5] == cost.SIGN_PENALTY
    spans = break_lines(p, 13.0, 13.0, False, False, _points({}), flush_left=True)
    assert _ends(spans) == [(0, 0, 6, 2, 0.0)]


def test_a_single_unit_is_judged_with_one_typical_space_at_least():
    """'bb bb' (glued, a space of 1/8) with 0.1 to spare is judged as if its space were 1/4
    (badness 51.2): it beats 'bb bb b' shrunk by 3/8 of 2/5 (badness 42 and a hyphen). A word
    follows, so 'bbbbbbbb' is not the last word, whose tail is never hyphenated off."""
    p = _exact(["bb", "bb", "bbbbbbbb", "b"], space=0.125, breakable=[False, True, True])
    breaks = _points({"bbbbbbbb": [(1, 0.0125, 0.0, 0.0)]})
    spans = break_lines(p, 4.225, 20.0, False, True, breaks, flush_left=True)
    assert _ends(spans) == [(0, 0, 1, 2, 0.0), (2, 0, 3, 1, 0.0)]


def test_a_unit_at_a_soft_glue_is_not_hyphenated_but_the_next_one_may_be():
    """'bb' ends before a soft glue: no hyphen in it; the next unit's 'b-' (0.1 wide) fits
    shrunk by 1.15 of 1.2 and costs less than 'b b b b b' with 2.95 to spare."""
    p = dataclasses.replace(
        _exact(["b", "b", "b", "b", "b", "bb", "bbbbbbbbbb"]),
        penalties=(0.0,) * 5 + (cost.SIGN_PENALTY, 0.0),
    )
    breaks = _points({"bb": [(1, 1.0, 1.0, 0.0)], "bbbbbbbbbb": [(3, 0.05, 0.05, 0.0)]})
    spans = break_lines(p, 11.95, 9.95, False, True, breaks, flush_left=True)  # 10 wide: no fit
    assert _ends(spans)[0] == (0, 0, 6, 3, 0.05)


def test_the_last_words_tail_stays_with_it_when_the_word_fits_the_next_line_exactly():
    """'bbbbbbbb' is 8 wide and the next line 8: it goes there whole, not as 'b-' / 'bbbbbbb'."""
    p = _exact(["bbbb", "bbbb", "bbbbbbbb"])
    breaks = _points({"bbbbbbbb": [(1, 1.0, 1.0, 0.0)]})
    spans = break_lines(p, 12.0, 8.0, False, True, breaks)
    assert _ends(spans) == [(0, 0, 1, 4, 0.0), (2, 0, 2, 8, 0.0)]


def test_the_tail_rule_holds_when_only_the_first_unit_fits_the_first_line():
    """'bbbb bbbbbbbb' on lines of 8: 'bbbb' / 'bbbbbbbb', not 'bbbb b-' / 'bbbbbbb' (the
    rule was skipped when the last unit fitting shrunk was unit 0, an index read as a flag)."""
    p = _exact(["bbbb", "bbbbbbbb"])
    breaks = _points({"bbbbbbbb": [(1, 1.0, 1.0, 0.0)]})
    for flush_left in (False, True):
        spans = break_lines(p, 8.0, 8.0, False, True, breaks, flush_left=flush_left)
        assert _ends(spans) == [(0, 0, 0, 4, 0.0), (1, 0, 1, 8, 0.0)]


def test_a_hyphen_costs_hyphen_penalty_squared():
    """'bb bb bb' (badness 100: 90000) against 'bb bb bb b-' shrunk by 0.5625 of 0.6 (badness
    82.4: 79749 and 150 squared for the hyphen): the line without a hyphen costs less."""
    p = _exact(["bb", "bb", "bb", "bbbbbbbb", "bb"])
    breaks = _points({"bbbbbbbb": [(1, 0.25, 0.3125, 0.0)]})
    spans = break_lines(p, 9.0, 20.0, False, True, breaks, flush_left=True)
    assert _ends(spans)[0] == (0, 0, 2, 2, 0.0)


def test_hyphenation_points_of_a_lines_first_unit_are_judged_as_a_single_unit():
    """'bb bb…' (glued, a space of 1/8) does not fit 6: of its parts 'bb bbb-' (6.02, shrunk
    by 0.02 of 0.025: badness 51.2) and 'bb bb-' (0.055 to spare, judged with one typical
    space: badness 8.5), the second wins."""
    p = _exact(["bb", "bbbbbbbb", "bb"], space=0.125, breakable=[False, True])
    breaks = _points({"bbbbbbbb": [(3, 2.82, 1.0, 0.0), (4, 2.895, 1.0, 0.0)]})
    spans = break_lines(p, 6.0, 20.0, False, True, breaks, flush_left=True)
    assert _ends(spans) == [(0, 0, 1, 3, 1.0), (1, 3, 2, 2, 0.0)]


@pytest.mark.parametrize(
    ("rest", "lines"),
    [
        (5.5, [(0, 0, 2, 4, 0.0), (3, 0, 3, 1, 0.0)]),  # 'bbbb b' is 6: 'b' stays alone
        (6.0, [(0, 0, 1, 4, 0.0), (2, 0, 3, 1, 0.0)]),  # it fits 6: 'bbbb' goes along
    ],
)
def test_a_short_last_word_takes_the_one_before_it_along_when_both_fit(rest, lines):
    """'bbbb bbbb bbbb' fills the first line; the last line 'b' (under SHORT_LAST) takes
    'bbbb' along only when 'bbbb b' fits a line."""
    p = _exact(["bbbb", "bbbb", "bbbb", "b"])
    assert _ends(break_lines(p, 14.0, rest, False, False, _points({}))) == lines


def test_a_last_word_of_exactly_short_last_stays_alone():
    """'bb' is 2 wide, SHORT_LAST is 2: not shorter, so 'bbbb' does not come along."""
    p = _exact(["bbbb", "bbbb", "bbbb", "bb"])
    spans = break_lines(p, 14.0, 20.0, False, False, _points({}))
    assert _ends(spans) == [(0, 0, 2, 4, 0.0), (3, 0, 3, 2, 0.0)]


def _mono(text, chars, breaks=lambda word, font: ()):
    """Break a MONO paragraph on lines `chars` glyphs wide, hyphenating with `breaks`."""
    p = prepare([Run(text, MONO)])
    return break_lines(p, chars * MONO_EM + 1e-6, chars * MONO_EM + 1e-6, False, True, breaks)


def test_only_the_listed_signs_end_a_line_of_last_resort_without_a_hyphen():
    """'abcdXfghijklmnop' has no point of its own: cut with a hyphen at 8, not after the X."""
    spans = _mono("abcdXfghijklmnop", 8)
    assert [(s.end, s.hyphen > 0, s.forced) for s in spans[:2]] == [
        (7, True, True),
        (14, True, True),
    ]


def test_a_line_of_last_resort_after_a_repeated_hyphen_counts_it():
    """'ab-' / '-cdefgh-': the repeated hyphen takes one of the 8 places of the second line."""
    em = MONO_EM
    breaks = _points({"ab-cdefghijklmnop": [(3, 3 * em, 0.0, em)]})
    spans = _mono("ab-cdefghijklmnop", 8, breaks)
    assert [(s.start, s.end, s.forced) for s in spans[:2]] == [(0, 3, False), (3, 9, True)]


def test_a_line_of_last_resort_ends_after_a_slash_only_past_its_start():
    """'abc/' ends the first line; the rest has no slash: 'defgh-' (a hyphen), never an empty
    line at the slash before it."""
    spans = _mono("abc/defghijklmnop", 6)
    assert [(s.start, s.end) for s in spans] == [(0, 4), (4, 9), (9, 14), (14, 17)]


def test_a_line_of_last_resort_may_hold_just_a_slash():
    """'ab//defghij' at 3: 'ab/', then '/' alone (a break after it needs no hyphen)."""
    spans = _mono("ab//defghij", 3)
    assert [(s.start, s.end, s.hyphen) for s in spans[:2]] == [(0, 3, 0.0), (3, 4, 0.0)]


def test_a_hyphen_judged_as_dear_as_the_best_unit_end_is_not_taken():
    """'b b b' (5 wide on a line of 5.8291…, spaces 2) and 'b b b b-' shrunk by 0.265625 of
    0.6 (and a hyphen) cost the same to the last bit: the line without a hyphen is kept."""
    avail, over = 5.829105686551816, 0.265625  # found by search: equal demerits in floats
    p = _exact(["b", "b", "b", "bbbbbbbb", "bb"])
    assert cost.ragged_demerits(5.0, 2.0, avail, False, False) == (
        cost.ragged_demerits(avail + over, 3.0, avail, False, False) + cost.HYPHEN_PENALTY**2
    )
    breaks = _points({"bbbbbbbb": [(1, avail + over - 6.0, 0.0, 0.0)]})
    spans = break_lines(p, avail, 20.0, False, True, breaks, flush_left=True)
    assert _ends(spans) == [(0, 0, 2, 1, 0.0), (3, 0, 4, 2, 0.0)]
