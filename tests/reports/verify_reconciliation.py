#!/usr/bin/env python3
"""Both verifiers of a reconciliation (`trncost audit` and tools/verify_report.py, which shares no
code with trncost) on the shipped bill in each layout and with filters, then on tampered copies:
both must accept every reconciliation and reject every tamper (exit 4), naming the same member.

  verify_reconciliation.py --cli TRNCOST --verifier verify_report.py --work DIR --repo ROOT
"""

import json
import os
import subprocess
import sys
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "support"))
import verifier_harness  # noqa: E402 (tests/support/verifier_harness.py: command line, loading)


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, check=False)


def main():
    a = verifier_harness.arguments()
    os.makedirs(a.work, exist_ok=True)
    os.chdir(a.repo)
    scenario = "examples/scenarios/fine-tune-8b-trn1.toml"
    cases = {
        "focus": ["examples/data/bills/fine-tune-8b-trn1-focus.csv"],
        "cur-legacy": ["tests/readers/data/bills/cur-legacy.csv"],
        "cur2-billed": ["tests/readers/data/bills/cur2.csv", "--cost", "billed"],
        "focus-tagged-day": ["examples/data/bills/fine-tune-8b-trn1-focus.csv", "--tag",
                             "project=ft-8b", "--from", "2026-11-21", "--to", "2026-11-22"],
    }
    failures = []
    made = {}
    for name, args in cases.items():
        out = os.path.join(a.work, name + ".json")
        r = run(a.cli, "reconcile", scenario, *args, "--format", "json", "--output", out)
        if r.returncode != 0:
            failures.append(f"{name}: trncost reconcile exited {r.returncode}: {r.stderr}")
            continue
        made[name] = out
        for verifier in ([a.cli, "audit", out], [sys.executable, a.verifier, out]):
            v = run(*verifier)
            if v.returncode != 0:
                failures.append(f"{name}: {verifier[1]} rejected it: {v.stdout}{v.stderr}")

    def tampered(edit):
        d = json.load(open(made["focus"], encoding="utf-8"))
        edit(d)
        return d

    def rebill(d):  # a row's billed amount changed, its difference kept consistent
        r = d["rows"][1]
        r["billed"] = "0.99"
        r["difference"] = str(Decimal("0.99") - Decimal(r["estimated"]))

    tampers = {
        "billed": (rebill, "rows[1].price_effect"),
        "difference": (lambda d: d["rows"][0].update(difference="19.8876"), "rows[0].difference"),
        "usage_effect": (lambda d: d["rows"][0].update(usage_effect="19.8876"),
                         "rows[0].usage_effect"),
        "total": (lambda d: d.update(estimated="397.635212328767123289"), "difference"),
        # Nothing is left out of the focus case (every region is kept): a row said to be left out
        # that was never read.
        "left_out": (lambda d: d["left_out"].append(
            {"what": "another region", "rows": 1, "amount": "0.312"}), "rows_read"),
        "other_charges": (lambda d: d["other_charges"][0].update(amount="-199"),
                          "other_charges_total"),
        "not_in_estimate": (lambda d: d["rows"][0].update(in_estimate=False),
                            "rows[0].estimated"),
    }
    if "focus" in made:
        for name, (edit, path) in tampers.items():
            out = os.path.join(a.work, "tampered-" + name + ".json")
            with open(out, "w", encoding="utf-8") as f:
                json.dump(tampered(edit), f, indent=2)
            for verifier in ([a.cli, "audit", out], [sys.executable, a.verifier, out]):
                v = run(*verifier)
                said = v.stdout + v.stderr
                if v.returncode != 4 or f": {path}:" not in said:
                    failures.append(f"tamper {name}: {verifier[1]} exited {v.returncode}, "
                                    f"expected 4 naming {path}: {said.strip()}")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(made)} reconciliations, {len(tampers)} tampers, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
