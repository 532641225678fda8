"""Commands around the decks: calibrate (the printer), cache, layouts, serve (the web page)."""

from __future__ import annotations

import click

from cards.cli.common import friendly_errors
from cards.cli.group import main
from cards.cli.options import layout_option, output_option, output_shown, parse_sheet
from cards.messages import say
from cards.service import OUT_DIR

DEFAULT_PORT = 8517  # `cards serve`: fixed, so a bookmark keeps working


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
    if info.problem:
        click.echo(say("cache_info_unusable", reason=info.problem))


@cache_group.command("clear", help=say("help_cache_clear"))
@friendly_errors
def cache_clear_command():
    """Delete every entry of the cache, and the parsed spell files kept beside it."""
    from cards.cache import cache_folder, default_cache, engine_version
    from cards.source.stored import ParseStore

    removed = default_cache().clear()
    click.echo(f"Smazáno záznamů: {removed} ({default_cache().path})")
    parsed = ParseStore(cache_folder(), engine_version()).clear()
    click.echo(f"Smazáno rozebraných souborů kouzel: {parsed}")


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
