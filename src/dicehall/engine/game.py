"""A configured game: one game's rules with one set of options.

A :class:`Game` knows its options, how many action ids exist, how to turn an
action id into a value object and notation and back, and how to make the
initial state. Games register themselves in :mod:`dicehall.engine.registry`.
"""

from __future__ import annotations

import dataclasses
import json
import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, ClassVar

from .chance import Roll
from .errors import NotationError
from .events import Event, Narrator, result_events, step_events
from .options import Option, resolve_options
from .record import RecordEntry
from .state import GameState


class Game(ABC):
    """Base of every game definition."""

    name: ClassVar[str]
    #: the game's name: the class names the family (the lobby's list of games);
    #: a configuration may name its own edition (a classic Noch mal table is
    #: "Noch mal!"), which tables, plots and descriptions use
    title: str
    option_specs: ClassVar[tuple[Option, ...]]

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = resolve_options(self.name, self.option_specs, options)

    @property
    def num_players(self) -> int:
        return self.options["players"]

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """How many action ids this configuration has (ids are 0..n-1)."""

    @abstractmethod
    def new_initial_state(self) -> GameState:
        """The state before the first chance event or decision."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Any:
        """The action value object for an id."""

    @abstractmethod
    def action_id(self, action: Any) -> int:
        """The stable id of an action value object."""

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """Read an action's notation; ``parse_action(str(a)) == a``."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state written by ``GameState.to_json``."""

    def parse_chance(self, text: str) -> Any:
        """Read a chance outcome's notation (dice rolls by default)."""
        return Roll.parse(text)

    def to_action_id(self, action: Any) -> int:
        """An action id from an id, a value object or a notation."""
        if isinstance(action, bool):
            raise NotationError(f"{action!r} is not an action")
        if isinstance(action, int):
            if not 0 <= action < self.num_distinct_actions:
                raise NotationError(f"{action} is not an action id of this game")
            return action
        if isinstance(action, str):
            action = self.parse_action(action)
        return self.action_id(action)

    # --- bounds for learning and search (docs/rl.md); None: the game gives none yet
    @property
    def max_game_length(self) -> int | None:
        """The most steps (decisions, one per deciding seat, and chance events) a
        game of this configuration can take, or ``None`` if the rules set no bound
        or the game does not state one. The RL adapters truncate there, or at
        their own documented cap."""
        return None

    @property
    def max_chance_outcomes(self) -> int | None:
        """The most outcomes any chance event of this configuration has (the
        length of the longest ``state.chance_outcomes()``), or ``None`` if the game
        does not state it."""
        return None

    @property
    def max_chance_parts(self) -> int:
        """The most parts a chance event is offered in (``state.chance_parts()``):
        1 unless the game factors its rolls."""
        return 1

    @property
    def max_chance_part_outcomes(self) -> int | None:
        """The most values any part of a chance event has (``chance_parts()``);
        ``max_chance_outcomes`` where rolls are not factored."""
        return self.max_chance_outcomes

    def score_bounds(self) -> tuple[int, int] | None:
        """The lowest and the highest score a seat can end with in this
        configuration, or ``None`` if the game does not state them."""
        return None

    #: the search bot (with its budget, see ``dicehall.bots.make_bot``) that
    #: plays each difficulty level above ``easy``; the tree search gains less
    #: and less from more iterations, so ``medium`` searches a tenth of ``hard``
    #: to sit between it and ``easy`` (docs/strength.md, "The ladder")
    levels: ClassVar[dict[str, str]] = {
        "medium": "mcts:iterations=100:seconds=0.25",
        "hard": "mcts:iterations=1000:seconds=2",
        "expert": "mcts:iterations=5000:seconds=9",
    }

    #: the option whose choices the daily challenge takes in turn, day by day
    #: (:mod:`.daily`); ``None``: the game has no solo play, so no challenge
    daily_option: ClassVar[str | None] = None

    #: the actions that ask for a roll (a spin, a reroll): the roll stays in that
    #: seat's move (see :mod:`dicehall.engine.moves`)
    roll_requests: ClassVar[tuple[type, ...]] = ()

    #: the option naming a data file (a custom sheet or board), if the game has one;
    #: records store that file's table inline, so they replay without the file
    data_option: ClassVar[str | None] = None
    data: dict | None = None

    #: the option whose value names a variant of the game (ratings and
    #: leaderboards are kept per variant: a Dizzle level, a Noch mal edition)
    variant_option: ClassVar[str | None] = None

    def variant(self) -> str | None:
        """This configuration's variant as ``option=value`` (``None``: a custom
        sheet or board, which no leaderboard ranks)."""
        if self.data_option and self.options[self.data_option] is not None:
            return None
        option = self.variant_option
        return f"{option}={self.options[option]}" if option else "standard"

    @classmethod
    def variants(cls) -> list[str]:
        """Every shipped variant, as :meth:`variant` names them."""
        option = next((o for o in cls.option_specs if o.name == cls.variant_option), None)
        return [f"{option.name}={value}" for value in option.choices] if option else ["standard"]

    def record_options(self) -> dict:
        """The options as a game record stores them (self-contained)."""
        options = dict(self.options)
        if self.data_option and options[self.data_option] is not None:
            options[self.data_option] = self.data
        return options

    def action_json(self, action_id: int) -> dict:
        """An action as JSON-ready data for a client: its id, notation, kind
        (the value class, lower case) and the value object's fields. A fresh
        dict each call, copied from :meth:`described` (its values are immutable)."""
        return dict(self.described(action_id)[0])

    def action_notation(self, action_id: int) -> str:
        """``str(self.action_from_id(action_id))``, from :meth:`described`."""
        return self.described(action_id)[0]["notation"]

    def action_text(self, action_id: int) -> str:
        """:meth:`action_json` as compact JSON text, from :meth:`described`."""
        return self.described(action_id)[1]

    def described(self, action_id: int) -> tuple[dict, str]:
        """An id's :meth:`action_json` and its JSON text, decoded once and
        shared: never change the dict.

        An id's action is fixed by the configuration, and a live table shows
        a seat's legal actions at every broadcast (Noch mal so gut! has about
        6,000 ids and up to hundreds legal at once), so each id is described
        once per configuration: every game object of the same name and
        :meth:`record_options` shares one cache (:func:`descriptions`), which
        holds an entry for each id asked for. The game keeps a reference to
        it that pickling leaves out (:meth:`__getstate__`); a copy looks it
        up again on first use."""
        cache = self.__dict__.get("_described")
        if cache is None:
            cache = self.__dict__["_described"] = descriptions(self)
        entry = cache.get(action_id)
        if entry is None:
            action = self.action_from_id(action_id)
            data = {"id": action_id, "notation": str(action), "kind": type(action).__name__.lower()}
            if dataclasses.is_dataclass(action):
                data.update(dataclasses.asdict(action))
            entry = cache[action_id] = (data, json.dumps(data, separators=(",", ":"), ensure_ascii=False))
        return entry

    def __getstate__(self) -> dict:
        """The game's attributes without its reference to the shared cache of
        :meth:`described`."""
        state = dict(self.__dict__)
        state.pop("_described", None)
        return state

    def layout(self) -> dict:
        """What a client needs to draw this configuration (sheet, board), as
        JSON-ready data taken from the loaded model. Games override it with
        their model's fields; by default it is the self-contained options."""
        return {"game": self.name, "options": self.record_options()}

    def evaluate(self, state: GameState, seat: int) -> float:
        """A heuristic value of ``state`` for ``seat`` (used by simple bots)."""
        return float(state.scores()[seat])

    def rating(self, score: int) -> str | None:
        """The printed rating of a solo score, where the game has one."""
        return None

    #: words each step of this game (``games/<game>/events.py``)
    narrator: ClassVar[Narrator] = Narrator()

    def step_events(self, before: GameState, entry: RecordEntry, after: GameState,
                    timed_out: bool = False) -> list[Event]:
        """The words of one record step, from the states around it (``before`` a
        clone taken before the step). A timed-out step starts with
        ``common.timeout``; a simultaneous choice still hidden yields only
        ``common.chose``, and the last one, ``common.chose`` followed by every
        choice revealed and what they set off."""
        return step_events(self, before, entry, after, timed_out)

    def result_events(self, state: GameState) -> list[Event]:
        """The words of the end: winner or shared win (solo: score and rating) and
        the tie-breaks that split equal scores."""
        return result_events(self, state)

    def describe(self) -> str:
        """A one-line description of this configuration."""
        return f"{self.title} ({', '.join(f'{k}={v}' for k, v in self.record_options().items())})"


#: configurations whose action descriptions are kept once no game needs them
#: any more (a live game holds its own configuration's)
DESCRIPTIONS_KEPT = 16
_descriptions: OrderedDict[str, dict[int, tuple[dict, str]]] = OrderedDict()
_descriptions_lock = threading.Lock()


def descriptions(game: Game) -> dict[int, tuple[dict, str]]:
    """The cache of :meth:`Game.described` shared by every game of ``game``'s
    name and options (the last ``DESCRIPTIONS_KEPT`` configurations used)."""
    key = json.dumps([game.name, game.record_options()], sort_keys=True, separators=(",", ":"),
                     default=str)
    with _descriptions_lock:
        cache = _descriptions.get(key)
        if cache is None:
            cache = _descriptions[key] = {}
            while len(_descriptions) > DESCRIPTIONS_KEPT:
                _descriptions.popitem(last=False)
        else:
            _descriptions.move_to_end(key)
        return cache
