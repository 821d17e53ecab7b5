"""The first schema: tables, seats, steps, ratings.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("invite", sa.String(64), nullable=False),
        sa.Column("timer", sa.JSON, nullable=True),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("deadlines", sa.JSON, nullable=False),
        sa.Column("banks", sa.JSON, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("nickname", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("away", sa.Boolean, nullable=False),
        sa.Column("disconnected_at", sa.Float, nullable=True),
    )
    op.create_table(
        "steps",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("notation", sa.String(200), nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("nickname", sa.String(64), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    for name in ("ratings", "steps", "seats", "tables"):
        op.drop_table(name)
