"""The merchant's callback endpoint: records every callback, sometimes answers 500, sometimes slowly."""

import json
import random
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from kassa_client import verify_hmac


class Receiver:
    def __init__(self, secret, rng_seed, fail_rate=0.12, slow_rate=0.10, too_slow_rate=0.03, timeout_s=2.0):
        self.secret = secret
        self.rng = random.Random(rng_seed)
        self.fail_rate = fail_rate
        self.slow_rate = slow_rate
        self.too_slow_rate = too_slow_rate
        self.timeout_s = timeout_s
        self.lock = threading.Lock()
        self.records = []
        self.seq = 0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                receiver.handle(self)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True, name="receiver")

    def start(self):
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def behaviour(self):
        with self.lock:
            x = self.rng.random()
        if x < self.fail_rate:
            return 500, 0.0
        x -= self.fail_rate
        if x < self.slow_rate:
            return 200, self.rng.uniform(0.2, self.timeout_s * 0.6)
        x -= self.slow_rate
        if x < self.too_slow_rate:
            # Answered after Kassa stopped waiting: Kassa counts a failed attempt and retries.
            return 200, self.timeout_s + 0.8
        return 200, 0.0

    def handle(self, h):
        length = int(h.headers.get("content-length") or 0)
        raw = h.rfile.read(length)
        ts = h.headers.get("x-access-timestamp", "")
        sig = h.headers.get("x-access-signature", "")
        try:
            body = json.loads(raw)
            parsed = True
        except ValueError:
            body, parsed = None, False
        sig_ok = parsed and verify_hmac(body, ts, sig, self.secret)
        try:
            fresh = abs(time.time() - int(ts)) <= 300
        except ValueError:
            fresh = False
        code, delay = self.behaviour()
        with self.lock:
            self.seq += 1
            rec = {
                "seq": self.seq,
                "t": time.time(),
                "path": h.path,
                "key": h.headers.get("x-idempotency-key", ""),
                "merchant": h.headers.get("x-access-merchant-id", ""),
                "algorithm": h.headers.get("x-access-merchant-algorithm", ""),
                "sig_ok": sig_ok,
                "fresh": fresh,
                "parsed": parsed,
                "body": body,
                "code": code,
                "late": delay > self.timeout_s,
            }
            self.records.append(rec)
        if delay:
            time.sleep(delay)
        out = b'{"ok":true}' if code == 200 else b'{"error":"soak says no"}'
        try:
            h.send_response(code)
            h.send_header("content-type", "application/json")
            h.send_header("content-length", str(len(out)))
            h.send_header("connection", "close")
            h.end_headers()
            h.wfile.write(out)
        except OSError:
            pass
        h.close_connection = True

    def snapshot(self):
        with self.lock:
            return list(self.records)
