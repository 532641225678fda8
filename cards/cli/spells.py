"""Commands that read spells and say what they found: list, show, lint, fit-report."""

from __future__ import annotations

import json
import sys

import click

from cards.cli import common
from cards.cli.common import friendly_errors
from cards.cli.group import main
from cards.cli.options import (
    SORT_HELP,
    SORT_ORDERS,
    apply_filters,
    data_option,
    filter_options,
    fit_options,
    fit_settings,
    layout_option,
    output_path,
    quiet_option,
    sort_option,
    spell_names,
)
from cards.messages import say
from cards.model import SOURCE_ABBREVIATIONS


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
    from cards.select import sort_spells
    from cards.source.json import spell_to_dict

    spells = sort_spells(apply_filters(common.load_spells(data, add), **filters), by=sort)
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
    from cards.select import find_spell
    from cards.source.json import spell_to_dict

    spell = find_spell(common.load_spells(data, add), name)
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
    from cards.layout import load_layout
    from cards.lint.files import lint_files
    from cards.lint.report import lint_lines
    from cards.source.decode import DEFAULT_DATA

    problems = lint_files(data, add, load_layout(layout))
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
    spells = common.load_spells(data, add, cache=fitting["cache"] is not None)
    spells = sort_spells(apply_filters(spells, **filters), by=sort)
    report = fit_report(spells, load_layout(layout), continue_on_back=continue_on_back, **fitting)
    click.echo(format_report(report), err=is_stdout(csv_path))  # the CSV alone on stdout
    if csv_path:
        write_atomically(csv_path, csv_text(report).encode("utf-8"))
