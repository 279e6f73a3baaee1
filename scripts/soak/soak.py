#!/usr/bin/env python3
"""Kassa soak with crashes (issue 16, part 1). See docs/RELIABILITY.md.

Starts `kassa` processes on a fresh database (two on PostgreSQL, one on SQLite), a callback
receiver that sometimes fails or answers slowly, drives mixed traffic while SIGKILLing a
process every N seconds, then checks the invariants on the stopped database and prints figures.
Exit status: 0 when every invariant holds, 1 when one fails, 2 when the soak could not run.
"""

import argparse
import json
import os
import platform
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import checks  # noqa: E402
from cluster import Cluster, Database, Killer, Proc, copy_binary, free_port  # noqa: E402
from kassa_client import Merchant, raw_request, self_test  # noqa: E402
from receiver import Receiver  # noqa: E402
from traffic import OPERATOR_TOKEN, Stats, Worker, requisites_pool  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MAX_DURATION = 6 * 3600


def log(msg):
    print(f"[soak {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Kassa soak with crashes (docs/RELIABILITY.md)")
    ap.add_argument("--backend", choices=["postgres", "sqlite", "both"], default="postgres")
    ap.add_argument("--duration", type=int, default=600, help="seconds of traffic (default 600, at most 21600)")
    ap.add_argument("--short", action="store_true",
                    help="CI mode: 60 s of traffic, a kill every 15-20 s, on both backends in sequence")
    ap.add_argument("--kill-every", type=str, default=None,
                    help="seconds between kills, N or MIN-MAX (default 30; --short 15-20); 0 disables kills")
    ap.add_argument("--workers", type=int, default=8, help="concurrent traffic workers (default 8)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--drain", type=int, default=None, help="seconds allowed for callbacks to drain at the end")
    ap.add_argument("--keep", action="store_true", help="keep the work directory and the database")
    ap.add_argument("--report", type=str, default=None, help="also write the figures as JSON to this file")
    a = ap.parse_args(argv)
    if a.short:
        if a.backend == "postgres" and "--backend" not in " ".join(argv):
            a.backend = "both"
        a.duration = 60 if "--duration" not in " ".join(argv) else a.duration
        a.kill_every = a.kill_every or "15-20"
    a.kill_every = a.kill_every or "30"
    if not 10 <= a.duration <= MAX_DURATION:
        ap.error(f"--duration must be 10 to {MAX_DURATION} seconds")
    if "-" in a.kill_every:
        lo, hi = a.kill_every.split("-", 1)
        a.kill_range = (float(lo), float(hi))
    else:
        a.kill_range = (float(a.kill_every), float(a.kill_every))
    if not 1 <= a.workers <= 64:
        ap.error("--workers must be 1 to 64")
    if a.seed is None:
        a.seed = random.randrange(1 << 30)
    return a


SETTINGS = {
    "search_s": 6,
    "card_auth_s": 6,
    "dispute_grace_s": 10,
    "callback_retry_s": "1,2,3",
    "callback_timeout_ms": 2000,
}


def server_env(db_url, master_key):
    env = {k: v for k, v in os.environ.items() if not k.startswith("KASSA_")}
    env.update({
        "KASSA_DATABASE_URL": db_url,
        "KASSA_MASTER_KEY": master_key,
        "KASSA_OPERATOR_TOKEN": OPERATOR_TOKEN,
        "KASSA_SANDBOX": "1",
        "KASSA_ALLOW_PRIVATE_CALLBACKS": "1",
        "KASSA_CALLBACK_RETRY_S": SETTINGS["callback_retry_s"],
        "KASSA_CALLBACK_TIMEOUT_MS": str(SETTINGS["callback_timeout_ms"]),
        "KASSA_REQUISITES_SEARCH_S": str(SETTINGS["search_s"]),
        "KASSA_CARD_AUTH_TIMEOUT_S": str(SETTINGS["card_auth_s"]),
        "KASSA_DISPUTE_GRACE_S": str(SETTINGS["dispute_grace_s"]),
        "KASSA_RATE_LIMIT_RPS": "100000",
        "KASSA_RATE_LIMIT_BURST": "100000",
        "KASSA_ADDRESS_RATE_LIMIT_RPS": "100000",
        "KASSA_ADDRESS_RATE_LIMIT_BURST": "100000",
        "RUST_LOG": os.environ.get("SOAK_RUST_LOG", "info"),
    })
    return env


def kassa_cmd(binary, env, *args, check=True):
    r = subprocess.run([binary, *args], env=env, capture_output=True, text=True, cwd=REPO)
    if check and r.returncode != 0:
        raise RuntimeError(f"kassa {' '.join(args)} failed ({r.returncode}): {r.stderr.strip()[-2000:]}")
    return r


def percentile(sorted_values, q):
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[k]


def http_figures(stats, procs, t_start, t_end):
    """Latency per endpoint, the rate held, 5xx and connection errors inside and outside the
    moments a process was down."""
    fails = []
    per = defaultdict(list)
    codes = defaultdict(lambda: defaultdict(int))
    conn_down = conn_up = 0
    conn_up_samples = []
    buckets = defaultdict(int)
    for t, label, status, ms, idx in stats.requests:
        down = procs[idx].down_at(t)
        if status == "conn":
            if down:
                conn_down += 1
            else:
                conn_up += 1
                conn_up_samples.append(f"{label} to kassa #{idx} at +{t - t_start:.1f} s")
            continue
        per[label].append(ms)
        codes[label][status] += 1
        if t_start <= t <= t_end:
            buckets[int((t - t_start) // 10)] += 1
    five_down = five_up = 0
    for t, label, status, idx, excerpt in stats.server_errors:
        if procs[idx].down_at(t):
            five_down += 1
        else:
            five_up += 1
            fails.append(f"HTTP {status} from kassa #{idx} while it was up: {label} at +{t - t_start:.1f} s: "
                         f"{excerpt[:200]}")
    if conn_up:
        fails.append(f"{conn_up} connection errors to a process that was up, e.g. {conn_up_samples[:3]}")
    for (label, status, excerpt), n in sorted(stats.unexpected.items()):
        fails.append(f"unexpected HTTP {status} x{n} on {label}: {excerpt}")
    endpoints = {}
    for label in sorted(per):
        v = sorted(per[label])
        endpoints[label] = {
            "n": len(v),
            "p50_ms": round(percentile(v, 0.50), 1),
            "p99_ms": round(percentile(v, 0.99), 1),
            "max_ms": round(v[-1], 1),
            "codes": dict(sorted((str(k), n) for k, n in codes[label].items())),
        }
    answered = sum(len(v) for v in per.values())
    span = max(1e-9, t_end - t_start)
    full_buckets = [buckets.get(b, 0) / 10 for b in range(int(span // 10))]
    figures = {
        "requests_answered": answered,
        "rate_rps": round(answered / span, 1),
        "rate_rps_min_10s": round(min(full_buckets), 1) if full_buckets else None,
        "rate_rps_max_10s": round(max(full_buckets), 1) if full_buckets else None,
        "http_5xx_while_up": five_up,
        "http_5xx_while_down": five_down,
        "connection_errors_while_down": conn_down,
        "connection_errors_while_up": conn_up,
        "conflicts_409_accepted": stats.conflicts,
        "endpoints": endpoints,
    }
    return figures, fails


def pending_callbacks(db):
    return db.scalar("SELECT COUNT(*) AS n FROM callbacks WHERE state = 'pending'") or 0


def run_once(args, backend, seed):
    """One soak on one backend. Returns (ok, report)."""
    rng = random.Random(seed)
    workdir = tempfile.mkdtemp(prefix=f"kassa-soak-{backend}-")
    binary_src = os.environ.get("KASSA_BIN", os.path.join(REPO, "target", "debug", "kassa"))
    binary = copy_binary(binary_src, workdir)
    report = {"backend": backend, "seed": seed, "duration_s": args.duration, "workdir": workdir,
              "kill_every_s": args.kill_every, "workers": args.workers, "settings": SETTINGS}
    failures = []
    db = None
    procs = []
    receiver = None
    ok = False
    try:
        db = Database(backend, workdir, log)
        log(f"{backend}: database {db.name}; work directory {workdir}")
        master_key = kassa_cmd(binary, {**os.environ, "KASSA_DATABASE_URL": db.url}, "master-key", "new").stdout.strip()
        env = server_env(db.url, master_key)
        kassa_cmd(binary, env, "migrate")
        created = json.loads(kassa_cmd(binary, env, "project", "create", "--merchant", "Soak Shop", "--name", "Main",
                                       "--request-key-type", "hmac-sha512",
                                       "--callback-key-type", "hmac-sha512").stdout)
        merchant = Merchant(created)
        receiver = Receiver(merchant.callback_secret, seed, timeout_s=SETTINGS["callback_timeout_ms"] / 1000)
        receiver.start()
        n = 2 if backend == "postgres" else 1
        procs = [Proc(i, binary, env, free_port(), workdir, REPO) for i in range(n)]
        for p in procs:
            p.start()
        log(f"{backend}: {n} kassa process(es) on ports {[p.port for p in procs]}; receiver on {receiver.port}")
        cluster = Cluster(procs)
        for r in requisites_pool():
            a = raw_request(procs[0].port, "POST", "/api/v1/operator/requisites", json.dumps(r).encode(),
                            {"authorization": f"Bearer {OPERATOR_TOKEN}", "content-type": "application/json"})
            if a.status != 200:
                raise RuntimeError(f"requisite not created: {a.status} {a.text[:300]}")

        stats = Stats()
        registry = []
        stop = threading.Event()
        t_start = time.time()
        end_at = t_start + args.duration
        cfg = {"search_s": SETTINGS["search_s"], "card_auth_s": SETTINGS["card_auth_s"]}
        workers = [Worker(i, cluster, merchant, receiver.url, stats, random.Random(rng.random()), end_at, registry,
                          cfg) for i in range(args.workers)]
        killer = None
        if args.kill_range[1] > 0:
            killer = Killer(cluster, args.kill_range, stop, random.Random(rng.random()), log)
            killer.start()
        for w in workers:
            w.start()
        log(f"{backend}: traffic for {args.duration} s with {args.workers} workers, a SIGKILL every "
            f"{args.kill_every} s")
        while time.time() < end_at:
            time.sleep(min(30, max(0.1, end_at - time.time())))
            if time.time() < end_at - 1:
                done = len(stats.requests)
                log(f"{backend}: +{time.time() - t_start:.0f} s, {done} requests, "
                    f"{len(receiver.records)} callbacks received")
        stop.set()
        if killer:
            killer.join(120)
        for w in workers:
            w.join(120)
        t_end = time.time()
        stuck = [w.name for w in workers if w.is_alive()]
        if stuck:
            failures.append(f"workers did not finish: {stuck}")
        if killer and killer.error:
            failures.append(f"a killed process did not come back: {killer.error}")
        for p in procs:
            if not p.up:
                p.start()
        log(f"{backend}: traffic stopped after {t_end - t_start:.0f} s; letting timers and callbacks settle")

        # Timers started by the last requests (requisites search, card authorization, dispute
        # grace) end by themselves; then the outbox drains; then every process stops and the
        # checks read a database nothing writes to any more.
        settle = max(SETTINGS["search_s"], SETTINGS["card_auth_s"], SETTINGS["dispute_grace_s"]) + 3
        drain = args.drain or (60 if args.short else 120)
        drain_deadline = time.time() + settle + drain
        time.sleep(settle)
        pending = None
        while True:
            quiet = 0
            while time.time() < drain_deadline:
                pending = pending_callbacks(db)
                quiet = quiet + 1 if pending == 0 else 0
                if quiet >= 2:
                    break
                time.sleep(1)
            for p in procs:
                p.stop()
            pending = pending_callbacks(db)
            if pending == 0 or time.time() >= drain_deadline:
                break
            log(f"{backend}: {pending} callbacks fell due while stopping; starting again to deliver them")
            for p in procs:
                p.start()
        t_drained = time.time()
        log(f"{backend}: drained in {t_drained - t_end:.0f} s ({pending} pending); checking")
        receiver.stop()
        records = receiver.snapshot()

        payments, history, callbacks_, attempts, ledger, balances = checks.load(db)
        sections = {}
        for name, (fig, fl) in [
            ("http", http_figures(stats, procs, t_start, t_end)),
            ("payments", checks.check_states(payments, history)),
            ("callbacks", checks.check_callbacks(payments, history, callbacks_, attempts, records)),
            ("requisites", checks.check_requisites(payments, history)),
            ("ledger", checks.check_ledger(payments, ledger, balances)),
        ]:
            sections[name] = fig
            failures.extend(f"{name}: {f}" for f in fl)
        verify = kassa_cmd(binary, env, "ledger", "verify", check=False)
        try:
            verified = json.loads(verify.stdout)
        except ValueError:
            verified = verify.stdout.strip()[-500:]
        sections["ledger"]["kassa_ledger_verify_exit"] = verify.returncode
        sections["ledger"]["kassa_ledger_verify"] = verified
        if verify.returncode != 0:
            failures.append(f"ledger: kassa ledger verify exited {verify.returncode}: {str(verified)[:500]}")
        panics = 0
        for p in procs:
            for path in p.logs:
                with open(path, "rb") as f:
                    panics += f.read().count(b"panicked at")
        sections["processes"] = {
            "kills": len(killer.kills) if killer else 0,
            "down_s_mean": round(sum(k[2] for k in killer.kills) / len(killer.kills), 2) if killer and killer.kills
            else 0,
            "down_s_max": round(max((k[2] for k in killer.kills), default=0), 2) if killer else 0,
            "starts": sum(p.generation for p in procs),
            "panics_in_logs": panics,
        }
        if panics:
            failures.append(f"processes: {panics} panics in the kassa logs ({workdir})")
        failures.extend(f"driver: {f}" for f in stats.checks_failed)
        sections["traffic"] = {"scenarios": dict(sorted(stats.scenarios.items())),
                               "scenario_notes": dict(sorted(stats.scenario_errors.items()))}
        report.update(sections)
        report["traffic_s"] = round(t_end - t_start, 1)
        report["drain_s"] = round(t_drained - t_end, 1)
        report["failures"] = failures
        ok = not failures
        return ok, report
    except Exception as e:  # noqa: BLE001
        import traceback

        traceback.print_exc()
        report["failures"] = failures + [f"the soak could not run: {type(e).__name__}: {e}"]
        report["error"] = True
        return False, report
    finally:
        for p in procs:
            try:
                p.stop()
            except Exception:  # noqa: BLE001
                pass
        if receiver:
            try:
                receiver.stop()
            except Exception:  # noqa: BLE001
                pass
        if db and not args.keep:
            db.drop()
        if ok and not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
            report["workdir"] = "(removed)"


def print_report(r):
    print()
    print(f"=== Kassa soak: {r['backend']} — {'PASS' if not r.get('failures') else 'FAIL'} ===")
    if r.get("error"):
        for f in r["failures"]:
            print(f"  {f}")
        return
    print(f"traffic {r['traffic_s']} s, {r['workers']} workers, kill every {r['kill_every_s']} s, seed {r['seed']}, "
          f"drain {r['drain_s']} s, work dir {r['workdir']}")
    pr = r["processes"]
    print(f"processes: {pr['kills']} SIGKILLs, down {pr['down_s_mean']} s on average (max {pr['down_s_max']} s), "
          f"{pr['starts']} starts, {pr['panics_in_logs']} panics")
    h = r["http"]
    print(f"requests: {h['requests_answered']} answered, {h['rate_rps']} req/s held (10 s windows: "
          f"{h['rate_rps_min_10s']}..{h['rate_rps_max_10s']}); 5xx while up {h['http_5xx_while_up']}, "
          f"while down {h['http_5xx_while_down']}; connection errors while down {h['connection_errors_while_down']}, "
          f"while up {h['connection_errors_while_up']}; 409 accepted {h['conflicts_409_accepted']}")
    print(f"  {'endpoint':<52} {'n':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  codes")
    for label, e in h["endpoints"].items():
        codes = " ".join(f"{k}:{v}" for k, v in e["codes"].items())
        print(f"  {label:<52} {e['n']:>6} {e['p50_ms']:>8} {e['p99_ms']:>8} {e['max_ms']:>8}  {codes}")
    p = r["payments"]
    print(f"payments: {p['payments']} payments, {p['history_rows']} history rows, every state explained by its "
          f"history: {'yes' if not any(f.startswith('payments:') for f in r['failures']) else 'NO'}; "
          f"two final outcomes: {p['payments_with_two_final_outcomes']}")
    for k, v in p["states"].items():
        print(f"  {k:<40} {v}")
    c = r["callbacks"]
    print(f"callbacks: {c['outbox_rows']} in the outbox {c['outbox_states']}; {c['attempts']} attempts "
          f"({c['failed_attempts']} failed, at most {c['max_attempts_of_one_callback']} for one); receiver got "
          f"{c['received']} ({c['received_answered_500']} answered 500, {c['received_answered_slowly_past_timeout']} "
          f"past the timeout, {c['received_more_than_once_2xx']} keys 2xx more than once)")
    print(f"  due but not delivered {c['due_not_delivered']}, delivered but not received {c['delivered_not_received']}, "
          f"out of order {c['out_of_order']}, missing outbox rows {c['missing_outbox_rows']}, unexplained "
          f"{c['unexplained_outbox_rows']}, bad signatures {c['signature_failures']}")
    q = r["requisites"]
    print(f"requisites: {q['hold_periods']} hold periods over {q['requisite_amount_pairs_used']} requisite/amount "
          f"pairs, {q['open_payments_holding_requisites']} open payments holding one now; overlapping holds "
          f"{q['overlapping_holds']} (overlaps under 1 s, within clock tolerance: {q['overlaps_under_1s_clock_tolerance']})")
    lg = r["ledger"]
    print(f"ledger: {lg['ledger_entries']} entries {lg['entries_by_kind']}; balances {lg['balances']}; "
          f"kassa ledger verify exit {lg['kassa_ledger_verify_exit']}")
    t = r["traffic"]
    print(f"scenarios: {t['scenarios']}")
    if t["scenario_notes"]:
        print(f"scenario notes (not failures): {t['scenario_notes']}")
    if r["failures"]:
        print(f"FAILED ({len(r['failures'])}):")
        for f in r["failures"][:60]:
            print(f"  - {f}")
        if len(r["failures"]) > 60:
            print(f"  ... and {len(r['failures']) - 60} more (see the JSON report)")


def main(argv):
    args = parse_args(argv)
    # A stopped soak still stops its processes and drops its database (the `finally` blocks).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGINT, lambda *_: sys.exit(130))
    self_test()
    binary = os.environ.get("KASSA_BIN", os.path.join(REPO, "target", "debug", "kassa"))
    if not os.access(binary, os.X_OK):
        print(f"soak: no kassa binary at {binary}; build it first (cargo build -p kassa) or set KASSA_BIN",
              file=sys.stderr)
        return 2
    backends = ["postgres", "sqlite"] if args.backend == "both" else [args.backend]
    log(f"{platform.node()}, {os.cpu_count()} cores; binary {binary}; backends {backends}; seed {args.seed}")
    reports = []
    all_ok = True
    for i, backend in enumerate(backends):
        ok, report = run_once(args, backend, args.seed + i)
        report["date"] = time.strftime("%Y-%m-%d %H:%M:%S %Z")
        report["machine"] = f"{platform.node()} ({os.cpu_count()} cores, {platform.platform()})"
        print_report(report)
        reports.append(report)
        all_ok = all_ok and ok
    path = args.report or os.path.join(tempfile.gettempdir(), f"kassa-soak-{os.getpid()}.json")
    with open(path, "w") as f:
        json.dump(reports, f, indent=2, default=str)
    print(f"\nfigures as JSON: {path}")
    print("SOAK PASSED" if all_ok else "SOAK FAILED")
    if any(r.get("error") for r in reports):
        return 2
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
