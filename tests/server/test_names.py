"""Names: the same name under NFKC and case folding, look-alikes by their
TS #39 skeleton, and the rules of an account's name."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicehall.server.names import check_account_name, name_key, skeleton

#: the look-alikes of "Champion" the issue found accepted (Cyrillic and
#: fullwidth letters, a combining mark, case changes, spaces)
LOOKALIKES = ["Сhampion", "Chаmpiоn", "Ｃｈａｍｐｉｏｎ", "Cha\u0301mpion", "CHAMPION", "champion",
              "Champ ion", "C h a m p i o n"]


@pytest.mark.parametrize("name", LOOKALIKES)
def test_every_lookalike_of_the_issue_has_the_same_skeleton(name):
    assert skeleton(name) == skeleton("Champion")


@pytest.mark.parametrize("name", ["Champions", "Champ1on2", "Chimpanzee", "Campion"])
def test_other_names_differ(name):
    assert skeleton(name) != skeleton("Champion")


@given(st.text(st.characters(categories=("Lu", "Ll", "Nd")), min_size=1, max_size=20))
def test_case_and_compatibility_forms_never_make_a_new_name(name):
    assert skeleton(name.upper()) == skeleton(name.lower()) == skeleton(unicodedata.normalize("NFKC", name))
    assert name_key(name.upper()) == name_key(name.upper().casefold())


@pytest.mark.parametrize(("name", "ok"), [
    ("Ann", True), ("José", True), ("a.b-c_d", True), ("王小明", True), ("ab", False), ("x" * 25, False),
    ("_lead", False), ("trail.", False), ("has space", False), ("Ｆｕｌｌ", False), ("tab\tbed", False),
])
def test_account_name_rules(name, ok):
    assert (check_account_name(name) is None) == ok
