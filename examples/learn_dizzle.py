"""Learn to play solo Dizzle with a plain numpy policy gradient, through the
Gymnasium adapter.

The agent is a linear softmax policy over the action ids: ``logits = obs @ W +
b``, the illegal actions masked out by the observation's ``action_mask``. It
is trained by REINFORCE with a baseline (the mean return-to-go at each step
number, a moving average) and Adam, on episodes of ``DicehallEnv("dizzle",
players=1)`` whose per-step reward is the change of the score. Everything is
seeded: the same command gives the same curve.

Then the trained policy (taking its most likely action), a random policy and
the project's ``greedy`` and ``hard`` bots play the same evaluation seeds (the
seeds the environment is reset with, so the dice are the same), and the
learning curve is drawn to a PNG picture.

    python examples/learn_dizzle.py                 # the full run (under 30 minutes on 2 cores)
    python examples/learn_dizzle.py --quick         # a few minutes
    python examples/learn_dizzle.py --out curve.png --episodes 3000 --eval 50 --hard-eval 10
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from dicehall.bots import make_bot
from dicehall.rl.gymnasium import DicehallEnv

#: the seeds of the training episodes start here; evaluation seeds start at 0
TRAIN_SEEDS = 1_000_000


def make_env(**options) -> DicehallEnv:
    return DicehallEnv("dizzle", players=1, **{"level": 1, **options})


@dataclass
class Policy:
    """A linear softmax policy over the legal actions, trained with Adam."""

    inputs: int
    actions: int
    rate: float = 0.01
    weights: np.ndarray = field(init=False)
    bias: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.weights = np.zeros((self.inputs, self.actions))
        self.bias = np.zeros(self.actions)
        self.moments = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self.squares = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self.updates = 0

    def probabilities(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The policy's action probabilities, one row per observation."""
        logits = observations @ self.weights + self.bias
        logits = np.where(masks > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        exp = np.exp(logits)
        return exp / exp.sum(axis=1, keepdims=True)

    def improve(self, observations: np.ndarray, masks: np.ndarray, actions: np.ndarray,
                advantages: np.ndarray) -> None:
        """One Adam step up the gradient of ``mean(advantage * log pi(action))``."""
        grad = -self.probabilities(observations, masks)
        grad[np.arange(len(actions)), actions] += 1
        grad *= advantages[:, None] / len(actions)
        self._adam([observations.T @ grad, grad.sum(axis=0)])

    def _adam(self, gradients: Sequence[np.ndarray], beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.updates += 1
        for parameter, gradient, moment, square in zip((self.weights, self.bias), gradients,
                                                        self.moments, self.squares):
            moment *= beta1
            moment += (1 - beta1) * gradient
            square *= beta2
            square += (1 - beta2) * gradient * gradient
            m = moment / (1 - beta1 ** self.updates)
            v = square / (1 - beta2 ** self.updates)
            parameter += self.rate * m / (np.sqrt(v) + 1e-8)


def episode(env: DicehallEnv, seed: int, choose: Callable[[dict], int]) -> tuple[list, float]:
    """Play one episode reset with ``seed``: the steps ``(obs, mask, action, reward)`` and the score."""
    observation, _ = env.reset(seed=seed)
    steps, done = [], False
    while not done:
        action = choose(observation)
        next_observation, reward, terminated, truncated, _ = env.step(action)
        steps.append((observation["observation"], observation["action_mask"], action, reward))
        observation, done = next_observation, terminated or truncated
    return steps, float(env.state.scores()[0])


def train(episodes: int, batch: int, seed: int, log: Callable[[str], None] = print) -> tuple[Policy, list]:
    """Train a policy on ``episodes`` episodes; it and the score of every training episode."""
    env = make_env()
    rng = np.random.default_rng(seed)
    policy = Policy(env.observation_space["observation"].shape[0], env.action_space.n)
    baseline = np.zeros(64)   # the mean return-to-go by step number; grows with longer games
    scores: list[float] = []

    def sample(observation: dict) -> int:
        p = policy.probabilities(observation["observation"][None], observation["action_mask"][None])[0]
        return int(rng.choice(len(p), p=p))

    started = time.perf_counter()
    for first in range(0, episodes, batch):
        rows = []
        for number in range(first, min(first + batch, episodes)):
            steps, score = episode(env, TRAIN_SEEDS + seed * episodes + number, sample)
            scores.append(score)
            rewards = np.array([step[3] for step in steps])
            returns = np.cumsum(rewards[::-1])[::-1]
            if len(returns) > len(baseline):
                baseline = np.pad(baseline, (0, len(returns) - len(baseline)))
            advantages = returns - baseline[:len(returns)]
            baseline[:len(returns)] += 0.05 * (returns - baseline[:len(returns)])
            rows.extend((obs, mask, action, adv) for (obs, mask, action, _), adv in zip(steps, advantages))
        observations, masks, actions, advantages = (np.array(column) for column in zip(*rows))
        scale = advantages.std() or 1.0
        policy.improve(observations.astype(np.float64), masks, actions.astype(int), advantages / scale)
        if len(scores) % (batch * 10) == 0:
            log(f"episodes {len(scores):5d}: mean score of the last {batch * 10}: "
                f"{np.mean(scores[-batch * 10:]):6.2f}  ({time.perf_counter() - started:.0f} s)")
    return policy, scores


def greedy_choice(policy: Policy) -> Callable[[dict], int]:
    """The trained policy's most likely legal action."""
    def choose(observation: dict) -> int:
        p = policy.probabilities(observation["observation"][None], observation["action_mask"][None])[0]
        return int(np.argmax(p))
    return choose


def random_choice(seed: int) -> Callable[[dict], int]:
    rng = np.random.default_rng(seed)
    return lambda observation: int(rng.choice(np.flatnonzero(observation["action_mask"])))


def bot_choice(env: DicehallEnv, name: str, seed: int) -> Callable[[dict], int]:
    """A project bot playing the environment's state (the agent's seat, 0)."""
    bot, rng = make_bot(name), random.Random(seed)
    return lambda observation: bot.choose(env.state, 0, rng)


def evaluate(seeds: Sequence[int], chooser: Callable[[DicehallEnv], Callable[[dict], int]]) -> list[float]:
    """The score of one player on every evaluation seed."""
    env = make_env()
    choose = chooser(env)
    return [episode(env, seed, choose)[1] for seed in seeds]


def plot_curve(scores: Sequence[float], references: dict[str, float], path: str, window: int) -> None:
    """The training scores' moving average, with the evaluated means as lines."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8, 4.5), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    values = np.asarray(scores)
    axes.plot(np.arange(1, len(values) + 1), values, ".", markersize=2, alpha=0.25, color="C0")
    if len(values) >= window:
        smooth = np.convolve(values, np.ones(window) / window, mode="valid")
        axes.plot(np.arange(window, len(values) + 1), smooth, color="C0",
                  label=f"training episodes (mean of {window})")
    for number, (name, mean) in enumerate(references.items()):
        axes.axhline(mean, color=f"C{number + 1}", linestyle="--", label=f"{name}: {mean:.1f}")
    axes.set_xlabel("training episode")
    axes.set_ylabel("score")
    axes.set_title("Dizzle solo (Gem Quarry): REINFORCE with a baseline, numpy linear policy", loc="left",
                   fontsize=10)
    axes.legend(fontsize=8, loc="lower right")
    figure.savefig(path)


def main(argv: Sequence[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few minutes)")
    parser.add_argument("--episodes", type=int, help="training episodes (default 3000; quick 600)")
    parser.add_argument("--batch", type=int, default=16, help="episodes per update")
    parser.add_argument("--eval", type=int, help="evaluation seeds 0..N-1 (default 100; quick 40)")
    parser.add_argument("--hard-eval", type=int,
                        help="how many of them the hard bot plays (default 10; quick 0)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the training")
    parser.add_argument("--out", default="learn_dizzle.png", help="the learning curve (PNG)")
    parser.add_argument("--json", help="also write the results as JSON here")
    args = parser.parse_args(argv)
    episodes = args.episodes or (600 if args.quick else 3000)
    seeds = range(args.eval or (40 if args.quick else 100))
    hard_seeds = seeds[:args.hard_eval if args.hard_eval is not None else (0 if args.quick else 10)]

    started = time.perf_counter()
    policy, scores = train(episodes, args.batch, args.seed)
    trained_seconds = time.perf_counter() - started
    results = {"learned": evaluate(seeds, lambda env: greedy_choice(policy)),
               "random": evaluate(seeds, lambda env: random_choice(1)),
               "greedy": evaluate(seeds, lambda env: bot_choice(env, "greedy", 1))}
    if hard_seeds:
        results["hard"] = evaluate(hard_seeds, lambda env: bot_choice(env, "hard", 1))
        results["learned, hard's seeds"] = results["learned"][:len(hard_seeds)]
    means = {name: float(np.mean(values)) for name, values in results.items()}
    for name, values in results.items():
        print(f"{name:>22}: mean score {np.mean(values):6.2f} ± {np.std(values) / np.sqrt(len(values)):.2f}"
              f" over seeds 0-{len(values) - 1}")
    plot_curve(scores, {k: v for k, v in means.items() if "," not in k}, args.out, window=min(100, episodes))
    summary = {"episodes": episodes, "train_seconds": round(trained_seconds, 1),
               "seconds": round(time.perf_counter() - started, 1), "means": means,
               "eval_seeds": len(seeds), "hard_seeds": len(hard_seeds), "curve": args.out}
    print(f"trained in {trained_seconds:.0f} s, all in {summary['seconds']:.0f} s; curve: {args.out}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({**summary, "scores": results}, out, indent=1)
    return summary


if __name__ == "__main__":
    main()
