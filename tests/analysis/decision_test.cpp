// Each rule of decide(): continue, compare another option, suspend, with every reason.
#include "trncost/analysis/decision.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <trncost/catalog/instance_spec.hpp>
#include <vector>

#include "small_model.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::analysis_decision_test {

using namespace trncost;
using namespace trncost::analysis;

namespace {

protocol reached() {
  return {"ds",
          "eval_loss",
          decimal(2),
          quality_direction::lower_is_better,
          decimal::parse("1.9"),
          "neuronx-cc 2.21"};
}

decision_inputs good(const estimate& e) {
  decision_inputs in;
  in.est = &e;
  in.quality = reached();
  in.region = "us-east-1";
  in.support.stated_check = "replayed 200 steps on neuronx-cc 2.21 on 2026-11-20: ok";
  return in;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace

TEST_CASE("decide: continue when quality, support, prices, costs and measurements all hold") {
  const auto e = small::small_estimate({.kept_measured = true});
  const auto d = decide(good(e));
  CHECK(d.outcome == verdict::continue_on);
  CHECK(d.suspend_reasons.empty());
  CHECK(d.compare_reasons.empty());
  CHECK(d.continue_reasons ==
        std::vector<std::string>{
            "the target quality is reached: eval_loss 1.9 against 2",
            "every price is quoted for us-east-1 and fresh",
            "every category of the cost formula is accounted for",
            // One expected text over several lines, not a missing comma.
            // NOLINTNEXTLINE(bugprone-suspicious-missing-comma)
            "the needed operations are supported: replayed 200 steps on neuronx-cc 2.21 on "
            "2026-11-20: ok",
            "every cost-contributing step is measured"});
  CHECK(to_string(d.outcome) == "continue");
}

TEST_CASE(
    "decide: suspend when quality is not reached, a price is unverified or costs are incomplete") {
  {
    const auto e = small::small_estimate({.kept_measured = true});
    auto in = good(e);
    in.quality.reached = decimal::parse("2.3");
    const auto d = decide(in);
    CHECK(d.outcome == verdict::suspend);
    CHECK(has(d.suspend_reasons, "the target quality is not reached: eval_loss 2.3 against 2"));
  }
  {
    const auto e = small::small_estimate(
        {.price_origin = provenance{third_party{"price comparison site", parse_date("2026-10-02")}},
         .kept_measured = true});
    const auto d = decide(good(e));
    CHECK(d.outcome == verdict::suspend);
    CHECK(has(d.suspend_reasons, "price 'price' is not verified: it is third-party"));
  }
  {
    const auto e = small::small_estimate(
        {.price_origin = provenance{small::quote("eu-west-1")}, .kept_measured = true});
    const auto d = decide(good(e));
    CHECK(d.outcome == verdict::suspend);
    CHECK(has(d.suspend_reasons, "price 'price' is quoted for eu-west-1, not us-east-1"));
  }
  {
    const auto e = small::small_estimate({.kept_measured = true, .declare_transfer = false});
    const auto d = decide(good(e));
    CHECK(d.outcome == verdict::suspend);
    REQUIRE(d.suspend_reasons.size() == 1);
    CHECK(d.suspend_reasons[0].rfind("costs are incomplete: ", 0) == 0);
  }
  {
    // A stale quote: consulted 2026-11-29, the estimate made 90 days later.
    const auto e = small::small_model({.kept_measured = true}).evaluate(parse_date("2027-02-27"));
    const auto d = decide(good(e));
    CHECK(d.outcome == verdict::suspend);
    CHECK(std::any_of(d.suspend_reasons.begin(), d.suspend_reasons.end(),
                      [](const std::string& s) { return s.rfind("a price is stale: ", 0) == 0; }));
  }
}

TEST_CASE(
    "decide: compare another option when something blocks continuing without a suspend rule") {
  {
    const auto e = small::small_estimate({.kept_measured = true});
    auto in = good(e);
    in.bottlenecks.push_back("NeuronCore utilization 38 %, traced to data loading");
    const auto d = decide(in);
    CHECK(d.outcome == verdict::compare_another);
    CHECK(d.compare_reasons ==
          std::vector<std::string>{"a bottleneck remains: NeuronCore utilization 38 %, traced to "
                                   "data loading"});
  }
  {
    const auto e = small::small_estimate({.kept_measured = true});
    auto in = good(e);
    in.porting_unjustified = "the GPU option costs 10 % less and needs no port";
    CHECK(decide(in).outcome == verdict::compare_another);
  }
  {
    // An assumed quantity: the volumes' 730 hours.
    const auto e = small::small_estimate();
    const auto d = decide(good(e));
    CHECK(d.outcome == verdict::compare_another);
    CHECK(has(d.compare_reasons, "step input 'kept_hours' is not measured (assumption)"));
  }
  {
    // Compatibility evidence only from another stack, and no stated check.
    const auto e = small::small_estimate({.kept_measured = true});
    auto in = good(e);
    in.support.stated_check.clear();
    compat::lookup_result hint;
    hint.model_id = "meta-llama/Llama-3.1-8B";
    hint.outcome = compat::evidence_outcome::passed_other_stack;
    in.support.evidence = hint;
    const auto d = decide(in);
    CHECK(d.outcome == verdict::compare_another);
    CHECK(d.compare_reasons[0] ==
          "support is not shown for 'meta-llama/Llama-3.1-8B': passed on another stack; replay it "
          "on the target stack or compare another option");
    in.support.evidence.reset();
    CHECK(decide(in).compare_reasons[0] ==
          "no compatibility evidence and no stated check that the needed operations run on the "
          "target");
    hint.outcome = compat::evidence_outcome::passed_same_stack;
    in.support.evidence = hint;
    CHECK(decide(in).outcome == verdict::continue_on);
  }
  {
    // An open migration uncertainty.
    auto m = small::small_model({.kept_measured = true});
    m.add_uncertainty({"custom attention kernel", migration_uncertainty::kind::custom_operator,
                       migration_uncertainty::state::open, "ml-platform",
                       "no NKI version written yet"});
    const auto e = m.evaluate(parse_date("2026-11-30"));
    const auto d = decide(good(e));
    CHECK(d.outcome == verdict::compare_another);
    CHECK(has(d.compare_reasons,
              "migration uncertainty 'custom attention kernel' is open (owner ml-platform)"));
  }
}

TEST_CASE("decide: suspend outranks compare, and every reason is listed") {
  const auto e = small::small_estimate();  // an assumption (compare) ...
  auto in = good(e);
  in.quality.reached.reset();  // ... and no quality measured (suspend)
  const auto d = decide(in);
  CHECK(d.outcome == verdict::suspend);
  CHECK(d.suspend_reasons.size() == 1);
  CHECK(d.compare_reasons.size() == 1);
  CHECK(to_string(verdict::compare_another) == "compare another option");
  CHECK_THROWS_WITH_AS((void)decide(decision_inputs{}), "trncost: decide: no estimate given",
                       input_error);
  in.region.clear();
  CHECK_THROWS_AS((void)decide(in), input_error);
}

TEST_CASE("decide: unmeasured step inputs are one reason per provenance kind, weightiest first") {
  // Four leaves under three lines' quantities: a third-party node count and three assumptions.
  const sourced nodes("nodes", make(units::instance, 2),
                      third_party{"a sizing blog", parse_date("2026-10-02")});
  const sourced train_h("train_h", make(units::hour, 10), assumption{"a guess"});
  const sourced ckpt_gib("ckpt_gib", make(units::gibibyte, 5), assumption{"a guess"});
  const sourced spare_h("spare_h", make(units::hour, 1), assumption{"a guess"});
  const auto train = product_as<units::instance_hour_t>("train_instance_h", nodes, train_h);
  estimate e;
  const auto line = [&](const input_ref& quantity, std::optional<decimal> amount) {
    line_item l;
    l.quantity = quantity;
    l.amount = amount;
    e.lines.push_back(l);
  };
  line(train.record(), decimal(1200));  // nodes and train_h each weigh 1200 USD
  line(ckpt_gib.record(), decimal::parse("3.1"));
  line(spare_h.record(), std::nullopt);  // an unpriced line: no weight
  std::set<const source_record*> seen;
  std::vector<input_ref> leaves;
  for (const auto& l : e.lines) analysis::detail::leaves_of(l.quantity, seen, leaves);
  REQUIRE(leaves.size() == 4);
  // The third-party group's weightiest input (1200) ties with the assumptions' (1200): the kind
  // reached first comes first. A lone input keeps its own sentence.
  CHECK(analysis::detail::unmeasured_step_reasons(e, leaves) ==
        std::vector<std::string>{
            "step input 'nodes' is not measured (third-party)",
            "3 step inputs are not measured (assumption), weightiest first: 'train_h' (lines of "
            "1200.00 USD), 'ckpt_gib' (lines of 3.10 USD), 'spare_h' (no priced line)"});
  // Reversed order of reaching: the weights, not the order, rank the assumptions.
  std::vector<input_ref> reversed(leaves.rbegin(), leaves.rend());
  CHECK(analysis::detail::unmeasured_step_reasons(e, reversed) ==
        std::vector<std::string>{
            "3 step inputs are not measured (assumption), weightiest first: 'train_h' (lines of "
            "1200.00 USD), 'ckpt_gib' (lines of 3.10 USD), 'spare_h' (no priced line)",
            "step input 'nodes' is not measured (third-party)"});
  // A heavier assumption puts its group first, and leads it.
  e.lines[1].amount = decimal(5000);
  CHECK(analysis::detail::unmeasured_step_reasons(e, leaves).front().starts_with(
      "3 step inputs are not measured (assumption), weightiest first: 'ckpt_gib' (lines of "
      "5000.00 USD), 'train_h' (lines of 1200.00 USD)"));
  // Measured leaves give no reason.
  CHECK(analysis::detail::unmeasured_step_reasons(e, {}).empty());
}

}  // namespace trncost_tests::analysis_decision_test
