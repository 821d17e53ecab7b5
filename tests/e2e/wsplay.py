"""A finished game without a browser: a table created over the HTTP API (seat 0
open, the others bots), seat 0 taken and played to the end over the WebSocket
by a simple chooser. For the replay page's tests and screenshots, which need
a finished game but not the table page playing it."""

from __future__ import annotations

import json
import time
import urllib.request

from websockets.sync.client import connect

#: seconds between two actions: the server takes 5 messages a second
PACE = 0.21
#: the most states to wait through before the game counts as stuck
STATE_LIMIT = 5000


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def choose(game: str, legal: list[dict], count: int) -> str:
    """An action that makes the game go on: Noch mal the one crossing the most
    boxes, Dizzle a placement, Razzle-Dazzle a move (else enter, spin, end)."""
    notations = [action["notation"] for action in legal]
    if game == "nochmal":
        return max(notations, key=lambda n: (len(n.split()), n != "pass"))
    if game == "razzle":
        order = {"move": 0, "enter": 1, "spin": 2, "endturn": 3}
        moves = sorted(legal, key=lambda a: order.get(a["kind"], 4))
        best = [a for a in moves if a["kind"] == moves[0]["kind"]]
        return best[count % len(best)]["notation"]
    keep = [n for n in notations if n not in ("pass", "reroll")] or notations
    return keep[count % min(len(keep), 3)]


def finished_game(url: str, game: str, options: dict | None = None, bots: tuple[str, ...] = ("easy",),
                  nickname: str = "Anna", chat: tuple[str, ...] = ()) -> tuple[str, str]:
    """Play a whole game at a new private table (no timer) as seat 0 against
    ``bots``; the table's id and invite code once it is over. ``chat`` lines
    are said along the way."""
    seats = [{"kind": "open"}] + [{"kind": "bot", "level": level} for level in bots]
    table = post(f"{url}/api/tables", {"game": game, "options": {**(options or {}), "players": len(seats)},
                                       "seats": seats, "timer": None, "public": False})
    table_id, invite = table["id"], table["invite"]
    seat = post(f"{url}/api/tables/{table_id}/join", {"seat": 0, "nickname": nickname, "invite": invite})
    post(f"{url}/api/tables/{table_id}/start", {"token": seat["token"]})
    play_seat(url, game, table_id, seat["token"], chat)
    return table_id, invite


def play_seat(url: str, game: str, table_id: str, token: str, chat: tuple[str, ...] = ()) -> None:
    """Play the seat of ``token`` at a started table to the end of the game."""
    socket_url = url.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={token}"
    sent_at, count, said = 0.0, 0, list(chat)
    with connect(socket_url, open_timeout=60, max_size=None) as socket:
        for _ in range(STATE_LIMIT):
            message = json.loads(socket.recv(timeout=120))
            if message.get("type") != "state":
                continue
            if message["table"]["status"] == "over" or message["view"].get("phase") == "over":
                return
            legal = message.get("legal") or []
            if not legal:
                continue
            time.sleep(max(0.0, sent_at + PACE - time.monotonic()))
            if said and count % 7 == 3:
                socket.send(json.dumps({"type": "chat", "text": said.pop(0)}))
                time.sleep(PACE)
            socket.send(json.dumps({"type": "action", "version": message["version"],
                                    "action": choose(game, legal, count)}))
            sent_at = time.monotonic()
            count += 1
    raise AssertionError(f"the {game} game at table {table_id} did not end")
