"""Razzle-Dazzle scenario tests. The helpers live in ``razzle_helpers`` (a module with
a unique name, so it cannot clash with other test directories' conftest modules);
this file only makes that directory importable."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
