"""The table's story and durability: timed-out steps and step times, chat,
rematches, and the server's heartbeat (to give back the time it was away).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("steps") as steps:
        steps.add_column(sa.Column("timed_out", sa.Boolean, nullable=False, server_default=sa.false()))
        steps.add_column(sa.Column("at", sa.Float, nullable=True))
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("rematch", sa.String(32), nullable=True))
        tables.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
    op.create_table(
        "chat",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(1200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
    )
    op.create_table(
        "heartbeat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("heartbeat")
    op.drop_table("chat")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("rematch_of")
        tables.drop_column("rematch")
    with op.batch_alter_table("steps") as steps:
        steps.drop_column("at")
        steps.drop_column("timed_out")
