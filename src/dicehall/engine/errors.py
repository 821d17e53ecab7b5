"""Errors the engine raises; every one carries a message fit to show a user."""


class DicehallError(Exception):
    """Base of every error Dicehall raises on bad input."""


class IllegalAction(DicehallError):
    """An action that is not legal in the current state; the state is unchanged.

    ``reason`` says why in a player's words; ``action`` is the notation, if known."""

    def __init__(self, reason: str, action: str | None = None):
        super().__init__(f"{action} is illegal: {reason}" if action else reason)
        self.reason = reason
        self.action = action


class OptionError(DicehallError):
    """A game option that is unknown, of the wrong type or out of range."""


class NotationError(DicehallError):
    """Text that is not the notation of any action or chance outcome of the game."""


class InconsistentState(DicehallError):
    """A state that breaks one of its game's invariants (see ``GameState.check``)."""
