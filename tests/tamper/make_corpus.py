#!/usr/bin/env python3
"""make_corpus.py: writes the tamper corpus, one tampered report per class, from real reports.

Each class below changes one thing a report says (a unit, a region, an SKU, a run, a duplicate key,
a byte-order mark, a sign, an amount, a date...) in the first source report it applies to, and
names the field both verifiers must name when they refuse it (a JSON path: "lines[3].amount";
"(document)" for what is no JSON report at all). The sources are the reports trncost writes for
the shipped examples (tests/tamper/run_corpus.py makes them at test time), so the corpus follows
the writer. Standard library only.

  make_corpus.py --out DIR SOURCE.json...

writes DIR/<class>.json and DIR/manifest.json: [{"class", "file", "source", "field", "what"}].
Exits 1 when a class applies to no source (every class must be exercised).
"""

import argparse
import copy
import datetime
import json
import os
import re
import sys

MARK = "@@tamper@@"  # a string value replaced in the serialized text (raw-level tampers)
SERVICE_CODES = ["AmazonEC2", "AmazonS3", "AWSDataTransfer", "AmazonCloudWatch", "AmazonSageMaker",
                 "AmazonBedrock", "AmazonFSx", "AmazonEFS", "AmazonEKS", "AmazonECR"]


# ------------------------------------------------------------------------------------------------
# Helpers over a report (a dict as json.load gives it).

def inputs_of(doc, kind=None):
    return [(i, e) for i, e in enumerate(doc["inputs"])
            if kind is None or e["provenance"]["kind"] == kind]


def index_of(doc, name):
    for i, d in enumerate(doc["derivations"]):
        if d["name"] == name:
            return "derivations", i
    for i, e in enumerate(doc["inputs"]):
        if e["name"] == name:
            return "inputs", i
    return None, None


def upstream(doc, name, seen=None):
    """The names a value is computed from (itself included)."""
    seen = set() if seen is None else seen
    if name in seen:
        return seen
    seen.add(name)
    kind, i = index_of(doc, name)
    if kind == "derivations":
        for o in doc["derivations"][i]["operands"]:
            upstream(doc, o, seen)
    return seen


def users(doc, name):
    """The derivations (index) that take `name` as an operand, in order."""
    return [i for i, d in enumerate(doc["derivations"]) if name in d["operands"]]


def v5(doc):
    return doc.get("schema_version", 0) >= 5


def priced_line(doc):
    for i, l in enumerate(doc["lines"]):
        if l["amount"] not in (None, "0"):
            return i, l
    return None, None


def set_at(doc, path, value):
    """Sets the member a JSON path names ("lines[0].identity.account") to value."""
    *parents, last = [int(k) if k.isdigit() else k for k in re.findall(r"[^.\[\]]+", path)]
    for k in parents:
        doc = doc[k]
    doc[last] = value


def changed(new, was):
    """new, or new(was) when new is a function of the value it replaces."""
    return new(was) if callable(new) else new


def other_than(first, second):
    """A change to first, or to second where the value is first already."""
    return lambda was: first if was != first else second


def plus(text, delta):
    from decimal import Decimal
    return str(Decimal(text) + Decimal(delta))


def first_line_with_quote(doc, field, value_ok=lambda v: bool(v)):
    """(line index, input index) of the first line whose price comes from a quote with `field`,
    the line's identity saying one too (each is compared when both say one; a purchase option
    only on a price, a quote in USD)."""
    ident = {"offer_code": "service"}.get(field, field)
    for li, l in enumerate(doc["lines"]):
        if l.get("identity", {}).get(ident) is None:
            continue
        price = upstream(doc, l["price"])
        for ii, e in inputs_of(doc, "quoted"):
            if field == "purchase_option" and not e["unit"].startswith("USD"):
                continue
            if e["name"] in price and e["known"] and value_ok(e["provenance"][field]):
                return li, ii
    return None, None


# ------------------------------------------------------------------------------------------------
# The classes: each returns (field, what) after changing `doc` in place, or None. A class whose
# change is in the text (not expressible as JSON data) returns (field, what, raw) where raw maps
# the serialized text to the bytes written. The classes of one kind are made by the functions just
# below, given in CLASSES what their class changes; the others are written out.

def member_set(path, value, what, only_v5=False):
    """Sets the member at path (a JSON path, the field named) to value."""
    def tamper(doc):
        if only_v5 and not v5(doc):
            return None
        set_at(doc, path, value)
        return path, what
    return tamper


def member_as_text(path, field, text, what):
    """Writes the JSON text `text` (a number, or a string with escapes json.dumps would not write)
    where the member at path stands, naming field."""
    def tamper(doc):
        set_at(doc, path, MARK)
        return field, what, lambda t: t.replace(f'"{MARK}"', text, 1).encode()
    return tamper


def found_member(find, key, new, field, what):
    """Changes `key` of what find(doc) picks, (index, object) or (None, None). field is the JSON
    path both verifiers name, the index in it as {i}; what may name the object, {name}, and the
    value it had, {was}."""
    def tamper(doc):
        i, found = find(doc)
        if found is None:
            return None
        was = found[key]
        found[key] = changed(new, was)
        return field.format(i=i), what.format(name=found.get("name"), was=was)
    return tamper


def line_against_quote(field, side, new, what, value_ok=lambda v: bool(v)):
    """Version 5: on the first line whose price comes from a quote with `field`
    (first_line_with_quote), changes the field on the line's identity (side "identity") or on the
    quote ("quote"), so that they no longer agree; both verifiers name the line's identity. what may
    name the quote, {quote}."""
    ident = {"offer_code": "service"}.get(field, field)

    def tamper(doc):
        if not v5(doc):
            return None
        li, ii = first_line_with_quote(doc, field, value_ok)
        if li is None:
            return None
        if side == "identity":
            target, key = doc["lines"][li]["identity"], ident
        else:
            target, key = doc["inputs"][ii]["provenance"], field
        target[key] = changed(new, target[key])
        return f"lines[{li}].identity.{ident}", what.format(quote=doc["inputs"][ii]["name"])
    return tamper


def measurement_start(new, what):
    """Changes the start (`from`) of the first measured input's period."""
    def tamper(doc):
        for i, e in inputs_of(doc, "measured"):
            e["provenance"]["from"] = changed(new, e["provenance"]["from"])
            return f"inputs[{i}].provenance.from", what
        return None
    return tamper


def c_bom(doc):
    return "(document)", "a UTF-8 byte-order mark before the report", \
        lambda t: b"\xef\xbb\xbf" + t.encode("utf-8")


def c_duplicate_key(doc):
    total = doc["totals"]["total"]
    doc["totals"]["total"] = MARK
    return "totals.total", "totals.total given twice (0 first, then the true total)", \
        lambda t: t.replace(f'"total": "{MARK}"', f'"total": "0", "total": "{total}"', 1).encode()


def c_duplicate_member_deep(doc):
    i, l = priced_line(doc)
    if l is None:
        return None
    amount, l["amount"] = l["amount"], MARK
    return f"lines[{i}].amount", "a line's amount given twice, the same value both times", \
        lambda t: t.replace(f'"amount": "{MARK}"', f'"amount": "{amount}", "amount": "{amount}"',
                            1).encode()


def c_lone_low_surrogate(doc):
    doc["findings"].append(MARK)
    n = len(doc["findings"]) - 1
    return f"findings[{n}]", "a lone low surrogate \\udc00 in a finding", \
        lambda t: t.replace(f'"{MARK}"', '"\\udc00"', 1).encode()


def c_surrogate_in_key(doc):
    doc["totals"][MARK] = "1"
    return "totals", "a lone surrogate in a member's name", \
        lambda t: t.replace(f'"{MARK}"', '"\\ud800x"', 1).encode()


def c_deep_nesting(doc):
    deep = "x"
    for _ in range(80):
        deep = [deep]
    doc["findings"] = deep
    return "findings" + "[0]" * 63, "findings nested 81 deep"


def c_trailing_garbage(doc):
    return "(document)", "a second value after the report", \
        lambda t: (t + "\n{}\n").encode()


def c_invalid_utf8(doc):
    doc["lines"][0]["description"] = MARK
    return "(document)", "a byte that is not UTF-8 in a description", \
        lambda t: t.encode().replace(MARK.encode(), b"\xff", 1)


def c_truncated(doc):
    return "(document)", "the report cut in half", lambda t: t[:len(t) // 2].encode()


def c_missing_member(doc):
    del doc["lines"][0]["amount"]
    return "lines[0].amount", "a line without its amount"


def c_identity_in_old_version(doc):
    if not v5(doc) or doc.get("work") or doc.get("analysis") or doc.get("credits"):
        return None
    if doc["reasons"]:
        return None
    doc["schema_version"] = 1
    doc.pop("figures", None)  # a member of version 7
    # Only the lines keep what version 5 added: the identity is what is refused.
    added = {"measured": ("instance_type", "region"), "quoted": ("instance_type", "usage_type")}
    for e in doc["inputs"]:
        for key in added.get(e["provenance"]["kind"], ()):
            del e["provenance"][key]
    for r in doc.get("protocol", {}).get("runs", []):
        r.pop("instance_type", None)
        r.pop("region", None)
    return "lines[0].identity", "a version 1 report with version 5's identities"


def c_identity_missing(doc):
    if not v5(doc):
        return None
    del doc["lines"][0]["identity"]
    return "lines[0].identity", "a version 5 line without its identity"


def c_quote_without_instance_type(doc):
    if not v5(doc):
        return None
    for i, e in inputs_of(doc, "quoted"):
        del e["provenance"]["instance_type"]
        return f"inputs[{i}].provenance.instance_type", "a version 5 quote without instance_type"
    return None


def c_run_without_region(doc):
    if not v5(doc) or not doc.get("protocol", {}).get("runs"):
        return None
    del doc["protocol"]["runs"][0]["region"]
    return "protocol.runs[0].region", "a version 5 protocol run without its region"


def c_protocol_date(doc):
    if "protocol" not in doc:
        return None
    doc["protocol"]["as_of"] = "2020-01-01"
    return "protocol.as_of", "the protocol's as-of date not the report's"


def c_negative_window(doc):
    doc["freshness_window_days"] = -1
    if "protocol" in doc:
        doc["protocol"]["freshness_window_days"] = -1
    return "freshness_window_days", "a negative freshness window"


def c_phase_unknown(doc):
    for i, l in enumerate(doc["lines"]):
        if l["phase"] is not None:
            l["phase"] = "coffee break"
            return f"lines[{i}].phase", "a line of an unknown phase"
    return None


def c_as_of_not_a_date(doc):
    doc["as_of"] = "2026-02-30"
    if "protocol" in doc:
        doc["protocol"]["as_of"] = "2026-02-30"
    return "as_of", "an as-of date that is no calendar day"


def c_justification_not_declared(doc):
    for i, c in enumerate(doc["categories"]):
        if c["coverage"] == "lines":
            c["justification"] = "because"
            return f"categories[{i}].justification", "a justification on a category with lines"
    return None


# ----- Units (exit 4: the report reads, and does not mean what it says).

def derivation_of_unit(doc, unit, ops=None):
    for i, d in enumerate(doc["derivations"]):
        if d["unit"] == unit and (ops is None or d["op"] in ops):
            return i, d
    return None, None


def same_dimension_convert(doc):
    for i, d in enumerate(doc["derivations"]):
        if d["op"] == "convert" and d["unit"] in ("s", "h") and d["num"] != d["den"]:
            return i, d
    return None, None


def c_add_operand_unit(doc):
    """An input taken by an add (or a median) in another unit: named at the operand."""
    for i, d in enumerate(doc["derivations"]):
        if d["op"] not in ("add", "sub", "median", "max", "min") or len(d["operands"]) < 2:
            continue
        kind, k = index_of(doc, d["operands"][1])
        if kind != "inputs" or doc["inputs"][k]["unit"] != "s":
            continue
        # the input must be used first here (an earlier user would be named instead)
        if users(doc, d["operands"][1])[0] != i:
            continue
        a_kind, a = index_of(doc, d["operands"][0])
        unit_a = doc[a_kind][a]["unit"]
        if unit_a != "s":
            continue
        doc["inputs"][k]["unit"] = "h"
        return f"derivations[{i}].operands[1]", f"input '{d['operands'][1]}' in h, added to s"
    return None


def c_price_unit(doc):
    """A line's price input in USD/h instead of USD/instance-h: no longer money with its factor."""
    for li, l in enumerate(doc["lines"]):
        kind, k = index_of(doc, l["price"])
        if kind == "inputs" and doc["inputs"][k]["unit"] == "USD/instance-h" and \
                not users(doc, l["price"]):
            if any(x["price"] == l["price"] for x in doc["lines"][:li]):
                continue
            doc["inputs"][k]["unit"] = "USD/h"
            return f"lines[{li}]", f"price '{l['price']}' in USD/h"
    return None


def c_price_gb_not_gib(doc):
    """A per-GiB-month price said to be per GB-month: its line is no longer money with its
    factor (a GiB is 1.073741824 GB)."""
    for li, l in enumerate(doc["lines"]):
        kind, k = index_of(doc, l["price"])
        if kind == "inputs" and doc["inputs"][k]["unit"] == "USD/GiB-mo" and \
                not users(doc, l["price"]) and \
                not any(x["price"] == l["price"] for x in doc["lines"][:li]):
            doc["inputs"][k]["unit"] = "USD/GB-mo"
            return f"lines[{li}]", f"price '{l['price']}' per GB-month instead of per GiB-month"
    return None


# ----- Identity and consistency (version 5).

def measured_with_type(doc, with_runs=False):
    """Version 5 (and, with_runs, a protocol that lists runs): the first measured input that names
    its instance type, (index, input), or (None, None)."""
    if not v5(doc) or (with_runs and not doc.get("protocol", {}).get("runs")):
        return None, None
    for i, e in inputs_of(doc, "measured"):
        if e["provenance"].get("instance_type"):
            return i, e
    return None, None


def c_measured_instance_type(doc):
    i, e = measured_with_type(doc)
    if e is None:
        return None
    e["provenance"]["instance_type"] = "g5.xlarge"
    return f"inputs[{i}].provenance.instance_type", "a measurement moved to another instance type"


def c_run_instance_type(doc):
    i, e = measured_with_type(doc)
    if e is None:
        return None
    run_id = e["provenance"]["run_id"].split(",")[0]
    for r in doc["protocol"]["runs"]:
        if r["run_id"] == run_id:
            r["instance_type"] = "g5.xlarge"
            return f"inputs[{i}].provenance.instance_type", f"run '{run_id}' moved to g5.xlarge"
    return None


def c_runs_emptied(doc):
    i, e = measured_with_type(doc, with_runs=True)
    if e is None:
        return None
    doc["protocol"]["runs"] = []
    return f"inputs[{i}].provenance.run_id", "protocol.runs emptied"


def c_run_removed(doc):
    i, e = measured_with_type(doc, with_runs=True)
    if e is None:
        return None
    gone = e["provenance"]["run_id"].split(",")[0]
    doc["protocol"]["runs"] = [r for r in doc["protocol"]["runs"] if r["run_id"] != gone]
    return f"inputs[{i}].provenance.run_id", f"run '{gone}' removed from the protocol"


def c_run_twice(doc):
    runs = doc.get("protocol", {}).get("runs")
    if not runs:
        return None
    runs.append(copy.deepcopy(runs[0]))
    return f"protocol.runs[{len(runs) - 1}].run_id", "a run listed twice"


def c_run_unnamed(doc):
    if not v5(doc) or "protocol" not in doc:
        return None
    runs = doc["protocol"]["runs"]
    runs.append({"run_id": "nobody-measured-this", "model": "", "code_version": "",
                 "dataset_id": "", "parameters": [], "software_stack": [],
                 "instance_type": "trn1.32xlarge", "region": "us-east-1"})
    return f"protocol.runs[{len(runs) - 1}].run_id", "a run no measurement names"


def quote_with_rate(doc):
    for i, e in inputs_of(doc, "quoted"):
        p = e["provenance"]
        if p["sku"] and p["rate_code"] and p["offer_term_code"] not in ("", p["sku"]):
            return i, p
    return None, None


def c_consulted_before_published(doc):
    for i, e in inputs_of(doc, "quoted"):
        p = e["provenance"]
        if p["published"]:
            day = datetime.date.fromisoformat(p["published"]) - datetime.timedelta(days=1)
            p["consulted"] = day.isoformat()
            return f"inputs[{i}].provenance.consulted", "a quote consulted before it was published"
    return None


def c_measured_backwards(doc):
    for i, e in inputs_of(doc, "measured"):
        p = e["provenance"]
        if p["from"] < p["to"]:
            p["from"], p["to"] = p["to"], p["from"]
            return f"inputs[{i}].provenance.to", "a measurement period that ends before it begins"
    return None


def c_declared_none_with_lines(doc):
    for i, c in enumerate(doc["categories"]):
        if c["coverage"] == "lines":
            c["coverage"] = "declared-none"
            c["justification"] = "nothing to see"
            return f"categories[{i}]", "a category with lines declared none"
    return None


def c_lines_coverage_without_lines(doc):
    for i, c in enumerate(doc["categories"]):
        if c["coverage"] != "lines":
            was, c["coverage"] = c["coverage"], "lines"
            c.pop("justification", None)
            # A declared-none category is in totals.by_category (at 0), which both check first.
            return ("totals.by_category" if was == "declared-none" else f"categories[{i}]"), \
                f"a category {was} said to have lines"
    return None


# ----- Values, totals, status (exit 4).

def c_total(doc):
    doc["totals"]["total"] = plus(doc["totals"]["total"], "1")
    return "totals.total", "the total + 1"


def c_by_category(doc):
    rows = doc["totals"]["by_category"]
    rows[0]["amount"] = plus(rows[0]["amount"], "1")
    return "totals.by_category", "a category's subtotal + 1"


def c_figure_value(doc):
    figures = doc.get("figures")
    if not figures:
        return None
    figures[0]["value"] = "nothing " + figures[0]["value"]
    return "figures[0].value", "a workload's figure naming no value of the report"


def c_figure_twice(doc):
    figures = doc.get("figures")
    if not figures:
        return None
    figures.append(dict(figures[0]))
    return f"figures[{len(figures) - 1}]", "a workload's figure stated twice"


def c_status_upgraded(doc):
    if doc["status"] == "verified":
        return None
    doc["status"] = "verified"
    return "status", "the status upgraded to verified"


def c_reason_rule(doc):
    if doc["schema_version"] < 4:
        return None
    for i, r in enumerate(doc["reasons"]):
        if r["rule"] == "no-assumption":
            r["rule"] = "no-third-party"
            return f"reasons[{i}].rule", "a reason credited to another rule of its status"
    return None


def c_removed_input(doc):
    for i, d in enumerate(doc["derivations"]):
        for j, o in enumerate(d["operands"]):
            kind, k = index_of(doc, o)
            if kind == "inputs" and users(doc, o)[0] == i and \
                    not any(l["price"] == o or l["quantity"] == o for l in doc["lines"]):
                del doc["inputs"][k]
                for l in doc["lines"]:
                    if o in l["inputs"]:
                        l["inputs"].remove(o)
                return f"derivations[{i}].operands", f"input '{o}' removed"
    return None


def c_operation_swapped(doc):
    for i, d in enumerate(doc["derivations"]):
        if d["op"] == "add" and d["known"]:
            d["op"] = "sub"
            return f"derivations[{i}].value", f"derivation '{d['name']}' add -> sub"
    return None


def c_operand_renamed(doc):
    """A derivation's operand renamed to a value that comes later (formulas' operands)."""
    for i, d in enumerate(doc["derivations"]):
        if i + 1 < len(doc["derivations"]) and d["operands"]:
            d["operands"][0] = doc["derivations"][-1]["name"]
            return f"derivations[{i}].operands", "an operand renamed to a later derivation"
    return None


def c_line_inputs(doc):
    for i, l in enumerate(doc["lines"]):
        used = upstream(doc, l["price"]) | upstream(doc, l["quantity"])
        for e in doc["inputs"]:
            if e["name"] not in used:
                l["inputs"].append(e["name"])
                return f"lines[{i}].inputs", f"a line listing '{e['name']}', not its input"
    return None


def c_unknown_value(doc):
    for i, d in enumerate(doc["derivations"]):
        if d["known"]:
            d["known"] = False
            return f"derivations[{i}].value", "a known derivation marked unknown"
    return None


def c_work_full(doc):
    w = doc.get("work")
    if not w or w["full"] is None:
        return None
    w["full"] = plus(w["full"], "1")
    return "work.full", "the cost per unit of work + 1"


def c_stale_quote(doc):
    if doc["status"] != "verified" and doc["status"] != "provisional":
        return None
    as_of = datetime.date.fromisoformat(doc["as_of"])
    for i, e in inputs_of(doc, "quoted"):
        p = e["provenance"]
        if e["known"]:
            day = as_of - datetime.timedelta(days=doc["freshness_window_days"] + 1)
            p["consulted"] = day.isoformat()
            if p["published"] and p["published"] > p["consulted"]:
                p["published"] = p["consulted"]
            return "status", f"quote '{e['name']}' consulted past the freshness window"
    return None


def c_uncertainty_opened(doc):
    for i, u in enumerate(doc["uncertainties"]):
        if u["status"] == "resolved" and doc["status"] == "verified":
            u["status"] = "open"
            return "status", "a resolved migration uncertainty reopened"
    return None


def c_assumption_as_choice(doc):
    """A guess relabelled as a decision, its reason kept: the status rules no longer give it."""
    for i, e in inputs_of(doc, "assumption"):
        if e["known"] and any(r["rule"] == "no-assumption" for r in doc["reasons"]):
            e["provenance"] = {"kind": "choice", "reason": e["provenance"]["rationale"], "by": ""}
            # The report keeps one no-assumption reason more than the rules give: the verifiers
            # pair reasons in order, so the one left over is the last.
            j = max(j for j, r in enumerate(doc["reasons"]) if r["rule"] == "no-assumption")
            return f"reasons[{j}].rule", f"assumption '{e['name']}' relabelled as a choice"
    return None


def c_choice_as_assumption_dropped(doc):
    """A guess relabelled as a choice with its reason removed and the status upgraded: the
    verifiers recompute the status from the kinds, so a provisional estimate can be made verified
    only by a kind the report then shows."""
    reasons = [r for r in doc["reasons"] if r["rule"] == "no-assumption"]
    if not reasons or len(reasons) != len(doc["reasons"]):
        return None
    for i, e in inputs_of(doc, "assumption"):
        if e["known"]:
            e["provenance"] = {"kind": "choice", "reason": "", "by": ""}
            doc["reasons"] = []
            doc["status"] = "verified"
            return f"inputs[{i}].provenance.reason", f"'{e['name']}' a choice without its reason"
    return None


def c_given_in_old_version(doc):
    """A choice in a report of version 5, which has no such kind."""
    for i, e in inputs_of(doc, "assumption"):
        if e["known"] and doc["schema_version"] >= 6:
            doc["schema_version"] = 5
            doc.pop("figures", None)  # a member of version 7
            e["provenance"] = {"kind": "choice", "reason": e["provenance"]["rationale"], "by": ""}
            return f"inputs[{i}].provenance.kind", "a choice in a version 5 report"
    return None


def c_run_not_recorded_in_old_version(doc):
    """A measurement without its run in a version 5 report, where a run was always named."""
    for i, e in inputs_of(doc, "measured"):
        if doc["schema_version"] >= 6:
            doc["schema_version"] = 5
            doc.pop("figures", None)  # a member of version 7
            e["provenance"]["run_id"] = ""
            return f"inputs[{i}].provenance.run_id", "a version 5 measurement without its run"
    return None


def decimal_text(x):
    """A decimal as a report writes it: no exponent, no trailing zeros."""
    t = format(x.normalize(), "f")
    return t if "." not in t else t.rstrip("0").rstrip(".")


def uses(doc, skip=None):
    """The names some line (but line `skip`), derivation or the work uses."""
    used = set()
    for d in doc["derivations"]:
        used.update(d["operands"])
    for i, l in enumerate(doc["lines"]):
        if i != skip:
            used.update([l["price"], l["quantity"]] + l["inputs"])
    if "work" in doc:
        used.add(doc["work"]["amount"])
    return used


def moved_total(doc, category, delta):
    """Totals that agree with a line of `category` added (delta > 0) or removed (delta < 0)."""
    from decimal import Decimal
    doc["totals"]["total"] = decimal_text(Decimal(doc["totals"]["total"]) + delta)
    for row in doc["totals"]["by_category"]:
        if row["category"] == category:
            row["amount"] = decimal_text(Decimal(row["amount"]) + delta)


def line_to_forge(doc):
    """A priced line without a phase, in a category with another line, in a report without work
    (whose cost per unit would move first): what a forger drops or repeats."""
    if "work" in doc:
        return None, None
    for i, l in enumerate(doc["lines"]):
        same = [m for m in doc["lines"] if m["category"] == l["category"]]
        if l["phase"] is None and l["amount"] not in (None, "0") and len(same) > 1:
            return i, l
    return None, None


def c_line_dropped(doc):
    """A line removed and the totals lowered to agree: what it alone used is left feeding nothing."""
    from decimal import Decimal
    i, l = line_to_forge(doc)
    if l is None:
        return None
    used = uses(doc, skip=i)
    dangling = [f"inputs[{k}]" for k, e in enumerate(doc["inputs"]) if e["name"] not in used] + \
        [f"derivations[{k}]" for k, d in enumerate(doc["derivations"]) if d["name"] not in used]
    if not dangling:
        return None
    del doc["lines"][i]
    moved_total(doc, l["category"], -Decimal(l["amount"]))
    return dangling[0], f"line '{l['description']}' removed, the totals lowered to agree"


def c_line_twice(doc):
    """A line repeated and the totals raised to agree."""
    from decimal import Decimal
    i, l = line_to_forge(doc)
    if l is None:
        return None
    doc["lines"].append(copy.deepcopy(l))
    moved_total(doc, l["category"], Decimal(l["amount"]))
    return f"lines[{len(doc['lines']) - 1}]", f"line '{l['description']}' twice, the totals raised"


CLASSES = [
    ("line-dropped", c_line_dropped),
    ("line-twice", c_line_twice),
    ("assumption-as-choice", c_assumption_as_choice),
    ("choice-without-reason", c_choice_as_assumption_dropped),
    ("given-in-version-5", c_given_in_old_version),
    ("run-not-recorded-in-version-5", c_run_not_recorded_in_old_version),
    ("bom", c_bom),
    ("duplicate-key", c_duplicate_key),
    ("duplicate-member-deep", c_duplicate_member_deep),
    ("plus-sign",
     found_member(priced_line, "amount", lambda a: "+" + a, "lines[{i}].amount",
                  "a '+' sign on a line's amount")),
    ("unknown-top-member",
     member_set("comment", "reviewed by hand", "an unknown top-level member")),
    ("unknown-line-member", member_set("lines[0].note", "x", "an unknown member in a line")),
    ("unknown-provenance-member",
     member_set("inputs[0].provenance.verified_by", "me", "an unknown member in a provenance")),
    ("unknown-identity-member",
     member_set("lines[0].identity.account", "123456789012",
                "an unknown member in a line's identity", only_v5=True)),
    ("lone-surrogate",
     member_as_text("lines[0].description", "lines[0].description", '"train \\ud800"',
                    "a lone high surrogate \\ud800 in a description")),
    ("lone-low-surrogate", c_lone_low_surrogate),
    ("surrogate-in-key", c_surrogate_in_key),
    ("deep-nesting", c_deep_nesting),
    ("total-out-of-range",
     member_set("totals.total", "200000000000000000000",
                "a total beyond the decimal range (2e20 > 1.7e20)")),
    ("amount-19-digits",
     found_member(priced_line, "amount", lambda a: a + ("" if "." in a else ".") + "0" * 19,
                  "lines[{i}].amount", "19 fractional digits on an amount")),
    ("decimal-exponent", member_set("totals.useful", "1e3", "an exponent in a decimal")),
    ("decimal-as-number",
     member_as_text("totals.total", "totals.total", "43.5", "the total as a JSON number")),
    ("whole-out-of-range",
     member_set("lines[0].den", 2 ** 64, "a line's den beyond a 64-bit integer")),
    ("nan", member_as_text("lines[0].num", "(document)", "NaN", "NaN as a number")),
    ("number-too-big",
     member_as_text("lines[0].num", "(document)", "1e400",
                    "a number beyond a double's range (1e400)")),
    ("trailing-garbage", c_trailing_garbage),
    ("invalid-utf8", c_invalid_utf8),
    ("truncated", c_truncated),
    ("num-zero", member_set("lines[0].num", 0, "a line's num of 0")),
    ("missing-member", c_missing_member),
    ("wrong-type", member_set("lines[0].inputs", "all of them", "a line's inputs as a string")),
    ("identity-in-version-1", c_identity_in_old_version),
    ("identity-missing", c_identity_missing),
    ("identity-empty-text",
     member_set("lines[0].identity.usage_type", "", "an identity field empty instead of null",
                only_v5=True)),
    ("identity-unknown-option",
     member_set("lines[0].identity.purchase_option", "free tier",
                "an identity's purchase option that is none", only_v5=True)),
    ("quote-without-instance-type", c_quote_without_instance_type),
    ("run-without-region", c_run_without_region),
    ("protocol-date", c_protocol_date),
    ("schema-version-newer",
     member_set("schema_version", 99, "a schema version newer than both verifiers read")),
    ("negative-window", c_negative_window),
    ("status-unknown", member_set("status", "approved", "a status that is none of the five")),
    ("line-category-unknown",
     member_set("lines[0].category", "catering", "a line of an unknown category")),
    ("phase-unknown", c_phase_unknown),
    ("as-of-not-a-date", c_as_of_not_a_date),
    ("timestamp-format",
     measurement_start(lambda t: t.replace("T", " "),
                       "a measurement period's start not in UTC form")),
    ("justification-not-declared", c_justification_not_declared),
    ("unit-s-to-min",
     found_member(lambda doc: derivation_of_unit(doc, "s"), "unit", "min", "derivations[{i}].unit",
                  "derivation '{name}' in min instead of s")),
    ("unit-bananas",
     found_member(lambda doc: derivation_of_unit(doc, "s"), "unit", "bananas",
                  "derivations[{i}].unit", "a derivation in an unknown unit")),
    ("input-unit-unknown",
     member_set("inputs[0].unit", "USD/furlong", "an input in an unknown unit")),
    ("mul-unit",
     found_member(lambda doc: derivation_of_unit(doc, "instance-s", ["mul"]), "unit", "s",
                  "derivations[{i}].unit", "a product's unit given as one operand's")),
    ("convert-unit",
     found_member(same_dimension_convert, "unit", "min", "derivations[{i}].unit",
                  "a conversion to {was} said to be to minutes")),
    ("convert-dimension",
     found_member(same_dimension_convert, "unit", "GiB", "derivations[{i}].unit",
                  "a conversion to {was} said to be to GiB")),
    ("add-operand-unit", c_add_operand_unit),
    ("price-unit", c_price_unit),
    ("price-gb-not-gib", c_price_gb_not_gib),
    ("quote-region",
     line_against_quote("region", "quote", "eu-west-3", "quote '{quote}' moved to eu-west-3")),
    ("identity-region",
     line_against_quote("region", "identity", "ap-south-2",
                        "a line's identity moved to another region")),
    ("identity-service",
     line_against_quote("offer_code", "identity", "AmazonSageMaker",
                        "a line billed by another service than its quote's",
                        lambda v: v in SERVICE_CODES)),
    ("quote-offer-code",
     line_against_quote("offer_code", "quote", "AmazonS3",
                        "an EC2 price said to come from the S3 offer file",
                        lambda v: v == "AmazonEC2")),
    ("identity-usage-type",
     line_against_quote("usage_type", "identity", "BoxUsage:p5.48xlarge",
                        "a line's usage type made another instance type's (quote '{quote}' "
                        "says its own)")),
    ("quote-usage-type",
     line_against_quote("usage_type", "quote", "BoxUsage:inf2.xlarge",
                        "a price quoted for another usage type", lambda v: "BoxUsage" in v)),
    ("identity-instance-type",
     line_against_quote("instance_type", "identity", "inf2.xlarge",
                        "a line's instance type not its price's")),
    ("quote-instance-type",
     line_against_quote("instance_type", "quote", "p4d.24xlarge",
                        "a price quoted for another instance type")),
    ("identity-purchase-option",
     line_against_quote("purchase_option", "identity", other_than("spot", "reserved"),
                        "a line bought otherwise than its price")),
    ("quote-purchase-option",
     line_against_quote("purchase_option", "quote", other_than("Capacity Block", "on-demand"),
                        "a price of another purchase option")),
    ("measured-instance-type", c_measured_instance_type),
    ("run-instance-type", c_run_instance_type),
    ("runs-emptied", c_runs_emptied),
    ("run-removed", c_run_removed),
    ("run-twice", c_run_twice),
    ("run-unnamed", c_run_unnamed),
    ("sku-changed",
     found_member(quote_with_rate, "sku", "ABCDEFGHIJKLMNOP", "inputs[{i}].provenance.rate_code",
                  "a quote's SKU no longer its rate code's")),
    ("offer-term-changed",
     found_member(quote_with_rate, "offer_term_code", "4NA7Y494T4",
                  "inputs[{i}].provenance.rate_code",
                  "a quote's offer term no longer its rate code's")),
    ("consulted-before-published", c_consulted_before_published),
    ("measured-at-epoch",
     measurement_start("1970-01-01T00:00:00Z", "a measurement period from the epoch")),
    ("measured-before-epoch",
     measurement_start("1969-12-31T23:00:00Z", "a measurement period from before the epoch")),
    ("measured-backwards", c_measured_backwards),
    ("declared-none-with-lines", c_declared_none_with_lines),
    ("lines-coverage-without-lines", c_lines_coverage_without_lines),
    ("line-amount",
     found_member(priced_line, "amount", lambda a: plus(a, "0.01"), "lines[{i}].amount",
                  "a line's amount + 0.01")),
    ("total", c_total),
    ("figure-value", c_figure_value),
    ("figure-twice", c_figure_twice),
    ("by-category", c_by_category),
    ("status-upgraded", c_status_upgraded),
    ("reason-rule", c_reason_rule),
    ("removed-input", c_removed_input),
    ("operation-swapped", c_operation_swapped),
    ("operand-renamed", c_operand_renamed),
    ("line-factor",
     found_member(priced_line, "den", lambda den: den * 2, "lines[{i}].amount",
                  "a line's den doubled (its amount left as it was)")),
    ("line-inputs", c_line_inputs),
    ("unknown-value", c_unknown_value),
    ("work-full", c_work_full),
    ("stale-quote", c_stale_quote),
]


# ------------------------------------------------------------------------------------------------
# Reconciliations (schema trncost.reconciliation): the same strict reading, and every row's figures,
# why, unit, measurement and region tied to each other.

def row_where(doc, test):
    for i, r in enumerate(doc["rows"]):
        if test(r):
            return i, r
    return None, None


def r_why(new, test, what):
    def tamper(doc):
        i, r = row_where(doc, test)
        if r is None:
            return None
        was = r["why"]
        r["why"] = new(r)
        if r["why"] == was:
            return None
        return f"rows[{i}].why", what
    return tamper


def differs(r):
    return r["in_estimate"] and r["bill_rows"] > 0 and r["difference"] != "0" and not r["unpriced"]


def r_unit_split(doc):
    i, r = row_where(doc, lambda r: r["usage_effect"] is not None and r["unit"] == "GB-Mo")
    if r is None:
        return None
    r["unit"] = "GB"
    return f"rows[{i}].why", "a split row's unit changed from GB-Mo to GB (its why says GB-Mo)"


def r_unit_unknown(doc):
    i, r = row_where(doc, lambda r: r["unit"])
    if r is None:
        return None
    r["unit"] = "USD"
    return f"rows[{i}].unit", "a row's unit made 'USD', no price list unit"


def r_unit_without_quantity(doc):
    i, r = row_where(doc, lambda r: r["billed_quantity"] is None and not r["unit"])
    if r is None:
        return None
    r["unit"] = "Hrs"
    return f"rows[{i}].unit", "a unit on a row that counts no quantity"


def r_unpriced_count(doc):
    doc["unpriced_lines"] = doc["unpriced_lines"] + 3
    return "unpriced_lines", "three more unpriced lines than the rows hold"


def r_lines_emptied(doc):
    i, r = row_where(doc, lambda r: r["in_estimate"] and r["lines"])
    if r is None:
        return None
    r["lines"] = []
    return f"rows[{i}].lines", "a row of the estimate with an empty list of lines"


def r_regions_emptied(doc):
    if not doc["regions"] or not any(r["bill_rows"] and r["identity"]["region"]
                                     for r in doc["rows"]):
        return None
    doc["regions"] = []
    return "regions", "the regions reconciled emptied, rows billed in them kept"


def r_regions_swapped(doc):
    if doc["regions"] != ["us-east-1"]:
        return None
    doc["regions"] = ["us-west-2"]
    return "regions", "the region reconciled changed to another"


def r_region_of_row(doc):
    i, r = row_where(doc, lambda r: r["billed_as"] is not None and r["identity"]["region"])
    if r is None:
        return None
    r["identity"]["region"] = "us-west-2"
    return f"rows[{i}].billed_as.region", "a row's region changed, its measurement's not"


def r_currency(doc):
    doc["currency"] = "EUR"
    return "currency", "the currency made EUR"


def r_run_id(doc):
    i, r = row_where(doc, lambda r: r["billed_as"] is not None)
    if r is None:
        return None
    r["billed_as"]["run_id"] = "bill another-month.csv"
    return f"rows[{i}].billed_as.run_id", "a measurement said to come from another bill"


def r_bill_rows(doc):
    i, r = row_where(doc, lambda r: r["bill_rows"] > 0)
    if r is None:
        return None
    r["bill_rows"] += 1
    doc["rows_kept"] += 1
    doc["rows_read"] += 1
    return f"rows[{i}].billed_as.method", "one more bill row, the counts raised to agree"


def r_measured_as_assumed(doc):
    i, r = row_where(doc, lambda r: r["billed_as"] is not None)
    if r is None:
        return None
    r["billed_as"] = {"kind": "assumption", "rationale": "the bill"}
    return f"rows[{i}].billed_as.kind", "a bill's measurement relabelled an assumption"


def r_epoch(doc):
    i, r = row_where(doc, lambda r: r["billed_as"] is not None)
    if r is None:
        return None
    r["billed_as"]["from"] = "1970-01-01T00:00:00Z"
    return f"rows[{i}].billed_as.from", "a measurement's period from the epoch"


def r_not_in_estimate_unpriced(doc):
    i, r = row_where(doc, lambda r: not r["in_estimate"])
    if r is None:
        return None
    r["unpriced"] = True
    return f"rows[{i}].estimated", "a row not in the estimate marked unpriced"


def r_row_dropped(doc):
    """A bill-only row removed and the billed totals lowered: the rows read no longer add up."""
    from decimal import Decimal
    i, r = row_where(doc, lambda r: not r["in_estimate"] and r["bill_rows"] > 0)
    if r is None:
        return None
    del doc["rows"][i]
    for key in ("billed_usage", "difference"):
        doc[key] = str(Decimal(doc[key]) - Decimal(r["billed"]))
    return "rows_kept", "a row the estimate lacks removed, the billed totals lowered"


def r_resources(doc, n=1):
    """The first row with at least n resources of different amounts (for a swap), as (i, row)."""
    return row_where(doc, lambda r: len(r["resources"]) >= n and
                     len({x["billed"] for x in r["resources"][:n]}) == n)


def r_resource_dropped(doc):
    i, r = r_resources(doc, 2)
    if r is None:
        return None
    del r["resources"][-1]
    return f"rows[{i}].bill_rows", "the last resource behind a row removed"


def r_resource_raised(doc):
    from decimal import Decimal
    i, r = r_resources(doc)
    if r is None:
        return None
    r["resources"][0]["billed"] = str(Decimal(r["resources"][0]["billed"]) + 1)
    return f"rows[{i}].billed", "a resource said to bill 1 USD more than the row's rows"


def r_resource_quantity(doc):
    i, r = row_where(doc, lambda r: r["resources"] and r["billed_quantity"] is not None)
    if r is None:
        return None
    r["resources"][0]["quantity"] = None
    return f"rows[{i}].resources[0].quantity", "a resource's quantity removed, the row's kept"


def r_resource_period(doc):
    i, r = r_resources(doc)
    if r is None:
        return None
    r["resources"][0]["from"] = "2020-01-01T00:00:00Z"
    return f"rows[{i}].resources[0].from", "a resource billed before the row's measured period"


def r_resource_twice(doc):
    i, r = r_resources(doc, 2)
    if r is None:
        return None
    r["resources"][1]["id"] = r["resources"][0]["id"]
    return f"rows[{i}].resources[1].id", "two resources under one id"


def r_resources_swapped(doc):
    i, r = r_resources(doc, 2)
    if r is None:
        return None
    r["resources"][0], r["resources"][1] = r["resources"][1], r["resources"][0]
    return f"rows[{i}].resources[1].billed", "the smaller resource listed first"


def r_what_emptied(doc):
    if not doc["other_charges"]:
        return None
    doc["other_charges"][0]["what"] = ""
    return "other_charges[0].what", "an other charge that says nothing of what it is"


def r_plus(doc):
    i, r = row_where(doc, lambda r: r["billed"] != "0")
    if r is None:
        return None
    r["billed"] = "+" + r["billed"]
    return f"rows[{i}].billed", "a '+' sign on a billed amount"


def r_nineteen(doc):
    i, r = row_where(doc, lambda r: r["billed"] != "0")
    if r is None:
        return None
    r["billed"] = r["billed"] + ("" if "." in r["billed"] else ".") + "0" * 19
    return f"rows[{i}].billed", "a billed amount with 19 fractional digits"


def r_deep(doc):
    deep = "x"
    for _ in range(80):
        deep = [deep]
    doc["regions"] = deep
    return "regions" + "[0]" * 63, "regions nested 81 deep"


RECONCILIATION_CLASSES = [
    ("rec-why-as-estimated",
     r_why(lambda r: "as estimated", differs, "'as estimated' on a row that differs")),
    ("rec-why-reworded",
     r_why(lambda r: r["why"].replace("usage:", "price:", 1).replace("billed", "charged", 1),
           lambda r: r["usage_effect"] is not None, "a split row's why reworded")),
    ("rec-why-not-in-estimate",
     r_why(lambda r: "as estimated", lambda r: not r["in_estimate"],
           "a row the estimate lacks said to be as estimated")),
    ("rec-why-region-hidden",
     r_why(lambda r: "not in the estimate",
           lambda r: r["why"] == "not in the estimate (another region)",
           "a row of another region said to be only not in the estimate")),
    ("rec-why-no-service",
     r_why(lambda r: "as estimated", lambda r: r["in_estimate"] and r["identity"]["service"] is None,
           "a line billed by no service said to be as estimated")),
    ("rec-unit-split", r_unit_split),
    ("rec-unit-unknown", r_unit_unknown),
    ("rec-unit-without-quantity", r_unit_without_quantity),
    ("rec-currency", r_currency),
    ("rec-unpriced-count", r_unpriced_count),
    ("rec-lines-emptied", r_lines_emptied),
    ("rec-regions-emptied", r_regions_emptied),
    ("rec-regions-swapped", r_regions_swapped),
    ("rec-region-of-row", r_region_of_row),
    ("rec-run-id", r_run_id),
    ("rec-bill-rows", r_bill_rows),
    ("rec-measured-as-assumed", r_measured_as_assumed),
    ("rec-measured-at-epoch", r_epoch),
    ("rec-not-in-estimate-unpriced", r_not_in_estimate_unpriced),
    ("rec-row-dropped", r_row_dropped),
    ("rec-what-emptied", r_what_emptied),
    ("rec-resource-dropped", r_resource_dropped),
    ("rec-resource-raised", r_resource_raised),
    ("rec-resource-quantity", r_resource_quantity),
    ("rec-resource-period", r_resource_period),
    ("rec-resource-twice", r_resource_twice),
    ("rec-resources-swapped", r_resources_swapped),
    ("rec-bom", c_bom),
    ("rec-trailing-garbage", c_trailing_garbage),
    ("rec-plus-sign", r_plus),
    ("rec-19-digits", r_nineteen),
    ("rec-deep-nesting", r_deep),
    ("rec-unknown-member", member_set("comment", "reviewed", "an unknown top-level member")),
    ("rec-unknown-row-member", member_set("rows[0].note", "x", "an unknown member in a row")),
    ("rec-version", member_set("schema_version", 2, "a reconciliation version nobody wrote")),
]


# ------------------------------------------------------------------------------------------------
# Studies (schema trncost.study): each option's report is read as an estimate's is.

def in_an_option(estimate_class):
    """An estimate's class applied inside the first option of a study it applies to."""
    def tamper(doc):
        for k, o in enumerate(doc.get("options", [])):
            got = estimate_class(o["report"])
            if got is not None:
                return f"options[{k}].report.{got[0]}", "in an option, " + got[1]
        return None
    return tamper


def s_break_even_deleted(doc):
    if not doc.get("analysis", {}).get("break_even"):
        return None
    del doc["analysis"]["break_even"]
    return "analysis.break_even", "the break-even section deleted"


def s_break_even_one_dropped(doc):
    be = doc.get("analysis", {}).get("break_even", [])
    if len(be) < 2:
        return None
    del be[0]
    return "analysis.break_even", "one of two break-evens dropped"


def s_break_even_swapped(doc):
    be = doc.get("analysis", {}).get("break_even", [])
    if not be:
        return None
    be[0]["hosted"], be[0]["api"] = be[0]["api"], be[0]["hosted"]
    return "analysis.break_even[0]", "a break-even's fleet and API swapped"


STUDY_CLASSES = [
    ("study-break-even-deleted", s_break_even_deleted),
    ("study-break-even-one-dropped", s_break_even_one_dropped),
    ("study-break-even-swapped", s_break_even_swapped),
    ("study-option-line-dropped", in_an_option(c_line_dropped)),
    ("study-option-line-twice", in_an_option(c_line_twice)),
    ("study-option-total", in_an_option(c_total)),
]


# ------------------------------------------------------------------------------------------------
# Plans (schema trncost.plan): the same strict reading, and every figure recomputed from the
# workloads' charges and occurrences and the grants' terms.

def p_month_cash(doc):
    for i, m in enumerate(doc["months"]):
        if m["spend"] != "0":
            m["cash"] = plus(m["cash"], "0.01")
            return f"months[{i}].cash", "a month's cash one cent more"
    return None


def p_draw_moved(doc):
    """Credits moved from one grant to another in a month: the month's credits still add up."""
    for i, m in enumerate(doc["months"]):
        if len(m["draws"]) > 1 and m["draws"][0] != "0":
            m["draws"][0] = plus(m["draws"][0], "-1")
            m["draws"][1] = plus(m["draws"][1], "1")
            return f"months[{i}].draws[0]", "one dollar of a month's credits moved between grants"
    if doc["months"] and doc["grants"] and doc["months"][0]["draws"][0] != "0":
        # One grant: a second one with nothing, which the month says paid one dollar.
        doc["grants"].append(dict(doc["grants"][0], name="another grant", amount="0", used="0",
                                  exhausted_on=None, runs_out_on=None, wasted_at_expiry=None,
                                  lost_at_expiry="0"))
        for x in doc["periods"] + doc["months"] + doc["workloads"]:
            x["draws"].append("0")
        for x in doc["periods"]:
            x["balance_after"].append("0")
        m = doc["months"][0]
        m["draws"][0] = plus(m["draws"][0], "-1")
        m["draws"][1] = "1"
        return "months[0].draws[0]", "one dollar of a month's credits moved to another grant"
    return None


def p_run_out_moved(doc):
    for k, g in enumerate(doc["grants"]):
        if g["runs_out_on"] is not None:
            d = datetime.date.fromisoformat(g["runs_out_on"]) + datetime.timedelta(days=1)
            g["runs_out_on"] = d.isoformat()
            return f"grants[{k}].runs_out_on", "a grant's run-out day a day later"
    return None


def p_occurrence_dropped(doc):
    for i, w in enumerate(doc["workloads"]):
        if len(w["occurrences"]) > 1:
            w["occurrences"].pop()
            for p in w.get("pricings", []):
                p["occurrences"] = [k for k in p["occurrences"] if k < len(w["occurrences"])]
            return f"workloads[{i}].spend", "a workload's last occurrence dropped"
    return None


def p_pricing_moved(doc):
    """An occurrence of a later version listed with an earlier one: its cost is no longer that
    pricing's per_occurrence."""
    for i, w in enumerate(doc["workloads"]):
        ps = w.get("pricings", [])
        if len(ps) > 1 and ps[0]["per_occurrence"] != ps[1]["per_occurrence"]:
            k = ps[1]["occurrences"].pop(0)
            ps[0]["occurrences"].append(k)
            return f"workloads[{i}].occurrences[{k}].cost", \
                "an occurrence moved to another version's pricing"
    return None


def p_pricing_cost(doc):
    """A later version's occurrence costed as the earlier one: the pricing still says otherwise."""
    for i, w in enumerate(doc["workloads"]):
        ps = w.get("pricings", [])
        if len(ps) > 1 and ps[0]["per_occurrence"] != ps[1]["per_occurrence"]:
            k = ps[1]["occurrences"][0]
            w["occurrences"][k]["cost"] = ps[0]["per_occurrence"]
            return f"workloads[{i}].occurrences[{k}].cost", \
                "an occurrence costed at another version's price"
    return None


def p_pricing_unlisted(doc):
    """An occurrence no pricing lists."""
    for i, w in enumerate(doc["workloads"]):
        ps = w.get("pricings", [])
        if len(ps) > 1:
            k = ps[-1]["occurrences"].pop()
            return f"workloads[{i}].occurrences[{k}]", "an occurrence no pricing prices"
    return None


def p_occurrence_seconds(doc):
    """A run's length changed by an hour within its last day: its days' shares move."""
    for w in doc["workloads"]:
        for o in w["occurrences"]:
            if o.get("seconds", 0) % 86400 > 3600:
                o["seconds"] -= 3600
                return "periods", "an occurrence's length an hour shorter"
    return None


def p_seconds_past_days(doc):
    """An occurrence's seconds past its days: it no longer ends during its last day."""
    for i, w in enumerate(doc["workloads"]):
        for j, o in enumerate(w["occurrences"]):
            if "seconds" in o:
                start = datetime.date.fromisoformat(o["start"])
                end = datetime.date.fromisoformat(o["end"])
                o["seconds"] = (end - start).days * 86400 + 1
                return f"workloads[{i}].occurrences[{j}].seconds", \
                    "an occurrence's seconds one past its days"
    return None


def p_charge_service(doc):
    """A charge moved to a service the grant does not cover, in the workload's charges and in each
    pricing's (version 3): the periods' credits change."""
    for i, w in enumerate(doc["workloads"]):
        for j, c in enumerate(w["charges"]):
            if c["service"] == "AmazonEC2" and c["amount"] != "0":
                for p in w.get("pricings", []):
                    for d in p["charges"]:
                        if d == c:
                            d["service"] = None
                c["service"] = None
                return "periods", "a charge's service forgotten"
    return None


def p_grant_amount(doc):
    """A grant's amount changed alone: the first period it pays no longer says what it paid."""
    if not doc["grants"]:
        return None
    doc["grants"][0]["amount"] = "1"
    return "periods", "a grant's amount made 1 USD"


PLAN_CLASSES = [
    ("plan-month-cash", p_month_cash),
    ("plan-draw-moved", p_draw_moved),
    ("plan-run-out-moved", p_run_out_moved),
    ("plan-occurrence-dropped", p_occurrence_dropped),
    ("plan-occurrence-seconds", p_occurrence_seconds),
    ("plan-seconds-past-days", p_seconds_past_days),
    ("plan-pricing-moved", p_pricing_moved),
    ("plan-pricing-cost", p_pricing_cost),
    ("plan-pricing-unlisted", p_pricing_unlisted),
    ("plan-charge-service-forgotten", p_charge_service),
    ("plan-grant-amount", p_grant_amount),
    ("plan-runway", member_set("runway", "2099-01-01", "a run-out day of the plan far later")),
    ("plan-total-spend", member_set("spend", "1", "the plan's spend made 1 USD")),
    ("plan-bom", c_bom),
    ("plan-unknown-member", member_set("comment", "reviewed", "an unknown top-level member")),
    ("plan-unknown-workload-member",
     member_set("workloads[0].note", "x", "an unknown member in a workload")),
    ("plan-version", member_set("schema_version", 4, "a plan version nobody wrote")),
]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("sources", nargs="+")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    sources = {"trncost.report": [], "trncost.reconciliation": [], "trncost.study": [],
               "trncost.plan": []}
    for s in args.sources:
        with open(s, encoding="utf-8") as f:
            doc = json.load(f)
        if doc.get("schema") in sources:
            sources[doc["schema"]].append((s, doc))
    manifest, missing = [], []
    for schema, classes in (("trncost.report", CLASSES),
                            ("trncost.reconciliation", RECONCILIATION_CLASSES),
                            ("trncost.study", STUDY_CLASSES),
                            ("trncost.plan", PLAN_CLASSES)):
        for name, tamper in classes:
            for source, original in sources[schema]:
                doc = copy.deepcopy(original)
                got = tamper(doc)
                if got is None:
                    continue
                field, what = got[0], got[1]
                text = json.dumps(doc, indent=2, ensure_ascii=False)
                raw = got[2](text) if len(got) > 2 else text.encode("utf-8")
                path = os.path.join(args.out, name + ".json")
                with open(path, "wb") as f:
                    f.write(raw)
                manifest.append({"class": name, "file": path, "source": os.path.basename(source),
                                 "field": field, "what": what})
                break
            else:
                missing.append(name)
    with open(os.path.join(args.out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2)
    print(f"{len(manifest)} tampered reports in {args.out}")
    for name in missing:
        print(f"FAIL: class '{name}' applies to no source report")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
