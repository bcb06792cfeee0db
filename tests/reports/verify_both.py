#!/usr/bin/env python3
"""Runs both verifiers of JSON reports on every shipped report and on tampered copies of it.

The reports are made here, at test time: trncost-estimate on each scenario of examples/scenarios/,
on each study of ROOT/examples/studies/ (schema trncost.study) and each example program with
--json-dir. Both the C++ audit (trncost-estimate --audit) and
tools/verify_report.py must accept every report as written, and an untouched re-serialization of
it; both must reject every tampered copy (each tamper class below changes what the report means).
Every tamper class must apply to at least one report. A study gets every report tamper in one of its
options' reports, the study tampers, and the tampers only the Python verifier recomputes (the
decisions' reasons). Standard library only.

  verify_both.py --cli BIN --verifier tools/verify_report.py --work DIR --repo ROOT
                 [--scenario FILE]... [--example BIN]...
"""

import contextlib
import copy
import datetime
import io
import json
import os
import subprocess
import sys
from decimal import ROUND_HALF_EVEN, Decimal, getcontext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "support"))
import verifier_harness  # noqa: E402 (tests/support/verifier_harness.py: command line, loading)

getcontext().prec = 80  # exact enough for 18 fractional digits of any report's amounts


def value_of(doc, name):
    """The value the report states for a name (an input or a derivation), as a Decimal or None."""
    for e in doc["inputs"] + doc["derivations"]:
        if e["name"] == name:
            return Decimal(e["value"]) if e["known"] else None
    return None


def entry_of(doc, name):
    for e in doc["inputs"] + doc["derivations"]:
        if e["name"] == name:
            return e
    return None


def priced_lines(doc):
    return [l for l in doc["lines"] if l["amount"] is not None and Decimal(l["amount"]) != 0]


def plus(text, delta):
    return str(Decimal(text) + Decimal(delta))


# Each tamper takes a report (a dict) and changes it in place, returning a description of what it
# changed, or None when the report has nothing it applies to.

def tamper_price(doc):
    for l in priced_lines(doc):
        e = entry_of(doc, l["price"])
        if e in doc["inputs"]:
            e["value"] = plus(e["value"], "1")
            return f"input '{e['name']}' (the price of '{l['description']}') + 1"
    return None


def tamper_quantity(doc):
    for l in priced_lines(doc):
        if value_of(doc, l["price"]):
            e = entry_of(doc, l["quantity"])
            e["value"] = plus(e["value"], "1")
            return f"'{e['name']}' (the quantity of '{l['description']}') + 1"
    return None


def tamper_line_amount(doc):
    for l in priced_lines(doc):
        l["amount"] = plus(l["amount"], "0.01")
        return f"line '{l['description']}' amount + 0.01"
    return None


def tamper_total(doc):
    doc["totals"]["total"] = plus(doc["totals"]["total"], "0.01")
    return "totals.total + 0.01"


def tamper_removed_input(doc):
    used = {o for d in doc["derivations"] for o in d["operands"]}
    used |= {l[k] for l in doc["lines"] for k in ("price", "quantity")}
    for i, e in enumerate(doc["inputs"]):
        if e["name"] in used:
            del doc["inputs"][i]
            return f"input '{e['name']}' removed"
    return None


def tamper_upgraded_status(doc):
    if doc["status"] == "verified":
        return None
    was = doc["status"]
    doc["status"] = "verified"
    doc["reasons"] = []
    return f"status {was} -> verified, its reasons removed"


def tamper_downgraded_status(doc):
    if doc["status"] != "verified":
        return None
    doc["status"] = "provisional"
    doc["reasons"] = [{"status": "provisional", "text": "added by hand"}]
    return "status verified -> provisional with a reason written by hand"


def tamper_provenance_kind(doc):
    for e in doc["inputs"]:
        if e["known"] and e["provenance"]["kind"] in ("measured", "quoted", "documented"):
            was = e["provenance"]["kind"]
            e["provenance"] = {"kind": "third-party", "source": "a forum post",
                               "seen": doc["as_of"]}
            return f"input '{e['name']}' provenance {was} -> third-party"
    return None


def tamper_stale_date(doc):
    as_of = datetime.date.fromisoformat(doc["as_of"])
    moved = as_of - datetime.timedelta(days=doc["freshness_window_days"] + 1)
    for e in doc["inputs"]:
        p = e["provenance"]
        if e["known"] and p["kind"] == "quoted" and \
                datetime.date.fromisoformat(p["consulted"]) >= as_of - datetime.timedelta(
                    days=doc["freshness_window_days"]):
            p["consulted"] = moved.isoformat()
            if p.get("published") and p["published"] > p["consulted"]:
                p["published"] = p["consulted"]
            return f"input '{e['name']}' consulted on {moved}, one day past the freshness window"
    return None


SWAPS = {"add": "sub", "sub": "add", "mul": "div", "div": "mul", "max": "min", "min": "max"}


def tamper_operation(doc):
    """Swaps a binary operation for one that gives another value from the same operands."""
    for d in doc["derivations"]:
        if d["op"] not in SWAPS or not d["known"]:
            continue
        a, b = (value_of(doc, o) for o in d["operands"])
        if a is None or b is None:
            continue
        differs = {"add": b != 0, "sub": b != 0, "mul": a != 0 and b not in (0, 1, -1),
                   "div": a != 0 and b not in (1, -1), "max": a != b, "min": a != b}[d["op"]]
        if differs:
            was = d["op"]
            d["op"] = SWAPS[was]
            return f"derivation '{d['name']}' op {was} -> {d['op']}"
    return None


def tamper_dropped_line(doc):
    for i, l in enumerate(doc["lines"]):
        if l["amount"] is not None and Decimal(l["amount"]) != 0:
            del doc["lines"][i]
            return f"line '{l['description']}' dropped"
    return None


def tamper_line_factor(doc):
    for l in priced_lines(doc):
        l["den"] *= 2
        return f"line '{l['description']}' den doubled"
    return None


def tamper_tornado_swing(doc):
    bars = doc.get("analysis", {}).get("tornado", {}).get("observed", [])
    if not bars:
        return None
    bars[0]["swing"] = plus(bars[0]["swing"], "1")
    return f"tornado bar '{bars[0]['input']}' swing + 1"


def tamper_monte_carlo(doc):
    m = doc.get("analysis", {}).get("monte_carlo")
    if m is None:
        return None
    m["p95"] = plus(m["max"], "1")
    return "Monte Carlo p95 raised above max"


def tamper_credit_line(doc):
    c = doc.get("credits")
    if c is None or not c["credit_lines"]:
        return None
    c["credit_lines"][0]["amount"] = plus(c["credit_lines"][0]["amount"], "-1")
    return "credit line 0 amount - 1"


def tamper_credits_total(doc):
    c = doc.get("credits")
    if c is None:
        return None
    c["total_credits"] = plus(c["total_credits"], "0.01")
    return "credits.total_credits + 0.01"


def tamper_line_inputs(doc):
    """A line that lists an input its price and quantity are not computed from."""
    deps = {e["name"]: {e["name"]} for e in doc["inputs"]}
    for d in doc["derivations"]:
        deps[d["name"]] = {d["name"]}.union(*(deps[o] for o in d["operands"]))
    for l in doc["lines"]:
        own = deps[l["price"]] | deps[l["quantity"]]
        other = next((e["name"] for e in doc["inputs"] if e["name"] not in own), None)
        if other is not None:
            l["inputs"].append(other)
            return f"line '{l['description']}' lists input '{other}' it does not depend on"
    return None


def tamper_protocol_date(doc):
    p = doc.get("protocol")
    if p is None:
        return None
    moved = datetime.date.fromisoformat(p["as_of"]) + datetime.timedelta(days=1)
    p["as_of"] = moved.isoformat()
    return f"protocol.as_of moved to {moved}"


def tamper_work_unit_cost(doc):
    w = doc.get("work")
    if w is None or w["full"] is None:
        return None
    w["full"] = plus(w["full"], "0.000001")
    return "work.full (the cost per unit of work) + 0.000001"


def tamper_work_compute_only(doc):
    w = doc.get("work")
    if w is None or w["compute_only"] is None or Decimal(w["compute_only"]) == 0:
        return None
    w["compute_only"] = str(Decimal(w["compute_only"]) * 2)
    return "work.compute_only doubled"


def tamper_projected_balance(doc):
    periods = doc.get("credits", {}).get("projection", {}).get("periods", [])
    if not periods:
        return None
    periods[0]["balance_after"][0] = plus(periods[0]["balance_after"][0], "1")
    return "credits.projection.periods[0] first balance + 1"


def tamper_projected_spend(doc):
    """A projected spend raised with its uncovered part: the period adds up, the rate does not."""
    periods = doc.get("credits", {}).get("projection", {}).get("periods", [])
    if not periods or not periods[0]["uncovered_by_reason"]:
        return None
    p = periods[0]
    p["spend"] = plus(p["spend"], "1")
    p["uncovered"] = plus(p["uncovered"], "1")
    p["uncovered_by_reason"][-1]["amount"] = plus(p["uncovered_by_reason"][-1]["amount"], "1")
    return "credits.projection.periods[0] spend + 1, its uncovered and last reason with it"


def tamper_runs_out_day(doc):
    """A projected run-out day a day later, the runway moved with it: the stops agree."""
    c = doc.get("credits")
    if c is None or len(c["grants"]) != 1:
        return None
    g = c["grants"][0]
    if g["runs_out_on"] is None or g["exhausted_on"] is not None or c["runway"] != g["runs_out_on"]:
        return None
    moved = (datetime.date.fromisoformat(g["runs_out_on"]) + datetime.timedelta(days=1)).isoformat()
    g["runs_out_on"] = c["runway"] = moved
    return f"grant '{g['name']}' runs_out_on and the runway moved to {moved}"


def tamper_lost_at_expiry(doc):
    c = doc.get("credits")
    if c is None:
        return None
    g = c["grants"][0]
    g["lost_at_expiry"] = plus(g["lost_at_expiry"], "1")
    c["total_lost_at_expiry"] = plus(c["total_lost_at_expiry"], "1")
    return f"grant '{g['name']}' lost_at_expiry + 1, total_lost_at_expiry with it"


def tamper_runway(doc):
    c = doc.get("credits")
    if c is None or c["runway"] is None:
        return None
    moved = datetime.date.fromisoformat(c["runway"]) + datetime.timedelta(days=1)
    c["runway"] = moved.isoformat()
    return f"credits.runway moved to {moved}"


def tamper_grant_unusable(doc):
    """A grant that paid something marked unusable, the runway moved to the other usable grants'
    last stop (null without one): the stops agree, but the spend draws on that grant."""
    c = doc.get("credits")
    if c is None or "usable" not in c["grants"][0]:
        return None
    for g in c["grants"]:
        if g["usable"] and Decimal(g["used"]) != 0:
            g["usable"] = False
            stops = [g2["runs_out_on"] or (datetime.date.fromisoformat(g2["last_valid_day"]) +
                                           datetime.timedelta(days=1)).isoformat()
                     for g2 in c["grants"] if g2["usable"]]
            c["runway"] = max(stops) if stops else None
            return f"grant '{g['name']}', which paid {g['used']}, marked unusable"
    return None


def first_reason_with_rule(doc, statuses=None):
    """The first status reason that names its rule (schema version 4), of one of `statuses`."""
    return next((r for r in doc["reasons"] if "rule" in r and
                 (statuses is None or r["status"] in statuses)), None)


# Another rule that gives 'provisional', for each that does.
PROVISIONAL_SWAPS = {"no-assumption": "no-third-party", "no-third-party": "no-assumption",
                     "no-open-uncertainty": "no-assumption", "zero-price-has-reason": "no-assumption"}


def tamper_reason_rule(doc):
    """A provisional reason credited to another provisional rule: the status and the number of
    reasons unchanged, only the rule tells."""
    r = first_reason_with_rule(doc, ("provisional",))
    if r is None:
        return None
    was = r["rule"]
    r["rule"] = PROVISIONAL_SWAPS[was]
    return f"reason rule {was} -> {r['rule']}"


def tamper_reason_category(doc):
    """A reason's category moved to another one, or given to a rule that is not about one."""
    r = first_reason_with_rule(doc)
    if r is None:
        return None
    if "category" in r:
        was = r["category"]
        r["category"] = "logs" if was != "logs" else "storage"
        return f"reason of {r['rule']}: category {was} -> {r['category']}"
    r["category"] = "logs"
    return f"reason of {r['rule']}: category 'logs' added"


def tamper_reason_rule_removed(doc):
    r = first_reason_with_rule(doc)
    if r is None:
        return None
    del r["rule"]
    return "a reason's rule removed"


# The field both verifiers must name for a tamper (their last line holds it), where they must
# agree on more than refusing.
FIELD_NAMED = {"reason-rule": ".rule", "reason-category": ".category",
               "reason-rule-removed": ".rule"}


# The first classes of tampering found, then the line factor, the sections of schema version 2, the
# work member of version 3 and the credits projection.
TAMPERS = [
    ("price", tamper_price),
    ("quantity", tamper_quantity),
    ("line-amount", tamper_line_amount),
    ("total", tamper_total),
    ("removed-input", tamper_removed_input),
    ("upgraded-status", tamper_upgraded_status),
    ("downgraded-status", tamper_downgraded_status),
    ("provenance-kind", tamper_provenance_kind),
    ("stale-date", tamper_stale_date),
    ("derivation-op", tamper_operation),
    ("dropped-line", tamper_dropped_line),
    ("line-factor", tamper_line_factor),
    ("tornado-swing", tamper_tornado_swing),
    ("monte-carlo-order", tamper_monte_carlo),
    ("credit-line", tamper_credit_line),
    ("credits-total", tamper_credits_total),
    ("line-inputs", tamper_line_inputs),
    ("protocol-date", tamper_protocol_date),
    ("work-unit-cost", tamper_work_unit_cost),
    ("work-compute-only", tamper_work_compute_only),
    ("projected-balance", tamper_projected_balance),
    ("projected-spend", tamper_projected_spend),
    ("runs-out-day", tamper_runs_out_day),
    ("lost-at-expiry", tamper_lost_at_expiry),
    ("runway", tamper_runway),
    ("grant-unusable", tamper_grant_unusable),
    ("reason-rule", tamper_reason_rule),
    ("reason-category", tamper_reason_category),
    ("reason-rule-removed", tamper_reason_rule_removed),
]


# A study report (schema trncost.study): the report tampers above applied to one option's embedded
# report, and these, which change the study's own sections.

def first_group(doc):
    return doc["analysis"]["comparison"]["groups"][0]


def tamper_study_ranking_swap(doc):
    r = first_group(doc)["ranked"]
    if len(r) < 2:
        return None
    r[0], r[1] = r[1], r[0]
    r[0]["cost_rank"], r[1]["cost_rank"] = 1, 2
    r[0]["cost_ratio"], r[1]["cost_ratio"] = r[1]["cost_ratio"], r[0]["cost_ratio"]
    return f"ranking swapped: '{r[0]['name']}' first, ranks and ratios with it"


def tamper_study_ranked_cost(doc):
    r = first_group(doc)["ranked"]
    if not r:
        return None
    r[0]["cost"] = plus(r[0]["cost"], "0.01")
    return f"ranked '{r[0]['name']}' cost + 0.01"


def tamper_study_option_total(doc):
    """An option's total raised with the ranked cost and its cost per unit of work: the comparison
    agrees with the changed total, the option's lines do not."""
    r = first_group(doc)["ranked"]
    if not r:
        return None
    name = r[0]["name"]
    o = next(o for o in doc["options"] if o["name"] == name)
    o["report"]["totals"]["total"] = r[0]["cost"] = plus(r[0]["cost"], "1")
    if "cost_per_work" in r[0]:
        r[0]["cost_per_work"] = str(quantize18(Decimal(r[0]["cost"]) / Decimal(r[0]["work"])))
    return f"option '{name}' total + 1, its ranked cost and cost per unit of work with it"


def tamper_study_option_work(doc):
    o = doc["options"][0]
    o["work"] = str(Decimal(o["work"]) * 2)
    return f"option '{o['name']}' work doubled"


def tamper_study_decided_for(doc):
    names = [o["name"] for o in doc["options"] if o["name"] != doc["decided_for"]]
    doc["decided_for"] = names[0]
    return f"decided_for -> '{names[0]}'"


def tamper_study_decision(doc):
    d = doc["analysis"]["decision"]
    if not d["continue_reasons"]:
        return None
    dropped = d["continue_reasons"].pop()
    return f"study decision: continue reason '{dropped}' dropped"


def tamper_study_missed_target_ranked(doc):
    """An option set apart for missing the target moved into the ranking, in its place by cost per
    unit of work, ranks and ratios recomputed: only the protocol rule refuses it."""
    g = first_group(doc)
    moved = next((a for a in g["apart"] if a["reason"].startswith("did not reach the target")),
                  None)
    if moved is None or not g["ranked"] or "work" not in g["ranked"][0]:
        return None
    g["apart"].remove(moved)
    o = next(o for o in doc["options"] if o["name"] == moved["name"])
    cost = o["report"]["totals"]["total"]
    entry = dict(g["ranked"][0], name=moved["name"], cost=cost, work=o["work"],
                 cost_per_work=str(quantize18(Decimal(cost) / Decimal(o["work"]))))
    ranked = sorted(g["ranked"] + [entry], key=lambda x: Decimal(x["cost_per_work"]))
    cheapest = Decimal(ranked[0]["cost_per_work"])
    for i, x in enumerate(ranked):
        x["cost_rank"] = i + 1
        x["cost_ratio"] = str(quantize18(Decimal(x["cost_per_work"]) / cheapest))
    g["ranked"] = ranked
    if ranked[0]["name"] != doc["decided_for"]:
        return None
    return f"'{moved['name']}', set apart for missing the target, ranked"


def tamper_study_option_dropped(doc):
    dropped = doc["options"].pop()
    return f"option '{dropped['name']}' dropped from the options"


def quantize18(x):
    """x to 18 fractional digits, half-even, as the report writes it (no trailing zeros)."""
    text = format(x.quantize(Decimal(1).scaleb(-18), rounding=ROUND_HALF_EVEN), "f")
    return Decimal(text.rstrip("0").rstrip(".") if "." in text else text)


def tamper_apart_reason(doc):
    """An option set apart for missing the target, its reason saying a value that reaches it."""
    g = first_group(doc)
    for a in g["apart"]:
        if a["reason"].startswith("did not reach the target: "):
            better = "0" if g["direction"] == "lower is better" else plus(g["target"], "1")
            a["reason"] = f"did not reach the target: {g['metric']} {better} against " \
                          f"{g['target']} ({g['direction']})"
            return f"'{a['name']}' set apart with a value that reaches the target"
    return None


def tamper_study_break_even_total(doc):
    """A break-even's API total changed: both recompute it from the API option's report."""
    b = doc["analysis"].get("break_even")
    if not b:
        return None
    b[0]["api_total"] = plus(b[0]["api_total"], "0.01")
    return f"break-even '{b[0]['hosted']}' against '{b[0]['api']}': API total + 0.01"


def tamper_study_break_even_demand(doc):
    """A break-even claimed where there is none: the hosted option would cost more than the API
    at that demand (totals and peak recomputed by the tamper, so only the rule refuses it)."""
    b = doc["analysis"].get("break_even")
    if not b or b[0]["demand"] is not None:
        return None
    b[0]["demand"] = b[0]["baseline"]
    hosted = next(o for o in doc["options"] if o["name"] == b[0]["hosted"])
    peak = next((i["value"] for i in hosted["report"]["inputs"]
                 if i["name"] == b[0]["component"] + ".peak_tokens_per_s"), None)
    b[0]["peak"] = peak
    return f"break-even '{b[0]['hosted']}': a demand where hosting costs more than the API"


def tamper_study_region_order(doc):
    """Two priced regions of an option swapped: the cheapest is no longer first."""
    for o in doc["options"]:
        regs = [g for g in o.get("regions", []) if g["report"] is not None]
        if len(regs) >= 2 and regs[0]["cost_per_work"] != regs[1]["cost_per_work"]:
            i, j = o["regions"].index(regs[0]), o["regions"].index(regs[1])
            o["regions"][i], o["regions"][j] = o["regions"][j], o["regions"][i]
            return f"option '{o['name']}': regions {regs[1]['region']} and {regs[0]['region']} swapped"
    return None


def tamper_study_region_relabelled(doc):
    """A region's result relabelled as another region: its lines are billed elsewhere."""
    for o in doc["options"]:
        for g in o.get("regions", []):
            if g["report"] is not None and g["region"] != "ap-south-1":
                was = g["region"]
                g["region"] = "ap-south-1"
                return f"option '{o['name']}': the {was} result labelled ap-south-1"
    return None


def tamper_study_region_unpriced_zero(doc):
    """A region not priced given a report-less zero cost: never 0."""
    for o in doc["options"]:
        for g in o.get("regions", []):
            if g["report"] is None:
                g["work"], g["cost_per_work"] = "1", "0"
                return f"option '{o['name']}': {g['region']}, not priced, at 0"
    return None


def tamper_study_cash_swap(doc):
    """The ranking by cash reversed in its first two places, ranks and decided_for with it: only the
    cash recomputed from each option's burn-down refuses it."""
    c = doc["analysis"].get("cash_ranking")
    if not c or len(c["ranked"]) < 2:
        return None
    r = c["ranked"]
    r[0], r[1] = r[1], r[0]
    r[0]["rank"], r[1]["rank"] = 1, 2
    doc["decided_for"] = r[0]["name"]
    return f"cash ranking swapped: '{r[0]['name']}' first, decided_for with it"


def tamper_study_cash_amount(doc):
    """An option's credits raised by 1 and its cash lowered by 1: total - credits still holds."""
    c = doc["analysis"].get("cash_ranking")
    if not c:
        return None
    k = c["ranked"][-1]
    k["credits"] = plus(k["credits"], "1")
    k["cash"] = plus(k["cash"], "-1")
    return f"cash ranking '{k['name']}': credits + 1, cash - 1"


def tamper_study_cash_effect(doc):
    """The credit effect's sentence reworded in the ranking and in the decision's reasons."""
    c = doc["analysis"].get("cash_ranking")
    if not c:
        return None
    old = c["effect"]
    c["effect"] = old.replace("credits ", "the credits ", 1)
    reasons = doc["analysis"]["decision"]["continue_reasons"]
    reasons[-1] = "ranked by cash paid after credits: " + c["effect"]
    return "the credit effect reworded"


def tamper_study_window(doc):
    """A demand window's start moved a cent later: both walk the fleet's steps again."""
    for b in doc["analysis"].get("break_even", []):
        if b.get("windows"):
            w = b["windows"][0]
            w["from"] = plus(w["from"], "0.01")
            return f"break-even '{b['hosted']}': first window from + 0.01"
    return None


STUDY_TAMPERS = [
    ("study-window", tamper_study_window),
    ("study-cash-swap", tamper_study_cash_swap),
    ("study-cash-amount", tamper_study_cash_amount),
    ("study-cash-effect", tamper_study_cash_effect),
    ("study-break-even-total", tamper_study_break_even_total),
    ("study-break-even-demand", tamper_study_break_even_demand),
    ("study-region-order", tamper_study_region_order),
    ("study-region-relabelled", tamper_study_region_relabelled),
    ("study-region-unpriced-zero", tamper_study_region_unpriced_zero),
    ("study-ranking-swap", tamper_study_ranking_swap),
    ("study-ranked-cost", tamper_study_ranked_cost),
    ("study-option-total", tamper_study_option_total),
    ("study-option-work", tamper_study_option_work),
    ("study-decided-for", tamper_study_decided_for),
    ("study-decision", tamper_study_decision),
    ("study-missed-target-ranked", tamper_study_missed_target_ranked),
    ("study-option-dropped", tamper_study_option_dropped),
    ("study-apart-reason", tamper_apart_reason),
]


# What only the Python verifier recomputes (the C++ audit checks a decision's outcome against its
# reasons, not the reasons against the report): it must reject these, the C++ audit may not.

def tamper_option_reason_dropped(doc):
    """A reason the option's report gives dropped from its decision, the outcome unchanged."""
    for o in doc["options"]:
        d = o["report"]["analysis"]["decision"]
        for key in ("compare_reasons", "continue_reasons"):
            for r in d[key]:
                if r.startswith("step input '") or r.startswith("every category"):
                    if key == "compare_reasons" and len(d[key]) == 1:
                        continue
                    d[key].remove(r)
                    if o["name"] == doc["decided_for"]:
                        doc["analysis"]["decision"][key].remove(r)
                    return f"option '{o['name']}': reason '{r}' dropped from its decision"
    return None


PYTHON_ONLY_TAMPERS = [
    ("option-reason-dropped", tamper_option_reason_dropped),
]


def in_an_option(tamper):
    """A report tamper applied to the embedded report of the first option it applies to."""
    def apply(doc):
        for o in doc["options"]:
            what = tamper(o["report"])
            if what is not None:
                return f"option '{o['name']}': {what}"
        return None
    return apply


# A class that may apply to no shipped report (a verified report has no status to upgrade, but the
# flagship's provisional ones do): every class must apply somewhere.


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, (p.stdout + p.stderr).strip().splitlines()[-1:] or [""]


def main():
    args = verifier_harness.arguments(shipped_reports=True)
    os.makedirs(args.work, exist_ok=True)
    for f in os.listdir(args.work):
        if f.endswith(".json"):
            os.remove(os.path.join(args.work, f))

    failures = []
    for s in args.scenario:
        out = os.path.join(args.work, "scenario-" + os.path.basename(s)[:-len(".toml")] + ".json")
        rc, msg = run([args.cli, s, "--format", "json", "--output", out], args.repo)
        if rc != 0:
            failures.append(f"{s}: trncost-estimate exited {rc}: {msg[0]}")
    # The budget scenario as a job run again at the same rate ([spend] repeats = true): its credits
    # are projected past the window, so the projection's tamper classes have a report to apply to.
    # Written to the work folder, its data files named by absolute path.
    budget = os.path.join(args.repo, "examples", "scenarios", "fine-tune-8b-trn1-budget.toml")
    with open(budget, encoding="utf-8") as f:
        text = f.read()
    data = os.path.join(args.repo, "examples", "data") + os.sep
    repeating = text.replace('"../data/', '"' + data)
    repeating = repeating.replace("[spend]\n", "[spend]\nrepeats = true\n", 1)
    if repeating.count("repeats = true") != 1 or "../data/" in repeating:
        failures.append(f"{budget}: no [spend] table or a data file not under ../data/")
    source = os.path.join(args.work, "budget-repeating.toml")
    with open(source, "w", encoding="utf-8") as f:
        f.write(repeating)
    rc, msg = run([args.cli, source, "--format", "json", "--output",
                   os.path.join(args.work, "scenario-budget-repeating.json")], args.repo)
    if rc != 0:
        failures.append(f"{source}: trncost-estimate exited {rc}: {msg[0]}")
    # The shipped studies (schema trncost.study): each option's report inside, and the comparison,
    # the decision and the runways.
    studies_dir = os.path.join(args.repo, "examples", "studies")
    for s in sorted(f for f in os.listdir(studies_dir) if f.endswith(".toml")):
        out = os.path.join(args.work, "study-" + s[:-len(".toml")] + ".json")
        rc, msg = run([args.cli, os.path.join("examples", "studies", s), "--format", "json",
                       "--output", out], args.repo)
        if rc != 0:
            failures.append(f"examples/studies/{s}: trncost-estimate exited {rc}: {msg[0]}")
    for e in args.example:
        rc, msg = run([e, "--json-dir", args.work], args.repo)
        if rc != 0:
            failures.append(f"{e} --json-dir: exited {rc}: {msg[0]}")
    reports = sorted(f for f in os.listdir(args.work) if f.endswith(".json"))
    if not reports:
        failures.append("no report was written")

    # The Python verifier is loaded once and its main() called per report: the same exit codes as
    # running it, without an interpreter start each time (about 230 runs).
    verifier = verifier_harness.load_verifier(args.verifier)

    def both(path):
        cpp = run([args.cli, "--audit", path], args.repo)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            rc = verifier.main([path])
        return cpp, (rc, out.getvalue().strip().splitlines()[-1:] or [""])

    applied = {name: 0 for name, _ in TAMPERS + STUDY_TAMPERS + PYTHON_ONLY_TAMPERS}
    python_only = {name for name, _ in PYTHON_ONLY_TAMPERS}
    in_options = [(name, in_an_option(t)) for name, t in TAMPERS] + STUDY_TAMPERS
    studies = []
    rows = []
    tamper_dir = os.path.join(args.work, "tampered")
    os.makedirs(tamper_dir, exist_ok=True)
    for r in reports:
        path = os.path.join(args.work, r)
        with open(path, encoding="utf-8") as f:
            original = json.load(f)
        (crc, cmsg), (prc, pmsg) = both(path)
        if crc != 0 or prc != 0:
            failures.append(f"{r}: the original is rejected: C++ {crc} {cmsg[0]} | "
                            f"Python {prc} {pmsg[0]}")
        # The same document written again: a rejection below is the tamper's, not the writing's.
        plain = os.path.join(tamper_dir, r[:-5] + ".untouched.json")
        with open(plain, "w", encoding="utf-8") as f:
            json.dump(original, f, indent=2)
        (crc, cmsg), (prc, pmsg) = both(plain)
        if crc != 0 or prc != 0:
            failures.append(f"{r}: rewritten untouched, rejected: C++ {crc} {cmsg[0]} | "
                            f"Python {prc} {pmsg[0]}")
        if original.get("schema") == "trncost.study":
            studies.append(path)
        for name, tamper in in_options + PYTHON_ONLY_TAMPERS \
                if original.get("schema") == "trncost.study" else TAMPERS:
            doc = copy.deepcopy(original)
            what = tamper(doc)
            if what is None:
                continue
            applied[name] += 1
            tp = os.path.join(tamper_dir, f"{r[:-5]}.{name}.json")
            with open(tp, "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=2)
            (crc, cmsg), (prc, pmsg) = both(tp)
            rows.append((r, name, crc, prc))
            if crc not in (3, 4) and name not in python_only:
                failures.append(f"{r} [{name}: {what}]: the C++ audit accepts it (exit {crc}: "
                                f"{cmsg[0]})")
            if prc not in (3, 4):
                failures.append(f"{r} [{name}: {what}]: verify_report.py accepts it (exit {prc}: "
                                f"{pmsg[0]})")
            field = FIELD_NAMED.get(name)
            if field is not None and (field not in cmsg[0] or field not in pmsg[0] or crc != prc):
                failures.append(f"{r} [{name}: {what}]: the verifiers do not both refuse it "
                                f"naming '{field}' with one exit code: C++ {crc} {cmsg[0]} | "
                                f"Python {prc} {pmsg[0]}")
    # The verifier's exit codes on what is not a report it can check (3), on usage (2), and
    # --quiet printing nothing.
    if reports:
        with open(os.path.join(args.work, reports[0]), encoding="utf-8") as f:
            base = json.load(f)
        cases = [("a report with version 8", dict(base, schema_version=8), 3),
                 ("a report with unknown section", dict(base, workload={}), 3),
                 ("a report with work in version 2", dict(base, schema_version=2, work={
                     "kind": "trials", "amount": base["inputs"][0]["name"], "per": 1,
                     "unit": "USD/job", "full": None, "compute_only": None}), 3),
                 ("a report with a member missing",
                  {k: v for k, v in base.items() if k != "totals"}, 3)]
        if not studies:
            failures.append("no study report was written")
        for study in studies[:1]:
            with open(study, encoding="utf-8") as f:
                sdoc = json.load(f)
            cases += [("a study of version 2", dict(sdoc, schema_version=2), 3),
                      ("a study with an unknown member", dict(sdoc, tornado={}), 3),
                      ("a study without analysis",
                       {k: v for k, v in sdoc.items() if k != "analysis"}, 3)]
        for what, doc, want in cases:
            tp = os.path.join(tamper_dir, f"exit-{what.replace(' ', '-')}.json")
            with open(tp, "w", encoding="utf-8") as f:
                json.dump(doc, f)
            rc = verifier.main(["--quiet", tp])
            if rc != want:
                failures.append(f"verify_report.py on {what}: exit {rc}, want {want}")
        raw = os.path.join(tamper_dir, "exit-not-json.json")
        with open(raw, "w", encoding="utf-8") as f:
            f.write('{"schema": "trncost.report", "schema": "again"}')
        for argv, want in (([raw], 3), ([os.path.join(args.work, "absent.json")], 3),
                           (["--no-such-option"], 2)):
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()):
                rc = verifier.main(argv)
            if rc != want:
                failures.append(f"verify_report.py {' '.join(argv)}: exit {rc}, want {want}")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            rc = verifier.main(["--quiet", os.path.join(args.work, reports[0])])
        if rc != 0 or out.getvalue():
            failures.append(f"verify_report.py --quiet: exit {rc}, printed {out.getvalue()!r}")

    for name, n in applied.items():
        if n == 0:
            failures.append(f"tamper class '{name}' applies to no report")
    print(f"{len(reports)} reports accepted by both verifiers" if not any(
        "original" in f or "untouched" in f for f in failures) else "originals: see failures")
    print(f"{len(rows)} tampered copies over {sum(1 for n in applied.values() if n)} classes:")
    for name, n in applied.items():
        caught = [(c, p) for (_, t, c, p) in rows if t == name]
        if name in python_only:
            py = sum(1 for _, p in caught if p in (3, 4))
            print(f"  {name:26} {py}/{n} rejected by verify_report.py (the C++ audit checks the "
                  "outcome, not these reasons)")
            continue
        both_caught = sum(1 for c, p in caught if c in (3, 4) and p in (3, 4))
        print(f"  {name:26} {both_caught}/{n} rejected by both")
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
