"""The database: SQLAlchemy 2 models, the engine, and migration on start.

A table's game lives as its seed and its steps (the record entries, append
only); the match is rebuilt by replaying them. Deadlines and banks are stored
with the table, so a restarted server resumes its timers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    create_engine,
    event,
    make_url,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

MIGRATIONS = Path(__file__).parent / "migrations"
#: libpq's limits on waiting for a PostgreSQL that stops answering (a URL's own
#: settings win): a connection attempt gives up after 3 s, and a connection
#: whose server is gone is closed within about 20 s (TCP keepalives; sent data
#: unacknowledged for 10 s), so that no wait on the database is unbounded
POSTGRES_TIMEOUTS = {"connect_timeout": 3, "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 5,
                     "keepalives_count": 3, "tcp_user_timeout": 10000}


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(64))
    public: Mapped[bool] = mapped_column(Boolean)
    invite: Mapped[str] = mapped_column(String(64))
    timer: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer)
    created: Mapped[float] = mapped_column(Float)
    #: seat (as text) -> unix time of its decision's deadline
    deadlines: Mapped[dict] = mapped_column(JSON)
    #: seat (as text) -> seconds left in its bank (at the start of its decision)
    banks: Mapped[dict] = mapped_column(JSON)
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    #: the table of the rematch of this game, and the game this one is the rematch of
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: the seats that asked for a hint (``None`` in rows from before hints: none)
    hints: Mapped[list | None] = mapped_column(JSON, nullable=True)
    #: the day of the daily challenge this table plays (``None``: an ordinary table)
    daily: Mapped[str | None] = mapped_column(String(10), nullable=True)
    #: a rated table: accounts only, and its result changes their ratings
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the game's variant (``Game.variant()``; ``None``: a custom sheet or board)
    variant: Mapped[str | None] = mapped_column(String(64), nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    nickname: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: a bot plays for the absent human until the token reclaims the seat
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    disconnected_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: the account seated here (``None``: a guest or a bot), and the address it joined from
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True, index=True)
    address: Mapped[str | None] = mapped_column(String(64), nullable=True)


class StepRow(Base):
    __tablename__ = "steps"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    notation: Mapped[str] = mapped_column(String(200))
    #: the server applied the timeout action: the seat's time ran out
    timed_out: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[float | None] = mapped_column(Float, nullable=True)


class ChatRow(Base):
    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(1200))
    at: Mapped[float] = mapped_column(Float)
    #: how many steps the game had when the line was said (the replay shows it there)
    step: Mapped[int] = mapped_column(Integer)


class HeartbeatRow(Base):
    """One row: when the server last stored anything or ticked, so that a
    restarted server knows how long it was away."""

    __tablename__ = "heartbeat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[float] = mapped_column(Float)


class ReviewRow(Base):
    """A finished game's post-game review of one seat (``dicehall.bots.review``)."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[dict] = mapped_column(JSON)
    created: Mapped[float] = mapped_column(Float)


class DailyRow(Base):
    """A player's game of a daily challenge: one per name (``name_key``, the
    folded form of the guest's nickname or the account's name), game and day,
    and one per account (``account_id``: a verified entry; ``None``: a guest's).
    ``score`` is ``None`` until the game ends; ``status`` is ``playing``,
    ``done`` or ``abandoned`` (a bot finished it)."""

    __tablename__ = "daily_scores"
    __table_args__ = (Index("ix_daily_scores_account", "day", "game", "account_id", unique=True),)

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    name_key: Mapped[str] = mapped_column(String(64), primary_key=True)
    nickname: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16))
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: where it was played: the table (browser), or the moves sent from a terminal
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    moves: Mapped[list | None] = mapped_column(JSON, nullable=True)
    at: Mapped[float] = mapped_column(Float)
    #: the account that played it, logged in (``None``: a guest, by nickname)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", name="fk_daily_scores_account"),
                                                   nullable=True)


class DailyBotRow(Base):
    """The score to beat: a bot's game of a daily challenge, on the same dice."""

    __tablename__ = "daily_bots"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    bot: Mapped[str] = mapped_column(String(64))
    score: Mapped[int] = mapped_column(Integer)
    record: Mapped[dict] = mapped_column(JSON)
    created: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    nickname: Mapped[str] = mapped_column(String(64), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class AccountRow(Base):
    """A registered player. ``name_key`` (NFKC, case-folded) is unique and
    ``skeleton`` (TS #39) finds look-alikes (``names.py``); the password and the
    recovery code are kept only as argon2id hashes."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(24))
    name_key: Mapped[str] = mapped_column(String(96), unique=True)
    skeleton: Mapped[str] = mapped_column(String(192), index=True)
    password_hash: Mapped[str] = mapped_column(String(256))
    recovery_hash: Mapped[str] = mapped_column(String(256))
    created: Mapped[float] = mapped_column(Float)
    #: failed logins in a row, and until when the account is locked after too many
    failures: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[float | None] = mapped_column(Float, nullable=True)


class LoginRow(Base):
    """A logged-in session: the SHA-256 of its cookie's secret, never the secret,
    and the CSRF token that state-changing requests must carry."""

    __tablename__ = "logins"

    secret_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float)
    expires: Mapped[float] = mapped_column(Float)


class AccountRatingRow(Base):
    """An account's rating in one game and variant (``Game.variant()``)."""

    __tablename__ = "account_ratings"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    variant: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer, default=0)


class RatedResultRow(Base):
    """One account's result of one rated game: the rating graph's points, and
    ``flag`` (``same-address``: an opponent account played from its address)."""

    __tablename__ = "rated_results"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    variant: Mapped[str] = mapped_column(String(64))
    place: Mapped[int] = mapped_column(Integer)
    abandoned: Mapped[bool] = mapped_column(Boolean, default=False)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    flag: Mapped[str | None] = mapped_column(String(32), nullable=True)
    at: Mapped[float] = mapped_column(Float, index=True)


class FriendRow(Base):
    """``account_id`` has added ``friend_id`` as a friend (one way, as a follow)."""

    __tablename__ = "friends"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    friend_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    created: Mapped[float] = mapped_column(Float)


class BlockRow(Base):
    """``account_id`` does not want to see ``blocked_id``'s chat nor get its invitations."""

    __tablename__ = "blocks"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    created: Mapped[float] = mapped_column(Float)


class InvitationRow(Base):
    """An invitation to a table, from one account to a friend."""

    __tablename__ = "invitations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    from_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    to_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    table_id: Mapped[str] = mapped_column(String(32))
    created: Mapped[float] = mapped_column(Float)


class ReportRow(Base):
    """A chat line reported to the operators: who reported it, whose it was, and why."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    table_id: Mapped[str] = mapped_column(String(32))
    line: Mapped[int] = mapped_column(Integer)
    #: the account that said it (``None``: a guest or a spectator), and the line as it was
    reported_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(1200))
    reason: Mapped[str] = mapped_column(String(500))
    created: Mapped[float] = mapped_column(Float)


def connect(url: str) -> Engine:
    """An engine for ``url``; a SQLite file's folder is created, and an
    in-memory SQLite database is shared by every connection. A PostgreSQL
    engine checks a pooled connection before it lends it (one that died while
    the server restarted is replaced, not failed on) and waits on the server
    within :data:`POSTGRES_TIMEOUTS`."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(url, connect_args={"check_same_thread": False})
            event.listen(engine, "connect", write_ahead)
            return engine
        return create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
    parsed = make_url(url)
    libpq = parsed.get_backend_name() == "postgresql" and parsed.get_driver_name().startswith("psycopg")
    timeouts = {key: value for key, value in POSTGRES_TIMEOUTS.items() if libpq and key not in parsed.query}
    return create_engine(url, pool_pre_ping=True, connect_args=timeouts)


def emptied(url: str) -> str:
    """The database at ``url`` with every table of ours dropped (the tests
    run on a PostgreSQL database this way); its url."""
    engine = connect(url)
    with engine.begin() as connection:
        Base.metadata.drop_all(connection)
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()
    return url


def write_ahead(connection: Any, record: Any) -> None:
    """A SQLite file keeps a write-ahead log, synced at checkpoints rather than
    at every commit: a commit costs microseconds instead of an fsync (the
    server commits after every action), and a crash of the process loses
    nothing; only a power failure may lose the last commits."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def upgrade(engine: Engine) -> None:
    """Migrate the schema to the newest Alembic version."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_database(url: str) -> sessionmaker:
    """Connect, migrate, and return the session factory."""
    engine = connect(url)
    upgrade(engine)
    return sessionmaker(engine, expire_on_commit=False)
