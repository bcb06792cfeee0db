// What "verified" claims (trncost::verified_rules, docs/model.md#what-verified-claims): one test
// per rule that tries to break it, and the table itself.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <trncost/model.hpp>
#include <trncost/readers/neuron_monitor.hpp>

#include "../support/declared_categories.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_verified_rules_test {

using namespace trncost;

namespace verified_rules_test {

const date as_of = parse_date("2026-11-30");

measured run(const char* from = "2026-11-20T09:00:00Z", const char* to = "2026-11-20T11:00:00Z") {
  return measured{"ft-r1", "run log of the reference run", parse_timestamp(from),
                  parse_timestamp(to)};
}

quoted page(date consulted = as_of) {
  return quoted{.source = "https://aws.amazon.com/ec2/pricing/on-demand/",
                .region = "us-east-1",
                .consulted = consulted};
}

/// A quote as a price book gives it: a row of an offer file.
quoted offer_row(date consulted = as_of) {
  quoted q = page(consulted);
  q.source = "AmazonEC2 offer file, us-east-1";
  q.offer_code = "AmazonEC2";
  q.offer_version = "20261101000000";
  q.published = parse_date("2026-11-01");
  q.sku = "SKU1";
  q.offer_term_code = "JRTCKXETXF";
  q.rate_code = "SKU1.JRTCKXETXF.6YS6EN2CT7";
  q.effective = parse_date("2026-11-01");
  return q;
}

sourced<quantity<units::usd_per_instance_hour_t>> price(const char* value, provenance p) {
  return sourced("trn1_price", make(units::usd_per_instance_hour, value), std::move(p));
}

/// 2 instances for 3600 s of training at `p`, every other category declared none: at 21.5
/// USD/instance-h the total is 2 x 3600 x 21.5 / 3600 = 43.
model job(const sourced<quantity<units::usd_per_instance_hour_t>>& p,
          provenance time_origin = run()) {
  model m;
  m.add(instance_time("train", "trn1.32xlarge", sourced("nodes", make(units::instance, 2), run()),
                      p, {{phase::training, sourced("train_s", seconds(3600), time_origin)}}));
  trncost_support::declare_none_but(m, category::compute);
  return m;
}

template <class S>
concept utilization_without_period = requires(const S& s) {
  s.utilization(std::string("r"));
};
template <class S>
concept flops_without_period = requires(const S& s) {
  s.flops(std::string("r"));
};
template <class S>
concept utilization_with_period = requires(const S& s, timestamp t) {
  s.utilization(std::string("r"), t, t);
};

}  // namespace verified_rules_test

using namespace verified_rules_test;

TEST_CASE("the table lists each rule once in the order of the enum with its consequence") {
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < verified_rules.size(); ++i) {
    CAPTURE(i);
    CHECK(static_cast<std::size_t>(verified_rules[i].rule) == i);
    CHECK(&entry_of(verified_rules[i].rule) == &verified_rules[i]);
    CHECK(names.insert(verified_rules[i].name).second);
    CHECK_FALSE(verified_rules[i].claim.empty());
    // A rule that is not refused must give a status worse than verified.
    CHECK((verified_rules[i].refused || verified_rules[i].status != estimate_status::verified));
  }
  CHECK(entry_of(verified_rule::zero_price_has_reason).status == estimate_status::provisional);
  CHECK(entry_of(verified_rule::timeline).refused);
}

TEST_CASE("the baseline job is verified at 43 USD") {
  const auto est = job(price("21.5", offer_row())).evaluate(as_of);
  CHECK(est.total == decimal(43));
  CHECK(est.status == estimate_status::verified);
  CHECK(est.reasons.empty());
}

// ---- refused --------------------------------------------------------------------------------

TEST_CASE("rule provenance-says-enough: a quote without a source is refused") {
  quoted q = page();
  q.source.clear();
  CHECK_THROWS_WITH_AS(price("21.5", q),
                       "trncost: input 'trn1_price': quoted provenance field 'source' is empty",
                       input_error);
}

TEST_CASE("rule measured-has-period: a measured value without its period is refused") {
  // measured{run, method} used to print 1970-01-01T00:00:00Z to 1970-01-01T00:00:00Z.
  CHECK_THROWS_WITH_AS(
      sourced("train_s", seconds(3600), measured{"ft-r1", "run log"}),
      "trncost: input 'train_s': measured provenance field 'from' is not set; a measured value "
      "has its collection period (from, to)",
      input_error);
  measured only_from{"ft-r1", "run log", parse_timestamp("2026-11-20T09:00:00Z")};
  CHECK_THROWS_WITH_AS(
      sourced("train_s", seconds(3600), only_from),
      "trncost: input 'train_s': measured provenance field 'to' is not set; a measured value has "
      "its collection period (from, to)",
      input_error);
  // The neuron-monitor summary no longer defaults its window to the epoch: the period is given.
  CHECK_FALSE(utilization_without_period<readers::neuron_monitor_summary>);
  CHECK_FALSE(flops_without_period<readers::neuron_monitor_summary>);
  CHECK(utilization_with_period<readers::neuron_monitor_summary>);
}

TEST_CASE("rule declared-none-is-not-a-value: a cost input carrying declared_none is refused") {
  CHECK_THROWS_WITH_AS(
      price("21.5", declared_none{"free tier"}),
      "trncost: input 'trn1_price': declared_none is not the provenance of a value; it says why a "
      "cost category is empty (model::declare_none); give where the value comes from",
      input_error);
  model m;
  CHECK_THROWS_WITH_AS(m.rule_constant("minimum", seconds(60), declared_none{"none"}),
                       "trncost: input 'minimum': declared_none is not the provenance of a value; "
                       "it says why a cost category is empty (model::declare_none); give where "
                       "the value comes from",
                       input_error);
  // Declaring a category none is still how an empty category is said.
  m.declare_none(category::logs, declared_none{"no logs kept"});
  CHECK(m.data().declared.count(category::logs) == 1);
}

TEST_CASE("rule no-negative-price: a negative price never reaches charge()") {
  // charge() on a quote of -0.5 USD/instance-h for 10 instance-h used to give -5 USD.
  CHECK_THROWS_WITH_AS(
      price("-0.5", page()),
      "trncost: input 'trn1_price': quoted value -0.5 USD/instance-h is negative; a price or a "
      "cost cannot be negative (a credit is a grant: docs/credits.md)",
      input_error);
  CHECK_THROWS_WITH_AS(sourced<money>("prep_cost", usd("-38.40"), run()),
                       "trncost: input 'prep_cost': measured value -38.4 USD is negative; a price "
                       "or a cost cannot be negative (a credit is a grant: docs/credits.md)",
                       input_error);
  // A difference of two costs is derived and may be negative: 10 - 12.5 = -2.5.
  const sourced<money> a("a", usd("10"), run());
  const sourced<money> b("b", usd("12.5"), run());
  CHECK((a - b).value().value() == decimal::parse("-2.5"));
  // A usage is not a price: a negative usage is left to the components' own checks.
  CHECK(sourced("delta_s", seconds(-5), run()).value().value() == decimal(-5));
}

TEST_CASE("rule timeline: nothing used is dated after the as-of date") {
  // Measured until the end of the as-of day: allowed.
  CHECK(job(price("21.5", offer_row()), run("2026-11-30T00:00:00Z", "2026-11-30T23:59:59Z"))
            .evaluate(as_of)
            .status == estimate_status::verified);
  CHECK_THROWS_WITH_AS(
      (void)job(price("21.5", offer_row()), run("2026-11-30T23:00:00Z", "2026-12-01T01:00:00Z"))
          .evaluate(as_of),
      "trncost: input 'train_s' was measured until 2026-12-01T01:00:00Z, after the as-of date "
      "2026-11-30; nothing an estimate uses may be dated after its as-of date (rule timeline, "
      "docs/model.md#what-verified-claims), docs/provenance.md#the-timeline-rule",
      input_error);
  CHECK_THROWS_WITH_AS(
      (void)job(price("21.5", offer_row(parse_date("2026-12-02")))).evaluate(as_of),
      "trncost: input 'trn1_price' was consulted on 2026-12-02, after the as-of date 2026-11-30; "
      "nothing an estimate uses may be dated after its as-of date (rule timeline, "
      "docs/model.md#what-verified-claims), docs/provenance.md#the-timeline-rule",
      input_error);
  // A file published after the as-of date cannot have been read by then: the quote is refused
  // where it is built, as read before its publication (tests/model/identity_test.cpp).
  quoted published_later = offer_row();
  published_later.published = parse_date("2026-12-01");
  CHECK_THROWS_WITH_AS((void)job(price("21.5", published_later)).evaluate(as_of),
                       "trncost: input 'trn1_price': quoted provenance field 'consulted' "
                       "(2026-11-30) is before the publication date of what it cites "
                       "(2026-12-01); a price cannot be read before it is published",
                       input_error);
  quoted not_yet = offer_row();
  not_yet.effective = parse_date("2027-01-01");
  CHECK_THROWS_WITH_AS((void)job(price("21.5", not_yet)).evaluate(as_of),
                       "trncost: input 'trn1_price' takes effect on 2027-01-01, after the as-of "
                       "date 2026-11-30: it is not yet a price; nothing an estimate uses may be "
                       "dated after its as-of date (rule timeline, "
                       "docs/model.md#what-verified-claims), docs/provenance.md#the-timeline-rule",
                       input_error);
  CHECK_THROWS_WITH_AS(
      (void)job(price("21.5", third_party{"a comparison site", parse_date("2026-12-24")}))
          .evaluate(as_of),
      "trncost: input 'trn1_price' was seen on 2026-12-24, after the as-of date 2026-11-30; "
      "nothing an estimate uses may be dated after its as-of date (rule timeline, "
      "docs/model.md#what-verified-claims), docs/provenance.md#the-timeline-rule",
      input_error);
  CHECK_THROWS_WITH_AS(
      (void)job(price("21.5", documented{"Trn1 pricing page", parse_date("2026-12-01")}))
          .evaluate(as_of),
      "trncost: input 'trn1_price' was consulted on 2026-12-01, after the as-of date 2026-11-30; "
      "nothing an estimate uses may be dated after its as-of date (rule timeline, "
      "docs/model.md#what-verified-claims), docs/provenance.md#the-timeline-rule",
      input_error);
  // The same model as of a later day is fine.
  CHECK(job(price("21.5", offer_row(parse_date("2026-12-02"))))
            .evaluate(parse_date("2026-12-02"))
            .status == estimate_status::verified);
  CHECK_FALSE(timeline_breach(assumption{"later"}, as_of).has_value());
  // A billing rule's constants are rules in force, dated when trncost read them (2026-11-30): an
  // estimate as of 2026-11-25 with inputs known then is not refused for them.
  const auto earlier = parse_date("2026-11-25");
  CHECK(job(price("21.5", offer_row(earlier))).evaluate(earlier).status ==
        estimate_status::verified);
}

TEST_CASE("rule no-cost-counted-twice: failed work both as a phase and in a failures component") {
  const auto p = price("21.5", offer_row());
  const auto nodes = sourced("nodes", make(units::instance, 2), run());
  const auto phases =
      std::vector<phase_time>{{phase::training, sourced("train_s", seconds(3600), run())},
                              {phase::failed_work, sourced("failed_s", seconds(900), run())}};
  const failures f("interruptions", "trn1.32xlarge", nodes, p,
                   sourced("rate", make(units::interruptions_per_instance_hour, "0.1125"), run()),
                   sourced("exposure", make(units::instance_second, 9000), run()),
                   sourced("restart", make(units::seconds_per_interruption, 450), run()),
                   sourced("lost", make(units::seconds_per_interruption, 1350), run()));
  model m;
  m.add(instance_time("train", "trn1.32xlarge", nodes, p, phases));
  m.add(f);
  for (const auto c :
       {category::storage, category::transfer, category::logs, category::data_preparation}) {
    m.declare_none(c, declared_none{"not part of this test"});
  }
  CHECK_THROWS_WITH_AS(
      (void)m.evaluate(as_of),
      "trncost: failed work is counted twice: component 'train' (compute) has a 'failed work' "
      "phase and component 'interruptions' (failures and restarts) prices it too; keep one of "
      "them (rule no-cost-counted-twice, docs/model.md#what-verified-claims)",
      input_error);

  // The measured failed work alone, with the failures category declared none: 2 x (3600 + 900) s
  // x 21.5 / 3600 = 53.75, verified.
  model alone;
  alone.add(instance_time("train", "trn1.32xlarge", nodes, p, phases));
  trncost_support::declare_none_but(alone, category::compute,
                                    "failed work is measured in the phases");
  const auto est = alone.evaluate(as_of);
  CHECK(est.total == decimal::parse("53.75"));
  CHECK(est.status == estimate_status::verified);
}

// ---- statuses -------------------------------------------------------------------------------

TEST_CASE("rule every-line-priced: an unknown price leaves the line unpriced") {
  model m;
  m.add(instance_time("train", "trn1.32xlarge", sourced("nodes", make(units::instance, 2), run()),
                      unknown_input{"trn2u_price", "no official row yet"},
                      {{phase::training, sourced("train_s", seconds(3600), run())}}));
  trncost_support::declare_none_but(m, category::compute);
  const auto est = m.evaluate(as_of);
  CHECK(est.status == estimate_status::unpriced);
  REQUIRE_FALSE(est.reasons.empty());
  CHECK(est.reasons.front().rule == verified_rule::every_line_priced);
}

TEST_CASE("rule every-category-accounted: a category neither modelled nor declared none") {
  model m;
  m.add(instance_time("train", "trn1.32xlarge", sourced("nodes", make(units::instance, 2), run()),
                      price("21.5", offer_row()),
                      {{phase::training, sourced("train_s", seconds(3600), run())}}));
  const auto est = m.evaluate(as_of);
  CHECK(est.status == estimate_status::incomplete);
  CHECK(est.reasons.front().rule == verified_rule::every_category_accounted);
  CHECK(est.total == decimal(43));
}

TEST_CASE("rule quotes-fresh: a quote consulted 31 days before the as-of date is stale") {
  // Of a file published before both: a quote is never read before its file was published.
  const auto row = [](const char* consulted) {
    quoted q = offer_row(parse_date(consulted));
    q.published = parse_date("2026-10-01");
    return q;
  };
  const auto at_edge = job(price("21.5", row("2026-10-31"))).evaluate(as_of);
  CHECK(at_edge.status == estimate_status::verified);  // 30 days: inside the window
  const auto est = job(price("21.5", row("2026-10-30"))).evaluate(as_of);
  CHECK(est.status == estimate_status::stale);
  CHECK(est.reasons.front().rule == verified_rule::quotes_fresh);
}

TEST_CASE("rule no-third-party and rule no-assumption make the estimate provisional") {
  const auto seen = job(price("21.5", third_party{"a comparison site", parse_date("2026-11-02")}))
                        .evaluate(as_of);
  CHECK(seen.status == estimate_status::provisional);
  CHECK(seen.reasons.front().rule == verified_rule::no_third_party);
  const auto assumed =
      job(price("21.5", offer_row()), assumption{"as long as last time"}).evaluate(as_of);
  CHECK(assumed.status == estimate_status::provisional);
  CHECK(assumed.reasons.front().rule == verified_rule::no_assumption);
}

TEST_CASE("rule no-open-uncertainty: an open migration uncertainty is provisional") {
  auto m = job(price("21.5", offer_row()));
  m.add_uncertainty({"a custom operator", migration_uncertainty::kind::custom_operator,
                     migration_uncertainty::state::open, "ml-platform", "not ported yet"});
  const auto est = m.evaluate(as_of);
  CHECK(est.status == estimate_status::provisional);
  CHECK(est.reasons.front().rule == verified_rule::no_open_uncertainty);
}

TEST_CASE("rule zero-price-has-reason: a zero instance price with no stated reason") {
  // A zero instance price quoted from a page, saying nothing about why, used to be verified.
  const auto est = job(price("0", page())).evaluate(as_of);
  CHECK(est.total == decimal(0));
  CHECK(est.status == estimate_status::provisional);
  REQUIRE(est.reasons.size() == 1);
  CHECK(est.reasons[0].rule == verified_rule::zero_price_has_reason);
  CHECK(est.reasons[0].text ==
        "line 'training on 2 x trn1.32xlarge' (train) has a unit price of 0 USD/instance-h from "
        "trn1_price (quoted: us-east-1, on-demand, consulted 2026-11-30 "
        "(https://aws.amazon.com/ec2/pricing/on-demand/)) with no stated reason; a zero price "
        "needs a published offer-file row, a quote that says what it is (its description) or "
        "official documentation (rule zero-price-has-reason, docs/model.md#what-verified-claims)");
  // One reason per price, not one per line (the billing minimum's line uses the same price).
  CHECK(est.lines.size() == 2);

  // Measured as zero: still no reason.
  CHECK(job(price("0", run())).evaluate(as_of).status == estimate_status::provisional);

  // Stated: the quote says what it is, the offer file has the row, or documentation says so.
  quoted said = page();
  said.description = "Free Tier: 750 hours a month for 12 months";
  CHECK(job(price("0", said)).evaluate(as_of).status == estimate_status::verified);
  CHECK(job(price("0", offer_row())).evaluate(as_of).status == estimate_status::verified);
  CHECK(job(price("0", documented{"AWS Free Tier terms", as_of})).evaluate(as_of).status ==
        estimate_status::verified);
}

}  // namespace trncost_tests::model_verified_rules_test
