"""Every `altar` subcommand answers junk in words (issue 22): binary, UTF-16, deeply nested,
huge, a device, a folder, a missing file, bad host:port and bad numbers, each run as the real
command in its own process. Any traceback, any hang (a bounded timeout) or an exit code
other than the documented one fails; the counts are printed."""

import os
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 60  # far above any of these (each is under a few seconds), far below "for ever"


def _junk(folder: Path) -> dict[str, str]:
    files = {
        "binary": bytes(range(256)) * 40,
        "utf16": 'game = "zeal"\n'.encode("utf-16"),
        "latin1": 'description = "caf\xe9"\n'.encode("latin-1"),
        "deep": b"a = " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
        "huge": b"# " + b"x" * 3_000_000 + b"\n",
    }
    paths = {}
    for name, data in files.items():
        path = folder / f"{name}.toml"
        path.write_bytes(data)
        paths[name] = str(path)
    (folder / "a folder").mkdir()
    paths["folder"] = str(folder / "a folder")
    paths["missing"] = str(folder / "missing.toml")
    paths["device"] = "/dev/zero"  # reading it never ends
    return paths


def _cases(j: dict[str, str], folder: Path) -> list[tuple[list[str], int, str]]:
    """(arguments, the documented exit code, words the answer must hold)."""
    cases: list[tuple[list[str], int, str]] = []
    file_words = {
        "binary": "not a text file",
        "utf16": "UTF-16",
        "latin1": "not UTF-8",
        "deep": "nested too deeply",
        "huge": "more than",
        "folder": "folder",
        "missing": "No such file",
        "device": "not an ordinary file",
    }
    for name, words in file_words.items():
        cases.append((["scenario", "run", j[name]], 2, words))
        if name not in ("deep", "huge"):
            cases.append((["monitor", "sim", "--seconds", "1", "--script", j[name]], 2, words))
    cases += [
        (["scenario", "check", j["binary"]], 2, "not a text file"),  # check is run
        (["scenario", "run"], 2, "required"),
        (["monitor", "sim", "--keys", j["binary"], "--seconds", "1"], 2, "key file"),
        (["monitor", "sim", "--keys", j["folder"], "--seconds", "1"], 2, "not an ordinary file"),
        (["monitor", "sim", "--seconds", "nan"], 2, "number of seconds"),
        (["monitor", "sim", "--seconds", "-1"], 2, "number of seconds"),
        (["demo", "--game", "\x7fjunk"], 2, "can't play"),
        (["app", "--size", "10x10"], 2, "320x320"),
        (["app", "--size", "wide"], 2, "1280x800"),
        (["app", "--players", ",,,"], 2, "2 to 8 players"),
        (["firmware", "deploy", "--port", j["missing"]], 2, "no board at"),
        (["firmware", "deploy", "--port", j["device"], "--no-ble"], 2, "cannot open /dev/zero"),
        (["firmware", "deploy"], 2, "required"),
        (["nosuchcommand"], 2, "invalid choice"),
    ]
    for broker, words in (
        ("nohost:notaport", "port must be a number"),
        ("127.0.0.1:99999", "port must be a number"),
        ("no port at all", "host:port"),
        ("white space:1883", "not a host name"),
    ):
        host = folder / f"host {len(cases)}"
        cases.append(
            (
                ["tournament", "host", "--folder", str(host), "--players", "A", "B", "C", "D"]
                + ["--broker", broker, "--timeout", "5"],
                2,
                words,
            )
        )
    cases += [
        (["tournament", "broker", "--folder", str(folder), "--port", "99999"], 2, "1 to 65535"),
        (["tournament", "broker", "--folder", str(folder), "--port", "http"], 2, "1 to 65535"),
        (
            ["tournament", "host", "--folder", j["binary"], "--players", "A", "B", "C", "D"],
            2,
            "Not a directory",
        ),
    ]
    return cases


def _run(command: list[str], home: Path, timeout: float = TIMEOUT_S) -> tuple[int | None, str]:
    """(exit code, everything it printed); None for a process that had to be stopped."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ALTAR_DB": str(home / "games.sqlite")}
    env.pop("ALTAR_DEBUG", None)
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            env=env,
            cwd=home,
        )
    except subprocess.TimeoutExpired as e:
        return None, f"still running after {timeout} s: {e.stdout!r} {e.stderr!r}"
    return done.returncode, done.stdout + done.stderr


def _altar(args: list[str], home: Path, timeout: float = TIMEOUT_S) -> tuple[int | None, str]:
    return _run([sys.executable, "-m", "companion_app.cli", *args], home, timeout)


def problems(code: int | None, said: str, expected: int, words: str) -> list[str]:
    """What is wrong with one answer to junk (nothing: it was answered in words)."""
    found = []
    if code is None:
        found.append("it hung")
    if "Traceback" in said:
        found.append("a traceback")
    if "unexpected" in said:
        found.append("cli.py's last resort: a case nobody handled")
    if code is not None and code != expected:
        found.append(f"exit code {code}, not {expected}")
    if words not in said:
        found.append(f"no {words!r} in the answer")
    return found


def test_every_subcommand_answers_junk_in_words(tmp_path: Path) -> None:
    junk = _junk(tmp_path)
    cases = _cases(junk, tmp_path)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda case: _altar(case[0], tmp_path), cases))
    answered: Counter[str] = Counter()
    wrong = []
    for (args, expected, words), (code, said) in zip(cases, results, strict=True):
        found = problems(code, said, expected, words)
        if found:
            wrong.append(f"altar {' '.join(args)[:100]} -> {found}: {said[-400:]}")
        answered[args[0]] += 1
    print(f"\njunk answered in words by {len(cases)} runs: {dict(answered)}")
    assert not wrong, "\n".join(wrong)


def test_the_checker_catches_a_traceback_and_a_hang(tmp_path: Path) -> None:
    """The checker, on planted failures: what `altar scenario run deep.toml` did before
    issue 22 (tomllib's RecursionError), and a command that never ends."""
    deep = "import tomllib; tomllib.loads('a = ' + '[' * 100000)"
    code, said = _run([sys.executable, "-c", deep], tmp_path)
    assert "a traceback" in problems(code, said, 2, "nested too deeply")
    code, said = _run([sys.executable, "-c", "import time; time.sleep(60)"], tmp_path, 1)
    assert "it hung" in problems(code, said, 2, "")
    # And a real answer passes.
    (tmp_path / "x").mkdir()
    code, said = _altar(["scenario", "run", _junk(tmp_path / "x")["deep"]], tmp_path)
    assert problems(code, said, 2, "nested too deeply") == []


def _issue_35_junk(folder: Path) -> tuple[list[tuple[list[str], int, str]], dict[str, Path]]:
    """Issue 35's junk runs, each once answered "something unexpected went wrong" (exit 70),
    another program's database given Altar's tables, or a taken port said to be ours."""
    import sqlite3

    from companion_app.tournament.host import HostConfig
    from engine.tournament import Tournament

    f = folder / "i35"
    f.mkdir()
    binary = f / "binary"
    binary.write_bytes(bytes(range(256)) * 40)
    (f / "dir").mkdir()
    os.mkfifo(f / "fifo")
    other = f / "other.sqlite"
    db = sqlite3.connect(other)  # another program's database, with a table named games
    db.execute("CREATE TABLE games (x)")
    db.execute("INSERT INTO games VALUES (1)")
    db.commit()
    db.close()
    empty = f / "empty"
    empty.write_bytes(b"")
    empty_sqlite = f / "empty.sqlite"
    db = sqlite3.connect(empty_sqlite)
    db.execute("CREATE TABLE t (x)")
    db.execute("DROP TABLE t")
    db.commit()
    db.close()
    code = HostConfig.create(
        f / "host", Tournament.round_robin(["A", "B", "C", "D"], tables=2), tid="j35"
    ).join_code(0)
    for name, text in (("tj", bytes(range(256))), ("tl", b"[1, 2]")):
        (f / name).mkdir()
        (f / name / "outbox.json").write_bytes(text)
    (f / "th").mkdir()
    (f / "th" / "tournament.json").write_text('{"host_key": 1, "tid": "x"}')
    un = ["unclaim", "a1b2c3d4", "--here-only", "--keys"]
    join = ["tournament", "join", "--code", code, "--stand-ins", "1", "--timeout", "2", "--folder"]
    out = ["--out", str(f / "out.json")]
    cases: list[tuple[list[str], int, str]] = [
        ([*un, "/dev/zero"], 2, "not an ordinary file"),
        ([*un, str(f / "dir")], 2, "a folder"),
        ([*un, str(f / "fifo")], 2, "not an ordinary file"),
        ([*un, str(binary)], 2, "not an SQLite database"),
        ([*un, str(other)], 2, "another program's database"),
        ([*un, str(empty)], 2, "is empty"),
        (["unclaim", "\x01\x02\udcff", "--here-only", "--keys", str(other)], 2, "not a device id"),
        ([*join, str(f / "tj")], 2, "not JSON text"),
        ([*join, str(f / "tl")], 2, "holds a list"),
        (["tournament", "host", "--folder", str(f / "th"), "--timeout", "2"], 2, "wrong type"),
        (["export", "--db", str(other), *out], 2, "another program's database"),
        (["export", "--db", str(empty), *out], 2, "is empty"),
        (["export", "--db", str(empty_sqlite), *out], 2, "is empty"),
        (["broadcast", "serve", "--port", "-1", "--broker", "127.0.0.1:1"], 2, "1 to 65535"),
        (["broadcast", "serve", "--port", "99999", "--broker", "127.0.0.1:1"], 2, "1 to 65535"),
        (
            ["tournament", "host", "--folder", str(f / "big"), "--players", "A", "B", "C", "D"]
            + ["--tables", "1000000", "--timeout", "1"],
            2,
            "1 to 64",
        ),
    ]
    return cases, {"other": other, "empty": empty, "empty_sqlite": empty_sqlite}


def test_issue_35_junk_is_answered_in_words_and_no_file_but_altar_s_is_written(
    tmp_path: Path,
) -> None:
    import hashlib
    import socket

    cases, files = _issue_35_junk(tmp_path)
    before = {k: hashlib.sha256(p.read_bytes()).hexdigest() for k, p in files.items()}
    with socket.socket() as taken:  # another program listens on a port
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        cases.append(
            (["tournament", "broker", "--folder", str(tmp_path / "br"), "--port", port], 2, "taken")
        )
        with ThreadPoolExecutor(max_workers=4) as pool:
            results = list(pool.map(lambda case: _altar(case[0], tmp_path), cases))
    wrong = []
    for (args, expected, words), (code, said) in zip(cases, results, strict=True):
        found = problems(code, said, expected, words)
        if found:
            wrong.append(f"altar {' '.join(args)[:100]} -> {found}: {said[-400:]}")
    print(f"\nissue 35 junk answered in words by {len(cases)} runs")
    assert not wrong, "\n".join(wrong)
    after = {k: hashlib.sha256(p.read_bytes()).hexdigest() for k, p in files.items()}
    assert after == before, "another program's database and the empty files are left as they were"
