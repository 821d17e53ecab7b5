"""Saving live tables to the database and loading them back."""

from __future__ import annotations

from sqlalchemy import Executable, bindparam, insert, select, update
from sqlalchemy.orm import Session

from ..engine.record import RecordEntry
from .db import ChatRow, SeatRow, StepRow, TableRow
from .tables import RUNNING, WAITING, LiveTable, Seat
from .timers import Clocks, Timer
from .writer import Writes

TABLES, SEATS, STEPS, CHAT = TableRow.__table__, SeatRow.__table__, StepRow.__table__, ChatRow.__table__
INSERT_TABLE, INSERT_SEATS = insert(TABLES), insert(SEATS)
INSERT_STEPS, INSERT_CHAT = insert(STEPS), insert(CHAT)
#: updates that set the columns their parameters name
UPDATE_TABLE = update(TABLES).where(TABLES.c.id == bindparam("row_id"))
UPDATE_SEAT = update(SEATS).where(SEATS.c.table_id == bindparam("row_id"),
                                  SEATS.c.seat == bindparam("row_seat"))
#: the order the writer runs merged statements in: a row before the rows that refer to it
ORDER = (INSERT_TABLE, INSERT_SEATS, UPDATE_TABLE, UPDATE_SEAT, INSERT_STEPS, INSERT_CHAT)


def save(session: Session, table: LiveTable) -> None:
    """Write what changed since the table was last stored."""
    changes(table)(session)


def changes(table: LiveTable) -> Writes:
    """A job that writes what changed since the last call: the table's row,
    its seats' rows (only the changed columns of each), the steps and chat
    lines not stored yet. The values are taken now, and count as stored from
    now on (a failed write drops the table from memory).

    Plain inserts and updates, never ``merge``: the server stores after every
    action, and a merge reads every row back first."""
    rows = [table_row(table), *(seat_row(seat) for seat in table.seats)]
    writes: list[tuple[Executable, dict]] = []
    if not table.stored_rows:
        writes.append((INSERT_TABLE, {**rows[0], **fixed_columns(table)}))
        writes += [(INSERT_SEATS, {"table_id": table.id, "seat": index, **row})
                   for index, row in enumerate(rows[1:])]
    else:
        if columns := changed(table.stored_rows[0], rows[0]):
            writes.append((UPDATE_TABLE, {"row_id": table.id, **columns}))
        for index, (stored, row) in enumerate(zip(table.stored_rows[1:], rows[1:])):
            if columns := changed(stored, row):
                writes.append((UPDATE_SEAT, {"row_id": table.id, "row_seat": index, **columns}))
    entries, times = table.match.entries, table.step_times
    writes += [(INSERT_STEPS, {"table_id": table.id, "index": i, "seat": entries[i].seat,
                               "notation": entries[i].notation, "timed_out": i in table.timed_out,
                               "at": times[i] if i < len(times) else None})
               for i in range(table.stored_steps, len(entries))]
    writes += [(INSERT_CHAT, {"table_id": table.id, **line}) for line in table.chat[table.stored_chat:]]
    table.stored_rows = rows
    table.stored_steps = len(entries)
    table.stored_chat = len(table.chat)
    return Writes(writes)


def write_result(session: Session, table_id: str, result: dict) -> None:
    session.execute(UPDATE_TABLE, {"row_id": table_id, "result": result})


def fixed_columns(table: LiveTable) -> dict:
    """The columns of a table's row that never change."""
    return {"id": table.id, "game": table.game.name, "options": table.game.record_options(),
            "seed": table.seed, "public": table.public, "invite": table.invite,
            "timer": table.clocks.timer.to_json() if table.clocks.timer else None, "created": table.created,
            "rematch_of": table.rematch_of, "daily": table.daily, "rated": table.rated,
            "variant": table.game.variant()}


def table_row(table: LiveTable) -> dict:
    """The columns of a table's row that change during its life."""
    return {"status": table.status, "version": table.version,
            "deadlines": {str(s): at for s, at in table.clocks.deadlines.items()},
            "banks": {str(s): left for s, left in table.clocks.banks.items()}, "result": table.result,
            "rematch": table.rematch, "hints": list(table.hints)}


def seat_row(seat: Seat) -> dict:
    return {"kind": seat.kind, "level": seat.level, "nickname": seat.nickname, "token_hash": seat.token_hash,
            "away": seat.away, "disconnected_at": seat.disconnected_at, "account_id": seat.account_id,
            "address": seat.address}


def changed(stored: dict, row: dict) -> dict:
    return {key: value for key, value in row.items() if stored[key] != value}


def load(session: Session, table_id: str, bank_floor: float) -> LiveTable | None:
    """The stored table with its match replayed, or ``None``."""
    row = session.get(TableRow, table_id)
    if row is None:
        return None
    seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
    steps = list(session.scalars(select(StepRow).where(StepRow.table_id == table_id).order_by(StepRow.index)))
    chat = session.scalars(select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.n))
    clocks = Clocks(Timer.from_json(row.timer), row.options["players"], bank_floor,
                    {int(s): at for s, at in row.deadlines.items()},
                    {int(s): left for s, left in row.banks.items()})
    table = LiveTable.rebuild(
        row.game, row.options, [RecordEntry(step.seat, step.notation) for step in steps],
        timed_out={step.index for step in steps if step.timed_out}, step_times=[step.at for step in steps],
        chat=[{"n": c.n, "seat": c.seat, "name": c.name, "text": c.text, "at": c.at, "step": c.step}
              for c in chat],
        rematch=row.rematch, rematch_of=row.rematch_of, hints=list(row.hints or []), daily=row.daily,
        rated=bool(row.rated), id=row.id,
        seed=row.seed, public=row.public, invite=row.invite, clocks=clocks,
        seats=[Seat(s.kind, s.level, s.nickname, s.token_hash, s.away, s.disconnected_at, s.account_id,
                    s.address) for s in seats],
        created=row.created, status=row.status, version=row.version, result=row.result)
    table.stored_rows = [table_row(table), *(seat_row(seat) for seat in table.seats)]
    return table


def active_ids(session: Session) -> list[str]:
    """Tables that are waiting or running."""
    return list(session.scalars(select(TableRow.id).where(TableRow.status.in_((WAITING, RUNNING)))))

