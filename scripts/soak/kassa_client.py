"""Talking to Kassa as a merchant, an operator and a payer's browser (standard library only).

Requests are signed with an HMAC-SHA512 request key (docs/SIGNING.md), so no crypto package is
needed; callbacks are verified with the project's HMAC-SHA512 callback key (docs/CALLBACKS.md).
"""

import base64
import hashlib
import hmac
import http.client
import json
import re
import time
import urllib.parse


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def normalize(value) -> str:
    """The signed form of a JSON value: one `path:value` line per scalar, sorted, joined by `;`."""
    lines = []

    def walk(v, path):
        def child(k):
            return k if path == "" else f"{path}:{k}"

        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, child(k))
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, child(str(i)))
        elif v is True:
            lines.append(f"{path}:1")
        elif v is False:
            lines.append(f"{path}:0")
        elif v is None:
            lines.append(f"{path}:None")
        else:
            lines.append(f"{path}:{v}")

    walk(value, "")
    lines.sort(key=lambda s: s.encode())
    return ";".join(lines)


def signed_message(value, timestamp: str) -> str:
    return b64url(normalize(value).encode()) + timestamp


def hmac_signature(value, timestamp: str, secret: str) -> str:
    return b64url(hmac.new(secret.encode(), signed_message(value, timestamp).encode(), hashlib.sha512).digest())


def verify_hmac(value, timestamp: str, signature: str, secret: str) -> bool:
    return hmac.compare_digest(hmac_signature(value, timestamp, secret), signature or "")


def self_test():
    """The test vectors of decisions.md §2."""
    v = {"general": {"project_id": "57aff4db-b45d-42bf-bc5f-b7a499a01782"}}
    m = signed_message(v, "1706182847")
    assert m == "Z2VuZXJhbDpwcm9qZWN0X2lkOjU3YWZmNGRiLWI0NWQtNDJiZi1iYzVmLWI3YTQ5OWEwMTc4Mg1706182847", m
    assert hashlib.sha256(m.encode()).hexdigest() == "a751bade591dac691440fd4ad355460c7a1ab72989a487310b3c1ec4105b6e0e"
    v2 = json.loads(
        '{"general":{"project_id":"57aff4db-b45d-42bf-bc5f-b7a499a01782","payment_id":"order-1",'
        '"merchant_callback_url":"https://m.example/cb"},"payment":{"method":"card-p2p","amount":150000,'
        '"currency":"RUB","lifetime":900},"sender":{},"customer":{"id":"u1","ip_address":"1.2.3.4","country":"RU"},'
        '"flags":[true,false,null],"items":[{"b":2,"a":"x"},"y"]}'
    )
    digest = hashlib.sha256(signed_message(v2, "1706182847").encode()).hexdigest()
    assert digest == "4efc8b7b51c620b516aa77c0b9c7de0bbf0424459453cd2b739aa3c2d50a26c0", digest


CSRF_RE = re.compile(r'name="csrf" value="([^"]+)"')
INPUT_RE = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


def csrf_of(html: str):
    m = CSRF_RE.search(html)
    return m.group(1) if m else None


FORM_RE = re.compile(r'<form[^>]*action="([^"]+)"[^>]*>(.*?)</form>', re.S)


def form_fields(html: str, action_suffix: str):
    """The hidden fields of the page's form whose action ends with `action_suffix`, or None."""
    import html as h

    for action, inner in FORM_RE.findall(html):
        if action.endswith(action_suffix):
            return {k: h.unescape(v) for k, v in INPUT_RE.findall(inner)}
    return None


def hidden_inputs(html: str) -> dict:
    import html as h

    return {k: h.unescape(v) for k, v in INPUT_RE.findall(html)}


class Answer:
    __slots__ = ("status", "body", "headers", "text")

    def __init__(self, status, raw, headers):
        self.status = status
        self.headers = headers
        self.text = raw.decode("utf-8", "replace")
        self.body = None
        ctype = headers.get("content-type", "")
        if "json" in ctype:
            try:
                self.body = json.loads(self.text) if self.text else None
            except ValueError:
                self.body = None

    def header(self, name):
        return self.headers.get(name.lower())


def raw_request(port, method, path, body: bytes = None, headers=None, timeout=30.0) -> Answer:
    """One request on its own connection (no keep-alive to go stale across kills)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        h = {"connection": "close"}
        h.update(headers or {})
        c.request(method, path, body=body, headers=h)
        r = c.getresponse()
        raw = r.read()
        return Answer(r.status, raw, {k.lower(): v for k, v in r.getheaders()})
    finally:
        c.close()


class Merchant:
    """Signing for one project (HMAC-SHA512 request key)."""

    def __init__(self, created: dict):
        self.merchant_id = created["merchant_id"]
        self.project_id = created["project_id"]
        self.token = created["request_key"]["token"]
        self.secret = created["request_key"]["hmac_secret"]
        self.callback_secret = created["callback_key"]["hmac_secret"]

    def headers(self, body: dict) -> dict:
        ts = str(int(time.time()))
        return {
            "content-type": "application/json",
            "x-access-timestamp": ts,
            "x-access-merchant-id": self.merchant_id,
            "x-access-token": self.token,
            "x-access-signature": hmac_signature(body, ts, self.secret),
            "x-access-merchant-algorithm": "HMAC",
        }


def form_body(fields: dict) -> bytes:
    return urllib.parse.urlencode(fields).encode()
