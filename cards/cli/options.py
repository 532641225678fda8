"""The options the `cards` commands share: click decorators and callbacks that check values.

Each turns what a user typed into what the library takes (a layout name, a sheet, an offset,
print settings) or stops with a Czech usage error (exit status 2).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path

import click

from cards.messages import say
from cards.service import PrintSettings


def layout_name(ctx, param, value: str) -> str:
    """Take a layout name in any case (Poker, POKER); a .toml path is kept as written.

    An unknown name is a usage error (exit 2), as an unknown --sheet, class or school is.
    """
    if value.endswith(".toml") or "/" in value or os.sep in value:
        return value
    from cards.layout import list_layouts

    if value.lower() not in list_layouts():
        choices = ", ".join(list_layouts())
        raise click.BadParameter(say("layout_unknown", name=value, choices=choices))
    return value.lower()


layout_option = click.option(
    "--layout",
    default="poker",
    show_default=True,
    metavar=say("metavar_layout"),
    callback=layout_name,
    help=say("help_opt_layout"),
)


def output_path(ctx, param, value: str | None) -> Path | None:
    """Check an output file name before any work: not empty, not a directory, FIFO or device."""
    from cards.atomic import OutputError, output_target

    if value is None:
        return None
    try:
        output_target(value)
    except OutputError as error:
        raise click.BadParameter(str(error)) from None
    return Path(value)


def output_shown(out: str | Path) -> str:
    """Name an output for a summary line: the path, or "standardní výstup" for "-"."""
    from cards.atomic import is_stdout

    return say("stdout_shown") if is_stdout(out) else str(out)


def no_stdout_folder(ctx, param, value: Path | None) -> Path | None:
    """Refuse "-" for an option that names a folder of many files (`images -o`)."""
    from cards.atomic import is_stdout

    if is_stdout(value):
        raise click.BadParameter(say("no_stdout_folder", option=param.opts[0]))
    return value


def output_option(help: str) -> Callable:
    """Add -o/--output, checked by output_path."""
    return click.option(
        "-o", "--output", metavar=say("metavar_file"), callback=output_path, help=help
    )


def dpi_option(help: str) -> Callable:
    """Add --dpi, the resolution of the PNG files preview and images write."""
    return click.option(
        "--dpi",
        type=click.IntRange(50, 1200),
        default=300,
        show_default=True,
        metavar=say("metavar_dpi"),
        help=help,
    )


def finite(ctx, param, value: float | None) -> float | None:
    """Refuse nan and inf, which a float option would otherwise accept."""
    if value is not None and not math.isfinite(value):
        raise click.BadParameter(say("not_finite", value=value))
    return value


def sort_option(choices: tuple[str, ...], default: str, help: str) -> Callable:
    """Add --sort with the given orders (any case)."""
    return click.option(
        "--sort",
        type=click.Choice(choices, case_sensitive=False),
        default=default,
        show_default=True,
        help=help,
    )


SORT_ORDERS = ("level", "name", "school", "class")
SORT_HELP = say("help_opt_sort")
# No exists= check: the input gate (cards/inputs.py) refuses a missing file, a folder or a
# device with exit 1, as for every other input file.
_data = click.option(
    "--data",
    type=click.Path(path_type=Path),
    metavar=say("metavar_file"),
    help=say("help_opt_data"),
)
_add = click.option(
    "--add",
    type=click.Path(path_type=Path),
    multiple=True,
    metavar=say("metavar_file"),
    help=say("help_opt_add"),
)


def data_option(command: Callable) -> Callable:
    """Add --data and --add: where the spells come from."""
    return _data(_add(command))


def spell_names(ctx, param, value):
    """Refuse a blank spell name (show "", images ""): a usage error, like an empty --class."""
    names = (value,) if isinstance(value, str) else value
    if any(not name.strip() for name in names):
        raise click.BadParameter(say("no_spell_name"))
    return value


def level_given(ctx, param, value: str | None) -> str | None:
    """Refuse an empty --level, which would otherwise select every level (a usage error)."""
    if value is not None and not value.strip():
        raise click.BadParameter(say("no_level"))
    return value


level_option = click.option(
    "--level", metavar=say("metavar_level"), callback=level_given, help=say("help_opt_level")
)
source_option = click.option(
    "--source",
    "sources",
    multiple=True,
    metavar=say("metavar_book"),
    help=say("help_opt_source"),
)


def filter_options(command: Callable) -> Callable:
    """Add the spell filters shared by list, compendium and fit-report."""
    options = [
        click.option(
            "--class",
            "classes",
            multiple=True,
            metavar=say("metavar_class"),
            help=say("help_opt_class"),
        ),
        level_option,
        click.option(
            "--school",
            "schools",
            multiple=True,
            metavar=say("metavar_school"),
            help=say("help_opt_school"),
        ),
        source_option,
        click.option("--ritual/--no-ritual", default=None, help=say("help_opt_ritual")),
        click.option(
            "--concentration/--no-concentration",
            default=None,
            help=say("help_opt_concentration"),
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


FILTERS = ("classes", "level", "schools", "sources", "ritual", "concentration")


def apply_filters(spells, classes, level, schools, sources, ritual, concentration):
    """Select spells with the options of filter_options."""
    from cards.select import parse_levels, select_spells

    return select_spells(
        spells,
        classes=classes,
        levels=parse_levels(level) if level else None,
        schools=schools,
        sources=sources,
        ritual=ritual,
        concentration=concentration,
    )


def parse_offset(ctx, param, value):
    """Parse --back-offset "X,Y" in millimetres, within what calibration measures."""
    from cards.calibrate import SCALE_RANGE

    if value is None:
        return (0.0, 0.0)
    try:
        x, y = (float(part) for part in value.replace(" ", "").split(","))
    except ValueError:
        raise click.BadParameter(say("offset_numbers", value=shown(value))) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise click.BadParameter(say("offset_finite", value=shown(value)))
    if max(abs(x), abs(y)) > SCALE_RANGE:
        raise click.BadParameter(say("offset_range", value=shown(value), range=SCALE_RANGE))
    return (x, y)


def shown(text: str) -> str:
    """Quote a user's text for a message, cut to a readable length."""
    from cards.select import shown as cut

    return cut(text)


def parse_sheet(ctx, param, value):
    """Accept a sheet name from layouts/ (or none), or a sheet file FILE.toml."""
    from cards.impose import available_sheets

    if value.endswith(".toml") or value.lower() in available_sheets():
        return value
    raise click.BadParameter(
        say("unknown_sheet", value=value, choices=", ".join(available_sheets()))
    )


quiet_option = click.option("-q", "--quiet", is_flag=True, help=say("help_opt_quiet"))
back_style_option = click.option(
    "--back-style",
    type=click.Choice(["light", "full"], case_sensitive=False),
    default="light",
    show_default=True,
    help=say("help_opt_back_style"),
)


# Processes a build may fit in: each loads the fitter and its fonts (some 60 MB), so --jobs 1000
# would start one process per spell (492 for the compendium) on any machine.
MAX_JOBS = 32


def fit_options(command: Callable) -> Callable:
    """Add --no-cache and --jobs: how the spells are fitted (never what they look like)."""
    command = click.option(
        "--jobs",
        type=click.IntRange(min=1, max=MAX_JOBS),
        metavar=say("metavar_count"),
        help=say("help_opt_jobs"),
    )(command)
    return click.option(
        "--no-cache",
        is_flag=True,
        help=say("help_opt_no_cache"),
    )(command)


def fit_settings(opts: dict) -> dict:
    """Return the library's cache and jobs arguments for --no-cache and --jobs (popped)."""
    from cards.build import DEFAULT_CACHE

    no_cache, jobs = opts.pop("no_cache", False), opts.pop("jobs", None)
    return {"cache": None if no_cache else DEFAULT_CACHE, "jobs": jobs}


def _print_shop(context, param, value):
    """Check a --print-shop preset name (an unknown one lists the presets: a usage error)."""
    if value is None:
        return None
    from cards.printshop import DEFAULT_PRESET, PresetError, load_preset

    try:
        return load_preset(value or DEFAULT_PRESET).name
    except PresetError as error:
        raise click.BadParameter(str(error)) from None


# `--print-shop` alone takes the default preset; `--print-shop NAME` one of layouts/tiskarny/.
print_shop_option = click.option(
    "--print-shop",
    is_flag=False,
    flag_value="",
    default=None,
    metavar=say("metavar_shop"),
    callback=_print_shop,
    help=say("help_opt_print_shop"),
)


def pdf_options(command: Callable) -> Callable:
    """Add the layout, sheet and printing options of every command that writes a PDF."""
    options = [
        output_option(say("help_opt_output_pdf")),
        layout_option,
        click.option(
            "--sheet",
            default="a4",
            show_default=True,
            metavar=say("metavar_sheet"),
            callback=parse_sheet,
            help=say("help_opt_sheet"),
        ),
        click.option("--backs", is_flag=True, help=say("help_opt_backs")),
        click.option(
            "--duplex",
            type=click.Choice(["long", "short"], case_sensitive=False),
            default="long",
            show_default=True,
            help=say("help_opt_duplex"),
        ),
        click.option(
            "--back-offset",
            metavar=say("metavar_offset"),
            callback=parse_offset,
            help=say("help_opt_back_offset"),
        ),
        click.option(
            "--continue-on-back",
            is_flag=True,
            help=say("help_opt_continue_on_back"),
        ),
        click.option(
            "--fold",
            is_flag=True,
            help=say("help_opt_fold"),
        ),
        back_style_option,
        click.option(
            "--bleed",
            type=click.FloatRange(min=0, max=10),
            metavar=say("metavar_mm"),
            callback=finite,
            help=say("help_opt_bleed"),
        ),
        print_shop_option,
        data_option,
        fit_options,
        quiet_option,
    ]
    for option in reversed(options):
        command = option(command)
    return command


def print_settings(opts: dict) -> PrintSettings:
    """Gather the printing options of pdf_options into the library's PrintSettings."""
    x, y = opts["back_offset"]
    return PrintSettings(
        layout=opts["layout"],
        sheet=opts["sheet"] if sheet_given() else None,
        backs=opts["backs"],
        duplex=opts["duplex"],
        back_offset=(x, y),
        fold=opts["fold"],
        bleed=opts["bleed"],
        continue_on_back=opts["continue_on_back"],
        print_shop=opts["print_shop"] is not None,
        shop=opts["print_shop"] or "",
        back_style=opts["back_style"].lower(),
    )


def sheet_given() -> bool:
    """Tell whether --sheet was given on the command line (not left at its default)."""
    context = click.get_current_context(silent=True)
    source = context.get_parameter_source("sheet") if context else None
    return source not in (None, click.core.ParameterSource.DEFAULT)
