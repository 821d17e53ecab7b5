"""The daily challenge with accounts: the account that played an entry (a
verified entry), one entry per account, game and day.

Entries from before stay guests' entries (unverified), as they were: nothing
recorded which of them were played logged in.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("daily_scores") as scores:
        scores.add_column(sa.Column("account_id", sa.Integer, sa.ForeignKey(
            "accounts.id", name="fk_daily_scores_account"), nullable=True))
    op.create_index("ix_daily_scores_account", "daily_scores", ["day", "game", "account_id"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_daily_scores_account", "daily_scores")
    with op.batch_alter_table("daily_scores") as scores:
        scores.drop_column("account_id")
