"""Commands that print a deck as a PDF: compendium, class, deck."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from cards.cli import common
from cards.cli.common import friendly_errors
from cards.cli.group import main
from cards.cli.options import (
    FILTERS,
    SORT_HELP,
    SORT_ORDERS,
    apply_filters,
    filter_options,
    fit_settings,
    level_option,
    output_shown,
    pdf_options,
    print_settings,
    sort_option,
    source_option,
)
from cards.messages import say
from cards.service import deck_name, default_output, list_file_name

MAX_WARNINGS = 20  # a deck's warnings shown one by one; the rest are counted


def write_deck(spells, default_name: str, title: str, opts: dict, index: bool = False) -> None:
    """Build the PDF for a selection and print a one-line summary."""
    from cards.atomic import is_stdout, write_atomically
    from cards.service import build_deck

    quiet = opts["quiet"]
    out = opts["output"] or default_output(default_name)
    to_stdout = is_stdout(out)
    fitting = fit_settings(opts)
    bar = None
    if not quiet and common.stderr_is_terminal() and len(spells) >= common.PROGRESS_MIN_SPELLS:
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
    every = common.load_spells(opts["data"], opts["add"], cache=not opts["no_cache"])
    spells = apply_filters(every, **filters)
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
    every = common.load_spells(opts["data"], opts["add"], cache=not opts["no_cache"])
    spells = apply_filters(every, (klass,), level, (), sources, None, None)
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
@click.option("--title", metavar=say("metavar_title"), help=say("help_opt_deck_title"))
@pdf_options
@friendly_errors
def deck_command(file, source, sort, title, **opts):
    """Print a prepared list of spells.

    FILE has one spell a line, Czech or English, any case, diacritics optional; blank lines and
    # comments are ignored; "-" reads standard input. "Světlo (Jeskyně a draci)" picks a book.
    """
    from cards.inputs import MAX_DECK_LIST, MAX_DECK_SPELLS, InputError, read_text
    from cards.select import named_lines, resolve_deck, sort_spells

    origin = "<stdin>" if str(file) == "-" else str(file)
    lines = read_text(str(file), MAX_DECK_LIST, stdin=True).splitlines()
    # Counted before the compendium is read or a name matched: 100,000 lines are refused at once.
    count = sum(1 for _ in named_lines(lines))
    if count > MAX_DECK_SPELLS:
        raise InputError(say("deck_too_many", origin=origin, count=count, limit=MAX_DECK_SPELLS))
    every = common.load_spells(opts["data"], opts["add"], cache=not opts["no_cache"])
    deck = resolve_deck(lines, every, source=source, origin=origin)
    if not opts["quiet"]:
        for warning in deck.warnings[:MAX_WARNINGS]:
            click.echo(warning, err=True)
        if len(deck.warnings) > MAX_WARNINGS:
            more = len(deck.warnings) - MAX_WARNINGS
            click.echo(say("more_warnings", origin=origin, count=more), err=True)
    spells = sort_spells(deck.spells, by="level") if sort == "level" else deck.spells
    name = list_file_name(None if origin == "<stdin>" else file.stem)
    write_deck(spells, name, " ".join((title or "").split()) or say("deck_title"), opts)
