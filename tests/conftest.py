"""Makes ``tests/scenario.py`` (helpers shared by every game's tests) importable."""

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
pytest.register_assert_rewrite("scenario")
