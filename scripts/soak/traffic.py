"""Mixed merchant, operator and payer traffic against whichever `kassa` process is up."""

import http.client
import json
import re
import secrets
import threading
import time
import urllib.parse

from kassa_client import Merchant, csrf_of, form_body, form_fields, hidden_inputs, raw_request

OPERATOR_TOKEN = "soak-operator-token"

# Sandbox test cards (docs, decisions.md §10). Never printed.
CARD_OK = "4242424242424242"
CARD_3DS = "4000000000003220"
CARD_REDIRECT = "4000000000003063"
CARD_DECLINED = "4000000000000002"
CARD_NO_FUNDS = "4000000000009995"
CARD_SILENT = "4000000000000077"

RUB_AMOUNTS = [10000, 20000, 30000, 50000]
KZT_AMOUNTS = [100000, 200000]


def luhn_complete(prefix: str) -> str:
    digits = [int(d) for d in prefix]
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return prefix + str((10 - total % 10) % 10)


def requisites_pool():
    """Few requisites and few amounts, so payments compete for them."""
    pool = []
    for i in range(6):
        pool.append({"country": "RU", "currency": "RUB", "methods": ["card-p2p", "payin-p2p-card"],
                     "pan": luhn_complete(f"553691381234{i:03d}"), "card_holder": "IVAN PETROV",
                     "bank_symbol": "sberbank"})
    for i in range(3):
        pool.append({"country": "RU", "currency": "RUB", "methods": ["sbp-p2p", "payin-p2p-sbp"],
                     "pan": f"+7900123450{i}", "card_holder": "ANNA K", "bank_symbol": "tbank"})
    for i in range(2):
        pool.append({"country": "KZ", "currency": "KZT", "methods": ["international-card-p2p"],
                     "pan": luhn_complete(f"440043012345{i:03d}"), "card_holder": "ASEL N"})
    return pool


class GiveUp(Exception):
    pass


class Stats:
    """Every request: when it ended, its endpoint, its HTTP status (or 'conn'), latency, process."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = []  # (t_end, label, status|'conn', latency_ms, proc idx)
        self.unexpected = {}  # (label, status, excerpt) -> count
        self.server_errors = []  # (t, label, status, proc idx, excerpt)
        self.conflicts = 0
        self.scenarios = {}
        self.scenario_errors = {}
        self.checks_failed = []  # driver-side findings (idempotency)

    def add(self, t, label, status, latency_ms, idx):
        with self.lock:
            self.requests.append((t, label, status, latency_ms, idx))

    def note_unexpected(self, label, status, excerpt):
        with self.lock:
            k = (label, status, excerpt[:160])
            self.unexpected[k] = self.unexpected.get(k, 0) + 1

    def scenario(self, name):
        with self.lock:
            self.scenarios[name] = self.scenarios.get(name, 0) + 1

    def scenario_error(self, name, what):
        with self.lock:
            k = f"{name}: {what}"
            self.scenario_errors[k] = self.scenario_errors.get(k, 0) + 1


class Browser:
    def __init__(self):
        self.cookie = None


class Worker(threading.Thread):
    def __init__(self, n, cluster, merchant: Merchant, receiver_url, stats, rng, end_at, registry, cfg):
        super().__init__(daemon=True, name=f"worker-{n}")
        self.n = n
        self.cluster = cluster
        self.m = merchant
        self.cb = receiver_url
        self.stats = stats
        self.rng = rng
        self.end_at = end_at
        self.registry = registry
        self.cfg = cfg
        self.seq = 0

    # ------------------------------------------------------------------ plumbing

    def running(self):
        return time.time() < self.end_at

    def pause(self, a=0.05, b=0.25):
        time.sleep(self.rng.uniform(a, b))

    def request(self, label, method, path, make, ok=(200,), retry_ok=(409,)):
        """Sends to the next process that is up; on a connection error tries again (any process)
        for up to 30 s. `make()` gives (body bytes, headers) anew for each attempt (signatures
        carry the time). Returns the answer; raises GiveUp when no process answered."""
        deadline = time.time() + 30
        retried = False
        while time.time() < deadline:
            p = self.cluster.pick()
            if p is None:
                time.sleep(0.1)
                continue
            body, headers = make()
            t0 = time.time()
            try:
                a = raw_request(p.port, method, path, body, headers, timeout=30)
            except (OSError, http.client.HTTPException):
                t1 = time.time()
                self.stats.add(t1, label, "conn", (t1 - t0) * 1000, p.idx)
                retried = True
                time.sleep(0.2)
                continue
            t1 = time.time()
            self.stats.add(t1, label, a.status, (t1 - t0) * 1000, p.idx)
            if a.status >= 500:
                with self.stats.lock:
                    self.stats.server_errors.append((t1, label, a.status, p.idx, a.text[:300]))
            elif a.status == 409 and (409 in ok or (retried and 409 in retry_ok)):
                with self.stats.lock:
                    self.stats.conflicts += 1
            elif a.status not in ok:
                excerpt = (a.body or {}).get("status_description") if isinstance(a.body, dict) else None
                self.stats.note_unexpected(label, a.status, str(excerpt or a.text[:120]))
            return a
        raise GiveUp(f"{label}: no process answered within 30 s")

    def merchant(self, path, body, ok=(200,), nonce=True, label=None):
        if nonce:
            # Fields Kassa does not define are ignored but signed: every request's signature is
            # its own, so a deterministic HMAC is never "already used" on another endpoint.
            body = dict(body)
            body["soak_nonce"] = secrets.token_hex(6)
        raw = json.dumps(body).encode()
        return self.request(label or f"POST {path}", "POST", path, lambda: (raw, self.m.headers(body)), ok=ok)

    def operator(self, method, path, body=None, ok=(200,), label=None):
        raw = json.dumps(body).encode() if body is not None else None

        def make():
            h = {"authorization": f"Bearer {OPERATOR_TOKEN}"}
            if raw is not None:
                h["content-type"] = "application/json"
            return raw, h

        return self.request(label or f"{method} {path}", method, path, make, ok=ok)

    def page(self, browser, method, path, label, fields=None, ok=None):
        raw = form_body(fields) if fields is not None else None

        def make():
            h = {"accept-language": "en"}
            if raw is not None:
                h["content-type"] = "application/x-www-form-urlencoded"
            if browser.cookie:
                h["cookie"] = browser.cookie
            return raw, h

        a = self.request(label, method, path, make, ok=ok or ((200,) if method == "GET" else (303,)),
                         retry_ok=())
        c = a.header("set-cookie")
        if c:
            browser.cookie = c.split(";")[0]
        return a

    def page_cancel(self, browser, path, csrf, pid):
        """The page's cancel button; when the page asks once more (`?cancel=ask`), the payer
        confirms with the fields of the form it shows."""
        a = self.page(browser, "POST", path + "/cancel", "POST /pay/{token}/cancel", {"csrf": csrf, "lang": "en"})
        location = a.header("location") or ""
        if a.status == 303 and "cancel=ask" in location:
            ask = self.page(browser, "GET", urllib.parse.urlsplit(location).path + "?" +
                            urllib.parse.urlsplit(location).query, "GET /pay/{token}")
            fields = form_fields(ask.text, "/cancel")
            if fields is None:
                self.stats.scenario_error("page_cancel", "the page asked to confirm the cancel but shows no cancel form")
                return
            self.page(browser, "POST", path + "/cancel", "POST /pay/{token}/cancel (confirmed)", fields)
        info = self.merchant("/api/v1/widget/payin/info", self.general(pid))
        if info.status == 200 and info.body.get("status") != "decline":
            self.stats.scenario_error("page_cancel", f"still {self.state(info.body)} after the page's cancel")

    def general(self, pid):
        return {"general": {"project_id": self.m.project_id, "payment_id": pid}}

    def urls(self, pid):
        return {
            "project_id": self.m.project_id,
            "payment_id": pid,
            "merchant_callback_url": f"{self.cb}/cb/info",
            "merchant_success_callback_url": f"{self.cb}/cb/success",
            "merchant_decline_callback_url": f"{self.cb}/cb/decline",
        }

    def new_id(self, kind):
        self.seq += 1
        return f"{kind}-{self.n}-{self.seq}-{secrets.token_hex(3)}"

    def customer(self, country, **extra):
        c = {"id": f"cust-{self.rng.randrange(200)}", "ip_address": "203.0.113.7", "country": country,
             "language": "en"}
        c.update(extra)
        return c

    def create(self, path, body, kind):
        """A create; sometimes sent twice (a merchant's retry must answer the same payment)."""
        a = self.merchant(path, body, nonce=False)
        if a.status != 200 or not isinstance(a.body, dict):
            return None
        if self.rng.random() < 0.08:
            again = self.merchant(path, body, nonce=False)
            if again.status == 200 and again.body.get("request_id") != a.body.get("request_id"):
                self.stats.checks_failed.append(
                    f"idempotency: {body['general']['payment_id']} created twice "
                    f"({a.body.get('request_id')} then {again.body.get('request_id')})")
        with self.stats.lock:
            self.registry.append((kind, body["general"]["payment_id"], a.body.get("request_id")))
            if len(self.registry) > 5000:
                del self.registry[: len(self.registry) - 5000]
        return a.body

    def wait_state(self, info_path, pid, until, secs):
        """Polls info until `until(body)` holds or `secs` pass; returns the last body."""
        deadline = time.time() + secs
        last = None
        while self.running() and time.time() < deadline:
            a = self.merchant(info_path, self.general(pid))
            if a.status == 200:
                last = a.body
                if until(last):
                    return last
            self.pause(0.1, 0.3)
        return last

    @staticmethod
    def state(body):
        if not body:
            return None
        return f"{body.get('status')}:{body.get('sub_status') or ''}".rstrip(":")

    def pick(self, choices):
        """choices: [(weight, value)]"""
        total = sum(w for w, _ in choices)
        x = self.rng.uniform(0, total)
        for w, v in choices:
            x -= w
            if x <= 0:
                return v
        return choices[-1][1]

    # ------------------------------------------------------------------ scenarios

    def run(self):
        scenarios = [
            (30, self.p2p),
            (18, self.widget_transfer),
            (10, self.widget_card),
            (14, self.ecom),
            (5, self.push),
            (15, self.payout),
            (8, self.misc),
        ]
        while self.running():
            fn = self.pick(scenarios)
            self.stats.scenario(fn.__name__)
            try:
                fn()
            except GiveUp as e:
                self.stats.scenario_error(fn.__name__, str(e))
            except Exception as e:  # noqa: BLE001 - a driver bug must not stop the soak silently
                self.stats.scenario_error(fn.__name__, f"{type(e).__name__}: {e}")
            self.pause(0.0, 0.05)

    def lifetime(self):
        # Some payments expire by the clock during a long run (300 s is the shortest lifetime).
        return 300 if self.rng.random() < 0.3 else None

    def p2p(self):
        method, currency, country, amounts = self.pick([
            (6, ("card-p2p", "RUB", "RU", RUB_AMOUNTS)),
            (2, ("sbp-p2p", "RUB", "RU", RUB_AMOUNTS)),
            (2, ("international-card-p2p", "KZT", "KZ", KZT_AMOUNTS)),
        ])
        pid = self.new_id("p2p")
        amount = self.rng.choice(amounts)
        payment = {"method": method, "amount": amount, "currency": currency}
        lt = self.lifetime()
        if lt:
            payment["lifetime"] = lt
        body = {"general": self.urls(pid), "payment": payment, "customer": self.customer(country)}
        created = self.create("/api/v1/payment/p2p/payin", body, "p2p")
        if not created:
            return
        info_path = "/api/v1/payment/p2p/payin/info"
        info = self.wait_state(info_path, pid, lambda b: b.get("sub_status") != "requisites",
                               self.cfg["search_s"] + 8)
        if not info or self.state(info) != "processing:awaiting_confirm" or not self.running():
            return
        if self.rng.random() < 0.3:
            self.page(Browser(), "GET", urllib.parse.urlsplit(info["integration"]["form_url"]).path, "GET /pay/{token}")
        rid = info["request_id"]
        pan = next((d["data"] for d in info.get("display_data", []) if d["title"] == "recipient_pan"), None)
        action = self.pick([(25, "confirm"), (15, "different"), (20, "incoming"), (12, "cancel"),
                            (10, "no_payment"), (8, "expire"), (5, "leave")])
        ok = (200, 409)  # a timer (lifetime) may have moved the payment first
        if action == "confirm":
            self.merchant("/api/v1/payment/p2p/payin/confirm", self.general(pid), ok=ok)
            self.pause()
            if self.rng.random() < 0.5:
                self.operator("POST", "/api/v1/operator/payments/received", {"request_id": rid, "amount": amount},
                              ok=ok)
            else:
                self.incoming(pan, amount, currency)
        elif action == "different":
            got = max(1, amount - self.rng.choice([1000, amount // 2]))
            a = self.operator("POST", "/api/v1/operator/payments/received", {"request_id": rid, "amount": got},
                              ok=ok)
            self.pause()
            if a.status == 200 and self.running():
                if self.rng.random() < 0.6:
                    self.operator("POST", "/api/v1/operator/payments/resolve",
                                  {"request_id": rid, "outcome": "success", "amount": got}, ok=ok)
                else:
                    self.operator("POST", "/api/v1/operator/payments/resolve",
                                  {"request_id": rid, "outcome": "decline"}, ok=ok)
        elif action == "incoming":
            self.incoming(pan, amount, currency)
        elif action == "cancel":
            self.merchant("/api/v1/payment/p2p/payin/cancel", self.general(pid), ok=ok)
        elif action == "no_payment":
            self.merchant("/api/v1/payment/p2p/payin/confirm", self.general(pid), ok=ok)
            self.operator("POST", "/api/v1/operator/sandbox/expire", {"request_id": rid}, ok=ok)
            if self.rng.random() < 0.5 and self.running():
                self.pause()
                self.operator("POST", "/api/v1/operator/payments/resolve",
                              {"request_id": rid, "outcome": self.rng.choice(["success", "decline"])}, ok=ok)
            # else: the dispute grace ends it (KASSA_DISPUTE_GRACE_S)
        elif action == "expire":
            self.operator("POST", "/api/v1/operator/sandbox/expire", {"request_id": rid}, ok=ok)
        self.merchant(info_path, self.general(pid))

    def incoming(self, pan, amount, currency):
        if pan is None:
            return
        a = self.operator("POST", "/api/v1/operator/incoming",
                          {"requisite": pan, "amount": amount, "currency": currency,
                           "reference": f"soak-{secrets.token_hex(4)}"})
        if a.status == 200 and isinstance(a.body, dict) and not a.body.get("matched"):
            self.stats.scenario_error("incoming", "a transfer for an open payment matched nothing (raced a timer?)")

    def widget_transfer(self):
        pid = self.new_id("wgt")
        amount = self.rng.choice(RUB_AMOUNTS)
        chosen = self.rng.random() < 0.4
        payment = {"amount": amount, "currency": "RUB"}
        if chosen:
            payment["widget_method"] = "payin-p2p-card"
        body = {"general": self.urls(pid), "payment": payment, "customer": self.customer("RU")}
        created = self.create("/api/v1/widget/payin", body, "widget")
        if not created:
            return
        path = urllib.parse.urlsplit(created["integration"]["form_url"]).path
        b = Browser()
        a = self.page(b, "GET", path, "GET /pay/{token}")
        csrf = csrf_of(a.text)
        if not csrf:
            self.stats.scenario_error("widget_transfer", "page without a CSRF token")
            return
        if not chosen:
            self.page(b, "POST", path + "/method", "POST /pay/{token}/method",
                      {"csrf": csrf, "method": "payin-p2p-card", "lang": "en"})
        info = self.wait_state("/api/v1/widget/payin/info", pid,
                               lambda x: x.get("sub_status") not in ("requisites", "new"), self.cfg["search_s"] + 8)
        if not info or self.state(info) != "processing:awaiting_confirm" or not self.running():
            return
        a = self.page(b, "GET", path, "GET /pay/{token}")
        csrf = csrf_of(a.text) or csrf
        self.page(b, "GET", path + "/status", "GET /pay/{token}/status")
        action = self.pick([(45, "confirm"), (22, "cancel"), (25, "sandbox"), (8, "leave")])
        if action == "confirm":
            self.page(b, "POST", path + "/confirm", "POST /pay/{token}/confirm", {"csrf": csrf, "lang": "en"})
            self.pause()
            if self.rng.random() < 0.5:
                self.operator("POST", "/api/v1/operator/payments/received",
                              {"request_id": info["request_id"], "amount": amount}, ok=(200, 409))
            else:
                sandbox = self.rng.choice(["received", "different"])
                self.page(b, "POST", path + "/sandbox", "POST /pay/{token}/sandbox",
                          {"csrf": csrf, "lang": "en", "action": sandbox})
                if sandbox == "different" and self.rng.random() < 0.85 and self.running():
                    # The operator closes the dispute (an open dispute keeps its requisite).
                    self.pause()
                    self.operator("POST", "/api/v1/operator/payments/resolve",
                                  {"request_id": info["request_id"],
                                   "outcome": self.rng.choice(["success", "decline"])}, ok=(200, 409))
        elif action == "cancel":
            self.page_cancel(b, path, csrf, pid)
        elif action == "sandbox":
            self.page(b, "POST", path + "/sandbox", "POST /pay/{token}/sandbox",
                      {"csrf": csrf, "lang": "en", "action": self.rng.choice(["received", "expire"])})
        self.page(b, "GET", path, "GET /pay/{token}")

    def widget_card(self):
        pid = self.new_id("wcard")
        body = {"general": self.urls(pid),
                "payment": {"amount": self.rng.choice(RUB_AMOUNTS), "currency": "RUB",
                            "widget_method": "payin-ecom-card"},
                "customer": self.customer("RU")}
        created = self.create("/api/v1/widget/payin", body, "widget")
        if not created:
            return
        path = urllib.parse.urlsplit(created["integration"]["form_url"]).path
        b = Browser()
        a = self.page(b, "GET", path, "GET /pay/{token}")
        csrf = csrf_of(a.text)
        if not csrf:
            self.stats.scenario_error("widget_card", "page without a CSRF token")
            return
        card = self.pick([(50, CARD_OK), (20, CARD_DECLINED), (20, CARD_3DS), (10, CARD_NO_FUNDS)])
        fields = {"csrf": csrf, "lang": "en", "pan": card, "exp_month": "12", "exp_year": "2030",
                  "holder": "IVAN PETROV", "cvv": "123"}
        self.page(b, "POST", path + "/card", "POST /pay/{token}/card", fields)
        info = self.wait_state("/api/v1/widget/payin/info", pid,
                               lambda x: x.get("status") != "processing" or x.get("sub_status") != "new"
                               or card in (CARD_DECLINED, CARD_NO_FUNDS),
                               self.cfg["card_auth_s"] + 5)
        if not info or not self.running():
            return
        st = self.state(info)
        if st == "processing:new":
            # A refused card leaves the payment open on the page: the payer gives up.
            a = self.page(b, "GET", path, "GET /pay/{token}")
            self.page_cancel(b, path, csrf_of(a.text) or csrf, pid)
        elif st == "processing:awaiting_3ds_result":
            a = self.page(b, "GET", path, "GET /pay/{token}")
            hand_off = hidden_inputs(a.text)
            if "PaReq" in hand_off and "TermUrl" in hand_off:
                pa_res = self.acs(hand_off["PaReq"], hand_off["MD"], hand_off["TermUrl"])
                if pa_res:
                    term_path = urllib.parse.urlsplit(hand_off["TermUrl"]).path
                    self.page(b, "POST", term_path, "POST /pay/{token}/3ds",
                              {"PaRes": pa_res, "MD": hand_off["MD"], "Action": "complete"})
            else:
                self.stats.scenario_error("widget_card", "3DS page without its hand-off form")
        self.page(b, "GET", path, "GET /pay/{token}")

    def acs(self, pa_req, md, term_url):
        """The sandbox issuer's page: the one-time code, then the PaRes it posts back."""
        a = self.page(Browser(), "POST", "/sandbox/acs/verify", "POST /sandbox/acs/verify",
                      {"PaReq": pa_req, "MD": md, "TermUrl": term_url, "code": "123456"}, ok=(200,))
        return hidden_inputs(a.text).get("PaRes") if a.status == 200 else None

    def ecom(self):
        pid = self.new_id("ecom")
        card = self.pick([(40, CARD_OK), (25, CARD_3DS), (12, CARD_REDIRECT), (10, CARD_DECLINED),
                          (8, CARD_NO_FUNDS), (5, CARD_SILENT)])
        body = {"general": {k: v for k, v in self.urls(pid).items()},
                "payment": {"method": "card-ecom", "amount": self.rng.choice(RUB_AMOUNTS), "currency": "RUB"},
                "card": {"pan": card, "year": 2030, "month": 12, "card_holder": "IVAN PETROV", "cvv": "123"},
                "customer": self.customer("RU", first_name="IVAN", last_name="PETROV")}
        created = self.create("/api/v1/payment/ecom/payin", body, "ecom")
        if not created:
            return
        info_path = "/api/v1/payment/ecom/payin/info"
        info = self.wait_state(info_path, pid, lambda x: x.get("sub_status") != "new", self.cfg["card_auth_s"] + 5)
        if not info or not self.running():
            return
        st = self.state(info)
        if st == "processing:awaiting_3ds_result" and self.rng.random() < 0.85:
            asc = info["asc_info"]
            pa_res = self.acs(asc["pa_req"], asc["md"], "http://127.0.0.1:9/term")
            if pa_res:
                self.merchant("/api/v1/payment/ecom/payin/confirm-3ds-result",
                              {"general": {"project_id": self.m.project_id, "payment_id": pid},
                               "3ds": {"pa_res": pa_res, "md": asc["md"]}}, ok=(200, 409))
        elif st == "processing:awaiting_redirect_result":
            ri = info["redirect_info"]
            fields = dict(urllib.parse.parse_qsl(ri.get("body") or ""))
            bank_path = urllib.parse.urlsplit(ri["url"]).path
            a = self.page(Browser(), "POST", bank_path, "POST /sandbox/bank", fields, ok=(200,))
            form = hidden_inputs(a.text)
            form["decision"] = self.rng.choice(["approve", "approve", "decline"])
            self.page(Browser(), "POST", "/sandbox/bank/decide", "POST /sandbox/bank/decide", form)
        self.merchant(info_path, self.general(pid))

    def push(self):
        pid = self.new_id("push")
        body = {"general": self.urls(pid),
                "payment": {"method": "mobile-money", "amount": self.rng.choice([5000, 7000]), "currency": "KES"},
                "sender": {"phone": "254712345678", "bank_symbol": "mpesa"},
                "customer": self.customer("KE", email="payer@example.com")}
        created = self.create("/api/v1/payment/p2p/payin", body, "p2p")
        if not created:
            return
        self.pause()
        action = self.pick([(45, "accept"), (25, "refuse"), (15, "cancel"), (15, "leave")])
        if action in ("accept", "refuse"):
            self.operator("POST", "/api/v1/operator/payments/push-result",
                          {"request_id": created["request_id"], "accepted": action == "accept"}, ok=(200, 409))
        elif action == "cancel":
            self.merchant("/api/v1/payment/p2p/payin/cancel", self.general(pid), ok=(200, 409))
        self.merchant("/api/v1/payment/p2p/payin/info", self.general(pid))

    def payout(self):
        self.merchant("/api/v1/balance/info", {"general": {"project_id": self.m.project_id}})
        pid = self.new_id("out")
        amount = self.rng.choice([500, 1000, 2500])
        body = {"general": self.urls(pid),
                "payment": {"method": "card-p2p", "amount": amount, "currency": "RUB"},
                "receiver": {"pan": "5536913812345672", "card_holder": "IVAN PETROV"},
                "customer": self.customer("RU")}
        a = self.merchant("/api/v1/payment/p2p/payout", body, ok=(200, 409), nonce=False)
        if a.status != 200:
            return  # Insufficient balance: nothing was created
        rid = a.body["request_id"]
        with self.stats.lock:
            self.registry.append(("payout", pid, rid))
        self.pause()
        ok = (200, 409)
        if self.rng.random() < 0.15:
            self.merchant("/api/v1/payment/p2p/payout/cancel", self.general(pid), ok=ok)
        elif self.running():
            if self.rng.random() < 0.2:
                self.operator("GET", "/api/v1/operator/payouts", label="GET /api/v1/operator/payouts")
            self.operator("POST", "/api/v1/operator/payouts/execute", {"request_id": rid}, ok=ok)
            self.pause()
            failed = self.rng.random() < 0.35
            self.operator("POST", "/api/v1/operator/payouts/result",
                          {"request_id": rid, "outcome": "failed" if failed else "success"}, ok=ok)
            if failed and self.rng.random() < 0.8:
                self.pause()
                self.operator("POST", "/api/v1/operator/payments/resolve",
                              {"request_id": rid, "outcome": self.rng.choice(["success", "decline"])}, ok=ok)
        self.merchant("/api/v1/payment/p2p/payout/info", self.general(pid))

    def misc(self):
        with self.stats.lock:
            known = self.registry[self.rng.randrange(len(self.registry))] if self.registry else None
        what = self.rng.randrange(5)
        if what == 0 or known is None:
            self.merchant("/api/v1/payment/p2p/bank/all", {"general": {"project_id": self.m.project_id}})
            self.merchant("/api/v1/payment/p2p/bank/available",
                          {"general": {"project_id": self.m.project_id}, "payment": {"currency": "RUB"}})
        elif what == 1:
            self.merchant("/api/v1/callbacks", self.general(known[1]))
        elif what == 2:
            kind, pid, rid = known
            path = {"p2p": "/api/v1/payment/p2p/payin/info", "widget": "/api/v1/widget/payin/info",
                    "ecom": "/api/v1/payment/ecom/payin/info", "payout": "/api/v1/payment/p2p/payout/info"}[kind]
            self.merchant(path, self.general(pid))
        elif what == 3:
            self.operator("GET", f"/api/v1/operator/payments/{known[2]}", label="GET /api/v1/operator/payments/{id}")
        else:
            self.request("GET /healthz", "GET", "/healthz", lambda: (None, {}))
