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
    # The balance outlives the two-day window: the runway is projected at the estimate's rate.
    assert b.runway == _dt.date.fromisoformat(expected["runway"])
    assert b.grants[0].last_valid_day == _dt.date(2027, 10, 31)


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
