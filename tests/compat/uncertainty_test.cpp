// Tests for the compat side of migration uncertainties: the blocks_continue predicate the decision
// reads, descriptions, and the uncertainty each lookup outcome leaves open.
#include <doctest/doctest.h>

#include <trncost/compat/uncertainty.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::compat_uncertainty_test {

using namespace trncost;
using namespace trncost::compat;

namespace {

const date as_of = parse_date("2026-11-30");

migration_uncertainty op(uncertainty_state s) {
  return {"aten::_upsample_bicubic2d_aa", uncertainty_kind::unsupported_operation, s, "ml-platform",
          "no Neuron lowering; a CPU fallback or an NKI kernel is needed"};
}

estimate small_estimate(std::vector<migration_uncertainty> us) {
  model m;
  for (const auto c : all_categories) m.declare_none(c, declared_none{"nothing to run yet"});
  for (auto& u : us) m.add_uncertainty(std::move(u));
  return m.evaluate(as_of);
}

evidence_set fixture() {
  evidence_set set(dataset_ref{.file = "support.csv", .consulted = as_of});
  const auto add = [&](std::uint64_t line, const char* model, const char* result, const char* cc,
                       const char* error, const char* exclusion) {
    evidence_row r;
    r.line = line;
    r.model_id = model;
    r.result = result;
    r.kind = classify_result(result);
    r.stack = std::make_shared<const software_stack>(software_stack{.neuronx_cc = cc});
    r.error = error;
    r.exclusion = exclusion;
    r.tested_at = parse_timestamp("2026-10-02T00:00:00Z");
    set.add(r);
  };
  add(2, "a", "passed", "2.21.33363.0", "", "");
  add(3, "b", "failed", "2.21.33363.0", "NotImplementedError: aten::_upsample_bicubic2d_aa", "");
  add(4, "c", "passed", "2.20.16736.0", "", "");
  add(5, "d", "excluded", "2.21.33363.0", "", "does not fit on 16 cores");
  return set;
}

}  // namespace

TEST_CASE("an open uncertainty blocks continue, resolved ones do not") {
  CHECK_FALSE(blocks_continue(std::vector<migration_uncertainty>{}));
  CHECK(blocks_continue(std::vector{op(uncertainty_state::open)}));
  CHECK_FALSE(blocks_continue(std::vector{op(uncertainty_state::resolved)}));
  CHECK(blocks_continue(std::vector{op(uncertainty_state::resolved), op(uncertainty_state::open)}));
}

TEST_CASE("the predicate reads the estimate, which is provisional while one is open") {
  const auto open = small_estimate({op(uncertainty_state::resolved), op(uncertainty_state::open)});
  CHECK(blocks_continue(open));
  CHECK(open.status == estimate_status::provisional);
  REQUIRE(open_uncertainties(open).size() == 1);
  CHECK(open_uncertainties(open)[0] == &open.uncertainties[1]);
  const auto settled = small_estimate({op(uncertainty_state::resolved)});
  CHECK_FALSE(blocks_continue(settled));
  CHECK(settled.status == estimate_status::verified);
  CHECK(open_uncertainties(settled).empty());
}

TEST_CASE("an uncertainty describes its kind, status, owner and detail") {
  CHECK(describe(op(uncertainty_state::open)) ==
        "unsupported operation 'aten::_upsample_bicubic2d_aa': open, owner ml-platform: no Neuron "
        "lowering; a CPU fallback or an NKI kernel is needed");
  CHECK(to_string(uncertainty_kind::custom_operator) == "custom operator");
  CHECK(to_string(uncertainty_kind::porting_work) == "porting work");
  CHECK(to_string(uncertainty_kind::other) == "other");
  CHECK(to_string(uncertainty_state::resolved) == "resolved");
}

TEST_CASE("each lookup outcome but a same-stack pass leaves an open uncertainty") {
  const auto set = fixture();
  const software_stack target{.neuronx_cc = "2.21.33363.0"};
  CHECK_FALSE(uncertainty_from(set.lookup("a", target), "me"));
  // What the evidence on `model_id` leaves for the target, owned by "me"; the test stops if none.
  const auto left_by = [&](const char* model_id) {
    auto u = uncertainty_from(set.lookup(model_id, target), "me");
    REQUIRE(u);
    return *u;
  };

  const auto failed = left_by("b");
  CHECK(failed.status == uncertainty_state::open);
  CHECK(failed.what == uncertainty_kind::other);
  CHECK(failed.detail ==
        "failed on the target stack (line 3): NotImplementedError: "
        "aten::_upsample_bicubic2d_aa");

  const auto other = left_by("c");
  CHECK(other.what == uncertainty_kind::porting_work);
  CHECK(other.detail ==
        "passed on another stack (line 4); align the stack or replay run.py: "
        "neuronx_cc: 2.21.33363.0 wanted, tested with 2.20.16736.0");

  const auto excluded = left_by("d");
  CHECK(excluded.detail ==
        "excluded from the test campaign (line 5): does not fit on 16 cores; "
        "replay on the target stack");

  const auto none = left_by("zzz");
  CHECK(none.subject == "zzz");
  CHECK(none.owner == "me");
  CHECK(none.detail.find("absent is not incompatible") != std::string::npos);
}

}  // namespace trncost_tests::compat_uncertainty_test
