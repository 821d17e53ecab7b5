"""The ``dicehall`` command line: play, simulate, replay, bench and look at sheets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Annotated, Optional

import typer
from rich.console import Console

from .bots import bot_names
from .engine import (
    DicehallError,
    Game,
    GameRecord,
    Match,
    game_class,
    game_names,
    make_game,
    parse_option_pairs,
)
from .engine.state import TERMINAL
from .sim import bench as run_bench
from .sim import simulate as run_simulate

app = typer.Typer(help="Dicehall: play and analyse Dizzle, Noch mal so gut! and Razzle-Dazzle.",
                  no_args_is_help=True, add_completion=False)
levels_app = typer.Typer(help="Look at Dizzle level sheets.", no_args_is_help=True)
app.add_typer(levels_app, name="levels")
console = Console()
errors = Console(stderr=True)

OptionsArg = Annotated[Optional[list[str]], typer.Option(
    "-o", "--option", help="A game option as key=value (see `dicehall games`); repeatable.")]
PlayersArg = Annotated[Optional[int], typer.Option("--players", "-p", help="Number of players.")]
JsonArg = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]


def fail(message: str) -> None:
    errors.print(f"[bold red]error:[/] {message}", highlight=False)
    raise typer.Exit(2)


@contextmanager
def reported() -> Iterator[None]:
    """Turn the engine's errors on bad input into a message and exit status 2."""
    try:
        yield
    except DicehallError as error:
        fail(str(error))


def configure(name: str, players: int | None, pairs: list[str] | None) -> Game:
    """The configured game from the command line's options."""
    options = parse_option_pairs(pairs or [])
    if players is not None:
        options["players"] = players
    return make_game(name, options)


def renderer(game: Game) -> ModuleType:
    """The game's rendering module: ``dicehall.games.<name>.render``."""
    return import_module(f"dicehall.games.{game.name}.render")


@app.command()
def games() -> None:
    """List the games, their options and the bots."""
    for name in game_names():
        cls = game_class(name)
        console.print(f"[bold]{name}[/] — {cls.title}")
        for option in cls.option_specs:
            console.print(f"  -o {option.describe()}", highlight=False)
    console.print(f"bots: {', '.join(bot_names())}")


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game to play.")],
    players: PlayersArg = None,
    option: OptionsArg = None,
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", help="Who plays each seat, in order: human or a bot name; repeatable. "
        "Default: seat 0 human, the others greedy.")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed for the dice.")] = None,
    record: Annotated[Optional[Path], typer.Option(help="Write the game record here.")] = None,
) -> None:
    """Play a game in the terminal against bots (or hot-seat)."""
    from .play import TerminalTable

    with reported():
        game = configure(game_name, players, option)
        seats = list(seat or ["human"])
        seats += ["greedy"] * (game.num_players - len(seats))
        if len(seats) > game.num_players:
            fail(f"{len(seats)} seats given for a {game.num_players}-player game")
        match = Match(game, seed)
        table = TerminalTable(match, seats, renderer(game), console)
        table.run()
    if record:
        match.record(seats).save(record)
        console.print(f"record written to {record}")


@app.command()
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    bots: Annotated[str, typer.Option(help="Bots by seat, comma-separated; cycled over the seats.")],
    games_count: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the run; same seed, same numbers.")] = 0,
    players: PlayersArg = None,
    option: OptionsArg = None,
    records: Annotated[Optional[Path], typer.Option(
        help="Write every game's record into this folder.")] = None,
    as_json: JsonArg = False,
) -> None:
    """Play many games between bots and report scores and wins per seat."""
    with reported():
        game = configure(game_name, players, option)
        names = [name.strip() for name in bots.split(",") if name.strip()]
        if not names:
            fail("--bots names no bot")
        on_record = None
        if records:
            records.mkdir(parents=True, exist_ok=True)
            def on_record(index: int, rec: GameRecord) -> None:
                rec.save(records / f"{game.name}-{seed}-{index:05d}.record.json")
        result = run_simulate(game, names, games_count, seed, on_record)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    console.print(f"{game.describe()}: {result.games} games, seed {seed}, "
                  f"{result.games_per_second:.1f} games/s", highlight=False)
    for stats in result.seats:
        console.print(f"  seat {stats.seat} {stats.bot:>8}: mean {stats.mean_score:7.2f} "
                      f"± {stats.stdev_score:6.2f}  wins {stats.wins:g} "
                      f"({100 * stats.win_rate:.1f}%)", highlight=False)


@app.command()
def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    players: PlayersArg = None,
    option: OptionsArg = None,
    seconds: Annotated[float, typer.Option(min=0.1, help="How long to run.")] = 3.0,
    as_json: JsonArg = False,
) -> None:
    """Measure random-playout throughput on one core (chance events count as actions)."""
    with reported():
        game = configure(game_name, players, option)
    result = run_bench(game, seconds)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    console.print(f"{game.describe()}: {result.games_per_second:,.0f} games/s, "
                  f"{result.actions_per_second:,.0f} actions/s "
                  f"({result.games} games in {result.seconds:.1f} s)", highlight=False)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    as_json: JsonArg = False,
    svg: Annotated[Optional[Path], typer.Option(
        help="Also draw the final sheets as an SVG picture here (Dizzle).")] = None,
) -> None:
    """Replay a game record and show the final position and scores."""
    with reported():
        rec = GameRecord.load(file)
        state = rec.replay()
        if svg:
            if rec.game != "dizzle":
                fail("--svg draws Dizzle sheets only")
            from .games.dizzle.svg import game_svg
            svg.write_text(game_svg(state), encoding="utf-8")
    if as_json:
        print(json.dumps({
            "game": rec.game, "options": rec.options, "terminal": state.is_terminal(),
            "scores": state.scores(), "ranking": state.ranking(), "actions": len(rec.entries)}))
        return
    render = renderer(state.game)
    console.print(render.render_state(state, names=rec.seats))
    console.print(render.render_scores(state, names=rec.seats))
    if state.current_player() != TERMINAL:
        console.print(f"(the record stops before the end: {len(rec.entries)} steps)")


LevelArg = Annotated[str, typer.Argument(metavar="LEVEL|FILE",
                                         help="A level number (1-8) or a sheet file.")]


@levels_app.command("show")
def levels_show(
    level: LevelArg,
    svg: Annotated[Optional[Path], typer.Option(help="Draw it as an SVG picture here instead.")] = None,
) -> None:
    """Draw a Dizzle sheet in the terminal or as an SVG picture."""
    from .games.dizzle.render import render_sheet
    from .games.dizzle.svg import sheet_svg

    options = {"level": level} if level.isdigit() else {"sheet": level}
    with reported():
        game = make_game("dizzle", options)
    sheet = game.sheet
    if svg:
        svg.write_text(sheet_svg(sheet, title=sheet.name), encoding="utf-8")
        console.print(f"{sheet.name} drawn to {svg}")
        return
    console.print(f"[bold]{sheet.name}[/]" + (f" (level {sheet.level})" if sheet.level else ""))
    if sheet.description:
        console.print(sheet.description, highlight=False)
    console.print(render_sheet(sheet))


@levels_app.command("check")
def levels_check(level: LevelArg) -> None:
    """Check a sheet beyond its schema: reachability, number spread, sane points.
    Exits with status 1 when there are problems."""
    from .games.dizzle.check import check_level_file

    with reported():
        sheet, problems = check_level_file(level)
    for problem in problems:
        console.print(f"{level}: {problem}", highlight=False, soft_wrap=True)
    if problems:
        raise typer.Exit(1)
    console.print(f"{sheet.name}: no problems found", highlight=False)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
