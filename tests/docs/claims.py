"""What the docs claim about the code, read claim by claim and checked against the code.

Docs drift because nothing checks them. This module reads the project's Markdown (``docs/``,
the README, the engine's package READMEs) and collects the claims a reader acts on:

- a **path** in backticks (`companion_app/saves/store.py`, `docs/app.md`, `bench/`), or a word
  of a code block's line that starts at one of the repository's folders, exists;
- a **Python name** in backticks resolves: a dotted name rooted in one of our packages
  (`engine.core.game.Game`) imports, `module.attr` (`wire.DIAG_NAMES`, `handshake.claim_payload`)
  names something that module defines, a CamelCase name (`SeatMap`) or a call (`legal_actions()`)
  is defined somewhere in our code, and a call's documented parameters
  (`random_game(seed, players, max_actions)`) are that function's parameters;
- an **`altar` command** shown in a code block (continued lines with a backslash read as one)
  parses with the real argument parser;
- every **`--flag`**, in a table cell's optional part (`[--to-the-end]`), a continued command
  or a sentence, is an option of the command it is named for (tests/docs/flags.py);
- **numbers read from the code** (tests/docs/facts.py): a game's player count (its
  ``GameKind``), limits (a frame's bytes, the device's ring and dials, a scenario file's size
  and nesting), `altar`'s exit codes (companion_app/cli.py), a tournament broker login's rights
  (the ACL the host writes), and for a measured figure the bench it names (which exists) and the
  target it is held to (that bench's row of bench/targets.toml);
- the **protocol's codes** listed in `docs/protocol.md` (message types, REFUSE and DIAG codes)
  are the ones `hardware/wire.py` defines and, for DIAG, the ones the firmware sends.

Each checker returns ``Problem``s in a reader's words ("docs/catalog.md:3: `engine/cards.py`
does not exist"). Nothing here imports Kivy; names are resolved from the source text (an index
of every definition), so checking the docs loads no hardware library.
"""

from __future__ import annotations

import ast
import fnmatch
import importlib
import re
import shlex
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

# Our packages: a dotted name rooted here must import.
ROOTS = ("engine", "hardware", "companion_app")
# Folders never searched for files or definitions (set-up outputs, test artefacts).
SKIP_DIRS = {
    ".git",
    ".venv",
    "node_modules",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    "test-output",
    "build",
    "dist",
}
# Extensions that make a backticked word a file name.
FILE_EXTS = (".py", ".md", ".toml", ".kv", ".json", ".mjs", ".txt", ".spec", ".cfg", ".sh")
# Files and folders the app or a test writes at run time, named in the docs as such: not part
# of the repository, so not looked for in it.
RUNTIME = {
    "epoch.json",
    "games.sqlite",
    "games.tags.sqlite",
    "joined.json",
    "draft.json",
    "swiss.json",
    "games.tournament/",
    "<games>.tournament/",
}
# Data the docs name by extension ("a .kv file"), and data-file extensions that make a dotted
# word a file name rather than a Python name.
DATA_EXTS = ("sqlite", "json", "toml", "png", "csv", "db")

_INLINE = re.compile(r"`([^`\n]+)`")
_FENCE = re.compile(r"^\s*(```|~~~)")
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_*][\w*]*)+$")
_CALL = re.compile(r"^([A-Za-z_][\w.]*)\((.*)\)$")
_CAMEL = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$")


@dataclass(frozen=True)
class Problem:
    where: str  # "docs/catalog.md:3"
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.text}"


@dataclass
class Report:
    """What was checked and what was found false."""

    checked: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def count(self, kind: str) -> None:
        self.checked[kind] = self.checked.get(kind, 0) + 1

    @property
    def total(self) -> int:
        return sum(self.checked.values())


# --- reading the docs -----------------------------------------------------------------------


@dataclass(frozen=True)
class Snippet:
    path: Path  # the Markdown file
    line: int
    text: str
    in_code_block: bool


def doc_files(repo: Path) -> list[Path]:
    """The Markdown a reader follows: the README, docs/, and the engine's package READMEs."""
    files = [repo / "README.md", *sorted((repo / "docs").rglob("*.md"))]
    files += sorted((repo / "engine").rglob("README.md"))
    return [f for f in files if f.is_file()]


def snippets(path: Path) -> Iterator[Snippet]:
    """Inline code spans outside code blocks, and the lines of code blocks (fenced or
    indented by four spaces after a blank line)."""
    in_fence = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence or (line.startswith("    ") and not line.lstrip().startswith(("-", "|"))):
            yield Snippet(path, number, line.strip(), True)
            continue
        for match in _INLINE.finditer(line):
            yield Snippet(path, number, match.group(1).strip(), False)


# --- the code's own index ---------------------------------------------------------------------


@dataclass
class CodeIndex:
    """Every file of the repository, and every name our Python defines, read from the source."""

    repo: Path
    files: list[str] = field(default_factory=list)  # repository-relative paths
    dirs: set[str] = field(default_factory=set)
    # name -> parameter names of each function or method so named (classes: their __init__'s)
    defs: dict[str, list[set[str]]] = field(default_factory=dict)
    # module basename ("wire") -> names it defines at top level and in its classes
    modules: dict[str, set[str]] = field(default_factory=dict)
    words: set[str] = field(default_factory=set)  # every identifier in our .py and .kv files

    @classmethod
    def build(cls, repo: Path) -> CodeIndex:
        index = cls(repo)
        for path in sorted(repo.rglob("*")):
            rel = path.relative_to(repo)
            if any(part in SKIP_DIRS for part in rel.parts):
                continue
            if path.is_dir():
                index.dirs.add(rel.as_posix())
                continue
            index.files.append(rel.as_posix())
            if path.suffix in (".py", ".kv"):
                text = path.read_text(encoding="utf-8", errors="replace")
                index.words.update(re.findall(r"[A-Za-z_]\w*", text))
                if path.suffix == ".py":
                    index._read_python(path, text)
        return index

    def _read_python(self, path: Path, text: str) -> None:
        try:
            tree = ast.parse(text)
        except SyntaxError:
            return  # MicroPython-only syntax would be a finding of its own tests, not ours
        names = self.modules.setdefault(path.stem, set())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args
                params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
                if args.vararg:
                    params.add("*")
                if args.kwarg:
                    params.add("**")
                self.defs.setdefault(node.name, []).append(params - {"self", "cls"})
                names.add(node.name)
            elif isinstance(node, ast.ClassDef):
                self.defs.setdefault(node.name, []).append({"*", "**"})
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        names.add(target.id)
                    elif isinstance(target, ast.Attribute):  # self.seat_map = ...
                        names.add(target.attr)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    names.add((alias.asname or alias.name).split(".")[0])

    def path_exists(self, token: str, doc: Path) -> bool:
        """A path as a reader would look for it: from the repository's root, from the doc's
        folder, or (a short path such as `games/<kind>/` or `altarfw/link.py`) as the end of
        some path in the tree. ``<kind>`` and ``*`` stand for any name."""
        token = token.rstrip("/")
        for shared in ("../shared/", "shared/"):
            if token.startswith(shared):  # the rulebooks and design notes beside the repository
                beside = self.repo.parent / "shared"
                # A checkout without shared/ beside it (a lone worktree) cannot tell.
                return not beside.is_dir() or (beside / token[len(shared) :]).exists()
        pattern = re.escape(token).replace(r"\*", "[^/]*")
        pattern = re.sub(r"<[^>/]+>", "[^/]+", pattern.replace(r"\<", "<").replace(r"\>", ">"))
        doc_dir = doc.parent.relative_to(self.repo).as_posix()
        full = re.compile(rf"^(?:{re.escape(doc_dir)}/)?{pattern}$")
        tail = re.compile(rf"(?:^|/){pattern}$")
        candidates = [*self.files, *self.dirs]
        if any(full.match(c) for c in candidates):
            return True
        return any(tail.search(c) for c in candidates)

    def defines(self, name: str) -> bool:
        return name in self.defs or any(name in names for names in self.modules.values())


# --- the checkers ----------------------------------------------------------------------------


def _where(s: Snippet, repo: Path) -> str:
    return f"{s.path.relative_to(repo).as_posix()}:{s.line}"


def ignored(repo: Path, token: str) -> bool:
    """Made by `make` or a test run (.gitignore), or written by the app at run time."""
    if token in RUNTIME:
        return True
    patterns = [
        line.strip().rstrip("/")
        for line in (repo / ".gitignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    parts = token.rstrip("/").split("/")
    return any(fnmatch.fnmatch(part, pattern) for part in parts for pattern in patterns)


def looks_like_path(token: str, repo: Path) -> bool:
    if token.startswith(".") and "/" not in token:
        return False  # an extension (".kv"), not a file
    if " " in token or "://" in token or token.startswith(("/", "~", "$", "-")):
        return False
    if any(ch in token for ch in "=,;()[]{}'\"…") or ":" in token:
        return False
    if token.endswith(FILE_EXTS):
        return True
    if "/" not in token or re.fullmatch(r"[\w.\-<>*/]+", token) is None:
        return False
    # A folder path ("bench/", "games/<kind>/") or one from a top-level entry ("engine/core");
    # other slashed words are MQTT topics and the like.
    first = token.split("/")[0]
    return token.endswith("/") or (repo / first).exists() or first in ("..", "shared")


def code_block_paths(s: Snippet, repo: Path) -> Iterator[str]:
    """The repository paths a code block's line names: words that start at one of the
    repository's top-level folders (`bench/bench_link.py`, `tests/app/explorer`), as a command
    runs them or a listing shows them; other words (output, a tree's inner names) are not."""
    for word in re.split(r"[\s=]+", s.text):
        word = word.strip("\"'(),;:`")
        if "/" not in word or not looks_like_path(word, repo):
            continue
        first = word.split("/")[0]
        if first in ("..", "shared") or (repo / first).is_dir():
            yield word


def check_paths(repo: Path, index: CodeIndex, report: Report) -> None:
    for doc in doc_files(repo):
        for s in snippets(doc):
            tokens = code_block_paths(s, repo) if s.in_code_block else [s.text]
            for token in tokens:
                if token.startswith(".venv/bin/"):
                    continue  # made by `make`, not part of the repository
                if not looks_like_path(token, repo) or ignored(repo, token):
                    continue
                report.count("path")
                if not index.path_exists(token, doc):
                    report.problems.append(Problem(_where(s, repo), f"`{token}` does not exist"))


def check_flags(repo: Path, report: Report) -> None:
    """Every --flag the docs name, in prose, a table cell's optional part or a code block,
    is an option of the command it is named for (tests/docs/flags.py)."""
    from tests.docs import flags

    for doc in doc_files(repo):
        for line, flag, owner in flags.named_flags(repo, doc):
            report.count("flag")
            said = flags.problem(repo, flag, owner)
            if said:
                where = f"{doc.relative_to(repo).as_posix()}:{line}"
                report.problems.append(Problem(where, said))


def _resolve_import(dotted: str) -> bool:
    """A dotted name rooted in our packages: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        except Exception:  # a module that needs a library the docs check does not load
            return True
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def check_names(repo: Path, index: CodeIndex, report: Report) -> None:
    for doc in doc_files(repo):
        for s in snippets(doc):
            if s.in_code_block:
                continue
            problem = _check_name(s.text, index, report)
            if problem:
                report.problems.append(Problem(_where(s, repo), problem))


def _check_name(token: str, index: CodeIndex, report: Report) -> str | None:
    call = _CALL.match(token)
    params: list[str] | None = None
    if call:
        token, inner = call.group(1), call.group(2).strip()
        params = [p.split("=")[0].strip().lstrip("*") for p in inner.split(",") if p.strip()]
        if not all(re.fullmatch(r"[A-Za-z_]\w*|\.\.\.", p) for p in params):
            params = None  # an example call with values, not a signature
    if "*" in token and not token.endswith("_*"):
        return None
    if token.endswith(FILE_EXTS):
        return None  # a file name: check_paths reads it
    first, _, rest = token.partition(".")
    last = token.rpartition(".")[2].rstrip("*").rstrip("_")
    if first in ROOTS and _DOTTED.match(token) and not token.endswith("_*"):
        report.count("python name")
        if not _resolve_import(token):
            return f"`{token}` does not resolve to anything in our code"
    elif (
        rest
        and first in index.modules
        and _DOTTED.match(token)
        and "." not in rest
        and rest not in DATA_EXTS
    ):
        report.count("python name")
        names = index.modules[first]
        if token.endswith("_*"):
            if not any(n.startswith(last + "_") for n in names):
                return f"`{token}`: `{first}` defines no name starting with {last}_"
        elif last not in names and not index.defines(last):
            return f"`{token}`: `{first}` defines no `{last}`"
    elif call and re.fullmatch(r"[a-z_][\w]*", token):
        if token not in index.defs:
            if token in index.words:
                return None  # a method of a library our code calls, not ours to check
            report.count("python name")
            return f"`{token}()` is defined nowhere in our code"
        report.count("python name")
    elif _CAMEL.match(token):
        report.count("python name")
        if token not in index.words:
            return f"`{token}` is named nowhere in our code"
        return None
    else:
        return None
    if params:
        name = token.rpartition(".")[2]
        signatures = index.defs.get(name, [])
        wanted = {p for p in params if p != "..."}
        if signatures and not any(
            wanted <= sig or "**" in sig and "*" in sig for sig in signatures
        ):
            known = sorted(set().union(*signatures) - {"*", "**"})
            return (
                f"`{name}` takes {', '.join(known) or 'nothing'}, not {', '.join(sorted(wanted))}"
            )
    return None


def joined(path: Path) -> Iterator[Snippet]:
    """``snippets``, with a code block's command continued by a trailing backslash read as
    one line (where it starts)."""
    held: Snippet | None = None
    for s in snippets(path):
        if held is not None:
            if s.in_code_block:
                s = Snippet(s.path, held.line, f"{held.text[:-1].rstrip()} {s.text}", True)
            else:
                yield held
            held = None
        if s.in_code_block and s.text.endswith("\\"):
            held = s
            continue
        yield s
    if held is not None:
        yield held


def altar_commands(repo: Path) -> Iterator[tuple[Snippet, list[str]]]:
    """Every `altar ...` line of a code block (or a table cell's code), as argv."""
    for doc in doc_files(repo):
        for s in joined(doc):
            text = s.text
            if text.startswith(("$ ", "# ")):
                text = text[2:]
            text = text.replace(".venv/bin/altar", "altar", 1)
            if not text.startswith("altar "):
                continue
            text = text.split("  #", 1)[0].split(" # ", 1)[0]
            try:
                argv = shlex.split(text)[1:]
            except ValueError:
                continue
            argv = [a for a in argv if a != "..."]  # "..." stands for what the line above showed
            # "[--game KIND]" and "host / join" are a line's alternatives, not its words.
            if any(a.startswith("[") or a == "/" for a in argv):
                argv = [a for a in argv if not (a.startswith("[") or a.endswith("]"))]
                if "/" in argv:
                    argv = argv[: argv.index("/")]
            yield s, argv


def parse_altar(argv: list[str]) -> str | None:
    """None when the real `altar` parser takes ``argv``; else what it said."""
    import argparse
    import contextlib
    import io

    from companion_app import cli

    parser = argparse.ArgumentParser(prog="altar", exit_on_error=False)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module, help_text in cli.COMMANDS:
        p = sub.add_parser(name, help=help_text, exit_on_error=False)
        if argv and argv[0] == name:
            importlib.import_module(module).add_arguments(p)
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            parser.parse_args(argv)
    except SystemExit as e:
        if e.code in (0, None):
            return None
        return err.getvalue().strip().splitlines()[-1] if err.getvalue() else "refused"
    except argparse.ArgumentError as e:
        return str(e)
    return None


def check_commands(repo: Path, report: Report) -> None:
    for s, argv in altar_commands(repo):
        report.count("altar command")
        said = parse_altar(argv)
        if said is not None and not s.in_code_block and "arguments are required" in said:
            said = None  # prose names a command (`altar monitor`); a code block shows a call
        if said is not None:
            report.problems.append(
                Problem(_where(s, repo), f"`altar {' '.join(argv)}` is refused: {said}")
            )


# --- the protocol's codes ----------------------------------------------------------------------


def _listed_codes(text: str, heading: str) -> dict[int, str]:
    """``**DIAG codes** (...): 1 reader reset, 2 replay ring overflow (...), 3 bus timeout.``"""
    match = re.search(rf"\*\*{heading} codes\*\*[^:]*:(.*?)(?:\n- |\n\n)", text, re.S)
    if not match:
        return {}
    body = re.sub(r"\([^)]*\)", "", " ".join(match.group(1).split()))
    return {int(n): words.strip(" ,;.") for n, words in re.findall(r"\b(\d+) ([^,;\d]+)", body)}


def _firmware_diag_codes(repo: Path) -> set[int]:
    """The DIAG codes the firmware defines for the frames it sends (``DIAG_X = const(N)``)."""
    codes: set[int] = set()
    for path in (repo / "firmware").rglob("*.py"):
        for _name, value in re.findall(
            r"^_?(DIAG_\w+)\s*=\s*(?:const\()?(\d+)", path.read_text(encoding="utf-8"), re.M
        ):
            codes.add(int(value))
    return codes


def check_protocol(repo: Path, report: Report, doc: Path | None = None) -> None:
    from hardware import wire

    doc = doc or repo / "docs" / "protocol.md"
    text = doc.read_text(encoding="utf-8")
    where = doc.relative_to(repo).as_posix() if doc.is_relative_to(repo) else doc.name
    # Message types: the table's "| 6 | DIAG | ..." rows against wire's constants.
    for number, name in re.findall(r"^\| (\d+(?:/\d+)?) \| ([A-Z_/]+) \|", text, re.M):
        for n, nm in zip(number.split("/"), name.split("/"), strict=False):
            report.count("protocol code")
            if getattr(wire, nm, None) != int(n):
                report.problems.append(
                    Problem(
                        where,
                        f"message {nm} is {n} here, {getattr(wire, nm, 'undefined')} in wire.py",
                    )
                )
    for heading, prefix in (("REFUSE", "REFUSE_"), ("DIAG", "DIAG_")):
        listed = _listed_codes(text, heading)
        defined = {
            v
            for k, v in vars(wire).items()
            if k.startswith(prefix) and isinstance(v, int) and k != "DIAG_NAMES"
        }
        report.count("protocol code")
        if set(listed) != defined:
            report.problems.append(
                Problem(
                    where,
                    f"{heading} codes listed {sorted(listed)}, wire.py defines {sorted(defined)}",
                )
            )
    sent = _firmware_diag_codes(repo)
    listed = set(_listed_codes(text, "DIAG"))
    report.count("protocol code")
    if sent and sent != listed:
        report.problems.append(
            Problem(where, f"DIAG codes listed {sorted(listed)}, the firmware sends {sorted(sent)}")
        )


_FIGURE = re.compile(r"\d[\d,.]*\s?(?:ms|µs|KiB)\b")
_MEASURED = re.compile(r"\b(?:measured|median|p50|p95|p99|about|takes|took)\b|~\d")
_BENCH = re.compile(r"bench/\w+\.py")
_DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def blocks(path: Path) -> Iterator[tuple[int, str]]:
    """Paragraphs, list items and tables, with the line each starts on (code blocks left out:
    they show commands and output, not claims)."""
    start, lines, in_fence = 0, [], False
    for number, line in enumerate([*path.read_text(encoding="utf-8").splitlines(), ""], 1):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        new_item = line.lstrip().startswith(("- ", "* ")) or re.match(r"\s*\d+\. ", line)
        table_edge = bool(lines) and (line.startswith("|") != lines[-1].startswith("|"))
        if in_fence or not line.strip() or new_item or table_edge:
            if lines:
                yield start, "\n".join(lines)
            lines = [] if in_fence or not line.strip() else [line]
            start = number
            continue
        if not lines:
            start = number
        lines.append(line)


def check_figures(repo: Path, report: Report) -> None:
    """A figure a bench measured says which bench printed it and when, so a reader can run it
    again and knows how old it is, instead of a number copied into prose going stale."""
    for doc in doc_files(repo):
        previous = ""
        for start, text in blocks(doc):
            # A table's caption is the paragraph just before it.
            block = f"{previous}\n{text}" if text.startswith("|") else text
            previous = text
            if not (_FIGURE.search(block) and _MEASURED.search(block)):
                continue
            report.count("measured figure")
            if not (_BENCH.search(block) and _DATE.search(block)):
                where = f"{doc.relative_to(repo).as_posix()}:{start}"
                first = _FIGURE.search(block)
                report.problems.append(
                    Problem(
                        where,
                        f"a measured figure ({first.group(0) if first else ''}) names no "
                        "bench (`bench/<name>.py`) and date (YYYY-MM-DD) that printed it",
                    )
                )


def check_facts(repo: Path, report: Report) -> None:
    """Player counts, limits and exit codes the docs state, read from the code; a measured
    figure's bench exists and the target it is held to is that bench's (tests/docs/facts.py)."""
    from tests.docs import facts

    for doc in doc_files(repo):
        text = doc.read_text(encoding="utf-8")
        name = doc.relative_to(repo).as_posix()
        # Code blocks show commands and output, not claims: blanked, keeping the line numbers.
        prose = re.sub(
            r"^\s*(```|~~~).*?^\s*\1",
            lambda m: "\n" * m.group(0).count("\n"),
            text,
            flags=re.S | re.M,
        )
        found = [
            *facts.player_counts(doc, prose),
            *facts.limits(text),  # a frame's layout in a code block states its limits too
            *facts.exits(doc, prose),
            *facts.broker_logins(prose),
        ]
        for line, said in found:
            report.problems.append(Problem(f"{name}:{line + 1}", said))
        for kind, n in (
            ("player count", len(facts._COUNT.findall(prose))),
            ("limit", sum(len(p.findall(text)) for _w, p, _r in facts.LIMITS)),
            ("exit code", len(facts._EXIT.findall(prose))),
            ("broker login", len(facts._LOGIN.findall(prose))),
        ):
            report.checked[kind] = report.checked.get(kind, 0) + n
        for start, block in blocks(doc):
            if not facts._BENCH.search(block):
                continue
            report.count("bench figure")
            for said in facts.bench_figures(repo, block):
                report.problems.append(Problem(f"{name}:{start}", said))


def check_all(repo: Path) -> Report:
    report = Report()
    index = CodeIndex.build(repo)
    check_paths(repo, index, report)
    check_names(repo, index, report)
    check_commands(repo, report)
    check_flags(repo, report)
    check_protocol(repo, report)
    check_figures(repo, report)
    check_facts(repo, report)
    return report


def describe(report: Report) -> Iterable[str]:
    kinds = ", ".join(f"{n} {k}s" for k, n in sorted(report.checked.items()))
    yield f"docs check: {report.total} claims ({kinds}); {len(report.problems)} false"
    for problem in report.problems:
        yield f"  {problem}"
