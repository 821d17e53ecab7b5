"""A live table: the match, its seats, its version and its timers.

Everything here is synchronous and free of I/O; :mod:`.manager` persists
tables, talks to clients and runs the bots. Dice come from an RNG derived from
the table's seed and the number of steps so far, so a match rebuilt from its
steps after a restart rolls exactly as it would have without one."""

from __future__ import annotations

import base64
import hashlib
import hmac
import random
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..engine.game import Game
from ..engine.match import Match
from ..engine.moves import moves
from ..engine.record import GameRecord, RecordEntry
from ..engine.registry import make_game
from ..engine.state import GameState
from .timers import Clocks, Timer

WAITING, RUNNING, OVER = "waiting", "running", "over"
#: a waiting table closed because nobody touched it for long (see ``Settings.waiting_expiry_seconds``)
EXPIRED = "expired"
#: how many who left a table's seats before its start it remembers (:attr:`LiveTable.departed`)
DEPARTED_KEPT = 32


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def account_name(account_id: int | None) -> str | None:
    """An account as :attr:`LiveTable.departed` names it beside token hashes."""
    return None if account_id is None else f"account:{account_id}"


def derived_token(secret: str, purpose: str) -> str:
    """32 characters derived from ``secret`` for ``purpose``: a seat's token at
    the table of that id (from the key a join or a daily start carries, or
    from the player's seat token at the game a rematch follows), or with
    ``purpose`` "table" a new table's id (its first 12). The same request
    asked again is so answered the same; it is as secret as ``secret`` is."""
    digest = hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).digest()[:24]
    return base64.urlsafe_b64encode(digest).decode()


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
    #: the account seated here (``None``: a guest or a bot), and the address it
    #: joined from (rated results between accounts on one address are flagged)
    account_id: int | None = None
    address: str | None = None

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
                "account": self.account_id is not None, "away": self.away, "connected": connected}


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
    #: the table of this game's rematch, and the game this table is the rematch of
    rematch: str | None = None
    rematch_of: str | None = None
    #: the seats that asked for a hint (the table shows it)
    hints: list[int] = field(default_factory=list)
    #: the day of the daily challenge this table plays, if it does: its dice are
    #: the day's (``Match(same_dice=True)``, see :mod:`dicehall.engine.daily`)
    daily: str | None = None
    #: a rated table: only accounts sit at it, and its result changes their ratings
    rated: bool = False
    #: the address that created the table (quotas), and when it last changed
    creator: str | None = None
    touched: float = 0.0
    match: Match = field(init=False)
    #: the story: every step in words (log entries, see docs/server.md), the
    #: steps the server applied because time ran out, when each step happened
    log: list[dict] = field(default_factory=list)
    timed_out: set[int] = field(default_factory=set)
    step_times: list[float | None] = field(default_factory=list)
    chat: list[dict] = field(default_factory=list)
    #: for each deciding seat: the version its decision began at, and its legal ids
    decisions: dict[int, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    #: each deciding seat's legal actions as JSON text, with the decision it was
    #: made for (a value of ``decisions``): see :meth:`legal_text`
    legal_texts: dict[int, tuple[tuple[int, tuple[int, ...]], str]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    #: what is stored: how many of the match's steps and chat lines, and the
    #: changing columns of the table's row and of its seats' rows (empty: nothing yet)
    stored_steps: int = 0
    stored_chat: int = 0
    stored_rows: list[dict] = field(default_factory=list)
    #: who left a seat before the start, newest last (:meth:`vacate`): a leave
    #: sent again finds its seat gone, and is answered as done
    departed: deque[str] = field(default_factory=lambda: deque(maxlen=DEPARTED_KEPT),
                                 init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.match = Match(self.game, self.seed, auto_chance=False, same_dice=self.daily is not None)

    @classmethod
    def create(cls, game: Game, seats: list[Seat], timer: Timer | None, public: bool,
               now: float, bank_floor: float, **fields: Any) -> LiveTable:
        """A new table; ``fields`` may set its ``id``, ``seed``, ``daily`` and ``rated``."""
        fields.setdefault("id", secrets.token_urlsafe(9))
        fields.setdefault("seed", secrets.token_hex(16))
        return cls(game=game, public=public,
                   invite=secrets.token_urlsafe(9), clocks=Clocks(timer, len(seats), bank_floor),
                   seats=seats, created=now, **fields)

    @classmethod
    def rebuild(cls, game_name: str, options: dict, entries: list[RecordEntry],
                timed_out: set[int], step_times: list[float | None], chat: list[dict],
                **fields: Any) -> LiveTable:
        """A stored table, its match (and so its log) replayed from the stored steps."""
        table = cls(game=make_game(game_name, options), timed_out=timed_out, step_times=step_times,
                    chat=chat, **fields)
        table.match.entries = list(entries)
        table.match.state = table.narrate(table.game.new_initial_state(), 0)
        table.stored_steps = len(entries)
        table.stored_chat = len(chat)
        table.track_decisions()
        return table

    # --- seats ----------------------------------------------------------------
    def seat_of(self, token: str | None, account_id: int | None = None) -> int | None:
        """The seat a token belongs to, or else the seat of the logged-in
        account (an account plays its seats from any browser), or ``None``."""
        if token:
            return next((i for i, seat in enumerate(self.seats) if seat.owns(token)), None)
        if account_id is not None:
            return next((i for i, seat in enumerate(self.seats) if seat.account_id == account_id), None)
        return None

    def vacate(self, seat: int) -> None:
        """Open ``seat`` again before the start, remembering who held it."""
        held = self.seats[seat]
        self.departed.extend(filter(None, (held.token_hash, account_name(held.account_id))))
        self.seats[seat] = Seat()

    def has_left(self, token: str | None, account_id: int | None = None) -> bool:
        """Whether the holder of ``token`` (or else the account, as :meth:`seat_of`
        looks for a seat) left a seat here."""
        who = hash_token(token) if token else account_name(account_id)
        return who is not None and who in self.departed

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
        self.step(lambda: None, now)

    def act(self, seat: int, action: Any, now: float) -> None:
        """Apply a checked action (raises the engine's error and changes nothing)."""
        self.step(lambda: self.match.play(action, seat), now, seat)

    def timeout(self, seat: int, now: float) -> None:
        """Apply the seat's timeout action. At a turn-based table that lets a
        bot take over, the second missed limit hands the seat to the bot."""
        self.timed_out.add(len(self.match.entries))
        self.step(lambda: self.match.timeout(seat), now, seat)
        timer = self.clocks.timer
        if timer and timer.turn_based and timer.takeover and self.misses(seat) >= 2:
            self.seats[seat].away = True

    def misses(self, seat: int) -> int:
        """How many of the seat's decisions ran out of time."""
        return sum(self.match.entries[step].seat == seat for step in self.timed_out)

    @property
    def turn_based(self) -> bool:
        return bool(self.clocks.timer and self.clocks.timer.turn_based)

    def step(self, apply: Callable[[], None], now: float, seat: int | None = None) -> None:
        """Apply a seat's step (or none), roll what is due, and tell the story of it."""
        before, first = self.match.state.clone(), len(self.match.entries)
        apply()
        if seat is not None:
            self.clocks.stop(seat, now)
        self.match.rng = step_rng(self.seed, len(self.match.entries))
        self.match.roll()
        self.step_times.extend([now] * (len(self.match.entries) - first))
        self.narrate(before, first)
        self.changed(now)

    def narrate(self, state: GameState, first: int) -> GameState:
        """Add the log entries of the steps from ``first`` on, replayed on
        ``state`` (the state before them), and return the state after them."""
        entries = self.match.entries
        for index in range(first, len(entries)):
            entry, before = entries[index], state
            state = before.clone()
            state.apply(entry.notation, entry.seat)
            at = self.step_times[index] if index < len(self.step_times) else None
            for event in self.game.step_events(before, entry, state, timed_out=index in self.timed_out):
                self.log.append({"n": len(self.log), "step": index, "at": at, **event.to_json()})
        return state

    def say(self, seat: int | None, name: str, text: str, now: float) -> dict:
        """A chat line, kept with the game at the step where it was said."""
        line = {"n": len(self.chat), "seat": seat, "name": name, "text": text, "at": now,
                "step": len(self.match.entries)}
        self.chat.append(line)
        return line

    def changed(self, now: float) -> None:
        """After any change: a new version, timers for the new deciders, the end."""
        self.version += 1
        self.touched = now
        if self.status == RUNNING and self.match.is_over():
            self.status = OVER
            self.result = self.record().result
        self.clocks.sync(self.human_deciders(), now)
        self.track_decisions()

    def track_decisions(self) -> None:
        """Note the version at which each decider's decision began: a seat's
        action is stale only if its legal actions changed since (at a
        simultaneous step, another seat's choice does not make it stale)."""
        decisions = {}
        for seat in self.deciders():
            ids = tuple(self.match.state.legal_action_ids(seat))
            held = self.decisions.get(seat)
            decisions[seat] = held if held and held[1] == ids else (self.version, ids)
        self.decisions = decisions
        self.legal_texts = {seat: kept for seat, kept in self.legal_texts.items()
                            if decisions.get(seat) == kept[0]}

    def decision_since(self, seat: int) -> int:
        """The oldest version an action of ``seat`` may be based on."""
        held = self.decisions.get(seat)
        return held[0] if held else self.version

    # --- what clients get ------------------------------------------------------
    def to_json(self, connected: set[int]) -> dict:
        return {"id": self.id, "game": self.game.name, "title": self.game.title,
                "options": self.game.record_options(), "public": self.public,
                "timer": self.clocks.timer.to_json() if self.clocks.timer else None,
                "status": self.status, "version": self.version, "created": self.created,
                "seats": [{**seat.to_json(i, i in connected), "misses": self.misses(i)}
                          for i, seat in enumerate(self.seats)],
                "result": self.result, "rematch_of": self.rematch_of,
                "hints": self.hints, "hints_allowed": self.hints_allowed, "daily": self.daily,
                "rated": self.rated, "variant": self.game.variant()}

    @property
    def hints_allowed(self) -> bool:
        """A rated game is played without hints, and so is the daily challenge;
        every other table may ask for them (the table shows who did)."""
        return not self.rated and self.daily is None

    @cached_property
    def layout(self) -> dict:
        """What a client needs to draw the sheet or board (built once)."""
        return self.game.layout()

    def legal(self, seat: int | None) -> list[dict]:
        """The seat's legal actions (``game.action_json``); none for a spectator
        or a seat with nothing to decide."""
        held = self.decisions.get(seat) if seat is not None else None
        return [self.game.action_json(i) for i in held[1]] if held else []

    def legal_text(self, seat: int | None) -> str:
        """:meth:`legal` as JSON text, joined once per decision from each
        action's text (``game.action_text``, itself encoded once per game
        configuration) and kept with the decision: a seat's legal actions stay
        the same until its decision changes, while every change of the table
        (another seat's choice at a simultaneous step, a player who comes or
        goes) broadcasts them again."""
        held = self.decisions.get(seat) if seat is not None else None
        if not held:
            return "[]"
        kept = self.legal_texts.get(seat)
        if kept is None or kept[0] != held:
            text = self.game.action_text
            kept = self.legal_texts[seat] = (held, f"[{','.join([text(i) for i in held[1]])}]")
        return kept[1]

    def summary(self) -> dict | None:
        """The end of the game for every surface: winners, places, each seat's
        score by the game's own parts, the engine's words on the result, the
        solo rating and the rating changes (once stored)."""
        if self.status != OVER:
            return None
        state = self.match.state
        scores = state.scores()
        parts = [[{"name": name, "value": value} for name, value in state.score_parts(seat).items()]
                 for seat in range(len(self.seats))]
        return {"winners": state.winners(), "places": state.places(), "scores": scores, "parts": parts,
                "explain": [event.to_json() for event in self.game.result_events(state)],
                "rating": self.game.rating(scores[0]) if len(self.seats) == 1 else None,
                "ratings": (self.result or {}).get("ratings", {})}

    def record(self) -> GameRecord:
        return self.match.record([seat.name() for seat in self.seats])

    def replay(self) -> dict:
        """Every step with its notation, its log entries and the public view
        after it; the steps grouped into moves; the chat and the summary."""
        state = self.game.new_initial_state()
        steps = []
        for entry in self.match.entries:
            state.apply(entry.notation, entry.seat)
            steps.append({"seat": entry.seat, "notation": entry.notation, "events": [],
                          "view": state.view(None)})
        for line in self.log:
            steps[line["step"]]["events"].append(line)
        return {"steps": steps, "moves": moves(self.game, self.match.entries), "chat": self.chat,
                "summary": self.summary()}
