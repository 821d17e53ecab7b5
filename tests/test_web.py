"""The browser client without a browser: message catalogs, translation keys,
no HTML injection, and every module, import and element id the pages use."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dicehall.bots.levels import LEVELS
from dicehall.bots.review import REFERENCE_WORDS
from dicehall.games.nochmal.actions import SPECIAL_FACES
from dicehall.games.nochmal.sheet import COLOURS, ITEMS
from dicehall.server.config import Settings
from dicehall.server.lobby import games_json

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "dicehall" / "web" / "static"
CATALOGS = sorted((STATIC / "i18n").glob("*.json"))
SCRIPTS = sorted((STATIC / "js").rglob("*.js"))
PAGES = sorted(STATIC.glob("*.html"))
GAME_EXPORTS = {"multi", "targets", "matches", "dice", "sheets", "extras"}

# the lobby's option words: option.<game>.<name>[.help], and for the options
# whose values have names (NAMED_VALUES in lobby.js) option.<game>.<name>.<value>[.help]
GAMES = games_json(Settings())
NAMED_VALUES = set(re.findall(r"\"(\w+\.\w+)\": true", (STATIC / "js" / "lobby.js").read_text()))
OPTION_KEYS = [f"{game['name']}.{option['name']}{suffix}" for game in GAMES for option in game["options"]
               if option["name"] != "move_time" for suffix in ("", ".help")]
OPTION_KEYS += [f"{game['name']}.{option['name']}.{value}{suffix}" for game in GAMES
                for option in game["options"] if f"{game['name']}.{option['name']}" in NAMED_VALUES
                for value in option["choices"] for suffix in ("", ".help")]
# the HTTP errors of errors.js: error.http.<detail code | status | "network">
ERRORS_JS = (STATIC / "js" / "errors.js").read_text()
HTTP_ERRORS = [*re.findall(r"\[\"([a-z-]+)\", /", ERRORS_JS),
               *re.findall(r"\"(\d{3})\"", ERRORS_JS.split("STATUSES", 1)[1].split(";", 1)[0]), "network"]
GAME_NAMES = [game["name"] for game in GAMES]

# keys built at run time: prefix -> every value the code may append
DYNAMIC = {
    "error.": re.findall(r"`([a-z-]+)`", (ROOT / "docs" / "server.md").read_text().split("codes:", 1)[1]
                         .split("\n-", 1)[0]),
    "level.": list(LEVELS),
    "lobby.status.": ["waiting", "running", "over"],
    "nochmal.colour.": [*COLOURS, "x"],
    "nochmal.special.": list(SPECIAL_FACES),
    "nochmal.item.": list(ITEMS),
    "razzle.kind.": ["safe", "jump", "entry"],
    "colour.": ["red", "blue", "yellow"],
    "option.": OPTION_KEYS,
    "error.http.": HTTP_ERRORS,
    "lobby.about.": GAME_NAMES,
    "lobby.timer.timeout.": GAME_NAMES,
    "review.score.": list(REFERENCE_WORDS),
    "review.gained.": list(REFERENCE_WORDS),
    "review.lost.": list(REFERENCE_WORDS),
}
KEY_USES = [
    re.compile(r"\bt\(\s*\"([\w.-]+)\""),
    re.compile(r"data-i18n(?:-[\w-]+)?\"?\s*[:=]\s*\"([\w.-]+)\""),
    re.compile(r"\blabel\(\"([\w.-]+)\"\)"),
]
TEMPLATE_KEY = re.compile(r"`([a-z_]+(?:\.[a-z_]+)*\.)\$\{")


def code(path: Path) -> str:
    """A file's text without // line comments (they may show example keys)."""
    return re.sub(r"^\s*//.*$", "", path.read_text(encoding="utf-8"), flags=re.M)


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_four_catalogs_exist():
    assert [path.stem for path in CATALOGS] == ["de", "en", "sv", "zh"]


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.stem)
def test_catalogs_have_the_same_keys_and_placeholders_as_english(path):
    english, catalog = load(STATIC / "i18n" / "en.json"), load(path)
    assert set(catalog) == set(english)
    for key, text in catalog.items():
        assert isinstance(text, str) and text.strip(), f"{path.stem}: {key} is empty"
        assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", english[key])), key


def test_every_translation_key_used_exists():
    english = load(STATIC / "i18n" / "en.json")
    used = {key for path in [*SCRIPTS, *PAGES] for pattern in KEY_USES for key in pattern.findall(code(path))}
    assert used and sorted(used - set(english)) == []


def test_every_key_built_at_run_time_exists():
    english = load(STATIC / "i18n" / "en.json")
    prefixes = {prefix for path in SCRIPTS for prefix in TEMPLATE_KEY.findall(code(path))}
    assert prefixes <= set(DYNAMIC) | {"dicehall.seat."}, prefixes
    missing = [prefix + value for prefix, values in DYNAMIC.items() for value in values
               if prefix + value not in english]
    assert DYNAMIC["error."] and missing == []


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_no_markup_is_inserted_from_strings(path):
    text = code(path)
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in text, f"{path.name} uses {sink}"


def imports(path: Path) -> list[tuple[str, str]]:
    """(names, module) of every static import of a module."""
    return re.findall(r"import\s*(\{[^}]*\}|\*\s+as\s+\w+)\s*from\s*\"([^\"]+)\"", code(path))


def exports(path: Path) -> set[str]:
    return set(re.findall(r"export\s+(?:async\s+)?(?:function|const|let|class)\s+([\w$]+)", code(path)))


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_every_import_exists_and_exports_its_names(path):
    for names, module in imports(path):
        target = (path.parent / module).resolve()
        assert module.startswith(".") and target.is_file(), f"{path.name}: {module} does not exist"
        if names.startswith("{"):
            wanted = {name.split(" as ")[0].strip() for name in names.strip("{}").split(",") if name.strip()}
            assert wanted <= exports(target), f"{path.name}: {wanted - exports(target)} not in {module}"


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_pages_load_existing_scripts_and_styles(path):
    text = path.read_text(encoding="utf-8")
    linked = re.findall(r"(?:src|href)=\"((?:js|css)/[^\"]+)\"", text)
    assert linked and all((STATIC / link).is_file() for link in linked)
    assert 'id="lang"' in text and "viewport" in text


def test_every_element_id_the_scripts_look_up_is_on_a_page():
    ids = {found for page in PAGES for found in re.findall(r"\bid=\"([\w-]+)\"", page.read_text())}
    wanted = {found for path in SCRIPTS for found in re.findall(r"\$\(\"#([\w-]+)", code(path))}
    assert wanted and sorted(wanted - ids) == []


@pytest.mark.parametrize("name", ["dizzle", "nochmal", "razzle"])
def test_every_game_has_a_drawing_module_with_the_shared_interface(name):
    module = STATIC / "js" / "games" / f"{name}.js"
    assert GAME_EXPORTS <= exports(module)
    assert f'import * as {name} from "./{name}.js"' in code(STATIC / "js" / "games" / "index.js")


def test_the_test_hooks_of_docs_web_md_are_on_the_pages():
    documented = set(re.findall(r"`#([\w-]+)`", (ROOT / "docs" / "web.md").read_text()))
    ids = {found for page in PAGES for found in re.findall(r"\bid=\"([\w-]+)\"", page.read_text())}
    assert documented and sorted(documented - ids) == []


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_modules_parse(path):
    source = path.read_text(encoding="utf-8")
    result = subprocess.run(["node", "--check", "--input-type=module"], input=source,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


# --- the rules pages (rules.html?game=…: static/rules/<game>.json) ---------------------------
RULES = sorted((STATIC / "rules").glob("*.json"))
LANGUAGES = [path.stem for path in CATALOGS]


def test_every_game_has_rules():
    assert [path.stem for path in RULES] == sorted(GAME_NAMES)


def filled(text) -> bool:
    return isinstance(text, str) and bool(text.strip()) and text.count("**") % 2 == 0


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_the_rules_have_every_section_and_symbol_in_every_language(path):
    data = load(path)
    assert data["game"] == path.stem and data["sections"] and data["legend"]
    for lang in LANGUAGES:
        words = data[lang]
        assert filled(words["title"]), lang
        assert list(words["sections"]) == data["sections"], lang
        for name, section in words["sections"].items():
            assert filled(section["title"]) and section["text"], (lang, name)
            assert all(filled(line) for line in section["text"]), (lang, name)
        assert list(words["legend"]) == data["legend"], lang
        for name, entry in words["legend"].items():
            assert filled(entry["name"]) and filled(entry["text"]), (lang, name)


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_every_symbol_of_the_rules_is_drawn(path):
    """rules.js names every legend entry of the game (a drawing of it)."""
    rules_js = code(STATIC / "js" / "rules.js")
    missing = [name for name in load(path)["legend"] if not re.search(rf"\b{name}\b", rules_js)]
    assert missing == []
