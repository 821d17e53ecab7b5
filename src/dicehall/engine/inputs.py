"""Reading the files users hand the program: sheets, boards and game records.

Such a file may come from anywhere (a download, a typo), so reading it must end
in the data or in one :class:`DataError` naming the file, never in another
exception: only regular files are opened (not ``/dev/zero``, a pipe or a
folder), at most :data:`MAX_FILE_BYTES` of them, strictly as UTF-8; JSON and
TOML that nest too deeply for the parser's stack, numbers with thousands of
digits, and JSON's NaN and Infinity are refused with the file's name.
"""

from __future__ import annotations

import json
import math
import stat
import tomllib
from pathlib import Path
from typing import Any

from .errors import DicehallError

#: the largest file read (a shipped sheet is 2 KB, a long record 100 KB)
MAX_FILE_BYTES = 4 * 1024 * 1024


class DataError(DicehallError):
    """A file or table that cannot be used; the message names it and, where
    there is one, the field (``mine.toml: gems[1].points: ...``)."""


def located(source: str, where: str, message: str) -> str:
    """``source: where: message``, without an empty ``where``."""
    return f"{source}: {where}: {message}" if where else f"{source}: {message}"


def read_text(path: str | Path, error: type[DicehallError] = DataError) -> str:
    """The text of a regular file of at most :data:`MAX_FILE_BYTES`, as UTF-8."""
    try:
        info = Path(path).stat()
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{path}: not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise error(f"{path}: larger than {MAX_FILE_BYTES // 2**20} MiB")
        with open(path, "rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as failure:
        raise error(f"{path}: cannot read: {failure.strerror or failure}") from None
    except ValueError:  # a NUL byte in the name
        raise error(f"{path!r}: not a file name") from None
    if len(raw) > MAX_FILE_BYTES:
        raise error(f"{path}: larger than {MAX_FILE_BYTES // 2**20} MiB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as failure:
        raise error(f"{path}: not UTF-8 text (byte {failure.start} is {raw[failure.start]:#04x})") from None


def is_inline(text: str) -> bool:
    """Whether an option's text is a JSON table (``-o sheet={...}``) rather than a path."""
    return text.lstrip().startswith("{")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large for a number")
    return value


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


def parse_json(text: str, source: str, error: type[DicehallError] = DataError) -> Any:
    """JSON text as data: finite numbers only."""
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except RecursionError:
        raise error(f"{source}: not valid JSON: nested too deeply") from None
    except ValueError as failure:  # JSONDecodeError, a NaN, an integer of 4,300 digits and more
        raise error(f"{source}: not valid JSON: {failure}") from None


def parse_toml(text: str, source: str, error: type[DicehallError] = DataError) -> dict:
    """TOML text as a table."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise error(f"{source}: not valid TOML: nested too deeply") from None
    except ValueError as failure:  # TOMLDecodeError, an integer of 4,300 digits and more
        raise error(f"{source}: not valid TOML: {failure}") from None
