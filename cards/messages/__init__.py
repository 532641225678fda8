"""The message catalogue: every message the user sees, in Czech, looked up by a short key.

`say(key, **fields)` fills a message's fields. Errors of the library, the checks of the command
line and click's own usage errors (an unknown option, a missing argument, a bad choice) all come
from here, so the tool speaks one language whether things go well or not.

The catalogue is kept in parts by who speaks: `files` (the input and output gates, the
system's reasons), `commands` (the command line and its help), `settings` (layouts, sheets),
`spells` (spell files, lint, choosing spells), `building` (fitting, previews, images), `web`
(the page's API), `server` (a server's bounds and faults); `click_texts` holds click's own
words. A key is in one part only.
"""

from __future__ import annotations

from cards.messages import building, commands, files, server, settings, spells, web
from cards.messages.click_texts import CLICK, speak_czech_in_click

__all__ = ["CATALOGUE", "CLICK", "os_reason", "say", "speak_czech_in_click"]

_PARTS = (files, commands, settings, spells, building, web, server)
CATALOGUE: dict[str, str] = {}
for _part in _PARTS:
    _twice = CATALOGUE.keys() & _part.MESSAGES.keys()
    if _twice:  # a key in two parts: one would silently win
        raise RuntimeError(f"messages in two parts of the catalogue: {sorted(_twice)}")
    CATALOGUE.update(_part.MESSAGES)


def say(key: str, **fields) -> str:
    """Return the Czech message `key` with its fields filled in."""
    return CATALOGUE[key].format(**fields)


def os_reason(error: OSError) -> str:
    """Say in Czech why the system refused (an OSError's errno), never in the system's English."""
    import errno
    import socket

    if isinstance(error, socket.gaierror):
        return say("unknown_host")
    if error.errno is None:  # a library's own OSError: its words are all there is
        return say("errno_other", errno=f"({error})" if str(error) else "?")
    name = errno.errorcode.get(error.errno, "")
    key = f"errno_{name}"
    if key in CATALOGUE:
        return say(key)
    return say("errno_other", errno=name or error.errno)
