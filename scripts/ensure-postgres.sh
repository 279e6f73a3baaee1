#!/usr/bin/env bash
# Makes the test PostgreSQL available: 127.0.0.1:5432, user postgres without a password
# (trust), database `test`. Starts the local cluster when it is down; on a machine without
# PostgreSQL, installs Debian's package and sets up exactly that (a fresh cluster only: an
# existing cluster's authentication is never changed).
set -euo pipefail
ready() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v pg_ctlcluster >/dev/null || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
  echo "installing PostgreSQL (Debian package)"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql
  version="$(ls /etc/postgresql | sort -V | tail -1)"
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  # Tests connect over TCP on loopback as postgres without a password.
  as_root sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main restart || true
fi

if ! ready; then
  echo "starting PostgreSQL"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
  for _ in $(seq 1 30); do ready && break; sleep 1; done
fi
ready || { echo "PostgreSQL is not answering on 127.0.0.1:5432" >&2; exit 1; }

if ! psql -h 127.0.0.1 -U postgres -d test -Atqc 'select 1' >/dev/null 2>&1; then
  echo "creating database test"
  createdb -h 127.0.0.1 -U postgres test
fi
