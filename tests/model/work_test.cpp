// Tests for work delivered and cost per unit of work on the estimate (model/work.hpp,
// model::deliver, estimate::work), and for the activity phases beyond training.
#include <doctest/doctest.h>

#include <trncost/measure/run.hpp>
#include <trncost/model.hpp>

#include "../support/declared_categories.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_work_test {

using namespace trncost;

namespace {

const date as_of = parse_date("2026-11-30");

sourced<quantity<units::usd_per_instance_hour_t>> hourly(const char* v) {
  return sourced("price", make(units::usd_per_instance_hour, v),
                 quoted{.source = "EC2 pricing page", .region = "us-east-1", .consulted = as_of});
}

/// 2 instances x 1800 s at 4 USD/instance-h: 4 USD of compute, other categories declared none.
model four_dollar_job() {
  model m;
  m.add(instance_time(
      "job", "trn1.32xlarge",
      sourced("instances", make(units::instance, 2), assumption{"the plan"}), hourly("4"),
      {{phase::training, sourced("train_s", make(units::second, 1800), assumption{"the plan"})}}));
  trncost_support::declare_none_but(m, category::compute, "not in this test");
  return m;
}

}  // namespace

TEST_CASE("work kinds have names units and quotes") {
  CHECK(all_work_kinds.size() == 6);
  CHECK(to_string(work_kind::tokens_served) == "tokens served");
  CHECK(to_string(work_kind::runs_to_target) == "runs to target");
  CHECK(quote_of(work_kind::tokens_trained).per == 1'000'000);
  CHECK(quote_of(work_kind::tokens_trained).unit == "USD/1M tokens");
  CHECK(quote_of(work_kind::requests_served).per == 1000);
  CHECK(quote_of(work_kind::requests_served).unit ==
        units::symbol<units::usd_per_thousand_requests_t>());
  CHECK(quote_of(work_kind::trials).unit == units::symbol<units::usd_per_job_t>());
  CHECK(work_unit(work_kind::tokens_processed) == "token");
  CHECK(work_unit(work_kind::trials) == "job");
}

TEST_CASE("an estimate divides its total by the work the model delivers") {
  auto m = four_dollar_job();
  m.deliver(work_kind::runs_to_target,
            sourced("runs", make(units::job, 2), assumption{"two seeds"}));
  const auto est = m.evaluate(as_of);
  // 2 x 1800 s x 4 / 3600 = 4 USD; per run: 4 / 2 = 2 USD/job.
  CHECK(est.total == decimal(4));
  REQUIRE(est.work.has_value());
  CHECK((*est.work->full)->value == "2");
  CHECK((*est.work->compute_only)->value == "2");
  const auto& how = std::get<derived>((*est.work->full)->origin);
  CHECK(how.formula == "total / runs");
  // The work's own input is listed with the estimate's (it is an assumption: provisional).
  bool listed = false;
  for (const auto& in : est.inputs) listed = listed || in->name == "runs";
  CHECK(listed);
}

TEST_CASE("a cost per unit of work in the unit the user names") {
  // Every symbol a quote may be given in is a named unit's, the default first.
  CHECK(quotes_of(work_kind::tokens_trained).size() == 3);
  CHECK(quotes_of(work_kind::tokens_trained)[0].unit == quote_of(work_kind::tokens_trained).unit);
  CHECK(quote_named(work_kind::tokens_served, "1B tokens")->unit ==
        units::symbol<units::usd_per_billion_tokens_t>());
  CHECK(quote_named(work_kind::requests_served, "request")->unit ==
        units::symbol<units::usd_per_request_t>());
  CHECK_FALSE(quote_named(work_kind::trials, "1M tokens").has_value());
  // 4 USD for 2,000,000 tokens: 2,000 per 1B tokens, 2 per 1M, 0.002 per 1K.
  const auto tokens = [] {
    auto m = four_dollar_job();
    m.deliver(work_kind::tokens_trained,
              sourced("tokens", make(units::token, 2'000'000), assumption{"the plan"}));
    return m;
  };
  const auto per_billion = tokens().evaluate(as_of, estimate_options{.cost_per = "1B tokens"});
  REQUIRE(per_billion.work);
  CHECK(per_billion.work->per == 1'000'000'000);
  CHECK(per_billion.work->unit == "USD/1B tokens");
  CHECK((*per_billion.work->full)->value == "2000");
  const auto per_thousand = tokens().evaluate(as_of, estimate_options{.cost_per = "1K tokens"});
  CHECK((*per_thousand.work->full)->value == "0.002");
  // A unit that does not count this work is refused, with the ones that do.
  CHECK(trncost_support::error_message(
            [&] { (void)tokens().evaluate(as_of, estimate_options{.cost_per = "request"}); }) ==
        "trncost: cost per \"request\": the tokens trained of this estimate are quoted per "
        "\"1M tokens\", \"1K tokens\", \"1B tokens\"");
}

TEST_CASE("a model without work has no cost per unit of work") {
  const auto est = four_dollar_job().evaluate(as_of);
  CHECK_FALSE(est.work.has_value());
}

TEST_CASE("work in the wrong unit or a second kind of work is refused") {
  auto m = four_dollar_job();
  const auto tokens = m.input(sourced("tokens", make(units::token, 5), assumption{"x"}));
  CHECK_THROWS_WITH_AS(m.deliver(work_kind::trials, tokens),
                       doctest::Contains("is counted in job, not in 'token'"), input_error);
  m.deliver(work_kind::tokens_trained, tokens);
  m.deliver(work_kind::tokens_trained, tokens);  // the same work again is harmless
  const auto runs = m.input(sourced("runs", make(units::job, 1), assumption{"x"}));
  CHECK_THROWS_WITH_AS(m.deliver(work_kind::runs_to_target, runs),
                       doctest::Contains("a model delivers one kind of work"), input_error);
  model other;
  CHECK_THROWS_WITH_AS(other.deliver(work_kind::tokens_trained, tokens),
                       doctest::Contains("a node of another model"), input_error);
}

TEST_CASE("unknown or zero work gives a finding and no cost per unit") {
  {
    auto m = four_dollar_job();
    m.deliver(work_kind::tokens_served,
              m.unknown<units::token_t>("tokens_served", "not measured yet"));
    const auto est = m.evaluate(as_of);
    REQUIRE(est.work.has_value());
    CHECK_FALSE(est.work->full.has_value());
    CHECK_FALSE(est.work->compute_only.has_value());
    bool said = false;
    for (const auto& f : est.findings)
      said = said || f.find("are unknown: no cost per unit") != std::string::npos;
    CHECK(said);
  }
  {
    auto m = four_dollar_job();
    m.deliver(work_kind::trials, sourced("trials", make(units::job, 0), assumption{"none yet"}));
    const auto est = m.evaluate(as_of);
    CHECK_FALSE(est.work->full.has_value());
    bool said = false;
    for (const auto& f : est.findings)
      said = said || f.find("are 0: no cost per unit") != std::string::npos;
    CHECK(said);
  }
}

TEST_CASE("the phases of serving sweeps and batches have their own names and kinds") {
  // Serving, trials and batches make progress; idle capacity and scaling up are overhead.
  struct named_phase {
    const char* name;
    phase p;
    bool overhead;
  };
  const named_phase phases[] = {{"serving", phase::serving, false},
                                {"idle capacity", phase::idle_capacity, true},
                                {"trials", phase::trials, false},
                                {"batch inference", phase::batch_inference, false},
                                {"scale-up start-up", phase::scale_up, true}};
  for (const auto& x : phases) {
    CAPTURE(x.name);
    CHECK(to_string(x.p) == x.name);
    CHECK(is_overhead(x.p) == x.overhead);
  }
  // A run log names them too, and reads back what it writes.
  for (const auto p : all_phases) CHECK(measure::parse_phase(measure::log_name(p)) == p);
  CHECK(measure::log_name(phase::idle_capacity) == "idle_capacity");
}

TEST_CASE("a report's useful and overhead rows name the phases present") {
  const auto est = four_dollar_job().evaluate(as_of);
  CHECK(phases_named(est, false) == "training");
  CHECK(phases_named(est, true) == "none");
}

}  // namespace trncost_tests::model_work_test
