"""`--help` is Czech: every command's and option's text from the catalogue, click's words too."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from cards.cli import main
from cards.messages import CATALOGUE, CLICK
from tests.support.english import english_words

CATALOGUE_TEXTS = set(CATALOGUE.values())

# click's own words in a help page (its section titles, metavars, usage pieces and the help
# option's text): none of them may show, whichever click version renders the page.
CLICK_WORDS = (
    "Usage",
    "Options",
    "Commands",
    "Arguments",
    "Show this message",
    "Show the version",
    "default:",
    "required",
    "env var",
    "dynamic",
    "deprecated",
    "TEXT",
    "INTEGER",
    "FLOAT",
    "PATH",
    "RANGE",
    "BOOLEAN",
    "FILENAME",
    "DIRECTORY",
    "[OPTIONS]",
    "COMMAND",
    "[ARGS]",
    "NAME",
    "FILE.toml",
)


def commands(command: click.Command = main, path: tuple[str, ...] = ()):
    """Yield (argv prefix, command) for the group and every command under it, nested ones too."""
    yield path, command
    if isinstance(command, click.Group):
        for name, sub in sorted(command.commands.items()):
            yield from commands(sub, (*path, name))


COMMANDS = list(commands())
IDS = [" ".join(("cards", *path)) for path, _ in COMMANDS]


def test_the_walk_sees_every_command():
    """The walk below reaches the nested commands (cache info) as well as the top ones."""
    assert {"cards", "cards list", "cards cache", "cards cache info", "cards serve"} <= set(IDS)


@pytest.mark.parametrize("path, command", COMMANDS, ids=IDS)
def test_every_help_text_comes_from_the_catalogue(path, command):
    """A command's help, its options' help and metavars are catalogue texts, not literals."""
    assert command.help in CATALOGUE_TEXTS, f"{IDS[COMMANDS.index((path, command))]}: help"
    context = click.Context(command, info_name="cards")
    for param in command.get_params(context):
        if isinstance(param, click.Option):
            assert param.help in CATALOGUE_TEXTS | set(CLICK.values()), param.opts
        takes_text = not getattr(param, "is_flag", False) and not isinstance(
            param.type, click.Choice
        )
        if takes_text:  # its metavar names what to type: ours, not click's TEXT or PATH
            assert param.metavar in CATALOGUE_TEXTS, param.opts


@pytest.mark.parametrize("path, command", COMMANDS, ids=IDS)
def test_rendered_help_has_no_english(path, command):
    """`cards … --help` shows none of click's English words and no English sentence."""
    result = CliRunner().invoke(main, [*path, "--help"], prog_name="cards")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Použití: cards")
    assert "Volby:" in result.output
    for word in CLICK_WORDS:
        assert word not in result.output, word
    assert english_words(result.output) == set()


def test_the_english_detector_bites():
    """An English help text is caught, and a Czech one with English option names is not."""
    assert english_words("Print the deck of one class.") == {"print", "the", "of", "one"}
    assert english_words("Zapne --continue-on-back; viz `cards calibrate`; [level|name]") == set()


def test_every_catalogue_message_is_czech():
    """No message of the catalogue carries an English word (the catalogue is Czech)."""
    english = {key: english_words(text) for key, text in CATALOGUE.items()}
    assert {key: words for key, words in english.items() if words} == {}
