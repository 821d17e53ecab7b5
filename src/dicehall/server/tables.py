"""A live table: the match, its seats, its version and its timers.

Everything here is synchronous and free of I/O; :mod:`.manager` persists
tables, talks to clients and runs the bots. Dice come from an RNG derived from
the table's seed and the number of steps so far, so a match rebuilt from its
steps after a restart rolls exactly as it would have without one."""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..engine.match import Match
from ..engine.record import GameRecord, RecordEntry
from ..engine.registry import make_game
from .timers import Clocks, Timer

WAITING, RUNNING, OVER = "waiting", "running", "over"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def step_rng(seed: str, step: int, purpose: str = "dice") -> random.Random:
    """A generator for one step of a table: the same seed and step give the same draws."""
    return random.Random(f"{seed}:{purpose}:{step}")


@dataclass
class Seat:
    """``kind`` is ``open``, ``human`` or ``bot`` (``level`` names the bot)."""

    kind: str = "open"
    level: str | None = None
    nickname: str | None = None
    token_hash: str | None = None
    away: bool = False
    disconnected_at: float | None = None

    def bot(self, takeover: str) -> str | None:
        """The bot that plays this seat now, if a bot does."""
        if self.kind == "bot":
            return self.level
        return takeover if self.kind == "human" and self.away else None

    def owns(self, token: str) -> bool:
        return self.token_hash is not None and hmac.compare_digest(self.token_hash, hash_token(token))

    def name(self) -> str:
        """Who played the seat, as a record names it."""
        return self.level if self.kind == "bot" else f"human:{self.nickname}"

    def to_json(self, index: int, connected: bool) -> dict:
        return {"seat": index, "kind": self.kind, "level": self.level, "nickname": self.nickname,
                "away": self.away, "connected": connected}


@dataclass
class LiveTable:
    id: str
    game: Game
    seed: str
    public: bool
    invite: str
    clocks: Clocks
    seats: list[Seat]
    created: float
    status: str = WAITING
    version: int = 0
    result: dict | None = None
    match: Match = field(init=False)
    #: what is stored: how many of the match's steps, and the changing
    #: columns of the table's row and of its seats' rows (empty: nothing yet)
    stored_steps: int = 0
    stored_rows: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.match = Match(self.game, self.seed, auto_chance=False)

    @classmethod
    def create(cls, game: Game, seats: list[Seat], timer: Timer | None, public: bool,
               now: float, bank_floor: float) -> LiveTable:
        return cls(id=secrets.token_urlsafe(9), game=game, seed=secrets.token_hex(16), public=public,
                   invite=secrets.token_urlsafe(9), clocks=Clocks(timer, len(seats), bank_floor),
                   seats=seats, created=now)

    @classmethod
    def rebuild(cls, game_name: str, options: dict, entries: list[RecordEntry], **fields: Any) -> LiveTable:
        """A stored table, its match replayed from the stored steps."""
        table = cls(game=make_game(game_name, options), **fields)
        for entry in entries:
            if entry.seat is None:
                table.match.force(entry.notation)
            else:
                table.match.play(entry.notation, entry.seat)
        table.stored_steps = len(entries)
        return table

    # --- seats ----------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to, or ``None``."""
        if not token:
            return None
        return next((i for i, seat in enumerate(self.seats) if seat.owns(token)), None)

    def deciders(self) -> tuple[int, ...]:
        return self.match.state.deciders() if self.status == RUNNING else ()

    def human_deciders(self) -> set[int]:
        return {s for s in self.deciders() if self.seats[s].kind == "human" and not self.seats[s].away}

    def bot_turns(self, takeover: str) -> list[tuple[int, str]]:
        """The deciding seats a bot plays now, with the bot's name."""
        turns = [(s, self.seats[s].bot(takeover)) for s in self.deciders()]
        return [(seat, bot) for seat, bot in turns if bot]

    # --- changes ----------------------------------------------------------------
    def start(self, now: float) -> None:
        self.status = RUNNING
        self.roll()
        self.changed(now)

    def act(self, seat: int, action: Any, now: float) -> None:
        """Apply a checked action (raises the engine's error and changes nothing)."""
        self.match.play(action, seat)
        self.clocks.stop(seat, now)
        self.roll()
        self.changed(now)

    def timeout(self, seat: int, now: float) -> None:
        self.match.timeout(seat)
        self.clocks.stop(seat, now)
        self.roll()
        self.changed(now)

    def roll(self) -> None:
        self.match.rng = step_rng(self.seed, len(self.match.entries))
        self.match.roll()

    def changed(self, now: float) -> None:
        """After any change: a new version, timers for the new deciders, the end."""
        self.version += 1
        if self.status == RUNNING and self.match.is_over():
            self.status = OVER
            self.result = self.record().result
        self.clocks.sync(self.human_deciders(), now)

    # --- what clients get ------------------------------------------------------
    def to_json(self, connected: set[int]) -> dict:
        return {"id": self.id, "game": self.game.name, "title": self.game.title,
                "options": self.game.record_options(), "public": self.public,
                "timer": self.clocks.timer.to_json() if self.clocks.timer else None,
                "status": self.status, "version": self.version, "created": self.created,
                "seats": [seat.to_json(i, i in connected) for i, seat in enumerate(self.seats)],
                "result": self.result}

    def legal(self, seat: int | None) -> list[dict]:
        if seat is None or seat not in self.deciders():
            return []
        return [self.game.action_json(i) for i in self.match.state.legal_action_ids(seat)]

    def record(self) -> GameRecord:
        return self.match.record([seat.name() for seat in self.seats])

    def replay(self) -> list[dict]:
        """Every step with its notation and the public view after it."""
        state = self.game.new_initial_state()
        steps = []
        for entry in self.match.entries:
            state.apply(entry.notation, entry.seat)
            steps.append({"seat": entry.seat, "notation": entry.notation, "view": state.view(None)})
        return steps
