"""Accounts over HTTP: every flow, every refusal, the cookie's flags, CSRF,
throttles and the lock-out (docs/accounts.md)."""

import pytest
from fastapi.testclient import TestClient
from server_helpers import Server, register

from dicehall.server.db import AccountRow, LoginRow


def log_in(client: TestClient, name: str, password: str) -> int:
    return client.post("/api/session", json={"name": name, "password": password}).status_code


def test_register_logs_in_with_a_secure_cookie_and_a_recovery_code(server):
    response = server.client.post("/api/accounts", json={"name": "Champion", "password": "long enough"})
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["name"] == "Champion" and body["csrf"] and len(body["recovery_code"]) == 24
    cookie = response.headers["set-cookie"].lower()
    for flag in ("httponly", "samesite=lax", "secure", "path=/", "max-age=2592000"):
        assert flag in cookie
    assert server.client.get("/api/session").json() == {"name": "Champion", "csrf": body["csrf"]}


def test_only_hashes_are_stored(server):
    body = register(server, "Champion", "long enough")
    secret = server.client.cookies.get("dicehall_session")
    with server.manager.sessions() as session:
        account = session.query(AccountRow).one()
        login = session.query(LoginRow).one()
    assert account.password_hash.startswith("$argon2id$") and "long enough" not in account.password_hash
    assert body["recovery_code"] not in account.recovery_hash
    assert secret and login.secret_hash != secret and len(login.secret_hash) == 64


def test_a_guest_has_no_session(server):
    assert server.client.get("/api/session").json() == {"name": None, "csrf": None}
    assert server.client.delete("/api/session").json()["code"] == "no-session"


@pytest.mark.parametrize(("name", "code"), [
    ("ab", "bad-name"), ("has space", "bad-name"), ("x" * 25, "bad-name"), ("_lead", "bad-name"),
    ("Ｃｈａｍｐ", "bad-name"),
])
def test_bad_names_are_refused(server, name, code):
    response = server.client.post("/api/accounts", json={"name": name, "password": "long enough"})
    assert (response.status_code, response.json()["code"]) == (400, code)


def test_a_short_password_is_refused(server):
    response = server.client.post("/api/accounts", json={"name": "Champion", "password": "short"})
    assert (response.status_code, response.json()["code"]) == (400, "weak-password")


@pytest.mark.parametrize(("name", "code"), [
    ("Champion", "name-taken"), ("CHAMPION", "name-taken"), ("champion", "name-taken"),
    ("Сhampion", "name-confusable"),  # a Cyrillic С
    ("Chаmpiоn", "name-confusable"),  # Cyrillic а and о
])
def test_taken_and_look_alike_names_are_refused(settings, clock, name, code):
    with Server(settings, clock) as server:
        register(server, "Champion", "long enough")
        other = TestClient(server.app, base_url="https://testserver")
        response = other.post("/api/accounts", json={"name": name, "password": "long enough"})
        assert (response.status_code, response.json()["code"]) == (409, code), response.text


def test_log_out_and_in_again(server):
    register(server, "Champion", "long enough")
    csrf = server.client.get("/api/session").json()["csrf"]
    assert server.client.delete("/api/session", headers={"X-CSRF-Token": csrf}).status_code == 204
    assert server.client.get("/api/session").json()["name"] is None
    response = server.client.post("/api/session", json={"name": "champion", "password": "long enough"})
    assert response.status_code == 200 and response.json()["name"] == "Champion"


def test_wrong_password_and_unknown_name_get_one_answer(server):
    register(server, "Champion", "long enough")
    fresh = TestClient(server.app, base_url="https://testserver")
    wrong = fresh.post("/api/session", json={"name": "Champion", "password": "not it at all"})
    nobody = fresh.post("/api/session", json={"name": "Nobody", "password": "long enough"})
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json()
    assert "dicehall_session" not in fresh.cookies


def test_a_missing_or_wrong_csrf_token_is_refused(server):
    register(server, "Champion", "long enough")
    assert server.client.delete("/api/session").json()["code"] == "csrf"
    assert server.client.delete("/api/session", headers={"X-CSRF-Token": "guess"}).status_code == 403
    table = server.client.post("/api/tables", json={"game": "dizzle", "seats": [{"kind": "open"}]})
    assert (table.status_code, table.json()["code"]) == (403, "csrf")
    assert server.manager.tables == {}
    assert server.client.get("/api/session").json()["name"] == "Champion"


def test_an_expired_session_is_no_session(server, settings):
    register(server, "Champion", "long enough")
    csrf = server.client.get("/api/session").json()["csrf"]
    server.clock.advance(settings.session_days * 86400 + 1)
    assert server.client.get("/api/session").json()["name"] is None
    response = server.client.delete("/api/session", headers={"X-CSRF-Token": csrf})
    assert (response.status_code, response.json()["code"]) == (401, "no-session")


def test_log_out_everywhere_ends_every_login(server):
    register(server, "Champion", "long enough")
    other = TestClient(server.app, base_url="https://testserver")
    assert log_in(other, "Champion", "long enough") == 200
    csrf = server.client.get("/api/session").json()["csrf"]
    response = server.client.delete("/api/session?everywhere=true", headers={"X-CSRF-Token": csrf})
    assert response.status_code == 204
    assert other.get("/api/session").json()["name"] is None
    assert server.client.get("/api/session").json()["name"] is None


def test_changing_the_password_ends_the_other_logins(server):
    register(server, "Champion", "long enough")
    other = TestClient(server.app, base_url="https://testserver")
    other.post("/api/session", json={"name": "Champion", "password": "long enough"})
    csrf = server.client.get("/api/session").json()["csrf"]
    headers = {"X-CSRF-Token": csrf}
    wrong = server.client.post("/api/account/password", headers=headers,
                               json={"old_password": "not the one", "new_password": "a new password"})
    assert (wrong.status_code, wrong.json()["code"]) == (403, "bad-password")
    response = server.client.post("/api/account/password", headers=headers,
                                  json={"old_password": "long enough", "new_password": "a new password"})
    assert response.status_code == 200
    assert server.client.get("/api/session").json()["name"] == "Champion"
    assert other.get("/api/session").json()["name"] is None
    fresh = TestClient(server.app, base_url="https://testserver")
    assert log_in(fresh, "Champion", "long enough") == 401
    assert log_in(fresh, "Champion", "a new password") == 200


def test_the_recovery_code_sets_a_new_password_once(server):
    code = register(server, "Champion", "long enough")["recovery_code"]
    fresh = TestClient(server.app, base_url="https://testserver")
    body = {"name": "Champion", "recovery_code": code, "new_password": "remembered now"}
    response = fresh.post("/api/account/recover", json=body)
    assert response.status_code == 200 and response.json()["recovery_code"] != code
    assert server.client.get("/api/session").json()["name"] is None  # every other login ended
    again = TestClient(server.app, base_url="https://testserver").post("/api/account/recover", json=body)
    assert (again.status_code, again.json()["code"]) == (401, "bad-login")
    assert fresh.get("/api/session").json()["name"] == "Champion"


def test_repeated_wrong_passwords_lock_the_account(server, settings):
    register(server, "Champion", "long enough")
    fresh = TestClient(server.app, base_url="https://testserver")
    for _ in range(settings.login_failures):
        assert log_in(fresh, "Champion", "guessing it") == 401
    locked = fresh.post("/api/session", json={"name": "Champion", "password": "long enough"})
    assert (locked.status_code, locked.json()["code"]) == (423, "locked")
    server.clock.advance(settings.lockout_seconds + 1)
    assert log_in(fresh, "Champion", "long enough") == 200


def test_registrations_from_one_address_are_throttled(server, settings):
    for n in range(settings.registrations_burst):
        TestClient(server.app, base_url="https://testserver").post(
            "/api/accounts", json={"name": f"player{n}", "password": "long enough"})
    response = server.client.post("/api/accounts", json={"name": "oneTooMany", "password": "long enough"})
    assert (response.status_code, response.json()["code"]) == (429, "throttled")
    server.clock.advance(settings.seconds_per_registration)
    assert server.client.post("/api/accounts", json={"name": "oneTooMany", "password": "long enough"}
                              ).status_code == 201


def test_logins_from_one_address_are_throttled(server, settings):
    answers = [server.client.post("/api/session", json={"name": f"nobody{n}", "password": "long enough"})
               .status_code for n in range(settings.logins_burst + 1)]
    assert answers == [401] * settings.logins_burst + [429]


@pytest.mark.parametrize("path, body", [
    ("/api/session", {"name": "ann\x00", "password": "x"}),
    ("/api/account/recover", {"name": "a\x00b", "recovery_code": "x", "new_password": "y" * 12}),
])
def test_a_name_with_a_control_character_is_refused_before_storage(server, path, body):
    """No name has a control character, and PostgreSQL cannot compare a text
    holding NUL: 422, never a storage error (found by the schema fuzz on PostgreSQL)."""
    answer = server.client.post(path, json=body)
    assert answer.status_code == 422, answer.text
