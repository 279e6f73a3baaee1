"""The invariants checked on the database (with every process stopped) and on what the
callback receiver got. Each check returns (figures, failures): figures are printed whatever
happens; any failure fails the soak."""

import json
from collections import Counter, defaultdict

FINAL = {"success", "decline"}

PROCESSING = ["processing:new", "processing:requisites", "processing:awaiting_confirm", "processing:paid",
              "processing:awaiting_3ds_result", "processing:awaiting_redirect_result"]
DISPUTES = ["dispute:no_payment", "dispute:different_amount", "dispute:confirm_timeout"]


def edges(pairs):
    out = set()
    for froms, tos in pairs:
        for f in froms:
            for t in tos:
                out.add((f, t))
    return out


# The moves of server/core/src/domain/state_machine.rs, per flow (a move that leaves the state
# unchanged writes no history row and is not listed).
FLOWS = {
    "transfer": {
        "initial": {"processing:requisites", "processing:new", "decline"},
        "moves": edges([
            (["processing:new"], ["processing:requisites"]),
            (["processing:requisites"], ["processing:awaiting_confirm", "decline"]),
            (["processing:awaiting_confirm"], ["processing:paid"]),
            (["processing:awaiting_confirm", "processing:paid"], ["success", "dispute:different_amount"]),
            (PROCESSING, ["decline"]),
            (["processing:paid"], ["dispute:no_payment"]),
            (["processing:paid", "dispute:no_payment"], ["dispute:confirm_timeout"]),
            (DISPUTES, ["success", "decline"]),
            # "Choose another way to pay" on the page (MethodCleared), before paying.
            (["processing:requisites", "processing:awaiting_confirm"], ["processing:new"]),
        ]),
    },
    "unchosen": {"initial": {"processing:new", "decline"}, "moves": edges([(["processing:new"], ["decline"])])},
    "push": {
        "initial": {"processing:new", "decline"},
        "moves": edges([(["processing:new"], ["success", "decline"])]),
    },
    "card": {
        "initial": {"processing:new", "decline"},
        "moves": edges([
            (["processing:new"], ["success", "decline", "processing:awaiting_3ds_result",
                                  "processing:awaiting_redirect_result"]),
            (["processing:awaiting_3ds_result", "processing:awaiting_redirect_result"], ["success", "decline"]),
        ]),
    },
    "payout": {
        "initial": {"processing:new"},
        "moves": edges([
            (["processing:new"], ["processing:payout_process", "decline"]),
            (["processing:payout_process"], ["success", "dispute:payout_failed"]),
            (["dispute:payout_failed"], ["success", "decline"]),
        ]),
    },
}


# A widget payment that went back to the choice of methods has no method now, but its history
# holds the moves of the method it had.
FLOWS["unchosen"]["moves"] |= FLOWS["transfer"]["moves"] | FLOWS["push"]["moves"] | FLOWS["card"]["moves"]


def st(status, sub):
    return f"{status}:{sub}" if sub else status


def flow_of(p):
    if p["payment_type"] == "payout":
        return "payout"
    m, w = p["method"], p["widget_method"]
    if m == "card-ecom" or w == "payin-ecom-card":
        return "card"
    if m == "mobile-money" or w == "payin-mobile-money":
        return "push"
    if m is None and w is None:
        return "unchosen"
    return "transfer"


def i(x):
    return None if x is None else int(x)


def load(db):
    payments = db.query(
        "SELECT request_id, project_id, payment_id, integration, payment_type, method, widget_method, currency, "
        "amount, initial_amount, status, sub_status, status_description, version, requisite_id, requisite_hold, "
        "recipient_json IS NOT NULL AS has_recipient FROM payments")
    history = db.query(
        "SELECT request_id, version, status, sub_status, status_description, amount, actor, at_ms "
        "FROM payment_status_history ORDER BY request_id, version")
    callbacks = db.query(
        "SELECT id, request_id, kind, url, body, idempotency_key, state, attempts, created_ms, delivered_ms "
        "FROM callbacks ORDER BY id")
    attempts = db.query("SELECT callback_id, http_status, error FROM callback_attempts")
    ledger = db.query("SELECT project_id, currency, request_id, kind, amount_delta, locked_delta FROM ledger_entries")
    balances = db.query("SELECT project_id, currency, amount, locked_amount FROM balances")
    for p in payments:
        for k in ("amount", "initial_amount", "version"):
            p[k] = i(p[k])
        p["has_recipient"] = p["has_recipient"] in (1, True, "t", "true", "1")
    for h in history:
        for k in ("version", "amount", "at_ms"):
            h[k] = i(h[k])
    for c in callbacks:
        for k in ("id", "attempts", "created_ms", "delivered_ms"):
            c[k] = i(c[k])
    for e in ledger:
        e["amount_delta"], e["locked_delta"] = i(e["amount_delta"]), i(e["locked_delta"])
    for b in balances:
        b["amount"], b["locked_amount"] = i(b["amount"]), i(b["locked_amount"])
    return payments, history, callbacks, attempts, ledger, balances


def check_states(payments, history):
    """Every payment is in exactly one state, and its history explains it: a legal first state,
    legal moves, and the last row is the payment's state and amount. At most one final outcome."""
    fails = []
    by = defaultdict(list)
    for h in history:
        by[h["request_id"]].append(h)
    states = Counter()
    moves = Counter()
    two_finals = 0
    amount_only = 0
    for p in payments:
        rid = p["request_id"]
        cur = st(p["status"], p["sub_status"])
        states[(p["payment_type"], cur)] += 1
        rows = by.get(rid, [])
        flow = FLOWS[flow_of(p)]
        if not rows:
            fails.append(f"{rid} ({p['payment_id']}): {cur} with no history")
            continue
        first = st(rows[0]["status"], rows[0]["sub_status"])
        if first not in flow["initial"]:
            fails.append(f"{rid} ({p['payment_id']}): history starts in {first}, not a first state of {flow_of(p)}")
        finals = [r for r in rows if r["status"] in FINAL]
        if len(finals) > 1:
            two_finals += 1
            fails.append(f"{rid} ({p['payment_id']}): {len(finals)} final outcomes: "
                         + ", ".join(st(r["status"], r["sub_status"]) for r in finals))
        for a, b in zip(rows, rows[1:]):
            sa, sb = st(a["status"], a["sub_status"]), st(b["status"], b["sub_status"])
            if b["version"] <= a["version"]:
                fails.append(f"{rid}: history versions not increasing ({a['version']} then {b['version']})")
            if sa == sb:
                if a["amount"] == b["amount"]:
                    fails.append(f"{rid}: history row {b['version']} repeats {sb} without a change")
                amount_only += 1
                continue
            moves[(sa, sb)] += 1
            if (sa, sb) not in flow["moves"]:
                fails.append(f"{rid} ({p['payment_id']}, {flow_of(p)}): illegal move {sa} -> {sb} "
                             f"(history v{a['version']} -> v{b['version']})")
        last = rows[-1]
        if (st(last["status"], last["sub_status"]) != cur or last["amount"] != p["amount"]
                or last["version"] > p["version"]):
            fails.append(f"{rid} ({p['payment_id']}): is {cur} amount {p['amount']} v{p['version']}, history ends "
                         f"{st(last['status'], last['sub_status'])} amount {last['amount']} v{last['version']}")
    orphans = set(by) - {p["request_id"] for p in payments}
    if orphans:
        fails.append(f"{len(orphans)} history rows' payments do not exist")
    figures = {
        "payments": len(payments),
        "history_rows": len(history),
        "states": {f"{t} {s}": n for (t, s), n in sorted(states.items())},
        "moves_seen": len(moves),
        "payments_with_two_final_outcomes": two_finals,
        "amount_only_history_rows": amount_only,
    }
    return figures, fails


def expected_kind(p, state):
    """server/core/src/domain/outbox.rs kind_for."""
    if state == "success":
        return "success"
    if state == "decline":
        return "decline"
    if flow_of(p) == "card":
        if p["integration"] != "widget" and state in ("processing:awaiting_3ds_result",
                                                      "processing:awaiting_redirect_result"):
            return "informative"
        return None
    return "informative"


PATH_OF_KIND = {"informative": "/cb/info", "success": "/cb/success", "decline": "/cb/decline"}


def check_callbacks(payments, history, callbacks, attempts, records):
    """Every status change that sends a callback has exactly one outbox row; every row that is
    due was delivered (Kassa says so, and the receiver got it with a valid signature and the
    same body); a payment's delivered callbacks reached the receiver in outbox order."""
    fails = []
    pay = {p["request_id"]: p for p in payments}
    by_payment = defaultdict(list)
    for c in callbacks:
        by_payment[c["request_id"]].append(c)
    hist = defaultdict(list)
    for h in history:
        hist[h["request_id"]].append(h)

    # 1. The outbox holds exactly the callbacks the history calls for.
    missing = extra = 0
    for rid, p in pay.items():
        want = Counter()
        rows = hist.get(rid, [])
        for a, b in zip(rows, rows[1:]):
            sb = st(b["status"], b["sub_status"])
            if sb == st(a["status"], a["sub_status"]):
                continue
            kind = expected_kind(p, sb)
            if kind:
                want[(f"{p['project_id']}:{p['payment_id']}:{b['status']}:{b['sub_status'] or ''}", kind)] += 1
        have = Counter((c["idempotency_key"], c["kind"]) for c in by_payment.get(rid, []))
        for k, n in (want - have).items():
            missing += n
            fails.append(f"{rid} ({p['payment_id']}): no outbox row for {k[1]} callback {k[0].split(':', 2)[2]}")
        for k, n in (have - want).items():
            extra += n
            fails.append(f"{rid} ({p['payment_id']}): outbox row no status change explains: {k[1]} "
                         f"{k[0].split(':', 2)[2]}")

    # 2. What the receiver got.
    got = defaultdict(list)
    bad_sig = stale = unparsed = 0
    for r in records:
        got[r["key"]].append(r)
        if not r["parsed"]:
            unparsed += 1
        elif not r["sig_ok"]:
            bad_sig += 1
        if not r["fresh"]:
            stale += 1
    if bad_sig:
        fails.append(f"{bad_sig} callbacks received with a signature that does not verify")
    if stale:
        fails.append(f"{stale} callbacks received with a timestamp more than 300 s off")
    if unparsed:
        fails.append(f"{unparsed} callbacks received whose body is not JSON")
    known_keys = {c["idempotency_key"] for c in callbacks}
    unknown = [k for k in got if k not in known_keys]
    if unknown:
        fails.append(f"{len(unknown)} idempotency keys received that no outbox row has, e.g. {unknown[0]}")

    # 3. Due callbacks delivered; delivered ones received, intact, in order.
    states = Counter(c["state"] for c in callbacks)
    undelivered = 0
    not_received = 0
    out_of_order = 0
    for c in callbacks:
        p = pay.get(c["request_id"])
        if c["state"] == "pending":
            undelivered += 1
            fails.append(f"callback {c['id']} ({c['kind']} {c['idempotency_key'].split(':', 2)[2]} of "
                         f"{c['request_id']}) still pending after {c['attempts']} attempts")
        elif c["state"] == "abandoned":
            # Only informative card callbacks may end so (retried until the payment's lifetime ends).
            if not (c["kind"] == "informative" and p and flow_of(p) == "card"):
                undelivered += 1
                fails.append(f"callback {c['id']} ({c['kind']} of {c['request_id']}) abandoned")
        elif c["state"] == "superseded":
            if c["kind"] != "informative":
                fails.append(f"callback {c['id']} ({c['kind']} of {c['request_id']}) superseded: only "
                             f"informative callbacks may be")
        elif c["state"] == "delivered":
            rs = [r for r in got.get(c["idempotency_key"], []) if r["code"] == 200 and not r["late"]]
            if not rs:
                not_received += 1
                fails.append(f"callback {c['id']} ({c['kind']} {c['idempotency_key'].split(':', 2)[2]} of "
                             f"{c['request_id']}) is delivered but the receiver never answered it 2xx in time")
                continue
            if any(r["path"] != PATH_OF_KIND[c["kind"]] for r in rs):
                fails.append(f"callback {c['id']} ({c['kind']}) arrived at {rs[0]['path']}")
            try:
                stored = json.loads(c["body"])
            except ValueError:
                stored = None
            if all(r["body"] != stored for r in rs):
                fails.append(f"callback {c['id']} of {c['request_id']}: received body differs from the outbox body")
        else:
            fails.append(f"callback {c['id']}: unknown state {c['state']}")
    for rid, cs in by_payment.items():
        firsts = []
        for c in cs:
            if c["state"] != "delivered":
                continue
            rs = got.get(c["idempotency_key"], [])
            if rs:
                firsts.append((c["id"], min(r["seq"] for r in rs), min(r["seq"] for r in rs if r["code"] == 200)
                               if any(r["code"] == 200 for r in rs) else None))
        for (ida, fa, _), (idb, fb, _) in zip(firsts, firsts[1:]):
            if fb < fa:
                out_of_order += 1
                fails.append(f"payment {rid}: callback {idb} reached the receiver before callback {ida}")
    failed_attempts = sum(1 for a in attempts if not (a["http_status"] and 200 <= int(a["http_status"]) < 300))
    received_2xx = Counter(r["key"] for r in records if r["code"] == 200)
    figures = {
        "outbox_rows": len(callbacks),
        "outbox_states": dict(states),
        "attempts": len(attempts),
        "failed_attempts": failed_attempts,
        "max_attempts_of_one_callback": max((c["attempts"] for c in callbacks), default=0),
        "received": len(records),
        "received_answered_500": sum(1 for r in records if r["code"] == 500),
        "received_answered_slowly_past_timeout": sum(1 for r in records if r["late"]),
        "received_more_than_once_2xx": sum(1 for n in received_2xx.values() if n > 1),
        "signature_failures": bad_sig,
        "missing_outbox_rows": missing,
        "unexplained_outbox_rows": extra,
        "due_not_delivered": undelivered,
        "delivered_not_received": not_received,
        "out_of_order": out_of_order,
    }
    return figures, fails


def check_requisites(payments, history):
    """No requisite serves two open payments of one amount: now (the hold column) and at any
    moment of the run (from the history: a payment holds its requisite for its amount from the
    change that gave it requisites until its final change)."""
    fails = []
    open_holds = Counter()
    for p in payments:
        cur = st(p["status"], p["sub_status"])
        final = p["status"] in FINAL
        want = f"{p['requisite_id']}:{p['amount']}" if (p["has_recipient"] and not final) else None
        if p["requisite_hold"] != want:
            fails.append(f"{p['request_id']} ({cur}): requisite_hold {p['requisite_hold']!r}, expected {want!r}")
        if not final and p["requisite_id"] and p["has_recipient"]:
            open_holds[(p["requisite_id"], p["amount"])] += 1
    for k, n in open_holds.items():
        if n > 1:
            fails.append(f"requisite {k[0]} serves {n} open payments of amount {k[1]}")
    pay = {p["request_id"]: p for p in payments}
    by = defaultdict(list)
    for h in history:
        by[h["request_id"]].append(h)
    segments = defaultdict(list)  # (requisite, amount) -> [(start, end, request_id)]
    for rid, rows in by.items():
        p = pay.get(rid)
        if not p or not p["requisite_id"]:
            continue
        holding = False
        for idx, h in enumerate(rows):
            s = st(h["status"], h["sub_status"])
            if s == "processing:awaiting_confirm":
                holding = True
            if not holding or h["status"] in FINAL:
                continue
            end = rows[idx + 1]["at_ms"] if idx + 1 < len(rows) else float("inf")
            segments[(p["requisite_id"], h["amount"])].append((h["at_ms"], end, rid))
    overlaps = 0
    near = 0
    for k, segs in segments.items():
        segs.sort()
        latest_end, latest_rid = None, None
        for start, end, rid in segs:
            if latest_end is not None and start < latest_end and rid != latest_rid:
                if latest_end - start > 1000:
                    overlaps += 1
                    fails.append(f"requisite {k[0]} amount {k[1]}: {latest_rid} and {rid} held it at once "
                                 f"for {(min(end, latest_end) - start) / 1000:.1f} s")
                else:
                    near += 1
            if latest_end is None or end > latest_end:
                latest_end, latest_rid = end, rid
    figures = {
        "open_payments_holding_requisites": sum(open_holds.values()),
        "hold_periods": sum(len(v) for v in segments.values()),
        "requisite_amount_pairs_used": len(segments),
        "overlapping_holds": overlaps,
        "overlaps_under_1s_clock_tolerance": near,
    }
    return figures, fails


def check_ledger(payments, ledger, balances):
    """Each payment moved exactly the money its outcome says (decisions.md §10), and every
    balance is non-negative. (`kassa ledger verify` checks balances against entries.)"""
    fails = []
    by = defaultdict(list)
    for e in ledger:
        by[e["request_id"]].append(e)
    kinds = Counter(e["kind"] for e in ledger)
    for p in payments:
        es = sorted((e["kind"], e["amount_delta"], e["locked_delta"]) for e in by.get(p["request_id"], []))
        a = p["amount"]
        if p["payment_type"] == "payin":
            want = [("payin_credit", a, 0)] if p["status"] == "success" else []
        else:
            want = [("payout_lock", -a, a)]
            if p["status"] == "success":
                want.append(("payout_debit", 0, -a))
            elif p["status"] == "decline":
                want.append(("payout_release", a, -a))
            want.sort()
        if es != want:
            fails.append(f"{p['request_id']} ({p['payment_type']} {st(p['status'], p['sub_status'])} {a}): "
                         f"ledger entries {es}, expected {want}")
    for b in balances:
        if b["amount"] < 0 or b["locked_amount"] < 0:
            fails.append(f"negative balance {b}")
    figures = {
        "ledger_entries": len(ledger),
        "entries_by_kind": dict(kinds),
        "balances": {f"{b['currency']}": {"available": b["amount"], "locked": b["locked_amount"]} for b in balances},
    }
    return figures, fails
