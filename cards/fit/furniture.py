"""The card's furniture: title band, subtitle, badges, stat grid, material, footer, part label.

Each piece returns placed primitives (`cards.face`); `furniture` puts them together and says
which area is left for the description.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Area, Disc, Fill, Label, Outline, Primitive, Rule, Shape, TextLine
from cards.fit.corner import INDEX_APART, INDEX_RULE, index_corner, index_width
from cards.fit.fields import (
    CLASSES_LINES,
    ENGLISH_LINES,
    MATERIAL_LINES,
    NAME_LINES,
    SOURCES_LINES,
    STAT_LINES,
    Field,
    fit_field,
    fit_title,
    floor,
    one_line,
    ragged,
    require_lines,
)
from cards.fit.style import ASCENT, CardStyle
from cards.model import SOURCE_ABBREVIATIONS, Spell
from cards.typeset import TypesetContext, set_lines
from cards.typeset.normalise import normalise

MIN_BAND_NAME = 5.5  # points: the smallest name in the slim band of a back with text
_EPS = 1e-6


@dataclass(frozen=True)
class Header:
    """The fixed part of a card: title band, stats, footer, and the area left for the text."""

    items: tuple[Primitive, ...]
    body: Area
    part_baseline: float  # where "2/3" sits, level with the name's first line
    part_right: float | None = None  # and its right end (left of the level's disc); None:
    # the column's right edge
    foot: float | None = None  # the footer's baseline (sources, cue); None: no footer
    cue_line: float | None = None  # the cue's baseline: the foot's, or a line above it
    cue: str = ""  # said at the foot when the spell goes on on the next card
    sources: tuple[Label, ...] = ()  # the books at the foot's right, placed


def furniture(
    style: CardStyle, spell: Spell, context: TypesetContext, *, first: bool, numbered: bool
) -> Header:
    """Return the title band, stats (on the first card) and footer, and the area for text.

    Every card's band holds the name, the English name, the school's icon and name and the
    level in a disc at the right, so a continuation card is known at a glance; `first` adds
    the stat grid, `numbered` keeps room for "2/3" left of the disc.
    """
    sizes, fonts, sp = style.sizes, style.fonts, style.spacing
    items: list[Primitive] = []
    disc = min(sp.disc_em * sizes.title_max, sp.disc_share * style.width)
    reserve = disc + sp.disc_apart
    if numbered:
        reserve += stringWidth("88/88", fonts["bold"], sizes.part) + sp.part_reserve
    corner: list[Primitive] = []  # drawn after the disc: a text reads "name", not "5 name"
    index_bottom = index_corner(style, spell, corner)
    name_left = style.left + index_width(style) + 2 * INDEX_APART + INDEX_RULE
    title = fit_field(
        spell.name,
        fonts["title"],
        style.left + style.width - reserve - name_left,
        (sizes.title_max, sizes.title_min),
        context,
        Field(spell, "název", NAME_LINES),
    )
    title_size = title.size
    baseline = style.card_height - style.safe_margin - sp.title_ascent_em * title_size
    first_baseline = baseline
    positioned: list[tuple[float, float]] = []  # (baseline, size) of band lines
    for n, line in enumerate(title.lines):
        if n:
            baseline -= sp.title_line_em * title_size
        items.append(TextLine(line, name_left, baseline, title_size, style.colours.title, "title"))
        positioned.append((baseline, title_size))
    _subtitle(style, spell, context, (items, positioned), (name_left, baseline), title_size, disc)
    last_baseline, last_size = positioned[-1]
    text_bottom = last_baseline - style.descent * last_size
    top = style.card_height - style.safe_margin + sp.disc_rise
    centre_y = top - disc / 2
    disc_bottom = centre_y - disc / 2
    band_bottom = min(text_bottom, disc_bottom, index_bottom) - sp.band_below
    items.insert(0, band(style, band_bottom))
    items.extend(_level_disc(style, spell, style.left + style.width - disc / 2, centre_y, disc))
    items.extend(corner)
    cursor = band_bottom - sp.grid_above
    if first:
        cursor = _grid(style, spell, context, items, cursor)
    footer_top, foot, cue_line, sources = _footer(style, spell, context, items, numbered)
    bottom = footer_top + sp.text_below
    body = Area(style.left, bottom, style.width, cursor - sp.text_above - bottom)
    part_right = style.left + style.width - disc - sp.disc_apart
    return Header(tuple(items), body, first_baseline, part_right, foot, cue_line, CUE, sources)


def band(style: CardStyle, bottom: float) -> Fill | Outline:
    """Return the title band from `bottom` to the top: filled in the school colour, reaching
    into the bleed; or, in an outline design, its outline inside the card's edge."""
    if not style.outline:
        return Fill(0.0, bottom, style.card_width, style.card_height - bottom, style.colour)
    inset = style.frame + style.line / 2
    return Outline(
        inset,
        bottom,
        style.card_width - 2 * inset,
        style.card_height - inset - bottom,
        style.line,
        style.colour,
        style.panel_radius,
    )


def _level_disc(
    style: CardStyle, spell: Spell, x: float, y: float, diameter: float
) -> list[Primitive]:
    """The level as a numeral in a paper-coloured disc ("trik" for a cantrip).

    In an outline design the disc has a school-coloured edge and a dark numeral.
    """
    sp, font = style.spacing, style.fonts["bold"]
    text = str(spell.level) if spell.level else "trik"
    size = sp.disc_numeral_em * diameter
    if not spell.level:
        size = min(size, 0.78 * diameter / stringWidth(text, font, 1.0))
    width = stringWidth(text, font, size)
    baseline = y - 0.35 * size
    if style.outline:
        disc = Disc(x, y, diameter / 2, style.colours.background, style.colour, style.line)
        return [disc, Label(text, font, size, x - width / 2, baseline, style.colours.text)]
    return [
        Disc(x, y, diameter / 2, style.colours.background),
        Label(text, font, size, x - width / 2, baseline, style.colour),
    ]


def right_label(text: str, font: str, size: float, right: float, y: float, colour: str) -> Label:
    """Return a label whose right end is at `right`."""
    return Label(text, font, size, right - stringWidth(text, font, size), y, colour)


def part_label(style: CardStyle, header: Header, part: int, parts: int) -> Label:
    """Return "2/3" at the right of the title band."""
    return right_label(
        f"{part}/{parts}",
        style.fonts["bold"],
        style.sizes.part,
        style.left + style.width if header.part_right is None else header.part_right,
        header.part_baseline,
        style.colours.title,
    )


def panel(style: CardStyle) -> Fill:
    """Return the card's paper panel inside the school-coloured frame."""
    inset = style.frame
    width, height = style.card_width - 2 * inset, style.card_height - 2 * inset
    return Fill(inset, inset, width, height, style.colours.background, style.panel_radius)


def components(spell: Spell) -> tuple[str, str]:
    """Return the components as the grid shows them and the material text."""
    c = spell.components
    letters = [name for name, on in (("V", c.verbal), ("P", c.somatic), ("S", c.material)) if on]
    return ", ".join(letters) or "—", c.material_text


def _subtitle(
    style: CardStyle,
    spell: Spell,
    context: TypesetContext,
    placed: tuple[list[Primitive], list[tuple[float, float]]],
    at: tuple[float, float],
    title_size: float,
    disc: float,
) -> float:
    """Place the English name (left, at the name's left edge) and the school's name (right,
    by the disc); `at` is the name's left edge and last baseline, `placed` the band's items
    and the (baseline, size) of its lines.

    They share a line when both fit, else the school gets a line of its own. The English name
    is left out when it is the Czech name ("Symbol"); it follows the width rule.
    """
    items, positioned = placed
    sizes, fonts, sp, white = style.sizes, style.fonts, style.spacing, style.colours.title
    left, baseline = at
    school = spell.school
    school_width = stringWidth(school, fonts["bold"], sizes.level)
    right = style.left + style.width - disc - sp.disc_apart
    room = right - left
    english = english_name(spell)
    texts, english_size = one_line(english, fonts["body"], room, sizes.name_en, context)
    if texts is None:
        field = Field(spell, "anglický název", ENGLISH_LINES)
        shrunk = (sizes.name_en, floor(style, sizes.name_en))
        fitted = fit_field(english, fonts["body"], room, shrunk, context, field)
        texts, english_size = [line.text for line in fitted.lines], fitted.size
    shared = (
        len(texts) == 1
        and english_size * context.width(texts[0], fonts["body"]) + sp.subtitle_apart
        <= room - school_width
    )
    size = max(english_size, sizes.level) if shared or not english else english_size
    baseline -= style.below(title_size, size, sp.subtitle_above)
    for n, text in enumerate(texts):
        if n:
            baseline -= sp.title_line_em * english_size
        items.append(Label(text, fonts["body"], english_size, left, baseline, white))
        positioned.append((baseline, english_size))
    if english and not shared:
        baseline -= style.below(english_size, sizes.level, sp.level_below)
    items.append(right_label(school, fonts["bold"], sizes.level, right, baseline, white))
    positioned.append((baseline, sizes.level))
    return baseline


def english_name(spell: Spell) -> str:
    """Return the English name as the band prints it, or "" when it is the Czech name.

    "Bigby’s hand": the typographic apostrophe (normalise).
    """
    english = normalise(spell.name_en)
    if english.casefold() == normalise(spell.name).casefold():
        return ""
    return english


def _badge_width(style: CardStyle, word: str) -> float:
    size = style.sizes.badge
    width = stringWidth(word, style.fonts["bold"], size) + 2 * style.spacing.badge_pad_em * size
    if word in style.marks:
        width += style.spacing.badge_icon_em * size + style.spacing.icon_apart
    return width


def _badge(style: CardStyle, items: list[Primitive], word: str, right: float, baseline: float):
    """Place a pill with a mark's icon and word ("rituál", "soustředění") ending at `right`."""
    size, font, sp = style.sizes.badge, style.fonts["bold"], style.spacing
    width = _badge_width(style, word)
    pad = sp.badge_pad_em * size
    height = sp.badge_height_em * size
    x = right - width
    bottom = baseline - sp.badge_drop_em * size
    if style.outline:
        items.append(Outline(x, bottom, width, height, style.line, style.colour, height / 2))
        ink, icon_ink = style.colours.text, style.colour
    else:
        items.append(Fill(x, bottom, width, height, style.colour, height / 2))
        ink = icon_ink = style.colours.title
    text_x = x + pad
    icon = style.marks.get(word)
    if icon is not None:
        icon_size = sp.badge_icon_em * size
        icon_y = bottom + (height - icon_size) / 2
        items.append(Shape(icon, text_x, icon_y, icon_size, icon_ink))
        text_x += icon_size + sp.icon_apart
    items.append(Label(word, font, size, text_x, baseline, ink))


def duration(spell: Spell) -> str:
    """The duration as the grid shows it: concentration is the badge's, not said twice."""
    text = spell.duration
    if spell.concentration:
        for suffix in (" (soustředění)", " (Soustředění)"):
            if text.endswith(suffix):
                return text[: -len(suffix)]
    return text


def _grid(
    style: CardStyle, spell: Spell, context: TypesetContext, items: list[Primitive], top: float
) -> float:
    """Place the stat grid (and the material note below it); return the bottom."""
    sizes, fonts, colours, sp = style.sizes, style.fonts, style.colours, style.spacing
    left, width = style.left, style.width
    shown, material = components(spell)
    pad = sp.grid_pad
    cell_width = width / 2
    value_width = cell_width - 2 * pad
    material_below = False
    if material:
        inline = f"{shown} ({material})"
        if stringWidth(inline, fonts["stat"], sizes.stat) <= value_width:
            shown = inline
        else:
            shown += "*"
            material_below = True
    # Ritual is a way of casting, concentration a kind of duration: each badge sits there.
    badges = {
        "VYVOLÁNÍ": "rituál" if spell.ritual else "",
        "TRVÁNÍ": "soustředění" if spell.concentration else "",
    }
    cells = (
        ("VYVOLÁNÍ", spell.casting_time),
        ("DOSAH", spell.range),
        ("SLOŽKY", shown),
        ("TRVÁNÍ", duration(spell)),
    )
    grid: list[Primitive] = []
    # Paper-coloured rules across the tint; school-coloured lines in an outline design.
    rules = (style.line, style.colour) if style.outline else (sp.grid_rule, colours.background)
    row_top = top
    for row in (cells[:2], cells[2:]):
        row_bottom = row_top
        # A badge beside its label needs a little more room above the value.
        beside = {
            label: stringWidth(label, fonts["bold"], sizes.label)
            + sp.badge_apart
            + _badge_width(style, b)
            <= value_width
            for label, _ in row
            if (b := badges.get(label))
        }
        lift = sp.badge_lift if any(beside.values()) else 0.0
        if style.run_in:
            row_bottom = _run_in_row(style, (spell, context), grid, row, badges, row_top, rules)
            if row_top != top:
                grid.append(Rule(left, row_top, left + width, row_top, *rules))
            row_top = row_bottom
            continue
        for column, (label, value) in enumerate(row):
            x = left + column * cell_width + pad
            right = x - 2 * pad + cell_width
            baseline = row_top - pad - ASCENT * sizes.label
            grid.append(Label(label, fonts["bold"], sizes.label, x, baseline, style.accent))
            if beside.get(label):
                _badge(style, grid, badges[label], right, baseline)
            field = Field(spell, label.lower(), STAT_LINES)
            stat = (sizes.stat, sizes.stat)
            lines = fit_field(value or "—", fonts["stat"], value_width, stat, context, field).lines
            for n, line in enumerate(lines):
                step = (
                    style.below(sizes.label, sizes.stat, sp.stat_above + lift)
                    if n == 0
                    else sp.stat_line_em * sizes.stat
                )
                baseline -= step
                grid.append(TextLine(line, x, baseline, sizes.stat, colours.text, "stat"))
            if label in beside and not beside[label]:
                baseline -= style.below(sizes.stat, sizes.badge, sp.badge_below)
                _badge(style, grid, badges[label], x + value_width, baseline)
                bottom = baseline - style.descent * sizes.badge - pad + sp.badge_cell_below
            else:
                bottom = baseline - style.descent * sizes.stat - pad + sp.stat_below
            row_bottom = min(row_bottom, bottom)
        if row_top != top:
            grid.append(Rule(left, row_top, left + width, row_top, *rules))
        row_top = row_bottom
    if style.outline:
        items.append(Outline(left, row_top, width, top - row_top, *rules, sp.grid_radius))
    else:
        items.append(Fill(left, row_top, width, top - row_top, style.tint, sp.grid_radius))
    if not style.run_in:  # (a run-in grid divides each row where its contents need)
        middle = left + cell_width
        items.append(Rule(middle, top, middle, row_top, *rules))
    items.extend(grid)
    bottom = row_top
    if material_below:
        size = sizes.material
        note = context.paragraph("* " + material, fonts["italic"])
        lines = set_lines(note, width, size, expansion=sizes.expansion, context=context)
        require_lines(Field(spell, "materiální složka", MATERIAL_LINES), material, lines, size)
        baseline = bottom - sp.material_above - ASCENT * size
        for n, line in enumerate(lines):
            if n:
                baseline -= sp.material_line_em * size
            items.append(TextLine(line, left, baseline, size, colours.muted, "material"))
        bottom = baseline - style.descent * size
    return bottom


def _run_in_row(
    style: CardStyle,
    whose: tuple[Spell, TypesetContext],
    grid: list[Primitive],
    row: tuple[tuple[str, str], ...],
    badges: dict[str, str],
    top: float,
    rules: tuple[float, str],
) -> float:
    """Place a row of two run-in cells and the rule between them; return the row's bottom.

    The row is divided where both cells' labels and values (with their badges, if they fit
    too) fit on one line each, the spare room shared equally; when they cannot both fit, in
    the middle.
    """
    sp, fonts, sizes = style.spacing, style.fonts, style.sizes
    pad = sp.grid_pad
    spell, context = whose

    def need(label: str, value: str, with_badge: bool) -> float:
        badge = badges.get(label) if with_badge else ""
        return (
            stringWidth(label, fonts["bold"], sizes.label)
            + sp.run_in_apart
            + stringWidth(value or "—", fonts["stat"], sizes.stat)
            + (sp.badge_apart + _badge_width(style, badge) if badge else 0.0)
            + 2 * pad
        )

    # Room for the badges on their values' lines, or else for the values alone.
    needs = [need(label, value, True) for label, value in row]
    if sum(needs) > style.width:
        needs = [need(label, value, False) for label, value in row]
    spare = style.width - sum(needs)
    first = needs[0] + spare / 2 if spare >= 0 else style.width / 2
    bottom = top
    x = style.left
    for (label, value), cell_width in zip(row, (first, style.width - first), strict=True):
        cell = (label, value, badges.get(label, ""))
        bottom = min(
            bottom, _run_in_cell(style, whose, grid, cell, x + pad, cell_width - 2 * pad, top)
        )
        x += cell_width
    divider = style.left + first
    grid.append(Rule(divider, top, divider, bottom, *rules))
    return bottom


def _run_in_cell(
    style: CardStyle,
    whose: tuple[Spell, TypesetContext],
    grid: list[Primitive],
    cell: tuple[str, str, str],
    x: float,
    width: float,
    top: float,
) -> float:
    """Place a stat cell with its label run in before its value (a narrow card's compact
    grid): the value goes on beside the label and wraps to the cell's edge, or starts below
    the label when its first line would hold a lone word; a badge goes below the value.
    `cell` is (label, value, badge word or ""). Return the cell's bottom."""
    label, value, badge = cell
    spell, context = whose
    sizes, fonts, sp = style.sizes, style.fonts, style.spacing
    baseline = top - sp.grid_pad - ASCENT * max(sizes.label, sizes.stat)
    grid.append(Label(label, fonts["bold"], sizes.label, x, baseline, style.accent))
    lead = stringWidth(label, fonts["bold"], sizes.label) + sp.run_in_apart
    prepared = context.paragraph(value or "—", fonts["stat"])
    options = {"first_indent": lead, "justify": False, "hyphenate": False, "context": context}
    lines = set_lines(prepared, width, sizes.stat, **options)
    # Beside the label, unless the first line would hold a lone word ("1" of "1 minuta").
    if any(line.overfull for line in lines) or (len(lines) > 1 and len(lines[0].text.split()) < 2):
        lines = ragged(prepared, width, sizes.stat, context)
        baseline -= style.below(sizes.label, sizes.stat, sp.stat_above)
    require_lines(Field(spell, label.lower(), STAT_LINES), value or "—", lines, sizes.stat)
    for n, line in enumerate(lines):
        if n:
            baseline -= sp.stat_line_em * sizes.stat
        grid.append(TextLine(line, x, baseline, sizes.stat, style.colours.text, "stat"))
    if (
        badge
        and len(lines) == 1
        and (
            lines[0].runs[0].x + lines[0].width + sp.badge_apart + _badge_width(style, badge)
            <= width
        )
    ):
        _badge(style, grid, badge, x + width, baseline)  # at the end of the value's line
    elif badge:
        baseline -= style.below(sizes.stat, sizes.badge, sp.badge_below)
        _badge(style, grid, badge, x + width, baseline)
        return baseline - style.descent * sizes.badge - sp.grid_pad + sp.badge_cell_below
    return baseline - style.descent * sizes.stat - sp.grid_pad + sp.stat_below


CUE = "pokračuje ›"  # at the foot of every part of a spell but the last


def _footer(
    style: CardStyle,
    spell: Spell,
    context: TypesetContext,
    items: list[Primitive],
    numbered: bool,
) -> tuple[float, float, float, tuple[Label, ...]]:
    """Place the classes at the bottom left; return the footer's top, baseline, cue line and
    the sources' labels.

    The sources sit at the foot's right, shrunk to the floor if they must, with the classes
    beside them; sources too long for that take the foot's lines of their own (right-aligned,
    wrapped by the width rule) and the classes go above them. The cue is placed by
    `foot_labels`, in the room kept for it: on a numbered card that room always holds the cue,
    so that every part has the same room for text: beside the sources when the classes still
    fit as many lines, else on a line of its own above them (a narrow card).
    """
    sizes, fonts, colours, sp = style.sizes, style.fonts, style.colours, style.spacing
    size = sizes.footer
    text = ", ".join(spell.classes) or "—"
    classes = context.paragraph(text, fonts["italic"])
    widest = size * max(context.width(word, fonts["italic"]) for word in text.split())
    sources = _sources(spell)
    beside_room = style.width - sp.footer_apart - widest
    shrunk = (size, floor(style, size))
    stacked = shrunk[1] * context.width(sources, fonts["bold"]) > beside_room + _EPS
    books, books_size = one_line(sources, fonts["bold"], beside_room, size, context)
    if books is None:
        field = Field(spell, "zdroj (kniha)", SOURCES_LINES)
        room = style.width if stacked else beside_room
        fitted = fit_field(sources, fonts["bold"], room, shrunk, context, field)
        books, books_size = [line.text for line in fitted.lines], fitted.size
    kept = 0.0 if stacked else books_size * context.width(books[0], fonts["bold"])
    width = style.width - kept - (0.0 if stacked else sp.footer_apart)
    lines = ragged(classes, width, size, context)
    baseline = style.safe_margin + style.descent * size * sp.footer_drop_em
    right = style.left + style.width
    labels = []
    for book in reversed(books):
        labels.append(right_label(book, fonts["bold"], books_size, right, baseline, style.accent))
        if stacked:
            baseline += sp.footer_line_em * size
    foot = cue_line = labels[0].y
    own_line = stacked and numbered
    if numbered and not stacked:
        kept += sp.footer_apart + stringWidth(CUE, fonts["bold_italic"], size)
        beside = ragged(classes, style.width - kept - sp.footer_apart, size, context)
        own_line = len(beside) > len(lines)
        if not own_line:
            lines = beside
    if own_line and stacked:
        cue_line = baseline
        baseline += sp.footer_line_em * size
    require_lines(Field(spell, "povolání", CLASSES_LINES), text, lines, size)
    for line in reversed(lines):
        items.append(TextLine(line, style.left, baseline, size, colours.muted, "footer"))
        baseline += sp.footer_line_em * size
    if own_line and not stacked:
        cue_line = baseline
        baseline += sp.footer_line_em * size
    top = baseline - sp.footer_line_em * size + ASCENT * size + sp.footer_rule_above
    rule_colour = style.colour if style.outline else style.tint
    items.append(Rule(style.left, top, right, top, sp.footer_rule, rule_colour))
    return top, foot, cue_line, tuple(reversed(labels))


def _sources(spell: Spell) -> str:
    return " · ".join(SOURCE_ABBREVIATIONS.get(s, s) for s in spell.sources)


def foot_labels(style: CardStyle, spell: Spell, header: Header, goes_on: bool) -> list[Label]:
    """Return the sources at the foot's right, and left of them the header's cue that the
    text goes on (`goes_on`); nothing on a card without a footer."""
    if header.foot is None:
        return []
    cue = header.cue if goes_on else ""
    fonts, size, sp = style.fonts, style.sizes.footer, style.spacing
    right = style.left + style.width
    labels = list(header.sources)
    if cue:
        if header.cue_line == header.foot:
            last = header.sources[-1]
            right = last.x - sp.footer_apart
        labels.append(
            right_label(cue, fonts["bold_italic"], size, right, header.cue_line, style.accent)
        )
    return labels


def back_band(style: CardStyle, spell: Spell, context: TypesetContext) -> Header:
    """Return the slim band of a card's back that carries text, and the area left below it.

    The spell's name small, room for "2/2" on its right; no stats and no footer, so the text
    may use the rest of the card (--continue-on-back).
    """
    sizes, fonts, sp = style.sizes, style.fonts, style.spacing
    reserve = stringWidth("88/88", fonts["bold"], sizes.part) + sp.part_reserve
    smallest = min(sizes.part, max(MIN_BAND_NAME, sizes.label))
    title = fit_title(
        spell.name, fonts["title"], style.width - reserve, sizes.part, smallest, context
    )
    items: list[Primitive] = []
    baseline = (
        style.card_height - style.safe_margin - sp.title_ascent_em * max(title.size, sizes.part)
    )
    first_baseline = baseline
    for n, line in enumerate(title.lines):
        if n:
            baseline -= sp.title_line_em * title.size
        items.append(TextLine(line, style.left, baseline, title.size, style.colours.title, "title"))
    band_bottom = baseline - style.descent * title.size - sp.band_below
    items.insert(0, band(style, band_bottom))
    top = band_bottom - sp.grid_above - sp.text_above
    bottom = style.safe_margin
    body = Area(style.left, bottom, style.width, top - bottom)
    return Header(tuple(items), body, first_baseline)


def continued_cue(style: CardStyle, header: Header, text: str) -> Header:
    """Return a front's furniture with `text` ("pokračuje na rubu ›") at the foot of its text.

    The cue sits right-aligned just above the footer's rule; the text area ends above it.
    """
    size = style.sizes.footer
    baseline = header.body.y + style.descent * size
    cue = right_label(
        text, style.fonts["italic"], size, style.left + style.width, baseline, style.colours.muted
    )
    bottom = baseline + ASCENT * size + style.spacing.text_below
    body = Area(header.body.x, bottom, header.body.width, header.body.top - bottom)
    return replace(header, items=(*header.items, cue), body=body, cue="")
