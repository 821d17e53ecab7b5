"""An independent, deliberately plain model of dizzle.md (levels 1-4 and solo),
written from the rules text only, for lockstep comparison with the engine.

Fields are names ("c4"); sets of fields are Python sets. Nothing here imports
the engine's Dizzle code.
"""

from __future__ import annotations

from collections import Counter

LETTERS = "abcdefghijklmnopqrstuvwxyz"
SETUP = {1: (8, 10), 2: (7, 12), 3: (10, 12), 4: (13, 12)}


def _at(entry) -> list[str]:
    at = entry["at"]
    return [at] if isinstance(at, str) else list(at)


class RefSheet:
    def __init__(self, data: dict):
        rows = [row.split() for row in data["grid"]]
        self.height, self.width = len(rows), len(rows[0])
        self.token = {}
        for r, row in enumerate(rows):
            for c, token in enumerate(row):
                self.token[f"{LETTERS[c]}{r + 1}"] = token
        self.numbered = {f for f, t in self.token.items() if t.isdigit()}
        self.start = {f for f, t in self.token.items() if t == "X"}
        self.planets = {f for f, t in self.token.items() if t == "P"}
        get = lambda kind: data.get(kind, [])  # noqa: E731
        self.bombs = {f: b["points"] for b in get("bombs") for f in _at(b)}
        self.keys = {f: k["colour"].strip().lower() for k in get("keys") for f in _at(k)}
        self.locks = {f: k["colour"].strip().lower() for k in get("locks") for f in _at(k)}
        self.rockets = {f for r in get("rockets") for f in _at(r)}
        self.flags = [(_at(f)[0], list(f["track"])) for f in get("flags")]
        self.gems = {f: g["points"] for g in get("gems") for f in _at(g)}
        self.poops = {f: p["points"] for p in get("poops") for f in _at(p)}
        self.puzzles = [(set(_at(p)), p["points"]) for p in get("puzzles")]
        self.areas = [(set(_at(a)), a["points"]) for a in get("areas")]
        self.arrows = []
        for a in get("arrows"):
            (c0, r0), (c1, r1) = ((LETTERS.index(x[0]), int(x[1:])) for x in (a["from"], a["to"]))
            fields = {f"{LETTERS[c]}{r}" for c in range(min(c0, c1), max(c0, c1) + 1)
                      for r in range(min(r0, r1), max(r0, r1) + 1)}
            self.arrows.append((fields, a["points"]))

    def number(self, f: str) -> int:
        return int(self.token[f]) if f in self.numbered else 0

    def neighbours(self, f: str) -> set[str]:
        c, r = LETTERS.index(f[0]), int(f[1:])
        out = set()
        for cc, rr in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
            if 0 <= cc < self.width and 1 <= rr <= self.height:
                name = f"{LETTERS[cc]}{rr}"
                if self.token[name] != ".":
                    out.add(name)
        return out


class RefGame:
    """The rules as a plain state machine. ``phase`` uses the engine's phase
    names: roll, turn, reroll, rerolled, solo, planet, over."""

    def __init__(self, data: dict, players: int):
        self.sheet = s = RefSheet(data)
        self.n = players
        self.solo = players == 1
        self.dice_count, self.drafts = SETUP[players]
        self.crossed = [set(s.start) for _ in range(players)]
        self.scribbled = [set() for _ in range(players)]
        self.dice = [set() for _ in range(players)]
        self.flag_values = [[None] * len(s.flags) for _ in range(players)]
        self.flag_next = [0] * len(s.flags)
        self.middle = Counter()
        self.draft = 0
        self.phase = "roll"
        self.turn = 0
        self.active = set(range(players))
        self.last_turn = False
        self.planets_due = [0] * players
        self.picks: dict[int, str] = {}

    # --- who decides ---------------------------------------------------------------
    def deciders(self) -> tuple[int, ...]:
        if self.phase in ("turn", "rerolled"):
            return (self.turn,)
        if self.phase == "planet":
            return tuple(p for p in range(self.n) if self.planets_due[p] and p not in self.picks)
        return ()

    def pending_dice(self) -> tuple[str, int]:
        if self.phase == "roll":
            return "roll", self.dice_count
        if self.phase == "reroll":
            return "roll", sum(self.middle.values())
        assert self.phase == "solo"
        return "solo", 2

    # --- placement (dizzle.md "Placement") ------------------------------------------
    def locked(self, seat: int, f: str) -> bool:
        colour = self.sheet.locks.get(f)
        if colour is None:
            return False
        return not any(self.sheet.keys[k] == colour for k in self.crossed[seat]
                       if k in self.sheet.keys)

    def is_open(self, seat: int, f: str) -> bool:
        return (f in self.sheet.numbered and f not in self.crossed[seat]
                and f not in self.scribbled[seat] and f not in self.dice[seat]
                and not self.locked(seat, f))

    def next_to(self, f: str, fields: set[str]) -> bool:
        return bool(self.sheet.neighbours(f) & fields)

    def places(self, seat: int) -> set[str]:
        mine = self.dice[seat]
        candidates = [f for f in self.sheet.numbered
                      if self.is_open(seat, f) and self.middle[self.sheet.number(f)] > 0]
        if not mine:
            anchor = self.crossed[seat]
        else:
            enclosed = not any(self.is_open(seat, g)
                               for d in mine for g in self.sheet.neighbours(d))
            anchor = self.crossed[seat] if enclosed else mine
        return {f"{self.sheet.number(f)}@{f}" for f in candidates if self.next_to(f, anchor)}

    def legal(self, seat: int) -> set[str]:
        if seat not in self.deciders():
            return set()
        if self.phase == "planet":
            return {f"planet {p}" for p in self.sheet.planets - self.crossed[seat]}
        places = self.places(seat)
        if places:
            return places
        if self.phase == "turn":
            return {"reroll", "pass"}
        return {f"return {f}" for f in self.dice[seat]}

    # --- steps ------------------------------------------------------------------------------
    def apply_chance(self, values: tuple[int, ...]) -> None:
        if self.phase == "roll":
            self.middle = Counter(values)
            self.turn = self.draft % self.n
            self.phase = "turn"
        elif self.phase == "reroll":
            self.middle = Counter(values)
            if self.places(self.turn) or self.dice[self.turn]:
                self.phase = "rerolled"
            else:
                self.end_turn()
        else:  # solo dice
            for v in values:
                if self.middle[v] > 0:
                    self.middle[v] -= 1
            if sum(self.middle.values()) == 0:
                self.end_draft()
            else:
                self.phase = "turn"

    def apply(self, seat: int, action: str) -> None:
        if action == "reroll":
            self.phase = "reroll"
        elif action == "pass":
            self.active.discard(seat)
            if not self.active or self.last_turn:
                self.end_draft()
            elif len(self.active) == 1 and not self.solo:
                self.last_turn = True
                self.turn = next(iter(self.active))
                self.phase = "turn"
            else:
                self.end_turn()
        elif action.startswith("return "):
            f = action.split()[1]
            self.dice[seat].remove(f)
            self.middle[self.sheet.number(f)] += 1
            self.end_turn()
        elif action.startswith("planet "):
            self.picks[seat] = action.split()[1]
            if not self.deciders():
                for p, f in self.picks.items():
                    self.crossed[p].add(f)
                    self.planets_due[p] -= 1
                self.planet_round()
        else:
            value, f = action.split("@")
            self.middle[int(value)] -= 1
            self.dice[seat].add(f)
            left = sum(self.middle.values())
            if self.solo:
                if left:
                    self.phase = "solo"
                else:
                    self.end_draft()
            else:
                self.end_turn()

    def end_turn(self) -> None:
        if sum(self.middle.values()) == 0 or self.last_turn:
            self.end_draft()
            return
        for step in range(1, self.n + 1):
            seat = (self.turn + step) % self.n
            if seat in self.active:
                self.turn = seat
                self.phase = "turn"
                return
        raise AssertionError("no active player left")

    def end_draft(self) -> None:
        s = self.sheet
        placed = self.dice
        for p in range(self.n):
            self.crossed[p] |= placed[p]
        if not self.solo:
            for bomb in s.bombs:
                if any(bomb in placed[p] for p in range(self.n)):
                    for p in range(self.n):
                        if bomb not in placed[p] and bomb not in self.crossed[p] \
                                and bomb not in self.scribbled[p]:
                            self.scribbled[p].add(bomb)
        for i, (field, track) in enumerate(s.flags):
            holders = [p for p in range(self.n) if field in placed[p]]
            if holders:
                step = self.flag_next[i]
                value = track[step] if step < len(track) else 0
                for p in holders:
                    self.flag_values[p][i] = value
                self.flag_next[i] += len(holders)
        self.planets_due = [len(placed[p] & s.rockets) for p in range(self.n)]
        self.dice = [set() for _ in range(self.n)]
        self.middle = Counter()
        self.planet_round()

    def planet_round(self) -> None:
        self.picks = {}
        for p in range(self.n):
            if not self.sheet.planets - self.crossed[p]:
                self.planets_due[p] = 0
        if any(self.planets_due):
            self.phase = "planet"
            return
        exhausted = any(not (self.sheet.numbered - self.crossed[p] - self.scribbled[p])
                        for p in range(self.n))
        self.draft += 1
        if exhausted or self.draft == self.drafts:
            self.phase = "over"
            return
        self.phase = "roll"
        self.active = set(range(self.n))
        self.last_turn = False

    # --- score ---------------------------------------------------------------------------
    def score(self, p: int) -> int:
        s, crossed = self.sheet, self.crossed[p]
        total = sum(points for f, points in s.gems.items() if f in crossed)
        for groups in (s.arrows, s.puzzles, s.areas):
            total += sum(points for fields, points in groups if fields <= crossed)
        total += sum(v for v in self.flag_values[p] if v is not None)
        if self.solo:
            total += 2 * len(crossed & set(s.bombs))
        else:
            total -= sum(points for f, points in s.bombs.items() if f in self.scribbled[p])
        total -= sum(points for f, points in s.poops.items() if f in crossed)
        return total

    def places_of_seats(self) -> list[int]:
        keys = [(-self.score(p), len(self.crossed[p])) for p in range(self.n)]
        return [1 + sum(other < key for other in keys) for key in keys]
