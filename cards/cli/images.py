"""Commands that draw PNG images: preview (one spell) and images (a deck, for virtual tables)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from cards.cli import common
from cards.cli.common import friendly_errors
from cards.cli.group import main
from cards.cli.options import (
    apply_filters,
    back_style_option,
    data_option,
    dpi_option,
    filter_options,
    fit_options,
    fit_settings,
    layout_option,
    no_stdout_folder,
    output_option,
    print_shop_option,
    quiet_option,
    spell_names,
)
from cards.messages import say
from cards.service import OUT_DIR, default_output, plural


@main.command("preview", help=say("help_preview"))
@click.argument("name", metavar=say("metavar_name"), callback=spell_names)
@output_option(say("help_opt_output_png"))
@dpi_option(say("help_opt_dpi_preview"))
@layout_option
@click.option("--no-backs", is_flag=True, help=say("help_opt_fronts_preview"))
@back_style_option
@click.option("--continue-on-back", is_flag=True, help=say("help_opt_preview_on_back"))
@data_option
@quiet_option
@friendly_errors
def preview_command(
    name, output, dpi, layout, no_backs, back_style, continue_on_back, data, add, quiet
):
    """Render one spell's cards to PNG.

    All cards of the spell, fronts above backs, in one image.
    """
    from cards.atomic import is_stdout, write_atomically
    from cards.select import find_spell, slug
    from cards.service import preview_png

    spell = find_spell(common.load_spells(data, add), name)
    out = output or default_output(slug(spell.name), ".png")
    png = preview_png(
        spell,
        layout=layout,
        dpi=dpi,
        backs=not no_backs,
        continue_on_back=continue_on_back,
        out=None if is_stdout(out) else out,
        back_style=back_style.lower(),
    )
    if is_stdout(out):
        write_atomically(out, png)
    elif not quiet:
        click.echo(out)


@main.command("images", help=say("help_images"))
@click.argument("names", nargs=-1, metavar=say("metavar_names"), callback=spell_names)
@filter_options
@click.option(
    "--sort",
    type=click.Choice(["level", "name", "school", "class"], case_sensitive=False),
    default="level",
    show_default=True,
    help=say("help_opt_images_sort"),
)
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    callback=no_stdout_folder,
    metavar=say("metavar_folder"),
    help=say("help_opt_images_output"),
)
@dpi_option(say("help_opt_dpi_images"))
@click.option(
    "--sheet",
    "sheet",
    type=click.Choice(["cards", "tts"], case_sensitive=False),
    default="cards",
    show_default=True,
    help=say("help_opt_images_sheet"),
)
@click.option("--no-backs", is_flag=True, help=say("help_opt_fronts_images"))
@print_shop_option
@layout_option
@data_option
@quiet_option
@fit_options
@friendly_errors
def images_command(
    names, sort, output, dpi, sheet, no_backs, print_shop, layout, data, add, quiet, **filters
):
    """Write card images (PNG) for virtual tables.

    One PNG per card face, fronts and backs, named in deck order (0001-ohniva-koule-front.png);
    NAMES pick spells in the order given, otherwise the filters select as for `compendium`.
    --sheet tts writes Tabletop Simulator deck sheets and their backs. --print-shop NAME
    writes each card at the shop's pixel size with its bleed (the dpi is the shop's).
    """
    from cards.build import write_images, write_tts_sheets
    from cards.layout import load_layout
    from cards.lint.glyphs import require_drawable
    from cards.select import find_spell, sort_spells

    fitting = fit_settings(filters)
    spells = common.load_spells(data, add, cache=fitting["cache"] is not None)
    if names:
        spells = apply_filters([find_spell(spells, name) for name in names], **filters)
    else:
        spells = sort_spells(apply_filters(spells, **filters), by=sort)
    layout = load_layout(layout)
    require_drawable(spells, layout)
    out = output or OUT_DIR / "images"
    bar = None
    shown = not quiet and common.stderr_is_terminal()
    if shown and len(spells) >= common.PROGRESS_MIN_SPELLS // 10:
        # Two steps a spell: fitted, then drawn (the library counts both).
        bar = click.progressbar(length=2 * len(spells), label="Kreslím karty", file=sys.stderr)
    progress = bar.update if bar else None
    with bar or contextlib.nullcontext():
        if print_shop is not None:
            from cards.printshop import load_preset, write_shop_images

            if sheet.lower() == "tts":
                raise click.UsageError(say("print_shop_tts"))
            paths = write_shop_images(
                spells,
                out,
                layout=layout,
                shop=load_preset(print_shop),
                backs=not no_backs,
                progress=progress,
                **fitting,
            )
        elif sheet.lower() == "tts":
            paths = write_tts_sheets(
                spells, out, layout=layout, dpi=dpi, progress=progress, **fitting
            )
        else:
            paths = write_images(
                spells,
                out,
                layout=layout,
                dpi=dpi,
                backs=not no_backs,
                progress=progress,
                **fitting,
            )
    if not quiet:
        click.echo(f"{plural(len(paths), 'obrázek', 'obrázky', 'obrázků')} -> {out}")
