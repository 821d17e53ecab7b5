"""The ``dicehall`` command line: play, simulate, tournament, replay, bench, serve and look at sheets."""

from __future__ import annotations

import contextlib
import gc
import json
import operator
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import reduce
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.text import Text

from .bots import bot_names
from .bots.loading import is_import_spec
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
from .engine.state import TERMINAL, GameState
from .sim import SimulationResult, TournamentResult, plot_scores
from .sim import bench as run_bench
from .sim import simulate as run_simulate
from .sim import tournament as run_tournament
from .sim.rows import GameRows, read_rows
from .sim.runner import GameResult, check_resumed, shard_range
from .sim.tournament import check_bots

if TYPE_CHECKING:
    from .bots.review import Review

app = typer.Typer(help="Dicehall: play and analyse Dizzle, Noch mal so gut! and Razzle-Dazzle.",
                  no_args_is_help=True, add_completion=False)
levels_app = typer.Typer(help="Look at Dizzle level sheets and check them.", no_args_is_help=True)
app.add_typer(levels_app, name="levels")
console = Console()
errors = Console(stderr=True)

OptionsArg = Annotated[Optional[list[str]], typer.Option(
    "-o", "--option", help="A game option as key=value (see `dicehall games`); repeatable.")]
PlayersArg = Annotated[Optional[int], typer.Option("--players", "-p", help="Number of players.")]
JsonArg = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]


def fail(message: str) -> NoReturn:
    """Exit with status 2 after one line on stderr (never wrapped, no markup)."""
    line = Text.assemble(("error:", "bold red"), " ", " ".join(message.splitlines()))
    errors.print(line, highlight=False, soft_wrap=True)
    raise typer.Exit(2)


@contextmanager
def reported(source: Optional[Path] = None) -> Iterator[None]:
    """Turn the engine's errors on bad input into a message and exit status 2;
    ``source`` is the file the input came from, when the error cannot name it."""
    try:
        yield
    except DicehallError as error:
        fail(f"{source}: {error}" if source else str(error))


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
        write_outputs([(record, match.record(seats).save)])
        console.print(f"record written to {record}", highlight=False, markup=False)


#: the environment variable ``dicehall daily --user`` reads the password from
PASSWORD_VARIABLE = "DICEHALL_PASSWORD"


@app.command()
def daily(
    game_name: Annotated[Optional[str], typer.Argument(
        metavar="[GAME]",
        help="The game whose challenge to play; without one, list the day's challenges.")] = None,
    day: Annotated[Optional[str], typer.Option(help="The day, YYYY-MM-DD (UTC; default: today).")] = None,
    against: Annotated[str, typer.Option(
        help="The bot that plays the same dice after you, its score to beat (a level or bot name: "
             "hard takes a minute or two, expert up to 10 s a move; 'none' to skip; with --submit "
             "the server also answers with its own bot's score).")] = "hard",
    record: Annotated[Optional[Path], typer.Option(help="Write your game's record here "
                                                         "(then: dicehall review FILE).")] = None,
    submit: Annotated[Optional[str], typer.Option(
        help="A Dicehall server's address (http://host:port): enter your game on its leaderboard "
             "of the day (the server replays it on the day's dice).")] = None,
    user: Annotated[Optional[str], typer.Option(
        help="Your account on that server: the game is entered as the account's, verified (one a "
             f"day). The password is read from ${PASSWORD_VARIABLE} or asked for; logged in before "
             "you play, logged out after.")] = None,
    name: Annotated[Optional[str], typer.Option(
        help="Without an account: your nickname on that leaderboard (a guest's, not verified).")] = None,
) -> None:
    """Play the daily challenge: one solo game a day per game, the same dice for everyone.

    With --submit the game goes on the server's leaderboard of the day: as your
    account's entry with --user (verified), or as a guest's by --name."""
    from .bots.daily import played_by
    from .engine.daily import challenge, challenges, parse_day, today
    from .play import TerminalTable

    with reported():
        when = parse_day(day) if day else today()
        if game_name is None:
            for found in challenges(when):
                variant = ", ".join(f"{key} {value}" for key, value in found.options.items())
                console.print(f"{found.day}: {found.new_game().title} ({variant}): "
                              f"dicehall daily {found.game}", highlight=False)
            return
        if (user or name) and not submit:
            fail("--user and --name name you on a server's leaderboard: give its --submit URL")
        if user and name:
            fail("--name is a guest's nickname; with --user the leaderboard shows your account's name")
        if submit and not (user or name):
            fail("--submit needs your account (--user) or a nickname (--name) for the leaderboard")
        if against != "none":
            importable_here(against)
        found = challenge(game_name, when)
    login = ServerLogin.open(submit, user) if user else None
    try:
        play_daily(found, TerminalTable, played_by, against, record, submit, user or name, login)
    finally:
        if login:
            login.close()


def play_daily(found, table_class, played_by, against: str, record: Optional[Path], submit: Optional[str],
               name: Optional[str], login: Optional[ServerLogin]) -> None:
    """Play the challenge in the terminal, then the bot's game and the submission."""
    with reported():
        match = found.match()
        table_class(match, ["human"], renderer(match.game), console).run()
    if not match.is_over():
        return
    score = match.scores()[0]
    console.print(f"Your score in the challenge of {found.day}: {score}", highlight=False)
    if record:
        write_outputs([(record, match.record([f"human:{name or 'you'}"]).save)])
        console.print(f"record written to {record}; review it: dicehall review {record}", highlight=False,
                      soft_wrap=True)
    if against != "none":
        decisions = sum(entry.seat == 0 for entry in match.entries)
        with progress_bar(decisions, True, f"{against}'s moves") as advance, reported():
            theirs = played_by(found, against, advance and (lambda: advance(1)))
        console.print(f"{against} scored {theirs.scores()[0]} on the same dice", highlight=False)
    if submit:
        moves = [entry.notation for entry in match.entries if entry.seat == 0]
        body = {"day": found.day.isoformat(), "moves": moves, **({} if login else {"nickname": name})}
        print_entered(send_daily(submit, found.game, body, login))


def server_call(server: str, method: str, path: str, body: Optional[dict], headers: dict,
                refused: str) -> tuple[dict, Any]:
    """One call of a server's API: its JSON answer and headers; a refusal
    (``refused``: what was asked) or an unreachable server is a clear error."""
    from urllib.error import HTTPError, URLError
    from urllib.request import Request, urlopen

    data = None if body is None else json.dumps(body).encode()
    request = Request(f"{server.rstrip('/')}{path}", data, {"Content-Type": "application/json", **headers},
                      method=method)
    try:
        with urlopen(request, timeout=30) as answer:
            raw = answer.read()
            return (json.loads(raw) if raw else {}), answer.headers
    except HTTPError as error:
        try:
            detail = json.load(error).get("detail", error.reason)
        except ValueError:
            detail = error.reason
        fail(f"{server} {refused}: {detail}")
    except (URLError, OSError) as error:
        fail(f"could not reach {server}: {getattr(error, 'reason', error)}")


class ServerLogin:
    """A login to a Dicehall server's API (``POST /api/session``), as a browser
    has one: the session cookie and its CSRF token, sent with each change."""

    COOKIE = "dicehall_session"

    def __init__(self, server: str, cookie: str, csrf: str) -> None:
        self.server, self.cookie, self.csrf = server, cookie, csrf

    @classmethod
    def open(cls, server: str, user: str) -> ServerLogin:
        """Log in as ``user``, the password from :data:`PASSWORD_VARIABLE` or asked for."""
        from urllib.parse import urlsplit

        address = urlsplit(server)
        if address.scheme != "https" and address.hostname not in ("localhost", "127.0.0.1", "::1"):
            errors.print(f"warning: {server} is not https: your password goes over the network unencrypted",
                         highlight=False, soft_wrap=True)
        password = os.environ.get(PASSWORD_VARIABLE) or typer.prompt(
            f"{user}'s password on {server}", hide_input=True, err=True)
        answer, headers = server_call(server, "POST", "/api/session", {"name": user, "password": password},
                                      {}, f"did not log {user} in")
        for header in headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            if name.strip() == cls.COOKIE:
                console.print(f"logged in to {server} as {answer['name']}", highlight=False)
                return cls(server, rest.split(";", 1)[0], answer["csrf"])
        fail(f"{server} answered no session cookie to the login")

    def headers(self) -> dict:
        return {"Cookie": f"{self.COOKIE}={self.cookie}", "X-CSRF-Token": self.csrf}

    def close(self) -> None:
        """Log out (this login only); a failure to is only reported."""
        try:
            server_call(self.server, "DELETE", "/api/session", None, self.headers(), "did not log out")
        except typer.Exit:
            pass


def send_daily(server: str, game: str, body: dict, login: Optional[ServerLogin] = None) -> dict:
    """Post a daily game to a server's leaderboard (as the login's account, if
    one); its refusal is a clear error."""
    return server_call(server, "POST", f"/api/daily/{game}/scores", body, login.headers() if login else {},
                       "did not take the game")[0]


def print_entered(entered: dict) -> None:
    kind = "your account's entry, verified" if entered.get("verified") else "a guest's nickname, not verified"
    console.print(f"entered: place {entered['rank']} of {entered['entries']} today "
                  f"(score {entered['score']}; {kind})", highlight=False)
    if entered.get("bot"):
        bot = entered["bot"]
        console.print(f"the server's {bot['bot']} scored {bot['score']}", highlight=False)


WorkersArg = Annotated[Optional[int], typer.Option(
    "--workers", "-w", min=1,
    help="Worker processes (default: one per CPU); the results do not depend on it.")]
FirstArg = Annotated[int, typer.Option(
    "--first", min=0,
    help="Number the games from here: runs of one seed with other --first values merge (dicehall merge).")]
OutJsonArg = Annotated[Optional[Path], typer.Option(
    "--out-json", help="Write the JSON summary, with every game's result, to this file "
                       "(files of one game and bots merge: dicehall merge).")]
RayArg = Annotated[Optional[str], typer.Option(
    "--ray", metavar="ADDRESS",
    help="Play the games as Ray tasks: 'local' starts a Ray on this machine (--workers CPUs), 'auto' joins "
         "the one running here, ray://HOST:PORT a cluster; the same results as without.")]
ShardArg = Annotated[Optional[str], typer.Option(
    "--shard", metavar="K/N",
    help="Play only part K of N of the run's games (merge the parts' --out-json with dicehall merge).")]
ResumeArg = Annotated[bool, typer.Option(
    "--resume", help="Go on from the games already in --per-game-csv (a stopped run): play only the rest.")]
PerGameArg = Annotated[Optional[Path], typer.Option(
    "--per-game-csv", help="Stream one CSV row per game (its number, bots, scores, places, winners) to "
                           "this file as the games finish.")]
PlotArg = Annotated[Optional[Path], typer.Option(
    help="Draw the score distributions per bot as a PNG picture here (solo: with the rating bands).")]


def bot_list(bots: str) -> list[str]:
    """The bot names of a comma-separated --bots value."""
    names = [name.strip() for name in bots.split(",") if name.strip()]
    if not names:
        fail("--bots names no bot")
    for name in names:
        importable_here(name)
    return names


def importable_here(bot: str) -> None:
    """Let a bot named ``module:Class`` be imported from the current folder, as
    ``python -m`` would (worker processes inherit ``sys.path``)."""
    here = os.getcwd()
    if is_import_spec(bot) and bot.split(":")[0] not in bot_names() and here not in sys.path:
        sys.path.insert(0, here)


BOTS_HELP = ("a bot's name with parameters (mcts:iterations=500) or your own bot as module:Class "
             "(mypkg.mybot:MyBot, importable from here or PYTHONPATH; see docs/bots.md)")


@contextmanager
def progress_bar(total: int, show: bool, what: str = "games") -> Iterator[Optional[Callable[[int], None]]]:
    """A progress bar of ``what`` on the terminal (``show``), or nothing; yields the callback."""
    if not show:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(what, total=total)
        yield lambda done: bar.advance(task, done)


def show_progress(as_json: bool) -> bool:
    return not as_json and sys.stdout.isatty()


def check_outputs(*paths: Optional[Path]) -> None:
    """Refuse, before a long run, output files whose folder does not exist."""
    for path in paths:
        if path is not None and not path.parent.is_dir():
            fail(f"cannot write {path}: no folder {path.parent}")


@contextmanager
def game_rows(path: Optional[Path], players: int,
              resume: bool) -> Iterator[tuple[list[GameResult], Optional[Callable[[GameResult], None]]]]:
    """The games already in ``path`` (with ``resume``) and the callback that
    streams each new game's row to it; no file: nothing to resume."""
    if path is None:
        if resume:
            fail("--resume goes on from the rows of --per-game-csv: name that file")
        yield [], None
        return
    try:
        resumed = read_rows(path, players) if resume and path.exists() else []
        rows = GameRows(path, players, append=resume)
    except ValueError as error:
        fail(str(error))
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")
    with rows:
        yield resumed, rows.add


def write_outputs(writers: list[tuple[Optional[Path], Callable[[Path], object]]]) -> None:
    """Write each requested file (a path of ``None``: not requested)."""
    for path, write in writers:
        if path is not None:
            try:
                write(path)
            except OSError as error:
                fail(f"cannot write {path}: {error.strerror or error}")


def text_writer(text: str) -> Callable[[Path], object]:
    """A writer of ``text`` as UTF-8, for :func:`write_outputs`."""
    return lambda path: path.write_text(text, encoding="utf-8")


@app.command()
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    bots: Annotated[str, typer.Option(help="Bots by seat, comma-separated; cycled over the seats. "
                                      f"Each is {BOTS_HELP}.")],
    games_count: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the run; same seed, same numbers.")] = 0,
    players: PlayersArg = None,
    option: OptionsArg = None,
    workers: WorkersArg = None,
    records: Annotated[Optional[Path], typer.Option(
        help="Write every game's record into this folder.")] = None,
    first: FirstArg = 0,
    as_json: JsonArg = False,
    out_json: OutJsonArg = None,
    out_csv: Annotated[Optional[Path], typer.Option(
        "--out-csv", help="Write one CSV row per seat (the JSON's seat fields) to this file.")] = None,
    per_game_csv: PerGameArg = None,
    plot: PlotArg = None,
    ray: RayArg = None,
    shard: ShardArg = None,
    resume: ResumeArg = False,
) -> None:
    """Play many games between bots and report scores and wins per seat."""
    check_outputs(out_json, out_csv, per_game_csv, plot)
    with reported():
        game = configure(game_name, players, option)
        names = bot_list(bots)
        first, games_count = shard_range(first, games_count, shard) if shard else (first, games_count)
        on_record = None
        if records:
            try:
                records.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                fail(f"cannot write {records}: {error.strerror or error}")
            def on_record(index: int, rec: GameRecord) -> None:
                rec.save(records / f"{game.name}-{seed}-{index:05d}.record.json")
        with game_rows(per_game_csv, game.num_players, resume) as (resumed, on_result):
            check_resumed(resumed, names, game.num_players, first, games_count, rotate=False)
            with progress_bar(games_count - len(resumed), show_progress(as_json)) as progress:
                result = run_simulate(game, names, games_count, seed, on_record, workers=workers,
                                      first=first, progress=progress, resumed=resumed, on_result=on_result,
                                      ray=ray)
    write_outputs([(out_json, result.write_json), (out_csv, result.write_csv),
                   (plot, lambda path: plot_scores(result, path, game=game))])
    if as_json:
        print(json.dumps(result.to_json()))
        return
    print_simulation(game, result)
    for path in (out_json, out_csv, per_game_csv, plot):
        if path is not None:
            console.print(f"wrote {path}", highlight=False)


@app.command()
def tournament(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    bots: Annotated[str, typer.Option(
        help=f"The bots, comma-separated, all different; at least one per seat. Each is "
             f"{BOTS_HELP}.")],
    games_count: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    players: PlayersArg = None,
    option: OptionsArg = None,
    seed: Annotated[int, typer.Option(help="Seed of the run; same seed, same numbers.")] = 0,
    workers: WorkersArg = None,
    first: FirstArg = 0,
    as_json: JsonArg = False,
    out_json: OutJsonArg = None,
    per_game_csv: PerGameArg = None,
    plot: PlotArg = None,
    ray: RayArg = None,
    shard: ShardArg = None,
    resume: ResumeArg = False,
) -> None:
    """Play bots against each other with rotating seats: win rates with 95% CI, scores, head to head."""
    check_outputs(out_json, per_game_csv, plot)
    with reported():
        game = configure(game_name, players, option)
        names = bot_list(bots)
        check_bots(names, game.num_players)
        first, games_count = shard_range(first, games_count, shard) if shard else (first, games_count)
        with game_rows(per_game_csv, game.num_players, resume) as (resumed, on_result):
            check_resumed(resumed, names, game.num_players, first, games_count, rotate=True)
            with progress_bar(games_count - len(resumed), show_progress(as_json)) as progress:
                result = run_tournament(game, names, games_count, seed, workers=workers, first=first,
                                        progress=progress, resumed=resumed, on_result=on_result, ray=ray)
    write_outputs([(out_json, result.write_json), (plot, lambda path: plot_scores(result, path, game=game))])
    if as_json:
        print(json.dumps(result.to_json()))
        return
    print_tournament(game, result)
    for path in (out_json, per_game_csv, plot):
        if path is not None:
            console.print(f"wrote {path}", highlight=False)


def print_simulation(game: Game, result: SimulationResult) -> None:
    console.print(f"{game.describe()}: {result.games} games, seed {result.seed}, "
                  f"{result.games_per_second:.1f} games/s", highlight=False)
    for stats in result.seats:
        console.print(f"  seat {stats.seat} {stats.bot:>8}: mean {stats.mean_score:7.2f} "
                      f"± {stats.stdev_score:6.2f}  wins {stats.wins:g} "
                      f"({100 * stats.win_rate:.1f}%)", highlight=False)


@app.command()
def merge(
    files: Annotated[list[Path], typer.Argument(
        metavar="FILE", help="Runs saved by simulate or tournament --out-json.")],
    as_json: JsonArg = False,
    out_json: OutJsonArg = None,
) -> None:
    """Merge saved runs of the same game and bots (other seeds, or other --first) into one."""
    check_outputs(out_json)
    runs = [read_run(path) for path in files]
    kinds = {type(run) for run in runs}
    if len(kinds) > 1:
        fail("cannot merge a simulation with a tournament")
    try:
        result = reduce(operator.add, runs)
    except ValueError as error:
        fail(str(error))
    write_outputs([(out_json, result.write_json)])
    if as_json:
        print(json.dumps(result.to_json()))
        return
    with reported():
        game = make_game(result.game, **result.options)
    if isinstance(result, TournamentResult):
        print_tournament(game, result)
    else:
        print_simulation(game, result)
    if out_json is not None:
        console.print(f"wrote {out_json}", highlight=False)


def read_run(path: Path) -> SimulationResult | TournamentResult:
    """A run saved by ``--out-json``: a tournament has ``stats``, a simulation ``seats``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        kind = TournamentResult if "stats" in data else SimulationResult
        return kind.from_json(data)
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}")
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        detail = f"no {error}" if isinstance(error, KeyError) else str(error)
        fail(f"{path}: not a saved run of simulate or tournament ({detail})")


def print_tournament(game: Game, result: TournamentResult) -> None:
    """The tournament's tables: per bot, then head to head."""
    from rich.table import Table

    console.print(f"{game.describe()}: {result.games} games, seed {result.seed}, "
                  f"{result.games_per_second:.1f} games/s", highlight=False)
    table = Table(title="Bots", title_justify="left")
    for heading in ("bot", "games", "wins", "win rate", "95% CI", "mean score", "sd"):
        table.add_column(heading, justify="left" if heading == "bot" else "right")
    for stats in result.stats:
        table.add_row(stats.bot, str(stats.games), f"{stats.wins:g}", f"{100 * stats.win_rate:.1f}%",
                      f"{100 * stats.win_rate_low:.1f}–{100 * stats.win_rate_high:.1f}%",
                      f"{stats.mean_score:.2f}", f"{stats.stdev_score:.2f}")
    console.print(table)
    if result.players > 1:
        pairs = Table(title="Head to head", title_justify="left")
        pairs.add_column("")
        for bot in result.bots:
            pairs.add_column(bot, justify="right")
        for a in result.bots:
            cells = []
            for b in result.bots:
                cell = result.head_to_head.get(a, {}).get(b)
                if a == b or cell is None:
                    cells.append("—")
                else:
                    share = 100 * cell["ahead"] / cell["games"]
                    cells.append(f"{cell['ahead']:g}/{cell['games']} ({share:.0f}%)")
            pairs.add_row(a, *cells)
        console.print(pairs)
        console.print("(times the row's bot finished ahead of the column's, ties counting half, "
                      "/ games both played)", highlight=False)
    if not result.balanced:
        console.print(f"note: {result.games} games is not a multiple of the rotation length "
                      f"{result.rotation_length}, so the bots did not play every seat equally often",
                      highlight=False)


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


DataFileArg = Annotated[Optional[list[Path]], typer.Option(
    "--data-file", help="A sheet or board file the record names by path, to let it be read "
    "(records carry theirs inline and open no file you do not name); repeatable.")]


def replayed(file: Path, data_files: Optional[list[Path]], upto: Optional[int] = None
             ) -> tuple[GameRecord, GameState]:
    """A record file and its state after ``upto`` steps; errors name the file."""
    with reported():
        rec = GameRecord.load(file)
    with reported(file):
        return rec, rec.replay(upto, data_files or ())


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    as_json: JsonArg = False,
    svg: Annotated[Optional[Path], typer.Option(
        help="Also draw the final sheets as an SVG picture here (Dizzle).")] = None,
    data_file: DataFileArg = None,
) -> None:
    """Replay a game record and show the final position and scores."""
    rec, state = replayed(file, data_file)
    if svg:
        if rec.game != "dizzle":
            fail("--svg draws Dizzle sheets only")
        from .games.dizzle.svg import game_svg
        write_outputs([(svg, text_writer(game_svg(state)))])
    if as_json:
        print(json.dumps({
            "game": rec.game, "options": state.game.record_options(), "terminal": state.is_terminal(),
            "scores": state.scores(), "ranking": state.ranking(), "actions": len(rec.entries)}))
        return
    render = renderer(state.game)
    console.print(render.render_state(state, names=rec.seats))
    console.print(render.render_scores(state, names=rec.seats))
    if state.current_player() != TERMINAL:
        console.print(f"(the record stops before the end: {len(rec.entries)} steps)")


@app.command()
def hint(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) of a game in progress.")],
    seat: Annotated[Optional[int], typer.Option(help="The seat to advise (default: the decider).")] = None,
    upto: Annotated[Optional[int], typer.Option(help="Advise after this many steps of the record.")] = None,
    bot: Annotated[Optional[str], typer.Option(
        help="A search bot with parameters, e.g. mcts:iterations=5000:seconds=5, or your own "
             "as module:Class (a SearchBot, see docs/bots.md; default: the game's hard level).")] = None,
    as_json: JsonArg = False,
    data_file: DataFileArg = None,
) -> None:
    """Recommend the best action where a record stops, by the hard level's search."""
    from .bots import hint as search_hint

    _, state = replayed(file, data_file, upto)
    if bot is not None:
        importable_here(bot)
    with reported():
        advice = search_hint(state, seat, bot=bot)
    if as_json:
        print(json.dumps({"action": str(advice.action), "value": round(advice.value, 4),
                          "visits": advice.visits,
                          "alternatives": [{"action": str(a), "value": round(v, 4), "visits": n}
                                           for a, v, n in advice.alternatives]}))
        return
    console.print(f"best: [bold]{advice.action}[/] (value {advice.value:.2f}, "
                  f"{advice.visits} visits)", highlight=False)
    for action, value, visits in advice.alternatives[:5]:
        console.print(f"  also {action} (value {value:.2f}, {visits} visits)", highlight=False)


@app.command()
def train(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    players: PlayersArg = None,
    option: OptionsArg = None,
    iterations: Annotated[int, typer.Option(min=1, help="Rounds of self-play and fitting.")] = 5,
    games_count: Annotated[int, typer.Option("--games", "-n", min=1, help="Self-play games a round.")] = 300,
    evaluation: Annotated[int, typer.Option(min=1, help="Games a round measuring the model.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the self-play; same seed, same model.")] = 0,
    out: Annotated[Optional[Path], typer.Option(
        help="The model file (default: dicehall-models/KEY.npz; the learned bot reads the package's "
             "models and $DICEHALL_MODELS).")] = None,
    plot: PlotArg = None,
) -> None:
    """Train the learned evaluation of a configuration by self-play (docs/bots.md)."""
    from .bots.learned import model_key
    from .bots.learned import train as run_training

    with reported():
        game = configure(game_name, players, option)
    key = model_key(game)
    if key is None:
        fail("models are made for the shipped sheets and boards, not for one's own")
    out = out or Path("dicehall-models") / f"{key}.npz"
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"cannot write {out}: {error.strerror or error}")
    check_outputs(plot)
    curve: list[float] = []
    with progress_bar(iterations * games_count, show_progress(False), "self-play games") as advance:
        def progress(iteration: int, done: int, mean: float | None) -> None:
            if mean is None and advance:
                advance(1)
            elif mean is not None:
                curve.append(mean)
                console.print(f"round {iteration + 1}: mean score {mean:.2f}", highlight=False)
        with reported():
            made = run_training(game, iterations=iterations, games=games_count, evaluation=evaluation,
                                seed=seed, progress=progress)
    write_outputs([(out, made.model.save), (plot, lambda path: plot_curve(game, curve, path))])
    console.print(f"wrote {out} ({out.stat().st_size:,} bytes)", highlight=False)


def plot_curve(game: Game, curve: list[float], path: Path) -> None:
    """The training's learning curve: the evaluation games' mean score per round."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.plot(range(1, len(curve) + 1), curve, marker="o")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("round of self-play")
    axes.set_ylabel("mean score")
    axes.set_title(f"{game.describe()}: learned evaluation")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


@app.command()
def review(
    file: Annotated[Path, typer.Argument(help="The record (JSON) of a finished game.")],
    seat: Annotated[Optional[int], typer.Option(
        help="The seat to review (default: the first seat that is not a bot, else 0).")] = None,
    rounds: Annotated[int, typer.Option(
        min=4, help="Games played on after each candidate (more: narrower intervals, slower).")] = 16,
    width: Annotated[int, typer.Option(min=1, help="Candidates weighed besides the action taken.")] = 4,
    seed: Annotated[int, typer.Option(help="Seed of the review's dice; same seed, same review.")] = 0,
    as_json: JsonArg = False,
    data_file: DataFileArg = None,
) -> None:
    """Review a finished game: each decision of a seat weighed in points, the mistakes, luck."""
    from .bots.review import review as review_game

    rec, state = replayed(file, data_file)
    if not state.is_terminal():
        fail(f"{file}: the game is not finished: only finished games are reviewed")
    if seat is None:
        seat = reviewed_seat(rec)
    decisions = sum(entry.seat == seat for entry in rec.entries)
    with progress_bar(decisions, show_progress(as_json), "decisions") as advance, reported(file):
        try:
            found = review_game(rec, seat, rounds=rounds, width=width, seed=seed,
                                files=data_file or (),
                                progress=advance and (lambda done, total: advance(1)))
        except ValueError as error:
            fail(f"{file}: {error}")
    if as_json:
        print(json.dumps(found.to_json()))
        return
    print_review(found)


def reviewed_seat(rec: GameRecord) -> int:
    """The first seat a person played (its name is not a bot's), else seat 0."""
    bots = set(bot_names())
    names = rec.seats or []
    return next((seat for seat, name in enumerate(names) if name.split(":")[0] not in bots), 0)


def print_review(found: Review) -> None:
    from rich.table import Table

    table = Table(title=f"Seat {found.seat}: {len(found.decisions)} decisions", title_justify="left")
    for heading in ("step", "taken", "preferred", "loss", "95% interval", ""):
        table.add_column(heading, justify="right" if heading in ("step", "loss") else "left")
    for decision in found.decisions:
        table.add_row(str(decision.step), decision.taken, decision.preferred, f"{decision.loss:.1f}",
                      f"{decision.low:.1f} – {decision.high:.1f}", "mistake" if decision.mistake else "")
    console.print(table)
    for decision in found.mistakes():
        console.print(f"  step {decision.step}: {decision.taken} instead of {decision.preferred} "
                      f"cost about {decision.loss:.1f} points", highlight=False)
    console.print(found.summary(), highlight=False)


LevelArg = Annotated[str, typer.Argument(metavar="LEVEL|FILE",
                                         help="A level number (1-8) or a sheet file.")]


def level_or_file(text: str) -> int | Path:
    """A shipped level's number (a few ASCII digits), else a sheet file's path."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else Path(text)


@levels_app.command("show")
def levels_show(
    level: LevelArg,
    svg: Annotated[Optional[Path], typer.Option(help="Draw it as an SVG picture here instead.")] = None,
) -> None:
    """Draw a Dizzle sheet in the terminal or as an SVG picture."""
    from .games.dizzle.render import render_sheet
    from .games.dizzle.svg import sheet_svg

    source = level_or_file(level)
    with reported():
        game = make_game("dizzle", {"level": source} if isinstance(source, int) else {"sheet": level})
    sheet = game.sheet
    if svg:
        write_outputs([(svg, text_writer(sheet_svg(sheet, title=sheet.name)))])
        console.print(f"{sheet.name} drawn to {svg}", highlight=False, markup=False)
        return
    console.print(Text(sheet.name, "bold") + (f" (level {sheet.level})" if sheet.level else ""))
    if sheet.description:
        console.print(sheet.description, highlight=False, markup=False)
    console.print(render_sheet(sheet))


@levels_app.command("check")
def levels_check(level: LevelArg) -> None:
    """Check a sheet beyond its schema: reachability, number spread, sane points.
    Exits with status 1 when there are problems."""
    from .games.dizzle.check import check_level_file

    with reported():
        sheet, problems = check_level_file(level_or_file(level))
    for problem in problems:
        console.print(f"{level}: {problem}", highlight=False, markup=False, soft_wrap=True)
    if problems:
        raise typer.Exit(1)
    console.print(f"{sheet.name}: no problems found", highlight=False, markup=False)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on (the first one, with --workers).")] = 8000,
    data: Annotated[Path, typer.Option(
        help="The data folder (SQLite file); DATABASE_URL overrides the database.")] = Path("dicehall-data"),
    bot_pace: Annotated[float | None, typer.Option(
        min=0, max=10, help="Seconds at least between a bot's step and the one before it, at tables "
        "with a human present, so people can follow (default 0.8); 0 for none (benchmarks).")] = None,
    config: Annotated[Path | None, typer.Option(
        help="A TOML file of server settings (limits and quotas, see docs/server.md).")] = None,
    redis: Annotated[str | None, typer.Option(
        envvar="DICEHALL_REDIS_URL", help="Share live tables with other processes through this Redis "
        "(redis://host:port/0); needs DATABASE_URL on PostgreSQL and DICEHALL_CLUSTER_SECRET "
        "(docs/deploy.md).")] = None,
    peer_address: Annotated[str | None, typer.Option(
        help="With --redis: where the other processes reach this one (default http://HOST:PORT).")] = None,
    workers: Annotated[int, typer.Option(
        min=1, max=64, help="With --redis: start this many processes, on PORT, PORT+1, …, and "
        "restart any that dies; put a reverse proxy in front (docs/deploy.md).")] = 1,
    bot_queue: Annotated[str | None, typer.Option(
        envvar="DICEHALL_BOT_QUEUE", help="Let the bots think in `dicehall bot-worker` processes "
        "on any host, which take questions from this Redis (redis://host:port/0), instead of in "
        "this host's own worker processes.")] = None,
) -> None:
    """Serve online play: the lobby, live tables and the browser client."""
    import uvicorn

    from .server import Settings, create_app
    from .server.config import settings_file
    from .server.connections import raise_file_limit, uvicorn_options

    if workers > 1:
        if not redis:
            fail("--workers needs --redis (and DATABASE_URL on PostgreSQL): see docs/deploy.md")
        supervise(workers, host, port, redis)
        return
    given: dict[str, object] = {"data_dir": data}
    if bot_pace is not None:
        given["bot_pace"] = bot_pace
    if bot_queue:
        given["bot_queue_url"] = bot_queue
    if redis:
        reach = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        given |= {"redis_url": redis, "peer_address": peer_address or f"http://{reach}:{port}"}
    try:
        settings = settings_file(config, **given) if config else Settings(**given)
    except ValueError as error:
        fail(str(error))
    gc.freeze()  # what the imports made lives as long as the server: no collection scans it again
    console.print(f"Dicehall is serving on http://{host}:{port} — open it in a browser", highlight=False)
    raise_file_limit()
    uvicorn.run(create_app(settings), host=host, port=port, ws_max_size=64 * 1024, log_level="warning",
                **uvicorn_options(settings))


def supervise(workers: int, host: str, port: int, redis: str) -> None:
    """Run ``workers`` server processes on consecutive ports, each a member of
    the cluster; one that dies is started again (its tables are taken over by
    the others meanwhile). Ctrl-C or SIGTERM stops them all."""
    import signal
    import subprocess
    import time

    def start(k: int) -> subprocess.Popen:
        args = [sys.executable, "-m", "dicehall.cli", "serve", *strip_workers(sys.argv[2:]),
                "--port", str(port + k)]
        return subprocess.Popen(args, env={**os.environ, "DICEHALL_REDIS_URL": redis})

    running = [start(k) for k in range(workers)]
    stopping = False

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True
    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping:
            time.sleep(0.5)
            for k, process in enumerate(running):
                if process.poll() is not None and not stopping:
                    console.print(f"server {k} (port {port + k}) exited ({process.returncode}); "
                                  "starting it again")
                    running[k] = start(k)
    except KeyboardInterrupt:
        pass
    for process in running:
        process.terminate()
    for process in running:
        process.wait()


@app.command("bot-worker")
def bot_worker(
    redis: Annotated[str, typer.Option(
        envvar="DICEHALL_BOT_QUEUE", help="The Redis the servers queue their bots' questions on "
        "(the servers' --bot-queue).")],
    processes: Annotated[int, typer.Option(
        min=1, max=64, help="Worker processes on this host, each thinking for one bot at a time.")] = 1,
) -> None:
    """Think for the servers' bots: answer the questions they queue on Redis
    (docs/deploy.md, "Bot workers"). Runs until Ctrl-C or SIGTERM."""
    import multiprocessing
    import signal
    import threading

    from .server.bot_queue import work, work_in_process

    console.print(f"{processes} bot worker(s) take questions from {redis}", highlight=False)
    if processes == 1:
        stopped = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stopped.set())
        with contextlib.suppress(KeyboardInterrupt):
            work(redis, stopped)
        return
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    workers = [context.Process(target=work_in_process, args=(redis, stop), daemon=True)
               for _ in range(processes)]
    for worker in workers:
        worker.start()
    try:
        for worker in workers:
            worker.join()
    except KeyboardInterrupt:
        stop.set()
        for worker in workers:
            worker.join()


def strip_workers(args: list[str]) -> list[str]:
    """The command line without ``--workers N`` and ``--port N`` (each process gets its own port)."""
    kept, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg in ("--workers", "--port", "--peer-address"):
            skip = True
        elif not arg.startswith(("--workers=", "--port=", "--peer-address=")):
            kept.append(arg)
    return kept


def main() -> None:
    app()


if __name__ == "__main__":
    main()
