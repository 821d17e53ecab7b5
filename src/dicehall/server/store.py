"""Saving live tables to the database and loading them back."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..engine.record import RecordEntry
from .db import SeatRow, StepRow, TableRow
from .tables import LiveTable, Seat
from .timers import Clocks, Timer


def save(session: Session, table: LiveTable) -> None:
    """Write the table's state, its seats and the steps not stored yet."""
    session.merge(TableRow(
        id=table.id, game=table.game.name, options=table.game.record_options(), seed=table.seed,
        public=table.public, invite=table.invite,
        timer=table.clocks.timer.to_json() if table.clocks.timer else None,
        status=table.status, version=table.version, created=table.created,
        deadlines={str(s): at for s, at in table.clocks.deadlines.items()},
        banks={str(s): left for s, left in table.clocks.banks.items()}, result=table.result))
    for index, seat in enumerate(table.seats):
        session.merge(SeatRow(table_id=table.id, seat=index, kind=seat.kind, level=seat.level,
                              nickname=seat.nickname, token_hash=seat.token_hash, away=seat.away,
                              disconnected_at=seat.disconnected_at))
    entries = table.match.entries
    session.add_all(StepRow(table_id=table.id, index=i, seat=entries[i].seat, notation=entries[i].notation)
                    for i in range(table.stored_steps, len(entries)))
    table.stored_steps = len(entries)


def load(session: Session, table_id: str, bank_floor: float) -> LiveTable | None:
    """The stored table with its match replayed, or ``None``."""
    row = session.get(TableRow, table_id)
    if row is None:
        return None
    seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
    steps = session.scalars(select(StepRow).where(StepRow.table_id == table_id).order_by(StepRow.index))
    clocks = Clocks(Timer.from_json(row.timer), row.options["players"], bank_floor,
                    {int(s): at for s, at in row.deadlines.items()},
                    {int(s): left for s, left in row.banks.items()})
    return LiveTable.rebuild(
        row.game, row.options, [RecordEntry(step.seat, step.notation) for step in steps],
        id=row.id, seed=row.seed, public=row.public, invite=row.invite, clocks=clocks,
        seats=[Seat(s.kind, s.level, s.nickname, s.token_hash, s.away, s.disconnected_at) for s in seats],
        created=row.created, status=row.status, version=row.version, result=row.result)


def active_ids(session: Session) -> list[str]:
    """Tables that are waiting or running."""
    return list(session.scalars(select(TableRow.id).where(TableRow.status != "over")))

