"""Read back the PDF of all 492 spells, one card per page, and check the typesetting rules.

The PDF is built once per module (`--sheet none`) and read in one pass
(tests/support/pdfread.py). The fit result says which page holds which spell and where each
typeset line sits; the text itself is always taken from the PDF: the characters found at that
line's baseline and columns.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pyphen
import pytest
from pdfminer.pdftypes import resolve1
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.build import build_pdf, fit_all
from cards.face import Label, TextLine
from cards.fit.blocks import HEADING_CONTINUED
from cards.fit.tables import CONTINUED
from cards.layout import load_layout
from cards.model import BulletList, Heading, Paragraph, Table, card_order
from cards.report import fit_report
from cards.typeset.czech import exceptions
from cards.typeset.normalise import normalise
from tests.support.pdfread import open_pdf

pytestmark = pytest.mark.slow  # reads whole PDFs back (pytest -m 'not slow' skips)

ONE_LETTER = set("kKsSvVzZoOuUaAiI")
OPENING = "([{„‚“‘\"'«‹"
CLAUSE_END = ",;:!?)]}“”\"'…»›"
OPERATORS = {"+", "-", "−", "–", "×"}
EDGE = 2 * mm
_DICTIONARY = pyphen.Pyphen(lang="cs_CZ", left=2, right=3)


@dataclass
class PdfLine:
    """The PDF text found where the fitter placed one typeset line of the description."""

    text: str
    role: str  # "body" or "table"
    continues: bool  # the next line of the same paragraph or cell follows on this card
    next_index: int | None  # index of that line in the spell's list
    own_hyphen: bool = False  # the typesetter ended it at a word's own hyphen ("Sešleš-")


@dataclass
class SpellPages:
    """What the PDF holds for one spell: its description lines and other facts per page."""

    label: str
    lines: list[PdfLine] = field(default_factory=list)
    body_sizes: list[float] = field(default_factory=list)  # the most common regular size
    fit_sizes: list[float] = field(default_factory=list)
    # Per card: the PDF text found at each title, stat, material and footer line, in order.
    roles: list[dict[str, list[PdfText]]] = field(default_factory=list)
    labels: list[list[str]] = field(default_factory=list)  # per card: the labels' PDF text


@dataclass(frozen=True)
class PdfText:
    """The PDF text found where the fitter placed a line, with how the typesetter ended it."""

    text: str
    hyphenated: bool = False  # ends in an inserted hyphen
    split_word: bool = False  # ends inside a word (inserted hyphen or the word's own)


@dataclass
class Readback:
    """Everything the checks need, collected in one pass over the PDF."""

    pages: int
    spells: dict[str, SpellPages]
    expected: dict[str, object]  # label -> Spell
    min_cards: dict[str, int]
    cards: dict[str, int]
    edge_violations: list[str]
    small_text: list[str]
    overlaps: list[str]
    fontnames: set[str]
    first_page_text: str
    stray: list[str] = field(default_factory=list)  # characters at no placed line or label


def _groups(chars: list[dict]) -> dict[float, list[dict]]:
    """Return the page's characters grouped by baseline, each group sorted left to right."""
    groups: dict[float, list[dict]] = defaultdict(list)
    for char in chars:
        groups[round(char["matrix"][5], 1)].append(char)
    for group in groups.values():
        group.sort(key=lambda c: c["x0"])
    return groups


def _text(chars: list[dict]) -> str:
    """Join characters into text, with a space wherever a gap shows one."""
    out = []
    previous = None
    for char in chars:
        if previous is not None and char["x0"] - previous["x1"] > 0.2 * char["size"]:
            out.append(" ")
        out.append(char["text"])
        previous = char
    return re.sub(r"\s+", " ", "".join(out)).strip()


def _overlaps(groups: dict[float, list[dict]], page: int) -> list[str]:
    """Return the pairs of lines (baseline groups) whose glyph boxes overlap."""
    boxes = []
    for baseline, group in groups.items():
        if not "".join(c["text"] for c in group).strip():
            continue
        boxes.append(
            (
                baseline,
                min(c["x0"] for c in group),
                max(c["x1"] for c in group),
                min(c["y0"] for c in group),
                max(c["y1"] for c in group),
            )
        )
    found = []
    for i, (b1, left1, right1, low1, high1) in enumerate(boxes):
        for b2, left2, right2, low2, high2 in boxes[i + 1 :]:
            if min(right1, right2) - max(left1, left2) > 0.5 and (
                min(high1, high2) - max(low1, low2) > 0.3
            ):
                found.append(f"page {page}: lines at {b1} and {b2} overlap")
    return found


def _line_chars(
    groups: dict[float, list[dict]], baseline: float, left: float, right: float
) -> list[dict]:
    # The PDF writes positions rounded, so a baseline near a rounding boundary (x.x5) may sit
    # in the neighbouring group: take every group within 0.06 pt of it.
    key = round(baseline, 1)
    group = [
        c
        for k in (key - 0.1, key, key + 0.1)
        if abs(round(k, 1) - baseline) < 0.06
        for c in groups.get(round(k, 1), [])
    ]
    return sorted((c for c in group if left - 0.5 <= c["x0"] < right - 0.5), key=lambda c: c["x0"])


@pytest.fixture(scope="module")
def spells(compendium):
    return compendium


@pytest.fixture(scope="module")
def layout():
    return load_layout("poker")


@pytest.fixture(scope="module")
def built(tmp_path_factory, spells):
    """Build the compendium PDF twice, one card per page."""
    folder = tmp_path_factory.mktemp("cards")
    first = build_pdf(spells, folder / "a.pdf", layout="poker", sheet="none")
    second = build_pdf(spells, folder / "b.pdf", layout="poker", sheet="none")
    return first, second


@pytest.fixture(scope="module")
def readback(built, spells, layout) -> Readback:
    """Read every page of the PDF once and collect what the tests check."""
    result, _ = built
    fits = fit_all(spells, layout)  # the run's cache: the build above fitted them
    faces = [(spell, face) for spell, f in zip(spells, fits, strict=True) for face in f.faces]
    data = Readback(
        pages=0,
        spells={},
        expected={spell.label: spell for spell in spells},
        min_cards={spell.label: f.min_cards for spell, f in zip(spells, fits, strict=True)},
        cards={spell.label: len(f.faces) for spell, f in zip(spells, fits, strict=True)},
        edge_violations=[],
        small_text=[],
        overlaps=[],
        fontnames=set(),
        first_page_text="",
    )
    with open_pdf(result.path) as pdf:
        data.pages = len(pdf.pages)
        assert data.pages == len(faces)
        for number, (page, (spell, face)) in enumerate(zip(pdf.pages, faces, strict=True), 1):
            trim = [float(v) for v in resolve1(page.page_obj.attrs.get("TrimBox", page.mediabox))]
            x0, y0, x1, y1 = trim
            chars = [c for c in page.chars if c["text"].strip()]
            if number == 1:
                data.first_page_text = page.extract_text()
            for char in chars:
                data.fontnames.add(char["fontname"])
                if char["size"] < 5.5 - 1e-6:
                    data.small_text.append(f"page {number}: {char['text']!r} at {char['size']}")
                distance = min(char["x0"] - x0, x1 - char["x1"], char["y0"] - y0, y1 - char["y1"])
                if distance < EDGE - 0.01:
                    data.edge_violations.append(
                        f"page {number} ({spell.label}): {char['text']!r} {distance / mm:.2f} mm"
                    )
            groups = _groups(chars)
            data.overlaps.extend(_overlaps(groups, number))
            regular = Counter(
                round(c["size"], 2) for c in chars if c["fontname"].endswith("+CharisSIL")
            )
            pages = data.spells.setdefault(spell.label, SpellPages(spell.label))
            pages.body_sizes.append(regular.most_common(1)[0][0] if regular else 0.0)
            pages.fit_sizes.append(face.body_size)
            opened = max(layout.leading, layout.sizes.leading_max)
            _collect_lines(pages, face.items, groups, x0, y0, layout.leading, opened)
            data.stray.extend(_collect_texts(pages, face.items, chars, x0, y0, number))
            page.flush_cache()
    return data


def _collect_lines(
    pages: SpellPages, items, groups, x0: float, y0: float, ratio: float, most: float
) -> None:
    """Read the PDF text of each description line the fitter placed on this page."""
    lines = [i for i in items if isinstance(i, TextLine) and i.role in ("body", "table")]
    by_baseline: dict[float, list[TextLine]] = defaultdict(list)
    for line in lines:
        by_baseline[round(line.y, 2)].append(line)
    start = len(pages.lines)
    for line in lines:
        row = sorted(by_baseline[round(line.y, 2)], key=lambda i: i.x)
        nxt = [i.x for i in row if i.x > line.x + 0.01]
        right = min(nxt) if nxt else x0 + 10_000
        chars = _line_chars(groups, y0 + line.y, x0 + line.x, x0 + right if nxt else right)
        leading = line.size * ratio
        follower = None
        for m, other in enumerate(lines):
            if (
                other.role == line.role
                and abs(other.x - line.x) < 0.01
                and -0.05 * line.size
                < line.y - leading - other.y
                < (most - ratio) * line.size + 0.05 * line.size
            ):
                follower = start + m
                break
        own_hyphen = line.line.split_word and not line.line.hyphenated
        pages.lines.append(
            PdfLine(_text(chars), line.role, follower is not None, follower, own_hyphen)
        )


def _collect_texts(pages: SpellPages, items, chars, x0: float, y0: float, number: int) -> list[str]:
    """Read every placed text item of a card from the PDF; return the characters read by none.

    Items on one baseline end where the next one starts, so each character is read once.
    """
    placed = [i for i in items if isinstance(i, TextLine | Label)]
    left_over = {id(c): c for c in chars}
    # The characters by baseline, to look up a line's few among a page's thousand: (baseline,
    # place on the page, character), so that ties in x keep the page's order.
    by_baseline = sorted(((c["matrix"][5], n, c) for n, c in enumerate(chars)), key=lambda t: t[:2])
    baselines = [t[0] for t in by_baseline]
    roles: dict[str, list] = defaultdict(list)
    labels: list[str] = []
    for item in placed:
        # A line ends where the next item on its baseline starts, but for a bullet inside its
        # indent; a label ends where its text does.
        row = [o for o in placed if abs(o.y - item.y) < 0.15]
        right = min(
            (
                o.x
                for o in row
                if o.x > item.x + 0.01
                and not (isinstance(o, Label) and o.x < item.x + 2 * item.size)
            ),
            default=10_000.0,
        )
        if isinstance(item, Label):
            right = min(right, item.x + stringWidth(item.text, item.font, item.size) + 0.6)
        near = by_baseline[
            bisect.bisect_left(baselines, y0 + item.y - 0.15) : bisect.bisect_right(
                baselines, y0 + item.y + 0.15
            )
        ]
        found = [
            c
            for _, _, c in sorted(
                (
                    (c["x0"], n, c)
                    for _, n, c in near
                    if abs(c["matrix"][5] - (y0 + item.y)) < 0.15
                    and x0 + item.x - 0.5 <= c["x0"] < x0 + right - 0.5
                ),
                key=lambda t: t[:2],
            )
        ]
        for char in found:
            left_over.pop(id(char), None)
        text = _text(found)
        if isinstance(item, Label):
            labels.append(text)
        elif item.role not in ("body", "table"):
            line = PdfText(text, item.line.hyphenated, item.line.split_word)
            roles[item.role].append((-item.y if item.role == "footer" else 0, line))
    roles = {
        role: [line for _, line in sorted(lines, key=lambda p: p[0])]
        for role, lines in roles.items()
    }
    pages.roles.append(roles)
    pages.labels.append(labels)
    return [
        f"page {number}: {c['text']!r} at {c['x0']:.1f},{c['top']:.1f}" for c in left_over.values()
    ]


def _joined(lines: list[PdfText]) -> str:
    """Join a role's lines into its text: inserted hyphens out, a repeated own hyphen once."""
    out = ""
    for n, line in enumerate(lines):
        text = line.text
        if n and lines[n - 1].split_word:
            out = out[:-1] if lines[n - 1].hyphenated else out
            text = text[1:] if text.startswith("-") and not lines[n - 1].hyphenated else text
        elif n:
            out += " "
        out += text
    return out


def _norm(word: str) -> str:
    return word.replace("-", "").replace("\u00ad", "")


def _description(spell) -> tuple[list[str], list[str]]:
    """Return the words of the running text in order, and the words of the tables.

    As they are set: with Czech dashes and ranges (`normalise`), in card order (the panels last).
    """
    running: list[str] = []
    table: list[str] = []
    if spell.description_missing:  # the card says so first, in muted italic
        from cards.messages import say

        running.extend(say("card_description_missing").split())
    for block in card_order(spell.blocks):
        if isinstance(block, Paragraph):
            running.extend(normalise(f"{block.heading} {block.text}").split())
        elif isinstance(block, Heading):
            running.extend(normalise(block.text).split())
        elif isinstance(block, BulletList):
            for item in block.items:
                running.extend(["•", *normalise(item).split()])
        elif isinstance(block, Table):
            for row in (block.header, *block.rows):
                for cell in row:
                    table.extend(normalise(cell).split())
    return running, table


def _join(head: str, rest: str) -> str:
    """Join a word's part ending a line in "-" with the next line's start.

    A hyphen repeated at the start ("Sešleš-" + "-li") shows the word's own hyphen; any
    other line-end hyphen was inserted ("kou-" + "zlo").
    """
    if rest.startswith("-"):
        return head + rest[1:]
    return head[:-1] + rest


def _joined_words(pages: SpellPages, role: str) -> list[str]:
    """Return the words of the lines of one role, hyphenated words joined with their rest."""
    words: list[str] = []
    carry = ""
    for line in pages.lines:
        if line.role != role or line.text.endswith(HEADING_CONTINUED):
            continue  # a run-in heading repeated where its paragraph goes on (test_parts)
        tokens = line.text.split()
        if not tokens:
            continue
        if carry:
            tokens[0] = _join(carry, tokens[0])
        carry = ""
        if tokens[-1].endswith("-") and len(tokens[-1]) > 1 and line.continues and role == "body":
            carry = tokens.pop()
        words.extend(tokens)
    if carry:
        words.append(carry)
    return words


def test_page_count_matches_the_fit_report(readback, built, spells, layout):
    """One page per card; the fit report gives every spell the cards the PDF holds."""
    result, _ = built
    report = fit_report(spells, layout)
    assert readback.pages == report.cards == result.cards == result.pages
    assert {row.label: row.cards for row in report.rows} == {
        label: len(pages.fit_sizes) for label, pages in readback.spells.items()
    }
    assert {row.label: row.body_size for row in report.rows} == {
        label: pages.fit_sizes[0] for label, pages in readback.spells.items()
    }


def test_card_count_is_the_least_at_the_minimum_size(readback):
    """No spell takes more cards than it needs at the layout's minimum body size."""
    over = {
        label: (n, readback.min_cards[label])
        for label, n in readback.cards.items()
        if n > readback.min_cards[label]
    }
    assert over == {}


def test_no_glyph_within_2_mm_of_the_card_edge(readback):
    """Every character keeps 2 mm from the trimmed card's edge."""
    assert readback.edge_violations == []


def test_no_text_below_5_5_pt(readback):
    """No character anywhere is set smaller than 5.5 pt."""
    assert readback.small_text == []


def test_no_two_lines_overlap(readback):
    """Glyph boxes of different lines never overlap."""
    assert readback.overlaps == []


def test_body_size_at_or_above_the_minimum(readback, layout):
    """The body text of every card is at least the layout's minimum, as the fit reports."""
    low = []
    for pages in readback.spells.values():
        for pdf_size, fit_size in zip(pages.body_sizes, pages.fit_sizes, strict=True):
            if fit_size < layout.body_min or pdf_size < layout.body_min - 1e-6:
                low.append((pages.label, pdf_size, fit_size))
    assert low == []


def test_the_cards_of_a_spell_share_one_size(readback, layout):
    """Every card of a split spell sets its description at one size step: a deck reads as one
    book."""
    from cards.fit.room import size_grid

    grid = size_grid(layout)
    uneven = [
        (p.label, p.body_sizes)
        for p in readback.spells.values()
        if len({round(s, 2) for s in p.body_sizes}) > 1 or len(set(p.fit_sizes)) > 1
    ]
    assert uneven == []
    assert {s for p in readback.spells.values() for s in p.fit_sizes} <= set(grid)


def test_every_word_of_every_description_in_order(readback):
    """The running text's words are exactly the description's, in order; table words appear."""
    wrong = []
    for label, pages in readback.spells.items():
        running, table = _description(readback.expected[label])
        found = _joined_words(pages, "body")  # exact: a word's own hyphen must come back once
        if found != running:
            at = next(
                (i for i, (a, b) in enumerate(zip(found, running, strict=False)) if a != b), None
            )
            at = min(len(found), len(running)) if at is None else at
            wrong.append((label, at, found[at : at + 3], running[at : at + 3]))
        cells = {_norm(w) for w in _table_words(pages)}
        wrong.extend((label, word) for word in table if _norm(word) not in cells)
        wrong.extend((label, "added", word) for word in _added_table_words(pages, table))
    assert wrong == []


def _components(spell) -> str:
    flags = [f for f, on in zip("VPS", _flags(spell), strict=True) if on]
    text = ", ".join(flags)
    return text + "*" if spell.components.material_text else text


def _flags(spell) -> tuple[bool, bool, bool]:
    c = spell.components
    return c.verbal, c.somatic, c.material


def _level_label(spell) -> str:
    """The level disc's text: the numeral, "trik" for a cantrip."""
    return "trik" if spell.level == 0 else str(spell.level)


def _expected_labels(spell, part: int, parts: int) -> list[str]:
    """The labels a card of the spell shows: names, school, level disc and index corner, stat
    labels, badges, books, the part and the cue that the text goes on."""
    from cards.model import SOURCE_ABBREVIATIONS

    english = spell.name_en.replace("'", "’")  # as normalised; not shown when it is the name
    labels = [english] if english and english.casefold() != spell.name.casefold() else []
    labels += [spell.school, _level_label(spell)]  # on every card, continuation too
    labels.append(str(spell.level))  # the index corner's numeral, on every card
    if part == 1:
        labels += ["VYVOLÁNÍ", "DOSAH", "SLOŽKY", "TRVÁNÍ"]
        labels += ["rituál"] if spell.ritual else []
        labels += ["soustředění"] if spell.concentration else []
    labels.append(" · ".join(SOURCE_ABBREVIATIONS[s] for s in spell.sources))
    labels += [f"{part}/{parts}"] if parts > 1 else []
    labels += ["pokračuje ›"] if part < parts else []
    return sorted(labels)


def _without_cue(labels: list[str]) -> list[str]:
    """A continuation card's labels as if it began at a sentence: its cue above the text
    taken out, a cue at its foot read as the plain one ("‹ pokračuje ›" as "pokračuje ›")."""
    from cards.fit.blocks import SENTENCE_CONTINUED
    from cards.fit.footer import CUE, CUE_FROM

    plain = {CUE_FROM[0]: None, CUE_FROM[1]: CUE, SENTENCE_CONTINUED: None}
    return [plain.get(t, t) for t in labels if plain.get(t, t) is not None]


def _as_set(text: str) -> str:
    return normalise(text).replace("\u00a0", " ")


def _expected_texts(spell, part: int) -> list[dict[str, str]]:
    """The title, stat, material and footer texts a card may show: a short material stands
    in the components ("V, P, S (pálivá paprika)"), a longer one below them ("* ...").
    As they are set: normalised (`normalise`; its glued spaces read back as spaces)."""
    texts = {"title": _as_set(spell.name), "footer": _as_set(", ".join(spell.classes))}
    if part > 1:
        return [texts]
    duration = spell.duration  # concentration is said by its badge, not twice
    if spell.concentration:
        duration = duration.removesuffix(" (soustředění)")
    values = [_as_set(spell.casting_time), _as_set(spell.range), _components(spell)]
    values.append(_as_set(duration))
    material = _as_set(spell.components.material_text)
    below = {**texts, "stat": " ".join(values)}
    if not material:
        return [below]
    below["material"] = "* " + material
    values[2] = values[2].removesuffix("*") + f" ({material})"
    return [below, {**texts, "stat": " ".join(values)}]


RUN_IN = ("VYVOLÁNÍ", "DOSAH", "SLOŽKY", "TRVÁNÍ")  # the stat labels, in grid order


def test_titles_stats_material_footer_and_labels_exactly(readback):
    """Each card shows the spell's name, its stats, material, classes and labels, nothing else."""
    wrong = []
    for label, pages in readback.spells.items():
        spell = readback.expected[label]
        parts = len(pages.roles)
        bullets = sum(len(b.items) for b in spell.blocks if isinstance(b, BulletList))
        if sum(labels.count("•") for labels in pages.labels) != bullets:
            wrong.append((label, "bullets", bullets))
        for part, (roles, labels) in enumerate(zip(pages.roles, pages.labels, strict=True), 1):
            labels = [text for text in labels if text != "•"]
            if part > 1:  # a card begun inside a sentence says so (test_even_deck: where)
                labels = _without_cue(labels)
            found = {role: _joined(lines) for role, lines in roles.items()}
            run_in = part == 1 and found.get("stat", "").startswith(RUN_IN[0])
            if run_in:  # a run-in grid: its labels are read in the stat lines too
                for word in RUN_IN:
                    found["stat"] = found["stat"].replace(f"{word} ", "", 1)
            if found not in _expected_texts(spell, part):
                wrong.append((label, part, found, _expected_texts(spell, part)))
            expected = _expected_labels(spell, part, parts)
            if run_in:  # a badge's mark may stand alone in a compact grid's cell
                expected = [
                    t for t in expected if t not in ("rituál", "soustředění") or t in labels
                ]
            if sorted(labels) != expected:
                wrong.append((label, part, sorted(labels), expected))
    assert wrong == []


def test_no_text_but_the_placed_lines_and_labels(readback):
    """Every character on a card belongs to a line or label the fitter placed: no stray text."""
    assert readback.stray == []


def _table_words(pages: SpellPages) -> list[str]:
    words = []
    for line in pages.lines:
        if line.role != "table":
            continue
        tokens = line.text.split()
        word, current = tokens[-1] if tokens else "", line
        while word.endswith("-") and current.next_index is not None:
            current = pages.lines[current.next_index]
            rest = current.text.split()
            if not rest:
                break
            word = _join(word, rest[0])
            words.append(word)
        words.extend(tokens)
    return words


def _added_table_words(pages: SpellPages, source: list[str]) -> list[str]:
    """Return the words of a spell's table lines that its tables do not hold.

    The one word a card may add is the repeated header's "(pokračování)". The two parts of a
    word hyphenated at a line end are left out (`_table_words` reads them joined).
    """
    known = {_norm(word) for word in source} | {_norm(CONTINUED)}
    tails = {
        line.next_index
        for line in pages.lines
        if line.role == "table" and line.text.endswith("-") and line.next_index is not None
    }
    added = []
    for n, line in enumerate(pages.lines):
        if line.role != "table":
            continue
        tokens = line.text.split()
        tokens = tokens[1:] if n in tails else tokens
        tokens = tokens[:-1] if tokens and tokens[-1].endswith("-") else tokens
        added += [token for token in tokens if _norm(token) not in known]
    return added


def test_the_added_table_word_check_bites():
    """A word read from a table line that no table cell holds is reported; fragments are not."""
    pages = SpellPages("x")
    pages.lines = [
        PdfLine("k8 Typ zra-", "table", True, 1),
        PdfLine("nění (pokračování)", "table", False, None),
        PdfLine("1 Bleskové navíc", "table", False, None),
    ]
    assert _added_table_words(pages, ["k8", "Typ", "zranění", "1", "Bleskové"]) == ["navíc"]


def _line_ends(readback):
    """Yield (spell, line, next line or None) for every description line."""
    for pages in readback.spells.values():
        for line in pages.lines:
            following = pages.lines[line.next_index] if line.next_index is not None else None
            yield pages.label, line, following


def test_no_one_letter_word_at_a_line_end(readback):
    """k s v z o u a i (and capitals) never end a line."""
    found = []
    for label, line, _ in _line_ends(readback):
        tokens = line.text.split()
        if tokens and tokens[-1].lstrip(OPENING) in ONE_LETTER:
            found.append((label, line.text))
    assert found == []


def test_no_break_inside_numbers_or_dice(readback):
    """A number stays with what it counts, dice stay whole, no word with a digit is split."""
    found = []
    for label, line, following in _line_ends(readback):
        tokens = line.text.split()
        if not tokens:
            continue
        last = tokens[-1]
        has_digit = any(c.isdigit() for c in last)
        if has_digit and last.endswith("-") and following is not None:
            found.append((label, line.text, "split word with a digit"))
        if following is None:
            continue
        if last[0].isdigit() and last[-1] not in CLAUSE_END + ".":
            found.append((label, line.text, "number at the line end"))
        if last in OPERATORS and len(tokens) > 1 and any(c.isdigit() for c in tokens[-2]):
            found.append((label, line.text, "operator at the line end"))
        rest = following.text.split()
        if rest and rest[0] in OPERATORS and has_digit:
            found.append((label, line.text, "operator at the next line's start"))
        if re.fullmatch(r"\d+\.", last) and rest and rest[0][0].islower():
            found.append((label, line.text, "ordinal at the line end"))
    assert found == []


def _allowed(word: str, at: int) -> bool:
    """Return whether pyphen's Czech dictionary (2 letters before, 3 after) or the exceptions
    file allows a break."""
    offset = 0
    for part in word.split("-"):
        start = len(part) - len(part.lstrip(OPENING + "\"'"))
        core = part[start:].rstrip(CLAUSE_END + ".")
        if offset + start < at < offset + start + len(core):
            point = at - offset - start
            return point in _DICTIONARY.positions(core) or point in _listed(core.lower())
        offset += len(part) + 1
    return False


def _listed(word: str) -> tuple[int, ...]:
    """Return the points layouts/hyphenation.txt gives a word (its own entry or its stem's)."""
    listed = exceptions()
    if word in listed.words:
        return listed.words[word]
    stems = [stem for stem in listed.stems if word.startswith(stem)]
    return listed.stems[max(stems, key=len)] if stems else ()


def test_every_line_end_hyphen_is_allowed_by_pyphen(readback):
    """A hyphen at a line end sits at a pyphen cs_CZ point, or is the word's own hyphen."""
    bad = []
    for label, line, following in _line_ends(readback):
        tokens = line.text.split()
        if not tokens or not tokens[-1].endswith("-") or len(tokens[-1]) < 2:
            continue
        if not tokens[-1][-2].isalpha():
            continue
        if following is None or not following.text.split():
            bad.append((label, line.text, "no continuation on the card"))
            continue
        head, rest = tokens[-1][:-1], following.text.split()[0]
        if rest.startswith("-") and f"{head}{rest}" in _source_words(readback, label):
            continue  # the word's own hyphen, repeated
        if not _allowed(head + rest, len(head)):
            bad.append((label, head + "-" + rest))
    assert bad == []


def _source_words(readback, label: str) -> set[str]:
    """Return the words of a spell's description, running text and tables."""
    running, table = _description(readback.expected[label])
    return set(running) | set(table)


def test_a_break_at_a_words_own_hyphen_repeats_it(readback):
    """A line ending at a word's own hyphen ("Sešleš-") is followed by one starting "-li".
    (The compendium's one such break, "ne-" / "-démony", went with its correction to
    "nedémony": `test_a_made_up_words_own_hyphen_is_repeated_in_the_pdf` builds one.)"""
    repeated, bad = 0, []
    for label, line, following in _line_ends(readback):
        tokens = line.text.split()
        if not tokens or not tokens[-1].endswith("-") or following is None:
            continue
        head = tokens[-1]
        rest = following.text.split()[0] if following.text.split() else ""
        repeat = rest.startswith("-")
        own = (head + rest[1:] if repeat else head + rest) in _source_words(readback, label)
        if line.own_hyphen or own:
            if line.own_hyphen and repeat and own:
                repeated += 1
            else:
                bad.append((label, line.text, following.text))
    assert bad == []


def test_a_made_up_words_own_hyphen_is_repeated_in_the_pdf(tmp_path):
    """A spell with many "modro-zelený" breaks some at the word's own hyphen: read back, the
    line ends "modro-" and the next begins "-zelený" (ČSN 01 6910)."""
    from tests.support.spells import make_spell

    text = " ".join(f"Plamen {n} je modro-zelený a žhne." for n in range(40))
    path = tmp_path / "own.pdf"
    build_pdf([make_spell(Paragraph(text))], path, layout="poker", sheet="none")
    lines = [line["text"] for page in open_pdf(path).pages for line in page.extract_text_lines()]
    pairs = list(zip(lines, lines[1:], strict=False))
    own = [(a, b) for a, b in pairs if a.endswith("modro-")]
    assert own and all(b.startswith("-zelený") for _, b in own)


def test_pdf_is_byte_identical_across_builds(built):
    """Two builds of the same input give the same bytes."""
    first, second = built
    assert Path(first.path).read_bytes() == Path(second.path).read_bytes()


def test_fonts_are_embedded_subsets_of_charis(readback):
    """Every font in the PDF is an embedded subset of the bundled family, none built in."""
    assert readback.fontnames
    assert all(re.fullmatch(r"[A-Z]{6}\+CharisSIL(-\w+)?", name) for name in readback.fontnames)


def test_text_is_extractable(readback, spells):
    """The first card's text comes out of the PDF as Czech text."""
    assert spells[0].name in readback.first_page_text


def test_hyphen_check_rejects_a_point_pyphen_does_not_allow():
    """The hyphen check itself bites: "zra-nění" passes, "zr-anění" and "zranění-" do not."""
    assert _allowed("zranění", 3)
    assert not _allowed("zranění", 2)
    assert not _allowed("zranění", 7)


def test_joining_undoes_line_end_hyphens_only_when_the_line_continues():
    """An inserted hyphen goes, a word's own hyphen repeated on the next line stays once."""
    pages = SpellPages("x")
    pages.lines = [
        PdfLine("utrpí zra-", "body", True, 1),
        PdfLine("nění 3k8. Sešleš-", "body", True, 2),
        PdfLine("-li kou-", "body", True, 3),
        PdfLine("zlo.", "body", False, None),
    ]
    assert _joined_words(pages, "body") == ["utrpí", "zranění", "3k8.", "Sešleš-li", "kouzlo."]


def test_no_more_than_two_hyphenated_lines_in_a_row(readback):
    """Within a paragraph, at most two consecutive lines end with a hyphen."""
    found = []
    for pages in readback.spells.values():
        for line in pages.lines:
            chain, current = 0, line
            while current.text.endswith("-") and current.continues:
                chain += 1
                if current.next_index is None or chain > 2:
                    break
                current = pages.lines[current.next_index]
            if chain > 2:
                found.append((pages.label, line.text))
        assert found == []


@pytest.mark.parametrize("name", ["bridge", "mini", "tarot"])
def test_other_card_sizes_keep_the_rules(name, spells, tmp_path):
    """Bridge, mini and tarot cards (tables, lists, long spells) keep margins, sizes, no overlap."""
    layout = load_layout(name)
    chosen = [
        s
        for n, s in enumerate(spells)
        if n % 9 == 0 or any(isinstance(b, Table | BulletList | Heading) for b in s.blocks)
    ]
    result = build_pdf(chosen, tmp_path / f"{name}.pdf", layout=name, sheet="none")
    problems: list[str] = []
    with open_pdf(result.path) as pdf:
        assert len(pdf.pages) == result.cards
        for number, page in enumerate(pdf.pages, 1):
            x0, y0, x1, y1 = (
                float(v) for v in resolve1(page.page_obj.attrs.get("TrimBox", page.mediabox))
            )
            assert (x1 - x0, y1 - y0) == pytest.approx((layout.width, layout.height), abs=0.01)
            chars = [c for c in page.chars if c["text"].strip()]
            for char in chars:
                distance = min(char["x0"] - x0, x1 - char["x1"], char["y0"] - y0, y1 - char["y1"])
                if distance < EDGE - 0.01 or char["size"] < 5.5 - 1e-6:
                    problems.append(f"page {number}: {char['text']!r}")
            problems.extend(_overlaps(_groups(chars), number))
            page.flush_cache()
    assert problems == []


def test_overlap_check_bites():
    """The overlap check reports two lines whose glyph boxes meet, and not two apart."""

    def char(x: float, baseline: float) -> dict:
        box = {"x0": x, "x1": x + 4, "y0": baseline - 3, "y1": baseline + 4}
        return {"text": "a", "matrix": (1, 0, 0, 1, x, baseline), **box}

    close = [char(10, 100), char(14, 100), char(12, 95)]
    apart = [char(10, 100), char(14, 100), char(12, 90)]
    assert _overlaps(_groups(close), 1) == ["page 1: lines at 100 and 95 overlap"]
    assert _overlaps(_groups(apart), 1) == []
