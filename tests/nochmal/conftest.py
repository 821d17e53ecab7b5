"""Noch mal scenario tests. The helpers live in ``nochmal_helpers`` (a module with a
unique name, so it cannot clash with other test directories' conftest modules);
this file only makes that directory importable (with pytest's assertion details)."""

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
pytest.register_assert_rewrite("nochmal_helpers")
