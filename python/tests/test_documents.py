"""Everything a file can say, Python can build: trncost.scenario(), study() and plan() read a mapping of
the file's keys (or its text) with the file's own parser.

- Every row of the feature table of docs/scenario.md ("Every feature and its key") that a file can
  reach is reached from Python: a shipped file using the row's keys, read into Python values with
  tomllib, gives through trncost.scenario/study/plan the very report load()/load_study()/load_plan()
  gives for the file; rows no shipped file uses are built here, in Python, with hand-computed totals.
- trncost.sourced() inputs keep their unit: the parser refuses a unit other than the key's.
"""

import datetime as dt
import json
import os
import pathlib
import re
import subprocess
import tomllib
from decimal import Decimal

import pytest

import trncost

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROVENANCES = ("measured", "assumption", "third_party", "documented", "quoted", "choice",
               "forecast")
SCENARIO_KEYS = ("component", "estimate", "prices", "runs", "declare_none", "analysis", "grant",
                 "spend", "uncertainty", "compat")


def feature_rows():
    """(feature, [keys]) of each row of the parity table whose keys a file can write."""
    text = (ROOT / "docs" / "scenario.md").read_text(encoding="utf-8")
    table = text.split("<!-- parity:begin -->")[1].split("<!-- parity:end -->")[0]
    rows = []
    for line in table.splitlines():
        if not line.startswith("| ") or line.startswith(("| feature", "|---")):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        keys = re.findall(r"`([^`]+)`", cells[2])
        if keys:
            rows.append((cells[0], keys))
    return rows


def key_paths(doc, path="", out=None, kinds=None):
    """The parity table's key paths a document uses (component keys under their kind, an input's
    keys as input.*, a provenance's fields under its kind, an option's scenario keys as a
    scenario's; an option's component that changes one of the study's names no kind: its kind is
    that component's)."""
    out = set() if out is None else out
    if kinds is None:
        kinds = {c.get("name"): c.get("kind") for c in doc.get("component", [])
                 if isinstance(c, dict)}
    for k, v in doc.items():
        p = f"{path}.{k}" if path else k
        out.add(p)
        if isinstance(v, dict) and ("value" in v or "unknown" in v):
            for ik, iv in v.items():
                out.add(f"input.{ik}")
                if ik in PROVENANCES and isinstance(iv, dict):
                    out.update(f"{ik}.{f}" for f in iv)
        elif isinstance(v, trncost.Sourced):
            out.update({"input.value", "input.unit"})
        elif isinstance(v, trncost.Unknown):
            out.add("input.unknown")
        elif isinstance(v, dict) and k == "sources" and not path:
            out.update(f"sources.NAME.{pk}" for entry in v.values() for pk in entry)
        elif isinstance(v, dict):
            key_paths(v, p, out, kinds)
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for x in v:
                if k == "component":
                    out.update({"component.kind", "component.name"})
                    rest = {kk: vv for kk, vv in x.items() if kk not in ("kind", "name")}
                    kind = x.get("kind") or kinds.get(x.get("name"))
                    key_paths(rest, f"component.{kind}", out, kinds)
                elif k == "option":
                    key_paths(x, "option", out, kinds)
                    key_paths({kk: vv for kk, vv in x.items() if kk in SCENARIO_KEYS}, "", out,
                              kinds)
                else:
                    key_paths(x, p + "[]" if k in ("files", "inputs", "correlations") else p, out,
                              kinds)
    return out


def kind_of(doc):
    if "option" in doc or "study" in doc:
        return "study"
    if "plan" in doc or "workload" in doc:
        return "plan"
    return "scenario"


def shipped():
    """Every shipped scenario, study and plan, as (path, document)."""
    files = sorted(ROOT.glob("examples/scenarios/*.toml")) + sorted(
        ROOT.glob("examples/studies/*.toml")) + sorted(ROOT.glob("examples/plans/*.toml"))
    return [(f, tomllib.loads(f.read_text(encoding="utf-8"))) for f in files]


def report_of(kind, built):
    """The report; a study's quotes of its own lines (an option refused at "file.toml:32") are
    left out, since the document's text is laid out by to_toml, not as the file was."""
    if kind == "scenario":
        return built.estimate().to_json()
    if kind == "study":
        return re.sub(r"(\.toml):\d+:", r"\1:LINE:", built.render("json"))
    return built.render("md")


def from_file(kind, path):
    return {"scenario": trncost.load, "study": trncost.load_study, "plan": trncost.load_plan}[kind](
        str(path.relative_to(ROOT)))


def from_python(kind, doc, base):
    return {"scenario": trncost.scenario, "study": trncost.study, "plan": trncost.plan}[kind](
        doc, base_dir=str(base.parent.relative_to(ROOT)), name=base.name)


# --------------------------------------------------------------------------------------------------
# Documents written in Python for the rows no shipped file uses: hand-computed.

ASSUMED = trncost.assumption(rationale="a figure for this test")
RUN = trncost.measured(run="prep-r1", method="the job's own accounting",
                       start=dt.datetime(2026, 11, 2, 8, tzinfo=dt.timezone.utc),
                       end=dt.datetime(2026, 11, 2, 9, tzinfo=dt.timezone.utc))
PAGE = trncost.quoted(source="the service's pricing page", region="us-east-1",
                      consulted=dt.date(2026, 11, 29))


def s(value, unit, provenance=ASSUMED):
    return trncost.sourced("ignored: a document names its inputs <component>.<key>", value, unit,
                           provenance)


def estimate_table(title):
    return {"title": title, "as_of": dt.date(2026, 11, 30), "region": "us-east-1"}


def around_the_job():
    """Every component kind a job pays for beside its instances, written in Python."""
    return {
        "format": 1,
        "estimate": estimate_table("Around the job"),
        "prices": {"files": []},  # every price is written
        "declare_none": {"compute": "the instances are estimated apart",
                         "failures_restarts": "nothing runs on instances here"},
        "component": [
            {"kind": "block_storage", "name": "scratch", "volume_type": "gp3",
             "size_gib": s(500, "GiB"), "kept_months": s(1, "mo"), "volumes": s(2, ""),
             "price": s("0.08", "USD/GiB-mo", PAGE),
             "iops": s(6000, "IOPS"), "iops_included": s(3000, "IOPS"),
             "iops_price": s("0.005", "USD/IOPS-mo", PAGE),
             "throughput_mibps": s(250, "MiB/s"), "throughput_included_mibps": s(125, "MiB/s"),
             "throughput_price": s("0.04", "USD/MiBps-mo", PAGE)},
            {"kind": "logging", "name": "logs", "ingested_gib": s(20, "GiB", RUN),
             "ingestion_price": s("0.50", "USD/GiB", PAGE),
             "not_kept": "a retention rule deletes them within the day"},
            {"kind": "object_storage", "name": "dataset", "storage_class": "Standard",
             "stored_gib": s(1000, "GiB"), "kept_months": s(2, "mo"),
             "storage_price": s("0.023", "USD/GiB-mo", PAGE),
             "put_requests": s(10000, "request"), "put_price": s("0.000005", "USD/request", PAGE)},
            {"kind": "data_transfer", "name": "copies",
             "transfer": [{"type": "inter_az", "what": "checkpoints to the other zone",
                           "gib": s(100, "GiB"), "price": s("0.01", "USD/GiB", PAGE)}]},
            {"kind": "data_preparation", "name": "tokenise", "cost": s("12.34", "USD", RUN)},
        ],
    }


def autoscaled():
    """tests/scenario/scenario_workloads_test.cpp's autoscaled serving, written in Python."""
    return {
        "format": 1,
        "estimate": estimate_table("Autoscaled serving"),
        "prices": {"files": []},
        "declare_none": {k: "not part of this test" for k in
                         ("storage", "transfer", "logs", "data_preparation", "failures_restarts")},
        "component": [{
            "kind": "autoscaled_serving", "name": "auto", "instance_type": "trn2.48xlarge",
            "price": s(10, "USD/instance-h"), "repeats": s(2, ""),
            "target_tokens_per_s_per_replica": {"value": "400", "assumption": "the replica's rate"},
            "min_replicas": {"value": "1", "assumption": "always one"},
            "max_replicas": {"value": "4", "assumption": "the quota"},
            "startup_seconds": s(600, "s"),
            "profile": [{"label": "night", "hours": s(12, "h"), "tokens_per_s": s(100, "token/s")},
                        {"label": "day", "hours": s(12, "h"), "tokens_per_s": s(900, "token/s")}],
        }],
    }


def with_capture():
    """The Capacity Block study with a neuron-monitor capture on its on-demand option."""
    path = ROOT / "examples" / "studies" / "capacity-block-vs-on-demand.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    option = next(o for o in doc["option"] if o["name"] == "on-demand, per second")
    option["neuron_monitor"] = {
        "file": "../../tests/readers/data/neuron-monitor/trn1.32xlarge-24-reports.jsonl",
        "below": "80"}
    return doc


def bought_on_spot():
    """Instance time bought on spot, its phases written: 2 instances x 3,600 s x 6.4502 USD an
    instance-hour observed = 12.9004 USD (the spot figure of tests/scenario/scenario_purchase_test)."""
    return {
        "format": 1,
        "estimate": estimate_table("On spot"),
        "prices": {"files": []},
        "declare_none": {k: "not part of this test" for k in
                         ("storage", "transfer", "logs", "data_preparation", "failures_restarts")},
        "component": [{
            "kind": "instance_time", "name": "fine-tune", "instance_type": "trn1.32xlarge",
            "instances": s(2, "instance"), "training_seconds": s(3600, "s", RUN),
            "purchase": {"spot": "us-east-1a"},
            "price": s("6.4502", "USD/instance-h", trncost.quoted(
                source="EC2 spot price history API", region="us-east-1", consulted="2026-11-29")),
        }],
    }


def fine_tune_per_job():
    """A fine-tune's phases written, its jobs said: 2 instances x (600 + 7,200) s x 21.50 USD an
    instance-hour assumed = 2 x 7,800 / 3,600 x 21.50 = 93.1666... USD; one run, so 93.1666...
    USD a job (cost_per = "job")."""
    return {
        "format": 1,
        "estimate": {**estimate_table("A fine-tune per job"), "cost_per": "job"},
        "prices": {"files": []},
        "declare_none": {k: "not part of this test" for k in
                         ("storage", "transfer", "logs", "data_preparation", "failures_restarts")},
        "component": [{
            "kind": "instance_time", "name": "fine-tune", "instance_type": "trn1.32xlarge",
            "instances": s(2, "instance"), "setup_seconds": s(600, "s", RUN),
            "training_seconds": s(7200, "s", RUN),
            "price": s("21.50", "USD/instance-h", ASSUMED),
            "jobs": s(1, "job", trncost.choice(why="one fine-tune", by="ML team")),
        }],
    }


def given_inputs():
    """A bucket whose size is a forecast and whose retention is a choice, its price quoted: given
    inputs never lower the status. 1,000 GiB x 3 mo x 0.023 USD/GiB-mo = 69 USD."""
    decided = trncost.choice(why="kept for the quarter", by="data team")
    return {
        "format": 1,
        "estimate": estimate_table("Given inputs"),
        "prices": {"files": []},
        "sources": {"plan": {"forecast": {"basis": "the Q1 data plan", "by": "data team"}}},
        "declare_none": {k: "not part of this test" for k in
                         ("compute", "transfer", "logs", "data_preparation", "failures_restarts")},
        "component": [{
            "kind": "object_storage", "name": "corpus", "storage_class": "Standard",
            "stored_gib": {"value": "1000", "source": "plan"},
            "kept_months": {"value": "3", "choice": {"why": decided.fields["why"],
                                                     "by": decided.fields["by"]}},
            "storage_price": s("0.023", "USD/GiB-mo", PAGE)}],
    }


def with_uncertainty(status="open"):
    """given_inputs (verified) with a migration uncertainty stated in the document."""
    doc = given_inputs()
    doc["uncertainty"] = [{"subject": "aten::_upsample_bicubic2d_aa in the vision tower",
                           "kind": "unsupported-operation", "status": status,
                           "owner": "ml-platform", "detail": "no Neuron lowering in our release"}]
    return doc


WRITTEN_HERE = {"a migration uncertainty": with_uncertainty, "given inputs": given_inputs, "a fine-tune per job": fine_tune_per_job, "bought on spot": bought_on_spot, "around the job": around_the_job, "autoscaled serving": autoscaled,
                "a neuron-monitor capture": with_capture}


def test_around_the_job_by_hand():
    est = trncost.scenario(around_the_job()).estimate()
    # scratch: 2 x 500 GiB x 0.08 = 80; IOPS 2 x (6,000 - 3,000) x 0.005 = 30; throughput
    # 2 x (250 - 125) MiB/s x 0.04 = 10; logs 20 GiB x 0.50 = 10; S3 1,000 GiB x 2 mo x 0.023 = 46
    # and 10,000 x 0.000005 = 0.05; inter-AZ 100 GiB x 0.01 on both sides = 2; preparation 12.34.
    by_component = {}
    for line in est.lines:
        by_component[line.component] = by_component.get(line.component, 0) + line.amount
    assert by_component == {"scratch": Decimal(120), "logs": Decimal(10),
                            "dataset": Decimal("46.05"), "copies": Decimal(2),
                            "tokenise": Decimal("12.34")}
    assert est.total == Decimal("190.39")
    assert est.status is trncost.Status.provisional  # assumptions among the inputs
    names = {r.name for r in est.inputs}
    assert "scratch.size_gib" in names and "copies.transfer[0].gib" in names
    measured = next(r for r in est.inputs if r.name == "tokenise.cost")
    assert measured.kind == "measured" and measured.value == trncost.Quantity(Decimal("12.34"),
                                                                              "USD")


def test_autoscaled_serving_by_hand():
    est = trncost.scenario(autoscaled()).estimate()
    # night: 1 replica (100 / 400 up to the minimum), day: ceil(900 / 400) = 3; 2 cycles x
    # (1 x 12 + 3 x 12) h x 10 = 960; scale-ups 2 replicas x 600 s x 2 cycles = 2/3 h x 10.
    assert est.by_phase[trncost.Phase.serving] == Decimal(960)
    assert est.total == Decimal("966.666666666666666667")
    assert est.work.kind == "tokens served"


def test_an_open_migration_uncertainty_keeps_the_estimate_from_verified():
    est = trncost.scenario(with_uncertainty()).estimate()
    assert est.total == Decimal(69)  # never a cost
    assert est.status is trncost.Status.provisional
    assert [r.rule for r in est.reasons] == ["no-open-uncertainty"]
    assert '"subject": "aten::_upsample_bicubic2d_aa in the vision tower"' in est.to_json()
    # Resolved, it stays listed and no longer lowers the status.
    resolved = trncost.scenario(with_uncertainty("resolved")).estimate()
    assert resolved.status is trncost.Status.verified
    assert "## Migration uncertainties" in resolved.to_markdown()
    doc = with_uncertainty()
    doc["uncertainty"][0]["kind"] = "unsuported-operation"
    with pytest.raises(trncost.Error, match=r'uncertainty\[0\]\.kind: unknown kind '
                                            r'"unsuported-operation" \(did you mean '
                                            r'"unsupported-operation"\?\)'):
        trncost.scenario(doc)


def test_given_inputs_keep_the_status_and_show_the_forecast_swing():
    est = trncost.scenario(given_inputs()).estimate()
    assert est.total == Decimal(69)
    assert est.status is trncost.Status.verified  # a choice and a forecast are not doubted
    kinds = {r.name: r.kind for r in est.inputs}
    assert kinds["corpus.stored_gib"] == "forecast" and kinds["corpus.kept_months"] == "choice"
    md = est.to_markdown()
    assert "It holds for the stated forecast of corpus.stored_gib" in md
    # 900 and 1,100 GiB: 62.10 and 75.90 USD.
    assert "| `corpus.stored_gib` | 1000 GiB | 62.10 (900) | 75.90 (1100) |" in md
    # A measurement may be just its period.
    day = trncost.measured(start="2026-11-20T00:00:00Z", end="2026-11-21T00:00:00Z")
    doc = given_inputs()
    doc["component"][0]["kept_months"] = s(3, "mo", day)
    assert trncost.scenario(doc).estimate().status is trncost.Status.verified


def test_a_fine_tune_per_job_by_hand():
    est = trncost.scenario(fine_tune_per_job()).estimate()
    # 2 x 600 / 3,600 x 21.50 = 7.1666... and 2 x 7,200 / 3,600 x 21.50 = 86: 93.1666...
    assert round(est.total, 10) == Decimal("93.1666666667")
    assert est.work.kind == "runs to target" and est.work.unit == "USD/job"
    assert est.work.amount.value == trncost.Quantity(Decimal(1), "job")
    assert est.work.full.value.value == est.total
    doc = fine_tune_per_job()
    doc["component"][0]["jobs"] = s(0, "job", ASSUMED)
    with pytest.raises(trncost.ParseError, match="jobs: is 0: the jobs these phases are"):
        trncost.scenario(doc).estimate()


def test_bought_on_spot_by_hand():
    est = trncost.scenario(bought_on_spot()).estimate()
    assert est.total == Decimal("12.9004")
    price = next(r for r in est.inputs if r.name == "fine-tune.price")
    assert price.kind == "quoted" and "spot" in price.provenance


def test_a_capture_below_its_bound_is_a_bottleneck():
    st = trncost.study(with_capture(), base_dir="examples/studies")
    plain = trncost.load_study("examples/studies/capacity-block-vs-on-demand.toml")
    # The capture's mean is 78.25 % (tests/readers/neuron_monitor_test.cpp), under 80.
    assert "78.25" in st.render("md") and "78.25" not in plain.render("md")


def test_a_price_store_from_python(tmp_path, cli):
    trncost_cmd = pathlib.Path(os.environ["TRNCOST_ESTIMATE"]).with_name("trncost")
    store = tmp_path / "prices.sqlite"
    offers = ROOT / "examples" / "data" / "offers"
    r = subprocess.run([str(trncost_cmd), "prices", "fetch", "--store", str(store),
                        "--where", "regionCode=us-east-1", str(offers / "AmazonEC2-us-east-1.json")],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    path = ROOT / "examples" / "scenarios" / "fine-tune-8b-trn1.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    files = doc["prices"]["files"]
    # The EC2 prices from the store, the other offers from their files, as before.
    doc["prices"]["files"] = [f for f in files if "AmazonEC2" not in f["file"]]
    doc["prices"]["store"] = str(store)
    est = trncost.scenario(doc, base_dir="examples/scenarios").estimate()
    assert est.total == trncost.load(str(path.relative_to(ROOT))).estimate().total
    offer_inputs = [r for r in est.inputs if "AmazonEC2" in r.provenance]
    assert offer_inputs, "the EC2 price comes from the store's offer"


@pytest.mark.parametrize("feature,keys", feature_rows(), ids=[r[0][:50] for r in feature_rows()])
def test_every_feature_a_file_reaches_python_reaches(feature, keys):
    files = [(p, d) for p, d in shipped() if set(keys) & key_paths(d)]
    written = [name for name, make in WRITTEN_HERE.items() if set(keys) & key_paths(make())]
    if feature.startswith("prices from a local price store"):
        written.append("test_a_price_store_from_python")
    assert files or written, f"{feature}: no shipped file and no document here uses {keys}"
    for path, doc in files[:2]:
        kind = kind_of(doc)
        assert report_of(kind, from_python(kind, doc, path)) == report_of(
            kind, from_file(kind, path)), path


# --------------------------------------------------------------------------------------------------
# What the document route refuses, and says


def test_a_unit_other_than_the_keys_is_refused_at_its_line():
    doc = around_the_job()
    doc["component"][0]["size_gib"] = s(500, "GB")
    with pytest.raises(trncost.Error) as e:
        trncost.scenario(doc)
    line = trncost.to_toml(doc).splitlines().index(
        next(l for l in trncost.to_toml(doc).splitlines() if l.startswith("size_gib"))) + 1
    assert str(e.value) == (
        f"trncost: <python>:{line}: size_gib.unit: is \"GB\" where size_gib takes \"GiB\": the key "
        "names its unit; give the value in it (or the key in the value's unit, when the kind has "
        "one)")


def test_hours_where_seconds_are_taken_are_refused():
    doc = autoscaled()
    doc["component"][0]["startup_seconds"] = s("0.5", "h")
    with pytest.raises(trncost.Error, match=r'startup_seconds\.unit: is "h" where startup_seconds '
                                            r'takes "s"'):
        trncost.scenario(doc)


def test_a_float_is_refused_anywhere():
    doc = around_the_job()
    doc["estimate"]["freshness_days"] = 30.0
    with pytest.raises(TypeError, match="estimate.freshness_days is the float 30.0"):
        trncost.to_toml(doc)


def test_a_bare_number_has_no_provenance():
    doc = around_the_job()
    doc["component"][0]["size_gib"] = 500
    with pytest.raises(trncost.Error, match="size_gib: is a bare number; an input needs its "
                                            "provenance"):
        trncost.scenario(doc)


def test_an_offer_row_is_read_from_its_file_not_written():
    doc = around_the_job()
    doc["component"][0]["price"] = s("0.08", "USD/GiB-mo", trncost.quoted(
        source="offer file", region="us-east-1", consulted="2026-11-29", sku="ABC"))
    with pytest.raises(TypeError, match="a quoted price with sku is an offer file's row"):
        trncost.to_toml(doc)


def test_the_text_is_a_file_the_command_reads(tmp_path, cli):
    doc = autoscaled()
    f = tmp_path / "autoscaled.toml"
    f.write_text(trncost.to_toml(doc), encoding="utf-8")
    assert cli(f, "--format", "json").stdout == trncost.scenario(doc).estimate().to_json()
    assert trncost.scenario(trncost.to_toml(doc)).estimate().total == Decimal(
        "966.666666666666666667")


def test_relative_paths_start_at_base_dir():
    path = ROOT / "examples" / "scenarios" / "fine-tune-8b-trn1.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    with pytest.raises(trncost.Error, match="price file"):
        trncost.scenario(doc)  # from the root, ../data/offers/... is not there
    assert trncost.scenario(doc, base_dir="examples/scenarios", name="ft.toml").estimate().total == \
        Decimal("397.635212328767123288")


def test_a_plan_from_python():
    path = ROOT / "examples" / "plans" / "cpt-and-sweep.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc["grant"][0]["amount"] = s(25000, "USD", trncost.documented(
        source="the grant letter", consulted="2026-11-01"))
    p = trncost.plan(doc, base_dir="examples/plans")
    # tests/scenario/briefs_test.cpp: 29,984.08 of spend, the 25,000 grant, 4,984.08 cash.
    assert round(p.spend, 2) == Decimal("29984.08") and round(p.cash, 2) == Decimal("4984.08")
    doc["grant"][0]["amount"] = s(25, "USD/h")
    with pytest.raises(trncost.Error, match=r'amount\.unit: is "USD/h" where amount takes "USD"'):
        trncost.plan(doc, base_dir="examples/plans")


def test_a_plan_with_its_workload_written_inline():
    # around_the_job() costs 190.39 USD (test_around_the_job_by_hand); twice, a month apart, is
    # 380.78 USD; the EC2 grant pays only the lines EC2 bills (the EBS volume), the rest is cash.
    doc = {
        "format": 1,
        "plan": {"title": "Two jobs", "start": dt.date(2027, 1, 1), "end": dt.date(2027, 4, 1)},
        "workload": [{"name": "around", "start": dt.date(2027, 1, 4), "days": 2, "every": "month",
                      "times": 2, "scenario": around_the_job()}],
        "grant": [{"name": "credits", "amount": s(300, "USD", trncost.documented(
            source="the grant letter", consulted="2026-11-01")), "issued": dt.date(2026, 12, 1),
            "last_valid_day": dt.date(2027, 12, 31), "services": ["AmazonEC2"]}],
    }
    p = trncost.plan(doc)
    assert p.spend == Decimal("380.78")
    # 2 x 120 USD of EBS (billed by Amazon EC2) paid by the grant; the other 140.78 in cash.
    assert (p.credits, p.cash) == (Decimal(240), Decimal("140.78"))
    assert p.workloads[0].occurrences == ((dt.date(2027, 1, 4), dt.date(2027, 1, 6)),
                                          (dt.date(2027, 2, 4), dt.date(2027, 2, 6)))
    assert "| around | written in the plan |" in p.render()


def test_a_plan_priced_on_its_occurrences_days():
    # tests/reports/data/plans/price-change.toml: 2 x trn1.32xlarge for 10 h a month; the test
    # offer file's 21.50 USD per instance-hour until 2027-03-31, 20.00 from 2027-04-01: January to
    # March 2 x 10 x 21.50 = 430 USD each, April to December 2 x 10 x 20.00 = 400 USD each;
    # 3 x 430 + 9 x 400 = 4,890 USD.
    p = trncost.load_plan("tests/reports/data/plans/price-change.toml")
    w = p.workloads[0]
    assert w.spend == Decimal(4890)
    first, later = w.pricings
    assert first == trncost.PlanPricing(dt.date(2027, 1, 4), (dt.date(2026, 9, 1),), False,
                                        (0, 1, 2), Decimal(430))
    assert later.in_force_on == dt.date(2027, 4, 4) and later.versions == (dt.date(2027, 4, 1),)
    assert later.latest_known and later.occurrences == tuple(range(3, 12))
    assert later.per_occurrence == Decimal(400)
    # A plan whose occurrences all cost the same: one pricing of every occurrence.
    w = trncost.load_plan("examples/plans/cpt-and-sweep.toml").workloads[1]
    assert len(w.pricings) == 1 and w.pricings[0].occurrences == tuple(range(len(w.occurrences)))


# --------------------------------------------------------------------------------------------------
# trncost diff from Python


def test_diff_attributes_the_change_exactly(tmp_path):
    base = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    doc = tomllib.loads((ROOT / "examples/scenarios/fine-tune-8b-trn1.toml").read_text())
    it = next(c for c in doc["component"] if c["kind"] == "instance_time")
    it["price"] = s("25", "USD/instance-h", PAGE)
    after = trncost.scenario(doc, base_dir="examples/scenarios").estimate()
    d = trncost.diff(base, after)
    assert d.total_before == base.total and d.total_after == after.total
    assert d.total_change == after.total - base.total
    assert sum(step.effect for step in d.attribution) == d.total_change
    assert any(step.input.endswith(".price") and step.after == "25 USD/instance-h"
               for step in d.attribution)
    # The command's three formats, byte for byte.
    a, b = tmp_path / "before.json", tmp_path / "after.json"
    base.write(str(a), "json")
    after.write(str(b), "json")
    d = trncost.diff(str(a), str(b))
    trncost_cmd = pathlib.Path(os.environ["TRNCOST_ESTIMATE"]).with_name("trncost")
    for fmt, text in (("text", d.text), ("md", d.markdown), ("html", d.html)):
        r = subprocess.run([str(trncost_cmd), "diff", str(a), str(b), "--format", fmt], cwd=ROOT,
                           capture_output=True, text=True, check=True)
        assert r.stdout == text, fmt


def test_another_instance_type_reads_as_each_line_changed():
    # The fine-tune on 2 x trn1.32xlarge, then on 1 x trn2.48xlarge: each phase is matched by its
    # role; training 258 -> 85.824 (tests/reports/markdown_diff_test.cpp).
    d = trncost.diff(trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate(),
                     trncost.load("examples/scenarios/fine-tune-8b-trn2.toml").estimate())
    assert all(x.before is not None and x.after is not None for x in d.lines)
    training = next(x for x in d.lines if x.phase is trncost.Phase.training)
    assert (training.description, training.description_after) == (
        "training on 2 x trn1.32xlarge", "training on 1 x trn2.48xlarge")
    assert training.change == Decimal("-172.176")


# --------------------------------------------------------------------------------------------------
# Run logs read from Python, as a scenario's [runs] reads them


def test_read_runs_gives_each_run_as_its_log_says():
    runs = trncost.read_runs("examples/data/ft-8b-trn1-runs.csv")
    r1 = next(r for r in runs if r.id == "ft-8b-trn1-r1")
    assert (r1.model_id, r1.instance_type) == ("meta-llama/Llama-3.1-8B", "trn1.32xlarge")
    # examples/data/ft-8b-trn1-runs.csv lines 24-30: setup 360 s, compilation 1,260 s, training
    # 3,600 s with 216,000,000 tokens in 900 steps.
    phases = [(p.phase, p.seconds) for p in r1.phases]
    assert phases[:3] == [(trncost.Phase.setup, Decimal(360)),
                          (trncost.Phase.compilation, Decimal(1260)),
                          (trncost.Phase.training, Decimal(3600))]
    training = r1.phases[2]
    assert (training.steps, training.tokens, training.start) == (
        Decimal(900), Decimal(216000000), "2026-11-20T09:27:00Z")
    assert training.origin.endswith("ft-8b-trn1-runs.csv:26")
    r2 = next(r for r in runs if r.id == "ft-8b-trn1-r2")
    assert trncost.Phase.failed_work in {p.phase for p in r2.phases}


def test_read_runs_errors_name_the_file():
    with pytest.raises(trncost.Error, match="no-such-runs.csv"):
        trncost.read_runs("no-such-runs.csv")


# --------------------------------------------------------------------------------------------------
# Scaling and compatibility evidence, which no file says yet (C++ rows of the table): from Python


def test_scaling_by_hand():
    m = trncost.measured(run="scale-1", method="tokens over training seconds",
                         start="2026-11-20T09:00:00Z", end="2026-11-20T12:00:00Z")
    points = [(s(n, "instance", m), s(t, "token/s", m)) for n, t in ((1, 1000), (2, 1800),
                                                                      (4, 3200))]
    rows = trncost.scaling(points, tokens=s(36000000, "token"), price=s(10, "USD/instance-h", PAGE),
                           extrapolate={8: s("0.1", "")})
    # efficiency: 1; 1.8 / 2 = 0.9; 3.2 / 4 = 0.8; at 8: 0.8 x (1 - 0.1) = 0.72, 1,000 x 8 x 0.72 =
    # 5,760 token/s. Time 36,000,000 / throughput; cost = nodes x time / 3,600 x 10.
    assert [(r.nodes, r.measured) for r in rows] == [(1, True), (2, True), (4, True), (8, False)]
    assert [r.efficiency.value.value for r in rows] == [1, Decimal("0.9"), Decimal("0.8"),
                                                         Decimal("0.72")]
    assert [r.time.value.value for r in rows] == [36000, 20000, 11250, 6250]
    assert rows[0].cost.value == trncost.Quantity(Decimal(100), "USD")
    assert rows[2].cost.value.value == 125
    assert round(rows[1].cost.value.value, 6) == Decimal("111.111111")
    assert rows[3].throughput.value.value == 5760 and rows[3].throughput.kind == "derived"
    with pytest.raises(TypeError, match="is in 'h' where 'token/s' is needed"):
        trncost.scaling([(points[0][0], s(1, "h"))], tokens=s(1, "token"),
                        price=s(1, "USD/instance-h"))


def test_model_support_evidence():
    ms = trncost.read_model_support("examples/data/model_support_sample.csv",
                                    consulted=dt.date(2026, 11, 29))
    assert len(ms) > 0
    # examples/data/model_support_sample.csv: Qwen3-0.6B passed on neuronx-cc 2.21.33363.0 (line 2,
    # tp 1, wall_s 412) and failed on 2.20.16736.0 (the record starting line 3).
    same = ms.lookup("Qwen/Qwen3-0.6B", neuronx_cc="2.21.33363.0")
    assert same.outcome == "passed on the same stack"
    assert (same.deciding.line, same.deciding.tp, same.deciding.wall_s) == (2, 1, 412)
    assert "wall_s includes compilation" in same.does_not_prove
    failed = ms.lookup("Qwen/Qwen3-0.6B", neuronx_cc="2.20.16736.0")
    assert failed.outcome == "failed on the same stack"
    assert failed.deciding.line == 3 and "neuronx-cc failed with exit code 70" in failed.deciding.error
    other = ms.lookup("Qwen/Qwen3-0.6B", neuronx_cc="2.22.0.0")
    assert other.outcome.endswith("on another stack")
    assert other.deciding.differences and other.deciding.differences[0].startswith(
        "neuronx_cc: 2.22.0.0 wanted")
    assert ms.lookup("no/such-model").outcome == "no evidence"
    with pytest.raises(trncost.Error, match='stack field "neuronx": unknown; the fields are '
                                            'neuronx_cc, torch_neuronx'):
        ms.lookup("Qwen/Qwen3-0.6B", neuronx="2.21")


# --------------------------------------------------------------------------------------------------
# The tables as pandas DataFrames (pandas is installed by the quick start)


def test_the_frames():
    pytest.importorskip("pandas")
    st = trncost.load_study("examples/studies/qwen3-hosting-vs-bedrock.toml")
    f = st.frame()
    assert list(f.columns) == ["name", "title", "work", "total", "credits", "cash", "runway",
                               "status", "decided"]
    # test_studies_plans: Bedrock 4,898.88 USD, first by list total; 3,000 of model credits leave
    # 1,898.88 in cash, while the EC2 grant pays inf2 whole: the study decides for inf2.
    row = f[f["name"] == "Amazon Bedrock, on demand"].iloc[0]
    assert row["total"] == Decimal("4898.88") and not bool(row["decided"])
    assert row["cash"] == Decimal("1898.88")
    assert bool(f[f["name"] == "2 x inf2.48xlarge"].iloc[0]["decided"])
    p = trncost.load_plan("examples/plans/cpt-and-sweep.toml").frame()
    assert sum(p["spend"]) == trncost.load_plan("examples/plans/cpt-and-sweep.toml").spend
    est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    i = est.inputs_frame()
    assert len(i) == len(est.inputs) and set(i["kind"]) >= {"measured", "quoted"}
    run = trncost.read_runs("examples/data/ft-8b-trn1-runs.csv")[0].frame()
    assert run["seconds"].iloc[0] == Decimal(360) and run["phase"].iloc[0] == "setup"
    changed = around_the_job()
    changed["component"][1]["ingestion_price"] = s("0.60", "USD/GiB", PAGE)
    d = trncost.diff(trncost.scenario(around_the_job()).estimate(),
                     trncost.scenario(changed).estimate()).frame()
    # 20 GiB of logs x (0.60 - 0.50) = 2 USD, the one step.
    assert list(d.columns) == ["input", "before", "after", "effect"]
    assert list(d["input"]) == ["logs.ingestion_price"] and d["effect"].iloc[0] == 2


@pytest.mark.parametrize("field,make", [
    ("consulted", lambda v: trncost.quoted(source="page", region="us-east-1", consulted=v)),
    ("seen", lambda v: trncost.third_party(source="blog", seen=v)),
    ("start", lambda v: trncost.measured(start=v, end="2026-11-21T00:00:00Z")),
    ("end", lambda v: trncost.measured(start="2026-11-20T00:00:00Z", end=v)),
])
def test_a_date_that_is_not_one_is_refused_before_any_text_is_written(field, make):
    # Text pasted into a document as a date would otherwise be read as more of the document: a
    # hidden input, another price.
    crafted = "2026-11-29 }\n[[component]]\nkind = \"data_preparation\""
    with pytest.raises(ValueError, match=field):
        make(crafted)
    with pytest.raises(ValueError, match=field):
        make("2026-11-29T00:00:00Z" if field in ("consulted", "seen") else "2026-11-20")


def test_storage_kept_for_a_run_and_the_figures_of_its_workload():
    # examples/scenarios/cpt-8b-trn2-interrupted.toml keeps 10 checkpoints of 100 GiB for the run
    # and 30 days after it (tests/scenario/briefs_test.cpp): the run's wall-clock time is 522,800 s
    # billed + 11.6177... interruptions x 4,800 s = 578,565.333... s, and the bucket costs
    # 1,000 GiB x 0.023 x (578,565.333... + 2,592,000) s / 3,600 / 730 = 27.748478944698122780.
    path = ROOT / "examples" / "scenarios" / "cpt-8b-trn2-interrupted.toml"
    est = trncost.load(str(path)).estimate()
    figures = {(f.workload, f.what): f.value for f in est.figures}
    wall = figures[("domain-cpt", "wall-clock time")].value
    assert wall.unit == "s" and round(wall.value, 6) == Decimal("578565.333333")
    assert figures[("domain-cpt", "billed time per instance")].value.value == 522800
    assert est.by_category[trncost.Category("storage")] == Decimal("27.74847894469812278")
    # The same from a document: the storage written before the workload, kept_for naming it.
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    bucket = doc["component"].pop(1)
    assert bucket["kept_for"] == "domain-cpt"
    doc["component"].insert(0, bucket)
    again = trncost.scenario(doc, base_dir=str(path.parent)).estimate()
    assert again.total == est.total
    bucket["kept_for"] = "nowhere"
    with pytest.raises(trncost.Error, match='kept_for: "nowhere" is not a workload'):
        trncost.scenario(doc, base_dir=str(path.parent)).estimate()


def test_the_runs_state_their_goodput_time_to_quality_and_a_failed_runs_cost():
    # examples/data/ft-8b-trn1-runs.csv (tests/scenario/scenario_run_figures_test.cpp): r1 billed
    # 7,200 s with 3,600 s of training (goodput 0.5), 4,800 s to quality; r4 failed after 8,540 s
    # on 2 x 21.50 USD/instance-h: 102.005555555555555556 USD.
    est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    figures = {(f.workload, f.what): f.value.value for f in est.figures}
    assert figures[("fine-tune", "goodput of run ft-8b-trn1-r1")].value == Decimal("0.5")
    assert figures[("fine-tune", "time to quality of run ft-8b-trn1-r1")].value == 4800
    assert figures[("fine-tune", "cost of the failed run ft-8b-trn1-r4")] == trncost.Quantity(
        Decimal("102.005555555555555556"), "USD")
    assert "kept out: ft-8b-trn1-r4 (failed)" in est.to_markdown()
    # neuron-monitor's summary in r1's log: 87.5 % of the NeuronCores busy, measured with its method.
    assert figures[("fine-tune", "neuron-monitor utilisation of run ft-8b-trn1-r1")].value == \
        Decimal("0.875")
    # The model's size written from Python: 6 x 8,030,261,248 FLOP/token x 60,000 token/s /
    # (2 x 16 x 190 TFLOPS) = 0.475475994947368421 for r1; 59,000 token/s for r3: 0.467551395031578947.
    doc = tomllib.loads((ROOT / "examples/scenarios/fine-tune-8b-trn1.toml").read_text())
    doc["component"][0]["parameters"] = s(
        "8030261248", "", trncost.documented(source="https://huggingface.co/meta-llama/Llama-3.1-8B",
                                             consulted="2026-11-29"))
    est = trncost.scenario(doc, base_dir="examples/scenarios").estimate()
    figures = {(f.workload, f.what): f.value.value.value for f in est.figures}
    assert figures[("fine-tune", "MFU of run ft-8b-trn1-r1")] == Decimal("0.475475994947368421")
    assert figures[("fine-tune", "MFU of run ft-8b-trn1-r3")] == Decimal("0.467551395031578947")
    assert est.total == Decimal("397.635212328767123288")  # the costs do not move
    doc["component"][0]["precision"] = "fp16"
    with pytest.raises(trncost.Error, match=r'precision: is "bf16" or "fp8"'):
        trncost.scenario(doc, base_dir="examples/scenarios")


def test_a_neuron_monitor_capture_states_its_runs_utilisation():
    # The test capture (tests/readers/data/neuron-monitor/make_capture.py): a mean of 78.25 % over
    # 704 (report, core) readings, for run r2, which the log gives none of its own.
    doc = tomllib.loads((ROOT / "examples/scenarios/fine-tune-8b-trn1.toml").read_text())
    capture = str(ROOT / "tests/readers/data/neuron-monitor/trn1.32xlarge-24-reports.jsonl")
    doc["runs"]["monitor"] = [{"file": capture, "run": "ft-8b-trn1-r2"}]
    est = trncost.scenario(doc, base_dir="examples/scenarios").estimate()
    figures = {(f.workload, f.what): f.value.value.value for f in est.figures}
    assert figures[("fine-tune", "neuron-monitor utilisation of run ft-8b-trn1-r2")] == \
        Decimal("0.7825")
    doc["runs"]["monitor"][0]["run"] = "ft-8b-trn1-r9"
    with pytest.raises(trncost.Error, match=r'runs\.monitor\[0\]\.run: "ft-8b-trn1-r9" is not a '
                                            r'run of the run logs'):
        trncost.scenario(doc, base_dir="examples/scenarios").estimate()


def test_compat_without_a_stack_takes_the_run_logs_stack():
    # The trn2 scenario's log states neuronx-cc 2.21.33363.0 ... python 3.11.2; the dataset's row for
    # the model on 2.21 was tested on python 3.11.13: another stack, porting work, open.
    doc = tomllib.loads((ROOT / "examples/scenarios/fine-tune-8b-trn2.toml").read_text())
    doc["compat"] = {"model_support": "../data/model_support_sample.csv",
                     "consulted": dt.date(2026, 11, 29), "model": "meta-llama/Llama-3.1-8B",
                     "owner": "ml-platform"}
    est = trncost.scenario(doc, base_dir="examples/scenarios").estimate()
    assert "no-open-uncertainty" in [r.rule for r in est.reasons]
    md = est.to_markdown()
    assert "the target stack is the run logs' (neuronx_cc 2.21.33363.0" in md
    del doc["runs"]
    doc["component"] = [c for c in doc["component"] if c["kind"] not in ("instance_time", "failures")]
    with pytest.raises(trncost.Error, match=r"compat\.stack: is missing and \[runs\] names no run log"):
        trncost.scenario(doc, base_dir="examples/scenarios").estimate()


def test_a_warm_up_written_directly_is_an_overhead_phase_of_its_own():
    # 1 x 600 s x 21.50 / 3,600 = 3.583333333333333333 of warm-up beside 21.50 of training.
    job = {"kind": "instance_time", "name": "job", "instance_type": "trn1.32xlarge",
           "price": s("21.5", "USD/instance-h"), "instances": s(1, "instance"),
           "warm_up_seconds": s(600, "s"), "training_seconds": s(3600, "s")}
    doc = {"format": 1, "estimate": estimate_table("warm-up"), "prices": {"files": []},
           "component": [job],
           "declare_none": {c: "not in this case" for c in ("storage", "transfer", "logs",
                                                              "data_preparation",
                                                              "failures_restarts")}}
    est = trncost.scenario(doc).estimate()
    assert est.by_phase[trncost.Phase.warm_up] == Decimal("3.583333333333333333")
    assert est.total == Decimal("25.083333333333333333")
    assert trncost.Phase.warm_up.label == "warm-up"


def test_a_rate_a_month_follows_the_service():
    # examples/scenarios/qwen3-32b-service-120d-trn2.toml (tests/scenario/scenario_volumes_test.cpp):
    # 80 GiB/mo of logs over 2,880 h at 0.50 and 160 GiB stored at 0.03: 176.745205479452054795.
    path = ROOT / "examples" / "scenarios" / "qwen3-32b-service-120d-trn2.toml"
    est = trncost.load(str(path)).estimate()
    logs = sum(line.amount for line in est.lines if line.component == "request-logs")
    assert logs == Decimal("176.745205479452054795")
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc["component"][3]["during"] = "nowhere"
    with pytest.raises(trncost.Error, match='during: "nowhere" is not a workload'):
        trncost.scenario(doc, base_dir=str(path.parent)).estimate()


def test_audit_reads_every_kind_of_document_as_the_command_does():
    # A plan's JSON (tests/scenario/plan_json_test.cpp has its figures by hand) audits; its spend
    # changed by a cent does not, naming the member.
    plan = trncost.load_plan(str(ROOT / "examples" / "plans" / "cpt-and-sweep.toml"))
    text = plan.to_json()
    r = trncost.audit(text, "plan.json")
    assert r.ok and r.kind == "plan"
    assert r.recomputed.startswith("2 workloads, ")
    doc = json.loads(text)
    doc["spend"] = str(Decimal(doc["spend"]) + Decimal("0.01"))
    bad = trncost.audit(json.dumps(doc), "plan.json")
    assert not bad.ok and bad.kind == "plan" and "spend" in bad.first_mismatch
    # An estimate's report, as before.
    est = trncost.load(str(ROOT / "examples" / "scenarios" / "fine-tune-8b-trn1.toml")).estimate()
    r = trncost.audit(est.to_json())
    assert r.ok and r.kind == "estimate" and r.lines > 0


def test_a_compilation_and_its_graph_cache_from_the_shipped_file_and_from_python():
    path = "examples/scenarios/compile-8b-trn1.toml"
    est = trncost.load(path).estimate()
    # The base model: 1 instance x 2,700 s x 21.50 USD/instance-h = 16.125; the instruct variant's
    # cache was built by its own compiler: 0 s.
    assert est.total == Decimal("16.125")
    assert est.by_phase[trncost.Phase.compilation] == Decimal("16.125")
    amounts = {l.description.split(" with ")[0]: l.amount for l in est.lines}
    assert amounts == {"compilation of meta-llama/Llama-3.1-8B": Decimal("16.125"),
                       "compilation of meta-llama/Llama-3.1-8B-Instruct": Decimal(0)}
    # The same document from Python, its public cache now named by the compilation's own release:
    # the folder's commit suffix is the same build, so nothing is compiled at all.
    doc = tomllib.loads((ROOT / path).read_text())
    doc["component"][0]["cache"]["location"] = \
        "hf://aws-neuron/optimum-neuron-cache/neuronxcc-2.21.33363.0+8ab9f450"
    again = trncost.scenario(doc, base_dir="examples/scenarios").estimate()
    assert again.total == Decimal(0)
    assert "skipped, cache hf://aws-neuron/optimum-neuron-cache/neuronxcc-2.21.33363.0+8ab9f450" \
        in again.lines[0].description
    doc["component"][0]["compiler_version"] = "latest"
    with pytest.raises(trncost.Error, match=r'component\[0\]\.compiler_version: "latest" is not '
                                            r'a neuronx-cc version'):
        trncost.scenario(doc, base_dir="examples/scenarios")
