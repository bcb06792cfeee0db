#!/usr/bin/env python3
"""run_corpus.py: both verifiers on every file of the tamper corpus; both must refuse it alike.

Writes the reports of the shipped examples (trncost estimate on each scenario of
examples/scenarios/, and each example program given with --json-dir), makes the tamper corpus
from them (make_corpus.py beside this file), then runs the C++ audit (`trncost audit FILE`) and
tools/verify_report.py on every tampered file. It fails unless, for every file, both refuse it with
the same exit code (3: the report cannot be read, 4: it does not mean what it says) and both name
the field the corpus names: the same JSON path, or a path inside it ("lines[0].inputs[2]" names
"lines[0].inputs"). The untouched sources must pass both. Standard library only.

  run_corpus.py --cli TRNCOST --verifier tools/verify_report.py --repo ROOT --work DIR
                [--scenario FILE]... [--example BIN]...
"""

import contextlib
import io
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir, "support"))
import verifier_harness  # noqa: E402 (tests/support/verifier_harness.py: command line, loading)


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       errors="replace")
    return p.returncode, (p.stdout + p.stderr).strip()


def python_field(message, path):
    """'verify failed: FILE: lines[0].amount: expected ...' -> 'lines[0].amount'."""
    prefix = f"verify failed: {path}: "
    if not message.startswith(prefix):
        return None
    return message[len(prefix):].split(": ", 1)[0]


def plain_path(head):
    """The head of a message as a JSON path: quoted names and parenthesised notes dropped, the
    words left joined by '.' ("analysis.tornado.observed[3] 'volume' swing" ->
    "analysis.tornado.observed[3].swing")."""
    head = re.sub(r"'[^']*'", " ", head)
    head = re.sub(r"\([^)]*\)", " ", head)
    return ".".join(w for w in head.split() if w)


def cpp_field(message, path, doc):
    """The field the C++ audit names, as a JSON path. A file it cannot read is a parse_error
    ('trncost: FILE: lines[0].amount: ...' or 'trncost: FILE: byte N: ...'); a report that does
    not recompute is 'audit failed: FILE: <mismatch>', whose wording names the field in the forms
    of report::check() (docs/reports.md, "The audit")."""
    for prefix in (f"trncost: {path}: ", f"audit failed: {path}: "):
        if message.startswith(prefix):
            rest = message[len(prefix):]
            break
    else:
        return None
    if prefix.startswith("trncost:"):
        head = rest.split(": ", 1)[0]
        return "(document)" if head.startswith("byte ") else head
    if doc is None:
        return plain_path(rest.split(": ", 1)[0])
    # A study names an option's report by its index and name; inside it, the report's own words.
    m = re.match(r"(options\[(\d+)\]) '[^']*' report: (.*)", rest, re.S)
    if m and isinstance(doc.get("options"), list) and int(m.group(2)) < len(doc["options"]):
        inner = cpp_field(prefix + m.group(3), path, doc["options"][int(m.group(2))].get("report"))
        return None if inner is None else f"{m.group(1)}.report.{inner}"
    # A derivation named by its name (a recomputation error): its index in the report.
    for i, d in enumerate(doc.get("derivations", [])):
        if rest.startswith(f"derivation '{d['name']}': operand"):
            return f"derivations[{i}].operands"
        if rest.startswith(f"derivations[{i}] '{d['name']}' = "):
            return f"derivations[{i}].value"
    # An entry named by its index and its name, whatever the name holds.
    names = {"inputs": "name", "lines": "description", "categories": "category",
             "uncertainties": "subject"}
    for array, key in names.items():
        for i, e in enumerate(doc.get(array, [])):
            if not isinstance(e, dict):
                continue
            lead = f"{array}[{i}] '{e.get(key)}'"
            if rest.startswith(lead):
                tail = rest[len(lead):]
                m = re.match(r": provenance: .*? provenance field '([a-z_]+)'", tail)
                if m:
                    return f"{array}[{i}].provenance.{m.group(1)}"
                m = re.match(r" ([a-z_]+)[ :]", tail)
                if m:
                    return f"{array}[{i}].{'inputs' if m.group(1) == 'input' else m.group(1)}"
                return f"{array}[{i}]"
    return plain_path(rest.split(": ", 1)[0])


def names(found, want):
    return found is not None and (found == want or found.startswith(want + ".") or
                                  found.startswith(want + "["))


def main():
    args = verifier_harness.arguments(shipped_reports=True,
                                      cli_help="the trncost program (trncost audit FILE)")
    sources = os.path.join(args.work, "sources")
    corpus = os.path.join(args.work, "corpus")
    for d in (sources, corpus):
        os.makedirs(d, exist_ok=True)
        for f in os.listdir(d):
            os.remove(os.path.join(d, f))
    failures = []
    for s in args.scenario:
        out = os.path.join(sources, "scenario-" + os.path.basename(s)[:-len(".toml")] + ".json")
        rc, msg = run([args.cli, "estimate", s, "--format", "json", "--output", out], args.repo)
        if rc != 0:
            failures.append(f"{s}: trncost estimate exited {rc}: {msg[-300:]}")
    # A reconciliation of the fine-tune with its bill in each layout, and two studies' reports.
    fine_tune = "examples/scenarios/fine-tune-8b-trn1.toml"
    for name, bill in (("focus", ["examples/data/bills/fine-tune-8b-trn1-focus.csv"]),
                       ("cur-legacy", ["tests/readers/data/bills/cur-legacy.csv"]),
                       ("cur2-billed", ["tests/readers/data/bills/cur2.csv", "--cost", "billed"])):
        out = os.path.join(sources, f"reconciliation-{name}.json")
        rc, msg = run([args.cli, "reconcile", fine_tune, *bill, "--format", "json", "--output",
                       out], args.repo)
        if rc != 0:
            failures.append(f"reconcile {name}: exited {rc}: {msg[-300:]}")
    for study in ("api-or-fleets-on-credits", "fine-tune-trn1-trn2-p5"):
        out = os.path.join(sources, f"study-{study}.json")
        rc, msg = run([args.cli, "estimate", f"examples/studies/{study}.toml", "--format", "json",
                       "--output", out], args.repo)
        if rc != 0:
            failures.append(f"study {study}: exited {rc}: {msg[-300:]}")
    # The shipped plans as JSON, and the test plan whose occurrences are priced with two versions.
    for plan in ("examples/plans/cpt-and-sweep", "examples/plans/2027-on-one-grant",
                 "tests/reports/data/plans/price-change"):
        out = os.path.join(sources, f"plan-{os.path.basename(plan)}.json")
        rc, msg = run([args.cli, "estimate", f"{plan}.toml", "--format", "json",
                       "--output", out], args.repo)
        if rc != 0:
            failures.append(f"plan {plan}: exited {rc}: {msg[-300:]}")
    for e in args.example:
        rc, msg = run([e, "--json-dir", sources], args.repo)
        if rc != 0:
            failures.append(f"{e} --json-dir: exited {rc}: {msg[-300:]}")
    reports = sorted(os.path.join(sources, f) for f in os.listdir(sources) if f.endswith(".json"))
    # The richest reports first: a class takes the first report it applies to.
    reports.sort(key=lambda p: -os.path.getsize(p))

    verifier = verifier_harness.load_verifier(args.verifier)

    def both(path):
        crc, cmsg = run([args.cli, "audit", path], args.repo)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            prc = verifier.main([path])
        return (crc, cmsg.splitlines()[-1] if cmsg else ""), \
            (prc, (out.getvalue().strip().splitlines() or [""])[-1])

    for r in reports:
        (crc, cmsg), (prc, pmsg) = both(r)
        if crc != 0 or prc != 0:
            failures.append(f"{os.path.basename(r)}: the untouched report is refused: C++ {crc} "
                            f"{cmsg} | Python {prc} {pmsg}")

    made = subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", corpus]
                          + reports, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(made.stdout.strip())
    if made.returncode != 0:
        failures.append("make_corpus.py failed (see above)")
    with open(os.path.join(corpus, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)

    agreed = 0
    for entry in manifest:
        path, want = entry["file"], entry["field"]
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            if not isinstance(doc, dict):
                doc = None
        except ValueError:
            doc = None
        (crc, cmsg), (prc, pmsg) = both(path)
        cf, pf = cpp_field(cmsg, path, doc), python_field(pmsg, path)
        ok = crc in (3, 4) and crc == prc and names(cf, want) and names(pf, want)
        agreed += ok
        mark = "ok  " if ok else "FAIL"
        print(f"{mark} {entry['class']:30} {want:40} C++ {crc} {cf} | Python {prc} {pf}")
        if not ok:
            failures.append(f"{entry['class']} ({entry['what']}, from {entry['source']}): "
                            f"want both to refuse naming '{want}': C++ {crc} {cmsg} | "
                            f"Python {prc} {pmsg}")
    print(f"{agreed}/{len(manifest)} tamper classes refused by both verifiers naming the same "
          f"field with the same exit code; {len(reports)} untouched reports checked")
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures or len(manifest) < 100 else 0


if __name__ == "__main__":
    sys.exit(main())
