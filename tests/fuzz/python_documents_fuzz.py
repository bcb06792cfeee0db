#!/usr/bin/env python3
"""A fuzzer of documents written in Python: trncost.scenario(), study() and plan() on mappings made
from the shipped files (read with tomllib) with one to four random changes each: a value replaced
by a hostile one (text with quotes, brackets, newlines and TOML headers, control characters, huge
and negative numbers, floats, None, nested lists and tables, dates and times out of range,
Decimal NaN), a key removed, a key added, a list emptied or repeated.

What counts as a finding (the run stops and prints the document):
- an exception other than trncost.Error, TypeError or ValueError (a crash of the extension ends the
  process, which the caller sees as a non-zero exit);
- a document whose TOML text (trncost.to_toml) holds a table the mapping did not give: a key or
  value pasted into the text unchecked ("injection"), told by reading the text back with tomllib
  and comparing the top-level keys and the number of [[component]], [[option]] and [[workload]]
  tables.

    python_documents_fuzz.py [--seconds N] [--seed S] [--last FILE] [--kinds scenario,study,plan]

Standard library and the trncost module only; the seed makes a run repeatable.
"""

import argparse
import copy
import datetime as dt
import os
import pathlib
import random
import sys
import time
import tomllib
from decimal import Decimal

import trncost

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = [("scenario", p) for p in sorted((ROOT / "examples" / "scenarios").glob("*.toml"))] + \
    [("study", p) for p in sorted((ROOT / "examples" / "studies").glob("*.toml"))] + \
    [("plan", p) for p in sorted((ROOT / "examples" / "plans").glob("*.toml"))]

HOSTILE = [
    "", " ", "x", "\"", "'", "\\", "\"\"\"", "'''", "]]", "[[component]]", "\n[[component]]\n",
    "a\"\n[estimate]\ntitle = \"b", "x\nkind = \"logging\"", "\u0000", "\u001f", "\u2028", "\ud7ff",
    "é", "1e400", "-1", "0", "00", "+1", "1.0000000000000000001", "999999999999999999999",
    "NaN", "inf", "2026-13-45", "2026-02-29", "9999-12-31", "0001-01-01", "USD/h", "GiB", "GB",
    0, 1, -1, 2 ** 63, -(2 ** 63) - 1, 10 ** 30, 0.5, float("nan"), True, False, None, [], {},
    [1, "a"], {"value": "1"}, {"value": 1.5}, {"x": {"y": {"z": []}}}, Decimal("NaN"),
    Decimal("1e-30"), Decimal("-0"), dt.date(1, 1, 1), dt.date(9999, 12, 31),
    dt.datetime(1970, 1, 1), dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.timezone.utc),
    dt.time(12, 0),
]
KEYS = ["kind", "name", "value", "unit", "price", "source", "measured", "assumption", "choice",
        "forecast", "consulted", "as_of", "region", "instances", "x\"y", "a.b", "[c]", "", " "]


def paths(doc, prefix=()):
    """Every (path, container) of the document's nested tables and lists."""
    yield prefix, doc
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) \
        else []
    for k, v in items:
        if isinstance(v, (dict, list)):
            yield from paths(v, prefix + (k,))


def mutate(doc, rng):
    containers = [c for _, c in paths(doc) if c]
    if not containers:
        return
    c = rng.choice(containers)
    keys = list(c.keys()) if isinstance(c, dict) else list(range(len(c)))
    k = rng.choice(keys)
    what = rng.randrange(6)
    if what == 0 or what == 1:
        c[k] = copy.deepcopy(rng.choice(HOSTILE))
    elif what == 2 and isinstance(c, dict):
        del c[k]
    elif what == 3 and isinstance(c, dict):
        c[rng.choice(KEYS)] = copy.deepcopy(rng.choice(HOSTILE))
    elif what == 4 and isinstance(c[k], list):
        c[k] = [] if rng.random() < 0.5 else c[k] + copy.deepcopy(c[k])
    elif isinstance(c[k], str):
        s = c[k]
        at = rng.randrange(len(s) + 1)
        c[k] = s[:at] + rng.choice(["\"", "\n", "]]", "\\", "'''", "\u0000"]) + s[at:]


def tables(parsed):
    return {key: len(parsed.get(key, [])) if isinstance(parsed.get(key), list) else 0
            for key in ("component", "option", "workload", "grant")}


def check_injection(doc):
    try:
        text = trncost.to_toml(doc)
    except (trncost.Error, TypeError, ValueError):
        return None
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        return f"to_toml wrote text TOML cannot read ({e})"
    if set(parsed) - set(doc):
        return f"to_toml wrote top-level keys the mapping did not give: {set(parsed) - set(doc)}"
    want = {key: len(doc[key]) if isinstance(doc.get(key), list) else 0
            for key in ("component", "option", "workload", "grant")}
    if tables(parsed) != want:
        return f"to_toml wrote {tables(parsed)} tables where the mapping gave {want}"
    return None


def one(kind, doc, base, last=None):
    if last:  # the document about to be read, as TOML: what a crash leaves to reproduce it
        try:
            pathlib.Path(last).write_text(trncost.to_toml(doc), encoding="utf-8")
        except (trncost.Error, TypeError, ValueError):
            pass
    finding = check_injection(doc)
    if finding:
        return finding
    try:
        if kind == "scenario":
            trncost.scenario(doc, base_dir=base).estimate()
        elif kind == "study":
            trncost.study(doc, base_dir=base)
        else:
            trncost.plan(doc, base_dir=base)
    except (trncost.Error, TypeError, ValueError):
        pass
    except Exception as e:  # anything else escaping is a finding
        return f"{type(e).__name__}: {e}"
    return None


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--last", help="write each document's TOML here before it is read")
    ap.add_argument("--kinds", default="scenario,study,plan",
                    help="the kinds of shipped file to start from (comma-separated)")
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    kinds = a.kinds.split(",")
    originals = [(kind, p, tomllib.loads(p.read_text(encoding="utf-8"))) for kind, p in SOURCES
                 if kind in kinds]
    end = time.monotonic() + a.seconds
    runs = 0
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        while time.monotonic() < end:
            kind, path, original = rng.choice(originals)
            doc = copy.deepcopy(original)
            for _ in range(rng.randint(1, 4)):
                mutate(doc, rng)
            finding = one(kind, doc, str(path.parent), a.last)
            runs += 1
            if finding:
                print(f"finding after {runs} documents (seed {a.seed}), from {path.name}: "
                      f"{finding}")
                print(repr(doc)[:4000])
                return 1
    finally:
        os.chdir(here)
    print(f"{runs} documents in {a.seconds:g} s (seed {a.seed}), from {len(originals)} shipped "
          "files: no finding")
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
