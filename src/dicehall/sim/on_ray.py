"""Playing a run's batches as Ray tasks, on a local Ray or on a cluster.

Each batch is one task running :func:`dicehall.sim.runner.play_games` (the
same worker function the process pool runs), so a game's result depends only
on the seed, its number and its seats, whatever machine plays it. Ray retries
a task whose worker died (``max_retries``) and, as the batch is
deterministic, the retry gives the same games. Progress is told as batches
finish, in any order; the batches are given back in index order.

Ray is an optional extra (``pip install 'dicehall[ray]'``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

#: how often a task is tried again after its worker died
RETRIES = 3
#: ``--ray local`` starts a Ray of one machine, with this many CPUs by default
LOCAL = "local"


def ray_module() -> Any:
    try:
        import ray
    except ImportError:
        raise RuntimeError("Ray is not installed: pip install 'dicehall[ray]' (or ray)") from None
    return ray


def connect(address: str, workers: int | None) -> Any:
    """Join the Ray at ``address`` (``local``: start one here with ``workers``
    CPUs; ``auto``: the one this machine runs; ``ray://host:port``: a cluster),
    unless this process is in one already."""
    ray = ray_module()
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                   "configure_logging": False}
        if address == LOCAL:
            ray.init(num_cpus=workers, **options)
        else:
            ray.init(address=address, **options)
    return ray


def run_batches(tasks: Sequence[tuple], address: str, workers: int | None,
                progress: Callable[[int], None] | None = None,
                play: Callable[..., Any] | None = None) -> Iterator[Any]:
    """Each task's games (``play(*task)``, :func:`play_games` by default) in
    task order, the tasks run on Ray; ``progress(n)`` told as each finishes."""
    ray = connect(address, workers)
    if play is None:
        from .runner import play_games as play
    remote = ray.remote(max_retries=RETRIES)(play)
    refs = [remote.remote(*task) for task in tasks]
    sizes = {ref: len(task[3]) for ref, task in zip(refs, tasks)}
    done: dict[Any, Any] = {}
    waiting = list(refs)
    for ref in refs:
        while ref not in done:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for finished in ready:
                done[finished] = ray.get(finished)
                if progress is not None:
                    progress(sizes[finished])
        yield done.pop(ref)
