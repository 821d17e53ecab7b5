#!/usr/bin/env bash
# Debian's redis-server for the cluster drills (`make test-cluster`), installed
# when missing; the tests start and restart their own server on a free port.
set -euo pipefail
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
if ! command -v redis-server >/dev/null; then
    $SUDO apt-get update
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server
fi
