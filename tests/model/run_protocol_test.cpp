// Tests for run_protocol and model::archive_run (include/trncost/model/run_protocol.hpp,
// model.hpp): the protocol of each run a model's measurements come from reaches every estimate,
// once per run.
#include <doctest/doctest.h>

#include <trncost/model.hpp>

#include "../support/declared_categories.hpp"

namespace trncost_tests::model_run_protocol_test {

using namespace trncost;

namespace {

// One line, 21.5 USD/instance-h x 2 instance-h = 43 USD; every other category declared none.
model one_line_model() {
  model m;
  const auto price = m.input(sourced("price", make(units::usd_per_instance_hour, "21.5"),
                                     documented{"a price page", parse_date("2026-11-30")}));
  const auto hours = m.input(sourced("hours", make(units::instance_hour, 2),
                                     documented{"a plan", parse_date("2026-11-30")}));
  m.add_line(category::compute, "job", {std::nullopt, "job"}, price, hours);
  trncost_support::declare_none_but(m, category::compute, "not used");
  return m;
}

}  // namespace

TEST_CASE("archived runs reach the estimate in order and each once") {
  auto m = one_line_model();
  const run_protocol a{"r1", "model-a", "git:1", "ds", {{"lr", "0.1"}}, {{"torch", "2.8.0"}}};
  const run_protocol b{"r2", "model-a", "git:1", "ds", {}, {}};
  m.archive_run(a);
  m.archive_run(b);
  m.archive_run(a);
  const auto est = m.evaluate(parse_date("2026-11-30"));
  REQUIRE(est.runs.size() == 2);
  CHECK(est.runs[0] == a);
  CHECK(est.runs[1] == b);
  CHECK(est.total == decimal(43));
  CHECK(one_line_model().evaluate(parse_date("2026-11-30")).runs.empty());
}

TEST_CASE("a run archived without an id or twice with another protocol is refused") {
  auto m = one_line_model();
  CHECK_THROWS_WITH_AS(m.archive_run(run_protocol{}), "trncost: an archived run needs its run id",
                       input_error);
  m.archive_run(run_protocol{"r1", "model-a", "git:1", "ds", {}, {}});
  CHECK_THROWS_WITH_AS(m.archive_run(run_protocol{"r1", "model-a", "git:2", "ds", {}, {}}),
                       "trncost: run 'r1' is archived twice with different protocols (model, "
                       "code version, data set, parameters or software stack differ)",
                       input_error);
}

}  // namespace trncost_tests::model_run_protocol_test
