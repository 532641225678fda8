"""Commands for print shops: preflight (what a shop's check says of a PDF)."""

from __future__ import annotations

from pathlib import Path

import click

from cards.cli.common import friendly_errors
from cards.cli.group import main
from cards.cli.options import print_shop_option
from cards.messages import say


@main.command("preflight", help=say("help_preflight"))
@click.argument(
    "file",
    type=click.Path(dir_okay=False, path_type=Path, exists=True),
    metavar=say("metavar_file"),
)
@print_shop_option
@friendly_errors
def preflight_command(file, print_shop):
    """Check a PDF as a print shop's preflight would; exit 1 when a check fails.

    --print-shop NAME: the shop's preset (layouts/tiskarny/); without it the default preset.
    """
    from cards.preflight import preflight
    from cards.printshop import load_preset

    report = preflight(file, load_preset(print_shop))
    click.echo(report.text)
    if not report.passed:
        raise SystemExit(1)
