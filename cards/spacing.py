"""Measures a layout may tune, with their defaults: the card's furniture, its back, the index."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

from cards.config import SMALLEST_TYPE


@dataclass(frozen=True)
class Spacing:
    """Spacing of the card's furniture, in points; names ending in _em are in ems of their text.

    Read from the layout's optional [spacing] table; a missing key keeps its default here.
    """

    title_ascent_em: float = 0.72  # the name's first baseline below the safe top
    title_line_em: float = 1.08  # between the lines of a two-line name
    part_reserve: float = 4.0  # beside the widest part label "88/88" to the right of the name
    subtitle_above: float = 0.6  # English name and level below the name
    subtitle_apart: float = 6.0  # least space between the English name and the level
    level_below: float = 0.3  # the level on its own line below the English name
    band_below: float = 1.2  # the band's bottom below its last line's descent (or the disc)
    disc_em: float = 1.9  # the level's disc, in ems of the largest title size
    disc_share: float = 0.14  # and at most this share of the text column's width
    disc_rise: float = 0.6  # the disc's top above the safe top
    disc_apart: float = 3.0  # between the disc and the text beside it
    disc_numeral_em: float = 0.62  # the numeral, in diameters
    icon_em: float = 1.2  # the school's icon, in ems of the level's size
    icon_apart: float = 1.5  # between the icon and the school's name
    icon_drop_em: float = 0.1  # the icon's bottom below the baseline, in icon sizes
    grid_above: float = 1.6  # the stat grid below the band
    grid_pad: float = 2.0  # inside each grid cell
    grid_rule: float = 0.8  # width of the grid's dividing rules
    grid_radius: float = 1.5  # corners of the grid's tint
    stat_above: float = 0.3  # a value below its label
    stat_line_em: float = 1.1  # between lines of a value
    stat_below: float = 1.0  # a cell's bottom below its value's descent, less the pad
    badge_apart: float = 3.0  # a badge beside its label
    badge_lift: float = 1.6  # more room above a value when a badge sits beside its label
    badge_below: float = 1.8  # a badge below its value, when it does not fit beside the label
    badge_cell_below: float = 0.6  # a cell's bottom below such a badge, less the pad
    badge_pad_em: float = 0.45  # inside the pill, left and right
    badge_height_em: float = 1.3  # of the pill
    badge_drop_em: float = 0.3  # the pill's bottom below the word's baseline
    badge_icon_em: float = 1.05  # a mark's icon in the pill, in ems of the badge's size
    material_above: float = 1.5  # the material note below the grid
    material_line_em: float = 1.1  # between the lines of the material note
    text_above: float = 2.6  # the description below the grid (or band)
    text_below: float = 2.2  # the description above the footer's rule
    footer_apart: float = 6.0  # between the classes and the sources
    footer_drop_em: float = 0.6  # the footer's baseline above the safe bottom, in descents
    footer_line_em: float = 1.1  # between the lines of the classes
    footer_rule_above: float = 1.5  # the footer's rule above its top line
    footer_rule: float = 0.5  # width of the footer's rule
    higher_pad_em: float = 0.45  # "Na vyšších úrovních." panel: inside, left and right
    higher_pad: float = 1.5  # added to that
    higher_pad_y_em: float = 0.3  # inside, above and below
    higher_gap_lines: float = 1.5  # space above the panel, in paragraph gaps
    higher_bar_inset: float = 0.6  # the school-coloured bar's centre from the panel's edge
    higher_bar: float = 1.2  # its width
    bullet_x_em: float = 0.25  # the bullet from the column's edge
    bullet_gap_share: float = 0.25  # space between items, as a share of the paragraph gap
    table_pad_em: float = 0.3  # inside table cells
    table_rule: float = 0.3  # rules between rows
    table_strong_rule: float = 0.8  # above and below the header, below the last row
    run_in_apart: float = 2.5  # a run-in stat label before its value (design.grid "run-in")


@dataclass(frozen=True)
class BackSpacing:
    """Measures of a card's back, in points for a poker card (a larger card scales them).

    Read from the layout's optional [backs] table (lengths in mm there); a missing key keeps
    its default here.
    """

    rule: float = 5 * mm  # the outer rule from the edge: a misregistered back shows 4 and 6 mm
    rule_share: float = 0.12  # and at most this share of the card's shorter side
    inner_rule: float = 1.2 * mm  # the inner rule inside the outer one
    medallion: float = 11 * mm  # the level's medallion
    centre_share: float = 0.52  # the medallion's centre above the bottom, in card heights
    icon: float = 7 * mm  # the school's icon below the medallion


@dataclass(frozen=True)
class IndexSpacing:
    """Measures of the index pages, in points; grown for a layout whose body stays larger.

    Read from the layout's optional [index] table (lengths in mm there); a missing key keeps
    its default here. The sizes are for a layout whose body may shrink to base_body_min.
    """

    margin: float = 15 * mm
    gutter: float = 8 * mm
    column_width: float = 84 * mm  # a column of name, marks, level, school and sheet
    min_paper_width: float = 100 * mm  # narrower pages are single cards
    size: float = 7.5
    english_size: float = 6.5  # the English name, in italics after the Czech one (or below)
    min_size: float = SMALLEST_TYPE  # a long name shrinks down to this rather than be cut
    leading: float = 1.3
    header_size: float = 13.0
    note_size: float = 7.0  # the counts and the legend of the marks below the header
    marks_from_right: float = 45 * mm  # column positions, from the right end of a column
    level_from_right: float = 38.5 * mm
    school_from_right: float = 27 * mm
    english_gap: float = 1.5 * mm
    icon_em: float = 1.1  # the school's icon before its name, in ems of size
    icon_drop_em: float = 0.12  # the icon's bottom below the baseline, in icon sizes
    icon_gap: float = 1.0 * mm  # between the icon and the school's name
    base_body_min: float = 6.5
