"""A game at the terminal: humans type actions, bots move on their own."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType

from rich.console import Console

from .bots import make_bot
from .engine import DicehallError, Match
from .engine.events import Event, record_events
from .engine.state import SIMULTANEOUS, TERMINAL, GameState
from .engine.words import render

HELP = ("Type an action's notation (as listed) or its number in the list; the start "
        "of a notation lists the actions that begin with it; 'all' lists every action; "
        "'?' shows this help, 'quit' ends the game.")
LIST_AT_MOST = 40


class Quit(Exception):
    """The human ended the game."""


class TerminalTable:
    """Runs a match: bots by name, humans through prompts on the console; every
    step (bots' moves, rolls, knock-outs, lava…) is told in the engine's words."""

    def __init__(self, match: Match, seats: list[str], render: ModuleType, console: Console):
        self.match = match
        self.seats = seats
        self.names = [f"{who} (seat {seat})" for seat, who in enumerate(seats)]
        self.bots = {seat: make_bot(who) for seat, who in enumerate(seats) if who != "human"}
        self.render = render
        self.console = console
        self.rng = random.Random(match.seed)
        self.hot_seat = len(seats) - len(self.bots) > 1
        self.last_human: int | None = None

    def run(self) -> None:
        match = self.match
        self.tell(match.game.new_initial_state(), 0)
        try:
            while match.current_player() != TERMINAL:
                for seat in match.state.deciders():
                    self.decide(seat)
        except Quit:
            self.console.print("Game abandoned.")
            return
        self.console.print(self.render.render_state(match.state, names=self.names))
        self.console.print(self.render.render_scores(match.state, names=self.names))
        self.say(match.game.result_events(match.state))

    def decide(self, seat: int) -> None:
        state = self.match.state
        if seat in self.bots:
            action_id = self.bots[seat].choose(state, seat, self.rng)
            if state.current_player() != SIMULTANEOUS:   # a simultaneous choice stays hidden
                action = state.game.action_from_id(action_id)
                self.console.print(f"{self.names[seat]} plays [bold]{action}[/]", highlight=False)
            self.step(lambda: self.match.play(action_id, seat))
            return
        if self.hot_seat and seat != self.last_human:
            self.hand_over(seat)
        self.console.print(self.render.render_state(state, seat, names=self.names))
        while not self.ask(seat):
            pass

    def hand_over(self, seat: int) -> None:
        """Hot-seat: clear the screen so the next player does not see the last
        one's choice, and wait until they have the keyboard."""
        self.last_human = seat
        self.console.clear()
        try:
            self.console.input(f"Pass the keyboard to {self.names[seat]} and press Enter ")
        except EOFError:
            raise Quit from None

    def ask(self, seat: int) -> bool:
        """Prompt ``seat`` once; True when a legal action was played."""
        actions = self.match.state.legal_actions(seat)
        if len(actions) <= LIST_AT_MOST:
            self.show(actions, actions)
        else:
            self.console.print(f"{len(actions)} legal actions, for example {actions[-1]}; type the "
                               "start of one to list those, or 'all'.", highlight=False)
        try:
            text = self.console.input(f"{self.names[seat]} > ").strip().lower()
        except EOFError:
            raise Quit from None
        if text in ("quit", "exit"):
            raise Quit
        if text in ("?", "help", ""):
            self.console.print(HELP)
            return False
        if text == "all":
            self.show(actions, actions)
            return False
        if text.isdigit() and 0 < int(text) <= len(actions):
            return self.play(actions[int(text) - 1], seat)
        starting = [action for action in actions if str(action).startswith(text)]
        if starting and text not in map(str, actions) and len(starting) < len(actions):
            self.show(starting, actions)
            return False
        return self.play(text, seat)

    def show(self, actions: list, numbered: list) -> None:
        """List ``actions``, each with its number in the full list ``numbered``."""
        number = {action: i for i, action in enumerate(numbered, 1)}
        listing = "  ".join(f"[dim]{number[action]}[/] {action}" for action in actions)
        self.console.print(listing, highlight=False)

    def play(self, action, seat: int) -> bool:
        try:
            self.step(lambda: self.match.play(action, seat))
        except DicehallError as error:
            self.console.print(f"[red]{error}[/]")
            return False
        return True

    def step(self, apply: Callable[[], None]) -> None:
        """Apply a step (and the chance steps it leads to) and tell what happened."""
        before, first = self.match.state.clone(), len(self.match.entries)
        apply()
        self.tell(before, first)

    def tell(self, before: GameState, first: int) -> None:
        """Print the words of the match's steps from ``first`` on, played from ``before``."""
        for events in record_events(self.match.game, self.match.entries[first:], before):
            self.say(events)

    def say(self, events: list[Event]) -> None:
        for event in events:
            self.console.print(f"  {render(event, 'en', self.names)}", markup=False, highlight=False)
