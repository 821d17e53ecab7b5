"""Hostile files on the command line: every bad record, sheet or board gives
exactly one line on stderr naming the file, exit status 2, never a traceback.

The scenarios are the failures found by drills (a stray byte, a UTF-16 file,
deep nesting, ``/dev/zero``, huge numbers, a record naming a local path); the
fuzzers then throw random bytes, random TOML/JSON structures and mutations of
the shipped files at every loader. ``DICEHALL_FUZZ=1`` (``-m fuzz``) runs
thousands of cases per loader instead of a hundred; ``DICEHALL_FUZZ=N`` runs N.
"""

import json
import math
import os
import resource
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dicehall.cli import app
from dicehall.engine import make_game

runner = CliRunner()
GOLDEN = Path(__file__).parent / "golden"
FUZZ = int(os.environ.get("DICEHALL_FUZZ") or 0)
EXAMPLES = 2000 if FUZZ == 1 else FUZZ or 100
fuzzing = settings(max_examples=EXAMPLES, deadline=None, database=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                          HealthCheck.function_scoped_fixture])


def shipped(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text("utf-8")


SHIPPED = {
    "dizzle": [shipped("dicehall.games.dizzle", f"levels/level{n}.toml") for n in (1, 4, 6, 8)],
    "nochmal": [shipped("dicehall.games.nochmal", f"sheets/{e}.toml") for e in ("so-gut", "classic")],
    "razzle": [shipped("dicehall.games.razzle", "boards/standard.toml")],
    "record": [(GOLDEN / f"{name}.record.json").read_text() for name in
               ("dizzle-l3-p1", "dizzle-l8-p2", "nochmal-classic-p1", "nochmal-so-gut-p2", "razzle-p2")],
}


def command(kind: str, path: Path, render: bool = False) -> list[str]:
    """The command line that loads ``path`` as a file of this kind."""
    if kind == "record":
        return ["replay", str(path)] + ([] if render else ["--json"])
    if kind == "dizzle":
        return ["levels", "check", str(path)]
    option = "board" if kind == "razzle" else "sheet"
    return ["simulate", kind, "-n", "1", "--bots", "random", "--workers", "1", "--json",
            "-o", f"{option}={path}"]


def assert_clean(args: list[str], path: Path, ok: tuple[int, ...] = (0, 1)) -> None:
    """Success, or exit 2 with one line naming the file; never another exception."""
    result = runner.invoke(app, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    if result.exit_code in ok:
        return
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and str(path) in lines[0], result.stderr


def refused(args: list[str], path: Path) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and str(path) in lines[0], result.stderr
    return lines[0]


# --- scenarios ------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["record", "dizzle", "nochmal", "razzle"])
@pytest.mark.parametrize("content, words", [
    (lambda text: text.encode("utf-16"), "not UTF-8 text (byte 0 is 0xff)"),
    (lambda text: text.encode()[:40] + b"\xff" + text.encode()[40:], "not UTF-8 text (byte 40 is 0xff)"),
    (lambda text: b"[" * 100_000, "nested too deeply"),
    (lambda text: b"a = " + b"[" * 100_000, "nested too deeply"),
    (lambda text: b" " * (5 * 2**20), "larger than 4 MiB"),
    (lambda text: b"x = 1" + b"0" * 5000, "not valid"),
], ids=["utf-16", "stray-byte", "deep-json", "deep-toml", "huge", "long-number"])
def test_unreadable_files_are_one_line_naming_the_file(tmp_path, kind, content, words):
    path = tmp_path / f"bad-{kind}.file"
    path.write_bytes(content(SHIPPED[kind][0]))
    line = refused(command(kind, path), path)
    assert words in line or "not valid" in line, line


@pytest.mark.parametrize("kind", ["record", "dizzle", "nochmal", "razzle"])
def test_only_regular_files_are_read(tmp_path, kind):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert "not a regular file" in refused(command(kind, fifo), fifo)  # and it does not block
    assert "not a regular file" in refused(command(kind, tmp_path), tmp_path)


def run_limited(*args: str) -> subprocess.CompletedProcess:
    """``dicehall ARGS`` in a process that may not use more than 2 GiB of memory."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
    return subprocess.run([sys.executable, "-m", "dicehall.cli", *args], capture_output=True, text=True,
                          timeout=60, preexec_fn=limit)


@pytest.mark.parametrize("args", [
    ["replay", "/dev/zero"], ["levels", "show", "/dev/zero"],
    ["bench", "nochmal", "-o", "sheet=/dev/zero"], ["bench", "razzle", "-o", "board=/dev/zero"],
])
def test_dev_zero_is_refused_without_being_read(args):
    result = run_limited(*args)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == "error: /dev/zero: not a regular file"


def record_naming(tmp_path: Path, sheet: str) -> Path:
    data = json.loads(SHIPPED["record"][0])
    data["options"]["sheet"] = sheet
    path = tmp_path / f"{Path(sheet).stem}.record.json"
    path.write_text(json.dumps(data))
    return path


def test_a_record_does_not_open_a_path_it_names(tmp_path):
    level = tmp_path / "level3.toml"
    level.write_text(shipped("dicehall.games.dizzle", "levels/level3.toml"))
    path = record_naming(tmp_path, str(level))
    line = refused(["replay", str(path), "--json"], path)
    assert f"options.sheet: the record names the file '{level}'" in line
    zero = record_naming(tmp_path, "/dev/zero")
    assert "the record names the file '/dev/zero'" in refused(["replay", str(zero)], zero)
    result = runner.invoke(app, ["replay", str(path), "--json", "--data-file", str(level)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["options"]["sheet"]["name"] == tomllib.loads(level.read_text())["name"]


def test_errors_inside_a_record_name_the_record_and_the_field(tmp_path):
    data = json.loads(SHIPPED["record"][0])
    data["options"]["sheet"] = {"name": "x", "grid": ["X 1 2"], "gems": [{"at": "b1", "points": 10**400,
                                                                         "colour": "red"}]}
    path = tmp_path / "gem.record.json"
    path.write_text(json.dumps(data))
    assert refused(["replay", str(path)], path) == (
        f"error: {path}: inline sheet: gems[0].points: must be 1-100, got a number of 401 digits")
    data["options"] = {"players": 1, "level": 3, "sheet": None}
    data["actions"][5] = {"seat": 0, "action": "move " + "9" * 150}
    path.write_text(json.dumps(data))
    assert refused(["replay", str(path)], path).startswith(f"error: {path}: action 5 ('move 999")


def test_huge_noch_mal_column_values_are_refused_before_any_statistics(tmp_path):
    data = tomllib.loads(SHIPPED["nochmal"][0])
    data["column_first"] = [10**400] * 15
    path = tmp_path / "rich.toml"
    path.write_text(toml_document(data))
    line = refused(command("nochmal", path), path)
    assert line == f"error: {path}: column_first[0]: must be 0-100, got a number of 401 digits"


def test_a_huge_track_length_is_refused_naming_the_board_and_the_field(tmp_path):
    path = tmp_path / "long.toml"
    for length in (10**6, 10**11, 10**19):
        path.write_text(SHIPPED["razzle"][0].replace("track_length = 48", f"track_length = {length}"))
        assert f"{path}: track_length: must be 8-200" in refused(command("razzle", path), path)


def test_markup_in_a_file_is_shown_as_text(tmp_path):
    path = tmp_path / "[bold]x[red].toml"
    path.write_text(SHIPPED["dizzle"][0].replace("X", "[/]", 1))
    assert "unknown token '[/]'" in refused(["levels", "show", str(path)], path)
    path.write_text(SHIPPED["dizzle"][0].replace('name = "', 'name = "[/red]', 1))
    result = runner.invoke(app, ["levels", "show", str(path)])
    assert result.exit_code == 0 and "[/red]" in result.stdout, result.output
    data = json.loads(SHIPPED["record"][0])
    data["seats"] = ["[/]", "[bold"]
    record = tmp_path / "names.record.json"
    record.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(record)])
    assert result.exit_code == 0 and "[/]" in result.stdout, result.output


def test_a_picture_that_cannot_be_written_is_one_line(tmp_path):
    svg = tmp_path / "no" / "such" / "sheet.svg"
    assert refused(["levels", "show", "2", "--svg", str(svg)], svg).startswith(f"error: cannot write {svg}")


# --- fuzzing --------------------------------------------------------------------------------------
def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else "inf" if value > 0 else "-inf"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (int, str)) or value is None:
        return json.dumps(value) if value is not None else '""'
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    return "{" + ", ".join(f"{json.dumps(key)} = {toml_value(item)}" for key, item in value.items()) + "}"


def toml_document(table: dict) -> str:
    return "".join(f"{json.dumps(key)} = {toml_value(value)}\n" for key, value in table.items())


def serialised(kind: str, data) -> bytes:
    if kind == "record":
        return json.dumps(data).encode()
    return toml_document(data if isinstance(data, dict) else {"grid": data}).encode("utf-8", "surrogatepass")


INTERESTING_INTS = st.sampled_from([0, -1, 1, 2, 7, 48, 200, 201, 2**31, 10**6, 10**19, 10**400, -(10**19)])
INTERESTING_TEXT = st.sampled_from(["", " ", "x" * 5000, "[/]", "[bold]", "\x00", "a²", "z99", "h",
                                    "X 1 2", "g y b", "so-gut", "classic", "1e309", "{", "\u2028"])
scalars = (st.none() | st.booleans() | st.integers() | INTERESTING_INTS | st.floats()
           | st.text(max_size=12) | INTERESTING_TEXT)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)


def paths(data, here=()):
    """Every place in a structure, as the keys and indices leading to it."""
    yield here
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from paths(value, (*here, key))


DATA_OPTION = {"dizzle": "sheet", "nochmal": "sheet", "razzle": "board"}


@st.composite
def mutated_data(draw, kind: str):
    """A shipped file, parsed, with one to four random changes in its structure;
    a record may carry a changed shipped sheet or board inline."""
    texts = SHIPPED[kind]
    text = texts[draw(st.integers(0, len(texts) - 1))]
    data = json.loads(text) if kind == "record" else tomllib.loads(text)
    if kind == "record" and draw(st.booleans()):
        data["options"][DATA_OPTION[data["game"]]] = draw(mutated_data(data["game"]))
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.sampled_from(list(paths(data))))
        if not where:
            continue
        parent = data
        for step in where[:-1]:
            parent = parent[step]
        key, old = where[-1], parent[where[-1]]
        change = draw(st.sampled_from(["replace", "delete", "add", "nest", "grow"]))
        if change == "replace":
            parent[key] = draw(values)
        elif change == "delete":
            del parent[key]
        elif change == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(values)
        elif change == "nest":
            parent[key] = draw(st.sampled_from([[old], {"at": old}, [[[old]]]]))
        elif change == "grow" and isinstance(old, list):
            parent[key] = old * draw(st.sampled_from([2, 50, 1000]))
        elif isinstance(old, int) and not isinstance(old, bool):
            parent[key] = draw(INTERESTING_INTS)
    return data


def mutated(kind: str):
    return mutated_data(kind).map(lambda data: serialised(kind, data))


@st.composite
def garbled(draw, kind: str):
    """A shipped file with random byte edits, cut short, or in another encoding."""
    texts = SHIPPED[kind]
    raw = bytearray(texts[draw(st.integers(0, len(texts) - 1))].encode())
    for _ in range(draw(st.integers(1, 5))):
        at = draw(st.integers(0, len(raw)))
        edit = draw(st.sampled_from(["insert", "delete", "replace", "cut"]))
        piece = draw(st.binary(min_size=1, max_size=4) | st.sampled_from([b"[", b"{", b"]", b"\"", b"9" * 30,
                                                                         b"\n[[gems]]\n", b"\xff"]))
        if edit == "insert":
            raw[at:at] = piece
        elif edit == "delete":
            del raw[at:at + len(piece)]
        elif edit == "replace":
            raw[at:at + len(piece)] = piece
        else:
            del raw[at:]
    return bytes(raw)


def contents(kind: str):
    return (mutated(kind) | garbled(kind) | st.binary(max_size=2000)
            | values.map(lambda data: serialised(kind, data)))


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.fuzz
@pytest.mark.parametrize("kind", ["record", "dizzle", "nochmal", "razzle"])
def test_fuzzed_files_are_loaded_or_refused_cleanly(workdir, kind):
    path = workdir / f"fuzzed-{kind}.file"

    @fuzzing
    @given(content=contents(kind), render=st.booleans())
    def check(content: bytes, render: bool) -> None:
        path.write_bytes(content)
        assert_clean(command(kind, path, render), path)

    check()


@pytest.mark.fuzz
@pytest.mark.parametrize("game, option", [("dizzle", "sheet"), ("nochmal", "sheet"), ("razzle", "board")])
def test_fuzzed_inline_tables_give_a_clean_error_or_a_strict_json_game(game, option):
    from dicehall.engine import DicehallError

    kind = game

    @fuzzing
    @given(content=mutated(kind) | values.map(lambda data: serialised(kind, data)))
    def check(content: bytes) -> None:
        try:
            data = tomllib.loads(content.decode("utf-8", "surrogatepass"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError, RecursionError):
            return
        try:
            made = make_game(game, {option: data})
        except DicehallError as error:
            assert str(error).startswith("inline ") and len(str(error)) < 500, str(error)
            return
        stored = json.dumps(made.record_options(), allow_nan=False)
        again = make_game(game, json.loads(stored))
        assert again.record_options() == made.record_options()

    check()
