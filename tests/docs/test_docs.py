"""The docs say what the code does (issue 28): every claim the docs check reads is true, the
commands they show run, the README's example runs, and the check fails on a planted false
claim of each kind."""

from __future__ import annotations

import dataclasses
import doctest
import functools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs import claims

REPO = Path(__file__).resolve().parents[2]


def test_every_claim_in_the_docs_is_true() -> None:
    report = claims.check_all(REPO)
    print("\n".join(claims.describe(report)))
    assert report.total > 500, report.checked  # the reader really found the docs' claims
    assert not report.problems, "\n".join(claims.describe(report))


def test_the_readme_example_runs() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", "README.md", 0)
    assert test.examples, "the README's engine example is gone"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize().failed == 0


def _runnable(argv: list[str]) -> bool:
    """A documented command that finishes by itself on this machine: a scenario file that
    exists, a demo of one game, a screenshot of the app. (The app, monitor, deploy and the
    tournament's processes wait for people or hardware: their lines are parsed only.)"""
    if argv[:2] == ["scenario", "run"]:
        return all((REPO / a).is_file() for a in argv[2:] if not a.startswith("-"))
    if argv[:1] == ["demo"]:
        return "--tournament" not in argv and "<kind>" not in argv and "KIND" not in argv
    return argv[:1] == ["app"] and "--screenshot" in argv


def test_the_commands_the_docs_show_run(tmp_path: Path) -> None:
    ran = []
    for snippet, argv in claims.altar_commands(REPO):
        if not snippet.in_code_block or not _runnable(argv):
            continue
        env = dict(
            os.environ,
            ALTAR_DB=str(tmp_path / "games.sqlite"),
            KIVY_HOME=str(tmp_path / "kivy"),
            KIVY_NO_ARGS="1",
            PYTHONPATH=str(REPO),
        )
        args = [REPO / a if (REPO / a).is_file() else a for a in argv]
        done = subprocess.run(
            [sys.executable, "-m", "companion_app.cli", *map(str, args)],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=240,
        )
        where = f"{snippet.path.name}:{snippet.line} altar {' '.join(argv)}"
        assert done.returncode == 0, f"{where} exited {done.returncode}:\n{done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr, where
        ran.append(where)
    print("ran:", *ran, sep="\n  ")
    assert len(ran) >= 2, ran


# --- the check itself: each kind of false claim is caught --------------------------------------


@pytest.fixture()
def planted(tmp_path: Path) -> Path:
    """A copy of the repository's docs and code layout with one page of false claims."""
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / ".gitignore").write_text(".venv/\n")
    (repo / "README.md").write_text("# x\n")
    (repo / "engine").mkdir()
    (repo / "bench").mkdir()
    (repo / "bench" / "bench_app.py").write_text("")
    (repo / "engine" / "play.py").write_text(
        "def random_game(seed, players, max_actions):\n    return None\n\nclass SeatMap: ...\n"
    )
    return repo


def _problems(repo: Path, page: str) -> list[str]:
    (repo / "docs" / "page.md").write_text(page, encoding="utf-8")
    report = claims.Report()
    index = claims.CodeIndex.build(repo)
    claims.check_paths(repo, index, report)
    claims.check_names(repo, index, report)
    claims.check_commands(repo, report)
    claims.check_figures(repo, report)
    return [str(p) for p in report.problems]


def test_a_true_page_passes(planted: Path) -> None:
    page = "The engine (`engine/play.py`) has `SeatMap` and `random_game(seed, players, max_actions)`.\n"
    assert _problems(planted, page) == []


def test_a_missing_path_is_caught(planted: Path) -> None:
    found = _problems(planted, "Cards are read by `engine/cards.py`.\n")
    assert found == ["docs/page.md:1: `engine/cards.py` does not exist"]


def test_a_wrong_parameter_is_caught(planted: Path) -> None:
    found = _problems(planted, "Call `random_game(seed, players, cap)`.\n")
    assert len(found) == 1 and "not cap, players, seed" in found[0], found


def test_an_unknown_class_is_caught(planted: Path) -> None:
    found = _problems(planted, "The `SeatAtlas` owns the seats.\n")
    assert found == ["docs/page.md:1: `SeatAtlas` is named nowhere in our code"]


def test_a_dotted_name_that_does_not_resolve_is_caught() -> None:
    report = claims.Report()
    assert claims._check_name("engine.core.game.NoSuchGame", claims.CodeIndex(REPO), report)
    assert claims._check_name("engine.core.game.Game", claims.CodeIndex(REPO), report) is None


def test_a_command_with_a_flag_that_does_not_exist_is_caught(planted: Path) -> None:
    found = _problems(planted, "```sh\naltar demo --game zeal --backwards\n```\n")
    assert len(found) == 1 and "--backwards" in found[0], found


def test_a_figure_without_its_bench_is_caught(planted: Path) -> None:
    found = _problems(planted, "A redraw takes about 40 ms here.\n")
    assert len(found) == 1 and "names no bench" in found[0], found
    cited = "A redraw takes about 40 ms (`bench/bench_app.py`, 2026-11-21).\n"
    assert _problems(planted, cited) == []


def test_a_diag_code_the_firmware_does_not_send_is_caught(tmp_path: Path) -> None:
    page = (REPO / "docs" / "protocol.md").read_text(encoding="utf-8")
    doc = tmp_path / "protocol.md"
    # The DIAG list's first code, whatever words stand before it, gets a made-up one before it.
    planted = re.sub(r"(\*\*DIAG codes\*\*[^:]*: )", r"\g<1>9 made up, ", page, count=1)
    assert planted != page
    doc.write_text(planted)
    report = claims.Report()
    claims.check_protocol(REPO, report, doc)
    assert any("DIAG codes listed" in str(p) and "9" in str(p) for p in report.problems)


# --- each kind of false claim the issue planted, planted in a copy of the real docs ----------


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    """The repository with its README and docs/ copied (the rest linked): a false line is
    planted in the copy, never in the real docs."""
    repo = tmp_path / "repo"
    repo.mkdir()
    for entry in REPO.iterdir():
        if entry.name not in ("README.md", "docs", ".git", ".venv", "test-output"):
            (repo / entry.name).symlink_to(entry)
    shutil.copy(REPO / "README.md", repo / "README.md")
    shutil.copytree(REPO / "docs", repo / "docs")
    return repo


def _plant(repo: Path, page: str, true: str, false: str) -> int:
    """Replace the one true line part ``true`` of ``page`` with ``false``; -> its line."""
    path = repo / page
    text = path.read_text(encoding="utf-8")
    assert text.count(true) == 1, f"{page} no longer says {true!r} once: plant another line"
    path.write_text(text.replace(true, false), encoding="utf-8")
    return text[: text.index(true)].count("\n") + 1


@functools.cache
def _real_index() -> claims.CodeIndex:
    return claims.CodeIndex.build(REPO)


def _found(repo: Path, *checks: str) -> list[str]:
    report = claims.Report()
    index = dataclasses.replace(_real_index(), repo=repo)  # the real code
    for check in checks:
        if check == "paths":
            claims.check_paths(repo, index, report)
        else:
            getattr(claims, f"check_{check}")(repo, report)
    return [str(p) for p in report.problems]


PLANTED = [
    # (kind, page, the true words, the false ones, the checks, what the problem says)
    (
        "a flag inside brackets",
        "README.md",
        "[--game KIND] [--to-the-end]`",
        "[--game KIND] [--to-the-finish]`",
        ("flags",),
        "`altar demo` has no option `--to-the-finish`",
    ),
    (
        "a flag in a command continued with a backslash",
        "docs/tournament.md",
        "--bind 0.0.0.0 --start-broker --tls",
        "--bind 0.0.0.0 --launch-broker --tls",
        ("commands", "flags"),
        "--launch-broker",
    ),
    (
        "a flag in prose",
        "docs/hardware.md",
        "(skip with `--no-ble`)",
        "(skip with `--skip-ble`)",
        ("flags",),
        "has no option `--skip-ble`",
    ),
    (
        "a path inside a code block",
        "docs/games/deeds.md",
        "scenario run tests/deeds/scenarios/ol_tank_overrun.toml",
        "scenario run tests/deeds/scenarios/ol_tank_overran.toml",
        ("paths",),
        "`tests/deeds/scenarios/ol_tank_overran.toml` does not exist",
    ),
    (
        "a game's player count",
        "README.md",
        "**Zeal** (2 to 8 players)",
        "**Zeal** (2 to 6 players)",
        ("facts",),
        "Zeal takes 2 to 8 players",
    ),
    (
        "an exit code",
        "README.md",
        "**2** the command line",
        "**3** the command line",
        ("facts",),
        "no exit code 3",
    ),
    (
        "an exit code in a sentence going on from another",
        "docs/scenarios.md",
        "and 2 when the file",
        "and 3 when the file",
        ("facts",),
        "no exit code 3",
    ),
    (
        "a broker login's rights",
        "docs/tournament.md",
        "writes its own result and view topics, reads the state |",
        "writes its own result topic, reads the state |",
        ("facts",),
        "the broker's ACL lets `altar-<id>-table-<N>`",
    ),
    (
        "a limit",
        "docs/protocol.md",
        "32-frame ring",
        "64-frame ring",
        ("facts",),
        "the device's replay ring (firmware/altarfw/link.py _RING) is 32",
    ),
    (
        "a measured figure's target, not its bench's",
        "docs/hardware.md",
        "within the 24 KiB budget",
        "within the 32 KiB budget",
        ("facts",),
        "the bench's target is 24576 bytes",
    ),
    (
        "a measured figure's bench that does not exist",
        "docs/hardware.md",
        "(`.venv/bin/python bench/bench_firmware.py`; a frozen",
        "(`.venv/bin/python bench/bench_heap.py`; a frozen",
        ("facts",),
        "`bench/bench_heap.py` does not exist",
    ),
]


@pytest.mark.parametrize("kind,page,true,false,checks,says", PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_false_claim_is_caught(
    copy: Path, kind: str, page: str, true: str, false: str, checks: tuple[str, ...], says: str
) -> None:
    assert _found(copy, *checks) == [], "the copy, as the docs are, passes"
    line = _plant(copy, page, true, false)
    found = _found(copy, *checks)
    assert found, f"{kind}: not caught"
    for check in checks:  # each check named catches it on its own
        assert any(says in f for f in _found(copy, check)), (check, found)
    assert all(f.startswith(f"{page}:") for f in found), found
    # Said where the line is (a paragraph's problem: where the paragraph starts).
    lines = [int(f.split(":")[1]) for f in found]
    assert any(line - 15 <= n <= line for n in lines), (line, found)
