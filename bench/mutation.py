"""Print the mutation score of modules of cards/typeset and cards/fit: killed, survived, timeouts.

Run: nice -n 10 .venv/bin/python bench/mutation.py typeset/czech fit/paginate [--survivors]
(it needs mutmut 2.5's engine and coverage.py, no dependencies of the package:
 .venv/bin/pip install mutmut==2.5.1 coverage)

Mutants come from mutmut's mutation engine (`mutmut.list_mutations` / `mutmut.mutate`: numbers,
strings, operators, comparisons, keywords, names, arguments, assignments), not from its runner:
mutmut 2.5's runner crashed here and mutmut 3 rewrites every function into a trampoline.

Each module's chosen tests (`TESTS`: its own unit tests, then the fast unit tests of its package
and a few fast integration checks, `INTEGRATION`) run once unmutated under coverage.py, one
context per test: which test runs which line. Each mutant then runs, one at a time, with
`pytest -x -q -p no:cacheprovider -m "not slow"` and a per-run timeout: first the tests that ran
its statement, then (if it survived them) their whole files (a module fixture may run a line for
another test); a statement run only outside tests (a constant, a definition) goes through all
the chosen tests. A mutant of a statement no chosen test runs is a survivor, not run, marked so.

Everything runs in a scratch copy of the tree (cards/, tests/ and the data folders copied to a
temporary folder, which is put first on sys.path): the worktree's files are never touched, and
tests written while a run goes on do not change it. The parent process imports pytest and the
third-party libraries once and forks a child per mutant (the mutated file written into the scratch
copy, no bytecode written, so every child compiles the mutant afresh); a child that outlives the
timeout is killed with its process group. One mutant runs at a time: one core.

Hypothesis is derandomised under CARDS_MUTATION_RUN (tests/conftest.py), yet its examples still
depend on which local modules are loaded (it draws their literal constants now and then): a
property may kill a mutant when run with one set of test files and not with another. A run is
repeatable on one tree; a kill that rests on a late example is not a kill to count on.

A mutant whose syntax tree, with type annotations and docstrings left out, equals the original's
is equivalent by construction (`from __future__ import annotations`: annotations are never
evaluated) and is counted apart, not run. `EQUIVALENT` lists the survivors examined by hand and
found equivalent (no input can change an output), with the reason; they are printed as
"explained". The score is killed / (mutants - equivalent by construction - not Python: mutmut's
engine now and then writes a mutant that does not parse); timeouts count as killed (the mutant
hangs the tests), as mutmut counts them.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("cards", "tests", "bench", "fonts", "layouts", "data", "schema", "pyproject.toml")

_UNIT_TYPESET = "tests/unit/typeset"
_UNIT_FIT = "tests/unit/fit"
# The tests each module's mutants are run against, in order: its own first (a killed mutant
# stops at the first red test), then its package's fast unit tests, then fast integration checks.
TESTS: dict[str, tuple[str, ...]] = {
    "typeset/czech": ("test_czech", "test_words", _UNIT_TYPESET),
    "typeset/words": ("test_words", "test_typeset", _UNIT_TYPESET),
    "typeset/breaking": ("test_breaking", _UNIT_TYPESET),
    "typeset/totalfit": ("test_totalfit", "test_paragraph_ends", _UNIT_TYPESET),
    "typeset/cost": ("test_cost", "test_totalfit", _UNIT_TYPESET),
    "typeset/lines": (
        "test_typeset",
        "test_lines",
        "test_cost",
        _UNIT_TYPESET,
        "tests/unit/fit/test_card_breaks.py",
    ),
    "typeset/normalise": ("test_normalise", _UNIT_TYPESET),
    "typeset/context": (_UNIT_TYPESET,),
    "typeset/metrics": ("test_metrics", _UNIT_TYPESET),
    "fit/paginate": ("test_paginate", "test_card_breaks", _UNIT_FIT),
    "fit/search": ("test_search", "test_sizes", "test_card_sizes", _UNIT_FIT),
    "fit/room": ("test_room", "test_sizes", _UNIT_FIT),
    "fit/blocks": ("test_blocks", "test_card_breaks", "test_repeated_headings", _UNIT_FIT),
    "fit/tables": ("test_tables", _UNIT_FIT),
    "fit/furniture": ("test_furniture", _UNIT_FIT, "tests/unit/test_backs.py"),
    "fit/fields": ("test_fields", "test_furniture", _UNIT_FIT),
    "fit/corner": ("test_corner", "test_furniture", _UNIT_FIT),
    "fit/style": ("test_style", "test_furniture", _UNIT_FIT),
    "fit/band": ("test_band", "test_furniture", _UNIT_FIT),
    "fit/labels": ("test_labels", "test_furniture", _UNIT_FIT),
    "fit/grid": ("test_grid", "test_furniture", "test_run_in_choice", _UNIT_FIT),
    "fit/footer": ("test_footer", "test_furniture", _UNIT_FIT),
}
# Fast integration checks every run ends with: a whole card fitted and typeset end to end.
INTEGRATION = ("tests/unit/fit/test_fit.py", "tests/unit/typeset/test_typeset.py")

# Survivors examined by hand, one file per module in bench/mutation_equivalent/ (fit-room.toml
# for fit/room): (module, function, original line, mutated line) -> why no output can change
# ("" for a module's top level). Lines are compared stripped, so the entries outlive edits
# elsewhere in the file.
EQUIVALENT_DIR = ROOT / "bench" / "mutation_equivalent"


def _equivalents() -> dict[tuple[str, str, str, str], str]:
    """Read every module's file of explained survivors; an entry under another module's
    name is refused (one file per module keeps parallel work apart)."""
    found: dict[tuple[str, str, str, str], str] = {}
    for file in sorted(EQUIVALENT_DIR.glob("*.toml")):
        for e in tomllib.loads(file.read_text("utf-8"))["equivalent"]:
            if e["module"].replace("/", "-") != file.stem:
                raise SystemExit(f"{file}: an entry of {e['module']}")
            found[(e["module"], e["function"], e["line"], e["mutant"])] = e["why"]
    return found


EQUIVALENT = _equivalents()


@dataclass
class Mutant:
    """One mutation of a module: where, the line before and after, and how its run ended."""

    number: int
    line: int  # 1-based, in the original file
    lines: int  # how many lines of the original the mutation replaces (0: it only adds)
    before: str
    after: str
    source: str
    where: str = ""  # the function (or class) the line is in, "" at the module's top
    status: str = "untested"  # killed, survived, timeout, error, equivalent
    uncovered: bool = False  # on a line no test runs (a survivor, not run)
    seconds: float = 0.0


def test_files(module: str) -> list[list[str]]:
    """Return the test files for a module's mutants in two stages, each file once.

    The first stage is the files named one by one in `TESTS` (the module's own tests: most
    mutants die there, and a small run collects fast); the second the folders and `INTEGRATION`,
    run only for the mutants the first left alive.
    """
    package = module.split("/")[0]
    stages: list[list[str]] = [[], []]
    seen: set[str] = set()
    for entry in (*TESTS.get(module, (f"tests/unit/{package}",)), *INTEGRATION):
        path = entry if entry.startswith("tests/") else f"tests/unit/{package}/{entry}.py"
        full = Path.cwd() / path  # the scratch copy's tests, as they were when it was made
        found = sorted(full.glob("test_*.py")) if full.is_dir() else [full] if full.exists() else []
        stage = stages[1 if full.is_dir() or entry in INTEGRATION else 0]
        for file in found:
            relative = str(file.relative_to(Path.cwd()))
            if relative not in seen:
                seen.add(relative)
                stage.append(relative)
    return [stage for stage in stages if stage]


def run_stages(stages: list[list[str]], timeout: float) -> tuple[str, float]:
    """Run the stages in order until one kills the mutant; return (status, seconds)."""
    status, total = "survived", 0.0
    for files in stages:
        status, seconds = run_tests(files, timeout)
        total += seconds
        if status != "survived":
            break
    return status, total


def mutants_of(module: str, root: Path = ROOT) -> list[Mutant]:
    """Return every mutant mutmut's engine makes of a module (in the tree at `root`), with
    its changed line."""
    from mutmut import Context, list_mutations, mutate

    filename = f"cards/{module}.py"
    source = (root / filename).read_text(encoding="utf-8")
    original = source.splitlines()
    where = _functions(source)
    found = []
    for number, mutation_id in enumerate(list_mutations(Context(source=source, filename=filename))):
        mutated, _ = mutate(Context(source=source, mutation_id=mutation_id, filename=filename))
        changed = mutated.splitlines()
        line = mutation_id.line_number + 1
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, original, changed).get_opcodes():
            if tag != "equal":
                line, lines = i1 + 1, i2 - i1
                before = " / ".join(s.strip() for s in original[i1:i2])
                after = " / ".join(s.strip() for s in changed[j1:j2])
                break
        else:
            before = after = original[mutation_id.line_number].strip()
            lines = 1
        found.append(Mutant(number, line, lines, before, after, mutated, where.get(line, "")))
    return found


def _functions(source: str) -> dict[int, str]:
    """Map each line of a module to the innermost function or class it lies in ("f", "C.f")."""
    where: dict[int, str] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                for line in range(first, (child.end_lineno or child.lineno) + 1):
                    where[line] = name
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return where


class _Bare(ast.NodeTransformer):
    """Drop what never runs under `from __future__ import annotations`: annotations, docstrings."""

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.annotation = None
        return node

    def visit_FunctionDef(self, node):  # noqa: N802 (ast's visitor names)
        node.returns = None
        return self._undoc(node)

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815

    def visit_ClassDef(self, node):  # noqa: N802
        return self._undoc(node)

    def visit_Module(self, node):  # noqa: N802
        return self._undoc(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AnnAssign:
        # The annotation's text is kept by dataclasses only as a string; its value never runs.
        node.annotation = ast.Constant("")
        return node

    def _undoc(self, node):
        self.generic_visit(node)
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            if isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
        return node


def _bare(source: str) -> str | None:
    """Return the syntax tree without annotations and docstrings, or None if it is no Python."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # mutmut's engine writes one now and then ("*x" -> "/x")
        return None
    return ast.dump(_Bare().visit(tree))


def scratch_copy() -> Path:
    """Copy the tree the tests need into a fresh temporary folder, without bytecode or caches."""
    where = Path(tempfile.mkdtemp(prefix="cards-mutation-"))
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, where / name, ignore=skip)
        elif source.exists():
            shutil.copy2(source, where / name)
    return where


def _preload() -> None:
    """Import pytest and the heavy third-party libraries once, before any fork (never cards)."""
    import hypothesis  # noqa: F401
    import pytest  # noqa: F401
    import reportlab.pdfbase.ttfonts  # noqa: F401
    import reportlab.pdfgen.canvas  # noqa: F401

    for optional in (
        "pyphen",
        "click",
        "PIL.Image",
        "pdfplumber",
        "flask",
        "jsonschema",
        "_pytest.python",
    ):
        try:
            __import__(optional)
        except ImportError:
            pass
    assert not any(name == "cards" or name.startswith("cards.") for name in sys.modules)


class _Contexts:
    """A pytest plugin: coverage.py records each test's lines under its node id."""

    def __init__(self, cov) -> None:
        self.cov = cov
        self.order: list[str] = []

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.order.append(item.nodeid)
        self.cov.switch_context(item.nodeid)

    def pytest_runtest_logfinish(self, nodeid, location):
        self.cov.switch_context("")


def run_tests(
    tests: list[str], timeout: float, verbose: bool = False, trace: Path | None = None
) -> tuple[str, float]:
    """Run pytest on `tests` (files or node ids) in a forked child; return (status, seconds).

    With `trace`, record which test runs which line of that file (coverage.py, one context
    per test), as JSON in `trace` + ".tests": the tests in run order, and per line the
    indexes of the tests that ran it (-1: outside any test, at import or collection).
    """
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: its own process group, so a timeout kills what it started
        code = 4
        try:
            os.setpgid(0, 0)
            if not verbose:
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, 1)
                os.dup2(null, 2)
            import pytest

            args = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:unraisableexception"]
            args += ["-m", "not slow", *tests]
            if trace is None:
                code = int(pytest.main(args))
            else:  # coverage.py's C tracer: a run about as fast as without it
                import coverage

                cov = coverage.Coverage(data_file=None, include=[str(trace)], branch=False)
                plugin = _Contexts(cov)
                cov.start()
                code = int(pytest.main(args, plugins=[plugin]))
                cov.stop()
                index = {nodeid: n for n, nodeid in enumerate(plugin.order)}
                by_line = cov.get_data().contexts_by_lineno(str(trace))
                lines = {
                    line: sorted({index.get(c, -1) for c in contexts})
                    for line, contexts in by_line.items()
                }
                record = {"tests": plugin.order, "lines": lines}
                Path(f"{trace}.tests").write_text(json.dumps(record), encoding="utf-8")
            cards = sys.modules.get("cards")
            if cards is not None and not cards.__file__.startswith(os.getcwd()):
                code = 3  # the worktree's package was imported, not the scratch copy's
        finally:
            os._exit(code)
    deadline = start + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            for target in (-pid, pid):
                try:
                    os.kill(target, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            os.waitpid(pid, 0)
            return "timeout", time.monotonic() - start
        time.sleep(0.01)
    seconds = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    if code == 0:
        return "survived", seconds
    # A red test; collection broken by the mutant (an import error); or a usage error, which
    # pytest also gives when a conftest cannot import the mutated package (the unmutated
    # baseline ran with the same arguments, so the mutant is the cause).
    if code in (1, 2, 4):
        return "killed", seconds
    return f"error {code}", seconds


def _statements(source: str) -> dict[int, range]:
    """Map each line to the lines of the innermost statement holding it (a mutant's reach)."""
    spans: dict[int, range] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.stmt):
            decorators = getattr(node, "decorator_list", ())
            first = min([node.lineno, *(d.lineno for d in decorators)])
            lines = range(first, (node.end_lineno or node.lineno) + 1)
            for line in lines:
                if line not in spans or len(lines) < len(spans[line]):
                    spans[line] = lines
    return spans


def plan_stages(
    mutant: Mutant, spans: dict[int, range], record: dict, stages: list[list[str]]
) -> list[list[str]] | None:
    """Return the runs that may kill a mutant, or None when no test runs its statement.

    The tests that ran its statement unmutated, then (if it survives them) their whole files
    (a module fixture may have run the line for another test); a statement run only outside
    tests (module constants, definitions, at import or collection) goes through every stage.
    """
    runners: set[int] = set()
    for changed in range(mutant.line, mutant.line + max(mutant.lines, 1)):
        for line in spans.get(changed, (changed,)):
            runners.update(record["lines"].get(str(line), ()))
    if not runners:
        return None
    runners.discard(-1)
    if not runners:  # run at import only: a constant, a definition, a decorator
        return stages
    tests = [record["tests"][n] for n in sorted(runners)]
    files = list(dict.fromkeys(test.split("::")[0] for test in tests))
    rest = [other for other in record["tests"] if other.split("::")[0] in files]
    if len(rest) == len(tests):
        return [tests]
    return [tests, [*files, *(f"--deselect={test}" for test in tests)]]  # the others only


def run_module(module: str, scratch: Path, args: argparse.Namespace) -> list[Mutant]:
    """Run every mutant of one module; print its figures and survivors; return the mutants."""
    stages = [args.tests] if args.tests else test_files(module)
    target = scratch / "cards" / f"{module}.py"
    original = target.read_text(encoding="utf-8")
    everything = [file for files in stages for file in files]
    status, baseline = run_tests(everything, timeout=900, trace=target)
    if status != "survived":
        print(f"{module}: the tests fail unmutated ({status}); not run", flush=True)
        run_tests(everything, timeout=900, verbose=True)
        return []
    record = json.loads(Path(f"{target}.tests").read_text(encoding="utf-8"))
    spans = _statements(original)
    timeout = args.timeout or max(10.0, 2 * baseline + 5)
    mutants = mutants_of(module, scratch)  # the copy the tests run: edits since do not count
    if args.only:
        mutants = [m for m in mutants if m.line in args.only]
    if args.start:
        mutants = [m for m in mutants if m.number >= args.start]
    bare = _bare(original)
    count = " + ".join(str(len(files)) for files in stages)
    print(
        f"{module}: {len(mutants)} mutants; {count} test files ({len(record['tests'])} tests), "
        f"{baseline:.1f} s unmutated with coverage, timeout {timeout:.0f} s per run",
        flush=True,
    )
    try:
        for mutant in mutants:
            mutated = _bare(mutant.source)
            if mutated is None:
                mutant.status = "invalid"
                continue
            if mutated == bare:
                mutant.status = "equivalent"
                continue
            runs = plan_stages(mutant, spans, record, stages)
            if runs is None:  # no test runs the statement: it cannot be killed
                mutant.status = "survived"
                mutant.uncovered = True
            else:
                target.write_text(mutant.source, encoding="utf-8")
                mutant.status, mutant.seconds = run_stages(runs, timeout)
            if args.progress:
                what = (
                    "" if mutant.status == "killed" else f"  {mutant.before!r} -> {mutant.after!r}"
                )
                print(
                    f"  {mutant.number:4} {mutant.status:9} {mutant.seconds:5.1f} s  "
                    f"{module}.py:{mutant.line}{what}{'  [no test runs it]' * mutant.uncovered}",
                    flush=True,
                )
    finally:
        target.write_text(original, encoding="utf-8")
    report(module, mutants, args.survivors)
    return mutants


def _explained(module: str, mutant: Mutant) -> str | None:
    return EQUIVALENT.get((module, mutant.where, mutant.before, mutant.after))


def report(module: str, mutants: list[Mutant], survivors: bool) -> None:
    """Print one module's figures and, if asked, every survivor with its line and mutation."""
    count = {s: sum(m.status == s for m in mutants) for s in ("killed", "timeout", "survived")}
    equivalent = sum(m.status == "equivalent" for m in mutants)
    invalid = sum(m.status == "invalid" for m in mutants)
    errors = [m for m in mutants if m.status.startswith("error")]
    alive = [m for m in mutants if m.status == "survived"]
    explained = sum(_explained(module, m) is not None for m in alive)
    scored = len(mutants) - equivalent - invalid
    dead = count["killed"] + count["timeout"]
    score = 100 * dead / scored if scored else 100.0
    unexplained = 100 * dead / (scored - explained) if scored > explained else 100.0
    print(
        f"{module}: {len(mutants)} mutants, {equivalent} equivalent by construction, "
        f"{invalid} not Python, {count['killed']} killed, {count['timeout']} timeouts, "
        f"{count['survived']} survived ({explained} explained as equivalent), {len(errors)} "
        f"errors: score {dead}/{scored} = {score:.1f} % ({unexplained:.1f} % of the mutants "
        "not explained as equivalent)",
        flush=True,
    )
    if survivors:
        for mutant in alive + errors:
            why = _explained(module, mutant)
            mark = f"  [equivalent: {why}]" if why else "  [no test runs it]" * mutant.uncovered
            print(
                f"  cards/{module}.py:{mutant.line} ({mutant.where or 'top'}): "
                f"{mutant.before!r} -> {mutant.after!r}"
                f"{' (' + mutant.status + ')' if mutant in errors else ''}{mark}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+", help="e.g. typeset/czech fit/paginate, or 'all'")
    parser.add_argument("--tests", nargs="+", help="test files instead of the module's TESTS")
    parser.add_argument("--timeout", type=float, help="seconds per mutant (3x unmutated + 5)")
    parser.add_argument("--only", type=int, nargs="+", help="only the mutants of these lines")
    parser.add_argument("--start", type=int, help="skip the mutants numbered below this")
    parser.add_argument("--survivors", action="store_true", help="list each survivor")
    parser.add_argument("--progress", action="store_true", help="print each mutant as it ends")
    args = parser.parse_args()
    modules = (
        list(TESTS)
        if args.modules == ["all"]
        else [m.removeprefix("cards/").removesuffix(".py") for m in args.modules]
    )
    sys.dont_write_bytecode = True
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    # tests/conftest.py then writes no bytecode and derandomises hypothesis, with no database
    os.environ["CARDS_MUTATION_RUN"] = "1"
    scratch = scratch_copy()
    try:
        os.chdir(scratch)
        sys.path.insert(0, str(scratch))
        _preload()
        totals = {"mutants": 0, "equivalent": 0, "killed": 0}
        for module in modules:
            mutants = run_module(module, scratch, args)
            totals["mutants"] += len(mutants)
            totals["equivalent"] += sum(m.status in ("equivalent", "invalid") for m in mutants)
            totals["killed"] += sum(m.status in ("killed", "timeout") for m in mutants)
        if len(modules) > 1:
            scored = totals["mutants"] - totals["equivalent"]
            print(
                f"total: {totals['killed']}/{scored} killed "
                f"({100 * totals['killed'] / max(scored, 1):.1f} %)"
            )
    finally:
        os.chdir(ROOT)
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
