#!/usr/bin/env python3
"""verify_report.py: checks a trncost JSON report (schema trncost.report, or a study: trncost.study,
a reconciliation: trncost.reconciliation, a plan: trncost.plan) from the report alone.

A second verifier that shares no code with trncost: written from docs/reports.md, the meaning of each
member and operation, in Python 3 with the standard library only. It recomputes every derivation,
every line, every total and the status from the report's own inputs, re-checks the analysis and
credits sections, and names the first mismatch by its path in the document, what the report's
meaning gives (expected) and what the report says (found). A study report is verified option by
option, then its comparison per unit of work, the protocol rule, the decisions' reasons and the
study's decision.

Exit codes:
  0  the report passed
  1  internal error (a bug in this script)
  2  usage error (bad command line)
  3  the report cannot be read: not JSON, a member missing or of the wrong type, an unknown
     schema, version or section (a section this verifier does not check is never passed unchecked)
  4  the report does not recompute: the first mismatch is printed
"""

import argparse
import datetime
import json.decoder
import math
import re
import sys
from decimal import Decimal, InvalidOperation
from fractions import Fraction

EXIT_OK, EXIT_INTERNAL, EXIT_USAGE, EXIT_UNREADABLE, EXIT_MISMATCH = 0, 1, 2, 3, 4

SCHEMA = "trncost.report"
NEWEST_VERSION = 7
# Members of the document by schema version; nothing else is accepted (see --help).
MEMBERS_V1 = ["schema", "schema_version", "as_of", "freshness_window_days", "currency", "status",
              "reasons", "totals", "categories", "uncertainties", "lines", "derivations", "inputs",
              "findings"]
OPTIONAL_V1 = ["protocol"]
OPTIONAL_V2 = ["analysis", "credits"]
OPTIONAL_V3 = ["work"]
# From version 7 a report may state its workloads' figures (billed and wall-clock time, compute,
# tokens), each naming an input or derivation of the report.
OPTIONAL_V7 = ["figures"]
# From version 4 each status reason names the rule of "verified" it breaks, and every-category-
# accounted the category it is about; the verifier recomputes the reasons by rule and category.
REASONS_VERSION = 4
# From version 5 each line says what it is (its identity: service, region, instance type, usage
# type, purchase option), quotes and measurements where they come from; the verifier checks each
# line's identity against the inputs it uses (identity-consistent) and the protocol's runs.
IDENTITY_VERSION = 5
# From version 6 an input may be given rather than known (a choice, a forecast, trncost's default:
# never a reason) and a measurement may leave its run and method empty.
ROLES_VERSION = 6
# The rules of "verified" a reason can name (docs/model.md#what-verified-claims), each with the
# status breaking it gives; the rules that refuse the input give no reason.
REASON_RULES = {"every-line-priced": "unpriced", "every-category-accounted": "incomplete",
                "quotes-fresh": "stale", "no-third-party": "provisional",
                "no-assumption": "provisional", "no-open-uncertainty": "provisional",
                "zero-price-has-reason": "provisional"}
REFUSING_RULES = ["provenance-says-enough", "measured-has-period", "declared-none-is-not-a-value",
                  "no-negative-price", "one-value-per-input", "timeline", "no-cost-counted-twice"]
RUN_MEMBERS = ["run_id", "model", "code_version", "dataset_id", "parameters", "software_stack"]
BAR_MEMBERS = ["input", "kind", "basis", "baseline_value", "low", "high", "total_at_low",
               "total_at_high", "swing"]
RANKED_MEMBERS = ["name", "cost", "seconds", "cost_rank", "time_rank", "cost_ratio", "time_ratio",
                  "stack", "work", "cost_per_work"]
CREDITS_MEMBERS = ["total_spend", "total_credits", "total_uncovered", "total_wasted",
                   "total_lost_at_expiry", "runway", "grants", "periods", "credit_lines",
                   "projection", "findings"]
GRANT_MEMBERS = ["name", "amount", "last_valid_day", "used", "balance_at_end", "exhausted_on",
                 "wasted_at_expiry", "unused_at_schedule_end", "runs_out_on", "lost_at_expiry",
                 "services", "usable"]
PERIOD_MEMBERS = ["start", "end", "spend", "credits_used", "uncovered", "uncovered_by_reason",
                  "balance_after"]
ANALYSIS_PARTS = ["tornado", "scenarios", "monte_carlo", "comparison", "decision"]

STATUSES = ["verified", "provisional", "stale", "unpriced", "incomplete"]  # best to worst
CATEGORIES = ["compute", "storage", "transfer", "logs", "data preparation",
              "failures and restarts"]
PHASES = ["setup", "compilation", "warm-up", "training", "evaluation", "checkpointing", "waiting",
          "failed work", "restarts", "serving", "idle capacity", "trials", "batch inference",
          "scale-up start-up"]
USEFUL_PHASES = {"training", "evaluation", "checkpointing", "serving", "trials",
                 "batch inference"}
# The kinds of work a report can deliver (version 3), each quoted per (per, unit).
TOKEN_QUOTES = [(1000000, "USD/1M tokens"), (1000, "USD/1K tokens"), (1000000000, "USD/1B tokens")]
WORK_QUOTES = {"tokens served": TOKEN_QUOTES, "tokens trained": TOKEN_QUOTES,
               "tokens processed": TOKEN_QUOTES,
               "requests served": [(1000, "USD/1000 requests"), (1, "USD/request")],
               "runs to target": [(1, "USD/job")], "trials": [(1, "USD/job")]}
COVERAGES = ["lines", "declared-none", "no-lines", "missing"]
LINE_ROUNDING = "half-even at 18 fractional digits"
# The AWS services a quote's offer code names, as a line's identity names them (a Savings Plans
# offer code prices a commitment, not a service's usage: never compared).
SERVICE_CODES = ["AmazonEC2", "AmazonS3", "AWSDataTransfer", "AmazonCloudWatch", "AmazonSageMaker",
                 "AmazonBedrock", "AmazonFSx", "AmazonEFS", "AmazonEKS", "AmazonECR"]
PURCHASE_OPTIONS = ["on-demand", "reserved", "Savings Plan", "spot", "Capacity Block"]
UNCERTAINTY_KINDS = ["custom-operator", "unsupported-operation", "porting-work", "other"]
OUTCOMES = ["continue", "compare another option", "suspend"]
UNCOVERED_REASONS = ["service unknown", "service not covered", "charge kind excluded",
                     "before the grant was issued", "grant expired", "balance exhausted"]
CHARGE_KINDS = ["usage", "upfront fee", "Marketplace", "support"]
PLACES = 18  # every decimal of a report has at most 18 fractional digits
ULP = Fraction(1, 10 ** PLACES)


class Unreadable(Exception):
    """The report's structure is not the schema's: exit 3."""

    def __init__(self, path, rule):
        super().__init__(f"{path or '(document)'}: {rule}")


class Mismatch(Exception):
    """What the report says differs from what its meaning gives: exit 4."""

    def __init__(self, path, expected, found, why=""):
        text = f"{path}: expected {expected}, found {found}"
        super().__init__(text + (f" ({why})" if why else ""))


# ------------------------------------------------------------------------------------------------
# Reading JSON strictly, as the C++ audit reads it (docs/reports.md, "Reading a report"): UTF-8
# without a byte-order mark, no member twice in one object, no string holding a lone UTF-16
# surrogate, arrays and objects nested at most MAX_DEPTH deep, no NaN or Infinity. Each refusal
# names the path of the value ("lines[3].amount"); a syntax error names the byte.

MAX_DEPTH = 64  # a report nests about 9 deep (a study's option's credits' projection's charges)
_BLANK = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_SURROGATE = re.compile("[\ud800-\udfff]")
_scanstring = json.decoder.scanstring


class _StrictJSON:
    """A recursive-descent reader of one JSON document; recursion stops at MAX_DEPTH."""

    def __init__(self, text):
        self.s = text

    def byte(self, i):
        return len(self.s[:i].encode("utf-8", "surrogatepass"))

    def syntax(self, i, why):
        raise Unreadable("", f"byte {self.byte(i)}: invalid JSON: {why}")

    def blank(self, i):
        return _BLANK.match(self.s, i).end()

    def document(self):
        i = self.blank(0)
        if i == len(self.s):
            self.syntax(i, "the document is empty")
        value, i = self.value(i, "", 0)
        i = self.blank(i)
        if i != len(self.s):
            self.syntax(i, "the document root is followed by other values")
        return value

    def string(self, i, path):
        try:
            text, end = _scanstring(self.s, i + 1, True)
        except ValueError as e:
            self.syntax(getattr(e, "pos", i), getattr(e, "msg", str(e)))
        if _SURROGATE.search(text):
            raise Unreadable(path, "holds a lone UTF-16 surrogate (\\ud800-\\udfff not in a pair); "
                             "a report's text is Unicode")
        return text, end

    def value(self, i, path, depth):
        s = self.s
        c = s[i] if i < len(s) else ""
        if c == '"':
            return self.string(i, path)
        if c in ("{", "["):
            if depth >= MAX_DEPTH:
                raise Unreadable(path, f"nests arrays and objects more than {MAX_DEPTH} deep "
                                 "(refused)")
            return (self.obj if c == "{" else self.arr)(i, path, depth + 1)
        for word, v in (("true", True), ("false", False), ("null", None)):
            if s.startswith(word, i):
                return v, i + len(word)
        m = _NUMBER.match(s, i)
        if m is None or m.end() == i:
            self.syntax(i, "expected a value")
        t = m.group(0)
        if self.too_big(t, m):
            self.syntax(i, "a number too big for a double (beyond about 1.8e308)")
        if m.group(1) or m.group(2):
            return float(t), m.end()  # never a value of a report: refused where it is read
        return (int(t) if len(t) <= 40 else float("inf")), m.end()

    @staticmethod
    def too_big(t, m):
        """What RapidJSON refuses as a number "too big to be stored in double" even when it keeps
        numbers as text: a whole part beyond about 1.8e308, or a positive exponent beyond 308 plus
        the fraction's digits."""
        whole_part = t[:len(t) - len(m.group(1) or "") - len(m.group(2) or "")].lstrip("-")
        if len(whole_part) > 308:
            try:
                float(int(whole_part))
            except OverflowError:
                return True
        exp = m.group(2)
        if exp and not exp[1:].startswith("-"):
            digits = exp[1:].lstrip("+")
            frac = len(m.group(1)) - 1 if m.group(1) else 0
            return len(digits) > 5 or int(digits) > 308 + frac
        return False

    def obj(self, i, path, depth):
        out = {}
        i = self.blank(i + 1)
        if self.s.startswith("}", i):
            return out, i + 1
        while True:
            if not self.s.startswith('"', i):
                self.syntax(i, "expected a member name in double quotes")
            key, i = self.string(i, path)
            where = at(path, key)
            if key in out:
                raise Unreadable(where, "appears twice in one object; a repeated member is "
                                 "refused (the last value would silently replace the first)")
            i = self.blank(i)
            if not self.s.startswith(":", i):
                self.syntax(i, "expected ':' after a member name")
            out[key], i = self.value(self.blank(i + 1), where, depth)
            i = self.blank(i)
            if self.s.startswith(",", i):
                i = self.blank(i + 1)
            elif self.s.startswith("}", i):
                return out, i + 1
            else:
                self.syntax(i, "expected ',' or '}' after an object member")

    def arr(self, i, path, depth):
        out = []
        i = self.blank(i + 1)
        if self.s.startswith("]", i):
            return out, i + 1
        while True:
            v, i = self.value(i, at(path, len(out)), depth)
            out.append(v)
            i = self.blank(i)
            if self.s.startswith(",", i):
                i = self.blank(i + 1)
            elif self.s.startswith("]", i):
                return out, i + 1
            else:
                self.syntax(i, "expected ',' or ']' after an array element")


def read_json(raw):
    """A report's bytes as Python values, refused (Unreadable) as the C++ audit refuses them."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raise Unreadable("", "begins with a UTF-8 byte-order mark; a report is UTF-8 without one")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Unreadable("", f"byte {e.start}: invalid UTF-8 ({e.reason})") from None
    return _StrictJSON(text).document()


# ------------------------------------------------------------------------------------------------
# Exact numbers: decimals from their text, kept as fractions, rounded only where a rule says so.

def show(x):
    """A value as decimal text (a fraction that is not a decimal is shown rounded, marked ~)."""
    if x is None:
        return "unknown"
    if isinstance(x, Fraction):
        d = x.denominator
        while d % 2 == 0:
            d //= 2
        while d % 5 == 0:
            d //= 5
        if d != 1:
            return "~" + show(round_places(x, "half-even"))
        text = format(Decimal(x.numerator) / Decimal(x.denominator), "f")
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return str(x)


def round_places(x, mode):
    """x rounded to 18 fractional digits: 'half-even', 'toward-zero' or 'up' (toward +infinity)."""
    scaled = x / ULP
    floor = scaled.numerator // scaled.denominator
    rest = scaled - floor
    if mode == "half-even":
        if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and floor % 2 == 1):
            floor += 1
    elif mode == "toward-zero":
        if rest != 0 and x < 0:
            floor += 1
    elif mode == "up":
        if rest != 0:
            floor += 1
    return Fraction(floor) * ULP


def fixed2(x):
    """x with exactly two fractional digits, rounded half-even ("1200.00", "3.10")."""
    scaled = x * 100
    floor = scaled.numerator // scaled.denominator
    rest = scaled - floor
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and floor % 2 == 1):
        floor += 1
    return ("-" if floor < 0 else "") + f"{abs(floor) // 100}.{abs(floor) % 100:02d}"


def ceil_whole(x):
    return -((-x.numerator) // x.denominator)


# ------------------------------------------------------------------------------------------------
# Reading: each accessor names the member's path when the report breaks the schema.

def at(path, key):
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def member(obj, path, key, kinds, what):
    if key not in obj:
        raise Unreadable(at(path, key), "is missing")
    v = obj[key]
    if not isinstance(v, kinds) or (isinstance(v, bool) and bool not in _tuple(kinds)):
        raise Unreadable(at(path, key), f"is {type_name(v)}, expected {what}")
    return v


def _tuple(kinds):
    return kinds if isinstance(kinds, tuple) else (kinds,)


def type_name(v):
    if v is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string",
            list: "an array", dict: "an object"}.get(type(v), type(v).__name__)


def text(obj, path, key):
    return member(obj, path, key, str, "a string")


def nonempty(obj, path, key):
    v = text(obj, path, key)
    if not v:
        raise Mismatch(at(path, key), "a non-empty text", '""', "the provenance must say it")
    return v


def closed(obj, path, members, what):
    """Every object of a report is closed: a member it does not define is refused, never passed
    unchecked (the first such member in the document's order is named)."""
    for key in obj:
        if key not in members:
            raise Unreadable(at(path, key), f"is not a member of {what}; this verifier does not "
                             "pass what it does not check")
    return obj


def obj_at(obj, path, key, members=None, what=None):
    v = member(obj, path, key, dict, "an object")
    return v if members is None else closed(v, at(path, key), members, what or f"'{key}'")


def arr(obj, path, key):
    return member(obj, path, key, list, "an array")


def objects(obj, path, key, members=None, what=None):
    items = arr(obj, path, key)
    for i, e in enumerate(items):
        if not isinstance(e, dict):
            raise Unreadable(at(at(path, key), i), f"is {type_name(e)}, expected an object")
        if members is not None:
            closed(e, at(at(path, key), i), members, what or f"an entry of '{key}'")
    return [(at(at(path, key), i), e) for i, e in enumerate(items)]


def strings(obj, path, key):
    items = arr(obj, path, key)
    for i, e in enumerate(items):
        if not isinstance(e, str):
            raise Unreadable(at(at(path, key), i), f"is {type_name(e)}, expected a string")
    return items


WHOLE_LIMIT = 2 ** 63 - 1  # a whole number of a report is a signed 64-bit integer


def whole(obj, path, key, minimum=None):
    v = member(obj, path, key, int, "a whole number")
    if not -WHOLE_LIMIT <= v <= WHOLE_LIMIT:
        raise Unreadable(at(path, key), f"{v} is out of the range of a whole number "
                         f"(+/-{WHOLE_LIMIT})")
    if minimum is not None and v < minimum:
        raise Unreadable(at(path, key), f"{v} is below {minimum}")
    return v


# Decimals are 128-bit integers of 10^-18 (about +/-1.7e20): a value outside is refused, as is any
# text but an optional '-', ASCII digits and an optional fraction of 1 to 18 digits.
DECIMAL_LIMIT = Fraction(2 ** 127 - 1, 10 ** PLACES)
_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]{1,18})?")


def in_range(x, path, what="the value"):
    """x, refused when it lies outside the decimal range (a value a report cannot hold)."""
    if x is not None and abs(x) > DECIMAL_LIMIT:
        raise Mismatch(path, "a value within the decimal range (+/-1.7e20)", show(x),
                       f"{what} is out of the range of a report's decimals")
    return x


def parse_decimal(s, path):
    """A decimal string of the report: optional '-', digits, optional fraction of <= 18 digits."""
    if not _DECIMAL.fullmatch(s):
        why = f"has more than {PLACES} fractional digits" if re.fullmatch(
            r"-?[0-9]+\.[0-9]{19,}", s) else "is not a decimal number (-?digits(.digits)?)"
        raise Unreadable(path, f"'{s}' {why}")
    v = Fraction(Decimal(s))
    if abs(v) > DECIMAL_LIMIT:
        raise Unreadable(path, f"'{s}' is out of the decimal range (about +/-1.7e20)")
    return v


def dec(obj, path, key):
    return parse_decimal(text(obj, path, key), at(path, key))


def dec_or_null(obj, path, key):
    if key in obj and obj[key] is None:
        return None
    return dec(obj, path, key)


def parse_day(s, path):
    try:
        if len(s) != 10:
            raise ValueError
        return datetime.date.fromisoformat(s)
    except ValueError:
        raise Unreadable(path, f"'{s}' is not a date YYYY-MM-DD") from None


def day(obj, path, key):
    return parse_day(text(obj, path, key), at(path, key))


def day_or_null(obj, path, key):
    if key in obj and obj[key] is None:
        return None
    return day(obj, path, key)


def instant(obj, path, key):
    s = text(obj, path, key)
    try:
        if len(s) != 20 or not s.endswith("Z") or s[10] != "T":
            raise ValueError
        return datetime.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        raise Unreadable(at(path, key), f"'{s}' is not a UTC time YYYY-MM-DDThh:mm:ssZ") from None


def one_of(obj, path, key, allowed, what):
    v = text(obj, path, key)
    if v not in allowed:
        raise Unreadable(at(path, key), f"'{v}' is not a known {what} ({', '.join(allowed)})")
    return v


def expect(path, expected, found, why=""):
    if expected != found:
        raise Mismatch(path, show(expected), show(found), why)


# ------------------------------------------------------------------------------------------------
# Units: each symbol a report writes, as exponents of base units and an exact scale (the value of
# one of it in base units), so that the unit of every derivation can be derived from its operands'
# units and its operation, and a line's price times its quantity shown to be money (docs/reports.md,
# "Units"). Written from trncost's list of named units and the way it prints an unnamed one.

BASE_UNITS = ["USD", "s", "B", "token", "instance", "chip", "NeuronCore", "request", "step",
              "sample", "FLOP", "mo", "I/O", "metric", "job", "interruption"]
HOURS_PER_MONTH = 730  # the only month convention: "730 h/mo" (AWS Pricing Calculator, Infracost)

# Named units: symbol -> (base units with exponents, scale).
NAMED_UNITS = {
    "": ("", 1), "s": ("s", 1), "min": ("s", 60), "h": ("s", 3600),
    "ms": ("s", Fraction(1, 1000)), "d": ("s", 86400), "mo": ("mo", 1),
    "B": ("B", 1), "kB": ("B", 10 ** 3), "MB": ("B", 10 ** 6), "GB": ("B", 10 ** 9),
    "TB": ("B", 10 ** 12), "KiB": ("B", 2 ** 10), "MiB": ("B", 2 ** 20), "GiB": ("B", 2 ** 30),
    "TiB": ("B", 2 ** 40),
    "token": ("token", 1), "1K tokens": ("token", 1000), "1M tokens": ("token", 10 ** 6),
    "1B tokens": ("token", 10 ** 9),
    "instance": ("instance", 1), "chip": ("chip", 1), "NeuronCore": ("NeuronCore", 1), "request": ("request", 1),
    "1000 requests": ("request", 1000), "step": ("step", 1), "sample": ("sample", 1),
    "FLOP": ("FLOP", 1), "EFLOP": ("FLOP", 10 ** 18), "I/O": ("I/O", 1), "metric": ("metric", 1), "job": ("job", 1),
    "interruption": ("interruption", 1), "USD": ("USD", 1),
    "instance-h": ("instance s", 3600), "instance-s": ("instance s", 1),
    "chip-h": ("chip s", 3600), "NeuronCore-h": ("NeuronCore s", 3600),
    "GiB-mo": ("B mo", 2 ** 30), "GB-mo": ("B mo", 10 ** 9), "GiB-h": ("B s", 2 ** 30 * 3600),
    "metric-mo": ("metric mo", 1),
    "token/s": ("token s^-1", 1), "sample/s": ("sample s^-1", 1), "step/s": ("step s^-1", 1),
    "FLOP/s": ("FLOP s^-1", 1), "EFLOP/s": ("FLOP s^-1", 10 ** 18),
    "EFLOP/s/instance": ("FLOP s^-1 instance^-1", 10 ** 18), "request/s": ("request s^-1", 1),
    "token/s/instance": ("token s^-1 instance^-1", 1),
    "request/s/instance": ("request s^-1 instance^-1", 1),
    "instance/job": ("instance job^-1", 1), "IOPS": ("I/O s^-1", 1),
    "MiB/s": ("B s^-1", 2 ** 20), "GiB/s": ("B s^-1", 2 ** 30),
    "GiB/mo": ("B mo^-1", 2 ** 30), "GiB/1M tokens": ("B token^-1", Fraction(2 ** 30, 10 ** 6)),
    "GiB/1000 requests": ("B request^-1", Fraction(2 ** 30, 1000)), "GiB/job": ("B job^-1", 2 ** 30),
    "IOPS-mo": ("I/O s^-1 mo", 1), "MiBps-mo": ("B s^-1 mo", 2 ** 20),
    "GiBps-mo": ("B s^-1 mo", 2 ** 30),
    "interruption/instance-h": ("interruption instance^-1 s^-1", Fraction(1, 3600)),
    "s/interruption": ("s interruption^-1", 1),
    "USD/h": ("USD s^-1", Fraction(1, 3600)),
    "USD/instance-h": ("USD instance^-1 s^-1", Fraction(1, 3600)),
    "USD/chip-h": ("USD chip^-1 s^-1", Fraction(1, 3600)),
    "USD/NeuronCore-h": ("USD NeuronCore^-1 s^-1", Fraction(1, 3600)),
    "USD/GiB-mo": ("USD B^-1 mo^-1", Fraction(1, 2 ** 30)),
    "USD/GB-mo": ("USD B^-1 mo^-1", Fraction(1, 10 ** 9)),
    "USD/GiB": ("USD B^-1", Fraction(1, 2 ** 30)), "USD/GB": ("USD B^-1", Fraction(1, 10 ** 9)),
    "USD/request": ("USD request^-1", 1),
    "USD/1000 requests": ("USD request^-1", Fraction(1, 1000)),
    "USD/1K tokens": ("USD token^-1", Fraction(1, 1000)),
    "USD/1M tokens": ("USD token^-1", Fraction(1, 10 ** 6)),
    "USD/1B tokens": ("USD token^-1", Fraction(1, 10 ** 9)),
    "USD/IOPS-mo": ("USD I/O^-1 s mo^-1", 1),
    "USD/GiBps-mo": ("USD B^-1 s mo^-1", Fraction(1, 2 ** 30)),
    "USD/MiBps-mo": ("USD B^-1 s mo^-1", Fraction(1, 2 ** 20)),
    "USD/metric-mo": ("USD metric^-1 mo^-1", 1), "USD/job": ("USD job^-1", 1),
    "NeuronCore/chip": ("NeuronCore chip^-1", 1), "GiB/chip": ("B chip^-1", 2 ** 30),
    "FLOP/s/chip": ("FLOP s^-1 chip^-1", 1), "FLOP/token": ("FLOP token^-1", 1),
    "EFLOP/token": ("FLOP token^-1", 10 ** 18),
}
# How trncost prints a scale that is not 1 around the base units of an unnamed unit.
# Whole numbers of 1 to 18 digits; exponents of 1 or 2 digits (never 0 or 1).
_SCALED_RATIO = re.compile(r"\(([1-9][0-9]{0,17})/([1-9][0-9]{0,17}) (.*)\)")  # (3/8 B)
_SCALED_WHOLE = re.compile(r"\(([1-9][0-9]{0,17}) (.*)\)")                   # (3600 s B)
_SCALED_PART = re.compile(r"\((.*)/([1-9][0-9]{0,17})\)")                     # (token/1000)
_TIME_RATIOS = {"s/h": 3600, "s/min": 60, "s/d": 86400}  # USD s/h: USD/h times a second
_POWER = re.compile(r"(.+?)(?:\^(-?[1-9][0-9]?))?")
UNIT_SCALE_LIMIT = 2 ** 63 - 1  # a scale's reduced numerator and denominator stay below 2^63


class ScaleRange(Exception):
    """A unit's scale beyond UNIT_SCALE_LIMIT: the unit cannot be checked (refused)."""


class Unit:
    """Exponents of base units (nonzero only) and the exact scale of one of it in them."""

    def __init__(self, exps, scale):
        self.exps = {k: v for k, v in exps.items() if v}
        self.scale = Fraction(scale)
        if self.scale.numerator > UNIT_SCALE_LIMIT or self.scale.denominator > UNIT_SCALE_LIMIT \
                or self.scale <= 0:
            raise ScaleRange()

    def times(self, other, sign=1):
        exps = dict(self.exps)
        for k, v in other.exps.items():
            exps[k] = exps.get(k, 0) + sign * v
        return Unit(exps, self.scale * other.scale if sign > 0 else self.scale / other.scale)

    def __eq__(self, other):
        return self.exps == other.exps and self.scale == other.scale

    def __str__(self):
        dims = " ".join(f"{k}^{v}" if v != 1 else k for k, v in sorted(self.exps.items())) or "1"
        return dims if self.scale == 1 else f"{show(self.scale)} {dims}"


def base_units(text_):
    """'USD s^-1 B' -> exponents; None when a token is not a base unit or one repeats."""
    exps = {}
    if text_ == "":
        return exps
    for tok in text_.split(" "):
        m = _POWER.fullmatch(tok)
        if m is None or m.group(1) not in BASE_UNITS or m.group(1) in exps or m.group(2) == "1":
            return None
        exps[m.group(1)] = int(m.group(2) or 1)
    return exps


def parse_unit(symbol):
    """A unit symbol as a Unit, or None when it is not one trncost writes."""
    try:
        return _parse_unit(symbol)
    except ScaleRange:
        return None


def _parse_unit(symbol):
    if symbol in NAMED_UNITS:
        dims, scale = NAMED_UNITS[symbol]
        return Unit(base_units(dims), scale)
    scale, body = Fraction(1), symbol
    m = _SCALED_RATIO.fullmatch(symbol)
    if m:
        scale, body = Fraction(int(m.group(1)), int(m.group(2))), m.group(3)
    elif _SCALED_WHOLE.fullmatch(symbol):
        m = _SCALED_WHOLE.fullmatch(symbol)
        scale, body = Fraction(int(m.group(1))), m.group(2)
    elif _SCALED_PART.fullmatch(symbol):
        m = _SCALED_PART.fullmatch(symbol)
        scale, body = Fraction(1, int(m.group(2))), m.group(1)
    else:
        for suffix, seconds in _TIME_RATIOS.items():
            if symbol == suffix:
                scale, body = Fraction(1, seconds), ""
                break
            if symbol.endswith(" " + suffix) and len(symbol) > len(suffix) + 1:
                scale, body = Fraction(1, seconds), symbol[:-len(suffix) - 1]
                break
    if scale == 1 and body != symbol:
        return None  # a scale of 1 is never written
    exps = base_units(body)
    if exps is None:
        return None
    return Unit(exps, scale)


def as_money(product, result, num, den):
    """Whether `product` (price unit x usage unit) is `result` with the factor num / den: the value
    of the result is price x usage x num / den. A per-month price against hours or seconds counts
    the month as 730 h (the factor then holds the 730)."""
    diff = product.times(result, -1)
    if diff.exps == {"mo": -1, "s": 1}:
        product = Unit(result.exps, product.scale / (HOURS_PER_MONTH * 3600))
    elif diff.exps:
        return False
    return product.times(result, -1).scale == Fraction(num, den)


# ------------------------------------------------------------------------------------------------
# The estimate: inputs, derivations, lines, totals, categories, status.

# The members of each provenance kind; from version 5 a measurement also says the instance type
# and region it ran on, a quote the instance and usage type it prices.
PROVENANCE_MEMBERS = {
    "measured": ["kind", "run_id", "method", "from", "to"],
    "quoted": ["kind", "source", "offer_code", "offer_version", "published", "sku",
               "offer_term_code", "rate_code", "region", "purchase_option", "consulted"],
    "documented": ["kind", "source", "consulted"], "third-party": ["kind", "source", "seen"],
    "assumption": ["kind", "rationale"], "declared-none": ["kind", "justification"],
    "choice": ["kind", "reason", "by"], "forecast": ["kind", "basis", "by"],
    "default": ["kind", "reason"]}
PROVENANCE_MEMBERS_V5 = {"measured": ["instance_type", "region"],
                         "quoted": ["instance_type", "usage_type"]}
GIVEN_KINDS = ["choice", "forecast", "default"]
EPOCH = datetime.datetime(1970, 1, 1)


def check_provenance(p, path, version):
    """The members each kind requires (docs/reports.md, 'An input'); returns the kind."""
    kinds = [k for k in PROVENANCE_MEMBERS if version >= ROLES_VERSION or k not in GIVEN_KINDS]
    kind = one_of(p, path, "kind", kinds, "provenance kind")
    added = PROVENANCE_MEMBERS_V5.get(kind, []) if version >= IDENTITY_VERSION else []
    closed(p, path, PROVENANCE_MEMBERS[kind] + added, f"a {kind} provenance in schema version "
           f"{version}")
    for key in added:
        text(p, path, key)
    if kind == "measured":
        if version < ROLES_VERSION:
            nonempty(p, path, "run_id")
            nonempty(p, path, "method")
        else:
            text(p, path, "run_id")
            text(p, path, "method")
        start, end = instant(p, path, "from"), instant(p, path, "to")
        # The rule "measured-has-period": a period nobody gave reads as the epoch.
        for key, t in (("from", start), ("to", end)):
            if t <= EPOCH:
                raise Mismatch(at(path, key), "a time after 1970-01-01T00:00:00Z", p[key],
                               "a measurement has its collection period; the epoch is none")
        if end < start:
            raise Mismatch(at(path, "to"), f"a time not before 'from' {p['from']}", p["to"],
                           "a measurement period ends after it begins")
    elif kind == "quoted":
        nonempty(p, path, "source")
        nonempty(p, path, "region")
        day(p, path, "consulted")
        published = day_or_null(p, path, "published")
        one_of(p, path, "purchase_option", PURCHASE_OPTIONS, "purchase option")
        for key in ("offer_code", "offer_version", "sku", "offer_term_code", "rate_code"):
            text(p, path, key)
        if p["offer_code"]:  # a price read from an offer file names the file and the rate
            if not p["offer_version"] and published is None:
                raise Mismatch(at(path, "offer_version"), "an offer version or a publication date",
                               '""', "a price from an offer file names its version")
            for key in ("sku", "offer_term_code", "rate_code"):
                nonempty(p, path, key)
        check_rate_code(p, path)
        # The timeline: nobody reads a price list before it is published.
        if published is not None and parse_day(p["consulted"], path) < published:
            raise Mismatch(at(path, "consulted"), f"a day on or after 'published' {p['published']}",
                           p["consulted"], "a price cannot be read before it is published")
    elif kind == "documented":
        nonempty(p, path, "source")
        day(p, path, "consulted")
    elif kind == "third-party":
        nonempty(p, path, "source")
        day(p, path, "seen")
    elif kind == "assumption":
        nonempty(p, path, "rationale")
    elif kind in ("choice", "default"):
        nonempty(p, path, "reason")
        if kind == "choice":
            text(p, path, "by")
    elif kind == "forecast":
        nonempty(p, path, "basis")
        text(p, path, "by")
    else:
        nonempty(p, path, "justification")
    return kind


def check_rate_code(p, path):
    """The rule "sku-matches-rate-code": AWS rate codes are SKU.OfferTermCode.RateCode (a Savings
    Plan's SKU.RateCode, its offer term being the plan's SKU): a rate code of another SKU or term
    cites another price."""
    sku, term, rate = p["sku"], p["offer_term_code"], p["rate_code"]
    if not sku or not rate:
        return
    if not rate.startswith(sku + "."):
        raise Mismatch(at(path, "rate_code"), f"a rate code of SKU '{sku}' ('{sku}.<term>.<rate>')",
                       f"'{rate}'", "sku-matches-rate-code")
    if term and term != sku and not rate.startswith(f"{sku}.{term}."):
        raise Mismatch(at(path, "rate_code"), f"a rate code of offer term '{sku}.{term}'",
                       f"'{rate}'", "sku-matches-rate-code")


# "rescale" is the name reports written before trncost had one vocabulary of operations gave a
# model's unit conversion: the same operation as "convert".
INPUT_MEMBERS = ["name", "value", "unit", "known", "provenance"]
DERIVATION_MEMBERS = ["name", "value", "unit", "known", "formula", "op", "operands"]
OP_MEMBERS = {"scale": ["factor"], "band": ["lower", "upper"], "ceil_to": ["step"],
              "convert": ["num", "den"], "rescale": ["num", "den"], "charge": ["num", "den"]}
LINE_MEMBERS = ["category", "component", "phase", "description", "price", "quantity", "num", "den",
                "rounding", "formula", "amount", "inputs"]
IDENTITY_MEMBERS = ["service", "region", "instance_type", "usage_type", "purchase_option"]
ARITY = {"add": 2, "sub": 2, "mul": 2, "div": 2, "max": 2, "min": 2, "charge": 2, "scale": 1,
         "band": 1, "ceil_to": 1, "convert": 1, "rescale": 1}


def operation(op, d, args, path):
    """The value of one derivation from its operands' values (docs/reports.md, 'A derivation')."""
    if op == "add":
        return args[0] + args[1]
    if op == "sub":
        return args[0] - args[1]
    if op == "mul":
        return round_places(args[0] * args[1], "half-even")
    if op == "div":
        if args[1] == 0:
            raise Mismatch(at(path, "operands"), "a divisor that is not 0", "0",
                           f"'{d['operands'][1]}' is 0")
        return round_places(args[0] / args[1], "half-even")
    if op == "max":
        return max(args)
    if op == "min":
        return min(args)
    if op == "scale":
        return whole(d, path, "factor") * args[0]
    if op == "band":
        lower, upper = dec(d, path, "lower"), dec_or_null(d, path, "upper")
        part = max(args[0] - lower, Fraction(0))
        return part if upper is None else min(part, upper - lower)
    if op == "ceil_to":
        step = dec(d, path, "step")
        if step <= 0:
            raise Mismatch(at(path, "step"), "a positive step", show(step))
        # The smallest whole number of steps that reaches a.
        return ceil_whole(args[0] / step) * step
    if op in ("convert", "rescale"):
        num, den = whole(d, path, "num", 1), whole(d, path, "den", 1)
        return round_places(args[0] * num / den, "half-even")
    if op == "charge":
        # A priced amount: price * usage * num / den, rounded once.
        num, den = whole(d, path, "num", 1), whole(d, path, "den", 1)
        return round_places(args[0] * args[1] * num / den, "half-even")
    # median: the middle value; of an even count the mean of the two middle ones.
    s = sorted(args)
    n = len(s)
    return s[n // 2] if n % 2 else round_places((s[n // 2 - 1] + s[n // 2]) / 2, "half-even")


class Report:
    """One report being verified; check() raises at the first mismatch."""

    def __init__(self, doc):
        self.doc = doc
        self.values = {}  # name -> Fraction, or None when unknown
        self.kinds = {}   # input name -> provenance kind
        self.leaves = {}  # name -> itself and every value it is computed from
        self.amounts = []
        self.counts = {"inputs": 0, "derivations": 0, "lines": 0, "sections": 0}

    def check(self):
        doc = self.doc
        if not isinstance(doc, dict):
            raise Unreadable("", "a report is a JSON object")
        # The version first, as the C++ audit reads it: a newer report is refused as such.
        version = whole(doc, "", "schema_version")
        self.version = version
        if version > NEWEST_VERSION:
            raise Unreadable("schema_version", f"the report has version {version}; this verifier "
                             f"knows versions 1 to {NEWEST_VERSION} and checks nothing newer")
        if text(doc, "", "schema") != SCHEMA:
            raise Unreadable("schema", f"'{doc['schema']}' is not {SCHEMA}")
        if version < 1:
            raise Unreadable("schema_version", "must be 1 or more")
        known = MEMBERS_V1 + OPTIONAL_V1 + (OPTIONAL_V2 if version >= 2 else []) + \
            (OPTIONAL_V3 if version >= 3 else []) + (OPTIONAL_V7 if version >= 7 else [])
        for key in doc:
            if key not in known:
                extra = " (a section of schema version 2)" if key in OPTIONAL_V2 else \
                    " (a member of schema version 3)" if key in OPTIONAL_V3 else \
                    " (a member of schema version 7)" if key in OPTIONAL_V7 else ""
                raise Unreadable(key, f"is not a member of schema version {version}{extra}; this "
                                 "verifier does not pass what it does not check")
        for key in MEMBERS_V1:
            if key not in doc:
                raise Unreadable(key, "is missing")
        self.as_of = day(doc, "", "as_of")
        self.window = whole(doc, "", "freshness_window_days", 0)
        if text(doc, "", "currency") != "USD":
            raise Unreadable("currency", f"'{doc['currency']}' is not USD, the only currency")
        self.runs = []
        if "protocol" in doc:
            self.check_protocol(obj_at(doc, "", "protocol", ["trncost_version", "as_of",
                                                             "freshness_window_days", "runs"],
                                       "the protocol"))
        self.check_inputs()
        self.check_derivations()
        self.check_lines()
        self.check_totals()
        if "work" in doc:
            self.check_work(obj_at(doc, "", "work", ["kind", "amount", "per", "unit", "full",
                                                     "compute_only"], "'work'"))
        if "figures" in doc:
            self.check_figures()
        self.check_categories()
        self.check_status()
        strings(doc, "", "findings")
        self.check_units()
        self.check_runs()
        if version >= IDENTITY_VERSION:
            self.check_identities()
        self.check_complete()
        if "analysis" in doc:
            self.check_analysis(obj_at(doc, "", "analysis", ANALYSIS_PARTS,
                                       "the analysis section"))
        if "credits" in doc:
            check_credits(obj_at(doc, "", "credits", CREDITS_MEMBERS, "the credits section"),
                          "credits")
            self.counts["sections"] += 1
        return self.counts

    def check_complete(self):
        """A report is complete or refused (docs/reports.md): every input and derivation feeds a
        line (its price, quantity or inputs), another derivation or the work; no line appears
        twice (the same component, description, phase and price)."""
        doc = self.doc
        used = set()
        for d in doc["derivations"]:
            used.update(d["operands"])
        for l in doc["lines"]:
            used.update([l["price"], l["quantity"]] + list(l["inputs"]))
        if "work" in doc:
            used.add(doc["work"]["amount"])
        for f in doc.get("figures", []):
            used.add(f["value"])
        for group in ("inputs", "derivations"):
            for i, e in enumerate(doc[group]):
                if e["name"] not in used:
                    raise Mismatch(f"{group}[{i}]",
                                   "a value some line, derivation, work or figure uses",
                                   f"'{e['name']}', used by nothing",
                                   "every value of a report feeds something (a removed line?)")
        seen = {}
        for i, l in enumerate(doc["lines"]):
            key = (l["component"], l["description"], l["phase"], l["price"])
            if key in seen:
                raise Mismatch(f"lines[{i}]", "a line that appears once", f"a repeat of "
                               f"lines[{seen[key]}]", "a line twice counts its money twice")
            seen[key] = i

    def unpriced_lines(self):
        """The lines whose amount is unknown (after check())."""
        return sum(1 for _, l in self.lines if l["amount"] is None)

    def define(self, name, value, path, leaves):
        if name in self.values:
            raise Mismatch(at(path, "name"), "a name used once in inputs and derivations",
                           f"'{name}' again", "the report refers to values by name")
        self.values[name] = value
        self.leaves[name] = leaves

    def check_inputs(self):
        for path, e in objects(self.doc, "", "inputs", INPUT_MEMBERS, "an input"):
            name = text(e, path, "name")
            text(e, path, "unit")
            known = member(e, path, "known", bool, "a boolean")
            kind = check_provenance(obj_at(e, path, "provenance"), at(path, "provenance"),
                                    self.version)
            value = text(e, path, "value")
            if known:
                v = parse_decimal(value, at(path, "value"))
            else:
                if value != "unknown" or kind != "assumption":
                    raise Mismatch(path, "an unknown input with the value 'unknown' and an "
                                   "assumption giving the reason", f"'{value}' ({kind})")
                v = None
            self.kinds[name] = kind
            self.define(name, v, path, {name})
            self.counts["inputs"] += 1

    def check_derivations(self):
        for path, d in objects(self.doc, "", "derivations"):
            op = one_of(d, path, "op", list(ARITY) + ["median"], "operation")
            closed(d, path, DERIVATION_MEMBERS + OP_MEMBERS.get(op, []), f"a derivation of '{op}'")
            name = text(d, path, "name")
            text(d, path, "unit")
            text(d, path, "formula")  # for people only: never read for meaning
            names = strings(d, path, "operands")
            want = ARITY.get(op)
            if (want is not None and len(names) != want) or (want is None and not names):
                raise Mismatch(at(path, "operands"), f"{want or 'at least 1'} operand(s) for "
                               f"'{op}'", len(names))
            args, leaves = [], set()
            for i, o in enumerate(names):
                if o not in self.values:
                    raise Mismatch(at(at(path, "operands"), i), "an input or an earlier "
                                   "derivation", f"'{o}'", "operands come before what uses them")
                args.append(self.values[o])
                leaves |= self.leaves[o]
            value = None if any(a is None for a in args) else operation(op, d, args, path)
            known = member(d, path, "known", bool, "a boolean")
            claimed_text = text(d, path, "value")
            if value is None:
                if known or claimed_text != "unknown":
                    raise Mismatch(at(path, "value"), "unknown (an operand is unknown)",
                                   claimed_text)
            else:
                claimed = parse_decimal(claimed_text, at(path, "value")) if known else None
                expect(at(path, "value"), value, claimed, f"'{name}' = {op} of " +
                       ", ".join(f"{o} = {show(a)}" for o, a in zip(names, args)))
            self.define(name, value, path, leaves | {name})
            self.counts["derivations"] += 1

    def check_lines(self):
        identity = self.version >= IDENTITY_VERSION
        members = LINE_MEMBERS + (["identity"] if identity else [])
        self.lines = objects(self.doc, "", "lines", members,
                             f"a line in schema version {self.version}")
        for path, l in self.lines:
            if identity:
                ident = obj_at(l, path, "identity", IDENTITY_MEMBERS + ["offer"],
                               "a line's identity")
                if "offer" in ident:
                    # Written only when the price's offer is not the billing service's own.
                    member(ident, at(path, "identity"), "offer", str, "an offer code")
                    if ident["offer"] == "":
                        raise Unreadable(at(at(path, "identity"), "offer"), "is empty")
                for key in IDENTITY_MEMBERS:
                    member(ident, at(path, "identity"), key, (str, type(None)), "a string or null")
                    if ident[key] == "":
                        raise Unreadable(at(at(path, "identity"), key), "is empty; an identity "
                                         "field that is not known is null")
                if ident["purchase_option"] is not None:
                    one_of(ident, at(path, "identity"), "purchase_option", PURCHASE_OPTIONS,
                           "purchase option")
            one_of(l, path, "category", CATEGORIES, "category")
            text(l, path, "component")
            text(l, path, "description")
            text(l, path, "formula")
            phase = member(l, path, "phase", (str, type(None)), "a phase or null")
            if phase is not None and phase not in PHASES:
                raise Unreadable(at(path, "phase"), f"'{phase}' is not a known phase")
            if text(l, path, "rounding") != LINE_ROUNDING:
                raise Unreadable(at(path, "rounding"), f"is not '{LINE_ROUNDING}'")
            num, den = whole(l, path, "num", 1), whole(l, path, "den", 1)
            refs = []
            for key in ("price", "quantity"):
                name = text(l, path, key)
                if name not in self.values:
                    raise Mismatch(at(path, key), "an input or a derivation of the report",
                                   f"'{name}'")
                refs.append(name)
            price, quantity = (self.values[n] for n in refs)
            amount = None
            if price is not None and quantity is not None:
                amount = round_places(price * quantity * num / den, "half-even")
            self.amounts.append(amount)
            expect(at(path, "amount"), amount, dec_or_null(l, path, "amount"),
                   f"round_half_even_18({refs[0]} * {refs[1]} * {num} / {den}) with "
                   f"{show(price)} * {show(quantity)}")
            # The inputs the line depends on: values its price or its quantity is computed from.
            depends = self.leaves[refs[0]] | self.leaves[refs[1]]
            for i, name in enumerate(strings(l, path, "inputs")):
                if name not in depends:
                    raise Mismatch(at(at(path, "inputs"), i), "a value the price or the quantity "
                                   "is computed from", f"'{name}'")
            self.counts["lines"] += 1

    def check_totals(self):
        totals = obj_at(self.doc, "", "totals", ["total", "by_category", "by_phase", "useful",
                                                  "overhead"], "'totals'")
        declared = {c.get("category") for c in arr(self.doc, "", "categories")
                    if isinstance(c, dict) and c.get("coverage") == "declared-none"}
        by_cat = {c: Fraction(0) for c in declared}
        by_phase = {}
        total = useful = overhead = Fraction(0)
        for (path, l), amount in zip(self.lines, self.amounts):
            by_cat.setdefault(l["category"], Fraction(0))
            if amount is None:
                continue  # unpriced: left out, never 0
            total += amount
            by_cat[l["category"]] += amount
            if l["phase"] is not None:
                by_phase[l["phase"]] = by_phase.get(l["phase"], Fraction(0)) + amount
                if l["phase"] in USEFUL_PHASES:
                    useful += amount
                else:
                    overhead += amount
        expect("totals.total", total, dec(totals, "totals", "total"),
               "the exact sum of the priced lines")
        for key, order, computed in (("by_category", CATEGORIES, by_cat),
                                     ("by_phase", PHASES, by_phase)):
            field = key.split("_")[1]
            rows = objects(totals, "totals", key, [field, "amount"])
            want = [k for k in order if k in computed]
            found = [one_of(r, p, field, order, field) for p, r in rows]
            if found != want:
                raise Mismatch(f"totals.{key}", ", ".join(want) or "nothing",
                               ", ".join(found) or "nothing",
                               "one entry per " + ("category with lines or declared none"
                                                   if field == "category" else
                                                   "phase with priced lines") + ", in order")
            for (p, r), k in zip(rows, found):
                expect(at(p, "amount"), computed[k], dec(r, p, "amount"), f"the {field} '{k}'")
        expect("totals.useful", useful, dec(totals, "totals", "useful"),
               "the work phases: " + " + ".join(p for p in PHASES if p in USEFUL_PHASES))
        expect("totals.overhead", overhead, dec(totals, "totals", "overhead"),
               "the overhead phases: " + " + ".join(p for p in PHASES if p not in USEFUL_PHASES))
        self.total = total
        # The compute subtotal, or None when no compute line is priced.
        priced_compute = [a for (_, l), a in zip(self.lines, self.amounts)
                          if l["category"] == "compute" and a is not None]
        self.compute = sum(priced_compute, Fraction(0)) if priced_compute else None
        self.any_priced = any(a is not None for a in self.amounts)

    def check_figures(self):
        """Each figure of a workload names a value of the report (recomputed with the
        derivations), once per workload and name."""
        seen = {}
        for i, (path, f) in enumerate(objects(self.doc, "", "figures",
                                              ["workload", "what", "value"], "a figure")):
            key = (nonempty(f, path, "workload"), nonempty(f, path, "what"))
            name = text(f, path, "value")
            if name not in self.values:
                raise Mismatch(at(path, "value"), "an input or a derivation of the report",
                               f"'{name}'")
            if key in seen:
                raise Mismatch(path, "a figure stated once per workload",
                               f"a repeat of figures[{seen[key]}]")
            seen[key] = i

    def check_work(self, w):
        """Cost per unit of work: total x per / work and compute x per / work, half-even at 18."""
        kind = one_of(w, "work", "kind", list(WORK_QUOTES), "kind of work")
        per, unit = whole(w, "work", "per", 1), text(w, "work", "unit")
        if (per, unit) not in WORK_QUOTES[kind]:
            allowed = " or ".join(f"{p} in {u}" for p, u in WORK_QUOTES[kind])
            raise Mismatch("work", f"'{kind}' quoted per {allowed}", f"per {per} in {unit}")
        name = text(w, "work", "amount")
        if name not in self.values:
            raise Mismatch("work.amount", "an input or a derivation of the report", f"'{name}'")
        work = self.values[name]
        full = compute_only = None
        if work is not None and work > 0 and self.any_priced:
            full = round_places(self.total * per / work, "half-even")
            if self.compute is not None:
                compute_only = round_places(self.compute * per / work, "half-even")
        expect("work.full", full, dec_or_null(w, "work", "full"),
               f"round_half_even_18(totals.total * {per} / {name}) with {show(self.total)} * "
               f"{per} / {show(work)}")
        expect("work.compute_only", compute_only, dec_or_null(w, "work", "compute_only"),
               f"round_half_even_18(compute * {per} / {name}) with "
               f"{show(self.compute)} * {per} / {show(work)}")
        self.counts["sections"] += 1

    def check_categories(self):
        rows = objects(self.doc, "", "categories", ["category", "coverage", "justification"],
                       "a category entry")
        found = [one_of(r, p, "category", CATEGORIES, "category") for p, r in rows]
        if found != CATEGORIES:
            raise Mismatch("categories", ", ".join(CATEGORIES), ", ".join(found),
                           "the six categories of the formula, in order")
        with_lines = {l["category"] for _, l in self.lines}
        self.missing = []
        for (p, r), c in zip(rows, found):
            cov = one_of(r, p, "coverage", COVERAGES, "coverage")
            if (c in with_lines) != (cov == "lines"):
                raise Mismatch(at(p, "coverage"), "lines" if c in with_lines else
                               "declared-none, no-lines or missing", cov,
                               f"the report {'has' if c in with_lines else 'has no'} lines of '{c}'")
            if cov == "declared-none":
                nonempty(r, p, "justification")
            elif "justification" in r:
                raise Unreadable(at(p, "justification"), f"is not a member of a category entry "
                                 f"whose coverage is '{cov}' (only declared-none is justified)")
            if cov == "missing":
                self.missing.append(c)

    def check_status(self):
        """The status rules (docs/reports.md, 'The audit', 6): every reason they give, by status,
        and from version 4 by rule and category."""
        doc = self.doc
        want = {s: 0 for s in STATUSES}
        first = {}
        expected = []  # (rule, category or None, why), in the order the rules give them

        def reason(rule, category, why):
            status = REASON_RULES[rule]
            want[status] += 1
            first.setdefault(status, why)
            expected.append((rule, category, why))

        for (p, l), amount in zip(self.lines, self.amounts):
            if amount is None:
                reason("every-line-priced", None, f"line '{l['description']}' is unpriced")
        for c in self.missing:
            reason("every-category-accounted", c, f"category '{c}' is missing")
        oldest = self.as_of - datetime.timedelta(days=self.window)
        for p, e in objects(doc, "", "inputs"):
            if not e["known"]:
                continue  # reported with the line it leaves unpriced
            prov = e["provenance"]
            if prov["kind"] == "quoted" and parse_day(prov["consulted"], p) < oldest:
                reason("quotes-fresh", None, f"{e['name']} was consulted on {prov['consulted']}, "
                       f"before {oldest.isoformat()}")
            elif prov["kind"] == "third-party":
                reason("no-third-party", None, f"{e['name']} is third-party")
            elif prov["kind"] == "assumption":
                reason("no-assumption", None, f"{e['name']} is assumption")
        for p, u in objects(doc, "", "uncertainties", ["subject", "kind", "status", "owner",
                                                         "detail"], "a migration uncertainty"):
            for key in ("subject", "owner", "detail"):
                nonempty(u, p, key)
            one_of(u, p, "kind", UNCERTAINTY_KINDS, "uncertainty kind")
            if one_of(u, p, "status", ["open", "resolved"], "uncertainty status") == "open":
                reason("no-open-uncertainty", None,
                       f"migration uncertainty '{u['subject']}' is open")
        worst = next((s for s in reversed(STATUSES) if want[s]), "verified")
        status = one_of(doc, "", "status", STATUSES, "status")
        if status != worst:
            raise Mismatch("status", worst, status, first.get(worst, "no rule is broken"))
        with_rules = self.version >= REASONS_VERSION
        allowed = ("status", "rule", "category", "text") if with_rules else ("status", "text")
        got = {s: 0 for s in STATUSES}
        for p, r in objects(doc, "", "reasons"):
            for key in r:
                if key not in allowed:
                    raise Unreadable(at(p, key), f"is not a member of a reason in schema version "
                                     f"{self.version}" + (f" (a member of schema version "
                                                          f"{REASONS_VERSION})"
                                                          if key in ("rule", "category") else ""))
            got[one_of(r, p, "status", STATUSES, "status")] += 1
            text(r, p, "text")
            if with_rules:
                self.check_reason_rule(r, p, expected)
        if with_rules and expected:
            rule, category, why = expected[0]
            named = f"rule '{rule}'" + (f", category '{category}'" if category else "")
            raise Mismatch("reasons", f"a reason of {named}", "none", why)
        for s in reversed(STATUSES):
            if got[s] != want[s]:
                raise Mismatch("reasons", f"{want[s]} '{s}' reason(s)", got[s],
                               first.get(s, "the status rules give none"))
        statuses = [r["status"] for r in doc["reasons"]]
        ranked = sorted(statuses, key=STATUSES.index, reverse=True)
        if statuses != ranked:
            raise Mismatch("reasons", "worst first: " + ", ".join(ranked), ", ".join(statuses))

    def check_reason_rule(self, r, p, expected):
        """One reason's rule and category (version 4): a rule that gives a reason, the status it
        gives, a category for every-category-accounted only, and one of the reasons the rules give
        (removed from `expected` once matched)."""
        rule = one_of(r, p, "rule", list(REASON_RULES) + REFUSING_RULES, "rule of verified")
        if rule in REFUSING_RULES:
            raise Mismatch(at(p, "rule"), "a rule that gives a reason", f"'{rule}'",
                           "it refuses the input instead")
        expect(at(p, "status"), REASON_RULES[rule], r["status"], f"the status rule '{rule}' gives")
        if rule == "every-category-accounted":
            if "category" not in r:
                raise Mismatch(at(p, "category"), "the category the rule is about", "none")
            category = one_of(r, p, "category", CATEGORIES, "category")
        elif "category" in r:
            raise Mismatch(at(p, "category"), "none", f"'{r['category']}'",
                           f"rule '{rule}' is not about a category")
        else:
            category = None
        for i, (want_rule, want_category, _) in enumerate(expected):
            if want_rule == rule and want_category == category:
                del expected[i]
                return
        if any(want_rule == rule for want_rule, _, _ in expected):
            raise Mismatch(at(p, "category"), " or ".join(f"'{c}'" for w, c, _ in expected
                                                        if w == rule), f"'{category}'",
                           f"the categories rule '{rule}' is broken for")
        raise Mismatch(at(p, "rule"), "a rule the status rules give", f"'{rule}'",
                       "no (more) reason of it")

    # ----- What the report means, beyond its arithmetic: units, runs and identities.

    def check_units(self):
        """The unit of every derivation follows from its operands' units and its operation, and
        every line's price times its quantity is money with the line's factor (docs/reports.md,
        "Units")."""
        units = {}
        for path, e in objects(self.doc, "", "inputs"):
            units[e["name"]] = self.unit_of(e, path)
        for path, d in objects(self.doc, "", "derivations"):
            r = units[d["name"]] = self.unit_of(d, path)
            try:
                self.check_derived_unit(path, d, r, [units[n] for n in d["operands"]])
            except ScaleRange:
                raise Mismatch(at(path, "unit"), "a unit whose scale can be checked", d["unit"],
                               "the scale of its operands' units is out of range") from None
        usd = Unit({"USD": 1}, 1)
        for path, l in self.lines:
            try:
                money = as_money(units[l["price"]].times(units[l["quantity"]]), usd, l["num"],
                                 l["den"])
            except ScaleRange:
                money = False
            if not money:
                raise Mismatch(path, f"a price times a quantity that is USD x {l['num']}/"
                               f"{l['den']}", f"{self.symbols[l['price']]} x "
                               f"{self.symbols[l['quantity']]}",
                               "a line is money: price x quantity x num / den (a month is 730 h)")

    def check_derived_unit(self, path, d, r, args):
        """One derivation's unit against its operation and its operands' units."""
        op, names = d["op"], d["operands"]
        where = at(path, "unit")
        if op in ("add", "sub", "max", "min", "median"):
            for j, a in enumerate(args):
                if a != args[0]:
                    raise Mismatch(at(at(path, "operands"), j), f"an operand in "
                                   f"{self.symbols[names[0]]} (as '{names[0]}')",
                                   f"'{names[j]}' in {self.symbols[names[j]]}",
                                   f"{op} takes operands of one unit")
            want = args[0]
        elif op in ("mul", "div"):
            want = args[0].times(args[1], 1 if op == "mul" else -1)
        elif op in ("scale", "band", "ceil_to"):
            want = args[0]
        elif op in ("convert", "rescale"):
            a, num, den = args[0], d["num"], d["den"]
            per_job = r.exps == a.times(Unit({"job": 1}, 1), -1).exps and num == den
            if a.exps != r.exps and not per_job:
                raise Mismatch(where, f"a unit of the dimension of {self.symbols[names[0]]}",
                               d["unit"], f"convert changes the unit, not the dimension")
            if a.times(r, -1).scale != Fraction(num, den):
                raise Mismatch(where, f"a unit {show(Fraction(num, den))} of "
                               f"{self.symbols[names[0]]} (convert {num}/{den})", d["unit"],
                               "one of the operand's unit is num / den of the result's")
            return
        else:  # charge: price x usage x num / den
            if not as_money(args[0].times(args[1]), r, d["num"], d["den"]):
                raise Mismatch(where, f"the unit of {self.symbols[names[0]]} x "
                               f"{self.symbols[names[1]]} x {d['num']}/{d['den']}", d["unit"],
                               "a charge is its price times its usage, with its factor")
            return
        if r != want:
            raise Mismatch(where, f"{want} (from the operands' units)", d["unit"],
                           f"{op} of " + ", ".join(f"{n} in {self.symbols[n]}"
                                                   for n in names))

    def unit_of(self, e, path):
        u = parse_unit(e["unit"])
        if u is None:
            raise Mismatch(at(path, "unit"), "a unit trncost writes (docs/reports.md, 'Units')",
                           f"'{e['unit']}'", "an unknown unit symbol cannot be checked")
        self.symbols = getattr(self, "symbols", {})
        self.symbols[e["name"]] = f"'{e['unit']}'"
        return u

    def check_runs(self):
        """The rule "protocol-runs": each run archived once; from version 5 every archived run is
        one a measurement names, and every measurement that says where it ran names archived runs
        of that instance type and region."""
        seen = {}
        for rp, run in self.runs:
            if run["run_id"] in seen:
                raise Mismatch(at(rp, "run_id"), "each run once", f"'{run['run_id']}' again",
                               f"protocol-runs: first at {seen[run['run_id']][0]}")
            seen[run["run_id"]] = (rp, run)
        if self.version < IDENTITY_VERSION:
            return
        named = set()
        for path, e in objects(self.doc, "", "inputs"):
            p = e["provenance"]
            if p["kind"] != "measured":
                continue
            ids = p["run_id"].split(",")
            named.update(ids)
            if not p["instance_type"]:
                continue
            for run_id in ids:
                if run_id not in seen:
                    raise Mismatch(at(at(path, "provenance"), "run_id"), "runs the protocol "
                                   "archives", f"'{run_id}'", "protocol-runs: a measurement that "
                                   "says where it ran names its runs")
                rp, run = seen[run_id]
                for key in ("instance_type", "region"):
                    if p[key] and run[key] and p[key] != run[key]:
                        raise Mismatch(at(at(path, "provenance"), key), f"'{run[key]}' (as "
                                       f"{rp} '{run_id}')", f"'{p[key]}'", "protocol-runs")
        for rp, run in self.runs:
            if run["run_id"] not in named:
                raise Mismatch(at(rp, "run_id"), "a run a measured input names",
                               f"'{run['run_id']}'", "protocol-runs: the protocol archives the "
                               "runs the measurements come from")

    def check_identities(self):
        """The rule "identity-consistent" (version 5): every quote a line's price comes from, and
        every measurement its price or quantity comes from, agrees with the line's identity."""
        inputs = objects(self.doc, "", "inputs")
        for path, l in self.lines:
            ident = l["identity"]
            price = self.leaves[l["price"]]
            used = price | self.leaves[l["quantity"]]
            for ip, e in inputs:
                p = e["provenance"]
                if p["kind"] == "quoted" and e["name"] in price:
                    # A purchase option is a price's: a quoted quantity (a Capacity Block's
                    # length) has none to compare.
                    pairs = [("service", p["offer_code"] if p["offer_code"] in SERVICE_CODES
                              else None),
                             ("region", p["region"]),
                             ("instance_type", p["instance_type"]),
                             ("usage_type", p["usage_type"]),
                             ("purchase_option", p["purchase_option"]
                              if e["unit"].startswith("USD") else None)]
                elif p["kind"] == "measured" and e["name"] in used:
                    pairs = [("region", p["region"]), ("instance_type", p["instance_type"])]
                else:
                    continue
                for key, value in pairs:
                    if key == "service" and ident.get("offer"):
                        key = "offer"  # priced by another offer than its billing service's
                    if not value or ident[key] is None or ident[key] == value:
                        continue
                    # A price list writes a region prefix before a usage type the line names
                    # without it: "USE1-DataTransfer-Regional-Bytes" is "DataTransfer-Regional-Bytes".
                    if key == "usage_type" and value.endswith("-" + ident[key]) and \
                            re.fullmatch(r"[A-Z0-9]{2,}", value[:-len(ident[key]) - 1]):
                        continue
                    raise Mismatch(at(at(path, "identity"), key), f"'{value}' (as {p['kind']} "
                                   f"input '{e['name']}', {ip})", f"'{ident[key]}'",
                                   "identity-consistent: the inputs a line uses agree with what "
                                   "the line is")

    # ----- The archived protocol: what it states is read, and checked against the report.

    def check_protocol(self, p):
        """What ran and what wrote the report: read, and its date and window the report's own."""
        path = "protocol"
        for key in p:
            if key not in ("trncost_version", "as_of", "freshness_window_days", "runs"):
                raise Unreadable(at(path, key), "is not a member of the protocol")
        text(p, path, "trncost_version")
        # Read, not recomputed: a protocol of another date or window is not this report's.
        if day(p, path, "as_of") != self.as_of:
            raise Unreadable("protocol.as_of", f"is not the report's as_of {self.as_of}")
        if whole(p, path, "freshness_window_days", 0) != self.window:
            raise Unreadable("protocol.freshness_window_days", "is not the report's "
                             f"freshness_window_days {self.window}")
        run_members = RUN_MEMBERS + (["instance_type", "region"]
                                     if self.version >= IDENTITY_VERSION else [])
        for rp, run in objects(p, path, "runs", run_members,
                               f"a protocol run in schema version {self.version}"):
            text(run, rp, "run_id")
            for key in ("model", "code_version", "dataset_id") + tuple(run_members[6:]):
                text(run, rp, key)
            self.runs.append((rp, run))
            for key, first, second in (("parameters", "name", "value"),
                                       ("software_stack", "component", "version")):
                for pp, item in objects(run, rp, key, [first, second]):
                    text(item, pp, first)
                    text(item, pp, second)
        self.counts["sections"] += 1

    # ----- Analysis (schema version 2): what the report alone lets one recompute.

    def check_analysis(self, a):
        for key in a:
            if key not in ANALYSIS_PARTS:
                raise Unreadable(at("analysis", key), "is not a part of the analysis section "
                                 "this verifier knows (" + ", ".join(ANALYSIS_PARTS) + ")")
        if "tornado" in a:
            check_tornado(obj_at(a, "analysis", "tornado"), "analysis.tornado")
        if "scenarios" in a:
            check_scenarios(obj_at(a, "analysis", "scenarios"), "analysis.scenarios")
        if "monte_carlo" in a:
            check_monte_carlo(obj_at(a, "analysis", "monte_carlo"), "analysis.monte_carlo")
        if "comparison" in a:
            check_comparison(obj_at(a, "analysis", "comparison"), "analysis.comparison")
        if "decision" in a:
            check_decision(obj_at(a, "analysis", "decision"), "analysis.decision")
        self.counts["sections"] += len(a)


def check_tornado(t, path):
    closed(t, path, ["baseline_total", "observed", "assumptions"], "the tornado")
    dec(t, path, "baseline_total")
    for group in ("observed", "assumptions"):
        previous = None
        for p, b in objects(t, path, group, BAR_MEMBERS, "a tornado bar"):
            name = text(b, p, "input")
            for key in ("kind", "basis"):
                text(b, p, key)
            for key in ("baseline_value", "low", "high"):
                dec(b, p, key)
            swing = abs(dec(b, p, "total_at_high") - dec(b, p, "total_at_low"))
            expect(at(p, "swing"), swing, dec(b, p, "swing"), "|total_at_high - total_at_low|")
            if previous is not None:
                prev_swing, prev_name = previous
                if swing > prev_swing or (swing == prev_swing and name < prev_name):
                    raise Mismatch(p, f"a bar after '{name}'", f"'{name}' after '{prev_name}'",
                                   "bars are sorted by swing, largest first, ties by input name")
            previous = (swing, name)


def check_scenarios(t, path):
    closed(t, path, ["lines", "scenarios"], "the scenarios")
    names = []
    for p, l in objects(t, path, "lines", ["name", "category"]):
        names.append(text(l, p, "name"))
        one_of(l, p, "category", CATEGORIES, "category")
    rows = objects(t, path, "scenarios", ["name", "overrides", "total", "gap", "by_category",
                                          "lines", "parts", "interaction"], "a scenario")
    if not rows or rows[0][1].get("name") != "measured":
        raise Mismatch(at(path, "scenarios") + "[0].name", "'measured'",
                       f"'{rows[0][1].get('name')}'" if rows else "no scenario")
    base = dec(rows[0][1], rows[0][0], "total")
    for p, s in rows:
        text(s, p, "name")
        total = dec(s, p, "total")
        gap = dec(s, p, "gap")
        expect(at(p, "gap"), total - base, gap, "total - the measured total")
        for op, o in objects(s, p, "overrides", ["input", "value", "rationale"]):
            text(o, op, "input")
            dec(o, op, "value")
            text(o, op, "rationale")
        parts = Fraction(0)
        for pp, part in objects(s, p, "parts", ["input", "from", "to", "effect"]):
            text(part, pp, "input")
            dec(part, pp, "from")
            dec(part, pp, "to")
            parts += dec(part, pp, "effect")
        interaction = dec(s, p, "interaction")
        expect(at(p, "gap"), parts + interaction, gap, "the parts' effects + the interaction")
        for cp, c in objects(s, p, "by_category", ["category", "amount"]):
            one_of(c, cp, "category", CATEGORIES, "category")
            dec(c, cp, "amount")
        amounts = arr(s, p, "lines")
        if amounts:
            if len(amounts) != len(names):
                raise Mismatch(at(p, "lines"), f"{len(names)} amounts", len(amounts),
                               "one per line of the table")
            total_lines = Fraction(0)
            for i, v in enumerate(amounts):
                if v is None:
                    continue
                if not isinstance(v, str):
                    raise Unreadable(at(at(p, "lines"), i), "is neither a decimal string nor null")
                total_lines += parse_decimal(v, at(at(p, "lines"), i))
            expect(at(p, "total"), total_lines, total, "the sum of its lines")


def check_monte_carlo(m, path):
    closed(m, path, ["samples", "seed", "format", "baseline", "mean", "min", "p5", "p50", "p95",
                     "max", "p_over_budget", "varied", "correlations"], "the Monte Carlo band")
    whole(m, path, "samples", 0)
    whole(m, path, "seed", 0)
    text(m, path, "format")
    strings(m, path, "varied")
    if "correlations" in m:  # only when inputs were drawn together: text, as the C++ audit reads it
        strings(m, path, "correlations")
    dec(m, path, "baseline")
    v = {k: dec(m, path, k) for k in ("min", "p5", "p50", "p95", "max", "mean")}
    order = ["min", "p5", "p50", "p95", "max"]
    for lo, hi in zip(order, order[1:]):
        if v[hi] < v[lo]:
            raise Mismatch(at(path, hi), f"at least {lo} {show(v[lo])}", show(v[hi]),
                           "min <= p5 <= p50 <= p95 <= max")
    if not v["min"] <= v["mean"] <= v["max"]:
        raise Mismatch(at(path, "mean"), f"between {show(v['min'])} and {show(v['max'])}",
                       show(v["mean"]))
    p = dec_or_null(m, path, "p_over_budget")
    if p is not None and not 0 <= p <= 1:
        raise Mismatch(at(path, "p_over_budget"), "a probability in [0, 1]", show(p))


def check_comparison(c, path):
    closed(c, path, ["groups"], "the comparison")
    for gp, g in objects(c, path, "groups", ["dataset_id", "metric", "target", "direction",
                                             "differences", "ranked", "apart"],
                         "a comparison group"):
        for key in ("dataset_id", "metric"):
            text(g, gp, key)
        dec(g, gp, "target")
        one_of(g, gp, "direction", ["lower is better", "higher is better"], "direction")
        strings(g, gp, "differences")
        ranked = objects(g, gp, "ranked", RANKED_MEMBERS, "a ranked option")
        # Per unit of work when every ranked option gives its work (a study), else by cost.
        per_work = bool(ranked) and all("work" in r for _, r in ranked)
        costs = []
        for p, r in ranked:
            cost = dec(r, p, "cost")
            if per_work:
                work = dec(r, p, "work")
                if work <= 0:
                    raise Mismatch(at(p, "work"), "work above 0", show(work))
                cost = round_places(cost / work, "half-even")
                expect(at(p, "cost_per_work"), cost, dec(r, p, "cost_per_work"),
                       "cost / work (half-even at 18 fractional digits)")
            elif "cost_per_work" in r:
                raise Mismatch(at(p, "cost_per_work"), "none", r["cost_per_work"],
                               "given while another option of the group has no work")
            costs.append(cost)
        by = "cost per unit of work" if per_work else "cost"
        for i, (p, r) in enumerate(ranked):
            text(r, p, "name")
            text(r, p, "stack")
            dec_or_null(r, p, "seconds")
            dec_or_null(r, p, "time_ratio")
            if r.get("time_rank") is not None:
                whole(r, p, "time_rank", 1)
            expect(at(p, "cost_rank"), i + 1, whole(r, p, "cost_rank"), f"its place by {by}")
            if i and costs[i] < costs[i - 1]:
                raise Mismatch(at(p, "cost_per_work" if per_work else "cost"),
                               f"at least {show(costs[i - 1])}", show(costs[i]),
                               f"ranked options come cheapest first by {by}")
            ratio = Fraction(1) if costs[0] == 0 else round_places(costs[i] / costs[0], "half-even")
            expect(at(p, "cost_ratio"), ratio, dec(r, p, "cost_ratio"), f"{by} / the cheapest")
        for p, a in objects(g, gp, "apart", ["name", "reason"]):
            text(a, p, "name")
            text(a, p, "reason")


def check_decision(d, path):
    closed(d, path, ["outcome", "suspend_reasons", "compare_reasons", "continue_reasons"],
           "the decision")
    reasons = {k: strings(d, path, k + "_reasons") for k in ("suspend", "compare", "continue")}
    want = "suspend" if reasons["suspend"] else \
        "compare another option" if reasons["compare"] else "continue"
    outcome = one_of(d, path, "outcome", OUTCOMES, "outcome")
    if outcome != want:
        raise Mismatch(at(path, "outcome"), want, outcome,
                       "suspend if any suspend reason, else compare if any compare reason")


def check_credits(b, path):
    grants = objects(b, path, "grants", GRANT_MEMBERS, "a grant's outcome")
    names = [text(g, p, "name") for p, g in grants]
    amount = [dec(g, p, "amount") for p, g in grants]
    wasted = [dec_or_null(g, p, "wasted_at_expiry") for p, g in grants]
    for p, g in grants:
        day_or_null(g, p, "exhausted_on")
        dec(g, p, "balance_at_end")
        dec(g, p, "unused_at_schedule_end")
    day_or_null(b, path, "runway")
    dec(b, path, "total_wasted")
    strings(b, path, "findings")
    lines = []
    for p, l in objects(b, path, "credit_lines", ["start", "end", "grant", "category", "amount",
                                                  "service"], "a credit line"):
        entry = (p, day(l, p, "start"), day(l, p, "end"), text(l, p, "grant"), dec(l, p, "amount"))
        one_of(l, p, "category", CATEGORIES, "category")
        if entry[4] >= 0:
            raise Mismatch(at(p, "amount"), "a negative amount", show(entry[4]),
                           "a credit line takes off the bill")
        if entry[3] not in names:
            raise Mismatch(at(p, "grant"), "a grant of the report", f"'{entry[3]}'")
        lines.append(entry)
    balance = list(amount)
    expired = [False] * len(names)
    used_by_grant = [Fraction(0)] * len(names)
    placed = set()
    sums = {"spend": Fraction(0), "credits_used": Fraction(0), "uncovered": Fraction(0)}
    for p, per in objects(b, path, "periods", PERIOD_MEMBERS, "a period of the burn-down"):
        start, end = day(per, p, "start"), day(per, p, "end")
        spend, used, uncovered = (dec(per, p, k) for k in ("spend", "credits_used", "uncovered"))
        expect(at(p, "spend"), used + uncovered, spend, "credits used + uncovered")
        by_reason = Fraction(0)
        for rp, r in objects(per, p, "uncovered_by_reason", ["reason", "amount"]):
            one_of(r, rp, "reason", UNCOVERED_REASONS, "reason")
            by_reason += dec(r, rp, "amount")
        expect(at(p, "uncovered"), by_reason, uncovered, "the sum of uncovered_by_reason")
        after = arr(per, p, "balance_after")
        if len(after) != len(names):
            raise Mismatch(at(p, "balance_after"), f"{len(names)} balances", len(after),
                           "one per grant")
        after = [parse_decimal(v if isinstance(v, str) else "?", at(at(p, "balance_after"), i))
                 for i, v in enumerate(after)]
        in_period = [0] * len(names)
        lines_sum = Fraction(0)
        for lp, ls, le, grant, amt in lines:
            if not start <= ls < end:
                continue
            if le > end:
                raise Mismatch(at(lp, "end"), f"at most the period's end {end}", le.isoformat())
            placed.add(lp)
            k = names.index(grant)
            in_period[k] -= amt
            used_by_grant[k] -= amt
            lines_sum += amt
        expect(at(p, "credits_used"), -lines_sum, used, "minus the credit lines in the period")
        for k in range(len(names)):
            left = balance[k] - in_period[k]
            expiry = not expired[k] and after[k] == 0 and wasted[k] is not None and \
                wasted[k] == left
            if after[k] != left and not expiry:
                raise Mismatch(at(at(p, "balance_after"), k), show(left), show(after[k]),
                               f"'{names[k]}': the balance before less its credit lines")
            if expiry and left != 0:
                expired[k] = True
            balance[k] = after[k]
        for key, v in (("spend", spend), ("credits_used", used), ("uncovered", uncovered)):
            sums[key] += v
    for lp, *_ in lines:
        if lp not in placed:
            raise Mismatch(lp, "a credit line inside a period", "none holds it")
    for (p, g), k in zip(grants, range(len(names))):
        expect(at(p, "used"), used_by_grant[k], dec(g, p, "used"), "minus its credit lines")
    for key, part in (("total_spend", "spend"), ("total_credits", "credits_used"),
                      ("total_uncovered", "uncovered")):
        expect(at(path, key), sums[part], dec(b, path, key), f"the periods' {part}")
    check_runway(b, path, grants, names, wasted, balance, expired,
                 end if objects(b, path, "periods") else None)


def next_month_start(d):
    return datetime.date(d.year + (d.month == 12), d.month % 12 + 1, 1)


def check_runway(b, path, grants, names, wasted, balance, expired, schedule_end):
    """The grants' stops, the runway, the losses at expiry and the projection after the schedule."""
    n = len(names)
    last_day, runs_out, lost, exhausted = [], [], [], []
    for p, g in grants:
        last_day.append(day(g, p, "last_valid_day"))
        runs_out.append(day_or_null(g, p, "runs_out_on"))
        lost.append(dec(g, p, "lost_at_expiry"))
        exhausted.append(day_or_null(g, p, "exhausted_on"))
    # Only a grant the spend can draw on sets the runway. One that paid something, or that a usage
    # charge of the rate bills a service of, is usable; a report written before grants said so
    # counts every grant.
    rate_services = set()
    pr0 = b.get("projection") if isinstance(b.get("projection"), dict) else {}
    rate0 = pr0.get("rate") if isinstance(pr0.get("rate"), dict) else {}
    for c in rate0.get("charges", []) if isinstance(rate0.get("charges"), list) else []:
        if isinstance(c, dict) and c.get("kind") == "usage" and isinstance(c.get("service"), str) \
                and parse_decimal(c.get("amount") if isinstance(c.get("amount"), str) else "?",
                                  at(path, "projection.rate")) != 0:
            rate_services.add(c["service"])
    usable = []
    for k, (p, g) in enumerate(grants):
        services = strings(g, p, "services") if "services" in g else []
        ok = member(g, p, "usable", bool, "true or false") if "usable" in g else True
        drawn = dec(g, p, "used") != 0 or runs_out[k] is not None or \
            any(sv in rate_services for sv in services)
        if drawn and not ok:
            raise Mismatch(at(p, "usable"), "true", "false",
                           "the spend draws on it: it paid something or the rate bills a "
                           "service it covers")
        usable.append(ok)
    runway = None
    for k, (p, g) in enumerate(grants):
        if runs_out[k] is not None and lost[k] != 0:
            raise Mismatch(p, "a grant that runs out or loses a balance at expiry",
                           f"runs out on {runs_out[k]} and loses {show(lost[k])}")
        if exhausted[k] is not None and runs_out[k] != exhausted[k]:
            raise Mismatch(at(p, "runs_out_on"), exhausted[k].isoformat(),
                           runs_out[k].isoformat() if runs_out[k] else "null",
                           "a grant exhausted in the schedule runs out that day")
        if wasted[k] is not None and lost[k] != wasted[k]:
            raise Mismatch(at(p, "lost_at_expiry"), show(wasted[k]), show(lost[k]),
                           "a grant that expired in the schedule loses its waste there")
        if not usable[k]:
            continue
        stop = runs_out[k] or last_day[k] + datetime.timedelta(days=1)
        runway = stop if runway is None or stop > runway else runway
    expect(at(path, "runway"), runway, day_or_null(b, path, "runway"),
           "the latest of each usable grant's runs_out_on or the day after its last_valid_day")
    total_lost = sum(lost, Fraction(0))
    expect(at(path, "total_lost_at_expiry"), total_lost, dec(b, path, "total_lost_at_expiry"),
           "the grants' lost_at_expiry")
    total_wasted = sum((w for w in wasted if w is not None), Fraction(0))
    expect(at(path, "total_wasted"), total_wasted, dec(b, path, "total_wasted"),
           "the grants' wasted_at_expiry")

    # The projection: from the schedule's end, one period to each next 1st of a month, each charge
    # of the rate for the whole month (rate.days 0) or prorated days / rate.days (half-even at 18).
    pr = obj_at(b, path, "projection", ["rate", "periods"], "the projection")
    ppath = at(path, "projection")
    rate = obj_at(pr, ppath, "rate", ["days", "charges"], "the projection's rate")
    rate_days = whole(rate, at(ppath, "rate"), "days", 0)
    charges = []
    for cp, c in objects(rate, at(ppath, "rate"), "charges", ["category", "service", "kind",
                                                              "amount"], "a charge"):
        one_of(c, cp, "category", CATEGORIES, "category")
        one_of(c, cp, "kind", CHARGE_KINDS, "charge kind")
        service = member(c, cp, "service", (str, type(None)), "an AWS service or null")
        amt = dec(c, cp, "amount")
        if amt < 0:
            raise Mismatch(at(cp, "amount"), "a charge of 0 or more", show(amt))
        charges.append((service, amt))
    for k in range(n):
        if not expired[k] and wasted[k] is not None and wasted[k] != 0:
            balance[k] = Fraction(0)  # lost on the schedule's last day, after its last period
    frm = schedule_end
    emptied = [False] * n
    drawn = [False] * n
    for p, per in objects(pr, ppath, "periods", PERIOD_MEMBERS, "a projected period"):
        start, end = day(per, p, "start"), day(per, p, "end")
        if frm is not None and start != frm:
            raise Mismatch(at(p, "start"), frm.isoformat(), start.isoformat(),
                           "a projected period starts where the previous one ends")
        expect(at(p, "end"), next_month_start(start), end, "the next 1st of a month")
        frm = end
        span = (end - start).days
        parts = [(sv, a if rate_days == 0 else round_places(a * span / rate_days, "half-even"))
                 for sv, a in charges]
        spend, used, uncovered = (dec(per, p, k) for k in ("spend", "credits_used", "uncovered"))
        expect(at(p, "spend"), sum((a for _, a in parts), Fraction(0)), spend,
               f"the rate's charges for {span} day(s)" +
               ("" if rate_days == 0 else f" of every {rate_days}"))
        expect(at(p, "uncovered"), spend - used, uncovered, "spend - credits used")
        reasons = {}
        for rp, r in objects(per, p, "uncovered_by_reason", ["reason", "amount"]):
            reason = one_of(r, rp, "reason", UNCOVERED_REASONS, "reason")
            reasons[reason] = reasons.get(reason, Fraction(0)) + dec(r, rp, "amount")
        expect(at(p, "uncovered"), sum(reasons.values(), Fraction(0)), uncovered,
               "the sum of uncovered_by_reason")
        unknown = sum((a for sv, a in parts if sv is None), Fraction(0))
        expect(at(p, "uncovered_by_reason"), unknown, reasons.get("service unknown", Fraction(0)),
               "'service unknown': the rate's charges with no service (no grant covers them)")
        after = arr(per, p, "balance_after")
        if len(after) != n:
            raise Mismatch(at(p, "balance_after"), f"{n} balances", len(after), "one per grant")
        after = [parse_decimal(v if isinstance(v, str) else "?", at(at(p, "balance_after"), i))
                 for i, v in enumerate(after)]
        fell = lost_here = Fraction(0)
        for k in range(n):
            bp = at(at(p, "balance_after"), k)
            if after[k] > balance[k]:
                raise Mismatch(bp, f"at most {show(balance[k])}", show(after[k]),
                               f"'{names[k]}': a balance never rises")
            fell += balance[k] - after[k]
            drawn[k] = drawn[k] or (after[k] < balance[k] and last_day[k] >= end)
            if balance[k] != 0 and after[k] == 0 and runs_out[k] is None and last_day[k] < end:
                lost_here += lost[k]
            if balance[k] != 0 and after[k] == 0 and last_day[k] >= end:
                # Emptied while still valid: the grant ran out in this period.
                if runs_out[k] is None or exhausted[k] is not None:
                    raise Mismatch(at(grants[k][0], "runs_out_on"), f"a day from {start} to {end}",
                                   runs_out[k].isoformat() if runs_out[k] else "null",
                                   f"'{names[k]}': its balance empties in {p} before its last "
                                   "valid day")
                emptied[k] = True
                check_runs_out(grants[k][0], names[k], runs_out[k], balance[k], start, span,
                               used if n == 1 else None,
                               reasons.get("balance exhausted", Fraction(0)), spend - unknown,
                               set(reasons) & {"before the grant was issued", "grant expired"})
            balance[k] = after[k]
        expect(at(p, "credits_used"), fell - lost_here, used,
               "what the balances fell by, less the losses at expiry in the period")
    for k, (p, g) in enumerate(grants):
        if drawn[k] and balance[k] != 0 and (frm is None or last_day[k] >= frm):
            raise Mismatch(at(ppath, "periods"), f"a period after {frm}", "none",
                           f"'{names[k]}' still has {show(balance[k])} the rate draws on")
        if runs_out[k] is not None and exhausted[k] is None and not emptied[k]:
            raise Mismatch(at(p, "runs_out_on"), "null (no projected period empties it)",
                           runs_out[k].isoformat(), f"'{names[k]}'")
        if balance[k] != 0 and runs_out[k] is None and wasted[k] is None:
            # Never drawn by the rate again: the balance waits whole for its last valid day.
            expect(at(p, "lost_at_expiry"), balance[k], lost[k],
                   "the balance left after the projection, lost at its last valid day")


def check_runs_out(gpath, name, found, before, start, span, used, exhausted, drawable, cuts):
    """The day a projected balance runs out: start + floor(before x days / eligible), eligible being
    the charges the grant could pay in the period. With one grant and no cut in the period,
    eligible = credits used + 'balance exhausted'; otherwise only bounds: eligible lies between the
    balance and the spend of known services."""
    where = at(gpath, "runs_out_on")
    if used is not None and not cuts:
        eligible = used + exhausted
        lasted = min(span, math.floor(before * span / eligible))
        expect(where, start + datetime.timedelta(days=lasted), found,
               f"'{name}': {start} + floor({show(before)} x {span} / {show(eligible)}) days, "
               "eligible = credits used + balance exhausted")
        return
    low = start + datetime.timedelta(days=min(span, math.floor(before * span / drawable))) \
        if drawable > 0 else start
    high = start + datetime.timedelta(days=span)
    if not low <= found <= high:
        raise Mismatch(where, f"a day from {low} to {high}", found.isoformat(),
                       f"'{name}': runs out within the projected period it empties in")


# ------------------------------------------------------------------------------------------------
# A study (schema trncost.study): each option's report verified as a report is, then the comparison
# against those totals and works, the protocol rule, the decisions' reasons, the study's decision.

STUDY_SCHEMA = "trncost.study"
STUDY_NEWEST_VERSION = 1
STUDY_MEMBERS = ["schema", "schema_version", "title", "study_file", "work_unit", "options",
                 "decided_for", "analysis"]
OPTION_MEMBERS = ["name", "title", "work", "report", "regions"]
REGION_MEMBERS = ["region", "report", "work", "cost_per_work", "why_not"]
BREAK_EVEN_MEMBERS = ["hosted", "api", "component", "unit", "baseline", "demand", "peak",
                      "hosted_total", "api_total", "hosted_at_baseline", "api_at_baseline",
                      "stepwise", "bound", "windows", "credits", "windows_after_credits"]
CASH_RANK_MEMBERS = ["name", "rank", "list_rank", "total", "credits", "cash", "lost_at_expiry",
                     "work", "cash_per_work", "paid_by"]


def paid_by_text(paid):
    """"'G' pays 30000.00 and 'H' pays 5.00", or "no grant pays it" (the C++ paid_by_text)."""
    if not paid:
        return "no grant pays it"
    return " and ".join(f"'{g}' pays {fixed2(a)}" for g, a in paid)


def credit_effect(ranked):
    """The sentence on how the ranking by cash differs from the one by list total."""
    by_cash = ranked[0]
    by_list = next((k for k in ranked if k["list_rank"] == 1), by_cash)
    if by_cash["name"] == by_list["name"]:
        return (f"credits do not change the first option: '{by_cash['name']}' ranks first by "
                f"list total ({fixed2(by_cash['total'])} USD) and by cash paid after credits "
                f"({fixed2(by_cash['cash'])} USD; {paid_by_text(by_cash['paid_by'])})")
    return (f"credits change the first option: by cash paid after credits, '{by_cash['name']}' "
            f"ranks first ({fixed2(by_cash['cash'])} USD: {paid_by_text(by_cash['paid_by'])} of "
            f"its {fixed2(by_cash['total'])} USD list total); by list total, '{by_list['name']}' "
            f"ranks first ({fixed2(by_list['total'])} USD, {fixed2(by_list['cash'])} USD in cash: "
            f"{paid_by_text(by_list['paid_by'])})")


def input_value(report, name):
    """A known input's value in a (verified) report, or None."""
    for e in report["inputs"]:
        if e["name"] == name and e["known"]:
            return parse_decimal(e["value"], name)
    return None


def total_with(report, overrides):
    """A verified report's total recomputed with some inputs replaced, as the C++ recompute()."""
    values = {}
    for e in report["inputs"]:
        values[e["name"]] = parse_decimal(e["value"], e["name"]) if e["known"] else None
        if e["name"] in overrides:
            values[e["name"]] = overrides[e["name"]]
    for i, d in enumerate(report["derivations"]):
        args = [values[o] for o in d["operands"]]
        values[d["name"]] = None if any(x is None for x in args) else \
            operation(d["op"], d, args, f"derivations[{i}]")
    total = Fraction(0)
    for l in report["lines"]:
        price, quantity = values[l["price"]], values[l["quantity"]]
        if price is not None and quantity is not None:
            total += round_places(price * quantity * l["num"] / l["den"], "half-even")
    return total


def steady_credits(report):
    """The credits an option can count on at any demand (the C++ report::steady_credits): the sum of
    its usable grants' amounts when no usable grant is lost inside the spend window and nothing is
    left uncovered but for an exhausted balance; 0 without credits; None otherwise."""
    c = report.get("credits")
    if c is None:
        return Fraction(0)
    g = Fraction(0)
    for e in c["grants"]:
        if not e.get("usable", True):
            continue
        if e["wasted_at_expiry"] is not None:
            return None
        g += parse_decimal(e["amount"], "credits.grants")
    for p in c["periods"]:
        for r in p["uncovered_by_reason"]:
            if r["reason"] != "balance exhausted" and parse_decimal(r["amount"], "reason") != 0:
                return None
    return g


def find_windows(hosted, api, component, baseline, bound, ch, ca):
    """The demand windows of a stepwise fleet against the API, each option's credits taken off its
    total (cash max(0, total - credits)), walked on the 10^-18 grid from 10^-6 token/s: each step
    of the fleet found by doubling then halving, the window of a step from the least demand where
    the API's cash reaches the step's; past `bound` only to find where hosting holds for good (at
    most 300 steps): a window merged into the step before, with the step as wide and as dear as
    the one before and dearer by no more than the API over its width."""
    avg, pk = component + ".average_tokens_per_s", component + ".peak_tokens_per_s"
    peak0 = input_value(hosted, pk)

    def at_demand(d):
        return Fraction(d, 10 ** PLACES)

    def h_at(n):
        d = at_demand(n)
        o = {avg: d}
        if peak0 is not None:
            o[pk] = round_places(round_places(peak0 * d, "half-even") / baseline, "half-even")
        return total_with(hosted, o)

    def a_at(n):
        return total_with(api, {avg: at_demand(n)})

    one = 10 ** PLACES
    a0 = a_at(0)
    slope = a_at(one) - a0
    out = []
    if slope <= 0:
        return out

    def trimmed():
        return [w for w in out if w[0] <= bound * one or w[1] is None]

    start = one // 10 ** 6
    b_prev, h = start - 1, h_at(start)
    width_prev = rise_prev = None
    last_ends_at_prev = False
    for _ in range(300):
        eq, w = b_prev + 1, width_prev if width_prev is not None else one
        ne = b_prev + w
        if width_prev is not None and h_at(ne) == h and h_at(ne + 1) != h:
            eq, ne = ne, ne + 1
        else:
            while h_at(ne) == h:
                eq, w = ne, w * 2
                ne = b_prev + w
                if ne > 10 ** 12 * one:
                    break
            if h_at(ne) == h:
                return trimmed()
            while ne - eq > 1:
                mid = eq + (ne - eq) // 2
                if h_at(mid) == h:
                    eq = mid
                else:
                    ne = mid
        b = eq
        frm = None
        if h <= ch:
            frm = b_prev + 1
        else:
            q = (h - ch + ca - a0) / slope * one
            x = q.numerator // q.denominator
            if q - x > Fraction(1, 2) or (q - x == Fraction(1, 2) and x % 2 == 1):
                x += 1  # the quotient rounded half-even at the 18th digit, as the C++ divides
            while a_at(x) - ca < h - ch:
                x += 1
            while b_prev + 1 < x and not a_at(x - 1) - ca < h - ch:
                x -= 1
            if x <= b:
                frm = x if b_prev < x else b_prev + 1
        width = b - b_prev
        next_h = h_at(b + 1)
        rise = next_h - h
        if frm is not None:
            if last_ends_at_prev and frm == b_prev + 1 and out:
                out[-1][1] = b
                if width_prev == width and rise_prev == rise and not slope * width / one < rise:
                    out[-1][1] = None
                    return trimmed()
            else:
                out.append([frm, b])
            last_ends_at_prev = True
        else:
            last_ends_at_prev = False
        width_prev, rise_prev, b_prev, h = width, rise, b, next_h
    return trimmed()


def within(prefix, e):
    """The same exception, its path under `prefix` (an option's report inside the study)."""
    e.args = (f"{prefix}.{e.args[0]}",)
    return e


def reached(value, target, direction):
    return value <= target if direction == "lower is better" else value >= target


def split_quality(text_, metric, path):
    """'<metric> <reached> against <target>' -> (reached, target), as decimals."""
    if not text_.startswith(metric + " ") or " against " not in text_[len(metric) + 1:]:
        raise Mismatch(path, f"'{metric} <value> against <target>'", f"'{text_}'")
    value, _, target = text_[len(metric) + 1:].partition(" against ")
    return parse_decimal(value, path), parse_decimal(target, path)


class Study:
    """One study report being verified; check() raises at the first mismatch."""

    def __init__(self, doc):
        self.doc = doc
        self.counts = {"inputs": 0, "derivations": 0, "lines": 0, "sections": 0, "options": 0}

    def check(self):
        doc = self.doc
        version = whole(doc, "", "schema_version")
        if version > STUDY_NEWEST_VERSION or version < 1:
            raise Unreadable("schema_version", f"the study report has version {version}; this "
                             f"verifier knows versions 1 to {STUDY_NEWEST_VERSION}")
        for key in doc:
            if key not in STUDY_MEMBERS:
                raise Unreadable(key, "is not a member of a study report; this verifier does not "
                                 "pass what it does not check")
        for key in ("title", "study_file", "work_unit"):
            text(doc, "", key)
        self.options = {}  # name -> (path, option, its Report)
        for p, o in objects(doc, "", "options"):
            for key in o:
                if key not in OPTION_MEMBERS:
                    raise Unreadable(at(p, key), "is not a member of a study's option")
            name = nonempty(o, p, "name")
            text(o, p, "title")
            work = dec(o, p, "work")
            if work <= 0:
                raise Mismatch(at(p, "work"), "work above 0", show(work),
                               "options are compared per unit of work")
            if name in self.options:
                raise Mismatch(at(p, "name"), "a name used once", f"'{name}' again")
            rep = self.embedded_report(o, p)
            self.counts["options"] += 1
            if "decision" not in rep.doc.get("analysis", {}):
                raise Unreadable(at(at(p, "report"), "analysis.decision"),
                                 "is missing: every option of a study has its decision")
            self.options[name] = (p, o, rep)
            if "regions" in o:
                self.check_regions(p, o)
        if len(self.options) < 2:
            raise Mismatch("options", "two or more options", len(self.options))
        a = obj_at(doc, "", "analysis")
        for key in a:
            if key not in ("comparison", "decision", "cash_ranking", "break_even"):
                raise Unreadable(at("analysis", key), "is not a part of a study's analysis")
        comparison = obj_at(a, "analysis", "comparison")
        check_comparison(comparison, "analysis.comparison")
        decision = obj_at(a, "analysis", "decision")
        check_decision(decision, "analysis.decision")
        groups = self.check_groups(comparison)
        for name, (p, o, rep) in self.options.items():
            self.check_option_decision(name, p, rep, groups[name])
        self.cash = self.check_cash_ranking(a, comparison)
        self.check_study_decision(comparison, decision)
        self.counts["sections"] += 2 + (self.cash is not None)
        due, seen = self.break_evens_due(), set()
        if "break_even" in a:
            for p, b in objects(a, "analysis", "break_even", BREAK_EVEN_MEMBERS, "a break-even"):
                key = (text(b, p, "hosted"), text(b, p, "api"), text(b, p, "component"))
                if key not in due or key in seen:
                    raise Mismatch(p, "no break-even (or one of each pair)",
                                   f"'{key[0]}' against '{key[1]}' for '{key[2]}'",
                                   "the options' reports call for a break-even of a fleet serving "
                                   "a stated average demand against an API serving the same")
                seen.add(key)
                self.check_break_even(p, b)
            self.counts["sections"] += 1
        for key in sorted(due - seen):
            raise Mismatch("analysis.break_even", f"a break-even of '{key[0]}' against '{key[1]}' "
                           f"for '{key[2]}'", "none", "the options' reports call for it: a fleet "
                           "serving a stated average demand against an API serving the same")
        return self.counts

    def break_evens_due(self):
        """(hosted, api, component) of every break-even the options' reports call for: a fleet
        whose report has the input 'C.average_tokens_per_s' against an API whose report has it and
        'C.input_tokens_per_output_token' (which only an API's component has)."""
        names = {n: {e.get("name") for e in rep.doc.get("inputs", []) if isinstance(e, dict)}
                 for n, (_, _, rep) in self.options.items()}
        due = set()
        for hosted, hn in names.items():
            for n in hn:
                if not isinstance(n, str) or not n.endswith(".average_tokens_per_s"):
                    continue
                c = n[:-len(".average_tokens_per_s")]
                if c + ".input_tokens_per_output_token" in hn:
                    continue
                for api, an in names.items():
                    if n in an and c + ".input_tokens_per_output_token" in an:
                        due.add((hosted, api, c))
        return due

    def embedded_report(self, obj, path):
        """The whole report under obj["report"], verified as a report is (a mismatch named under
        `path`), its counts added to the study's."""
        rep = Report(obj_at(obj, path, "report"))
        try:
            counts = rep.check()
        except (Unreadable, Mismatch) as e:
            raise within(at(path, "report"), e) from None
        for k, v in counts.items():
            self.counts[k] += v
        return rep

    def check_regions(self, path, o):
        """[study] regions: each region's report verified, its lines billed in that region, its
        cost per unit of work recomputed; the priced ones cheapest first, then those not priced."""
        previous, unpriced_seen = None, False
        for gp, g in objects(o, path, "regions", REGION_MEMBERS, "a region's result"):
            region = nonempty(g, gp, "region")
            if g["report"] is None:
                if not isinstance(g["why_not"], str) or g["work"] is not None or \
                        g["cost_per_work"] is not None:
                    raise Mismatch(gp, "a region not priced: its why_not, no work, no cost",
                                   json.dumps(g)[:120])
                unpriced_seen = True
                continue
            if unpriced_seen:
                raise Mismatch(gp, "priced regions before those not priced", f"'{region}' after")
            if g["why_not"] is not None:
                raise Mismatch(at(gp, "why_not"), "null for a priced region", g["why_not"])
            rep = self.embedded_report(g, gp)
            for i, line in enumerate(rep.doc["lines"]):
                billed = (line.get("identity") or {}).get("region")
                if billed is not None and billed != region:
                    raise Mismatch(at(gp, f"report.lines[{i}].identity.region"), region, billed,
                                   "a region's report bills its lines in that region")
            work = dec(g, gp, "work")
            if work <= 0:
                raise Mismatch(at(gp, "work"), "work above 0", show(work))
            total = parse_decimal(rep.doc["totals"]["total"], at(gp, "report.totals.total"))
            per = round_places(total / work, "half-even")
            expect(at(gp, "cost_per_work"), per, dec(g, gp, "cost_per_work"),
                   "round_half_even_18(total / work)")
            if previous is not None and per < previous:
                raise Mismatch(gp, "cheapest per unit of work first", f"{show(per)} after "
                               f"{show(previous)}")
            previous = per

    def check_break_even(self, path, b):
        """Both options' totals recomputed from their reports with the shared demand replaced:
        at the break-even hosting costs no more than the API; without one, the API is cheaper at
        the stated demand (docs/reports.md, "Break-even")."""
        if text(b, path, "unit") != "token/s":
            raise Unreadable(at(path, "unit"), "is not 'token/s'")
        names = []
        for key in ("hosted", "api"):
            name = text(b, path, key)
            if name not in self.options:
                raise Mismatch(at(path, key), "the name of an option of the study", f"'{name}'")
            names.append(name)
        hosted, api = (self.options[n][2].doc for n in names)
        component = nonempty(b, path, "component")
        avg, peak_name = component + ".average_tokens_per_s", component + ".peak_tokens_per_s"
        baseline = dec(b, path, "baseline")
        expect(at(path, "baseline"), input_value(hosted, avg), baseline,
               f"the hosted option's input '{avg}'")
        demand, peak = dec_or_null(b, path, "demand"), dec_or_null(b, path, "peak")
        peak0 = input_value(hosted, peak_name)
        d = baseline if demand is None else demand
        if demand is not None:
            want = None if peak0 is None else \
                round_places(round_places(peak0 * demand, "half-even") / baseline, "half-even")
            expect(at(path, "peak"), want, peak, "the stated peak x demand / baseline")
        else:
            peak = peak0
        overrides = {avg: d}
        if peak is not None and input_value(hosted, peak_name) is not None:
            overrides[peak_name] = peak
        h = total_with(hosted, overrides)
        a_total = total_with(api, {avg: d})
        expect(at(path, "hosted_total"), h, dec(b, path, "hosted_total"),
               f"'{names[0]}' recomputed at {show(d)} token/s")
        expect(at(path, "api_total"), a_total, dec(b, path, "api_total"),
               f"'{names[1]}' recomputed at {show(d)} token/s")
        if demand is not None and h > a_total + Fraction(1, 10 ** 9):
            raise Mismatch(path, "hosting no dearer than the API at the break-even",
                           f"{show(h)} against {show(a_total)}")
        if demand is None and not a_total < h:
            raise Mismatch(path, "the API cheaper at the stated demand (no break-even)",
                           f"{show(a_total)} against {show(h)}")
        if "stepwise" in b:
            self.check_windows(path, b, names, hosted, api, component, baseline)

    def check_windows(self, path, b, names, hosted, api, component, baseline):
        """A fleet sized in whole instances (a ceil_to among its derivations): its windows walked
        again from both reports, by list total and, when both options' credits are the same at any
        demand, by cash after credits."""
        avg, peak_name = component + ".average_tokens_per_s", component + ".peak_tokens_per_s"
        peak0 = input_value(hosted, peak_name)
        overrides = {avg: baseline}
        if peak0 is not None:
            overrides[peak_name] = peak0
        expect(at(path, "hosted_at_baseline"), total_with(hosted, overrides),
               dec(b, path, "hosted_at_baseline"), "the hosted option's total as stated")
        expect(at(path, "api_at_baseline"), total_with(api, {avg: baseline}),
               dec(b, path, "api_at_baseline"), "the API option's total as stated")
        stepwise = any(d["op"] == "ceil_to" for d in hosted["derivations"])
        said = member(b, path, "stepwise", bool, "true or false")
        if said != stepwise:
            raise Mismatch(at(path, "stepwise"), stepwise, said,
                           "a fleet is stepwise when a ceil_to sizes it")
        if not stepwise:
            return
        bound = baseline * 10
        expect(at(path, "bound"), bound, dec(b, path, "bound"), "10 x the stated demand")

        def said_windows(key):
            return [[round(dec(w, p, "from") * 10 ** PLACES),
                     None if w["to"] is None else round(dec(w, p, "to") * 10 ** PLACES)]
                    for p, w in objects(b, path, key, ["from", "to"], "a demand window")]

        def shown(ws):
            return ", ".join(f"{show(Fraction(f, 10 ** PLACES))}-"
                             f"{'on' if t is None else show(Fraction(t, 10 ** PLACES))}"
                             for f, t in ws) or "none"

        want = find_windows(hosted, api, component, baseline, bound, Fraction(0), Fraction(0))
        got = said_windows("windows")
        if got != want:
            raise Mismatch(at(path, "windows"), shown(want), shown(got),
                           "the fleet's steps walked again from both reports")
        reports = [self.options[n][2].doc for n in names]
        ch, ca = (steady_credits(r) for r in reports)
        has = any("credits" in r for r in reports) and ch is not None and ca is not None
        c = member(b, path, "credits", (dict, type(None)), "an object or null")
        if not has:
            if c is not None:
                raise Mismatch(at(path, "credits"), "null", "credits",
                               "credits the same at any demand need grants valid over the whole "
                               "spend that cover every charge")
            return
        if c is None:
            raise Mismatch(at(path, "credits"), f"hosted {show(ch)}, API {show(ca)}", "null",
                           "each option's usable grants' amounts")
        closed(c, at(path, "credits"), ["hosted", "api"], "a break-even's credits")
        expect(at(at(path, "credits"), "hosted"), ch, dec(c, at(path, "credits"), "hosted"),
               "the hosted option's usable grants' amounts")
        expect(at(at(path, "credits"), "api"), ca, dec(c, at(path, "credits"), "api"),
               "the API option's usable grants' amounts")
        want = find_windows(hosted, api, component, baseline, bound, ch, ca)
        got = said_windows("windows_after_credits")
        if got != want:
            raise Mismatch(at(path, "windows_after_credits"), shown(want), shown(got),
                           "the fleet's steps walked again on cash after credits")

    def check_groups(self, comparison):
        """Each option ranked or set apart once, in the group of its protocol; ranked costs and
        works the options' own; the protocol rule. Returns name -> (group, place, entry path)."""
        placed = {}
        first = None
        for gp, g in objects(comparison, "analysis.comparison", "groups"):
            proto = (text(g, gp, "dataset_id"), text(g, gp, "metric"), dec(g, gp, "target"),
                     text(g, gp, "direction"))
            if first is None:
                first = proto
            want = []
            for label, mine, base in (("dataset", proto[0], first[0]),
                                      ("metric", proto[1], first[1])):
                if mine != base:
                    want.append(f"{label} '{mine}' instead of '{base}'")
            if proto[2] != first[2]:
                want.append(f"target {g['target']} instead of {show(first[2])}")
            if proto[3] != first[3]:
                want.append(f"{proto[3]} instead of {first[3]}")
            found = strings(g, gp, "differences")
            if found != want:
                raise Mismatch(at(gp, "differences"), want, found,
                               "the group's protocol against the first group's")
            for kind in ("ranked", "apart"):
                for p, r in objects(g, gp, kind):
                    name = text(r, p, "name")
                    if name not in self.options:
                        raise Mismatch(at(p, "name"), "an option of the study", f"'{name}'")
                    if name in placed:
                        raise Mismatch(at(p, "name"), f"'{name}' placed once",
                                       f"again (first at {placed[name][2]})",
                                       "every option is ranked or set apart exactly once")
                    placed[name] = (g, kind, p)
                    _, o, rep = self.options[name]
                    if kind == "ranked":
                        expect(at(p, "cost"), dec(rep.doc["totals"], "", "total"),
                               dec(r, p, "cost"), f"the total of option '{name}'")
                        expect(at(p, "work"), dec(o, "", "work"), dec_or_null(r, p, "work"),
                               f"the work of option '{name}'")
                    else:
                        self.check_apart(name, rep, g, text(r, p, "reason"), at(p, "reason"))
                    self.check_rankable(name, rep, g, kind, p)
        for name, (p, _, _) in self.options.items():
            if name not in placed:
                raise Mismatch("analysis.comparison", f"option '{name}' ranked or set apart",
                               "absent", "every option is ranked or set apart exactly once")
        return placed

    def check_apart(self, name, rep, g, reason, path):
        metric = g["metric"]
        if reason == f"quality not measured: no value of '{metric}' reached":
            return
        prefix = "did not reach the target: "
        if reason.startswith(prefix):
            body, sep, tail = reason[len(prefix):].rpartition(" (")
            if not sep or tail != g["direction"] + ")":
                raise Mismatch(path, f"'... ({g['direction']})'", f"'{reason}'")
            value, target = split_quality(body, metric, path)
            expect(path, parse_decimal(g["target"], path), target, "the group's target")
            if reached(value, target, g["direction"]):
                raise Mismatch(path, "a value that misses the target", f"'{reason}'",
                               f"{show(value)} reaches {show(target)} ({g['direction']}): the "
                               "option is set apart for a target it reached")
            return
        if reason.startswith("its cost is incomplete (status "):
            status = rep.doc["status"]
            want = (f"its cost is incomplete (status {status}): a partial total cannot be ranked")
            expect(path, want, reason, f"option '{name}' has status {status}")
            if status != "incomplete" and not rep.unpriced_lines():
                raise Mismatch(path, "a complete cost is ranked", f"'{reason}'",
                               f"option '{name}' has status {status} and no unpriced line")
            return
        raise Mismatch(path, "a reason the comparison gives (quality not measured, target not "
                       "reached, cost incomplete)", f"'{reason}'")

    def check_rankable(self, name, rep, g, kind, p):
        """The protocol rule: an option ranks only when its own decision says it reached the
        group's target and its cost is complete; else it is set apart."""
        d = rep.doc["analysis"]["decision"]
        prefix = "the target quality is reached: "
        said = [r for r in d["continue_reasons"] if r.startswith(prefix)]
        dpath = at(at(self.options[name][0], "report"), "analysis.decision")
        if said:
            value, target = split_quality(said[0][len(prefix):], g["metric"],
                                          at(dpath, "continue_reasons"))
            expect(at(dpath, "continue_reasons"), parse_decimal(g["target"], p), target,
                   "the target of the option's protocol group")
            if not reached(value, target, g["direction"]):
                raise Mismatch(at(dpath, "continue_reasons"), "a value that reaches the target",
                               f"'{said[0]}'", g["direction"])
        complete = rep.doc["status"] != "incomplete" and not rep.unpriced_lines()
        if kind == "ranked" and not said:
            raise Mismatch(p, f"'{name}' set apart", "ranked",
                           "an option that did not reach the target never ranks")
        if kind == "ranked" and not complete:
            raise Mismatch(p, f"'{name}' set apart", "ranked", "its cost is incomplete")
        if kind == "apart" and said and complete:
            raise Mismatch(p, f"'{name}' ranked", "set apart",
                           "it reached the target and its cost is complete")

    def check_option_decision(self, name, opath, rep, place):
        """The decision's reasons as far as the report lets one recompute them: quality, prices
        (provenance, region, staleness), completeness, open migration uncertainties and unmeasured
        step inputs, in the order decide() lists them; the free-text ones (the support check,
        bottlenecks, porting) by their form."""
        path = at(at(opath, "report"), "analysis.decision")
        d = rep.doc["analysis"]["decision"]
        g = place[0]
        doc = rep.doc
        operands = {x["name"]: x["operands"] for x in doc["derivations"]}
        known = {e["name"]: e for e in doc["inputs"]}

        def leaves(key):
            seen, out = set(), []

            def walk(n):
                if n in seen:
                    return
                seen.add(n)
                if n in operands:
                    for o in operands[n]:
                        walk(o)
                else:
                    out.append(n)
            for l in doc["lines"]:
                walk(l[key])
            return out
        metric = g["metric"]
        suspend, compare, cont = [], [], []
        # Quality: what the option reached is only in the reasons and the apart reason.
        found = {k: d[k + "_reasons"] for k in ("suspend", "compare", "continue")}
        q = [r for r in found["continue"] if r.startswith("the target quality is reached: ")] + \
            [r for r in found["suspend"] if r.startswith("the target quality is not ")]
        if len(q) != 1:
            raise Mismatch(path, "one reason on the target quality", len(q))
        if q[0].startswith("the target quality is not measured"):
            want = f"the target quality is not measured: no value of '{metric}' reached"
            expect(path, want, q[0], "the metric of the option's protocol group")
            suspend.append(q[0])
        elif q[0].startswith("the target quality is not reached: "):
            value, target = split_quality(q[0][len("the target quality is not reached: "):],
                                          metric, at(path, "suspend_reasons"))
            if reached(value, target, g["direction"]):
                raise Mismatch(at(path, "suspend_reasons"), "a value that misses the target",
                               f"'{q[0]}'", g["direction"])
            suspend.append(q[0])
        else:
            cont.append(q[0])
        # Prices: the region the prices must be quoted for is only in the reasons.
        region = None
        for r in found["continue"]:
            if r.startswith("every price is quoted for ") and r.endswith(" and fresh"):
                region = r[len("every price is quoted for "):-len(" and fresh")]
        for r in found["suspend"]:
            if r.startswith("price '") and ", not " in r and " is quoted for " in r:
                region = r.rpartition(", not ")[2]
        prices_ok = True
        for n in leaves("price"):
            e = known.get(n)
            if e is None or not e["known"]:
                continue
            kind = e["provenance"]["kind"]
            if kind == "quoted" and region is not None and e["provenance"]["region"] != region:
                prices_ok = False
                suspend.append(f"price '{n}' is quoted for {e['provenance']['region']}, "
                               f"not {region}")
            elif kind in ("third-party", "assumption"):
                prices_ok = False
                suspend.append(f"price '{n}' is not verified: it is {kind}")
        for r in doc["reasons"]:
            if r["status"] == "stale":
                prices_ok = False
                suspend.append("a price is stale: " + r["text"])
        if prices_ok:
            if region is None:
                raise Mismatch(at(path, "continue_reasons"),
                               "'every price is quoted for <region> and fresh'", "none",
                               "no price reason holds against the option")
            cont.append(f"every price is quoted for {region} and fresh")
        # Completeness.
        if doc["status"] == "incomplete" or rep.unpriced_lines():
            suspend += ["costs are incomplete: " + r["text"] for r in doc["reasons"]
                        if r["status"] in ("incomplete", "unpriced")]
        else:
            cont.append("every category of the cost formula is accounted for")
        # Support: a stated check, a same-stack pass, or a compare reason (free text).
        support = [r for r in found["continue"]
                   if r.startswith("the needed operations are supported: ") or
                   r.startswith("the model passed on the target stack")] + \
            [r for r in found["compare"]
             if r.startswith("support is not shown for '") or
             r == "no compatibility evidence and no stated check that the needed operations run "
                  "on the target"]
        if len(support) != 1:
            raise Mismatch(path, "one reason on the support of the needed operations", len(support))
        (cont if support[0] in found["continue"] else compare).append(support[0])
        compare += [f"migration uncertainty '{u['subject']}' is open (owner {u['owner']})"
                    for u in doc["uncertainties"] if u["status"] == "open"]
        # Unmeasured step inputs: one reason per provenance kind, weightiest first, each input
        # weighing the amounts of the priced lines whose quantity rests on it.
        weight = {}
        for l in doc["lines"]:
            if l["amount"] is None:
                continue
            line_seen, line_leaves = set(), []

            def walk_line(n):
                if n in line_seen:
                    return
                line_seen.add(n)
                if n in operands:
                    for o in operands[n]:
                        walk_line(o)
                else:
                    line_leaves.append(n)
            walk_line(l["quantity"])
            for n in line_leaves:
                weight[n] = weight.get(n, Fraction(0)) + Fraction(Decimal(l["amount"]))
        groups = {}
        for n in leaves("quantity"):
            kind = known[n]["provenance"]["kind"] if n in known else None
            if kind in ("assumption", "third-party"):
                groups.setdefault(kind, []).append(n)
        ordered = [(k, sorted(v, key=lambda n: -weight.get(n, 0))) for k, v in groups.items()]
        ordered.sort(key=lambda g: -weight.get(g[1][0], 0))
        for kind, names in ordered:
            if len(names) == 1:
                compare.append(f"step input '{names[0]}' is not measured ({kind})")
                continue
            each = ", ".join(f"'{n}' (lines of {fixed2(weight[n])} USD)" if n in weight
                             else f"'{n}' (no priced line)" for n in names)
            compare.append(f"{len(names)} step inputs are not measured ({kind}), weightiest "
                           f"first: {each}")
        if not groups:
            cont.append("every cost-contributing step is measured")
        compare += [r for r in found["compare"] if r.startswith("a bottleneck remains: ")]
        compare += [r for r in found["compare"]
                    if r.startswith("the porting work is not justified: ")]
        for key, want in (("suspend", suspend), ("continue", cont), ("compare", compare)):
            if found[key] != want:
                raise Mismatch(at(path, key + "_reasons"), want, found[key],
                               f"option '{name}': the reasons its report gives, in order")

    def check_cash_ranking(self, a, comparison):
        """With grants, the first group's ranked options by cash paid after credits (list total
        less the credits each option's burn-down uses), per unit of work, ties by list rank;
        recomputed from the options' verified reports. Returns the recomputed ranking or None."""
        groups = comparison["groups"]
        first = groups[0]["ranked"] if groups else []
        has_grant = any("credits" in rep.doc for _, _, rep in self.options.values())
        if not (has_grant and first):
            if "cash_ranking" in a:
                raise Mismatch("analysis.cash_ranking", "none", "a ranking",
                               "without a grant (or a ranked option) there is no cash ranking")
            return None
        want = []
        for r in first:
            name = r["name"]
            _, o, rep = self.options[name]
            total = parse_decimal(rep.doc["totals"]["total"], name)
            work = parse_decimal(o["work"], name)
            credits = rep.doc.get("credits")
            used = parse_decimal(credits["total_credits"], name) if credits else Fraction(0)
            lost = parse_decimal(credits["total_lost_at_expiry"], name) if credits \
                else Fraction(0)
            paid = [(g["name"], parse_decimal(g["used"], name)) for g in credits["grants"]] \
                if credits else []
            cash = total - used
            want.append({"name": name, "list_rank": r["cost_rank"], "total": total, "credits": used,
                         "cash": cash, "lost_at_expiry": lost, "work": work,
                         "cash_per_work": round_places(cash / work, "half-even") if work else cash,
                         "paid_by": [(g, u) for g, u in paid if u != 0]})
        want.sort(key=lambda k: k["cash_per_work"])  # stable: ties keep the list rank's order
        cr = obj_at(a, "analysis", "cash_ranking", ["ranked", "effect"], "the ranking by cash")
        got = objects(cr, "analysis.cash_ranking", "ranked", CASH_RANK_MEMBERS,
                      "an option ranked by cash")
        if len(got) != len(want):
            raise Mismatch("analysis.cash_ranking.ranked", f"{len(want)} options", len(got),
                           "the first group's ranked options")
        for i, ((p, e), k) in enumerate(zip(got, want)):
            if e["name"] != k["name"]:
                raise Mismatch(at(p, "name"), f"'{k['name']}'", f"'{e['name']}'",
                               "ranked by cash per unit of work, ties by list rank")
            expect(at(p, "rank"), i + 1, whole(e, p, "rank"))
            expect(at(p, "list_rank"), k["list_rank"], whole(e, p, "list_rank"),
                   "its rank in the comparison")
            for key, why in (("total", "the option's total"),
                             ("credits", "its burn-down's total_credits"),
                             ("cash", "total - credits"),
                             ("lost_at_expiry", "its burn-down's total_lost_at_expiry"),
                             ("work", "the option's work"),
                             ("cash_per_work", "cash / work (half-even at 18 digits)")):
                expect(at(p, key), k[key], dec(e, p, key), why)
            paid = [(text(g, gp, "grant"), dec(g, gp, "amount"))
                    for gp, g in objects(e, p, "paid_by", ["grant", "amount"], "a grant's share")]
            if paid != k["paid_by"]:
                raise Mismatch(at(p, "paid_by"), k["paid_by"], paid,
                               "each grant's used above 0, in the burn-down's order")
        effect = credit_effect(want)
        expect_text = text(cr, "analysis.cash_ranking", "effect")
        if expect_text != effect:
            raise Mismatch("analysis.cash_ranking.effect", effect, expect_text)
        return want

    def check_study_decision(self, comparison, decision):
        groups = comparison["groups"]
        first = groups[0] if groups else None
        decided = member(self.doc, "", "decided_for", (str, type(None)), "an option or null")
        if first is not None and first["ranked"]:
            top = self.cash[0]["name"] if self.cash else first["ranked"][0]["name"]
            expect("decided_for", f"'{top}'", f"'{decided}'" if decided else "null",
                   "the option ranked first in the first group" +
                   (" by cash paid after credits" if self.cash else ""))
            own = dict(self.options[top][2].doc["analysis"]["decision"])
            if self.cash:
                own["continue_reasons"] = own["continue_reasons"] + [
                    "ranked by cash paid after credits: " + credit_effect(self.cash)]
            for key in ("outcome", "suspend_reasons", "compare_reasons", "continue_reasons"):
                if decision[key] != own[key]:
                    raise Mismatch(at("analysis.decision", key), own[key], decision[key],
                                   f"the decision of '{top}', the first-ranked option")
            return
        if decided is not None:
            raise Mismatch("decided_for", "null", f"'{decided}'", "no option ranks first")
        want = [f"no option ranks: '{a['name']}' {a['reason']}" for a in first["apart"]] \
            if first else []
        if decision["suspend_reasons"] != want or decision["compare_reasons"] or \
                decision["continue_reasons"]:
            raise Mismatch("analysis.decision", f"suspend with {want}",
                           decision["suspend_reasons"] + decision["compare_reasons"] +
                           decision["continue_reasons"], "no option ranks")


# ------------------------------------------------------------------------------------------------
# A reconciliation (schema trncost.reconciliation): an estimate against a bill. What the document
# alone gives is checked: every difference is billed - estimated, the usage and price effects add
# up to it and follow from the quantities, the rows add up to the totals, and every row read is
# kept or left out (docs/reports.md, "Reconciliation").

RECONCILIATION_SCHEMA = "trncost.reconciliation"
RECONCILIATION_MEMBERS = ["schema", "schema_version", "estimate", "bill", "layout", "currency",
                          "basis", "regions", "rows_read", "rows_kept", "estimated",
                          "unpriced_lines", "billed_usage", "difference", "other_charges_total",
                          "invoiced", "rows", "other_charges", "left_out"]
RECONCILIATION_ROW = ["identity", "rate_codes", "lines", "in_estimate", "unpriced", "estimated",
                      "billed", "bill_rows", "difference", "unit", "estimated_quantity",
                      "billed_quantity", "usage_effect", "price_effect", "why", "billed_as",
                      "resources"]
RESOURCE_MEMBERS = ["id", "rows", "billed", "quantity", "from", "to"]
IDENTITY_MEMBERS = ["service", "region", "instance_type", "usage_type", "purchase_option"]
BILL_LAYOUTS = ["FOCUS 1.x", "Cost and Usage Report (legacy)", "CUR 2.0"]


PRICE_LIST_UNITS = ["Hrs", "Hours", "GB-Mo", "GiBps-mo", "IOPS-Mo", "Requests", "Request", "GB",
                    "Quantity", "1K tokens", "1M tokens"]


def round_to(x, places):
    """x rounded half-even to `places` fractional digits."""
    scaled = x * 10 ** places
    floor = scaled.numerator // scaled.denominator
    rest = scaled - floor
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and floor % 2 == 1):
        floor += 1
    return Fraction(floor, 10 ** places)


def money_text(v, sign):
    """An amount for people as the reconciliation writes it: at cents, unless cents would show a
    non-zero amount as 0.00 (then to the sixth decimal, or exact); '+' before one >= 0."""
    if round_to(v, 2) == 0 and v != 0:
        fine = round_to(v, 6)
        s = show(v if fine == 0 else fine)
    else:
        s = fixed2(v)
    return "+" + s if sign and v >= 0 else s


def why_of(r, e, b, n, diff, eq, bq, usage, price, regions):
    """The 'why' a reconciliation row must say, from its own figures; (text, whole sentence)."""
    if not r["in_estimate"]:
        region = r["identity"]["region"]
        return ("not in the estimate (another region)" if region is not None and
                region not in regions else "not in the estimate"), True
    if r["identity"]["service"] is None:
        return "billed by no AWS service: no bill row is expected", True
    if n == 0:
        return ("unpriced in the estimate, and no bill row" if r["unpriced"] else
                "no bill row matches: not run yet, or run under another account, tag, period or "
                "usage type"), True
    if r["unpriced"]:
        return "unpriced in the estimate; the bill gives what it cost", True
    if diff == 0:
        return "as estimated", True
    if usage is None:
        return f"billed {money_text(b, False)}, estimated {money_text(e, False)}", False
    unit = r["unit"]

    def qty(q):
        return f"{show(round_to(q, 6))} {unit}"
    parts = []
    if bq != eq:
        parts.append(f"usage: billed {qty(bq)}, estimated {qty(eq)} ({money_text(usage, True)} "
                     "at the estimated rate)")
    if price != 0:
        if bq == 0:
            parts.append(f"billed with no quantity ({money_text(price, True)})")
        else:
            bill_rate = show(round_to(round_places(b / bq, "half-even"), 10))
            est_rate = show(round_to(round_places(e / eq, "half-even"), 10))
            parts.append(f"price: billed {bill_rate} per {unit}, estimated {est_rate} "
                         f"({money_text(price, True)})")
    return "; ".join(parts), True


def check_resources(r, path, n, b, bq):
    """A row's resources add up to it (rows, billed, quantity given exactly when the row's is),
    each inside the row's measured period, largest billed first then by id, no id twice."""
    period = None
    if r["billed_as"] is not None:
        ap = at(path, "billed_as")
        period = (instant(r["billed_as"], ap, "from"), instant(r["billed_as"], ap, "to"))
    rows, billed, qty, seen = 0, Fraction(0), Fraction(0), []
    for rp, x in objects(r, path, "resources", RESOURCE_MEMBERS, "a resource"):
        rid = text(x, rp, "id")
        k = whole(x, rp, "rows", 1)
        amount = dec(x, rp, "billed")
        q = dec_or_null(x, rp, "quantity")
        start, end = instant(x, rp, "from"), instant(x, rp, "to")
        if (q is None) != (bq is None):
            raise Mismatch(at(rp, "quantity"), "a quantity exactly when the row gives one",
                           "null" if q is None else show(q))
        if end < start or (period and (start < period[0] or period[1] < end)):
            raise Mismatch(at(rp, "from"), "a charge period inside the row's measurement's",
                           f"{x['from']} to {x['to']}")
        if any(rid == other for _, other in seen):
            raise Mismatch(at(rp, "id"), "each resource once", f"'{rid}' twice")
        if seen and (seen[-1][0] < amount or (seen[-1][0] == amount and rid < seen[-1][1])):
            raise Mismatch(at(rp, "billed"), "largest billed first, then by id", show(amount))
        seen.append((amount, rid))
        rows += k
        billed += amount
        if q is not None:
            qty += q
    expect(at(path, "bill_rows"), rows, n, "the rows of its resources")
    expect(at(path, "billed"), billed, b, "what its resources billed")
    if bq is not None:
        expect(at(path, "billed_quantity"), qty, bq, "its resources' quantities")


class Reconciliation:
    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Unreadable("", "a reconciliation is a JSON object")
        self.doc = doc

    def check(self):
        d = closed(self.doc, "", RECONCILIATION_MEMBERS, "a reconciliation")
        expect("schema", RECONCILIATION_SCHEMA, text(d, "", "schema"))
        version = whole(d, "", "schema_version", 1)
        if version != 1:
            raise Unreadable("schema_version", f"{version} is not a version this verifier knows (1)")
        bill = nonempty(d, "", "bill")
        nonempty(d, "", "estimate")
        if text(d, "", "currency") != "USD":
            raise Unreadable("currency", f"'{d['currency']}' is not USD, the only currency")
        layout = one_of(d, "", "layout", BILL_LAYOUTS, "bill layout")
        basis = one_of(d, "", "basis", ["effective", "billed"], "cost basis")
        regions = strings(d, "", "regions")
        for i, x in enumerate(regions):
            if not x or x in regions[:i]:
                raise Unreadable(f"regions[{i}]", "is empty or named twice")
        read, kept = whole(d, "", "rows_read", 0), whole(d, "", "rows_kept", 0)
        estimated, billed = dec(d, "", "estimated"), dec(d, "", "billed_usage")
        expect("difference", billed - estimated, dec(d, "", "difference"),
               "billed_usage - estimated")
        sum_est, sum_billed, sum_rows, unpriced_rows, unpriced_most = \
            Fraction(0), Fraction(0), 0, 0, 0
        for path, r in objects(d, "", "rows", RECONCILIATION_ROW, "a reconciliation row"):
            ident = obj_at(r, path, "identity", IDENTITY_MEMBERS + ["offer"], "an identity")
            if "offer" in ident and (not isinstance(ident["offer"], str) or not ident["offer"]):
                raise Unreadable(at(at(path, "identity"), "offer"), "is not an offer code (a "
                                 "non-empty string; left out when the price is the service's own)")
            for key in IDENTITY_MEMBERS:
                v = member(ident, at(path, "identity"), key, (str, type(None)), "a string or null")
                if v == "":
                    raise Unreadable(at(at(path, "identity"), key),
                                     "is empty; an identity field that is not known is null")
            if ident["purchase_option"] is not None:
                one_of(ident, at(path, "identity"), "purchase_option", PURCHASE_OPTIONS,
                       "purchase option")
            strings(r, path, "rate_codes")
            lines = strings(r, path, "lines")
            inside = member(r, path, "in_estimate", bool, "a boolean")
            unpriced = member(r, path, "unpriced", bool, "a boolean")
            e, b = dec(r, path, "estimated"), dec(r, path, "billed")
            n = whole(r, path, "bill_rows", 0)
            diff = dec(r, path, "difference")
            expect(at(path, "difference"), b - e, diff, "billed - estimated")
            if not inside and (e != 0 or lines or unpriced):
                raise Mismatch(at(path, "estimated"), "0, no line, not unpriced", show(e),
                               "a row not in the estimate estimates nothing")
            if inside and not lines:
                raise Mismatch(at(path, "lines"), "the estimate's lines it holds", "[]",
                               "a row of the estimate names its lines")
            if n == 0 and b != 0:
                raise Mismatch(at(path, "billed"), "0", show(b), "no bill row matched")
            unit = text(r, path, "unit")
            eq, bq = dec_or_null(r, path, "estimated_quantity"), dec_or_null(r, path,
                                                                            "billed_quantity")
            usage, price = dec_or_null(r, path, "usage_effect"), dec_or_null(r, path,
                                                                              "price_effect")
            why = text(r, path, "why")
            if (unit == "") != (bq is None) or (eq is not None and (not inside or bq is None)):
                raise Mismatch(at(path, "unit"), "a unit exactly when the billed quantity is given",
                               f"'{unit}'", "an estimated quantity only beside a billed one")
            if unit and unit not in PRICE_LIST_UNITS:
                raise Mismatch(at(path, "unit"), "a price list unit", f"'{unit}'")
            if (usage is None) != (price is None):
                raise Mismatch(at(path, "price_effect"), "both effects or neither",
                               show(price), "the difference splits into usage and price")
            if usage is not None:
                if eq is None or bq is None or eq == 0:
                    raise Mismatch(at(path, "usage_effect"), "null", show(usage),
                                   "a split needs both quantities, the estimated one not 0")
                rate = round_places(e / eq, "half-even")
                expect(at(path, "usage_effect"), round_places((bq - eq) * rate, "half-even"),
                       usage, "(billed - estimated quantity) x the estimated rate")
                expect(at(path, "price_effect"), diff - usage, price,
                       "the difference less the usage effect")
            want, whole_sentence = why_of(r, e, b, n, diff, eq, bq, usage, price, regions)
            if (why != want) if whole_sentence else not why.startswith(want):
                raise Mismatch(at(path, "why"), f"'{want}'" + ("" if whole_sentence else "..."),
                               f"'{why}'", "the row's figures")
            if r["billed_as"] is not None:
                ap = at(path, "billed_as")
                if n == 0:
                    raise Mismatch(ap, "null", "a measurement", "no bill row matched")
                if check_provenance(obj_at(r, path, "billed_as"), ap,
                                    IDENTITY_VERSION) != "measured":
                    raise Mismatch(at(ap, "kind"), "'measured'",
                                   f"'{r['billed_as']['kind']}'", "the bill measured the usage")
                m = r["billed_as"]
                if m["run_id"] != "bill " + bill:
                    raise Mismatch(at(ap, "run_id"), f"'bill {bill}'", f"'{m['run_id']}'",
                                   "the bill is the run")
                method = (f"billed usage and {basis} cost of {n} row{'' if n == 1 else 's'} of "
                          f"a {layout} bill (")
                if not m["method"].startswith(method):
                    raise Mismatch(at(ap, "method"), f"'{method}...'", f"'{m['method']}'",
                                   "the rows the bill measured")
                if m["region"] != (ident["region"] or "") or \
                        m["instance_type"] != (ident["instance_type"] or ""):
                    raise Mismatch(at(ap, "region"), "the row's region and instance type",
                                   f"'{m['region']}', '{m['instance_type']}'")
            elif n > 0:
                raise Mismatch(at(path, "billed_as"), "the bill's measurement", "null",
                               f"{n} bill row(s) matched")
            check_resources(r, path, n, b, bq)
            if inside and n > 0 and ident["region"] is not None and ident["region"] not in regions:
                raise Mismatch("regions", f"a list with {ident['region']}", regions,
                               f"{path} of the estimate is billed there; an estimate's row kept "
                               "is of a region reconciled")
            if unpriced:
                unpriced_rows += 1
                unpriced_most += len(lines)
            if inside:
                sum_est += e
            sum_billed += b
            sum_rows += n
        expect("estimated", sum_est, estimated, "the rows of the estimate")
        expect("billed_usage", sum_billed, billed, "the rows' billed amounts")
        said = whole(d, "", "unpriced_lines", 0)
        if not unpriced_rows <= said <= unpriced_most:
            raise Mismatch("unpriced_lines", f"{unpriced_rows} to {unpriced_most}", said,
                           "at least one line of each unpriced row, at most all")
        other, other_rows = Fraction(0), 0
        for path, t in objects(d, "", "other_charges", ["what", "rows", "amount"], "a total"):
            nonempty(t, path, "what")
            other_rows += whole(t, path, "rows", 1)
            other += dec(t, path, "amount")
        expect("other_charges_total", other, dec(d, "", "other_charges_total"),
               "the other charges")
        left = 0
        for path, t in objects(d, "", "left_out", ["what", "rows", "amount"], "a total"):
            nonempty(t, path, "what")
            left += whole(t, path, "rows", 1)
            dec(t, path, "amount")
        expect("rows_kept", sum_rows + other_rows, kept,
               "the usage rows matched and the other charges")
        expect("rows_read", kept + left, read, "the rows kept and the rows left out")
        invoiced = dec(d, "", "invoiced")
        if basis == "billed":
            expect("invoiced", billed + other, invoiced,
                   "at the billed basis, the usage and the other charges")
        return {"rows": len(d["rows"])}


# ------------------------------------------------------------------------------------------------
# A plan (schema trncost.plan, docs/reports.md#plans): several workloads over calendar time on one
# set of grants. Its figures are recomputed from the inputs it carries: each workload's charges of
# one occurrence and its occurrences' dates, each grant's amount, dates and coverage. The periods
# are cut again, the charges spread over their days, the grants applied earliest last valid day
# first and the credits attributed to the charges they paid; members are read and compared in the
# order the C++ audit reads them, so that both name the same member.

PLAN_SCHEMA = "trncost.plan"
PLAN_MEMBERS = ["schema", "schema_version", "title", "file", "currency", "start", "end", "grants",
                "workloads", "periods", "months", "services", "spend", "credits", "cash", "wasted",
                "lost_at_expiry", "runway"]
PLAN_GRANT = ["name", "amount", "issued", "last_valid_day", "services", "excluded", "used",
              "exhausted_on", "runs_out_on", "wasted_at_expiry", "lost_at_expiry", "usable"]
PLAN_WORKLOAD = ["name", "scenario", "title", "status", "per_occurrence", "unpriced_lines",
                 "charges", "occurrences", "spend", "credits", "cash", "draws"]
PLAN_CHARGE = ["category", "service", "kind", "amount"]
PLAN_OCCURRENCE = ["start", "end", "cost"]
# From version 2 each occurrence states its length in seconds: whole days, or a run ending during
# its last day (version 1: whole days).
# From version 3 each workload groups its occurrences by the prices in force on their days
# (`pricings`), each group with the charges each of its occurrences spends.
PLAN_VERSION = 3
PLAN_SECONDS_VERSION = 2
PLAN_PRICINGS_VERSION = 3
PLAN_OCCURRENCE_V2 = ["start", "end", "seconds", "cost"]
PLAN_WORKLOAD_V3 = PLAN_WORKLOAD[:8] + ["pricings"] + PLAN_WORKLOAD[8:]
PLAN_PRICING = ["in_force_on", "versions", "latest_known", "occurrences", "per_occurrence",
                "charges"]
DAY_SECONDS = 86400
PLAN_PERIOD = ["start", "end", "spend", "credits", "cash", "draws", "balance_after"]
PLAN_MONTH = ["month", "spend", "credits", "cash", "draws"]
PLAN_SERVICE = ["service", "spend", "credits", "cash"]
EXCLUDABLE = ["upfront fee", "Marketplace", "support"]
NO_SERVICE = "(no AWS service)"
ONE_DAY = datetime.timedelta(days=1)


def plan_object(items, path, i, members, what):
    e = items[i]
    if not isinstance(e, dict):
        raise Unreadable(at(path, i), f"is {type_name(e)}, expected an object")
    return closed(e, at(path, i), members, what)


def plan_expect(path, found, expected, why):
    """What the plan's inputs give (expected) against what the document says (found)."""
    if found != expected:
        raise Mismatch(path, "null" if expected is None else show(expected),
                       "null" if found is None else show(found), why)


def plan_count(path, found, expected, what):
    if found != expected:
        raise Mismatch(path, f"{expected} {what}", f"{found}", "the plan's inputs give that many")


def month_after(d):
    return datetime.date(d.year + 1, 1, 1) if d.month == 12 else datetime.date(d.year,
                                                                                 d.month + 1, 1)


def split_by_days(amount, days):
    """amount in proportion to whole days (or seconds), each part but the last rounded half-even at
    the 18th digit, the last the remainder: the parts sum to the amount exactly."""
    total = sum(days)
    parts, given = [], Fraction(0)
    for i, n in enumerate(days):
        part = amount - given if i == len(days) - 1 else \
            round_places(amount * n / total, "half-even")
        parts.append(part)
        given += part
    return parts


def plan_charges(w, path):
    """One occurrence's charges (a workload's, or a pricing's), as (category, service, amount)."""
    charges, cpath = [], at(path, "charges")
    citems = arr(w, path, "charges")
    for j in range(len(citems)):
        c = plan_object(citems, cpath, j, PLAN_CHARGE, "a charge")
        cat = one_of(c, at(cpath, j), "category", CATEGORIES, "category")
        service = member(c, at(cpath, j), "service", (str, type(None)), "a string or null")
        if service == "":
            raise Unreadable(at(at(cpath, j), "service"),
                             "is empty; a charge no AWS service is known to bill is null")
        if text(c, at(cpath, j), "kind") != "usage":
            raise Unreadable(at(at(cpath, j), "kind"),
                             f"'{c['kind']}' is not usage, the only kind a plan's charge is")
        amount = dec(c, at(cpath, j), "amount")
        if amount < 0:
            raise Mismatch(at(at(cpath, j), "amount"), "0 or more", show(amount), "a charge")
        charges.append((cat, service, amount))
    return charges


class Plan:
    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Unreadable("", "a plan is a JSON object")
        self.doc = doc

    def read_inputs(self):
        d = closed(self.doc, "", PLAN_MEMBERS, "a plan")
        expect("schema", PLAN_SCHEMA, text(d, "", "schema"))
        version = whole(d, "", "schema_version")
        if not 1 <= version <= PLAN_VERSION:
            raise Unreadable("schema_version", f"{version} is not a plan version this verifier "
                             f"knows (1 to {PLAN_VERSION})")
        with_seconds = version >= PLAN_SECONDS_VERSION
        with_pricings = version >= PLAN_PRICINGS_VERSION
        text(d, "", "title")
        text(d, "", "file")
        if text(d, "", "currency") != "USD":
            raise Unreadable("currency", f"'{d['currency']}' is not USD, the only currency")
        self.start, self.end = day(d, "", "start"), day(d, "", "end")
        if not self.start < self.end:
            raise Mismatch("end", f"a day after {self.start}", str(self.end),
                           "a plan runs over [start, end)")
        self.grants = []
        items = arr(d, "", "grants")
        for k in range(len(items)):
            path = at("grants", k)
            g = plan_object(items, "grants", k, PLAN_GRANT, "a grant of a plan")
            name = text(g, path, "name")
            if not name or name in [x["name"] for x in self.grants]:
                raise Mismatch(at(path, "name"), "a name of its own", f"'{name}'",
                               "grants are named once each")
            amount = dec(g, path, "amount")
            if amount < 0:
                raise Mismatch(at(path, "amount"), "0 or more", show(amount), "a grant's amount")
            issued, last = day(g, path, "issued"), day(g, path, "last_valid_day")
            if last < issued:
                raise Mismatch(at(path, "last_valid_day"), f"{issued} or later", str(last),
                               "the grant's issue date")
            if self.grants and last < self.grants[-1]["last"]:
                raise Mismatch(at(path, "last_valid_day"), f"{self.grants[-1]['last']} or later",
                               str(last), "the grants are listed in the order they pay: earliest "
                               "last valid day first")
            services = strings(g, path, "services")
            if not services:
                raise Mismatch(at(path, "services"), "a service", "none", "a grant covers one")
            for j, code in enumerate(services):
                if code not in SERVICE_CODES:
                    raise Unreadable(at(at(path, "services"), j),
                                     f"'{code}' is not a known AWS service code")
            excluded = strings(g, path, "excluded")
            for j, kind in enumerate(excluded):
                if kind not in EXCLUDABLE:
                    raise Unreadable(at(at(path, "excluded"), j),
                                     f"'{kind}' is not a kind of charge a grant can exclude")
            self.grants.append({"name": name, "amount": amount, "issued": issued, "last": last,
                                "services": set(services), "excluded": set(excluded)})
        self.workloads = []
        items = arr(d, "", "workloads")
        for i in range(len(items)):
            path = at("workloads", i)
            w = plan_object(items, "workloads", i,
                            PLAN_WORKLOAD_V3 if with_pricings else PLAN_WORKLOAD,
                            "a workload of a plan")
            name = text(w, path, "name")
            if not name or name in [x["name"] for x in self.workloads]:
                raise Mismatch(at(path, "name"), "a name of its own", f"'{name}'",
                               "workloads are named once each")
            text(w, path, "scenario")
            text(w, path, "title")
            one_of(w, path, "status", STATUSES, "status")
            per = dec(w, path, "per_occurrence")
            strings(w, path, "unpriced_lines")
            charges = plan_charges(w, path)
            plan_expect(at(path, "per_occurrence"), per, sum(a for _, _, a in charges),
                        "the sum of its charges")
            occurrences, opath, costs = [], at(path, "occurrences"), []
            oitems = arr(w, path, "occurrences")
            for j in range(len(oitems)):
                o = plan_object(oitems, opath, j,
                                PLAN_OCCURRENCE_V2 if with_seconds else PLAN_OCCURRENCE,
                                "an occurrence")
                first, end = day(o, at(opath, j), "start"), day(o, at(opath, j), "end")
                if not first < end:
                    raise Mismatch(at(at(opath, j), "end"), f"a day after {first}", str(end),
                                   "an occurrence has days")
                if first < self.start:
                    raise Mismatch(at(at(opath, j), "start"), f"{self.start} or later",
                                   str(first), "inside the plan")
                if self.end < end:
                    raise Mismatch(at(at(opath, j), "end"), f"{self.end} or earlier", str(end),
                                   "inside the plan")
                # Its length in seconds from its first day's 00:00: ending during its last day.
                span = (end - first).days * DAY_SECONDS
                seconds = span
                if with_seconds:
                    seconds = whole(o, at(opath, j), "seconds", 0)
                    if not span - DAY_SECONDS < seconds <= span:
                        raise Mismatch(at(at(opath, j), "seconds"),
                                       f"more than {span - DAY_SECONDS} and at most {span}",
                                       str(seconds), "an occurrence ends during its last day")
                if not with_pricings:
                    plan_expect(at(at(opath, j), "cost"), dec(o, at(opath, j), "cost"), per,
                                "each occurrence spends the workload's per_occurrence")
                costs.append(dec(o, at(opath, j), "cost"))
                occurrences.append([first, end, seconds, charges])
            if not occurrences:
                raise Mismatch(opath, "an occurrence", "none", "a workload runs at least once")
            spend = per * len(occurrences)
            why = f"per_occurrence x {len(occurrences)} occurrence(s)"
            if with_pricings:
                spend, why = self.read_pricings(w, path, occurrences, costs, charges), \
                    "the sum of its occurrences' costs"
            plan_expect(at(path, "spend"), dec(w, path, "spend"), spend, why)
            self.workloads.append({"name": name, "charges": charges, "occurrences": occurrences,
                                   "spend": spend})

    def read_pricings(self, w, path, occurrences, costs, charges):
        """Version 3: every occurrence in one pricing, whose charges it spends; the workload's own
        charges are its first occurrence's. Returns the workload's spend."""
        group = [None] * len(occurrences)
        sets = []
        ppath = at(path, "pricings")
        items = arr(w, path, "pricings")
        for g in range(len(items)):
            e = plan_object(items, ppath, g, PLAN_PRICING, "a pricing of a workload")
            gp = at(ppath, g)
            day(e, gp, "in_force_on")
            before = None
            for j, v in enumerate(strings(e, gp, "versions")):
                d = parse_day(v, at(at(gp, "versions"), j))
                if before is not None and not before < d:
                    raise Unreadable(at(at(gp, "versions"), j),
                                     "the versions are in order, once each")
                before = d
            member(e, gp, "latest_known", bool, "a boolean")
            ks = arr(e, gp, "occurrences")
            if not ks:
                raise Mismatch(at(gp, "occurrences"), "an occurrence", "none",
                               "a pricing prices one or more")
            for j, k in enumerate(ks):
                kp = at(at(gp, "occurrences"), j)
                if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < 10 ** 9:
                    raise Unreadable(kp, "is not the index of an occurrence (a whole number)")
                if k >= len(group) or group[k] is not None:
                    raise Mismatch(kp, "an occurrence no other pricing has", str(k),
                                   "each occurrence is priced once")
                group[k] = g
            cs = plan_charges(e, gp)
            total = sum((a for _, _, a in cs), Fraction(0))
            plan_expect(at(gp, "per_occurrence"), dec(e, gp, "per_occurrence"), total,
                        "the sum of its charges")
            sets.append((cs, total))
        spend = Fraction(0)
        opath = at(path, "occurrences")
        for k, o in enumerate(occurrences):
            if group[k] is None:
                raise Mismatch(at(opath, k), "a pricing", "none", "each occurrence is priced once")
            cs, total = sets[group[k]]
            plan_expect(at(at(opath, k), "cost"), costs[k], total,
                        "the per_occurrence of the pricing that prices it")
            o[3] = cs
            spend += total
        if sets[group[0]][0] != charges:
            raise Mismatch(at(path, "charges"), f"those of pricings[{group[0]}]", "others",
                           "a workload's charges are its first occurrence's")
        return spend

    def schedule(self):
        """The plan's periods: cut at its dates, each 1st of a month and each occurrence's first
        and last day, and at the start of the last day of an occurrence that ends during it; each
        occurrence's charges spread over its periods by days, or by the seconds of the run in
        each period when it ends during a day."""
        cuts = {self.start, self.end}
        d = month_after(self.start)
        while d < self.end:
            cuts.add(d)
            d = month_after(d)
        for w in self.workloads:
            for first, end, seconds, _ in w["occurrences"]:
                cuts.update((first, end))
                if seconds != (end - first).days * DAY_SECONDS:
                    cuts.add(end - ONE_DAY)
        bounds = sorted(cuts)
        periods = [{"start": bounds[i], "end": bounds[i + 1], "charges": []}
                   for i in range(len(bounds) - 1)]
        for wi, w in enumerate(self.workloads):
            for first, end, seconds, charges in w["occurrences"]:
                a, b = bounds.index(first), bounds.index(end)
                days = [(bounds[i + 1] - bounds[i]).days for i in range(a, b)]
                if seconds != (end - first).days * DAY_SECONDS:
                    # The run's seconds in each period: full days, then what is left of it.
                    days = [min((bounds[i + 1] - first).days * DAY_SECONDS, seconds)
                            - (bounds[i] - first).days * DAY_SECONDS for i in range(a, b)]
                for cat, service, amount in charges:
                    for i, part in enumerate(split_by_days(amount, days)):
                        periods[a + i]["charges"].append((wi, cat, service, part))
        return periods

    def pays(self, g, service):
        # A plan's charges are usage, which no grant excludes: coverage is by service alone.
        return service is not None and service in g["services"]

    def burn(self, periods):
        """The grants applied to the periods, day ranges split at issue dates and at the day after
        a last valid day, each grant in the document's order (earliest last valid day first)
        taking the charges it covers in their order until its balance is spent."""
        n = len(self.grants)
        balance = [g["amount"] for g in self.grants]
        gone = [False] * n
        out = {"used": [Fraction(0)] * n, "runs_out": [None] * n, "wasted": [None] * n,
               "lost": [Fraction(0)] * n, "lines": [], "total_wasted": Fraction(0)}

        def expire(day, inside):
            for k, g in enumerate(self.grants):
                if not gone[k] and g["last"] + ONE_DAY <= day:
                    gone[k] = True
                    out["lost"][k] = balance[k]
                    if inside:
                        out["wasted"][k] = balance[k]
                        out["total_wasted"] += balance[k]
                    balance[k] = Fraction(0)

        for pi, p in enumerate(periods):
            cuts = {p["start"], p["end"]}
            for g in self.grants:
                for d in (g["issued"], g["last"] + ONE_DAY):
                    if p["start"] < d < p["end"]:
                        cuts.add(d)
            sub = sorted(cuts)
            days = [(sub[i + 1] - sub[i]).days for i in range(len(sub) - 1)]
            pieces = [split_by_days(c[3], days) for c in p["charges"]]
            p["spend"] = sum((c[3] for c in p["charges"]), Fraction(0))
            p["credits"] = Fraction(0)
            for s in range(len(days)):
                a, b = sub[s], sub[s + 1]
                expire(a, True)
                left = [pc[s] for pc in pieces]
                for k, g in enumerate(self.grants):
                    if not g["issued"] <= a <= g["last"] or balance[k] == 0:
                        continue
                    mine = [self.pays(g, c[2]) for c in p["charges"]]
                    eligible = sum((x for x, m in zip(left, mine) if m), Fraction(0))
                    if eligible == 0:
                        continue
                    before = balance[k]
                    budget = min(before, eligible)
                    paid = {}
                    for ci, c in enumerate(p["charges"]):
                        if budget == 0:
                            break
                        if not mine[ci]:
                            continue
                        take = min(budget, left[ci])
                        left[ci] -= take
                        budget -= take
                        balance[k] -= take
                        paid[(c[1], c[2])] = paid.get((c[1], c[2]), Fraction(0)) + take
                    out["used"][k] += before - balance[k]
                    p["credits"] += before - balance[k]
                    for (cat, service), amount in paid.items():
                        if amount != 0:
                            out["lines"].append((pi, k, cat, service, amount))
                    if balance[k] == 0 and out["runs_out"][k] is None:
                        # The period's spend spread evenly over its days: the balance lasts
                        # span x before / eligible days, whole days counted.
                        span = (b - a).days
                        lasted = math.floor(before * span / eligible)
                        out["runs_out"][k] = a + datetime.timedelta(days=min(lasted, span))
            p["cash"] = p["spend"] - p["credits"]
            p["balance_after"] = list(balance)
        expire(self.end, True)
        # Nothing is projected past a plan: a balance left waits, whole, for its last valid day.
        for k in range(n):
            if not gone[k]:
                out["lost"][k] = balance[k]
        out["usable"] = [any(c[3] != 0 and self.pays(g, c[2]) for p in periods
                             for c in p["charges"]) for g in self.grants]
        stops = [out["runs_out"][k] or g["last"] + ONE_DAY
                 for k, g in enumerate(self.grants) if out["usable"][k]]
        out["runway"] = max(stops) if stops else None
        return out

    def attribute(self, periods, burned):
        """Each credit line split among its period's charges of the same category and service in
        proportion to their amounts (each share rounded half-even at the 18th digit twice, as the
        product then the quotient, the last the remainder)."""
        n = len(self.grants)
        credits = [Fraction(0)] * len(self.workloads)
        by_grant = [[Fraction(0)] * n for _ in self.workloads]
        for pi, k, cat, service, amount in burned["lines"]:
            shares = [(c[0], c[3]) for c in periods[pi]["charges"]
                      if c[1] == cat and c[2] == service and c[3] != 0]
            total = sum((x for _, x in shares), Fraction(0))
            if not shares or total == 0:
                continue
            given = Fraction(0)
            for j, (wi, x) in enumerate(shares):
                part = amount - given if j == len(shares) - 1 else round_places(
                    round_places(amount * x, "half-even") / total, "half-even")
                credits[wi] += part
                by_grant[wi][k] += part
                given += part
        return credits, by_grant

    def check_amounts(self, obj, path, key, computed, why):
        items = arr(obj, path, key)
        where = at(path, key)
        plan_count(where, len(items), len(computed), "amounts (one per grant)")
        for k, v in enumerate(items):
            if not isinstance(v, str):
                raise Unreadable(at(where, k), f"is {type_name(v)}, expected a decimal string")
            plan_expect(at(where, k), parse_decimal(v, at(where, k)), computed[k],
                        f"{why} of grant '{self.grants[k]['name']}'")

    def check(self):
        self.read_inputs()
        d = self.doc
        periods = self.schedule()
        burned = self.burn(periods)
        credits, by_grant = self.attribute(periods, burned)
        n = len(self.grants)
        draws = [[Fraction(0)] * n for _ in periods]
        for pi, k, _, _, amount in burned["lines"]:
            draws[pi][k] += amount
        items = arr(d, "", "periods")
        plan_count("periods", len(items), len(periods), "periods (cut at the plan's dates, each "
                   "1st of a month and each occurrence's first and last day)")
        for i, p in enumerate(periods):
            path = at("periods", i)
            o = plan_object(items, "periods", i, PLAN_PERIOD, "a period of a plan")
            plan_expect(at(path, "start"), day(o, path, "start"), p["start"], "the period's cuts")
            plan_expect(at(path, "end"), day(o, path, "end"), p["end"], "the period's cuts")
            plan_expect(at(path, "spend"), dec(o, path, "spend"), p["spend"],
                        "the occurrences' charges spread over their days")
            plan_expect(at(path, "credits"), dec(o, path, "credits"), p["credits"],
                        "the grants applied, earliest last valid day first")
            plan_expect(at(path, "cash"), dec(o, path, "cash"), p["cash"], "spend - credits")
            self.check_amounts(o, path, "draws", draws[i], "the credits")
            self.check_amounts(o, path, "balance_after", p["balance_after"], "the balance left")
        months = []
        for i, p in enumerate(periods):
            name = f"{p['start'].year}-{p['start'].month:02d}"
            if not months or months[-1]["month"] != name:
                months.append({"month": name, "spend": Fraction(0), "credits": Fraction(0),
                               "cash": Fraction(0), "draws": [Fraction(0)] * n})
            m = months[-1]
            m["spend"] += p["spend"]
            m["credits"] += p["credits"]
            m["cash"] += p["cash"]
            m["draws"] = [x + y for x, y in zip(m["draws"], draws[i])]
        items = arr(d, "", "months")
        plan_count("months", len(items), len(months), "months")
        for i, m in enumerate(months):
            path = at("months", i)
            o = plan_object(items, "months", i, PLAN_MONTH, "a month of a plan")
            plan_expect(at(path, "month"), text(o, path, "month"), m["month"],
                        "the month its periods start in")
            plan_expect(at(path, "spend"), dec(o, path, "spend"), m["spend"],
                        "the month's periods' spend")
            plan_expect(at(path, "credits"), dec(o, path, "credits"), m["credits"],
                        "the month's periods' credits")
            plan_expect(at(path, "cash"), dec(o, path, "cash"), m["cash"],
                        "the month's periods' cash")
            self.check_amounts(o, path, "draws", m["draws"], "the month's credits")
        for k, g in enumerate(d["grants"]):
            path = at("grants", k)
            plan_expect(at(path, "used"), dec(g, path, "used"), burned["used"][k],
                        "its credits over the plan")
            runs_out = burned["runs_out"][k]
            plan_expect(at(path, "exhausted_on"), day_or_null(g, path, "exhausted_on"), runs_out,
                        "the day its balance reached zero in the plan")
            plan_expect(at(path, "runs_out_on"), day_or_null(g, path, "runs_out_on"), runs_out,
                        "the day its balance runs out, the period's spend spread evenly over "
                        "its days")
            plan_expect(at(path, "wasted_at_expiry"), dec_or_null(g, path, "wasted_at_expiry"),
                        burned["wasted"][k], "its balance at a last valid day inside the plan")
            plan_expect(at(path, "lost_at_expiry"), dec(g, path, "lost_at_expiry"),
                        burned["lost"][k], "its balance left on its last valid day")
            plan_expect(at(path, "usable"), member(g, path, "usable", bool, "a boolean"),
                        burned["usable"][k], "whether any charge of the plan is one it pays")
        for i, w in enumerate(d["workloads"]):
            path = at("workloads", i)
            plan_expect(at(path, "credits"), dec(w, path, "credits"), credits[i],
                        "the credits attributed to its charges, period by period")
            plan_expect(at(path, "cash"), dec(w, path, "cash"),
                        self.workloads[i]["spend"] - credits[i], "spend - credits")
            self.check_amounts(w, path, "draws", by_grant[i], "the credits")
        services = {}
        for p in periods:
            for c in p["charges"]:
                s = services.setdefault(c[2] or NO_SERVICE, [Fraction(0), Fraction(0)])
                s[0] += c[3]
        for _, _, _, service, amount in burned["lines"]:
            services.setdefault(service or NO_SERVICE, [Fraction(0), Fraction(0)])[1] += amount
        items = arr(d, "", "services")
        plan_count("services", len(items), len(services), "services")
        for i, name in enumerate(sorted(services)):
            path = at("services", i)
            o = plan_object(items, "services", i, PLAN_SERVICE, "a service of a plan")
            spend, paid = services[name]
            plan_expect(at(path, "service"), text(o, path, "service"), name,
                        "the services billing the plan's charges, by name")
            plan_expect(at(path, "spend"), dec(o, path, "spend"), spend,
                        "the plan's charges it bills")
            plan_expect(at(path, "credits"), dec(o, path, "credits"), paid,
                        "the credits that paid them")
            plan_expect(at(path, "cash"), dec(o, path, "cash"), spend - paid, "spend - credits")
        spend = sum((p["spend"] for p in periods), Fraction(0))
        paid = sum((p["credits"] for p in periods), Fraction(0))
        plan_expect("spend", dec(d, "", "spend"), spend, "the periods' spend")
        plan_expect("credits", dec(d, "", "credits"), paid, "the periods' credits")
        plan_expect("cash", dec(d, "", "cash"), spend - paid, "spend - credits")
        plan_expect("wasted", dec(d, "", "wasted"), burned["total_wasted"],
                    "balances lost at a last valid day inside the plan")
        plan_expect("lost_at_expiry", dec(d, "", "lost_at_expiry"), sum(burned["lost"], Fraction(0)),
                    "the grants' lost_at_expiry")
        plan_expect("runway", day_or_null(d, "", "runway"), burned["runway"],
                    "the first day no grant the plan's charges draw on can pay")
        return {"workloads": len(self.workloads), "periods": len(periods)}


# ------------------------------------------------------------------------------------------------

def main(argv):
    parser = argparse.ArgumentParser(
        prog="verify_report.py",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Recomputes a trncost JSON report (schema trncost.report, versions 1 to 4, "
                    "a study, trncost.study version 1, a reconciliation of an estimate with a "
                    "bill, trncost.reconciliation version 1, or a plan, trncost.plan version 1 "
                    "or 2) from the report alone, sharing no code with trncost, and names the "
                    "first mismatch: its path in the document, the expected value and the value "
                    "found.",
        epilog="exit codes:\n  0  the report passed\n  1  internal error (a bug in this script)\n"
               "  2  usage error\n  3  the report cannot be read (not JSON, a member missing or "
               "of the\n     wrong type, an unknown schema, version, member or section)\n"
               "  4  the report does not recompute (the first mismatch is printed)\n\n"
               "docs/reports.md#the-second-verifier says what is recomputed and what is not.")
    parser.add_argument("report", help="the JSON report, or - for standard input")
    parser.add_argument("--quiet", action="store_true",
                        help="print nothing; the exit code says the result")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return EXIT_USAGE if e.code else EXIT_OK
    say = (lambda s: None) if args.quiet else print
    name = args.report
    try:
        if name == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(name, "rb") as f:
                raw = f.read()
    except OSError as e:
        say(f"verify failed: {name}: cannot be read ({e.strerror})")
        return EXIT_UNREADABLE
    try:
        doc = read_json(raw)
        if isinstance(doc, dict) and doc.get("schema") == PLAN_SCHEMA:
            counts = Plan(doc).check()
            say(f"verify passed: {name}: {counts['workloads']} workloads, {counts['periods']} "
                "periods; the schedule, the grants' burn-down, each workload's draw and the "
                "totals recompute")
            return EXIT_OK
        if isinstance(doc, dict) and doc.get("schema") == RECONCILIATION_SCHEMA:
            counts = Reconciliation(doc).check()
            say(f"verify passed: {name}: {counts['rows']} rows; each difference, its usage and "
                "price effects and the totals recompute, and every row read is kept or left out")
            return EXIT_OK
        study = isinstance(doc, dict) and doc.get("schema") == STUDY_SCHEMA
        counts = Study(doc).check() if study else Report(doc).check()
    except Unreadable as e:
        say(f"verify failed: {name}: {e}")
        return EXIT_UNREADABLE
    except Mismatch as e:
        say(f"verify failed: {name}: {e}")
        return EXIT_MISMATCH
    say(f"verify passed: {name}: " +
        (f"{counts['options']} options, " if study else "") +
        f"{counts['inputs']} inputs, {counts['derivations']} derivations, "
        f"{counts['lines']} lines, the totals and {counts['sections']} section(s) checked; the "
        "status follows the rules" +
        ("; the comparison and the decisions follow from the options" if study else ""))
    return EXIT_OK


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Exception as e:  # a bug here, never a verdict on the report
        print(f"verify_report.py: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(EXIT_INTERNAL)
