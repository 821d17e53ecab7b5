"""What clients may send: HTTP bodies (pydantic) and WebSocket messages.

Nicknames are kept verbatim (a client shows them as text, never as markup);
only their length and the absence of control characters are checked."""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .http_limits import check_json

MAX_NOTATION = 200


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class SeatSpec(Strict):
    kind: Literal["open", "bot"]
    level: str | None = None


#: a turn-based table's limit per decision: an hour to two weeks
TURN_SECONDS = (3600, 14 * 86400)


class TimerSpec(Strict):
    """``move``: seconds per decision; ``bank``: seconds for the whole game
    (both at most a day); ``turn``: a turn-based table's limit per decision
    (an hour to two weeks), with ``takeover``: a bot takes a seat over after
    its second missed limit."""

    kind: Literal["move", "bank", "turn"]
    seconds: Annotated[float, Field(gt=0, le=TURN_SECONDS[1])]
    takeover: bool = False

    @model_validator(mode="after")
    def _limits(self) -> TimerSpec:
        low, high = TURN_SECONDS
        if self.kind == "turn" and not low <= self.seconds <= high:
            raise ValueError(f"a turn-based limit is {low} to {high} seconds (an hour to two weeks)")
        if self.kind != "turn" and (self.seconds > 86400 or self.takeover):
            raise ValueError("a move or bank timer has at most 86400 seconds, and no takeover")
        return self


#: a secret the client makes up for one request (once per click): what the
#: request makes (a seat's token, a table's id) is derived from it, so the same
#: request sent again (by a browser that lost the answer) is answered the same
#: instead of being refused or done twice
RequestKey = Annotated[str | None, Field(min_length=16, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")]


class CreateTable(Strict):
    game: Annotated[str, Field(max_length=32)]
    options: dict[str, Any] = {}
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=6)]
    #: left out: the game's default (Razzle-Dazzle: its move_time); null: no timer
    timer: TimerSpec | None = None
    public: bool = True
    #: rated: accounts only, and the result changes their ratings (not solo, not a custom sheet)
    rated: bool = False
    key: RequestKey = None

    @field_validator("options")
    @classmethod
    def _options(cls, value: dict[str, Any]) -> dict[str, Any]:
        check_json(value)
        return value


def check_nickname(nickname: str) -> str:
    if not 1 <= len(nickname) <= 24:
        raise ValueError("a nickname has 1 to 24 characters")
    if not nickname.strip():
        raise ValueError("a nickname cannot be blank")
    if any(unicodedata.category(char).startswith("C") for char in nickname):
        raise ValueError("a nickname cannot hold control or invisible format characters")
    return nickname


class JoinRequest(Strict):
    seat: Annotated[int, Field(ge=0)]
    #: a guest's nickname (logged in, the account's name is used instead); the
    #: length in the schema too (the OpenAPI description), the rest checked below
    nickname: Annotated[str | None, Field(min_length=1, max_length=24)] = None
    invite: str | None = None
    key: RequestKey = None

    @field_validator("nickname")
    @classmethod
    def _nickname(cls, value: str | None) -> str | None:
        return None if value is None else check_nickname(value)


class DailyPlay(Strict):
    """Start today's challenge at a table of one's own: a guest by
    ``nickname`` (logged in, the account's name is used instead)."""

    nickname: Annotated[str | None, Field(min_length=1, max_length=24)] = None
    key: RequestKey = None

    @field_validator("nickname")
    @classmethod
    def _nickname(cls, value: str | None) -> str | None:
        return None if value is None else check_nickname(value)


#: the most moves a daily game sent from a terminal may have (Dizzle level 8 solo has about 130)
DAILY_MOVES = 600


class DailyScore(DailyPlay):
    """A game of today's challenge played in the terminal: its day and its moves."""

    day: Annotated[str, Field(min_length=10, max_length=10)]
    moves: Annotated[list[Annotated[str, Field(max_length=200)]], Field(max_length=DAILY_MOVES)]


#: text that names an account in a request: no control characters (no name
#: has one, and PostgreSQL cannot even compare a text holding NUL)
NAME_TEXT = r"^[^\x00-\x1f\x7f]*$"


class Credentials(Strict):
    """A user name and password: to register or to log in (the name's own
    rules are checked at registration, with a clear answer: ``bad-name``)."""

    name: Annotated[str, Field(min_length=1, max_length=64, pattern=NAME_TEXT)]
    password: Annotated[str, Field(min_length=1, max_length=200)]


class PasswordChange(Strict):
    old_password: Annotated[str, Field(min_length=1, max_length=200)]
    new_password: Annotated[str, Field(min_length=1, max_length=200)]


class Recovery(Strict):
    """A new password set with the recovery code shown at registration."""

    name: Annotated[str, Field(min_length=1, max_length=24, pattern=NAME_TEXT)]
    recovery_code: Annotated[str, Field(min_length=1, max_length=100)]
    new_password: Annotated[str, Field(min_length=1, max_length=200)]


class TokenRequest(Strict):
    """A seat's token; logged in, it may be left out at the account's own seats."""

    token: Annotated[str | None, Field(min_length=1, max_length=100)] = None


class Refused(Exception):
    """A client message refused: ``code`` for programs, ``reason`` for people."""

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


def no_constants(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def parse_message(text: str) -> dict:
    """A client's WebSocket message as ``{"type": "ping"}``,
    ``{"type": "action", "version": n, "action": notation or id}``,
    ``{"type": "hint", "version": n}`` or ``{"type": "chat", "text": ...}``;
    raises :class:`Refused` for anything else (NaN and Infinity included, and
    nesting too deep to parse)."""
    try:
        message = json.loads(text, parse_constant=no_constants)
    except (ValueError, RecursionError):
        raise Refused("malformed", "a message must be one JSON object") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise Refused("malformed", "a message must be a JSON object with a \"type\"")
    kind = message["type"]
    if kind == "ping" and set(message) == {"type"}:
        return message
    if kind == "action":
        return check_action(message)
    if kind == "hint":
        if set(message) != {"type", "version"} or not isinstance(message["version"], int) \
                or isinstance(message["version"], bool):
            raise Refused("malformed", "a hint message has exactly \"type\" and \"version\" (a whole number)")
        return message
    if kind == "chat":
        if set(message) != {"type", "text"} or not isinstance(message["text"], str):
            raise Refused("malformed", "a chat message has exactly \"type\" and \"text\" (a string)")
        return message
    if kind == "ping":
        raise Refused("malformed", "a ping carries nothing but its type")
    raise Refused("unknown-type", "message types are \"action\", \"hint\", \"chat\" and \"ping\"")


def check_action(message: dict) -> dict:
    if set(message) != {"type", "version", "action"}:
        raise Refused("malformed", "an action message has exactly \"type\", \"version\" and \"action\"")
    version, action = message["version"], message["action"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise Refused("malformed", "\"version\" must be a whole number")
    if isinstance(action, bool) or not isinstance(action, (int, str)):
        raise Refused("malformed", "\"action\" must be a notation or an action id")
    if isinstance(action, str) and not 0 < len(action) <= MAX_NOTATION:
        raise Refused("malformed", f"a notation has 1 to {MAX_NOTATION} characters")
    return message
