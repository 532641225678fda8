"""The `cards` command: a thin click layer over the library."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import click

from cards.cli.options import (
    FILTERS,
    SORT_HELP,
    SORT_ORDERS,
    apply_filters,
    back_style_option,
    data_option,
    filter_options,
    fit_options,
    fit_settings,
    layout_option,
    level_option,
    no_stdout_folder,
    output_option,
    output_path,
    output_shown,
    parse_sheet,
    pdf_options,
    print_settings,
    quiet_option,
    sort_option,
    source_option,
    spell_names,
)
from cards.errors import CardsError
from cards.messages import os_reason, say, speak_czech_in_click
from cards.model import SOURCE_ABBREVIATIONS
from cards.service import (
    OUT_DIR,
    OptionClash,
    deck_name,
    default_output,
    list_file_name,
    plural,
)

speak_czech_in_click()  # click's own usage errors from the Czech catalogue (exit status 2)

DEFAULT_PORT = 8517  # `cards serve`: fixed, so a bookmark keeps working
# A build of this many spells takes about a second: long enough to show progress.
PROGRESS_MIN_SPELLS = 200
MAX_WARNINGS = 20  # a deck's warnings shown one by one; the rest are counted


def friendly_errors(command: Callable) -> Callable:
    """Turn library errors into click errors: a message and exit 1, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            refuse_repeated_inputs(kwargs)
            refuse_overwriting_inputs(kwargs)
            result = command(*args, **kwargs)
            sys.stdout.flush()  # a closed pipe shows here, not at exit
            return result
        except OptionClash as error:
            raise click.UsageError(str(error)) from None
        except CardsError as error:
            failure = click.ClickException(str(error))
            failure.exit_code = error.exit_code
            raise failure from None
        except BrokenPipeError:
            # The reader went away (`cards list | head`): stop quietly, as Unix tools do.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except OSError as error:
            reason = os_reason(error)
            message = f"{error.filename}: {reason}" if error.filename else reason
            raise click.ClickException(message) from None

    return wrapper


def refuse_repeated_inputs(params: dict) -> None:
    """Refuse a spell file given twice (--add X --add X, --add naming --data), before any work."""
    if "add" not in params:
        return
    from cards.inputs import refuse_repeated
    from cards.source.decode import DEFAULT_DATA

    data = params.get("data")
    spell_files = [("--data", data) if data is not None else (None, DEFAULT_DATA)]
    spell_files += [("--add", path) for path in params.get("add") or ()]
    refuse_repeated(spell_files)


def refuse_overwriting_inputs(params: dict) -> None:
    """Refuse an -o or --csv that names any input of the command, before any work."""
    from cards.atomic import refuse_inputs, refuse_shipped

    inputs = [("--data", params.get("data")), ("deck", params.get("file"))]
    inputs += [("--add", path) for path in params.get("add") or ()]
    for option in ("layout", "sheet"):
        value = params.get(option)
        if isinstance(value, str) and value.endswith(".toml"):
            inputs.append((f"--{option}", value))
    if params.get("output") or params.get("csv_path"):
        from cards.impose import sheet_file
        from cards.layout import layout_files  # a layout's bases, fonts and icons are inputs

        if isinstance(params.get("layout"), str):
            inputs += [("--layout", path) for path in layout_files(params["layout"])]
        if isinstance(params.get("sheet"), str) and sheet_file(params["sheet"]):
            inputs.append(("--sheet", sheet_file(params["sheet"])))
    for key in ("output", "csv_path"):
        if params.get(key) is not None:
            refuse_inputs(params[key], inputs)  # first: it names the option of the input
            refuse_shipped(params[key])  # also the folder of `images -o`


def load_spells(data: Path | None, add: tuple[Path, ...] = ()):
    """Read the compendium named by --data (or the embedded one) and the --add files."""
    from cards.homebrew import load_spells as load

    return load(data, add)


# --- shared options -------------------------------------------------------------------------


def write_deck(spells, default_name: str, title: str, opts: dict, index: bool = False) -> None:
    """Build the PDF for a selection and print a one-line summary."""
    from cards.atomic import is_stdout, write_atomically
    from cards.service import build_deck, default_output

    quiet = opts["quiet"]
    out = opts["output"] or default_output(default_name)
    to_stdout = is_stdout(out)
    fitting = fit_settings(opts)
    bar = None
    if not quiet and stderr_is_terminal() and len(spells) >= PROGRESS_MIN_SPELLS:
        bar = click.progressbar(length=len(spells), label="Sázím karty", file=sys.stderr)
    with bar or contextlib.nullcontext():
        built = build_deck(
            spells,
            print_settings(opts),
            out=None if to_stdout else out,  # standard output: the bytes, then the gate
            title=title,
            index=index,
            progress=bar.update if bar else None,
            **fitting,
        )
    if to_stdout:
        write_atomically(out, built.data)
    if not quiet:  # on standard error when the PDF goes to standard output
        click.echo(f"{built.summary.text} -> {output_shown(out)}", err=to_stdout)


def stderr_is_terminal() -> bool:
    """Tell whether standard error is a terminal, where a progress bar can be drawn."""
    return sys.stderr.isatty()


# --- commands -------------------------------------------------------------------------------


def print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """Print the version in Czech (messages "version"), reading it only when asked."""
    if not value or ctx.resilient_parsing:
        return
    from cards import __version__

    click.echo(say("version", version=__version__))
    ctx.exit()


class Command(click.Command):
    """A command whose usage line is Czech ("cards list [VOLBY]")."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("options_metavar", say("metavar_options"))
        super().__init__(*args, **kwargs)


class Group(click.Group):
    """A group whose usage line is Czech and whose commands and groups are too."""

    command_class = Command
    group_class = type  # subgroups are Groups

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("options_metavar", say("metavar_options"))
        kwargs.setdefault("subcommand_metavar", say("metavar_command"))
        super().__init__(*args, **kwargs)


@click.group(
    cls=Group,
    help=say("help_main"),
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=print_version,
    help=say("help_opt_version"),
)
def main():
    """Printable Czech D&D 5e spell cards from a spell compendium (help: say("help_main"))."""
    from cards.console import tolerate_unencodable

    tolerate_unencodable()


@main.command("list", help=say("help_list"))
@filter_options
@sort_option(SORT_ORDERS, "level", SORT_HELP)
@click.option("--json", "as_json", is_flag=True, help=say("help_opt_json_list"))
@data_option
@quiet_option
@friendly_errors
def list_command(sort, as_json, data, add, quiet, **filters):
    """List spells.

    Filter by class, level, school, source, ritual or concentration; --json gives the full
    records.
    """
    from cards.compendium import spell_to_dict
    from cards.select import sort_spells

    spells = sort_spells(apply_filters(load_spells(data, add), **filters), by=sort)
    if quiet:
        return  # the filters and files were checked: errors only
    if as_json:
        text = json.dumps([spell_to_dict(s) for s in spells], ensure_ascii=False, indent=2)
        click.echo(text)
        return
    for spell in spells:
        flags = ("R" if spell.ritual else " ") + ("S" if spell.concentration else " ")
        sources = ", ".join(SOURCE_ABBREVIATIONS.get(s, s) for s in spell.sources)
        click.echo(f"{spell.level}  {flags}  {spell.name:<36} {spell.school:<12} {sources}")


@main.command("show", help=say("help_show"))
@click.argument("name", metavar=say("metavar_name"), callback=spell_names)
@click.option("--json", "as_json", is_flag=True, help=say("help_opt_json_show"))
@data_option
@friendly_errors
def show_command(name, as_json, data, add):
    """Show one spell's parsed fields.

    NAME is Czech or English, diacritics optional; "Název (Zdroj)" picks a book.
    """
    from cards.compendium import spell_to_dict
    from cards.select import find_spell

    spell = find_spell(load_spells(data, add), name)
    record = spell_to_dict(spell)
    if as_json:
        click.echo(json.dumps(record, ensure_ascii=False, indent=2))
        return
    for key, value in record.items():
        if key == "blocks":
            click.echo("blocks:")
            for block in value:
                click.echo(f"  - {json.dumps(block, ensure_ascii=False)}")
        else:
            click.echo(f"{key}: {json.dumps(value, ensure_ascii=False)}")


@main.command("lint", help=say("help_lint"))
@layout_option
@data_option
@quiet_option
@friendly_errors
def lint_command(layout, data, add, quiet):
    """Check a compendium for problems.

    Lists every error and warning with file:line, characters the layout's fonts cannot draw
    included; exits 1 if there are errors.
    """
    from cards.glyphs import check_file
    from cards.layout import load_layout
    from cards.source.library import DEFAULT_DATA, lint_lines, lint_spells

    card = load_layout(layout)
    glyphs = [p for path in (data or DEFAULT_DATA, *add) for p in check_file(path, card)]
    order = {str(path): n for n, path in enumerate((data or DEFAULT_DATA, *add))}
    problems = sorted(
        [*lint_spells(data, add, layout=card), *glyphs],
        key=lambda p: (order.get(p.file, len(order)), p.line),
    )
    files = [str(path) for path in (data or DEFAULT_DATA, *add)]
    for line in lint_lines(problems, files, quiet=quiet):
        click.echo(line)
    if any(p.severity == "error" for p in problems):
        sys.exit(1)


@main.command("fit-report", help=say("help_fit_report"))
@filter_options
@sort_option(SORT_ORDERS, "level", SORT_HELP)
@layout_option
@click.option(
    "--csv",
    "csv_path",
    metavar=say("metavar_file"),
    callback=output_path,
    help=say("help_opt_csv"),
)
@click.option("--continue-on-back", is_flag=True, help=say("help_opt_count_on_back"))
@data_option
@fit_options
@friendly_errors
def fit_report_command(sort, layout, csv_path, continue_on_back, data, add, **filters):
    """Show how each spell fits: its cards and body size.

    Ends with a summary: cards in all, spells per card count, the smallest size used.
    """
    from cards.atomic import is_stdout, write_atomically
    from cards.layout import load_layout
    from cards.report import csv_text, fit_report, format_report
    from cards.select import sort_spells

    fitting = fit_settings(filters)
    spells = sort_spells(apply_filters(load_spells(data, add), **filters), by=sort)
    report = fit_report(spells, load_layout(layout), continue_on_back=continue_on_back, **fitting)
    click.echo(format_report(report), err=is_stdout(csv_path))  # the CSV alone on stdout
    if csv_path:
        write_atomically(csv_path, csv_text(report).encode("utf-8"))


@main.command("compendium", help=say("help_compendium"))
@filter_options
@sort_option(SORT_ORDERS, "level", SORT_HELP)
@click.option("--index", is_flag=True, help=say("help_opt_index"))
@pdf_options
@friendly_errors
def compendium_command(sort, index, **opts):
    """Print the whole compendium, or a filtered part of it.

    Cards go by level, then Czech alphabetical order, unless --sort says otherwise.
    """
    from cards.select import sort_spells

    filters = {key: opts.pop(key) for key in FILTERS}
    spells = apply_filters(load_spells(opts["data"], opts["add"]), **filters)
    name = deck_name("kompendium", **filters)
    write_deck(sort_spells(spells, by=sort), name, say("compendium_title"), opts, index=index)


@main.command("class", help=say("help_class"))
@click.argument("name", metavar=say("metavar_name"))
@level_option
@source_option
@pdf_options
@friendly_errors
def class_command(name, level, sources, **opts):
    """Print the deck of one class.

    NAME is Czech or English, diacritics optional (kouzelník, kouzelnik, wizard). Cards go by
    level, then Czech alphabetical order.
    """
    from cards.select import resolve_class, slug, sort_spells

    klass = resolve_class(name)
    spells = apply_filters(
        load_spells(opts["data"], opts["add"]), (klass,), level, (), sources, None, None
    )
    default = deck_name(slug(klass), level=level, sources=sources)
    write_deck(sort_spells(spells, by="level"), default, f"Kouzla: {klass}", opts)


@main.command("deck", help=say("help_deck"))
@click.argument(
    "file",
    type=click.Path(allow_dash=True, path_type=Path),  # the input gate checks it (exit 1)
    metavar=say("metavar_file"),
)
@click.option("--source", metavar=say("metavar_book"), help=say("help_opt_deck_source"))
@sort_option(("file", "level"), "file", say("help_opt_deck_sort"))
@pdf_options
@friendly_errors
def deck_command(file, source, sort, **opts):
    """Print a prepared list of spells.

    FILE has one spell a line, Czech or English, any case, diacritics optional; blank lines and
    # comments are ignored; "-" reads standard input. "Světlo (Jeskyně a draci)" picks a book.
    """
    from cards.inputs import MAX_DECK_LIST, MAX_DECK_SPELLS, InputError, read_text
    from cards.select import resolve_deck, sort_spells

    origin = "<stdin>" if str(file) == "-" else str(file)
    lines = read_text(str(file), MAX_DECK_LIST, stdin=True).splitlines()
    every = load_spells(opts["data"], opts["add"])
    deck = resolve_deck(lines, every, source=source, origin=origin)
    if len(deck.spells) > MAX_DECK_SPELLS:
        raise InputError(
            say("deck_too_many", origin=origin, count=len(deck.spells), limit=MAX_DECK_SPELLS)
        )
    if not opts["quiet"]:
        for warning in deck.warnings[:MAX_WARNINGS]:
            click.echo(warning, err=True)
        if len(deck.warnings) > MAX_WARNINGS:
            more = len(deck.warnings) - MAX_WARNINGS
            click.echo(say("more_warnings", origin=origin, count=more), err=True)
    spells = sort_spells(deck.spells, by="level") if sort == "level" else deck.spells
    name = list_file_name(None if origin == "<stdin>" else file.stem)
    write_deck(spells, name, say("deck_title"), opts)


@main.command("preview", help=say("help_preview"))
@click.argument("name", metavar=say("metavar_name"), callback=spell_names)
@output_option(say("help_opt_output_png"))
@click.option(
    "--dpi",
    type=click.IntRange(50, 1200),
    default=300,
    show_default=True,
    metavar=say("metavar_dpi"),
    help=say("help_opt_dpi_preview"),
)
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

    spell = find_spell(load_spells(data, add), name)
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
@click.option(
    "--dpi",
    type=click.IntRange(50, 1200),
    default=300,
    show_default=True,
    metavar=say("metavar_dpi"),
    help=say("help_opt_dpi_images"),
)
@click.option(
    "--sheet",
    "sheet",
    type=click.Choice(["cards", "tts"], case_sensitive=False),
    default="cards",
    show_default=True,
    help=say("help_opt_images_sheet"),
)
@click.option("--no-backs", is_flag=True, help=say("help_opt_fronts_images"))
@layout_option
@data_option
@quiet_option
@fit_options
@friendly_errors
def images_command(names, sort, output, dpi, sheet, no_backs, layout, data, add, quiet, **filters):
    """Write card images (PNG) for virtual tables.

    One PNG per card face, fronts and backs, named in deck order (0001-ohniva-koule-front.png);
    NAMES pick spells in the order given, otherwise the filters select as for `compendium`.
    --sheet tts writes Tabletop Simulator deck sheets and their backs.
    """
    from cards.build import write_images, write_tts_sheets
    from cards.glyphs import require_drawable
    from cards.layout import load_layout
    from cards.select import find_spell, sort_spells

    fitting = fit_settings(filters)
    spells = load_spells(data, add)
    if names:
        spells = apply_filters([find_spell(spells, name) for name in names], **filters)
    else:
        spells = sort_spells(apply_filters(spells, **filters), by=sort)
    layout = load_layout(layout)
    require_drawable(spells, layout)
    out = output or OUT_DIR / "images"
    bar = None
    if not quiet and stderr_is_terminal() and len(spells) >= PROGRESS_MIN_SPELLS // 10:
        # Two steps a spell: fitted, then drawn (the library counts both).
        bar = click.progressbar(length=2 * len(spells), label="Kreslím karty", file=sys.stderr)
    progress = bar.update if bar else None
    with bar or contextlib.nullcontext():
        if sheet.lower() == "tts":
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


@main.command("calibrate", help=say("help_calibrate"))
@click.option(
    "--sheet",
    default="a4",
    show_default=True,
    metavar=say("metavar_paper"),
    callback=parse_sheet,
    help=say("help_opt_calibrate_sheet"),
)
@output_option(say("help_opt_output_calibrate"))
@layout_option
@friendly_errors
def calibrate_command(sheet, output, layout):
    """Print a duplex calibration sheet.

    It tells which --back-offset corrects your printer (see the README).
    """
    from cards.atomic import is_stdout
    from cards.calibrate import write_calibration
    from cards.impose import load_sheet
    from cards.layout import load_layout

    if sheet.lower() == "none":
        raise click.BadParameter(say("calibrate_needs_paper"), param_hint="'--sheet'")
    card = load_layout(layout)
    path = write_calibration(
        output or OUT_DIR / "kalibrace.pdf", load_sheet(sheet, card.width, card.height), layout=card
    )
    # on standard error when the sheet goes to standard output
    click.echo(f"Kalibrační arch -> {output_shown(path)}", err=is_stdout(path))


@main.group("cache", help=say("help_cache"))
def cache_group():
    """Show or clear the cache of fitted cards.

    Builds keep each spell's fitted cards there, per layout, so that a rebuild takes only
    the drawing; a change of the spell, the layout, the fonts or the program refits it.
    """


@cache_group.command("info", help=say("help_cache_info"))
@friendly_errors
def cache_info_command():
    """Print where the cache is, its entries and its size on disk."""
    from cards.cache import default_cache

    info = default_cache().info()
    click.echo(f"Umístění: {info.path}")
    click.echo(f"Záznamů: {info.entries}")
    click.echo(f"Velikost: {info.size / 1e6:.1f} MB (nejvýš {info.limit / 1e6:.0f} MB)")


@cache_group.command("clear", help=say("help_cache_clear"))
@friendly_errors
def cache_clear_command():
    """Delete every entry of the cache."""
    from cards.cache import default_cache

    removed = default_cache().clear()
    click.echo(f"Smazáno záznamů: {removed} ({default_cache().path})")


@main.command("layouts", help=say("help_layouts"))
@friendly_errors
def layouts_command():
    """List the card layouts that --layout accepts."""
    from cards.layout import list_layouts, load_layout

    for name in list_layouts():
        click.echo(f"{name:<12} {load_layout(name).description}")


@main.command("serve", help=say("help_serve"))
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    metavar=say("metavar_host"),
    help=say("help_opt_host"),
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    metavar=say("metavar_port"),
    help=say("help_opt_port"),
)
@click.option("--no-browser", is_flag=True, help=say("help_opt_no_browser"))
@friendly_errors
def serve_command(host, port, no_browser):
    """Serve the deck builder as a web page on this computer.

    Prints the page's address as the first line and opens it in the browser. Ctrl-C stops it.
    """
    from cards.web.app import serve

    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(say("serve_open", host=host), err=True)
    serve(host, port, open_browser=not no_browser, announce=click.echo)
