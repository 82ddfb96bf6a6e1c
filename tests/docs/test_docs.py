"""The docs say what the code does (issue 28): every claim the docs check reads is true, the
commands they show run, the README's example runs, and the check fails on a planted false
claim of each kind."""

from __future__ import annotations

import doctest
import os
import re
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
