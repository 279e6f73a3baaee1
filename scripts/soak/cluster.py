"""The database, the `kassa` processes and the one that kills them."""

import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import threading
import time
import csv
import io

from kassa_client import raw_request


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Database:
    """A fresh database of one backend, and plain SQL on it (psql or the sqlite3 module)."""

    def __init__(self, backend: str, workdir: str, log):
        self.backend = backend
        self.log = log
        if backend == "postgres":
            self.pg_user = None
            for user in ("postgres", "root"):
                r = subprocess.run(
                    ["psql", "-h", "127.0.0.1", "-p", "5432", "-U", user, "-d", "postgres", "-Atqc", "select 1"],
                    capture_output=True,
                    text=True,
                )
                if r.returncode == 0:
                    self.pg_user = user
                    break
            if self.pg_user is None:
                raise SystemExit("PostgreSQL is not reachable on 127.0.0.1:5432 as postgres or root (trust auth)")
            self.name = f"soak_{os.getpid()}_{random.randrange(16**6):06x}"
            self._admin(f'CREATE DATABASE "{self.name}"')
            self.url = f"postgres://{self.pg_user}@127.0.0.1:5432/{self.name}"
            self.created = True
        else:
            self.path = os.path.join(workdir, "kassa.db")
            self.url = f"sqlite://{self.path}"
            self.name = self.path
            self.created = True

    def _admin(self, sql):
        subprocess.run(
            ["psql", "-h", "127.0.0.1", "-U", self.pg_user, "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qc", sql],
            check=True,
            capture_output=True,
            text=True,
        )

    def drop(self):
        if self.backend == "postgres" and self.created:
            try:
                self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
                self.created = False
            except subprocess.CalledProcessError as e:
                self.log(f"could not drop database {self.name}: {e.stderr.strip()}")

    def query(self, sql: str) -> list:
        """Rows as dicts; integers stay strings on PostgreSQL (callers convert)."""
        if self.backend == "postgres":
            r = subprocess.run(
                ["psql", "-h", "127.0.0.1", "-U", self.pg_user, "-d", self.name, "-X", "--csv", "-P", "null=\\N",
                 "-v", "ON_ERROR_STOP=1", "-c", sql],
                capture_output=True,
                text=True,
            )
            if r.returncode != 0:
                raise RuntimeError(f"psql: {r.stderr.strip()}")
            rows = list(csv.DictReader(io.StringIO(r.stdout)))
            return [{k: (None if v == "\\N" else v) for k, v in row.items()} for row in rows]
        con = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30)
        try:
            con.row_factory = sqlite3.Row
            return [dict(r) for r in con.execute(sql).fetchall()]
        finally:
            con.close()

    def scalar(self, sql: str):
        rows = self.query(sql)
        if not rows:
            return None
        v = list(rows[0].values())[0]
        return None if v is None else int(v)


class Proc:
    """One `kassa serve` process on its own port; restarts on the same port."""

    def __init__(self, idx, binary, env, port, workdir, cwd):
        self.idx = idx
        self.binary = binary
        self.env = env
        self.port = port
        self.workdir = workdir
        self.cwd = cwd
        self.popen = None
        self.up = False
        self.generation = 0
        self.windows = []  # (start, end) of the moments this process was down (end None: still down)
        self.logs = []

    def start(self, timeout=90.0):
        self.generation += 1
        path = os.path.join(self.workdir, f"kassa-{self.idx}-{self.generation}.log")
        self.logs.append(path)
        log = open(path, "wb")
        env = dict(self.env)
        env["KASSA_BIND"] = f"127.0.0.1:{self.port}"
        self.popen = subprocess.Popen([self.binary, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT,
                                      cwd=self.cwd, start_new_session=True)
        log.close()
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.popen.poll() is not None:
                raise RuntimeError(f"kassa #{self.idx} exited with {self.popen.returncode} on start; see {path}")
            try:
                if raw_request(self.port, "GET", "/healthz", timeout=2).status == 200:
                    self.up = True
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"kassa #{self.idx} did not answer /healthz within {timeout:.0f} s; see {path}")

    def kill(self, announce=True):
        """SIGKILL: no shutdown, no cleanup."""
        if announce:
            self.up = False
        if self.popen and self.popen.poll() is None:
            os.kill(self.popen.pid, signal.SIGKILL)
        if self.popen:
            self.popen.wait()

    def stop(self):
        """SIGTERM, then SIGKILL after 15 s."""
        self.up = False
        if self.popen and self.popen.poll() is None:
            os.kill(self.popen.pid, signal.SIGTERM)
            try:
                self.popen.wait(15)
            except subprocess.TimeoutExpired:
                os.kill(self.popen.pid, signal.SIGKILL)
                self.popen.wait()

    def down_at(self, t, before=0.3, after=1.0) -> bool:
        for start, end in self.windows:
            if start - before <= t and (end is None or t <= end + after):
                return True
        return False


class Cluster:
    def __init__(self, procs):
        self.procs = procs
        self.lock = threading.Lock()
        self.next = 0

    def pick(self):
        """The next process that is up (round robin), or None."""
        with self.lock:
            n = len(self.procs)
            for i in range(n):
                p = self.procs[(self.next + i) % n]
                if p.up:
                    self.next = (self.next + i + 1) % n
                    return p
        return None

    def proc(self, idx):
        return self.procs[idx]


class Killer(threading.Thread):
    """Every `every` seconds (a range: uniform in it) SIGKILLs one process and restarts it."""

    def __init__(self, cluster, every, stop_event, rng, log):
        super().__init__(daemon=True, name="killer")
        self.cluster = cluster
        self.every = every
        self.stop_event = stop_event
        self.rng = rng
        self.log = log
        self.kills = []  # (proc idx, killed at, down seconds)
        self.error = None

    def run(self):
        turn = 0
        try:
            while not self.stop_event.wait(self.rng.uniform(*self.every)):
                p = self.cluster.procs[turn % len(self.cluster.procs)]
                turn += 1
                t0 = time.time()
                p.windows.append([t0, None])
                # Killed while requests are in flight; the clients notice by their connection
                # errors, and the balancer stops sending to it a moment later.
                p.kill(announce=False)
                time.sleep(0.3)
                p.up = False
                # Down for a moment, as a supervisor would take to notice and restart.
                time.sleep(self.rng.uniform(0.0, 1.2))
                p.start()
                t1 = time.time()
                p.windows[-1][1] = t1
                self.kills.append((p.idx, t0, t1 - t0))
                self.log(f"killed kassa #{p.idx} (SIGKILL) and restarted it: down {t1 - t0:.2f} s")
        except Exception as e:  # noqa: BLE001 - reported as a failure of the run
            self.error = f"{type(e).__name__}: {e}"
            self.log(f"killer failed: {self.error}")


def copy_binary(src, workdir):
    """A private copy, so a rebuild of target/debug/kassa during the run changes nothing."""
    dst = os.path.join(workdir, "kassa")
    shutil.copy2(src, dst)
    return dst
