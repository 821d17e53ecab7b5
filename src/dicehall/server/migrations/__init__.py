"""Alembic migrations of the server's schema (run by ``dicehall.server.db.upgrade``)."""
