"""The shipped scenarios from Python give what trncost-estimate gives: the same exact total, status,
lines and, byte for byte, the same reports in every format."""

import json
from decimal import Decimal

import pytest

import trncost
from conftest import SCENARIOS


def test_the_shipped_scenarios_are_found():
    # Three are shipped (trn1, trn2, and trn1 with a budget); a vanished glob must not pass quietly.
    assert len(SCENARIOS) >= 3


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_total_status_and_lines_equal_the_command_line(path, cli):
    rel = path.relative_to(path.parents[2])
    report = json.loads(cli(rel).stdout)
    est = trncost.load(str(rel)).estimate()
    assert isinstance(est.total, Decimal)
    assert est.total == Decimal(report["totals"]["total"])
    assert est.status.value == report["status"]
    assert len(est.lines) == len(report["lines"])
    for line, expected in zip(est.lines, report["lines"]):
        assert line.description == expected["description"]
        amount = expected.get("amount")
        assert line.amount == (None if amount is None else Decimal(amount))
    # The total is the exact sum of the priced lines, and of the categories.
    assert sum((l.amount for l in est.lines if l.amount is not None), Decimal(0)) == est.total
    assert sum(est.by_category.values(), Decimal(0)) == est.total


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
@pytest.mark.parametrize("fmt,method", [("json", "to_json"), ("csv", "to_focus_csv"),
                                        ("md", "to_markdown"), ("html", "to_html")])
def test_every_report_format_is_byte_for_byte_the_command_lines(path, fmt, method, cli):
    rel = path.relative_to(path.parents[2])
    expected = cli(rel, "--format", fmt).stdout
    assert getattr(trncost.load(str(rel)).estimate(), method)() == expected


def test_the_flagship_total_is_the_documented_one():
    # docs/scenario.md: 397.635212328767123288 USD for the trn1 scenario, verified.
    est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    assert est.total == Decimal("397.635212328767123288")
    assert est.status is trncost.Status.verified
    assert est.by_category[trncost.Category.compute] == Decimal("301")
    # Useful and overhead split the amounts of the lines with a phase (instance time and failures).
    assert est.useful + est.overhead == sum(est.by_phase.values(), Decimal(0))
    P = trncost.Phase
    assert est.overhead == sum((est.by_phase[p] for p in (P.setup, P.compilation, P.waiting,
                                                          P.failed_work, P.restarts)), Decimal(0))
    # The findings print the overhead phases to the cent: 4.30 + 15.05 + 2.87 + 25.40 + 8.47.
    assert est.overhead.quantize(Decimal("0.1")) == Decimal("56.1")


def test_the_trn2_scenario_is_provisional_with_its_third_party_price():
    est = trncost.load("examples/scenarios/fine-tune-8b-trn2.toml").estimate()
    assert est.total == Decimal("196.861537328767123288")
    assert est.status is trncost.Status.provisional
    assert any(r.rule == "no-third-party" and r.status is trncost.Status.provisional
               for r in est.reasons)


def test_lines_carry_their_inputs_with_units_and_provenance():
    est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    training = next(l for l in est.lines if l.phase is trncost.Phase.training)
    assert training.category is trncost.Category.compute
    assert training.price.value == trncost.Quantity(Decimal("21.5"), "USD/instance-h")
    assert str(training.price.value) == "21.5 USD/instance-h"
    assert training.price.kind == "quoted"
    # 21.5 USD/instance-h x 2 instances x 21,600 s / 3600 = 258 USD
    assert training.amount == Decimal("258")
    assert training.formula == "fine-tune.price * (instances * fine-tune.train_s) / 3600"
    assert any(r.name == "instances" and r.kind == "measured" for r in training.inputs)


def test_the_json_report_from_python_passes_the_audit_and_a_tampered_one_fails():
    text = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate().to_json()
    ok = trncost.audit(text)
    assert ok and ok.lines == 23 and ok.inputs > 0
    bad = trncost.audit(text.replace('"total": "397.635212328767123288"',
                                     '"total": "397.645212328767123288"', 1), "tampered.json")
    assert not bad
    assert "total" in bad.first_mismatch


def test_a_json_report_renders_as_its_estimate_does_and_a_tampered_one_does_not():
    est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    text = est.to_json()
    title = "Fine-tune 8B on 2 x trn1.32xlarge (us-east-1)"  # the scenario's: not in the report
    assert trncost.render_report(text, title=title) == est.to_markdown()
    assert trncost.render_report(text, "html", title) == est.to_html()
    tampered = text.replace('"total": "397.635212328767123288"',
                            '"total": "397.645212328767123288"', 1)
    with pytest.raises(trncost.InputError, match="tampered.json: the report does not recompute"):
        trncost.render_report(tampered, file="tampered.json")
    with pytest.raises(ValueError, match="the formats of a rendered report are md, html"):
        trncost.render_report(text, "csv")


def test_the_work_delivered_and_its_cost_per_unit_without_parsing_the_json():
    est = trncost.load("examples/scenarios/qwen3-32b-serving-trn2-40.toml").estimate()
    w = est.work
    assert w is not None
    assert w.kind == "tokens served" and w.per == 1000000 and w.unit == "USD/1M tokens"
    # 1,944,000,000 tokens served; total 231,724.8 USD -> 231724.8 x 1e6 / 1.944e9 = 119.2 USD per
    # million tokens, all of it compute (the JSON report's "work" member says the same).
    assert w.amount.value == trncost.Quantity(Decimal("1944000000"), "token")
    assert est.total == Decimal("231724.8")
    assert w.full is not None and w.full.value.value == Decimal("119.2")
    assert w.compute_only is not None and w.compute_only.value.value == Decimal("119.2")
    assert w.full.kind == "derived"
    # A model that delivers no work has none.
    assert trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate().work is None


def test_write_puts_the_report_in_a_file(tmp_path):
    est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    out = tmp_path / "trn1.md"
    est.write(str(out), "md")
    assert out.read_text(encoding="utf-8") == est.to_markdown()


def test_lines_frame_is_a_pandas_dataframe_when_pandas_is_installed():
    pandas = pytest.importorskip("pandas")
    est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    frame = est.lines_frame()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == ["category", "component", "phase", "description", "amount",
                                   "formula", "service", "region", "usage_type"]
    assert len(frame) == len(est.lines)
    # What each line is: the trn1 hours are EC2's, the tokenisation cost no AWS service's.
    assert frame["service"].iloc[0] == "AmazonEC2"
    assert (frame["service"] == "").sum() == 1
    assert sum(frame["amount"].dropna(), Decimal(0)) == est.total


def test_nothing_requires_pandas_until_a_frame_is_asked_for(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("pandas hidden by the test")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    assert est.total == Decimal("397.635212328767123288")
    with pytest.raises(ImportError, match="pandas hidden"):
        est.lines_frame()


def test_formats_table():
    # report/formats.hpp's table, as the command and python -m read it.
    assert [f.name for f in trncost.formats()] == ["json", "csv", "md", "html", "text", "svg"]
    html = trncost.formats()[3]
    assert (html.extension, html.media_type) == (".html", "text/html")
    assert "plan" in html.kinds and "rendered estimate" in html.kinds
    assert trncost.formats_of("plan") == ("json", "md", "html")
    assert trncost.formats_of("diff") == ("md", "html", "text")
    with pytest.raises(ValueError, match="unknown report kind 'memo'"):
        trncost.formats_of("memo")
