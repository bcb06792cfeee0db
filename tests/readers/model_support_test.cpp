// Tests for the model-support dataset reader: the CSV and JSON Lines fixtures (passed, failed with
// an error, excluded, several stacks for one model, an unknown result), an older file with fewer
// columns, and each kind of bad input with the line and column it names.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/readers/model_support.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_model_support_test {

using namespace trncost;
using namespace trncost::compat;

namespace {

const std::string data_dir = std::string(TRNCOST_TESTS_DIR) + "/readers/data/";
const date consulted = parse_date("2026-11-30");

dataset_ref ref(const char* file) { return dataset_ref{.file = file, .consulted = consulted}; }

/// The fixture `file` of tests/readers/data, read by `read` (the CSV or the JSON Lines reader)
/// under the name `name`.
evidence_set read_fixture(const char* file, evidence_set (*read)(std::istream&, dataset_ref),
                          const char* name) {
  std::ifstream in(data_dir + file, std::ios::binary);
  REQUIRE(in);
  return read(in, ref(name));
}

evidence_set read_csv_text(const std::string& text) {
  std::istringstream in(text);
  return readers::read_model_support_csv(in, ref("bad.csv"));
}
evidence_set read_jsonl_text(const std::string& text) {
  std::istringstream in(text);
  return readers::read_model_support_jsonl(in, ref("bad.jsonl"));
}

const std::string header =
    "model_id,library,tp,runner,result,notes,error,exclusion,wall_s,hbm_peak_gb,hbm_capacity_gb,"
    "cpu_match,english,neuronx_cc,library_version,transformers,accelerate,torch_neuronx,torch,nki,"
    "python,neuron_driver,tested_at,run_py\n";
/// A valid row with one cell replaced: `tp`, `wall_s` and `tested_at` are parameters.
std::string csv_row(const char* tp, const char* wall_s, const char* tested_at,
                    const char* result = "passed") {
  return std::string("m/x,transformers,") + tp + ",trn2.48xlarge," + result + ",,,," + wall_s +
         ",3.1,24.0,True,,2.21.33363.0,4.57.1,4.57.1,1.10.1,2.8.0.2.10.13553,2.8.0,0.1.0,3.11.13,"
         "2.24.7.0," +
         tested_at + ",\n";
}

/// The checks both fixtures (the same rows, two formats) must pass.
void check_fixture(const evidence_set& set, const char* file) {
  REQUIRE(set.size() == 7);
  const auto& q = set.rows()[0];
  CHECK(q.model_id == "Qwen/Qwen3-0.6B");
  CHECK(q.kind == test_result::passed);
  CHECK(q.tp == 1);
  CHECK(q.wall_s == 412);
  CHECK(q.hbm_peak_gb == decimal("3.1"));
  CHECK(q.hbm_capacity_gb == decimal(24));
  CHECK(q.cpu_match == "True");
  CHECK(q.stack->neuronx_cc == "2.21.33363.0");
  CHECK(q.stack->torch_neuronx == "2.8.0.2.10.13553");
  CHECK(q.stack->neuron_driver == "2.24.7.0");
  // 2026-10-02 08:15:00.123 UTC: the fraction is dropped, the text kept.
  CHECK(q.tested_at == parse_timestamp("2026-10-02T08:15:00Z"));
  CHECK(q.run_py.find("run/Qwen__Qwen3-0.6B/run.py") != std::string::npos);

  const auto& failed = set.rows()[1];
  CHECK(failed.kind == test_result::failed);
  CHECK(failed.error ==
        "RuntimeError: neuronx-cc failed with exit code 70\n  (see log-neuron-cc.txt, \"penguin\" "
        "pass)");
  CHECK_FALSE(failed.hbm_peak_gb);

  const auto& excluded = set.rows()[5];
  CHECK(excluded.kind == test_result::excluded);
  CHECK(excluded.exclusion == "weights (671B parameters) do not fit on 4 Trainium2 devices");
  CHECK_FALSE(excluded.tp);
  CHECK_FALSE(excluded.wall_s);

  const auto& unknown = set.rows()[6];
  CHECK(unknown.kind == test_result::other);
  CHECK(unknown.result == "timeout");
  REQUIRE(set.findings().size() == 1);
  CHECK(set.findings()[0] == std::string(file) + ":" + std::to_string(unknown.line) +
                                 ": column 'result': 'timeout' is not a result trncost recognises "
                                 "(passed, pass, failed, fail, excluded); kept verbatim and not "
                                 "counted as either");

  const software_stack target{.neuronx_cc = "2.21.33363.0",
                              .torch_neuronx = "2.8.0.2.10.13553",
                              .library = "transformers",
                              .library_version = "4.57.1"};
  CHECK(set.lookup("Qwen/Qwen3-0.6B", target).outcome == evidence_outcome::passed_same_stack);
  CHECK(set.lookup("google/gemma-3-4b-it", target).outcome == evidence_outcome::failed_same_stack);
  CHECK(set.lookup("deepseek-ai/DeepSeek-V3", target).outcome == evidence_outcome::excluded);
  CHECK(set.lookup("tiiuae/falcon-7b", target).outcome == evidence_outcome::no_evidence);
  CHECK(set.lookup("mistralai/Mistral-7B-v0.3", target).outcome == evidence_outcome::no_evidence);
  // Several stacks for one model: each is its own row and its own evidence.
  const software_stack old{.neuronx_cc = "2.20.16736.0"};
  CHECK(set.lookup("Qwen/Qwen3-0.6B", old).outcome == evidence_outcome::failed_same_stack);
  const auto llama = set.lookup("meta-llama/Llama-3.1-8B", old);
  CHECK(llama.outcome == evidence_outcome::passed_same_stack);
  CHECK(llama.rows.size() == 2);
  CHECK(llama.deciding->row.wall_s == 1402);
}

}  // namespace

TEST_CASE("the CSV fixture reads into rows with the dataset's columns") {
  const auto set =
      read_fixture("model_support.csv", readers::read_model_support_csv, "model_support.csv");
  check_fixture(set, "model_support.csv");
  // The failed row's error spans two lines: the next record starts on line 5.
  CHECK(set.rows()[1].line == 3);
  CHECK(set.rows()[2].line == 5);
}

TEST_CASE("the JSON Lines fixture reads into the same rows") {
  const auto set =
      read_fixture("model_support.jsonl", readers::read_model_support_jsonl, "model_support.jsonl");
  check_fixture(set, "model_support.jsonl");
  CHECK(set.rows()[1].line == 2);
  CHECK(set.rows()[0].tested_at_text == "2026-10-02T08:15:00.123Z");
}

TEST_CASE("a file is read by its extension, and its path names it in findings") {
  const auto set = readers::read_model_support_file(data_dir + "model_support.jsonl", consulted);
  CHECK(set.size() == 7);
  CHECK(set.source().file == data_dir + "model_support.jsonl");
  CHECK(set.source().dataset == "aws-neuron/torch-neuronx-model-support");
  CHECK(readers::read_model_support_file(data_dir + "model_support.csv", consulted).size() == 7);
  CHECK_THROWS_WITH_AS(
      (void)readers::read_model_support_file(data_dir + "nope.csv", consulted),
      ("trncost: " + data_dir + "nope.csv: cannot be opened (no such file)").c_str(), parse_error);
  const std::string not_an_export =
      std::string(TRNCOST_TESTS_DIR) + "/readers/model_support_test.cpp";
  CHECK_THROWS_WITH_AS(
      (void)readers::read_model_support_file(not_an_export, consulted),
      ("trncost: " + not_an_export + ": unknown extension (expected .csv, .jsonl or .json)")
          .c_str(),
      parse_error);
}

TEST_CASE("an older export with fewer columns in another order is read, the gaps are a finding") {
  const auto set =
      read_fixture("model_support_older.csv", readers::read_model_support_csv, "older.csv");
  REQUIRE(set.size() == 2);
  CHECK(set.rows()[0].stack->transformers == "4.55.4");
  CHECK(set.rows()[0].exclusion.empty());
  CHECK(set.rows()[0].stack->nki.empty());
  REQUIRE(set.findings().size() == 2);
  CHECK(set.findings()[0] ==
        "older.csv:1: optional columns absent (files differ): 'exclusion', "
        "'accelerate', 'nki'; their values are empty, never zero");
  // Two rows for one model, stack and tp with different results: reported, not resolved.
  CHECK(set.findings()[1] ==
        "older.csv: lines 2 and 3: model 'Qwen/Qwen2.5-1.5B-Instruct' on one "
        "stack and tp: column 'result' conflicts ('passed' and 'failed'); "
        "both kept, not resolved");
}

TEST_CASE("columns the reader does not know are ignored and named in a finding") {
  const auto set =
      read_csv_text(",model_id,result,tp,neuronx_cc,tested_at\n0,m/x,passed,1,2.21,2026-10-02\n");
  REQUIRE(set.size() == 1);
  CHECK(set.rows()[0].tested_at == parse_timestamp("2026-10-02T00:00:00Z"));
  CHECK(set.findings().back() == "bad.csv:1: columns trncost does not read, ignored: ''");
}

TEST_CASE("a missing required column is an error naming the header's line and the column") {
  CHECK_THROWS_WITH_AS(
      read_csv_text("model_id,result,neuronx_cc,tested_at\nm,passed,2.21,2026-10-02\n"),
      "trncost: bad.csv:1: column 'tp': is required but missing from the header", parse_error);
  CHECK_THROWS_WITH_AS(
      read_jsonl_text(
          "{\"model_id\":\"m\",\"tp\":1,\"neuronx_cc\":\"2.21\",\"tested_at\":\"2026-10-02\"}\n"),
      "trncost: bad.jsonl:1: column 'result': is required but missing from the record",
      parse_error);
}

TEST_CASE("an unparseable tp is an error naming the line and the column") {
  CHECK_THROWS_WITH_AS(read_csv_text(header + csv_row("1", "10", "2026-10-02T00:00:00Z") +
                                     csv_row("four", "10", "2026-10-02T00:00:00Z")),
                       "trncost: bad.csv:3: column 'tp': 'four' is not a whole number of "
                       "NeuronCores (1 or more)",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + csv_row("2.5", "10", "2026-10-02T00:00:00Z")),
                       "trncost: bad.csv:2: column 'tp': '2.5' is not a whole number of "
                       "NeuronCores (1 or more)",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + csv_row("0", "10", "2026-10-02T00:00:00Z")),
                       "trncost: bad.csv:2: column 'tp': '0' is not a whole number of "
                       "NeuronCores (1 or more)",
                       parse_error);
  // pandas writes an integer column with gaps as floats: 4.0 is 4.
  CHECK(read_csv_text(header + csv_row("4.0", "10.0", "2026-10-02T00:00:00Z")).rows()[0].tp == 4);
  CHECK_THROWS_WITH_AS(
      read_jsonl_text(
          "{\"model_id\":\"m\",\"result\":\"passed\",\"tp\":[1],\"neuronx_cc\":\"2.21\","
          "\"tested_at\":\"2026-10-02\"}\n"),
      "trncost: bad.jsonl:1: column 'tp': is an array, expected a string, a number or null",
      parse_error);
}

TEST_CASE("an unparseable wall_s or hbm value is an error naming the line and the column") {
  CHECK_THROWS_WITH_AS(read_csv_text(header + csv_row("1", "412s", "2026-10-02T00:00:00Z")),
                       "trncost: bad.csv:2: column 'wall_s': '412s' is not a whole number of "
                       "seconds",
                       parse_error);
  CHECK_THROWS_WITH_AS(
      read_jsonl_text(
          "{\"model_id\":\"m\",\"result\":\"passed\",\"tp\":1,\"neuronx_cc\":\"2.21\","
          "\"tested_at\":\"2026-10-02\"}\n{\"model_id\":\"m\",\"result\":\"passed\","
          "\"tp\":1,\"wall_s\":-3,\"neuronx_cc\":\"2.21\",\"tested_at\":\"2026-10-02\"}\n"),
      "trncost: bad.jsonl:2: column 'wall_s': '-3' is not a whole number of seconds", parse_error);
  CHECK_THROWS_WITH_AS(
      read_jsonl_text("{\"model_id\":\"m\",\"result\":\"passed\",\"tp\":1,\"hbm_peak_gb\":\"n/a\","
                      "\"neuronx_cc\":\"2.21\",\"tested_at\":\"2026-10-02\"}\n"),
      "trncost: bad.jsonl:1: column 'hbm_peak_gb': 'n/a' is not a non-negative decimal number of "
      "GB",
      parse_error);
}

TEST_CASE("a malformed timestamp is an error naming the line and the column") {
  for (const char* bad : {"02/10/2026", "2026-10-32", "2026-10-02T25:00:00Z",
                          "2026-10-02T08:15Zulu", "2026-10-02 08:15:00+0", ""}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(read_csv_text(header + csv_row("1", "10", bad)), parse_error);
  }
  CHECK_THROWS_WITH_AS(read_csv_text(header + csv_row("1", "10", "02/10/2026")),
                       "trncost: bad.csv:2: column 'tested_at': '02/10/2026' is not a UTC "
                       "timestamp (YYYY-MM-DD[ HH:MM[:SS[.fff]]][Z|+HH[:MM]])",
                       parse_error);
  CHECK_THROWS_WITH_AS(
      read_jsonl_text("{\"model_id\":\"m\",\"result\":\"passed\",\"tp\":1,\"neuronx_cc\":\"2.21\","
                      "\"tested_at\":1759392900000}\n"),
      "trncost: bad.jsonl:1: column 'tested_at': is a number (epoch milliseconds?); export with "
      "date_format=\"iso\"",
      parse_error);
}

TEST_CASE("timestamps as pandas and DuckDB write them, with offsets applied") {
  const auto at = [](const char* text) {
    return read_csv_text(header + csv_row("1", "10", text)).rows()[0].tested_at;
  };
  const auto expected = parse_timestamp("2026-10-02T08:15:00Z");
  CHECK(at("2026-10-02T08:15:00Z") == expected);
  CHECK(at("2026-10-02 08:15:00.123000+00:00") == expected);
  CHECK(at("2026-10-02 08:15:00.123+00") == expected);
  CHECK(at("2026-10-02T08:15:00.000Z") == expected);
  CHECK(at("2026-10-02 08:15:00") == expected);
  CHECK(at("2026-10-02 10:15:00+02:00") == expected);
  CHECK(at("2026-10-02 03:15:00-0500") == expected);
  CHECK(at("2026-10-02 08:15") == parse_timestamp("2026-10-02T08:15:00Z"));
}

TEST_CASE("other bad records: empty model_id, wrong width, broken JSON, empty input") {
  CHECK_THROWS_WITH_AS(
      read_csv_text(header + std::string(",") + csv_row("1", "10", "2026-10-02").substr(4)),
      "trncost: bad.csv:2: column 'model_id': is empty", parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + "m,transformers,1\n"),
                       "trncost: bad.csv:2: the record has 3 fields, the header has 24",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_jsonl_text("{\"model_id\":\"m\",\n"),
                       doctest::Contains("trncost: bad.jsonl:1: invalid JSON at byte"),
                       parse_error);
  CHECK_THROWS_WITH_AS(read_jsonl_text("[1,2]\n"),
                       "trncost: bad.jsonl:1: a record must be a JSON object", parse_error);
  CHECK_THROWS_WITH_AS(read_jsonl_text("\n\n"), "trncost: bad.jsonl: the export holds no record",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(""), "trncost: bad.csv: the export is empty (no header)",
                       parse_error);
}

TEST_CASE("an empty result with an exclusion reason is an exclusion, blank lines are skipped") {
  const auto set = read_csv_text(
      "model_id,result,exclusion,tp,neuronx_cc,tested_at\r\n\r\nm/big,,too large for 16 cores,,"
      "2.21,2026-10-01\r\n");
  REQUIRE(set.size() == 1);
  CHECK(set.rows()[0].kind == test_result::excluded);
  CHECK(set.rows()[0].result.empty());
  CHECK(set.rows()[0].line == 3);
}

TEST_CASE("the column lists are the dataset's") {
  CHECK(readers::model_support_columns.size() == 24);
  CHECK(readers::model_support_columns.front() == "model_id");
  CHECK(readers::model_support_columns.back() == "run_py");
  CHECK(readers::model_support_required_columns.size() == 5);
}

}  // namespace trncost_tests::io_model_support_test
