"""Reading fitted faces back: the words of the description set on them, in order."""

from __future__ import annotations

from cards.face import TextLine


def words_of(faces) -> list[str]:
    """Return the description words set on the faces, hyphenated words joined (in a table,
    with the next line of the same column)."""
    words: list[str] = []
    carry: dict[float, str] = {}  # a column's left edge -> the piece it carries on
    for face in faces:
        for item in face.items:
            if not isinstance(item, TextLine) or item.role not in ("body", "table"):
                continue
            column = round(item.x, 1) if item.role == "table" else 0.0
            tokens = item.line.text.split()
            if item.line.repeated_hyphen:  # "Sešleš-" / "-li": the hyphen is written twice
                tokens[0] = tokens[0][1:]
            tokens[0] = carry.pop(column, "") + tokens[0]
            if item.line.hyphenated:
                carry[column] = tokens.pop()[:-1]
            elif item.line.split_word:
                carry[column] = tokens.pop()
            words.extend(tokens)
    return words + [piece for piece in carry.values() if piece]
