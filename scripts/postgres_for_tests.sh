#!/usr/bin/env bash
# A local PostgreSQL for the server tests (`make test-postgres`): installs
# Debian's server when missing, starts it on 127.0.0.1:5432, and creates the
# role and database "dicehall" (password "dicehall") when missing.
set -euo pipefail
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    $SUDO apt-get update
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
$SUDO pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 50); do pg_isready -q -h 127.0.0.1 && break; sleep 0.2; done
as_postgres() { $SUDO su postgres -c "psql -tAq -c \"$1\""; }
[ "$(as_postgres "SELECT 1 FROM pg_roles WHERE rolname = 'dicehall'")" = 1 ] ||
    as_postgres "CREATE ROLE dicehall LOGIN PASSWORD 'dicehall'"
[ "$(as_postgres "SELECT 1 FROM pg_database WHERE datname = 'dicehall'")" = 1 ] ||
    as_postgres "CREATE DATABASE dicehall OWNER dicehall"
