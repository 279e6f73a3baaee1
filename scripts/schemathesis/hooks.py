"""Schemathesis hooks for Kassa (issue 16 part 2; docs/RELIABILITY.md, "Schema-driven fuzzing").

Loaded by `scripts/schemathesis/run.py` through SCHEMATHESIS_HOOKS. It does three things:

1. `before_call` signs every request as a merchant would (docs/SIGNING.md): the merchant's own
   `general.project_id` goes into the body (a made-up one is refused with 403 before anything
   else is looked at), then the x-access-* headers are computed from the body exactly as it
   will be sent. The signature covers the normalized body, which the server computes from the
   JSON it parses, so the normalization here mirrors serde_json's, numbers included.
2. The check `refused_only_by_documented_rules`: a schema-valid (positive) request may be
   refused only by the rules the document cannot express: the country, method and catalogue
   rules of the domain, and the Luhn check of card numbers. A shape-check message on a
   schema-valid request means the document promises something the server does not accept.
3. A log (JSON lines, $KASSA_ST_LOG) of every response and of the refusals the check allowed,
   which run.py turns into the summary.

Credentials come from the environment run.py sets: KASSA_ST_MERCHANT_ID, KASSA_ST_PROJECT_ID,
KASSA_ST_TOKEN, KASSA_ST_SECRET (an HMAC-SHA512 request key).
"""

import decimal
import json
import math
import os
import re
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "soak"))

import schemathesis  # noqa: E402
from kassa_client import hmac_signature, normalize  # noqa: E402

MERCHANT_ID = os.environ.get("KASSA_ST_MERCHANT_ID", "")
PROJECT_ID = os.environ.get("KASSA_ST_PROJECT_ID", "")
TOKEN = os.environ.get("KASSA_ST_TOKEN", "")
SECRET = os.environ.get("KASSA_ST_SECRET", "")
LOG_PATH = os.environ.get("KASSA_ST_LOG")

_lock = threading.Lock()
_log_file = open(LOG_PATH, "a", buffering=1) if LOG_PATH else None  # noqa: SIM115 - lives as long as the run


def _log(record: dict):
    if _log_file is None:
        return
    line = json.dumps(record, default=str)
    with _lock:
        _log_file.write(line + "\n")


# --- Signing ------------------------------------------------------------------------------

def serde_float(f: float) -> str:
    """How serde_json (its `zmij` formatter) prints an f64: the shortest round-trip digits, in
    fixed notation for decimal exponents -5 to 15 (`0.00001`, `1000000000000000.0`), else
    `1e+16`, `1.5e-7` (checked against the server: docs/RELIABILITY.md)."""
    if f == 0:
        return "-0.0" if math.copysign(1.0, f) < 0 else "0.0"
    sign = "-" if f < 0 else ""
    t = decimal.Decimal(repr(abs(f))).normalize().as_tuple()
    digits = "".join(map(str, t.digits))
    e10 = len(digits) + t.exponent - 1  # value = d.ddd x 10^e10
    if -5 <= e10 <= 15:
        if e10 >= len(digits) - 1:
            return sign + digits + "0" * (e10 - len(digits) + 1) + ".0"
        if e10 >= 0:
            return sign + digits[: e10 + 1] + "." + digits[e10 + 1:]
        return sign + "0." + "0" * (-e10 - 1) + digits
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{mantissa}e{'+' if e10 >= 0 else '-'}{abs(e10)}"


U64_MAX = 2**64 - 1
# serde_json's POW10 table: the f64 nearest to 10^i, for i in 0..=308.
POW10 = [float(f"1e{i}") for i in range(309)]


def _overflows(significand: int, digit: int) -> bool:
    return significand * 10 + digit > U64_MAX


def serde_number(token: str) -> str:
    """What serde_json (default features: no float_roundtrip, no arbitrary_precision) parses the
    JSON number `token` into, printed as its Display prints it. Integers that fit u64 (or i64
    when negative) stay integers; anything else is an f64 built as serde_json builds it: the
    first digits that fit a u64, then one multiplication or division by a power of ten (not
    always the nearest f64, so Python's own float() would sign a different value). Raises
    ValueError where serde_json refuses the number (out of range)."""
    m = re.fullmatch(r"(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?)(\d+))?", token)
    if not m:
        raise ValueError(f"not a JSON number: {token}")
    positive = m.group(1) != "-"
    significand, exponent, overflowed = 0, 0, False
    for ch in m.group(2):
        d = ord(ch) - 48
        if overflowed or _overflows(significand, d):
            overflowed = True
            exponent += 1
        else:
            significand = significand * 10 + d
    is_float = overflowed or m.group(3) is not None or m.group(5) is not None
    if not is_float:
        if positive:
            return str(significand)
        if significand == 0 or significand > 2**63:
            return serde_float(-float(significand))
        return str(-significand)
    if m.group(3) is not None:
        for ch in m.group(3):
            d = ord(ch) - 48
            if _overflows(significand, d):
                break  # parse_decimal_overflow: the remaining digits are ignored
            significand = significand * 10 + d
            exponent -= 1
    if m.group(5) is not None:
        e = int(m.group(5))
        if e > 2**31 - 1:
            if significand != 0 and m.group(4) != "-":
                raise ValueError("exponent out of range")
            return serde_float(0.0 if positive else -0.0)
        exponent = exponent - e if m.group(4) == "-" else exponent + e
        exponent = max(-(2**31), min(2**31 - 1, exponent))
    f = float(significand)
    while True:
        if abs(exponent) < len(POW10):
            pow10 = POW10[abs(exponent)]
            if exponent >= 0:
                f *= pow10
                if math.isinf(f):
                    raise ValueError("number out of range")
            else:
                f /= pow10
            break
        if f == 0.0:
            break
        if exponent >= 0:
            raise ValueError("number out of range")
        f /= 1e308
        exponent += 308
    return serde_float(f if positive else -f)


class Token(str):
    """A JSON number exactly as written in the body (parse_int/parse_float keep the text)."""


def _refuse_constant(name):
    raise ValueError(f"{name} is not JSON")


def serde_view(value):
    """`value` (parsed with numbers kept as their Token text) with every number replaced by
    the text the server's normalization writes for it (serde_json parses the token, then its
    Display prints it), so that kassa_client.normalize writes the lines the server writes.
    Raises ValueError for a number serde_json refuses."""
    if isinstance(value, dict):
        return {k: serde_view(v) for k, v in value.items()}
    if isinstance(value, list):
        return [serde_view(v) for v in value]
    if isinstance(value, Token):
        return serde_number(str(value))
    if value is None or isinstance(value, (bool, str)):
        return value
    raise ValueError(f"not JSON: {type(value).__name__}")


def wire_text(body):
    """The request body exactly as it goes on the wire, as text, or None when there is none or
    it is not UTF-8. requests sends a generated value as `json.dumps(body, allow_nan=False)`
    and raw bytes as they are (schemathesis serialize_json)."""
    from schemathesis.core import NotSet

    if isinstance(body, NotSet):
        return None
    try:
        if isinstance(body, bytes):
            return body.decode("utf-8")
        return json.dumps(body, allow_nan=False)
    except (TypeError, ValueError):
        return None


def server_view(text):
    """What the server signs of the body `text`: its parse, numbers as serde_json prints them.
    None when the server cannot parse it (it answers 400 before looking at a signature)."""
    try:
        parsed = json.loads(text, parse_int=Token, parse_float=Token, parse_constant=_refuse_constant)
        view = serde_view(parsed)
        normalize(view).encode()  # a lone surrogate is no UTF-8 (and serde_json refuses it)
        return view
    except (ValueError, OverflowError, RecursionError):
        return None


class Timestamps:
    """Kassa refuses a signature seen before on another endpoint until its timestamp expires
    (replay protection, server/src/http/api/auth.rs). Generated bodies repeat (`{"general":
    {"project_id": ...}}` for every read-only endpoint), so a body signed at the same second for
    two endpoints would be refused the second time. Each (normalized body, timestamp) pair is
    used for one endpoint only: another endpoint gets an earlier second (within the 300 s
    window)."""

    def __init__(self):
        self.used = {}
        self.lock = threading.Lock()

    def pick(self, normalized: str, endpoint: str) -> str:
        now = int(time.time())
        with self.lock:
            for back in range(0, 240):
                key = (normalized, now - back)
                owner = self.used.get(key)
                if owner is None or owner == endpoint:
                    self.used[key] = endpoint
                    return str(now - back)
        return str(now)


TIMESTAMPS = Timestamps()


def _mode(case):
    meta = case.meta
    return meta.generation.mode.value if meta is not None else None


def _phase(case):
    meta = case._meta
    return meta.phase.name.value if meta is not None else None


def _header_parameters(case):
    """The operation's documented header parameters: {lower-case name: (required, schema)}."""
    key = ("headers", case.method, case.path)
    with _lock:
        if key in _views:
            return _views[key]
    raw = case.operation.schema.raw_schema
    item = raw.get("paths", {}).get(case.path) or {}
    op = item.get(case.method.lower()) or {}
    view = SchemaView(raw, {})
    params = {}
    for p in list(item.get("parameters") or []) + list(op.get("parameters") or []):
        p = view.resolve(p)
        if p.get("in") == "header" and isinstance(p.get("name"), str):
            params[p["name"].lower()] = (bool(p.get("required")), view.resolve(p.get("schema") or {}))
    with _lock:
        _views[key] = params
    return params


def _mutated_headers(case):
    """The header names a negative case made invalid on purpose (lower case); None when the
    headers are not negative, an empty set when it cannot be told which."""
    meta = case._meta
    if meta is None:
        return None
    from schemathesis.core.parameters import ParameterLocation

    if not meta.is_negative_at(ParameterLocation.HEADER):
        return None
    data = meta.phase.data
    names = set()
    if getattr(data, "parameter_location", None) == ParameterLocation.HEADER and data.parameter:
        names.add(data.parameter.lower())
    for m in getattr(data, "mutations", ()) or ():
        if m.parameter_location == ParameterLocation.HEADER and m.parameter and len(m.path) <= 1:
            names.add(m.parameter.lower())
    # A mutation of the header object as a whole names no header: the documented ones that
    # are missing or break their own schema are the mutated ones.
    import jsonschema_rs

    for name, (required, schema) in _header_parameters(case).items():
        if name not in case.headers:
            if required:
                names.add(name)
        else:
            try:
                if not jsonschema_rs.is_valid(schema, case.headers[name]):
                    names.add(name)
            except (ValueError, TypeError):
                pass
    return names


@schemathesis.hook
def before_call(context, case, kwargs):
    note = {"signed": False, "mode_before": _mode(case)}
    body = case.body
    # The merchant's own project: a made-up `project_id` would end every request at 403.
    if isinstance(body, dict) and isinstance(body.get("general"), dict) and isinstance(
            body["general"].get("project_id"), str):
        case.body = {**body, "general": {**body["general"], "project_id": PROJECT_ID}}
    text = wire_text(case.body)
    view = server_view(text) if text is not None else None
    if view is None:
        note["why_unsigned"] = "no body the server can parse"
    else:
        # The replay record is per request path (not method): server/src/http/api/auth.rs.
        ts = TIMESTAMPS.pick(normalize(view), case.formatted_path)
        proper = {
            "x-access-timestamp": ts,
            "x-access-merchant-id": MERCHANT_ID,
            "x-access-token": TOKEN,
            "x-access-merchant-algorithm": "HMAC",
            "x-access-signature": hmac_signature(view, ts, SECRET),
        }
        mutated = _mutated_headers(case)
        if mutated is None:
            case.headers.update(proper)
            note["signed"] = True
        elif mutated:
            # A negative case on the headers: the rest are as a merchant sends them, the
            # mutated ones as generated (or left out), so the server meets that one fault.
            for name, value in proper.items():
                if name not in mutated:
                    case.headers[name] = value
            note["why_unsigned"] = f"negative headers {sorted(mutated)}"
        else:
            note["why_unsigned"] = "negative headers (which ones not known)"
    # A stash for after_call and the check, keyed by the case id.
    with _lock:
        _NOTES[case.id] = note


_NOTES = {}


@schemathesis.hook
def after_call(context, case, response):
    with _lock:
        note = _NOTES.get(case.id, {})
    mode = _mode(case)
    record = {
        "kind": "response",
        "op": f"{case.method} {case.path}",
        "phase": _phase(case),
        "mode": mode,
        "mode_before_signing": note.get("mode_before"),
        "signed": note.get("signed", False),
        "why_unsigned": note.get("why_unsigned"),
        "status": response.status_code,
    }
    if response.status_code == 401:
        record["auth"] = _json_of(response).get("status_description") if _json_of(response) else None
    if mode == "negative" and 200 <= response.status_code < 300:
        # What made the case schema-invalid, for the summary's note.
        phase = getattr(case.meta, "phase", None) if case.meta is not None else None
        record["negative_what"] = str(getattr(phase, "data", None))[:400]
        record["body"] = _body_excerpt(case, 600)
    _log(record)


def _json_of(response):
    try:
        v = response.json()
    except Exception:  # noqa: BLE001 - not JSON
        return None
    return v if isinstance(v, dict) else None


# --- The check ----------------------------------------------------------------------------

# The generic shape-check messages of server/src/http/api/field.rs.
GENERIC = [
    re.compile(r"^is required$"),
    re.compile(r"^must be a string$"),
    re.compile(r"^must be an integer$"),
    re.compile(r"^must be an integer from -?\d+ to -?\d+$"),
    re.compile(r"^must be an object$"),
    re.compile(r"^must be at most \d+ characters$"),
    re.compile(r"^must be at least \d+ characters$"),
    re.compile(r"^must not be empty$"),
    re.compile(r"^must match \^.*$"),
]
# Fixed shape-check sentences of server/src/http/api/payin.rs and payout.rs (a rule a regular
# expression cannot state exactly). Any message that is a line of the field's own description
# counts too: the document writes a sentence rule into the description (server/src/http/api/shape.rs).
SENTENCES = [
    "must be an IPv4 or IPv6 address",
    "must be an email address",
    "may contain only Latin or Cyrillic letters, digits, spaces, hyphens, periods and apostrophes",
]
LUHN = re.compile(r"\bLuhn\b")
# "must match" messages the domain gives under a country's rules (server/core/src/domain/payin.rs,
# payout.rs, payments.rs): phone formats per country, and AR's CUIT/CUIL document number.
COUNTRY_MATCH = [
    (re.compile(r"(^|\.)phone$"), re.compile(r"^must match \^")),
    (re.compile(r"^customer\.identification_data\.document_number$"), re.compile(r"^must match \^\\d\{11\}\$$")),
]


class SchemaView:
    """The request body schema of an operation, walked by error field paths (`payment.currency`)."""

    def __init__(self, raw, body_schema):
        self.raw = raw
        self.root = body_schema

    def resolve(self, s, depth=0):
        while isinstance(s, dict) and "$ref" in s and depth < 32:
            ref = s["$ref"]
            if not ref.startswith("#/"):
                return {}
            target = self.raw
            for part in ref[2:].split("/"):
                target = target.get(part.replace("~1", "/").replace("~0", "~"), {}) if isinstance(target, dict) else {}
            # Siblings of $ref (a description) stay visible.
            extra = {k: v for k, v in s.items() if k != "$ref"}
            s = {**target, **extra} if extra else target
            depth += 1
        return s if isinstance(s, dict) else {}

    def variants(self, s, depth=0):
        """Every schema `s` can be, through $ref, oneOf, anyOf and allOf."""
        s = self.resolve(s)
        out = [s]
        if depth < 8:
            for key in ("oneOf", "anyOf", "allOf"):
                for sub in s.get(key, []) or []:
                    out.extend(self.variants(sub, depth + 1))
        return out

    def at(self, path):
        """The schemas of the field at `path` (a list of keys) and of its parent."""
        current = self.variants(self.root)
        parents = []
        for key in path:
            parents = current
            nxt = []
            for s in current:
                props = s.get("properties") or {}
                if key in props:
                    nxt.extend(self.variants(props[key]))
                elif key.isdigit() and "items" in s:
                    nxt.extend(self.variants(s["items"]))
                elif isinstance(s.get("additionalProperties"), dict):
                    nxt.extend(self.variants(s["additionalProperties"]))
            current = nxt
        return current, parents

    def required(self, field):
        path = field.split(".")
        _, parents = self.at(path)
        return any(path[-1] in (p.get("required") or []) for p in parents)

    def patterns(self, field):
        leaves, _ = self.at(field.split("."))
        return {s["pattern"] for s in leaves if isinstance(s.get("pattern"), str)}

    def description_lines(self, field):
        leaves, _ = self.at(field.split("."))
        lines = set()
        for s in leaves:
            for line in str(s.get("description") or "").splitlines():
                line = line.strip().rstrip(".").strip()
                if line:
                    lines.add(line)
                    lines.update(p.strip() for p in line.split(". ") if p.strip())
        return lines


_views = {}


def schema_view(case):
    key = (case.method, case.path)
    with _lock:
        if key in _views:
            return _views[key]
    raw = case.operation.schema.raw_schema
    op = (raw.get("paths", {}).get(case.path) or {}).get(case.method.lower()) or {}
    view = SchemaView(raw, {})
    body = view.resolve(op.get("requestBody") or {})
    media = (body.get("content") or {}).get("application/json") or {}
    view.root = media.get("schema") or {}
    with _lock:
        _views[key] = view
    return view


def value_at(body, field):
    """The request's value at the error's field path, or None."""
    v = body
    for key in field.split("."):
        if isinstance(v, dict) and key in v:
            v = v[key]
        elif isinstance(v, list) and key.isdigit() and int(key) < len(v):
            v = v[int(key)]
        else:
            return None
    return v


def classify(view, error, body=None):
    """('allowed', why) or ('shape', why) for one field error of a 400 to a schema-valid request."""
    field = str(error.get("field", ""))
    message = str(error.get("message", ""))
    value = value_at(body, field)
    if message == "must be an integer" and isinstance(value, float) and value.is_integer():
        return "shape", "a whole number written with a fraction (like 5.0) is an integer to JSON Schema"
    if message == "is required":
        if view.required(field):
            return "shape", "the document marks it required and the request had it"
        return "allowed", "required by a country/method rule (the document does not mark it required)"
    if LUHN.search(message) and re.search(r"(^|\.)(pan|card_number)$", field):
        return "allowed", "Luhn check of a card number (JSON Schema cannot state it)"
    if message.startswith("must match ^"):
        quoted = message[len("must match "):]
        if quoted in view.patterns(field):
            return "shape", "the value matches the document's own pattern (a regex dialect mismatch)"
        for field_re, message_re in COUNTRY_MATCH:
            if field_re.search(field) and message_re.search(message):
                return "allowed", "country format"
    if any(g.match(message) for g in GENERIC):
        return "shape", "generic shape-check message"
    if message in SENTENCES or message.rstrip(".") in view.description_lines(field):
        return "shape", "shape-check sentence"
    return "allowed", "country/catalogue rule"


def _body_excerpt(case, limit=1500):
    try:
        text = json.dumps(case.body, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = repr(case.body)
    return text if len(text) <= limit else text[:limit] + "..."


@schemathesis.check
def refused_only_by_documented_rules(ctx, response, case):
    """A schema-valid request is refused only by the documented country/catalogue rules."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    with _lock:
        note = _NOTES.get(case.id, {})
    if not note.get("signed"):
        return None
    op = f"{case.method} {case.path}"
    status = response.status_code
    data = _json_of(response)
    if status in (401, 403):
        why = (data or {}).get("status_description")
        _log({"kind": "custom_failure", "op": op, "status": status, "errors": [], "why": why})
        raise AssertionError(
            f"A signed, schema-valid request was refused with {status} ({why}): the signing hook "
            f"or the document's security is wrong.\nBody: {_body_excerpt(case)}")
    if status != 400:
        return None
    errors = (data or {}).get("errors") or []
    if not errors:
        why = (data or {}).get("status_description")
        _log({"kind": "custom_failure", "op": op, "status": status, "errors": [], "why": why})
        raise AssertionError(f"A schema-valid request was refused with 400 and no field errors ({why}).\n"
                             f"Body: {_body_excerpt(case)}")
    view = schema_view(case)
    bad, allowed = [], []
    for e in errors:
        e = e if isinstance(e, dict) else {"field": "?", "message": str(e)}
        verdict, why = classify(view, e, case.body)
        (bad if verdict == "shape" else allowed).append({**e, "why": why})
    if allowed:
        _log({"kind": "allowed_refusal", "op": op, "errors": [
            {"field": e.get("field"), "message": e.get("message"), "why": e["why"]} for e in allowed]})
    if bad:
        _log({"kind": "custom_failure", "op": op, "status": 400, "errors": [
            {"field": e.get("field"), "message": e.get("message"), "why": e["why"]} for e in bad]})
        listed = "\n".join(f"  - {e.get('field')}: {e.get('message')} ({e['why']})" for e in bad)
        raise AssertionError(
            f"A schema-valid request was refused by shape checks:\n{listed}\n"
            f"All errors: {json.dumps(errors, ensure_ascii=False)}\nBody: {_body_excerpt(case)}")
    return None
