#!/usr/bin/env bash
# Starts the local PostgreSQL cluster (127.0.0.1:5432, trust auth) when it is down.
set -euo pipefail
ready() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
if ! ready; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
  for _ in $(seq 1 30); do ready && break; sleep 1; done
fi
ready || { echo "PostgreSQL is not answering on 127.0.0.1:5432" >&2; exit 1; }
