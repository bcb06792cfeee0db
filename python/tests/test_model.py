"""A model built in Python from components with sourced inputs: exact totals computed by hand, each
provenance kind as a keyword-only constructor, and unit mistakes refused with trncost's sentence."""

import datetime as dt
from decimal import Decimal

import pytest

import trncost

RUN = dict(run="ft-r1", method="run log of the reference run",
           start=dt.datetime(2026, 11, 20, 9, tzinfo=dt.timezone.utc),
           end=dt.datetime(2026, 11, 20, 11, tzinfo=dt.timezone.utc))
PRICE_PAGE = dict(source="EC2 on-demand pricing page", region="us-east-1",
                  consulted=dt.date(2026, 11, 29))


def flagship_like(price="21.50", price_unit="USD/instance-h", training_unit="s"):
    m = trncost.Model("two trn1 nodes, one volume each")
    m.add(trncost.InstanceTime(
        name="fine-tune", instance_type="trn1.32xlarge",
        count=trncost.sourced("instances", 2, "instance", trncost.measured(**RUN)),
        price=trncost.sourced("trn1_price", price, price_unit, trncost.quoted(**PRICE_PAGE)),
        phases={trncost.Phase.setup: trncost.sourced("setup_s", 360, "s", trncost.measured(**RUN)),
                trncost.Phase.training: trncost.sourced("train_s", 3600, training_unit,
                                                        trncost.measured(**RUN))}))
    m.add(trncost.BlockStorage(
        name="scratch", volume_type="gp3",
        size=trncost.sourced("size_gib", 500, "GiB", trncost.measured(**RUN)),
        kept=trncost.sourced("kept_h", 8, "h", trncost.measured(**RUN)),
        price=trncost.sourced("gp3_price", "0.08", "USD/GiB-mo",
                              trncost.documented(source="EBS pricing page",
                                                 consulted="2026-11-29")),
        volumes=trncost.sourced("volumes", 2, "", trncost.measured(**RUN))))
    for c in (trncost.Category.transfer, trncost.Category.logs, trncost.Category.data_preparation,
              trncost.Category.failures_restarts):
        m.declare_none(c, "not part of this small example")
    return m


def test_a_model_built_in_python_gives_the_hand_computed_total():
    est = flagship_like().evaluate("2026-11-30")
    by_desc = {l.description: l.amount for l in est.lines}
    # setup: 21.50 USD/instance-h x 2 instances x 360 s / 3600 = 4.3
    # training: 21.50 x 2 x 3600 / 3600 = 43
    # storage: 0.08 USD/GiB-mo x 500 GiB x 2 volumes x 8 h / 730 h/mo = 640 / 730
    #          = 0.876712328767123287671..., rounded once half-even at 18 digits
    assert Decimal("4.3") in by_desc.values()
    assert Decimal("43") in by_desc.values()
    assert Decimal("0.876712328767123288") in by_desc.values()
    assert est.total == Decimal("48.176712328767123288")
    assert est.by_category[trncost.Category.storage] == Decimal("0.876712328767123288")
    assert est.status is trncost.Status.verified
    # And the report it writes passes the audit.
    assert trncost.audit(est.to_json())


def test_an_assumption_makes_the_estimate_provisional_with_its_reason():
    m = trncost.Model()
    m.add(trncost.InstanceTime(
        name="job", instance_type="trn1.2xlarge",
        count=trncost.sourced("n", 1, "instance", trncost.assumption(rationale="one node suffices")),
        price=trncost.sourced("p", "1.34", "USD/instance-h",
                              trncost.third_party(source="a comparison site", seen="2026-11-01")),
        phases={trncost.Phase.training: trncost.sourced("t", 7200, "s",
                                                        trncost.measured(**RUN))}))
    est = m.evaluate(dt.date(2026, 11, 30))
    # 1.34 x 1 x 7200 / 3600 = 2.68; storage and the rest undeclared: incomplete is worst.
    assert est.total == Decimal("2.68")
    assert est.status is trncost.Status.incomplete
    statuses = {r.status for r in est.reasons}
    assert trncost.Status.provisional in statuses
    assert any("n is an assumption: one node suffices" in r.text for r in est.reasons)


def test_an_unknown_price_leaves_the_line_unpriced_never_zero():
    m = trncost.Model()
    m.add(trncost.InstanceTime(
        name="job", instance_type="trn2.48xlarge",
        count=trncost.sourced("n", 1, "instance", trncost.measured(**RUN)),
        price=trncost.unknown("trn2_price", "no official row for this region yet"),
        phases={trncost.Phase.training: trncost.sourced("t", 60, "s", trncost.measured(**RUN))}))
    est = m.evaluate("2026-11-30")
    assert all(l.amount is None for l in est.lines)
    assert est.total == Decimal(0)
    assert est.status is trncost.Status.incomplete
    assert any(r.status is trncost.Status.unpriced for r in est.reasons)


def test_a_price_in_the_wrong_unit_raises_type_error_with_the_cpp_sentence():
    # The sentence of units/refusals.hpp (a storage price where an instance-hour price is needed:
    # different dimensions), then which input it was.
    with pytest.raises(TypeError) as caught:
        flagship_like(price="0.08", price_unit="USD/GiB-mo")
    msg = str(caught.value)
    assert msg.startswith("trncost: cannot assign or convert a quantity of one dimension to another")
    assert "input 'trn1_price' (price) is in 'USD/GiB-mo' where 'USD/instance-h' is needed" in msg


def test_hours_where_seconds_are_needed_raise_the_one_dimension_sentence():
    with pytest.raises(TypeError) as caught:
        flagship_like(training_unit="h")
    assert str(caught.value).startswith(
        "trncost: no implicit conversion between two units of one dimension")


def test_money_where_a_price_is_needed_raises_the_money_and_price_sentence():
    with pytest.raises(TypeError) as caught:
        flagship_like(price_unit="USD")
    assert str(caught.value).startswith(
        "trncost: cannot assign or convert a price (USD per unit) to money or back")


def test_an_unknown_unit_symbol_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match="unknown unit symbol.*'USD/hr'"):
        flagship_like(price_unit="USD/hr")
    assert "USD/instance-h" in trncost.unit_symbols()


def test_a_float_value_is_refused_with_the_make_sentence():
    with pytest.raises(TypeError) as caught:
        trncost.sourced("p", 21.5, "USD/instance-h", trncost.quoted(**PRICE_PAGE))
    assert str(caught.value).startswith(
        "trncost: make() takes exact decimal text or a whole number, never a double or a float")


def test_a_bare_number_is_not_a_cost_input():
    with pytest.raises(TypeError, match="bare number"):
        trncost.Model().add(trncost.InstanceTime(name="j", instance_type="trn1.2xlarge", count=1,
                                                 price=trncost.unknown("p", "later"), phases={}))


def test_provenance_constructors_are_keyword_only():
    with pytest.raises(TypeError):
        trncost.measured("r1", "method", "2026-11-20T09:00:00Z", "2026-11-20T10:00:00Z")
    with pytest.raises(TypeError):
        trncost.assumption("because")


def test_an_incomplete_provenance_is_refused_naming_the_input_and_field():
    m = trncost.Model()
    with pytest.raises(trncost.InputError) as caught:
        m.add(trncost.InstanceTime(
            name="job", instance_type="trn1.2xlarge",
            count=trncost.sourced("n", 1, "instance", trncost.choice(why="")),
            price=trncost.unknown("p", "later"),
            phases={trncost.Phase.training: trncost.sourced("t", 60, "s", trncost.measured(**RUN))}))
    assert str(caught.value) == ("trncost: input 'n': choice provenance field 'reason' is empty; a "
                                 "choice says why")
    # A measurement may be just its period: its run and method are said when known.
    m = trncost.Model()
    m.add(trncost.InstanceTime(
        name="job", instance_type="trn1.2xlarge",
        count=trncost.sourced("n", 1, "instance", trncost.measured(
            start="2026-11-20T09:00:00Z", end="2026-11-20T10:00:00Z")),
        price=trncost.unknown("p", "later"),
        phases={trncost.Phase.training: trncost.sourced("t", 60, "s", trncost.measured(**RUN))}))


def test_the_timeline_rule_holds_from_python():
    # Measured until 2026-11-20 11:00: an estimate as of the 19th may not use it.
    with pytest.raises(trncost.InputError, match="after the as-of date 2026-11-19"):
        flagship_like().evaluate("2026-11-19")
