"""English words in a text that should be Czech (help texts, messages)."""

from __future__ import annotations

import re

# English words that are no Czech word either, nor a command's name or a value one types
# (cards, show): one of them in a help text is English help.
ENGLISH = frozenset(
    "the and of with for from this that which into only each every your is are be not or "
    "its it when than then these those will would should can cannot does has have print "
    "write read spells spell card file files folder default one all any warning error failed "
    "must got expected unknown invalid missing use other there keep nothing found".split()
)


def english_words(text: str) -> set[str]:
    """The English words of a help text, options (--no-backs), `commands` and choices aside."""
    text = re.sub(r"`[^`]*`|\{[^}]*\}", " ", text)  # `commands`, {fields}
    text = re.sub(r"--?[\w-]+|\w+_\w+", " ", text)  # options and field names (print_shop)
    # values one types: [level|name|school|class], [výchozí: file], "card"
    text = re.sub(r"\[[\w|]+\]|výchozí: [^;\]]+|\"[a-z]+\"", " ", text)
    return {word for word in re.findall(r"[^\W\d_]+", text.lower()) if word in ENGLISH}
