"""Turning lobby requests into tables, and the games a table can offer."""

from __future__ import annotations

from typing import Any

from ..engine.errors import DicehallError
from ..engine.game import Game
from ..engine.registry import game_class, game_names, make_game
from .config import Settings
from .protocol import CreateTable
from .tables import LiveTable, Seat
from .timers import Timer


class LobbyError(Exception):
    """A lobby request refused: an HTTP status, the reason for people and a
    code for programs (clients translate by it; see docs/server.md)."""

    def __init__(self, status: int, detail: str, code: str):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.code = code


def configure(name: str, options: dict[str, Any]) -> Any:
    """The configured game; a data-file option must be an inline table, never a
    path, so that no client can make the server read its files."""
    try:
        cls = game_class(name)
        if cls.data_option and isinstance(options.get(cls.data_option), str):
            raise LobbyError(400, f"option {cls.data_option!r} must be an inline table here, not a file",
                             code="sheet-file")
        return make_game(name, options)
    except DicehallError as error:
        raise LobbyError(400, str(error), code="options") from None


def table_options(spec: CreateTable) -> dict[str, Any]:
    """The options of a requested table: ``players`` defaults to its seats."""
    return {"players": len(spec.seats), **spec.options}


def new_table(spec: CreateTable, game: Game, settings: Settings, now: float, **fields: Any) -> LiveTable:
    """A table of the configured ``game`` (``configure(spec.game, table_options(spec))``);
    ``fields`` as for :meth:`LiveTable.create`."""
    if game.num_players != len(spec.seats):
        raise LobbyError(400, f"{len(spec.seats)} seats given for a {game.num_players}-player game",
                         code="seat-count")
    seats = [seat_of(spec_seat.kind, spec_seat.level, settings) for spec_seat in spec.seats]
    if all(seat.kind == "bot" for seat in seats):
        raise LobbyError(400, "a table needs at least one open seat", code="open-seat-needed")
    if spec.rated and game.num_players == 1:
        raise LobbyError(400, "a solo game is not rated (its score is its measure: see the solo "
                              "ratings and the daily challenge)", code="rated-solo")
    if spec.rated and game.variant() is None:
        raise LobbyError(400, "a game on a custom sheet or board is not rated: no leaderboard ranks it",
                         code="rated-variant")
    if "timer" in spec.model_fields_set:
        timer = Timer(spec.timer.kind, spec.timer.seconds, spec.timer.takeover) if spec.timer else None
    else:
        timer = default_timer(game.options)
    return LiveTable.create(game, seats, timer, spec.public, now, settings.bank_floor_seconds,
                            rated=spec.rated, **fields)


def seat_of(kind: str, level: str | None, settings: Settings) -> Seat:
    if kind == "open":
        if level is not None:
            raise LobbyError(400, "an open seat has no level", code="open-level")
        return Seat()
    if level not in settings.bot_levels:
        raise LobbyError(400, f"bot level must be one of {', '.join(settings.bot_levels)}, not {level!r}",
                         code="bot-level")
    return Seat("bot", level)


def default_timer(options: dict[str, Any]) -> Timer | None:
    """A game with a ``move_time`` option (Razzle-Dazzle) times every move by it."""
    seconds = options.get("move_time")
    return Timer("move", seconds) if seconds else None


def games_json(settings: Settings) -> list[dict]:
    """Every game with its player counts, options, the bot levels on offer and
    its variants (the leaderboards)."""
    result = []
    for name in game_names():
        cls = game_class(name)
        players = next(option.choices for option in cls.option_specs if option.name == "players")
        result.append({
            "name": name, "title": cls.title, "players": [min(players), max(players)],
            "options": [{"name": o.name, "kind": o.kind.__name__, "default": o.default,
                         "choices": list(o.choices) if o.choices else None, "help": o.help}
                        for o in cls.option_specs if o.name not in ("players", cls.data_option)],
            "bots": list(settings.bot_levels), "variants": cls.variants()})
    return result
