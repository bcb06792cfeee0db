#!/usr/bin/env python3
"""Both verifiers of a plan's JSON (`trncost audit` and tools/verify_report.py, which shares no code
with trncost) on every shipped plan (examples/plans/*.toml, written by `trncost estimate --format
json`) and the plans of tests/reports/data/plans/ (three grants, one wasted and one unusable; no
grant), the whole-day ones also as version 1 of the schema (no seconds), then on tampered copies:
both must accept every plan and reject every tamper (exit 4), naming the same member.

  verify_plan.py --cli TRNCOST --verifier verify_report.py --work DIR --repo ROOT
"""

import glob
import json
import os
import subprocess
import sys
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "support"))
import verifier_harness  # noqa: E402 (tests/support/verifier_harness.py: command line, loading)


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, check=False)


def move_draw(d):
    """Credits moved from the first grant to a second one in one month: each month's credits still
    add up, but the grants' draws no longer follow from the burn-down."""
    d["grants"].append(dict(d["grants"][0], name="a second grant", amount="0", used="0",
                            exhausted_on=None, runs_out_on=None, wasted_at_expiry=None,
                            lost_at_expiry="0"))
    for key in ("periods", "months"):
        for x in d[key]:
            x["draws"].append("0")
    for w in d["workloads"]:
        w["draws"].append("0")
    for p in d["periods"]:
        p["balance_after"].append("0")
    m = d["months"][0]
    m["draws"][1] = "100"
    m["draws"][0] = str(Decimal(m["draws"][0]) - 100)


def drop_occurrence(d):
    """The last occurrence of the repeated workload dropped, and from its pricing (version 3),
    nothing else changed."""
    w = d["workloads"][1]
    w["occurrences"].pop()
    for p in w["pricings"]:
        p["occurrences"] = [k for k in p["occurrences"] if k < len(w["occurrences"])]


def move_priced(d):
    """An occurrence of the later, cheaper version listed with the earlier one: its cost no longer
    is the per_occurrence of the pricing that prices it."""
    ps = d["workloads"][0]["pricings"]
    ps[0]["occurrences"].append(ps[1]["occurrences"].pop(0))


def cheaper(d):
    """The later version's charge made 1 USD cheaper, with its per_occurrence, its occurrences'
    costs and the workload's spend: the periods' spend no longer follows."""
    w = d["workloads"][0]
    p = w["pricings"][1]
    p["charges"][0]["amount"] = str(Decimal(p["charges"][0]["amount"]) - 1)
    p["per_occurrence"] = str(Decimal(p["per_occurrence"]) - 1)
    for k in p["occurrences"]:
        w["occurrences"][k]["cost"] = p["per_occurrence"]
    w["spend"] = str(Decimal(w["spend"]) - len(p["occurrences"]))


def main():
    a = verifier_harness.arguments()
    os.makedirs(a.work, exist_ok=True)
    os.chdir(a.repo)
    failures = []
    made = {}
    for plan in sorted(glob.glob("examples/plans/*.toml")) + \
            sorted(glob.glob("tests/reports/data/plans/*.toml")):
        name = os.path.splitext(os.path.basename(plan))[0]
        out = os.path.join(a.work, name + ".json")
        r = run(a.cli, "estimate", plan, "--format", "json", "--output", out)
        if r.returncode != 0:
            failures.append(f"{name}: trncost estimate exited {r.returncode}: {r.stderr}")
            continue
        made[name] = out
        for verifier in ([a.cli, "audit", out], [sys.executable, a.verifier, out]):
            v = run(*verifier)
            if v.returncode != 0:
                failures.append(f"{name}: {verifier[1]} rejected it: {v.stdout}{v.stderr}")

    def rewritten(name, version, drop_seconds):
        """The plan `name` written again as document `version` (no pricings; without seconds for
        version 1), which both verifiers must still read."""
        with open(made[name], encoding="utf-8") as f:
            d = json.load(f)
        d["schema_version"] = version
        for w in d["workloads"]:
            del w["pricings"]
            for o in w["occurrences"] if drop_seconds else []:
                del o["seconds"]
        out = os.path.join(a.work, f"{name}-v{version}.json")
        with open(out, "w", encoding="utf-8") as f:
            json.dump(d, f, indent=2)
        for verifier in ([a.cli, "audit", out], [sys.executable, a.verifier, out]):
            v = run(*verifier)
            if v.returncode != 0:
                failures.append(f"{name} as version {version}: {verifier[1]} rejected it: "
                                f"{v.stdout}{v.stderr}")

    # A document of version 1 (whole days, no seconds: what trncost wrote before version 2) is still
    # read: each whole-day plan written again as version 1 passes both.
    for name in ("2027-on-one-grant", "three-grants", "no-grant"):
        if name in made:
            rewritten(name, 1, drop_seconds=True)

    # Version 2 (seconds, no pricings: every occurrence costs the workload's charges) is still read:
    # each plan whose workloads have one pricing each written again as version 2 passes both.
    for name in made:
        with open(made[name], encoding="utf-8") as f:
            one_pricing = all(len(w["pricings"]) == 1 for w in json.load(f)["workloads"])
        if one_pricing:
            rewritten(name, 2, drop_seconds=False)

    base = "cpt-and-sweep"

    def tampered(edit, source=None):
        with open(made[source or base], encoding="utf-8") as f:
            d = json.load(f)
        edit(d)
        return d

    # The tamper, and the member both verifiers must name first.
    tampers = {
        "month_cash": (lambda d: d["months"][1].update(cash="2321.99"), "months[1].cash"),
        "period_cash": (lambda d: d["periods"][0].update(cash="1"), "periods[0].cash"),
        "draw_moved": (move_draw, "months[0].draws[0]"),
        "run_out_moved": (lambda d: d["grants"][0].update(runs_out_on="2027-03-30"),
                          "grants[0].runs_out_on"),
        "runway_moved": (lambda d: d.update(runway="2027-04-01"), "runway"),
        "occurrence_dropped": (drop_occurrence, "workloads[1].spend"),
        "per_occurrence": (lambda d: d["workloads"][1].update(per_occurrence="1000"),
                           "workloads[1].per_occurrence"),
        "workload_credits": (lambda d: d["workloads"][0].update(credits="23000"),
                             "workloads[0].credits"),
        "grant_amount": (lambda d: d["grants"][0].update(amount="26000"),
                         "periods[0].balance_after[0]"),
        "total_spend": (lambda d: d.update(spend="29979.33"), "spend"),
        "service_credits": (lambda d: d["services"][0].update(credits="1"),
                            "services[0].credits"),
        # The pre-training's 578,566 s an hour shorter: March 1-6 hold another share of it.
        "occurrence_seconds": (lambda d: d["workloads"][0]["occurrences"][0].update(
            seconds=578566 - 3600), "periods[0].spend"),
        # Seconds past its 7 days (604,800 s): no longer ending during its last day.
        "seconds_past_days": (lambda d: d["workloads"][0]["occurrences"][0].update(
            seconds=604801), "workloads[0].occurrences[0].seconds"),
        # Version 3: occurrences priced on their days (tests/reports/data/plans/price-change.toml:
        # 3 occurrences at the earlier version, 9 at the later one).
        "pricing_moved": (move_priced, "workloads[0].occurrences[3].cost", "price-change"),
        "pricing_cheaper": (cheaper, "periods[10].spend", "price-change"),
        "pricing_unlisted": (lambda d: d["workloads"][0]["pricings"][1]["occurrences"].pop(),
                             "workloads[0].occurrences[11]", "price-change"),
    }
    if base in made and "price-change" in made:
        for name, (edit, path, *source) in tampers.items():
            out = os.path.join(a.work, "tampered-" + name + ".json")
            with open(out, "w", encoding="utf-8") as f:
                json.dump(tampered(edit, *source), f, indent=2)
            for verifier in ([a.cli, "audit", out], [sys.executable, a.verifier, out]):
                v = run(*verifier)
                said = v.stdout + v.stderr
                if v.returncode != 4 or f": {path}:" not in said:
                    failures.append(f"tamper {name}: {verifier[1]} exited {v.returncode}, "
                                    f"expected 4 naming {path}: {said.strip()}")
    else:
        failures.append(f"{base} or price-change: not written, so not tampered")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(made)} plans, {len(tampers)} tampers, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
