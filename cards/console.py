"""Text for consoles that cannot show every character (Windows cp852 and cp1250, latin-1).

Python writes to a console in the console's encoding (PYTHONIOENCODING or the locale): cp1250 has
every Czech letter but cp852 lacks the Czech quotes („“) and latin-1 lacks most Czech letters. A
character the console cannot show is replaced by its nearest plain form ("„" -> '"', "č" -> "c"),
or "?" when it has none, instead of ending the command with a UnicodeEncodeError.
"""

from __future__ import annotations

import codecs
import sys

from cards.czech_text import fold

ERRORS = "cards-console"
# Punctuation with a plain look-alike; letters lose their accents through NFKD instead.
_PLAIN = {
    "„": '"',
    "“": '"',
    "”": '"',
    "‚": "'",
    "‘": "'",
    "’": "'",
    "–": "-",
    "—": "-",
    "…": "...",
    "•": "*",
    "×": "x",
    "→": "->",
    "\xa0": " ",
    "\u202f": " ",
}


def plain(text: str) -> str:
    """Return text with typographic punctuation and accented letters in their plain forms."""
    out = []
    for char in text:
        if char in _PLAIN:
            out.append(_PLAIN[char])
            continue
        out.append(fold(char))
    return "".join(out)


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    encoding = error.encoding
    out = []
    for char in error.object[error.start : error.end]:
        candidate = plain(char)
        try:
            candidate.encode(encoding)
        except UnicodeEncodeError:
            candidate = "?"
        out.append(candidate)
    return "".join(out), error.end


codecs.register_error(ERRORS, _replace)


def tolerate_unencodable(*streams) -> None:
    """Make text streams (default: stdout and stderr) write unencodable characters plainly."""
    for stream in streams or (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if reconfigure is None or encoding in ("utf-8", "utf8"):
            continue
        reconfigure(errors=ERRORS)
