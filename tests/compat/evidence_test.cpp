// Tests for the evidence lookup: each of the six outcomes, what each proves and does not, row
// provenance, duplicate and conflict findings, results kept verbatim, and wall_s kept apart from
// run durations.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <trncost/compat/evidence.hpp>
#include <type_traits>

#include "../support/neuron_stacks.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::compat_evidence_test {

using namespace trncost;
using namespace trncost::compat;

namespace {

using trncost_support::stack_2_20;
using trncost_support::stack_2_21;

evidence_row row(std::uint64_t line, std::string model, std::string result, software_stack s,
                 const char* tested_at) {
  evidence_row r;
  r.line = line;
  r.model_id = std::move(model);
  r.result = std::move(result);
  r.kind = classify_result(r.result);
  r.stack = std::make_shared<const software_stack>(std::move(s));
  r.tested_at = parse_timestamp(tested_at);
  r.tested_at_text = tested_at;
  return r;
}

dataset_ref src() {
  return dataset_ref{.file = "support.csv", .consulted = parse_date("2026-11-30")};
}

evidence_set fixture() {
  evidence_set set(src());
  auto qwen = row(2, "Qwen/Qwen3-0.6B", "passed", stack_2_21(), "2026-10-02T08:15:00Z");
  qwen.tp = 1;
  qwen.wall_s = 412;
  qwen.hbm_peak_gb = decimal("3.1");
  set.add(qwen);
  auto qwen_old = row(3, "Qwen/Qwen3-0.6B", "failed", stack_2_20(), "2026-08-11T17:40:00Z");
  qwen_old.error = "RuntimeError: neuronx-cc failed with exit code 70";
  set.add(qwen_old);
  set.add(row(4, "meta-llama/Llama-3.1-8B", "passed", stack_2_20(), "2026-08-12T09:00:00Z"));
  auto gemma = row(5, "google/gemma-3-4b-it", "failed", stack_2_21(), "2026-10-03T11:00:00Z");
  gemma.error = "NotImplementedError: aten::_upsample_bicubic2d_aa";
  set.add(gemma);
  auto big = row(6, "deepseek-ai/DeepSeek-V3", "excluded", stack_2_21(), "2026-10-01T00:00:00Z");
  big.exclusion = "weights do not fit on 4 Trainium2 devices";
  set.add(big);
  set.add(row(7, "mistralai/Mistral-7B-v0.3", "failed", stack_2_20(), "2026-08-12T10:00:00Z"));
  set.add(row(8, "tiiuae/falcon-7b", "timeout", stack_2_21(), "2026-10-04T00:00:00Z"));
  return set;
}

/// What the fixture holds on `model_id` for a target on the 2.21 stack.
lookup_result lookup_2_21(std::string_view model_id) {
  return fixture().lookup(model_id, stack_2_21());
}

}  // namespace

TEST_CASE("result values: five spellings are recognised, the rest are 'other'") {
  CHECK(classify_result("passed") == test_result::passed);
  CHECK(classify_result("pass") == test_result::passed);
  CHECK(classify_result("failed") == test_result::failed);
  CHECK(classify_result("fail") == test_result::failed);
  CHECK(classify_result("excluded") == test_result::excluded);
  CHECK(classify_result("PASSED") == test_result::other);
  CHECK(classify_result("timeout") == test_result::other);
  CHECK(to_string(test_result::excluded) == "excluded");
  CHECK(to_string(test_result::other) == "other");
}

TEST_CASE("passed on the same stack: the deciding row, its provenance, what it proves") {
  const auto r = lookup_2_21("Qwen/Qwen3-0.6B");
  CHECK(r.outcome == evidence_outcome::passed_same_stack);
  REQUIRE(r.deciding);
  CHECK(r.deciding->row.line == 2);
  CHECK(r.deciding->differences.empty());
  CHECK(r.rows.size() == 2);
  CHECK(describe(r.deciding->origin) ==
        "documented: aws-neuron/torch-neuronx-model-support (export support.csv), line 2, model "
        "Qwen/Qwen3-0.6B, tested_at 2026-10-02T08:15:00Z, consulted 2026-11-30");
  CHECK(std::string(r.proves()).find("generated 32 tokens") != std::string::npos);
  CHECK(std::string(r.does_not_prove()).find("throughput") != std::string::npos);
  CHECK(std::string(r.does_not_prove()).find("wall_s includes compilation") != std::string::npos);
  CHECK(to_string(r.outcome) == "passed on the same stack");
}

TEST_CASE("passed on another stack: a hint, with the version differences listed") {
  const auto r = lookup_2_21("meta-llama/Llama-3.1-8B");
  CHECK(r.outcome == evidence_outcome::passed_other_stack);
  REQUIRE(r.deciding);
  // neuronx_cc, torch_neuronx, torch, library_version and transformers differ; library and python
  // do not.
  REQUIRE(r.deciding->differences.size() == 5);
  CHECK(r.deciding->differences[0].field == "neuronx_cc");
  CHECK(r.deciding->differences[0].tested == "2.20.16736.0");
  CHECK(r.deciding->differences[4].field == "transformers");
  CHECK(std::string(r.proves()).find("a hint, not a guarantee") != std::string::npos);
}

TEST_CASE("failed on the same stack: the error is in the deciding row") {
  const auto r = lookup_2_21("google/gemma-3-4b-it");
  CHECK(r.outcome == evidence_outcome::failed_same_stack);
  REQUIRE(r.deciding);
  CHECK(r.deciding->row.error == "NotImplementedError: aten::_upsample_bicubic2d_aa");
  CHECK(std::string(r.does_not_prove()).find("cannot run on Trainium") != std::string::npos);
}

TEST_CASE("failed on another stack") {
  const auto set = fixture();
  const auto r = set.lookup("mistralai/Mistral-7B-v0.3", stack_2_21());
  CHECK(r.outcome == evidence_outcome::failed_other_stack);
  CHECK(to_string(r.outcome) == "failed on another stack");
  CHECK(r.does_not_prove() == "that the model fails on this stack");
  // The same row is a same-stack failure for a target on its own stack.
  CHECK(set.lookup("mistralai/Mistral-7B-v0.3", stack_2_20()).outcome ==
        evidence_outcome::failed_same_stack);
}

TEST_CASE("excluded: the reason is in the deciding row") {
  const auto r = lookup_2_21("deepseek-ai/DeepSeek-V3");
  CHECK(r.outcome == evidence_outcome::excluded);
  REQUIRE(r.deciding);
  CHECK(r.deciding->row.exclusion == "weights do not fit on 4 Trainium2 devices");
  CHECK(r.does_not_prove() == "that the model is incompatible");
}

TEST_CASE("no evidence: absent is not incompatible, and the result says so") {
  const auto set = fixture();
  const auto r = set.lookup("my-org/private-model", stack_2_21());
  CHECK(r.outcome == evidence_outcome::no_evidence);
  CHECK_FALSE(r.deciding);
  CHECK(r.rows.empty());
  CHECK(std::string(r.does_not_prove()).find("absent is not incompatible") != std::string::npos);
  // Model ids match exactly.
  CHECK(set.lookup("qwen/qwen3-0.6b", stack_2_21()).outcome == evidence_outcome::no_evidence);
}

TEST_CASE("a result trncost does not know is kept verbatim, reported, and is no evidence") {
  const auto set = fixture();
  const auto r = set.lookup("tiiuae/falcon-7b", stack_2_21());
  CHECK(r.outcome == evidence_outcome::no_evidence);
  REQUIRE(r.rows.size() == 1);
  CHECK(r.rows[0].row.result == "timeout");
  REQUIRE(r.findings.size() == 1);
  CHECK(r.findings[0] == "line 8: result 'timeout' is kept verbatim and not interpreted");
  REQUIRE(set.uninterpreted().size() == 1);
  CHECK(set.uninterpreted()[0]->line == 8);
  REQUIRE(set.findings().size() == 1);
  CHECK(set.findings()[0] ==
        "support.csv:8: column 'result': 'timeout' is not a result trncost recognises (passed, "
        "pass, failed, fail, excluded); kept verbatim and not counted as either");
}

TEST_CASE("duplicate rows for one model and stack are findings naming both lines") {
  evidence_set set(src());
  set.add(row(10, "Qwen/Qwen3-0.6B", "passed", stack_2_21(), "2026-10-02T08:15:00Z"));
  set.add(row(11, "Qwen/Qwen3-0.6B", "passed", stack_2_21(), "2026-10-02T08:15:00Z"));
  set.add(row(12, "Qwen/Qwen3-0.6B", "failed", stack_2_21(), "2026-10-05T08:15:00Z"));
  REQUIRE(set.findings().size() == 2);
  CHECK(set.findings()[0] ==
        "support.csv: lines 10 and 11: model 'Qwen/Qwen3-0.6B' appears twice "
        "on one stack and tp (column 'result' 'passed' both times)");
  CHECK(set.findings()[1] ==
        "support.csv: lines 10 and 12: model 'Qwen/Qwen3-0.6B' on one stack "
        "and tp: column 'result' conflicts ('passed' and 'failed'); both "
        "kept, not resolved");
  CHECK(set.size() == 3);
  // The lookup does not resolve it silently: the failure decides and the conflict is a finding.
  const auto r = set.lookup("Qwen/Qwen3-0.6B", stack_2_21());
  CHECK(r.outcome == evidence_outcome::failed_same_stack);
  REQUIRE(r.findings.size() == 1);
  CHECK(r.findings[0] ==
        "lines 10 and 12: the model passed and failed on this stack; the failure "
        "decides until the conflict is explained");
}

TEST_CASE("other-stack evidence: the fewest differences decide, then the latest test") {
  evidence_set set(src());
  auto near = stack_2_21();
  near.python = "3.10.12";                                               // one difference
  set.add(row(2, "m", "failed", stack_2_20(), "2026-10-09T00:00:00Z"));  // five differences
  set.add(row(3, "m", "passed", near, "2026-09-01T00:00:00Z"));
  auto r = set.lookup("m", stack_2_21());
  CHECK(r.outcome == evidence_outcome::passed_other_stack);
  CHECK(r.deciding->row.line == 3);
  set.add(row(4, "m", "failed", near, "2026-09-02T00:00:00Z"));
  r = set.lookup("m", stack_2_21());
  CHECK(r.outcome == evidence_outcome::failed_other_stack);
  CHECK(r.deciding->row.line == 4);
}

TEST_CASE("a same-stack result outranks an exclusion, an exclusion outranks other stacks") {
  evidence_set set(src());
  set.add(row(2, "m", "passed", stack_2_20(), "2026-08-01T00:00:00Z"));
  auto ex = row(3, "m", "excluded", stack_2_20(), "2026-08-02T00:00:00Z");
  ex.exclusion = "not a priority of this campaign";
  set.add(ex);
  CHECK(set.lookup("m", stack_2_21()).outcome == evidence_outcome::excluded);
  set.add(row(4, "m", "passed", stack_2_21(), "2026-10-01T00:00:00Z"));
  CHECK(set.lookup("m", stack_2_21()).outcome == evidence_outcome::passed_same_stack);
}

TEST_CASE("a row's tp and hbm_peak_gb are sourced values from the row") {
  const auto set = fixture();
  const auto& r = set.rows()[0];
  const auto tp = tp_of(r, set.source());
  CHECK(tp.name() == "Qwen/Qwen3-0.6B.tp");
  CHECK(tp.value().value() == decimal(1));
  CHECK(kind_name(tp.origin()) == "documented");
  const auto hbm = hbm_peak_of(r, set.source());
  CHECK(hbm.value().value() == decimal("3.1"));
  CHECK(hbm.record()->unit == "GB");
  CHECK_THROWS_WITH_AS((void)tp_of(set.rows()[1], set.source()),
                       "trncost: support.csv:3: model 'Qwen/Qwen3-0.6B' has no tp", input_error);
  CHECK_THROWS_WITH_AS((void)hbm_peak_of(set.rows()[1], set.source()),
                       "trncost: support.csv:3: model 'Qwen/Qwen3-0.6B' has no hbm_peak_gb",
                       input_error);
}

TEST_CASE("wall_s is not a run duration: only a compile upper bound, derived from wall_s") {
  static_assert(
      !std::is_convertible_v<wall_time_including_compilation, sourced<quantity<units::second_t>>>);
  const auto set = fixture();
  const wall_time_including_compilation w(set.rows()[0], set.source());
  CHECK(w.seconds() == decimal(412));
  CHECK(w.record()->name == "Qwen/Qwen3-0.6B.wall_s");
  const auto bound = w.compile_upper_bound("qwen_compile_time");
  CHECK(bound.value().value() == decimal(412));
  const auto* how = std::get_if<derived>(&bound.origin());
  REQUIRE(how != nullptr);
  CHECK(how->inputs.at(0) == w.record());
  CHECK(how->formula.find("upper bound of compilation") != std::string::npos);
  CHECK_THROWS_WITH_AS(wall_time_including_compilation(set.rows()[1], set.source()),
                       "trncost: support.csv:3: model 'Qwen/Qwen3-0.6B' has no wall_s",
                       input_error);
}

TEST_CASE("an evidence set needs its export file and a consulted date") {
  CHECK_THROWS_AS(evidence_set(dataset_ref{.file = "", .consulted = parse_date("2026-11-30")}),
                  input_error);
  CHECK_THROWS_WITH_AS(evidence_set(dataset_ref{.file = "x.csv"}),
                       "trncost: evidence set 'x.csv': consulted is not a calendar date",
                       input_error);
  evidence_set set(src());
  set.note("an optional column is missing");
  CHECK(set.findings().back() == "an optional column is missing");
  CHECK(set.source().dataset == model_support_dataset);
}

TEST_CASE("rows of one stack share one interned copy, a row without a stack has an empty one") {
  evidence_set set(src());
  set.add(row(2, "a", "passed", stack_2_21(), "2026-10-02T08:15:00Z"));
  set.add(row(3, "b", "passed", stack_2_21(), "2026-10-02T08:15:00Z"));
  set.add(row(4, "c", "passed", stack_2_20(), "2026-10-02T08:15:00Z"));
  CHECK(set.rows()[0].stack == set.rows()[1].stack);
  CHECK(set.rows()[0].stack != set.rows()[2].stack);
  CHECK(set.intern(stack_2_21()) == set.rows()[0].stack);
  evidence_row bare;
  CHECK(bare.tested() == software_stack{});
  // A copy of a set answers on its own (indices, not pointers into the original).
  evidence_set copy = set;
  set = evidence_set(src());
  CHECK(copy.lookup("b", stack_2_21()).outcome == evidence_outcome::passed_same_stack);
  CHECK(set.lookup("b", stack_2_21()).outcome == evidence_outcome::no_evidence);
}

}  // namespace trncost_tests::compat_evidence_test
