"""Bots from outside the project, named by where they can be imported from.

``mypkg.mybot:MyBot`` names the attribute ``MyBot`` of the importable module
``mypkg.mybot``: a bot class, or any callable (a factory) that returns a bot.
Parameters follow as with the built-in bots, ``mypkg.mybot:MyBot:depth=3``,
and are passed to it as keyword arguments. A bot is anything with a
``choose(state, seat, rng)`` method (:class:`dicehall.bots.Bot`); one that also
has ``analyse`` (like :class:`dicehall.bots.base.SearchBot`) can give hints.

The module is imported in every process that makes the bot (the worker
processes of a simulation too), so it must be importable there: installed, or
on ``sys.path`` (``dicehall`` on the command line puts the current folder there).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..engine.errors import OptionError


def is_import_spec(name: str) -> bool:
    """Whether a bot name (not starting with a registered bot's name) is
    ``module:attribute[:key=value...]``: a dotted module, or a second part that
    is no ``key=value``."""
    base, colon, rest = name.partition(":")
    attribute = rest.split(":")[0]
    return bool(colon) and ("." in base or "=" not in attribute)


def split_spec(name: str) -> tuple[str, str, list[str]]:
    """``(module, attribute, settings)`` of ``module:attribute[:key=value...]``."""
    module, _, rest = name.partition(":")
    attribute, *settings = rest.split(":")
    if not module or not attribute:
        raise OptionError(f"bot {name!r}: name a module and a class as module:Class")
    return module, attribute, settings


def import_factory(name: str, module_name: str, attribute: str) -> Callable[..., Any]:
    """The callable ``attribute`` of the module, with an error that says what is missing."""
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is not None and (module_name + ".").startswith(error.name + "."):
            raise OptionError(f"bot {name!r}: no module named {module_name!r} "
                              "(is it installed, or on PYTHONPATH?)") from None
        raise OptionError(f"bot {name!r}: importing {module_name!r} failed: {error}") from None
    except Exception as error:  # any failure of the module's own code, reported in one line
        raise OptionError(f"bot {name!r}: importing {module_name!r} failed: "
                          f"{type(error).__name__}: {error}") from None
    factory = getattr(module, attribute, None)
    if factory is None:
        raise OptionError(f"bot {name!r}: module {module_name!r} has no attribute {attribute!r}")
    if not callable(factory):
        raise OptionError(f"bot {name!r}: {module_name}.{attribute} is not a class or a function")
    return factory


def load_bot(name: str, parameters: dict[str, object]) -> Any:
    """The bot made by ``module:attribute`` with ``parameters``, checked to
    implement the bot interface."""
    module_name, attribute, _ = split_spec(name)
    factory = import_factory(name, module_name, attribute)
    try:
        bot = factory(**parameters)
    except Exception as error:  # a researcher's constructor: its error in one line, not a traceback
        raise OptionError(f"bot {name!r}: making it failed: {type(error).__name__}: {error}") from None
    if not callable(getattr(bot, "choose", None)):
        raise OptionError(f"bot {name!r}: {module_name}.{attribute} made a {type(bot).__name__}, "
                          "which is not a bot: it has no choose(state, seat, rng) method")
    return bot
