#!/usr/bin/env python3
"""Schemathesis against a running Kassa, on each backend (issue 16 part 2; docs/RELIABILITY.md).

Run by scripts/schemathesis.sh with the virtual environment's Python (schemathesis pinned in
requirements.txt). Per backend: a fresh database (PostgreSQL: a new database on 127.0.0.1:5432,
dropped at the end; SQLite: a file in the work directory), `kassa master-key new`, `migrate`,
`project create` (HMAC-SHA512 request key), one `kassa serve` on a free loopback port; then
`st run` on its /api/v1/openapi.json with hooks.py (signing, the country-rules check), then the
server stops and the findings are printed grouped by operation and check.
Exit status: 0 every check held, 1 a check failed, 2 the run could not run.
"""

import argparse
import collections
import concurrent.futures
import glob
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "scripts", "soak"))

from cluster import Database, Proc, copy_binary, free_port  # noqa: E402
from kassa_client import raw_request, self_test  # noqa: E402
from soak import kassa_cmd, server_env  # noqa: E402

CHECKS = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
    "refused_only_by_documented_rules",
]
DEFAULT_SEED = 16
DEFAULT_MAX_EXAMPLES = 150
DEFAULT_PHASES = "examples,coverage,fuzzing"


def log(msg):
    print(f"[schemathesis {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Schemathesis against Kassa on each backend (docs/RELIABILITY.md)")
    ap.add_argument("--backend", choices=["postgres", "sqlite", "both"], default="both")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"Hypothesis seed (default {DEFAULT_SEED})")
    ap.add_argument("--max-examples", type=int,
                    default=int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", DEFAULT_MAX_EXAMPLES)),
                    help="test cases per operation and phase (default $SCHEMATHESIS_MAX_EXAMPLES or "
                         f"{DEFAULT_MAX_EXAMPLES})")
    ap.add_argument("--workers", type=int, default=1, help="schemathesis workers (default 1)")
    ap.add_argument("--phases", default=DEFAULT_PHASES, help=f"schemathesis phases (default {DEFAULT_PHASES})")
    ap.add_argument("--keep", action="store_true", help="keep the work directory and the database")
    ap.add_argument("--report", default=None, help="also write the findings as JSON to this file")
    ap.add_argument("--parallel", action="store_true",
                    help="both backends at once (each run is one Python process on one core)")
    a = ap.parse_args(argv)
    if not 1 <= a.max_examples <= 100000:
        ap.error("--max-examples must be 1 to 100000")
    if not 1 <= a.workers <= 8:
        ap.error("--workers must be 1 to 8")
    return a


def st_command(args, url, report_dir):
    st = os.path.join(os.path.dirname(sys.executable), "st")
    return [
        st, "run", url,
        "--checks", ",".join(CHECKS),
        "--phases", args.phases,
        "--mode", "all",
        "--max-examples", str(args.max_examples),
        "--seed", str(args.seed),
        "--workers", str(args.workers),
        "--continue-on-failure",
        "--generation-database", "none",
        "--request-timeout", "30",
        "--no-color",
        "--output-truncate", "true",
        "--report", "ndjson,junit",
        "--report-dir", report_dir,
    ]


# --- Findings -------------------------------------------------------------------------------

def first_line(text, limit=220):
    line = (text or "").strip().splitlines()[0] if (text or "").strip() else ""
    return line if len(line) <= limit else line[:limit] + "..."


def failure_key(check, failure):
    """What groups failures of one check on one operation: the custom check by its errors
    (read from the hooks' log instead), the others by title and the message's first line with
    the concrete values taken out."""
    title = failure.get("title") or check
    message = failure.get("message") or ""
    if check == "response_schema_conformance":
        # The first line says what broke; "... for status code N" which response it was.
        status = re.search(r"response schema for status code (\w+)", message)
        where = f" (response {status.group(1)})" if status else ""
        return f"{title}: {first_line(message, 160)}{where}"
    line = first_line(message, 200)
    line = re.sub(r"\b[0-9a-f]{16,}\b", "<id>", line)
    return f"{title}: {line}" if line else title


def read_ndjson(report_dir):
    """Failed checks from schemathesis's NDJSON report: {(op, check): {key: count}} of distinct
    cases, and run errors."""
    failures = collections.defaultdict(collections.Counter)
    seen = set()
    errors = []
    for path in glob.glob(os.path.join(report_dir, "*.ndjson")):
        with open(path) as f:
            for line in f:
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(event, dict) or len(event) != 1:
                    continue
                kind, data = next(iter(event.items()))
                if kind == "ScenarioFinished":
                    rec = data.get("recorder") or {}
                    label = rec.get("label") or "?"
                    for case_id, checks in (rec.get("checks") or {}).items():
                        for ch in checks:
                            if ch.get("status") != "failure":
                                continue
                            failure = (ch.get("failure_info") or {}).get("failure") or {}
                            op = failure.get("operation") or label
                            mark = (op, ch.get("name"), case_id, failure.get("message"))
                            if mark in seen:
                                continue
                            seen.add(mark)
                            failures[(op, ch.get("name"))][failure_key(ch.get("name"), failure)] += 1
                elif kind in ("NonFatalError", "FatalError"):
                    detail = json.dumps(data.get("info") or data.get("value") or data, default=str)
                    errors.append(f"{kind} {data.get('label', '')}: {detail[:400]}")
    return failures, errors


def read_hooks_log(path):
    responses = []
    custom = collections.defaultdict(collections.Counter)
    allowed = collections.Counter()
    if not os.path.exists(path):
        return responses, custom, allowed
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if r["kind"] == "response":
                responses.append(r)
            elif r["kind"] == "custom_failure":
                if r["errors"]:
                    for e in r["errors"]:
                        why = "" if e.get("why") == "generic shape-check message" else f" [{e.get('why')}]"
                        custom[r["op"]][f"{e['field']}: {e['message']}{why}"] += 1
                else:
                    custom[r["op"]][f"HTTP {r['status']} {r.get('why')}"] += 1
            elif r["kind"] == "allowed_refusal":
                for e in r["errors"]:
                    msg = re.sub(r"\b(unknown bank) [^;]+", r"\1 <symbol>", str(e["message"]))
                    msg = re.sub(r"^\S+ (is not available for|is not enabled)", r"<value> \1", msg)
                    allowed[(r["op"], e["field"], msg)] += 1
    return responses, custom, allowed


def figures(responses):
    by_mode = collections.defaultdict(collections.Counter)
    per_op = collections.defaultdict(collections.Counter)
    unsigned = collections.Counter()
    negative_2xx = collections.Counter()
    five = collections.Counter()
    for r in responses:
        mode = r.get("mode") or "unknown"
        status = r["status"]
        by_mode[mode][f"{status // 100}xx"] += 1
        per_op[r["op"]][status] += 1
        if not r.get("signed"):
            why = r.get("why_unsigned") or "?"
            unsigned["the case breaks x-access-* headers on purpose" if why.startswith("negative headers")
                     else why] += 1
        if mode == "negative" and 200 <= status < 300:
            negative_2xx[r["op"]] += 1
        if status >= 500:
            five[(r["op"], status)] += 1
    return {
        "requests": len(responses),
        "by_mode": {m: dict(sorted(c.items())) for m, c in sorted(by_mode.items())},
        "status_per_operation": {op: dict(sorted((str(k), v) for k, v in c.items())) for op, c in sorted(per_op.items())},
        "unsigned": dict(unsigned.most_common()),
        "negative_answered_2xx": dict(negative_2xx.most_common()),
        "http_5xx": {f"{op} -> {s}": n for (op, s), n in sorted(five.items())},
    }


# --- One backend ------------------------------------------------------------------------------

def prepare(backend, binary_src):
    """The backend's work directory and its private copy of the binary. Made for every backend
    before any thread starts a process: a process forked by one thread while another still has
    its copy open for writing holds that descriptor until it execs, and running the copy then
    fails with ETXTBSY ("Text file busy")."""
    workdir = tempfile.mkdtemp(prefix=f"kassa-schemathesis-{backend}-")
    return workdir, copy_binary(binary_src, workdir)


def run_once(args, backend, workdir, binary):
    report = {"backend": backend, "seed": args.seed, "max_examples": args.max_examples, "phases": args.phases,
              "workers": args.workers, "workdir": workdir}
    db = None
    proc = None
    ok = False
    t0 = time.time()
    try:
        db = Database(backend, workdir, log)
        log(f"{backend}: database {db.name}; work directory {workdir}")
        master_key = kassa_cmd(binary, {**os.environ, "KASSA_DATABASE_URL": db.url}, "master-key", "new").stdout.strip()
        env = server_env(db.url, master_key)
        env["RUST_LOG"] = os.environ.get("SCHEMATHESIS_RUST_LOG", "warn")
        kassa_cmd(binary, env, "migrate")
        created = json.loads(kassa_cmd(binary, env, "project", "create", "--merchant", "Schemathesis Shop",
                                       "--name", "Main", "--request-key-type", "hmac-sha512",
                                       "--callback-key-type", "hmac-sha512").stdout)
        proc = Proc(0, binary, env, free_port(), workdir, REPO)
        proc.start()
        url = f"http://127.0.0.1:{proc.port}/api/v1/openapi.json"
        doc = raw_request(proc.port, "GET", "/api/v1/openapi.json")
        if doc.status != 200 or not isinstance(doc.body, dict):
            raise RuntimeError(f"GET /api/v1/openapi.json answered {doc.status}")
        n_ops = sum(len(v) for v in (doc.body.get("paths") or {}).values())
        t_setup = time.time() - t0
        log(f"{backend}: kassa on port {proc.port}; {n_ops} operations in the document; setup {t_setup:.1f} s")

        report_dir = os.path.join(workdir, "report")
        hooks_log = os.path.join(workdir, "hooks.jsonl")
        st_env = {k: v for k, v in os.environ.items() if not k.startswith(("KASSA_", "SCHEMATHESIS_"))}
        st_env.update({
            "SCHEMATHESIS_HOOKS": os.path.join(HERE, "hooks.py"),
            "KASSA_ST_MERCHANT_ID": created["merchant_id"],
            "KASSA_ST_PROJECT_ID": created["project_id"],
            "KASSA_ST_TOKEN": created["request_key"]["token"],
            "KASSA_ST_SECRET": created["request_key"]["hmac_secret"],
            "KASSA_ST_LOG": hooks_log,
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONHASHSEED": "0",
        })
        cmd = st_command(args, url, report_dir)
        log(f"{backend}: {' '.join(cmd[1:])}")
        t1 = time.time()
        out_path = os.path.join(workdir, "schemathesis.txt")
        with open(out_path, "w") as out:
            st = subprocess.run(cmd, env=st_env, cwd=workdir, stdout=out, stderr=subprocess.STDOUT)
        t_run = time.time() - t1
        proc.stop()
        panics = 0
        for path in proc.logs:
            with open(path, "rb") as f:
                panics += f.read().count(b"panicked at")

        with open(out_path) as f:
            st_output = f.read()
        summary = st_output[st_output.rfind("= SUMMARY ="):] if "= SUMMARY =" in st_output else st_output[-3000:]
        failures, errors = read_ndjson(report_dir)
        responses, custom, allowed = read_hooks_log(hooks_log)
        figs = figures(responses)
        report.update({
            "operations": n_ops,
            "setup_s": round(t_setup, 1),
            "schemathesis_s": round(t_run, 1),
            "schemathesis_exit": st.returncode,
            "schemathesis_summary": summary.strip(),
            "panics_in_kassa_log": panics,
            "figures": figs,
            "failures": {f"{op} | {check}": dict(c.most_common()) for (op, check), c in sorted(failures.items())
                         if check != "refused_only_by_documented_rules"},
            "refused_by_shape_checks": {op: dict(c.most_common()) for op, c in sorted(custom.items())},
            "refused_by_documented_rules": [
                {"op": op, "field": field, "message": msg, "n": n} for (op, field, msg), n in allowed.most_common()],
            "errors": errors,
            "output": out_path,
        })
        # The custom check's failures count too when the NDJSON report missed them.
        custom_cases = sum(c for (op, check), cnt in failures.items()
                           if check == "refused_only_by_documented_rules" for c in cnt.values())
        report["refused_by_shape_checks_cases"] = custom_cases
        ok = st.returncode == 0 and panics == 0 and not figs["http_5xx"]
        if st.returncode not in (0, 1):
            report["error"] = True
        return ok, report
    except Exception as e:  # noqa: BLE001
        import traceback

        traceback.print_exc()
        report["error"] = True
        report["errors"] = [f"the run could not run: {type(e).__name__}: {e}"]
        return False, report
    finally:
        if proc is not None:
            try:
                proc.stop()
            except Exception:  # noqa: BLE001
                pass
        if db and not args.keep:
            db.drop()
        report["total_s"] = round(time.time() - t0, 1)
        # The private copy of the binary is 100+ MB and says nothing the original does not.
        try:
            os.remove(os.path.join(workdir, "kassa"))
        except OSError:
            pass
        if ok and not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
            report["workdir"] = "(removed)"


def print_report(r):
    print()
    status = "PASS" if r.get("ok") else ("ERROR" if r.get("error") else "FAIL")
    print(f"=== Kassa schemathesis: {r['backend']} — {status} ===")
    if "figures" not in r:
        for e in r.get("errors", []):
            print(f"  {e}")
        return
    fg = r["figures"]
    print(f"seed {r['seed']}, max examples {r['max_examples']}, phases {r['phases']}, {r['workers']} worker(s); "
          f"setup {r['setup_s']} s, schemathesis {r['schemathesis_s']} s, total {r['total_s']} s; "
          f"work dir {r['workdir']}")
    print(f"requests: {fg['requests']} to {r['operations']} operations; by generation mode: "
          + "; ".join(f"{m} {c}" for m, c in fg["by_mode"].items()))
    print(f"5xx: {sum(fg['http_5xx'].values())}; panics in the kassa log: {r['panics_in_kassa_log']}; "
          f"schemathesis exit {r['schemathesis_exit']}")
    for k, n in fg["http_5xx"].items():
        print(f"  5xx: {k} x{n}")
    if r["failures"]:
        print("failed checks (distinct cases):")
        for key, groups in r["failures"].items():
            print(f"  {key}")
            for what, n in list(groups.items())[:12]:
                print(f"    x{n:<4} {what}")
            if len(groups) > 12:
                print(f"    ... {len(groups) - 12} more kinds")
    if r["refused_by_shape_checks"]:
        print(f"refused_only_by_documented_rules: schema-valid requests refused by shape checks "
              f"({r['refused_by_shape_checks_cases']} distinct failing cases; errors counted per response):")
        for op, groups in r["refused_by_shape_checks"].items():
            print(f"  {op}")
            for what, n in groups.items():
                print(f"    x{n:<4} {what}")
    if r["refused_by_documented_rules"]:
        print(f"allowed: schema-valid requests refused by country/catalogue rules "
              f"({len(r['refused_by_documented_rules'])} kinds; the 12 most frequent):")
        for e in r["refused_by_documented_rules"][:12]:
            print(f"    x{e['n']:<4} {e['op']}: {e['field']}: {e['message'][:140]}")
    required = sorted({(e["op"], e["field"]) for e in r["refused_by_documented_rules"]
                       if e["message"] == "is required"})
    if required:
        print("allowed as country/method rules because the document does not mark them required "
              "(worth a look: some may belong in `required`):")
        for op, field in required:
            print(f"    {op}: {field}")
    if fg["negative_answered_2xx"]:
        print("note (not a failure): schema-invalid requests answered 2xx: "
              + ", ".join(f"{op} x{n}" for op, n in fg["negative_answered_2xx"].items()))
    if fg["unsigned"]:
        print("note: requests sent without a complete signature: "
              + ", ".join(f"{why} x{n}" for why, n in fg["unsigned"].items()))
    for e in r.get("errors", []):
        print(f"error: {e}")
    print(f"schemathesis output: {r.get('output')}")


def main(argv):
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGINT, lambda *_: sys.exit(130))
    self_test()
    binary = os.environ.get("KASSA_BIN", os.path.join(REPO, "target", "debug", "kassa"))
    if not os.access(binary, os.X_OK):
        print(f"schemathesis: no kassa binary at {binary}; build it first or set KASSA_BIN", file=sys.stderr)
        return 2
    try:
        from importlib.metadata import version as package_version

        import schemathesis  # noqa: F401
        version = package_version("schemathesis")
    except ImportError:
        print("schemathesis: not installed in this Python (run scripts/schemathesis.sh)", file=sys.stderr)
        return 2
    backends = ["postgres", "sqlite"] if args.backend == "both" else [args.backend]
    log(f"{platform.node()}, {os.cpu_count()} cores; schemathesis {version}; binary {binary}; backends {backends}; "
        f"seed {args.seed}; max examples {args.max_examples}")
    prepared = {backend: prepare(backend, binary) for backend in backends}

    def one(backend):
        ok, report = run_once(args, backend, *prepared[backend])
        report["ok"] = ok
        report["date"] = time.strftime("%Y-%m-%d %H:%M:%S %Z")
        return report

    reports = []
    if args.parallel and len(backends) > 1:
        # Each backend's schemathesis is its own process, so threads here only wait on them;
        # the reports are printed in order once both are done.
        with concurrent.futures.ThreadPoolExecutor(len(backends)) as pool:
            reports = list(pool.map(one, backends))
        for report in reports:
            print_report(report)
    else:
        for backend in backends:
            reports.append(one(backend))
            print_report(reports[-1])
    path = args.report or os.path.join(tempfile.gettempdir(), f"kassa-schemathesis-{os.getpid()}.json")
    with open(path, "w") as f:
        json.dump(reports, f, indent=2, default=str)
    print(f"\nfindings as JSON: {path}")
    if any(r.get("error") for r in reports):
        print("SCHEMATHESIS COULD NOT RUN (see the errors above)")
        return 2
    all_ok = all(r["ok"] for r in reports)
    print("SCHEMATHESIS PASSED" if all_ok else "SCHEMATHESIS FAILED")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
