"""What every command shares: the checks before any work, library errors said as click errors,
the spells of --data and --add, and whether a progress bar can be drawn."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path

import click

from cards.errors import CardsError
from cards.messages import os_reason
from cards.service import OptionClash

# A build of this many spells takes about a second: long enough to show progress.
PROGRESS_MIN_SPELLS = 200


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


def load_spells(data: Path | None, add: tuple[Path, ...] = (), *, cache: bool = True):
    """Read the compendium named by --data (or the embedded one) and the --add files; a file
    this engine parsed before is read back from the user's cache folder (source/stored.py),
    unless cache is off (--no-cache: the cache folder is left alone)."""
    from cards.cache import cache_folder, engine_version
    from cards.source.library import load_spells as load
    from cards.source.stored import ParseStore

    return load(data, add, store=ParseStore(cache_folder(), engine_version()) if cache else None)


def stderr_is_terminal() -> bool:
    """Tell whether standard error is a terminal, where a progress bar can be drawn."""
    return sys.stderr.isatty()
