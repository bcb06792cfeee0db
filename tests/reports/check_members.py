#!/usr/bin/env python3
"""The members the two report readers accept are members the published schemas define.

  check_members.py REPOSITORY

A report's shape is written in three places on purpose: the schemas (docs/report.schema.json,
docs/plan.schema.json, docs/reconciliation.schema.json), the C++ reader (report/impl/*.ipp: each
`closed(object, path, {"member", ...})` lists the members an object may hold) and the independent
verifier (tools/verify_report.py and the plan and reconciliation checks it shares nothing with
trncost for: `..._MEMBERS = [...]` lists and `closed(..., [...])` calls). The readers' logic stays
independent; their vocabulary may not drift: every member list either reader accepts must be a
subset of the members of one object the schemas define, or a member was added to a reader and not
to the schema (or renamed in one place). Fails naming the file, the line and the members no schema
object holds. Standard library only.
"""

import json
import pathlib
import re
import sys

SCHEMAS = ["docs/report.schema.json", "docs/plan.schema.json", "docs/reconciliation.schema.json"]
# Below these, the extraction itself has broken (a reader rewritten in another style): fail rather
# than check nothing.
AT_LEAST = {"C++ reader": 60, "verifier": 25}


def schema_objects(node, path, out):
    """(path, member names) of every object schema with `properties`, recursively."""
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            out.append((path, set(node["properties"])))
        for k, v in node.items():
            schema_objects(v, f"{path}/{k}", out)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            schema_objects(v, f"{path}/{i}", out)
    return out


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def cpp_lists(root):
    out = []
    for f in sorted((root / "include/trncost/report/impl").glob("*.ipp")):
        text = f.read_text(encoding="utf-8")
        for m in re.finditer(r'closed\(\s*[^;]*?\{((?:\s*"[^"]*"\s*,?)+)\}', text):
            out.append((f"{f.relative_to(root)}:{line_of(text, m.start())}",
                        re.findall(r'"([^"]*)"', m.group(1))))
    return out


def verifier_lists(root):
    out = []
    for f in [root / "tools/verify_report.py"]:
        text = f.read_text(encoding="utf-8")
        for m in re.finditer(r'^(\w*MEMBERS\w*) = \[([^\]]*)\]', text, re.M):
            out.append((f"{f.relative_to(root)}:{line_of(text, m.start())} ({m.group(1)})",
                        re.findall(r'"([^"]*)"', m.group(2))))
        for m in re.finditer(r'closed\([^\[\n]*\[((?:\s*"[^"]*"\s*,?)+)\]', text):
            out.append((f"{f.relative_to(root)}:{line_of(text, m.start())}",
                        re.findall(r'"([^"]*)"', m.group(1))))
    return out


def main(argv):
    if len(argv) != 1:
        print(__doc__)
        return 2
    root = pathlib.Path(argv[0])
    objects = []
    for s in SCHEMAS:
        objects += schema_objects(json.loads((root / s).read_text(encoding="utf-8")), s, [])
    failures = []
    for reader, lists in (("C++ reader", cpp_lists(root)), ("verifier", verifier_lists(root))):
        if len(lists) < AT_LEAST[reader]:
            failures.append(f"the {reader}: {len(lists)} member lists found, fewer than "
                            f"{AT_LEAST[reader]}: has its style changed? update this script")
        for where, names in lists:
            if any(set(names) <= members for _, members in objects):
                continue
            path, members = max(objects, key=lambda o: len(set(names) & o[1]))
            failures.append(f"{where}: the {reader} accepts {sorted(set(names) - members)}, which "
                            f"no schema object holds with the others (closest: {path})")
        print(f"{reader}: {len(lists)} member lists, each one a schema object's")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
