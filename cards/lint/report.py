"""What `cards lint` says: the errors, the warnings and a count of each, in Czech."""

from __future__ import annotations

from collections.abc import Sequence

from cards.czech_text import plural
from cards.messages import say
from cards.source.problems import Problem


def lint_lines(
    problems: Sequence[Problem], files: Sequence[str], *, quiet: bool = False
) -> list[str]:
    """Say what `cards lint` found, in Czech: the errors, the warnings, and a count of each.

    quiet=True leaves out the warnings and the count (the errors are always said).
    """
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity != "error"]
    lines = []
    for key, group in (("lint_errors", errors), ("lint_warnings", [] if quiet else warnings)):
        if group:
            lines.append(say(key, count=len(group)))
            lines += [f"  {problem}" for problem in group]
    if not quiet:
        counts = {
            "errors": plural(len(errors), *say("lint_error_forms").split()),
            "warnings": plural(len(warnings), *say("lint_warning_forms").split()),
        }
        lines.append(say("lint_summary", files=", ".join(files), **counts))
    return lines
