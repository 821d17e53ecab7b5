"""The Python examples in the README and docs/ run as written."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
EXAMPLES = [(page, code) for page in PAGES for code in BLOCK.findall(page.read_text())]


def test_the_docs_have_examples():
    assert {page.name for page, _ in EXAMPLES} >= {"README.md", "engine.md", "records.md"}


@pytest.mark.parametrize("page, code", EXAMPLES, ids=lambda value: getattr(value, "name", ""))
def test_example_runs(page, code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if "GameRecord.load(" in code:
        import dicehall
        dicehall.new_game("dizzle", seed=1).record().save(tmp_path / "game.record.json")
    exec(compile(code, f"{page.name} example", "exec"), {})


def test_the_level_example_in_the_docs_passes_the_level_check():
    from dicehall.games.dizzle.check import check_sheet
    from dicehall.games.dizzle.sheetfile import sheet_from_data

    text = (ROOT / "docs" / "levels.md").read_text()
    example = re.search(r"```toml\n(.*?)```", text, re.S).group(1)
    sheet = sheet_from_data(__import__("tomllib").loads(example), "levels.md")
    assert sheet.name == "Little Harbour"
    assert check_sheet(sheet) == []
