"""Studies and plans from Python (trncost.load_study, trncost.load_plan): the shipped files give
the command's figures and, byte for byte, its reports; hand-computed values as in the C++ tests
(tests/scenario/study_hosted_api_test.cpp, study_regions_test.cpp, plan_test.cpp)."""

import datetime as dt
import json
import subprocess
import sys
from decimal import Decimal

import pytest

import trncost

HOSTING = "examples/studies/qwen3-hosting-vs-bedrock.toml"
PLAN = "examples/plans/2027-on-one-grant.toml"


def test_a_study_options_decision_and_break_evens():
    s = trncost.load_study(HOSTING)
    assert s.work_unit == "1M tokens"
    totals = {o.name: o.estimate.total for o in s.options}
    # 2 x 2,160 h x 12.98127 = 56,079.0864; Bedrock 13,996.8 M x 0.15 + 4,665.6 M x 0.60 = 4,898.88.
    assert totals["2 x inf2.48xlarge"] == Decimal("56079.0864")
    assert totals["Amazon Bedrock, on demand"] == Decimal("4898.88")
    assert all(o.work == Decimal("4665.6") for o in s.options)
    # The API ranks first by list total; with grants the study decides on the cash paid after
    # credits: the EC2 grant (100,000) pays inf2's 56,079.0864 whole, the model credits 3,000 of
    # the API's 4,898.88.
    assert s.decided_for == "2 x inf2.48xlarge"
    assert isinstance(s.options[0].estimate, trncost.Estimate)
    assert len(s.break_evens) == 3
    b = s.break_evens[0]
    assert (b.hosted, b.api, b.demand) == ("2 x trn2.48xlarge", "Amazon Bedrock, on demand", None)
    assert b.hosted_total == Decimal("154483.2") and b.api_total == Decimal("4898.88")


def test_a_break_even_holds_every_member_of_the_report():
    # Python builds its BreakEven by the report's member names: each scalar member the study's JSON
    # writes is the Python object's field of that name (the unit is always token/s).
    s = trncost.load_study(HOSTING)
    written = json.loads(s.render("json"))["analysis"]["break_even"]
    assert len(written) == len(s.break_evens) == 3
    for b, w in zip(s.break_evens, written):
        for name, value in w.items():
            if name in ("unit", "windows", "windows_after_credits", "credits"):
                continue
            got = getattr(b, name)
            assert got == (Decimal(value) if isinstance(value, str) and name not in
                           ("hosted", "api", "component") else value), name
        assert len(b.windows) == len(w.get("windows", []))


def test_a_line_holds_its_exact_factor():
    # 2 x trn1.32xlarge priced per hour on seconds: amount = price x quantity x 1 / 3600.
    s = trncost.load_study(HOSTING)
    est = s.options[0].estimate
    written = json.loads(est.to_json())["lines"]
    assert [(l.num, l.den) for l in est.lines] == [(w["num"], w["den"]) for w in written]
    assert any(l.den == 3600 for l in est.lines)


@pytest.mark.parametrize("fmt", ["md", "json", "html", "csv"])
def test_a_study_report_is_the_command_lines(fmt, cli):
    assert trncost.load_study(HOSTING).render(fmt) == cli(HOSTING, "--format", fmt).stdout


def test_a_plan_totals_runway_and_draws(cli):
    p = trncost.load_plan(PLAN)
    # 385,515.19588127853881279 USD of spend, 300,000 of credits, run out on 2027-10-02.
    assert p.spend == Decimal("385515.19588127853881279")
    assert p.credits == Decimal("300000")
    assert p.cash == p.spend - p.credits
    assert p.lost_at_expiry == 0
    assert p.runway == dt.date(2027, 10, 2)
    names = [w.name for w in p.workloads]
    assert names[0] == "Qwen3-32B service"
    assert p.workloads[0].occurrences[1] == (dt.date(2027, 4, 2), dt.date(2027, 7, 1))
    assert sum(w.credits for w in p.workloads) == p.credits
    assert p.render() == cli(PLAN).stdout
    assert p.render("html") == cli(PLAN, "--format", "html").stdout
    # Its JSON is the command's, and both verifiers recompute it (tools/verify_report.py here).
    assert p.to_json() == cli(PLAN, "--format", "json").stdout
    assert p.render("json") == p.to_json()
    verifier = subprocess.run([sys.executable, "tools/verify_report.py", "-"], input=p.to_json(),
                              capture_output=True, text=True, check=False)
    assert verifier.returncode == 0, verifier.stdout
    with pytest.raises(trncost.InputError, match="the formats of a plan are json, md, html"):
        p.render("csv")


def test_a_plan_workload_lasts_its_exact_wall_clock_time(cli):
    # tests/scenario/briefs_test.cpp: the pre-training of cpt-and-sweep has no days and lasts its
    # wall-clock time, 578,565.333... s to the next second: 578,566 s, 578,566 / 86,400 =
    # 6.696365740740740741 days (half-even at the 18th digit); the sweeps are 2 whole days.
    path = "examples/plans/cpt-and-sweep.toml"
    p = trncost.load_plan(path)
    pre, sweeps = p.workloads
    assert pre.seconds == 578566 and pre.days == Decimal("6.696365740740740741")
    assert pre.days_from_workload
    assert pre.occurrences == ((dt.date(2027, 3, 1), dt.date(2027, 3, 8)),)
    assert (sweeps.days, sweeps.seconds, sweeps.days_from_workload) == (Decimal(2), 172800, False)
    # The totals do not move (29,984.08 of spend, run out on 2027-03-23); the Markdown says the
    # length, as the command's does; the frame has each workload's days.
    assert round(p.spend, 2) == Decimal("29984.08") and p.runway == dt.date(2027, 3, 23)
    assert "continued pre-training lasts 6.6964 days a time (578566 s)" in p.render()
    assert p.render() == cli(path).stdout
    assert list(p.frame()["days"]) == [pre.days, Decimal(2)]


def test_refusals_name_the_file():
    with pytest.raises(trncost.Error, match="examples/scenarios/fine-tune-8b-trn1.toml"):
        trncost.load_study("examples/scenarios/fine-tune-8b-trn1.toml")


CREDITS = "examples/studies/api-or-fleets-on-credits.toml"


def test_a_study_on_credits_cash_runways_and_windows():
    """The figures of tests/scenario/study_credits_test.cpp, worked by hand there."""
    s = trncost.load_study(CREDITS)
    by = {o.name: o for o in s.options}
    inf2, api = by["inf2.48xlarge fleet"], by["Amazon Bedrock, on demand"]
    # inf2: 2 x 2,160 h x 12.98127 = 56,079.0864, of which the EC2 credits pay 30,000.
    assert inf2.estimate.total == Decimal("56079.0864")
    assert inf2.credits == Decimal("30000") and inf2.cash == Decimal("26079.0864")
    # The model credits cannot pay a fleet: they never set its runway, and are lost at expiry.
    assert inf2.runway == dt.date(2027, 2, 18)
    assert inf2.lost_at_expiry == Decimal("10000")
    grants = {g.name: g for g in inf2.grants}
    assert not grants["Bedrock model credits"].usable
    assert grants["EC2 credits"].runs_out_on == dt.date(2027, 2, 18)
    assert grants["EC2 credits"].used == Decimal("30000")
    assert api.cash == Decimal("39268.736") and api.runway == dt.date(2027, 1, 19)
    # The API ranks first by list total; the study decides on the cash paid after credits.
    assert [k.name for k in s.cash_ranking] == ["inf2.48xlarge fleet", "Amazon Bedrock, on demand",
                                                "trn2.48xlarge fleet"]
    assert s.cash_ranking[0].list_rank == 2 and s.cash_ranking[0].cash == Decimal("26079.0864")
    assert s.decided_for == "inf2.48xlarge fleet"
    assert s.credit_effect.startswith("credits change the first option")
    # Windows: 455.29-480, 910.58-960, ... by list total; after credits 0-480, 585.83-960, ...
    b = next(x for x in s.break_evens if x.hosted == "inf2.48xlarge fleet")
    assert b.stepwise and b.credits == (Decimal("30000"), Decimal("10000"))
    assert round(b.windows[0].start, 2) == Decimal("455.29")
    assert round(b.windows[0].to, 2) == Decimal("480.00")
    assert b.windows[-1].to is None and round(b.windows[-1].start, 2) == Decimal("8650.54")
    assert round(b.windows_after_credits[1].start, 2) == Decimal("585.83")


def test_a_study_without_grants_has_no_cash_ranking():
    s = trncost.load_study("examples/studies/weekday-peak-fixed-fleets.toml")
    assert s.cash_ranking == [] and s.credit_effect is None
    assert all(o.runway is None and o.grants == () for o in s.options)
    assert all(o.cash == o.estimate.total for o in s.options)


def test_what_if_over_the_demand():
    """Each point is the study's own figure there (tests/scenario/study_credits_test.cpp by hand):
    at 600 token/s the API costs 600 x 61.58592 = 36,951.552, 26,951.552 after its credits."""
    s = trncost.load_study(CREDITS)
    w = s.what_if("llama-service.average_tokens_per_s", 400, 1200, points=9)
    assert w.unit == "token/s" and w.options[0] == "Amazon Bedrock, on demand"
    assert [p.value for p in w.points][:3] == [Decimal(400), Decimal(500), Decimal(600)]
    assert w.points[2].totals[0] == Decimal("36951.552")
    assert w.points[2].cash[0] == Decimal("26951.552")
    assert w.points[4].totals == tuple(o.estimate.total for o in s.options)
    assert w.svg.startswith("<svg")
    assert "| 600.00 | 36951.55 | 26951.55 | 77241.60 | 47241.60 | 56079.09 | 26079.09 |" in \
        w.markdown
    with pytest.raises(trncost.Error, match="an input of no option"):
        s.what_if("nope", 1, 2)
