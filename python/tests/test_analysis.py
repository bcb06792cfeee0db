"""Tornado, Monte Carlo, credits burn-down, compare and decide from Python: each equal to what the
C++ library writes in the budget scenario's report (trncost-estimate), or computed by hand."""

import datetime as _dt
import json
from decimal import Decimal

import pytest

import trncost

BUDGET = "examples/scenarios/fine-tune-8b-trn1-budget.toml"
# The scenario's own [analysis.monte_carlo] inputs.
MC_INPUTS = {
    "useful_throughput": trncost.uniform("59000", "60400"),
    "compilation_s": trncost.lognormal_90("1100", "1800"),
    "work_lost_seen": trncost.triangular("1800", "2700", "4500"),
}


@pytest.fixture(scope="module")
def report(cli):
    return json.loads(cli(BUDGET).stdout)


def test_the_tornado_equals_the_reports(report):
    t = trncost.load(BUDGET).tornado("0.1")
    expected = report["analysis"]["tornado"]
    assert t.baseline_total == Decimal(expected["baseline_total"])
    assert len(t.observed) == len(expected["observed"]) > 0
    for bar, e in zip(t.observed, expected["observed"]):
        assert bar.input == e["input"]
        assert bar.total_at_low == Decimal(e["total_at_low"])
        assert bar.total_at_high == Decimal(e["total_at_high"])
        assert bar.swing == Decimal(e["swing"])


def test_the_observed_tornado_takes_each_median_between_its_runs():
    # Only the medians of the 3 runs vary; setup_s at its fastest run (300 s, median 360):
    # compute 21.50 x 2 x 300 / 3600 = 3.583333333333333333 instead of 4.3, and the failures
    # lines scale with the exposure (25,140 s of 25,200): 397.635212328767123288 -
    # 0.716666666666666667 - 0.02015625 - 0.06046875 = 396.837920662100456621.
    t = trncost.load(BUDGET).tornado(None, observed=True)
    assert [b.input for b in t.observed][:1] == ["useful_throughput"]
    assert len(t.observed) == 6
    setup = next(b for b in t.observed if b.input == "setup_s")
    assert (setup.low, setup.high) == (Decimal(300), Decimal(420))
    assert setup.total_at_low == Decimal("396.837920662100456621")
    # A band as well: the single measurements take it, a count stays whole (2 instances, not 1.8).
    both = trncost.load(BUDGET).tornado("0.1", observed=True)
    instances = next(b for b in both.observed if b.input == "instances")
    assert (instances.low, instances.high) == (Decimal(2), Decimal(2))
    with pytest.raises(trncost.Error, match="give a band, or observed=True"):
        trncost.load(BUDGET).tornado(None)


def test_monte_carlo_equals_the_reports_band_and_hands_over_every_sample(report):
    mc = trncost.load(BUDGET).monte_carlo(MC_INPUTS, samples=100_000, seed=2026, budget="420")
    expected = report["analysis"]["monte_carlo"]
    for key in ("baseline", "mean", "min", "p5", "p50", "p95", "max", "p_over_budget"):
        assert f"{getattr(mc, key):.6f}" == expected[key], key
    assert list(mc.varied) == expected["varied"]
    assert len(mc.totals) == 100_000
    # The samples are the ones the band was computed from.
    assert abs(sum(mc.totals) / len(mc.totals) - mc.mean) < 1e-6
    assert min(mc.totals) == mc.min and max(mc.totals) == mc.max
    over = sum(1 for t in mc.totals if t > 420) / len(mc.totals)
    assert over == mc.p_over_budget


def test_monte_carlo_samples_are_a_numpy_array_when_numpy_is_installed():
    numpy = pytest.importorskip("numpy")
    mc = trncost.load(BUDGET).monte_carlo(MC_INPUTS, samples=1000, seed=7)
    assert isinstance(mc.totals, numpy.ndarray) and mc.totals.dtype == numpy.float64


def test_monte_carlo_samples_are_a_list_without_numpy(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_numpy(name, *args, **kwargs):
        if name == "numpy":
            raise ImportError("numpy hidden by the test")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    mc = trncost.load(BUDGET).monte_carlo(MC_INPUTS, samples=1000, seed=7)
    assert isinstance(mc.totals, list) and len(mc.totals) == 1000
    assert all(isinstance(t, float) for t in mc.totals)


def test_monte_carlo_refusals_carry_the_cpp_sentence():
    sc = trncost.load(BUDGET)
    with pytest.raises(trncost.InputError, match="the number of samples must be above 0"):
        sc.monte_carlo(MC_INPUTS, samples=0)
    with pytest.raises(trncost.InputError, match="no_such_input"):
        sc.monte_carlo({"no_such_input": trncost.uniform(1, 2)}, samples=10)
    assert "useful_throughput" in sc.input_names()


def test_the_burn_down_equals_the_reports(report):
    est = trncost.load(BUDGET).estimate()
    grant = trncost.Grant(
        "AWS Activate Founders",
        trncost.sourced("AWS Activate Founders amount", 5000, "USD",
                        trncost.documented(source="AWS Activate program page (Founders: credits "
                                                  "up to 5,000 USD)", consulted="2026-09-15")),
        issued="2026-11-01", last_valid_day="2027-10-31",
        services=("AmazonEC2", "AmazonS3", "AWSDataTransfer", "AmazonCloudWatch"))
    b = trncost.burn_down([grant], est, start="2026-12-01", end="2026-12-03")
    expected = report["credits"]
    assert b.total_spend == Decimal(expected["total_spend"]) == est.total
    assert b.total_credits == Decimal(expected["total_credits"])
    # The measured data-preparation cost names no AWS service, so it is paid in cash: the credits
    # used are the total less that 38.40 USD, and the balance is 5000 less the credits used.
    assert b.total_credits == est.total - Decimal("38.40")
    assert b.grants[0].balance_at_end == Decimal("5000") - b.total_credits
    assert len(b.periods) == len(expected["periods"])
    # A one-off job: nothing is projected past the two-day window, so the balance waits for the
    # grant's last valid day (runway 2027-11-01, the first day it no longer pays) and is lost then.
    assert b.runway == _dt.date.fromisoformat(expected["runway"]) == _dt.date(2027, 11, 1)
    assert b.grants[0].last_valid_day == _dt.date(2027, 10, 31)
    assert b.grants[0].lost_at_expiry == b.grants[0].balance_at_end
    # Run again at the same rate (repeats=True), the balance lasts 2 x 4,640.76 / 359.24 = 25.8
    # days from Dec 3: it runs out on Dec 28 (tests/scenario/scenario_extras_test.cpp).
    again = trncost.burn_down([grant], est, start="2026-12-01", end="2026-12-03", repeats=True)
    assert again.runway == _dt.date(2026, 12, 28)
    assert again.grants[0].lost_at_expiry == 0


def test_a_grant_in_hours_is_a_type_error():
    with pytest.raises(TypeError, match="cannot assign or convert a usage"):
        trncost.burn_down([trncost.Grant("g", trncost.sourced("a", 5, "h", trncost.assumption(
            rationale="x")), "2026-11-01", "2027-10-31", ("AmazonEC2",))],
            trncost.load(BUDGET).estimate(), start="2026-12-01", end="2026-12-03")


def test_compare_ranks_the_cheaper_option_first_and_decide_says_why():
    trn1 = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    trn2 = trncost.load("examples/scenarios/fine-tune-8b-trn2.toml").estimate()
    quality = trncost.Protocol("ft-v4-eval", "eval_loss", "1.9", reached="1.85",
                               stack="neuronx-cc 2.21")
    groups = trncost.compare([trncost.Option("trn1 x 2", trn1, quality),
                              trncost.Option("trn2 x 1", trn2, quality)])
    assert len(groups) == 1
    ranked = groups[0].ranked
    # 196.861537328767123288 (trn2) < 397.635212328767123288 (trn1)
    assert [r.name for r in ranked] == ["trn2 x 1", "trn1 x 2"]
    assert ranked[0].cost == Decimal("196.861537328767123288") and ranked[0].cost_rank == 1
    d = trncost.decide(trn1, quality=quality, region="us-east-1",
                       stated_check="replayed 200 steps on neuronx-cc 2.21: ok")
    # Verified, quoted for us-east-1, target reached, support checked: continue.
    assert d.outcome == "continue"
    assert "the target quality is reached: eval_loss 1.85 against 1.9" in d.continue_reasons
    # The same prices read for another region: suspend, naming each price.
    d = trncost.decide(trn1, quality=quality, region="eu-west-1")
    assert d.outcome == "suspend"
    assert "price 'fine-tune.price' is quoted for us-east-1, not eu-west-1" in d.suspend_reasons
    assert d.compare_reasons == ("no compatibility evidence and no stated check that the needed "
                                 "operations run on the target",)


# --------------------------------------------------------------------------------------------------
# Inputs drawn together, and scenarios beside the measured one

CONSERVATIVE = "examples/scenarios/fine-tune-8b-trn1-conservative.toml"
AGAINST = [trncost.correlation("useful_throughput", "work_lost_seen", "-0.6")]


def test_correlated_monte_carlo_equals_the_conservative_files_band(cli):
    expected = json.loads(cli(CONSERVATIVE).stdout)["analysis"]["monte_carlo"]
    mc = trncost.load(CONSERVATIVE).monte_carlo(MC_INPUTS, samples=100_000, seed=2026, budget="420",
                                                correlations=AGAINST)
    for key in ("baseline", "mean", "min", "p5", "p50", "p95", "max", "p_over_budget"):
        assert f"{getattr(mc, key):.6f}" == expected[key], key
    assert list(mc.correlations) == expected["correlations"] == [
        "useful_throughput and work_lost_seen: rank correlation -0.6"]
    # Drawn against each other, a slower step (more compute) comes with more work lost: the two
    # dearer ends meet, and the band is wider than the independent one.
    plain = trncost.load(CONSERVATIVE).monte_carlo(MC_INPUTS, samples=100_000, seed=2026)
    assert mc.p95 - mc.p5 > plain.p95 - plain.p5
    assert plain.correlations == ()


def test_a_correlation_of_zero_draws_bit_for_bit_as_without():
    sc = trncost.load(BUDGET)
    plain = sc.monte_carlo(MC_INPUTS, samples=5000, seed=3)
    zero = sc.monte_carlo(MC_INPUTS, samples=5000, seed=3,
                          correlations=[trncost.correlation("useful_throughput", "compilation_s", 0)])
    assert list(zero.totals) == list(plain.totals)
    assert zero.correlations == ("useful_throughput and compilation_s: rank correlation 0",)


def test_correlation_refusals():
    sc = trncost.load(BUDGET)
    with pytest.raises(TypeError):
        trncost.correlation("useful_throughput", "compilation_s", 0.5)
    with pytest.raises(TypeError, match="trncost.correlation"):
        sc.monte_carlo(MC_INPUTS, samples=10, correlations=[("useful_throughput", "compilation_s")])
    with pytest.raises(trncost.InputError, match="'compilation_s' is correlated with itself"):
        sc.monte_carlo(MC_INPUTS, samples=10,
                       correlations=[trncost.correlation("compilation_s", "compilation_s", "0.5")])
    with pytest.raises(trncost.InputError, match="is 2; a correlation is from -1 to 1"):
        sc.monte_carlo(MC_INPUTS, samples=10,
                       correlations=[trncost.correlation("compilation_s", "work_lost_seen", 2)])


def _two_nodes():
    run = trncost.measured(run="r1", method="run log", start="2026-11-20T09:00:00Z",
                           end="2026-11-20T10:00:00Z")
    page = trncost.quoted(source="EC2 pricing page", region="us-east-1", consulted="2026-11-29")
    m = trncost.Model("two nodes")
    m.add(trncost.InstanceTime(
        name="fine-tune", instance_type="trn1.32xlarge",
        count=trncost.sourced("instances", 2, "instance", run),
        price=trncost.sourced("trn1_price", "21.50", "USD/instance-h", page),
        phases={trncost.Phase.training: trncost.sourced("train_s", 3600, "s", run)}))
    return m


def test_scenarios_side_by_side_by_hand():
    seen = trncost.third_party(source="a reseller's price sheet", seen="2026-11-25")
    slower = trncost.assumption(rationale="half as slow again on a busier cluster")
    table = _two_nodes().scenarios({"conservative": [
        trncost.sourced("trn1_price", "25", "USD/instance-h", seen),
        trncost.sourced("train_s", 5400, "s", slower)]})
    measured, conservative = table
    # Measured: 2 instances x 1 h x 21.50 = 43. Conservative: 2 x 1.5 h x 25 = 75, a gap of 32. The
    # price alone: 2 x 1 x 25 = 50 (+7); the time alone: 2 x 1.5 x 21.50 = 64.5 (+21.5); together
    # they add 32 - 28.5 = 3.5 more (the longer time at the higher price).
    assert measured.name == "measured" and measured.total == Decimal(43) and measured.overrides == ()
    assert conservative.total == Decimal(75)
    assert conservative.gap == Decimal(32)
    assert [(p.input, p.baseline, p.value, p.effect) for p in conservative.parts] == [
        ("trn1_price", Decimal("21.5"), Decimal(25), Decimal(7)),
        ("train_s", Decimal(3600), Decimal(5400), Decimal("21.5"))]
    assert conservative.interaction == Decimal("3.5")
    assert conservative.overrides[0] == trncost.ScenarioOverride(
        "trn1_price", Decimal(25), "third-party: a reseller's price sheet, seen 2026-11-25")
    assert conservative.overrides[1].rationale == (
        "assumption: half as slow again on a busier cluster")
    assert conservative.by_category == {trncost.Category.compute: Decimal(75)}


def test_scenario_refusals():
    m = _two_nodes()
    guess = trncost.assumption(rationale="a guess")
    with pytest.raises(TypeError, match="with its provenance"):
        m.scenarios({"conservative": [("trn1_price", "25")]})
    with pytest.raises(trncost.InputError, match="is in \"h\" where the input is in \"s\""):
        m.scenarios({"conservative": [trncost.sourced("train_s", "1.5", "h", guess)]})
    with pytest.raises(trncost.InputError, match="no input named 'train_h'"):
        m.scenarios({"conservative": [trncost.sourced("train_h", "1.5", "h", guess)]})
    with pytest.raises(trncost.InputError, match="overrides nothing"):
        m.scenarios({"conservative": []})


def test_the_conservative_files_scenarios_equal_the_python_ones(cli):
    expected = json.loads(cli(CONSERVATIVE).stdout)["analysis"]["scenarios"]["scenarios"]
    guess = trncost.assumption(rationale="as the file says")
    table = trncost.load(CONSERVATIVE).scenarios({"conservative": [
        trncost.sourced("useful_throughput", "54000", "token/s", guess),
        trncost.sourced("fine-tune.price", "23.65", "USD/instance-h", guess)]})
    assert [s.name for s in table] == [e["name"] for e in expected] == ["measured", "conservative"]
    for s, e in zip(table, expected):
        assert s.total == Decimal(e["total"]) and s.gap == Decimal(e["gap"])
        assert s.interaction == Decimal(e["interaction"])
    assert table[1].total > table[0].total
