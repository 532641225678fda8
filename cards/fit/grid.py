"""The stat grid below the title band: casting time, range, components, duration, badges.

Two rows of two cells, each a label over its value ("stacked") or before it ("run-in", a
narrow card's compact grid), on the school's tint (its lines in an outline design); the
ritual and concentration badges sit in the casting time's and the duration's cells, and a
material too long for its cell goes into a note below the grid.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Fill, Label, Outline, Primitive, Rule, Shape, TextLine
from cards.fit.fields import (
    MATERIAL_LINES,
    STAT_LINES,
    Field,
    fit_field,
    ragged,
    require_lines,
)
from cards.fit.style import ASCENT, CardStyle
from cards.model import Spell
from cards.typeset import ParagraphSetting, TypesetContext, set_lines

Cell = tuple[str, str]  # a stat's label and its value


def components(spell: Spell) -> tuple[str, str]:
    """Return the components as the grid shows them and the material text."""
    c = spell.components
    letters = [name for name, on in (("V", c.verbal), ("P", c.somatic), ("S", c.material)) if on]
    return ", ".join(letters) or "—", c.material_text


def stat_grid(
    style: CardStyle, spell: Spell, context: TypesetContext, items: list[Primitive], top: float
) -> float:
    """Place the stat grid (and the material note below it); return the bottom."""
    sp = style.spacing
    left, width = style.left, style.width
    cells, material_below = _cells(style, spell)
    # Ritual is a way of casting, concentration a kind of duration: each badge sits there.
    badges = {
        "VYVOLÁNÍ": "rituál" if spell.ritual else "",
        "TRVÁNÍ": "soustředění" if spell.concentration else "",
    }
    grid: list[Primitive] = []
    # Paper-coloured rules across the tint; school-coloured lines in an outline design.
    rules = (
        (style.line, style.colour) if style.outline else (sp.grid_rule, style.colours.background)
    )
    row_top = top
    for row in (cells[:2], cells[2:]):
        if style.run_in:
            row_bottom = _run_in_row(style, (spell, context), grid, row, badges, row_top, rules)
        else:
            row_bottom = _stacked_row(style, (spell, context), grid, row, badges, row_top)
        if row_top != top:
            grid.append(Rule(left, row_top, left + width, row_top, *rules))
        row_top = row_bottom
    if style.outline:
        items.append(Outline(left, row_top, width, top - row_top, *rules, sp.grid_radius))
    else:
        items.append(Fill(left, row_top, width, top - row_top, style.tint, sp.grid_radius))
    if not style.run_in:  # (a run-in grid divides each row where its contents need)
        middle = left + width / 2
        items.append(Rule(middle, top, middle, row_top, *rules))
    items.extend(grid)
    if material_below:
        return _material_note(style, spell, context, items, row_top)
    return row_top


def _cells(style: CardStyle, spell: Spell) -> tuple[tuple[Cell, ...], bool]:
    """Return the grid's four cells, and whether the material goes into a note below it.

    The material follows the components in their cell when it fits on one line, else the
    components take a "*" and the note below the grid says it.
    """
    shown, material = components(spell)
    value_width = style.width / 2 - 2 * style.spacing.grid_pad
    material_below = False
    if material:
        inline = f"{shown} ({material})"
        if stringWidth(inline, style.fonts["stat"], style.sizes.stat) <= value_width:
            shown = inline
        else:
            shown += "*"
            material_below = True
    cells = (
        ("VYVOLÁNÍ", spell.casting_time),
        ("DOSAH", spell.range),
        ("SLOŽKY", shown),
        ("TRVÁNÍ", duration(spell)),
    )
    return cells, material_below


def _stacked_row(
    style: CardStyle,
    whose: tuple[Spell, TypesetContext],
    grid: list[Primitive],
    row: tuple[Cell, ...],
    badges: dict[str, str],
    top: float,
) -> float:
    """Place a row of two cells, each a label over its value; return the row's bottom.

    A badge goes beside its label when it fits there (the value then a little lower), else
    below the value.
    """
    sizes, fonts, colours, sp = style.sizes, style.fonts, style.colours, style.spacing
    spell, context = whose
    pad = sp.grid_pad
    cell_width = style.width / 2
    value_width = cell_width - 2 * pad
    row_bottom = top
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
    for column, (label, value) in enumerate(row):
        x = style.left + column * cell_width + pad
        right = x - 2 * pad + cell_width
        baseline = top - pad - ASCENT * sizes.label
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
    return row_bottom


def _material_note(
    style: CardStyle, spell: Spell, context: TypesetContext, items: list[Primitive], top: float
) -> float:
    """Place the material note ("* ...", justified, in italics) below the grid; return its
    bottom."""
    sizes, sp = style.sizes, style.spacing
    material = spell.components.material_text
    size = sizes.material
    note = context.paragraph("* " + material, style.fonts["italic"])
    lines = set_lines(
        note, ParagraphSetting(style.width, size, expansion=sizes.expansion), context=context
    )
    require_lines(Field(spell, "materiální složka", MATERIAL_LINES), material, lines, size)
    baseline = top - sp.material_above - ASCENT * size
    for n, line in enumerate(lines):
        if n:
            baseline -= sp.material_line_em * size
        items.append(TextLine(line, style.left, baseline, size, style.colours.muted, "material"))
    return baseline - style.descent * size


def _badge_width(style: CardStyle, word: str, mark_only: bool = False) -> float:
    """Return a badge's width: its pill with the mark's icon and word, or the icon alone."""
    size, sp = style.sizes.badge, style.spacing
    if mark_only:
        return sp.badge_icon_em * size + 2 * sp.badge_pad_em * size
    width = stringWidth(word, style.fonts["bold"], size) + 2 * sp.badge_pad_em * size
    if word in style.marks:
        width += sp.badge_icon_em * size + sp.icon_apart
    return width


def _badge(
    style: CardStyle,
    items: list[Primitive],
    word: str,
    right: float,
    baseline: float,
    mark_only: bool = False,
):
    """Place a pill with a mark's icon and word ("rituál", "soustředění") ending at `right`;
    with `mark_only`, the icon alone (a compact grid's cell too narrow for the word)."""
    size, font, sp = style.sizes.badge, style.fonts["bold"], style.spacing
    width = _badge_width(style, word, mark_only)
    pad = sp.badge_pad_em * size
    height = sp.badge_height_em * size
    x = right - width
    bottom = baseline - sp.badge_drop_em * size
    if style.outline:
        items.append(Outline(x, bottom, width, height, style.line, style.colour, height / 2))
        ink, icon_ink = style.colours.text, style.colour
    else:
        items.append(Fill(x, bottom, width, height, style.colour, height / 2))
        ink = icon_ink = style.title_ink
    text_x = x + pad
    icon = style.marks.get(word)
    if icon is not None:
        icon_size = sp.badge_icon_em * size
        icon_y = bottom + (height - icon_size) / 2
        items.append(Shape(icon, text_x, icon_y, icon_size, icon_ink))
        text_x += icon_size + sp.icon_apart
    if not mark_only:
        items.append(Label(word, font, size, text_x, baseline, ink))


def duration(spell: Spell) -> str:
    """The duration as the grid shows it: concentration is the badge's, not said twice."""
    text = spell.duration
    if spell.concentration:
        for suffix in (" (soustředění)", " (Soustředění)"):
            if text.endswith(suffix):
                return text[: -len(suffix)]
    return text


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

    Every row of every card is divided at one place (`run_in_divider`): the columns stay in
    line whatever the values and badges (dividing each row where its contents needed moved
    the right column by up to 38 pt from card to card and row to row, issue 35).
    """
    pad = style.spacing.grid_pad
    first = run_in_divider(style)
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


# The casting time most spells have, which the left column of a compact grid holds beside its
# longest label ("VYVOLÁNÍ 1 akce") on one line.
COMMON_CASTING = "1 akce"
FIT_SLACK = 0.01  # points: what a measured line may lose to rounding and still fit


def run_in_divider(style: CardStyle) -> float:
    """Return where a compact grid's rows are divided, from the column's left: in the middle,
    or right of it as far as "VYVOLÁNÍ 1 akce" needs on one line (a narrow card's cells)."""
    sp, fonts, sizes = style.spacing, style.fonts, style.sizes
    need = (
        stringWidth("VYVOLÁNÍ", fonts["bold"], sizes.label)
        + sp.run_in_apart
        + stringWidth(COMMON_CASTING, fonts["stat"], sizes.stat)
        + 2 * sp.grid_pad
        + FIT_SLACK
    )
    return max(style.width / 2, need)


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
    setting = ParagraphSetting(width, sizes.stat, first_indent=lead, justify=False, hyphenate=False)
    lines = set_lines(prepared, setting, context)
    # Beside the label, unless the first line would hold a lone word ("1" of "1 minuta").
    if any(line.overfull for line in lines) or (len(lines) > 1 and len(lines[0].text.split()) < 2):
        lines = ragged(prepared, width, sizes.stat, context)
        baseline -= style.below(sizes.label, sizes.stat, sp.stat_above)
    require_lines(Field(spell, label.lower(), STAT_LINES), value or "—", lines, sizes.stat)
    for n, line in enumerate(lines):
        if n:
            baseline -= sp.stat_line_em * sizes.stat
        grid.append(TextLine(line, x, baseline, sizes.stat, style.colours.text, "stat"))
    end = lines[0].runs[0].x + lines[0].width + sp.badge_apart if len(lines) == 1 else width
    if badge and end + _badge_width(style, badge) <= width:
        _badge(style, grid, badge, x + width, baseline)  # at the end of the value's line
    elif badge and badge in style.marks and end + _badge_width(style, badge, True) <= width:
        _badge(style, grid, badge, x + width, baseline, True)  # its mark alone
    elif badge:
        baseline -= style.below(sizes.stat, sizes.badge, sp.badge_below)
        _badge(style, grid, badge, x + width, baseline)
        return baseline - style.descent * sizes.badge - sp.grid_pad + sp.badge_cell_below
    return baseline - style.descent * sizes.stat - sp.grid_pad + sp.stat_below
