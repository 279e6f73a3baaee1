#!/usr/bin/env bash
# Schemathesis against a running Kassa (issue 16 part 2, docs/RELIABILITY.md).
#
#   bash scripts/schemathesis.sh                       # PostgreSQL, then SQLite (about 70-85 s each on 2 cores)
#   bash scripts/schemathesis.sh --backend sqlite      # one backend
#   bash scripts/schemathesis.sh --seed 7 --max-examples 500 --keep --report st.json
#   SCHEMATHESIS_MAX_EXAMPLES=1000 bash scripts/schemathesis.sh   # a long run
#
# Uses target/debug/kassa (or $KASSA_BIN); it never builds. Schemathesis comes from PyPI, pinned
# with all its dependencies in scripts/schemathesis/requirements.txt, in a virtual environment at
# target/schemathesis-venv (made again when requirements.txt changes). PostgreSQL must answer on
# 127.0.0.1:5432 with trust authentication (scripts/ensure-postgres.sh); the run creates its own
# database and drops it at the end. Needs Python 3.11+ with the venv module.
# Exit status: 0 every check held, 1 a check failed, 2 the run could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${KASSA_BIN:-target/debug/kassa}"
if [ ! -x "$bin" ]; then
  echo "schemathesis: no kassa binary at $bin (build it with cargo build, or set KASSA_BIN)" >&2
  exit 2
fi

python="${PYTHON:-python3}"
if ! "$python" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "schemathesis: needs Python 3.11 or newer with the venv module (set PYTHON)" >&2
  exit 2
fi
if ! command -v psql >/dev/null && [[ " $* " != *" --backend sqlite "* ]]; then
  echo "schemathesis: psql is needed for the PostgreSQL run (apt-get install postgresql-client)" >&2
  exit 2
fi

req="scripts/schemathesis/requirements.txt"
venv="${SCHEMATHESIS_VENV:-target/schemathesis-venv}"
# The venv keeps a copy of the requirements it was made from; any change makes it again.
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$req" "$venv/requirements.installed.txt"; then
  echo "schemathesis: creating $venv from $req"
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  if ! "$python" -m venv "$venv" \
    || ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-virtualenv \
      --no-input -r "$req"; then
    echo "schemathesis: could not install $req into $venv" >&2
    rm -rf "$venv"
    exit 2
  fi
  cp "$req" "$venv/requirements.installed.txt"
fi

KASSA_BIN="$bin" PYTHONDONTWRITEBYTECODE=1 exec "$venv/bin/python" -u scripts/schemathesis/run.py "$@"
