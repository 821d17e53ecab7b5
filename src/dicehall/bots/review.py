"""Post-game review: every decision of one seat weighed, in points.

For each decision the seat made, the reviewer takes the position as that seat
knew it (``state.redacted(seat)``: others' hidden choices are made again, never
peeked at) and plays on from it after each of a few candidate actions: the
reference's best ``width``, and the action taken. Every candidate is played
``rounds`` times to the end by the reference policy in every seat, the same
dice for every candidate in a round ("common random numbers"), and its value
is the seat's mean final score. The **reference** (:func:`reference`) is the
configuration's learned value one step ahead where one is shipped (solo games
on the shipped sheets: it plays solo Dizzle level 1 to 57 where greedy play
reaches 37), else the greedy bot. So:

* the **preferred** action is the candidate with the highest value in the
  even rounds;
* the **loss** of the action taken is the preferred one's value minus its
  own in the odd rounds, with a 95% interval from their paired differences
  (picking and measuring on the same rounds would overstate every loss: the
  best of a few noisy means is too high by the noise); a decision is a
  **mistake** when its loss is at least :data:`MISTAKE_POINTS` and the
  interval's low end is above zero;
* the score splits exactly into the start and three parts, each estimated
  with the same values: ``score = start + against_reference + luck``, where
  ``start`` is what the reference expects from the first position,
  ``against_reference`` adds up, decision by decision, the value of the
  action taken minus that of the reference's own choice (what the seat's own
  choices gained over the reference's play), and ``luck`` is every change of
  value between one decision and the next (the dice, and in games for several
  the others' play). ``lost_to_decisions`` adds up the losses against the
  preferred actions.

The values are estimates by the reference's play to the end: a decision it
cannot exploit may be valued low. More ``rounds`` narrow the intervals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean, stdev

from ..engine.game import Game
from ..engine.playout import Policy, play_on
from ..engine.record import GameRecord
from ..engine.state import GameState
from .greedy import greedy_choice, ranked
from .learned import ranked_by_value, shipped_model, value_choice

#: a decision is flagged as a mistake from this expected loss (points) on
MISTAKE_POINTS = 2.0
#: the two-sided 95% normal quantile, for the intervals of the losses
Z95 = 1.96
#: how the summary names each reference's play
REFERENCE_WORDS = {"learned": "the learned value's play", "greedy": "greedy play"}


@dataclass(frozen=True)
class Reference:
    """The play a review values decisions by: its ``policy`` in every seat,
    and ``ranking(state, seat, rng)``, the seat's legal actions best first."""

    name: str
    policy: Policy
    ranking: Callable[[GameState, int, random.Random], list[int]]


def reference(game: Game) -> Reference:
    """The configuration's learned value one step ahead where a model is
    shipped for it, else the greedy bot."""
    model = shipped_model(game)
    if model is None:
        def by_evaluation(state: GameState, seat: int, rng: random.Random) -> list[int]:
            return [action for _, _, action, _ in ranked(state, seat, state.legal_action_ids(seat), rng)]
        return Reference("greedy", greedy_choice, by_evaluation)

    def by_value(state: GameState, seat: int, rng: random.Random) -> list[int]:
        return [action for action, _ in ranked_by_value(model, state, seat, state.legal_action_ids(seat))]
    return Reference("learned", lambda state, seat, rng: value_choice(model, state, seat, rng), by_value)


@dataclass
class Decision:
    """One decision of the reviewed seat. ``values`` maps each candidate's
    notation to its estimated final score (best first)."""

    step: int
    taken: str
    preferred: str
    reference: str
    values: dict[str, float]
    loss: float
    low: float
    high: float

    @property
    def mistake(self) -> bool:
        return self.loss >= MISTAKE_POINTS and self.low > 0

    def to_json(self) -> dict:
        return {"step": self.step, "taken": self.taken, "preferred": self.preferred,
                "reference": self.reference, "loss": round(self.loss, 2),
                "interval": [round(self.low, 2), round(self.high, 2)], "mistake": self.mistake,
                "values": {action: round(value, 2) for action, value in self.values.items()}}


@dataclass
class Review:
    """A finished game's review for one seat (see the module's docstring)."""

    game: str
    options: dict
    seat: int
    score: int
    start: float
    rounds: int
    width: int
    #: the play the values come from: ``learned`` or ``greedy`` (:func:`reference`)
    reference: str
    decisions: list[Decision] = field(default_factory=list)

    @property
    def lost_to_decisions(self) -> float:
        return sum(decision.loss for decision in self.decisions)

    @property
    def against_reference(self) -> float:
        return sum(d.values[d.taken] - d.values[d.reference] for d in self.decisions)

    @property
    def luck(self) -> float:
        return self.score - self.start - self.against_reference

    def mistakes(self, most: int = 3) -> list[Decision]:
        """The biggest mistakes, largest loss first."""
        flagged = [decision for decision in self.decisions if decision.mistake]
        return sorted(flagged, key=lambda decision: -decision.loss)[:most]

    def summary(self) -> str:
        """The review in a sentence: the score's parts, and the loss to decisions."""
        gained, luck = self.against_reference, self.luck
        chance = "the dice" if self.options.get("players", 1) == 1 else "the dice and the others' play"
        count = len(self.mistakes(len(self.decisions)))
        play = REFERENCE_WORDS[self.reference]
        return (f"You scored {self.score} where {play} expects {self.start:.1f} from the start: "
                f"your decisions {'gained' if gained >= 0 else 'lost'} {abs(gained):.1f} against "
                f"{play} and {chance} {'gave' if luck >= 0 else 'took'} {abs(luck):.1f}. "
                f"Against the preferred actions you lost about {max(self.lost_to_decisions, 0):.1f} "
                f"points to decisions ({count} {'mistake' if count == 1 else 'mistakes'}).")

    def to_json(self) -> dict:
        return {"game": self.game, "options": self.options, "seat": self.seat, "score": self.score,
                "start": round(self.start, 2), "rounds": self.rounds, "width": self.width,
                "reference": self.reference, "lost_to_decisions": round(self.lost_to_decisions, 2),
                "against_reference": round(self.against_reference, 2), "luck": round(self.luck, 2),
                "summary": self.summary(), "mistakes": [d.step for d in self.mistakes()],
                "decisions": [decision.to_json() for decision in self.decisions]}


def review(record: GameRecord, seat: int, *, rounds: int = 16, width: int = 4, seed: int | str = 0,
           progress: Callable[[int, int], None] | None = None,
           files: Collection[str | Path] = ()) -> Review:
    """Review the finished game of ``record`` for ``seat``. ``progress(done,
    total)`` is called after each decision weighed; ``files`` are the sheet or
    board files the record may name (as for :meth:`GameRecord.replay`).

    Raises :class:`ValueError` for a game not finished, a seat not in it, or a
    budget below one; :class:`~dicehall.engine.record.ReplayError` for a record
    that does not replay."""
    if rounds < 4 or width < 1:
        raise ValueError("a review needs at least 4 rounds and 1 candidate")
    game = record.make_game(files)
    if not 0 <= seat < game.num_players:
        raise ValueError(f"seat {seat} is not in this game (seats 0-{game.num_players - 1})")
    final = record.replay(files=files)
    if not final.is_terminal():
        raise ValueError("the game is not finished: only finished games are reviewed")
    steps = [index for index, entry in enumerate(record.entries) if entry.seat == seat]
    state, play = game.new_initial_state(), reference(game)
    start = fmean(play_on(state.clone(), play.policy, random.Random(f"{seed}:start:{k}"))[seat]
                  for k in range(rounds))
    result = Review(game.name, game.record_options(), seat, final.scores()[seat], start, rounds, width,
                    play.name)
    for index, entry in enumerate(record.entries):
        if entry.seat == seat:
            result.decisions.append(weigh(state, seat, entry.notation, index, rounds, width, seed, play))
            if progress is not None:
                progress(len(result.decisions), len(steps))
        state.apply(entry.notation, entry.seat)
    return result


def weigh(state: GameState, seat: int, notation: str, step: int, rounds: int, width: int,
          seed: int | str, play: Reference) -> Decision:
    """One decision: the candidates' values and the loss of the one taken."""
    known = state.redacted(seat)
    taken = state.game.to_action_id(notation)
    rng = random.Random(f"{seed}:{step}")
    order = play.ranking(known, seat, rng)
    candidates = order[:width]
    if taken not in candidates:
        candidates.append(taken)
    finals = {action: [] for action in candidates}
    for k in range(rounds):
        for action in candidates:
            after = known.clone()
            after.apply_id(action, seat)
            finals[action].append(play_on(after, play.policy, random.Random(f"{seed}:{step}:{k}"))[seat])
    means = {action: fmean(scores) for action, scores in finals.items()}
    # the preferred action is picked on the even rounds and its loss measured on
    # the odd ones: the best of a few noisy means is too high by the noise
    picking = {action: fmean(scores[::2]) for action, scores in finals.items()}
    preferred = max(candidates, key=lambda action: (picking[action], action == taken))
    differences = [a - b for a, b in zip(finals[preferred][1::2], finals[taken][1::2])]
    loss = fmean(differences)
    margin = Z95 * stdev(differences) / math.sqrt(len(differences))
    decode = state.game.action_from_id
    values = {str(decode(action)): means[action] for action in sorted(candidates, key=lambda a: -means[a])}
    return Decision(step, str(decode(taken)), str(decode(preferred)), str(decode(order[0])), values,
                    loss, loss - margin, loss + margin)


def review_json(record: dict, seat: int, rounds: int, width: int) -> dict:
    """:func:`review` of a record's JSON, as JSON: what a worker process is
    handed and gives back (the server's reviews)."""
    return review(GameRecord.from_json(record), seat, rounds=rounds, width=width).to_json()
