"""The daily challenge: the day a table plays, the players' scores, the bot's score to beat.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("daily", sa.String(10), nullable=True))
    op.create_table(
        "daily_scores",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("name_key", sa.String(64), primary_key=True),
        sa.Column("nickname", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("score", sa.Integer, nullable=True),
        sa.Column("table_id", sa.String(32), nullable=True, index=True),
        sa.Column("moves", sa.JSON, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "daily_bots",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("bot", sa.String(64), nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("daily_bots")
    op.drop_table("daily_scores")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("daily")
