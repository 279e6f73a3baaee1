#!/usr/bin/env bash
# Kassa soak with crashes (issue 16, docs/RELIABILITY.md).
#
#   bash scripts/soak.sh                      # 10 minutes on PostgreSQL: two processes, a SIGKILL every 30 s
#   bash scripts/soak.sh --backend sqlite     # one process on a fresh SQLite file
#   bash scripts/soak.sh --short              # CI: about 1 minute of traffic on PostgreSQL, then on SQLite
#   bash scripts/soak.sh --duration 1800 --kill-every 20-40 --workers 8 --seed 7
#
# Uses target/debug/kassa (or $KASSA_BIN); it never builds. PostgreSQL must answer on
# 127.0.0.1:5432 with trust authentication (scripts/ensure-postgres.sh sets that up); the soak
# creates its own database and drops it at the end. Python 3.11+ standard library only.
# Exit status: 0 every invariant held, 1 an invariant failed, 2 the soak could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${KASSA_BIN:-target/debug/kassa}"
# Another build may be writing the binary: wait for it when asked to (SOAK_WAIT_FOR_BIN=seconds).
wait_s="${SOAK_WAIT_FOR_BIN:-0}"
while [ ! -x "$bin" ] && [ "$wait_s" -gt 0 ]; do sleep 5; wait_s=$((wait_s - 5)); done
if [ ! -x "$bin" ]; then
  echo "soak: no kassa binary at $bin (build it with cargo build, or set KASSA_BIN)" >&2
  exit 2
fi

python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "soak: needs Python 3.11 or newer (set PYTHON)" >&2
  exit 2
fi
for tool in psql; do
  if ! command -v "$tool" >/dev/null && [[ " $* " != *" --backend sqlite "* ]]; then
    echo "soak: $tool is needed for the PostgreSQL run (apt-get install postgresql-client)" >&2
    exit 2
  fi
done

KASSA_BIN="$bin" PYTHONDONTWRITEBYTECODE=1 exec "$python" -u scripts/soak/soak.py "$@"
