"""The `cards` group: Czech usage lines, --version, and click's own words in Czech."""

from __future__ import annotations

import click

from cards.messages import say, speak_czech_in_click

speak_czech_in_click()  # click's own usage errors from the Czech catalogue (exit status 2)


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
    show_warnings_in_czech()


def show_warnings_in_czech() -> None:
    """Print the library's CardsWarning as its Czech text alone, on standard error."""
    import warnings

    from cards.errors import CardsWarning

    shown = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, CardsWarning):
            click.echo(str(message), err=True)
        else:
            shown(message, category, filename, lineno, file, line)

    warnings.showwarning = show
    warnings.simplefilter("always", CardsWarning)  # the library says each one once
