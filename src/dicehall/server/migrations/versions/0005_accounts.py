"""Accounts: registered players, their sessions, ratings per game and variant,
each rated result; friends, blocks, invitations and chat reports; rated
tables and their variant, and the account and address of a seat.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False, unique=True),
        sa.Column("skeleton", sa.String(192), nullable=False, index=True),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("recovery_hash", sa.String(256), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
        sa.Column("locked_until", sa.Float, nullable=True),
    )
    op.create_table(
        "logins",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "account_ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("variant", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "rated_results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("abandoned", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.Column("flag", sa.String(32), nullable=True),
        sa.Column("at", sa.Float, nullable=False, index=True),
    )
    for name, other in (("friends", "friend_id"), ("blocks", "blocked_id")):
        op.create_table(
            name,
            sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
            sa.Column(other, sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
            sa.Column("created", sa.Float, nullable=False),
        )
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("from_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("to_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
        sa.Column("reported_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(1200), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
        tables.add_column(sa.Column("variant", sa.String(64), nullable=True))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("account_id", sa.Integer, sa.ForeignKey(
            "accounts.id", name="fk_seats_account"), nullable=True))
        seats.add_column(sa.Column("address", sa.String(64), nullable=True))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_account_id", "seats")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("address")
        seats.drop_column("account_id")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("variant")
        tables.drop_column("rated")
    for name in ("reports", "invitations", "blocks", "friends", "rated_results", "account_ratings", "logins",
                 "accounts"):
        op.drop_table(name)
