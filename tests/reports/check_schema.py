#!/usr/bin/env python3
"""Validates JSON reports against docs/report.schema.json, plans' documents against
docs/plan.schema.json, or reconciliations against docs/reconciliation.schema.json (JSON Schema
draft 2020-12).

  check_schema.py SCHEMA REPORT_OR_DIR...

Every report given (a directory: its *.json) must validate (a study report, schema trncost.study,
against $defs/study, which holds whole reports); hand-broken copies of the first one must
not (so a validator that accepts everything fails here). The validator is the small one below, for the
subset of JSON Schema the schema uses: the script first checks the schema uses no other keyword.
Debian's python3-jsonschema (Draft202012Validator) would replace it; when `import jsonschema` works,
it is run as well and must give the same verdicts. Standard library only otherwise.
"""

import copy
import glob
import json
import os
import re
import sys

SUBSET = {"$schema", "$id", "$defs", "$ref", "title", "description", "type", "properties",
          "required", "additionalProperties", "items", "enum", "const", "pattern", "minLength",
          "minimum", "minItems", "maxItems", "oneOf", "anyOf", "allOf", "not", "if", "then",
          "else"}
# A status reason without its rule (versions 1 to 3), for the hand-broken copies.
REASON = {"status": "provisional", "text": "overlap_s is an assumption"}
# A well-formed work member (schema version 3), for the hand-broken copies.
WORK = {"kind": "tokens served", "amount": "tokens", "per": 1000000, "unit": "USD/1M tokens",
        "full": "2.5", "compute_only": "2"}
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def keywords(schema, path="#"):
    """Every keyword the schema uses that is outside SUBSET, with where."""
    out = []
    if isinstance(schema, dict):
        for k, v in schema.items():
            if k not in SUBSET:
                out.append(f"{path}/{k}")
            if k in ("properties", "$defs"):
                for name, sub in v.items():
                    out += keywords(sub, f"{path}/{k}/{name}")
            elif k in ("items", "not", "if", "then", "else", "additionalProperties"):
                out += keywords(v, f"{path}/{k}")
            elif k in ("oneOf", "anyOf", "allOf"):
                for i, sub in enumerate(v):
                    out += keywords(sub, f"{path}/{k}/{i}")
    return out


def is_type(value, name):
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "boolean":
        return isinstance(value, bool)
    return isinstance(value, TYPES[name]) and not (name != "boolean" and isinstance(value, bool))


def errors(schema, value, root, path="$"):
    """The first error of `value` against `schema`, as 'path: rule', or None."""
    if schema is True or schema == {}:
        return None
    if schema is False:
        return f"{path}: is not allowed"
    if "$ref" in schema:
        e = errors(resolve(root, schema["$ref"]), value, root, path)
        if e:
            return e
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(is_type(value, n) for n in names):
            return f"{path}: is not of type {'/'.join(names)}"
    if "const" in schema and not same(value, schema["const"]):
        return f"{path}: is not {json.dumps(schema['const'])}"
    if "enum" in schema and not any(same(value, e) for e in schema["enum"]):
        return f"{path}: {json.dumps(value)} is not one of {json.dumps(schema['enum'])}"
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            return f"{path}: '{value}' does not match {schema['pattern']}"
        if len(value) < schema.get("minLength", 0):
            return f"{path}: is shorter than {schema['minLength']}"
    if is_type(value, "number") and "minimum" in schema and value < schema["minimum"]:
        return f"{path}: is below {schema['minimum']}"
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            return f"{path}: has fewer than {schema['minItems']} items"
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            return f"{path}: has more than {schema['maxItems']} items"
        if "items" in schema:
            for i, item in enumerate(value):
                e = errors(schema["items"], item, root, f"{path}[{i}]")
                if e:
                    return e
    if isinstance(value, dict):
        for k in schema.get("required", []):
            if k not in value:
                return f"{path}: '{k}' is missing"
        props = schema.get("properties", {})
        for k, v in value.items():
            if k in props:
                e = errors(props[k], v, root, f"{path}.{k}")
                if e:
                    return e
            elif "additionalProperties" in schema:
                e = errors(schema["additionalProperties"], v, root, f"{path}.{k}")
                if e:
                    return f"{path}: member '{k}' is not in the schema"
    for sub in schema.get("allOf", []):
        e = errors(sub, value, root, path)
        if e:
            return e
    if "anyOf" in schema and all(errors(s, value, root, path) for s in schema["anyOf"]):
        return f"{path}: matches none of anyOf"
    if "oneOf" in schema:
        results = [errors(s, value, root, path) for s in schema["oneOf"]]
        n = sum(1 for r in results if r is None)
        if n != 1:
            detail = "; ".join(r for r in results if r) if n == 0 else f"{n} match"
            return f"{path}: matches {n} of oneOf ({detail})"
    if "not" in schema and errors(schema["not"], value, root, path) is None:
        return f"{path}: matches what 'not' forbids"
    if "if" in schema:
        branch = "then" if errors(schema["if"], value, root, path) is None else "else"
        if branch in schema:
            e = errors(schema[branch], value, root, path)
            if e:
                return e
    return None


def resolve(root, ref):
    """A reference inside the schema: "#" (the report) or a JSON pointer "#/$defs/...", the only
    kinds it uses."""
    assert ref == "#" or ref.startswith("#/"), ref
    target = root
    for part in ref[2:].split("/") if ref != "#" else []:
        target = target[part.replace("~1", "/").replace("~0", "~")]
    return target


# A study report (schema trncost.study) is checked against $defs/study, which holds whole reports.
STUDY = {"$ref": "#/$defs/study"}


def schema_for(doc):
    return STUDY if isinstance(doc, dict) and doc.get("schema") == "trncost.study" else None


def same(a, b):
    return type(a) is type(b) and a == b


def mutator(doc):
    """mutate(name, f): a copy of `doc` that `f` changed, named `name` (one broken rule)."""
    def mutate(name, f):
        d = copy.deepcopy(doc)
        f(d)
        return name, d
    return mutate


def broken_copies(doc):
    """Copies of a valid report that break the schema, one rule each."""
    mutate = mutator(doc)
    first_derivation = next(i for i, d in enumerate(doc["derivations"]) if d["op"] != "scale")
    return [
        mutate("totals missing", lambda d: d.pop("totals")),
        mutate("unknown status", lambda d: d.update(status="great")),
        mutate("unknown member", lambda d: d.update(workload={})),
        mutate("amount as a number", lambda d: d["lines"][0].update(amount=1.5)),
        mutate("19 fractional digits", lambda d: d["totals"].update(total="1.0000000000000000001")),
        mutate("credits in version 1", lambda d: d.update(schema_version=1, credits={})),
        mutate("version 8", lambda d: d.update(schema_version=8)),
        mutate("a reason without its rule in version 4",
               lambda d: d.update(schema_version=4, reasons=[REASON])),
        mutate("a reason with a rule in version 3",
               lambda d: d.update(schema_version=3, reasons=[dict(REASON, rule="no-assumption")])),
        mutate("a reason of an unknown rule",
               lambda d: d.update(schema_version=4, reasons=[dict(REASON, rule="guess")])),
        mutate("a reason of a refusing rule",
               lambda d: d.update(schema_version=4, reasons=[dict(REASON, rule="timeline")])),
        mutate("a category on a rule not about one",
               lambda d: d.update(schema_version=4, reasons=[
                   dict(REASON, rule="no-assumption", category="logs")])),
        mutate("every-category-accounted without its category",
               lambda d: d.update(schema_version=4, reasons=[
                   dict(REASON, status="incomplete", rule="every-category-accounted")])),
        mutate("work in version 2", lambda d: d.update(schema_version=2, work=WORK)),
        mutate("work of an unknown kind",
               lambda d: d.update(schema_version=3, work=dict(WORK, kind="tokens wasted"))),
        mutate("work with a numeric cost",
               lambda d: d.update(schema_version=3, work=dict(WORK, full=0.5))),
        mutate("scale without factor",
               lambda d: d["derivations"][first_derivation].update(op="scale")),
        mutate("quoted without region", lambda d: d["inputs"][0].update(
            provenance={"kind": "quoted", "source": "x", "consulted": "2026-11-30"})),
        mutate("five categories", lambda d: d["categories"].pop()),
        mutate("unknown input with a value", lambda d: d["inputs"][0].update(known=False)),
        mutate("protocol without runs", lambda d: d["protocol"].pop("runs")),
    ] + ([] if doc["schema_version"] < 5 else [
        # Version 5: every line has its identity, quotes their instance and usage type.
        mutate("a version 5 line without identity", lambda d: d["lines"][0].pop("identity")),
        mutate("an identity field empty instead of null",
               lambda d: d["lines"][0]["identity"].update(region="")),
        mutate("an identity with an unknown member",
               lambda d: d["lines"][0]["identity"].update(account="1")),
        mutate("identities in version 4", lambda d: d.update(schema_version=4)),
        mutate("a version 5 input without its origin's members", lambda d: [
            e["provenance"].pop("instance_type") for e in d["inputs"]
            if e["provenance"]["kind"] in ("quoted", "measured")][:1]),
    ])


def broken_plans(doc):
    """Copies of a valid plan's document (version 3) that break the schema, one rule each."""
    mutate = mutator(doc)
    return [
        mutate("plan without workloads", lambda d: d.pop("workloads")),
        mutate("plan of version 4", lambda d: d.update(schema_version=4)),
        mutate("plan with an unknown member", lambda d: d.update(comment="x")),
        mutate("plan spend as a number", lambda d: d.update(spend=1.5)),
        mutate("version 3 workload without pricings",
               lambda d: d["workloads"][0].pop("pricings")),
        mutate("version 2 workload with pricings", lambda d: d.update(schema_version=2)),
        mutate("pricing without charges",
               lambda d: d["workloads"][0]["pricings"][0].pop("charges")),
        mutate("pricing of no occurrence",
               lambda d: d["workloads"][0]["pricings"][0].update(occurrences=[])),
        mutate("pricing version not a date",
               lambda d: d["workloads"][0]["pricings"][0].update(versions=["April"])),
        mutate("occurrence without seconds in version 3",
               lambda d: d["workloads"][0]["occurrences"][0].pop("seconds")),
        mutate("charge of another kind",
               lambda d: d["workloads"][0]["charges"][0].update(kind="support")),
        mutate("month not a month", lambda d: d["months"][0].update(month="2027-13")),
    ]


def broken_reconciliations(doc):
    """Copies of a valid reconciliation (one with a row billed as measured) that break the schema,
    one rule each."""
    mutate = mutator(doc)
    return [
        mutate("reconciliation without rows", lambda d: d.pop("rows")),
        mutate("reconciliation of version 2", lambda d: d.update(schema_version=2)),
        mutate("reconciliation with an unknown member", lambda d: d.update(comment="x")),
        mutate("reconciliation of another basis", lambda d: d.update(basis="list")),
        mutate("reconciliation total as a number", lambda d: d.update(invoiced=193.058)),
        mutate("row count negative", lambda d: d.update(rows_read=-1)),
        mutate("row without why", lambda d: d["rows"][0].pop("why")),
        mutate("row billed as an assumption",
               lambda d: d["rows"][0].update(billed_as={"kind": "assumption", "rationale": "x"})),
        mutate("resource with a date, not a timestamp",
               lambda d: d["rows"][0]["resources"][0].update(to="2026-11-22")),
        mutate("row's purchase option unknown",
               lambda d: d["rows"][0]["identity"].update(purchase_option="dedicated")),
        mutate("other charge without amount", lambda d: d["other_charges"][0].pop("amount")
               if d["other_charges"] else d.update(other_charges=[{"what": "tax", "rows": 1}])),
    ]


def broken_studies(doc):
    """Copies of a valid study report that break the schema, one rule each."""
    mutate = mutator(doc)
    return [
        mutate("study of version 2", lambda d: d.update(schema_version=2)),
        mutate("study with one option", lambda d: d.update(options=d["options"][:1])),
        mutate("study option without work", lambda d: d["options"][0].pop("work")),
        mutate("study option report without its decision",
               lambda d: d["options"][0]["report"]["analysis"].pop("decision")),
        mutate("study option report of version 1",
               lambda d: d["options"][0]["report"].update(schema_version=1)),
        mutate("study option report without totals",
               lambda d: d["options"][0]["report"].pop("totals")),
        mutate("study ranked cost per work as a number",
               lambda d: d["analysis"]["comparison"]["groups"][0]["ranked"][0].update(
                   cost_per_work=0.5)),
        mutate("study with a tornado", lambda d: d["analysis"].update(tornado={})),
    ]


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        schema = json.load(f)
    failures = []
    outside = keywords(schema)
    if outside:
        failures.append("the schema uses keywords the validator here does not implement: " +
                        ", ".join(outside))
    newest = max(schema["properties"]["schema_version"]["enum"])
    kind = schema.get("title", "trncost.report").split(".")[-1]
    plans = kind == "plan"
    reconciliations = kind == "reconciliation"
    if schema.get("$id") != f"urn:trncost:{kind}:{newest}":
        failures.append(f"$id is {schema.get('$id')}, not urn:trncost:{kind}:{newest} (the newest "
                        "schema_version it describes)")
    try:
        import jsonschema  # Debian: python3-jsonschema
        jsonschema.Draft202012Validator.check_schema(schema)
        reports = jsonschema.Draft202012Validator(schema)
        try:  # a study: $defs/study, its "#" the report schema (by the schema's $id)
            from referencing import Registry, Resource
            registry = Registry().with_resource(schema["$id"], Resource.from_contents(schema))
            studies = jsonschema.Draft202012Validator({"$ref": schema["$id"] + "#/$defs/study"},
                                                      registry=registry)
        except ImportError:  # jsonschema before 4.18 (Debian 12's 4.10): its RefResolver
            resolver = jsonschema.RefResolver(schema["$id"], schema, store={schema["$id"]: schema})
            studies = jsonschema.Draft202012Validator({"$ref": schema["$id"] + "#/$defs/study"},
                                                      resolver=resolver)

        class Other:
            """jsonschema's verdict, on a report or a study (None: it cannot check a study)."""

            @staticmethod
            def pick(doc):
                return studies if schema_for(doc) is not None else reports

            def is_valid(self, doc):
                v = self.pick(doc)
                return True if v is None else v.is_valid(doc)

            def iter_errors(self, doc):
                return self.pick(doc).iter_errors(doc)
        other = Other()
    except ImportError:
        other = None
    files = []
    for a in argv[1:]:
        files += sorted(glob.glob(os.path.join(a, "*.json"))) if os.path.isdir(a) else [a]
    if not files:
        failures.append("no report given")
    docs = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        docs.append(doc)
        e = errors(schema_for(doc) or schema, doc, schema)
        if e:
            failures.append(f"{path}: {e}")
        if other is not None and not other.is_valid(doc):
            failures.append(f"{path}: jsonschema rejects it: {next(other.iter_errors(doc)).message}")
    reports_given = [(f, d) for f, d in zip(files, docs) if schema_for(d) is None]
    studies_given = [(f, d) for f, d in zip(files, docs) if schema_for(d) is not None]
    if plans:
        # The first plan of the newest version with a charge in its first workload.
        newest_docs = [(f, d) for f, d in reports_given if d.get("schema_version") == newest and
                       d["workloads"][0]["charges"]]
        broken = [(newest_docs[0][0], n, d) for n, d in broken_plans(newest_docs[0][1])] \
            if newest_docs else []
        if not newest_docs:
            failures.append(f"no plan of version {newest} with a charge to break")
    elif reconciliations:
        with_rows = [(f, d) for f, d in reports_given if d["rows"] and d["rows"][0]["resources"]
                     and d["rows"][0]["billed_as"] is not None]
        broken = [(with_rows[0][0], n, d) for n, d in broken_reconciliations(with_rows[0][1])] \
            if with_rows else []
        if not with_rows:
            failures.append("no reconciliation with a row billed as measured, with resources, to break")
    else:
        broken = [(reports_given[0][0], n, d) for n, d in broken_copies(reports_given[0][1])] \
            if reports_given else []
    broken += [(studies_given[0][0], n, d) for n, d in broken_studies(studies_given[0][1])] \
        if studies_given else []
    for given, name, doc in broken:
        if errors(schema_for(doc) or schema, doc, schema) is None:
            failures.append(f"{given} with {name}: the schema accepts it")
        if other is not None and other.pick(doc) is not None and other.is_valid(doc):
            failures.append(f"{given} with {name}: jsonschema accepts it")
    print(f"{len(files)} reports valid ({len(studies_given)} of them studies), "
          f"{len(broken)} broken copies refused" +
          (" (and by jsonschema)" if other is not None else " (jsonschema not installed)"))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
