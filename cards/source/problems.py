"""Problems found in spell files (errors and warnings at a file:line) and what a read file gives.

Every reader of the package (the text format, the JSON format, decoding, the library) reports
through a `Collector` and returns a `Compendium`: the spells that read cleanly and every problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cards.errors import CardsError
from cards.messages import CATALOGUE, say
from cards.model import Spell


@dataclass(frozen=True)
class Problem:
    """One thing wrong (error) or doubtful (warning) in a compendium, at a 1-based line."""

    file: str
    line: int
    kind: str
    message: str
    excerpt: str = ""
    severity: str = "error"  # "error" | "warning"

    def __str__(self) -> str:
        """Say it in Czech: "kouzla.txt:12: chyba: kniha: neznámá kniha … [excerpt]"."""
        where = f"{self.file}:{self.line}" if self.line else self.file
        kind = CATALOGUE.get(f"problem_{self.kind}", self.kind)
        text = f"{where}: {say('severity_' + self.severity)}: {kind}: {self.message}"
        return f"{text} [{self.excerpt}]" if self.excerpt else text


class CompendiumError(CardsError):
    """A compendium that cannot be used: carries every problem found."""

    MAX_SHOWN = 5

    def __init__(self, problems: tuple[Problem, ...] | list[Problem]):
        self.problems = tuple(problems)
        errors = [p for p in self.problems if p.severity == "error"] or list(self.problems)
        lines = [str(p) for p in errors[: self.MAX_SHOWN]]
        if len(errors) > self.MAX_SHOWN:
            rest = len(errors) - self.MAX_SHOWN
            lines.append(say("more_errors", count=rest))
        super().__init__("\n".join(lines) or say("unusable_file"))


@dataclass(frozen=True)
class Compendium:
    """A parsed compendium: the spells that parsed cleanly and every problem found."""

    path: str
    spells: tuple[Spell, ...]
    problems: tuple[Problem, ...]
    title: tuple[str, ...] = field(default=())  # lines before the first spell

    @property
    def errors(self) -> tuple[Problem, ...]:
        """Problems of error severity."""
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """Problems of warning severity."""
        return tuple(p for p in self.problems if p.severity == "warning")


@dataclass(frozen=True)
class Line:
    """One non-empty line of a file, cleaned, with its 1-based number."""

    number: int
    text: str


def shorten(text: str, width: int = 60) -> str:
    """Cut a line to quote it in a message; a non-breaking space is shown as ⍽."""
    text = text.replace("\xa0", "⍽")
    return text if len(text) <= width else text[: width - 1] + "…"


class Collector:
    """The problems found while reading one file."""

    def __init__(self, file: str, any_book: bool = False):
        self.file = file
        self.any_book = any_book  # books other than SOURCES are allowed (spells of one's own)
        self.problems: list[Problem] = []

    def error(self, line: int, kind: str, message: str, excerpt: str = "") -> None:
        self.problems.append(Problem(self.file, line, kind, message, shorten(excerpt), "error"))

    def warning(self, line: int, kind: str, message: str, excerpt: str = "") -> None:
        self.problems.append(Problem(self.file, line, kind, message, shorten(excerpt), "warning"))
