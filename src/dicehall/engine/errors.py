"""Errors the engine raises; every one carries a message fit to show a user."""


class DicehallError(Exception):
    """Base of every error Dicehall raises on bad input."""


class IllegalAction(DicehallError):
    """An action that is not legal in the current state; the state is unchanged."""


class OptionError(DicehallError):
    """A game option that is unknown, of the wrong type or out of range."""


class NotationError(DicehallError):
    """Text that is not the notation of any action or chance outcome of the game."""


class InconsistentState(DicehallError):
    """A state that breaks one of its game's invariants (see ``GameState.check``)."""
