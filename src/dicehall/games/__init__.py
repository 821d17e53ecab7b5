"""The games: one package per game, each registering itself with the engine."""
