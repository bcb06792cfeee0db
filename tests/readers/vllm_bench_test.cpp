// Tests for the vLLM-on-Neuron benchmark reader (include/trncost/readers/vllm_bench.hpp) on the
// project's own fixture (tests/readers/data/vllm-bench/, four load levels of round figures listed
// in the README beside it) and on a result in a real run's layout (full-precision figures), on
// the edges a real file brings (column order, extra columns, quotes, CRLF, byte-order mark,
// duplicate rows) and on bad input; and for the choice of the operating point that meets a latency
// target.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <trncost/readers/vllm_bench.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_vllm_bench_test {

using namespace trncost;

namespace {

const std::string dir = std::string(TRNCOST_TESTS_DIR) + "/readers/data/vllm-bench/";
const std::string header =
    "model_id,Date,Input type,Requests per Second,Request Latency (s),Time-to-first-token "
    "(ms),Inter Token Latency (ms),Output Token Throughput (t/s)\n";

readers::vllm_bench_results read_text(const std::string& text, std::uint64_t instances = 1) {
  std::istringstream in(text);
  return readers::read_vllm_bench(in, "bench.csv", instances);
}

readers::vllm_run_config config_text(const std::string& text) {
  std::istringstream in(text);
  return readers::read_vllm_run_config(in, "run.env");
}

const measured& measured_of(const readers::vllm_operating_point& p) {
  return std::get<measured>(p.output_tokens_per_second.origin());
}

readers::latency_target target(const char* ttft_ms, const char* itl_ms) {
  readers::latency_target t;
  if (ttft_ms != nullptr) t.max_time_to_first_token = make(units::millisecond, ttft_ms);
  if (itl_ms != nullptr) t.max_inter_token_latency = make(units::millisecond, itl_ms);
  return t;
}

}  // namespace

TEST_CASE("the fixture's four load levels read as measured operating points") {
  const auto r =
      readers::read_vllm_bench(dir + "qwen3-32b-trn2-results.csv", 1, dir + "qwen3-32b-trn2.env");
  REQUIRE(r.points.size() == 4);
  CHECK(r.duplicates.empty());
  REQUIRE(r.config.has_value());
  CHECK(r.config->model_id == "Qwen/Qwen3-32B");
  CHECK(r.config->value("BATCH_SIZE") == "8");
  CHECK_FALSE(r.config->value("DATA_PARALLEL_SIZE").has_value());

  const auto& sync = r.points[0];
  CHECK(sync.origin == dir + "qwen3-32b-trn2-results.csv:2");
  CHECK(sync.model_id == "Qwen_Qwen3-32B");
  CHECK(sync.run_id == "Qwen_Qwen3-32B#2026-11-02-08-15-00");
  CHECK(sync.started == parse_timestamp("2026-11-02T08:15:00Z"));
  CHECK(sync.mode == "synchronous");
  CHECK_FALSE(sync.offered_rate.has_value());
  CHECK(sync.concurrency == std::uint64_t{1});
  CHECK(sync.output_tokens_per_second.value().value() == decimal("62.5"));
  CHECK(sync.requests_per_second.value().value() == decimal("0.25"));
  CHECK(sync.request_latency.value().value() == decimal(4));
  CHECK(sync.time_to_first_token.value().value() == decimal(180));
  CHECK(sync.inter_token_latency.value().value() == decimal("15.5"));

  const auto& async = r.points[2];
  CHECK(async.input_type == "asynchronous@3.00 req/sec");
  CHECK(async.mode == "asynchronous");
  CHECK(async.offered_rate == decimal(3));
  CHECK_FALSE(async.concurrency.has_value());
  CHECK(r.points[3].mode == "throughput");
  CHECK_FALSE(r.points[3].offered_rate.has_value());

  const auto& m = measured_of(async);
  CHECK(m.run_id == "Qwen_Qwen3-32B#2026-11-02-08-15-00");
  CHECK(m.from == parse_timestamp("2026-11-02T08:15:00Z"));
  CHECK(m.to == m.from);
  CHECK(m.method == "vLLM benchmark " + dir +
                        "qwen3-32b-trn2-results.csv:4, column 'Output Token Throughput (t/s)', "
                        "Input type 'asynchronous@3.00 req/sec': output tokens over the level's "
                        "duration, served from 1 instance; Date 2026-11-02-08-15-00 read as UTC; "
                        "run configuration " +
                        dir +
                        "qwen3-32b-trn2.env: MODEL_ID=Qwen/Qwen3-32B, BATCH_SIZE=8, "
                        "SEQUENCE_LENGTH=4096, TENSOR_PARALLEL_SIZE=4");
  const auto& ttft = std::get<measured>(async.time_to_first_token.origin());
  CHECK(ttft.method.find("column 'Time-to-first-token (ms)'") != std::string::npos);
  CHECK(ttft.method.find("mean over the level's requests") != std::string::npos);
  // The latency is in milliseconds and converts exactly: 420 ms = 0.42 s.
  CHECK(convert<units::second_t>(async.time_to_first_token.value()).value() == decimal("0.42"));
}

TEST_CASE("figures are divided by the instances the server ran on") {
  // 718.75 / 2 = 359.375 token/s per instance; 2.875 / 2 = 1.4375 request/s; latencies unchanged.
  std::istringstream in(
      header + "m,2026-11-02-08-15-00,asynchronous@3.00 req/sec,2.875,9.5,420,36.5,718.75\n");
  const auto r = readers::read_vllm_bench(in, "bench.csv", 2);
  CHECK(r.instances == 2);
  CHECK(r.points[0].output_tokens_per_second.value().value() == decimal("359.375"));
  CHECK(r.points[0].requests_per_second.value().value() == decimal("1.4375"));
  CHECK(r.points[0].time_to_first_token.value().value() == decimal(420));
  CHECK(measured_of(r.points[0]).method.find("divided by the 2 instances served from") !=
        std::string::npos);
  CHECK_THROWS_WITH_AS(read_text(header, 0),
                       "trncost: vLLM benchmark bench.csv: instances is 0; say how many instances "
                       "the benchmarked server ran on",
                       input_error);
}

TEST_CASE("column order extra columns quotes CRLF and a byte-order mark are read alike") {
  const std::string text =
      "\xEF\xBB\xBF"
      "Output Token Throughput (t/s),Input type,\"Date\",extra,model_id,Inter Token Latency "
      "(ms),Time-to-first-token (ms),Request Latency (s),Requests per Second\r\n"
      "\"537.5\",\"asynchronous@2.46 req/sec\",2025-10-16-12-32-02,\"a, b\",m_x,47.5,211.25,"
      "11.5,2.25\r\n";
  const auto r = read_text(text);
  REQUIRE(r.points.size() == 1);
  CHECK(r.points[0].output_tokens_per_second.value().value() == decimal("537.5"));
  CHECK(r.points[0].offered_rate == decimal("2.46"));
  CHECK(r.points[0].inter_token_latency.value().value() == decimal("47.5"));
  CHECK(r.points[0].requests_per_second.value().value() == decimal("2.25"));
  CHECK(r.points[0].origin == "bench.csv:2");
}

TEST_CASE("numbers Python writes in exponent form read exactly") {
  const auto r =
      read_text(header + "m,2026-11-02-08-15-00,synchronous,9.5e-05,4,180,15.5,1.25E2\n");
  CHECK(r.points[0].requests_per_second.value().value() == decimal("0.000095"));
  CHECK(r.points[0].output_tokens_per_second.value().value() == decimal(125));
}

TEST_CASE("a row repeated exactly is read once and listed") {
  const std::string row = "m,2026-11-02-08-15-00,synchronous,0.25,4,180,15.5,62.5\n";
  const auto r =
      read_text(header + row + "m,2026-11-02-08-15-00,throughput,3,14,2150,41,800\n" + row);
  CHECK(r.points.size() == 2);
  REQUIRE(r.duplicates.size() == 1);
  CHECK(r.duplicates[0] == "bench.csv:4 repeats bench.csv:2");
  CHECK_THROWS_WITH_AS(
      read_text(header + row + "m,2026-11-02-08-15-00,synchronous,0.25,4,180,15.5,63\n"),
      "trncost: bench.csv:3: gives other figures than bench.csv:2 for the same model_id, Date and "
      "Input type ('synchronous'); which one was measured is unknown",
      parse_error);
}

TEST_CASE("bad result files are refused with the line and the column") {
  CHECK_THROWS_WITH_AS(read_text(""), "trncost: bench.csv: the result file is empty (no header)",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_text(header + "\n"),
                       "trncost: bench.csv: the result file has a header but no result row",
                       parse_error);
  CHECK_THROWS_WITH_AS(
      read_text("model_id,Date,Input type,Requests per Second,Request Latency (s),"
                "Time-to-first-token (ms),Output Token Throughput (t/s)\n"),
      "trncost: bench.csv:1: column 'Inter Token Latency (ms)': is required but missing from the "
      "header",
      parse_error);
  CHECK_THROWS_WITH_AS(
      read_text(header + "m,2026-11-02-08-15-00,synchronous,0.25,4,abc,15.5,62.5\n"),
      "trncost: bench.csv:2: column 'Time-to-first-token (ms)': \"abc\" is not a "
      "number",
      parse_error);
  CHECK_THROWS_WITH_AS(
      read_text(header + "m,2026-11-02-08-15-00,synchronous,0.25,4,180,-1.5,62.5\n"),
      "trncost: bench.csv:2: column 'Inter Token Latency (ms)': is -1.5; a "
      "measured rate or latency cannot be negative",
      parse_error);
  CHECK_THROWS_WITH_AS(read_text(header + "m,2026-11-02-08-15-00,synchronous,0.25,4,180,15.5,\n"),
                       "trncost: bench.csv:2: column 'Output Token Throughput (t/s)': is empty; "
                       "every result row gives it",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_text(header + "m,2026-11-02,synchronous,0.25,4,180,15.5,62.5\n"),
                       "trncost: bench.csv:2: column 'Date': \"2026-11-02\" is not a benchmark "
                       "date (YYYY-MM-DD-HH-MM-SS)",
                       parse_error);
  CHECK_THROWS_WITH_AS(
      read_text(header + "m,2026-02-30-08-15-00,synchronous,0.25,4,180,15.5,62.5\n"),
      "trncost: bench.csv:2: column 'Date': \"2026-02-30-08-15-00\" is not a "
      "benchmark date (YYYY-MM-DD-HH-MM-SS): no such day or time",
      parse_error);
  CHECK_THROWS_WITH_AS(
      read_text(header + "m,2026-11-02-08-15-00,asynchronous@fast req/sec,1,4,180,15.5,62.5\n"),
      "trncost: bench.csv:2: column 'Input type': \"asynchronous@fast req/sec\" is not a load "
      "level (the rate is not a positive number; expected a mode such as synchronous or "
      "throughput, or a mode at a rate such as asynchronous@2.46 req/sec)",
      parse_error);
  CHECK_THROWS_WITH_AS(
      read_text(header + "m,2026-11-02-08-15-00,asynchronous@2.46,1,4,180,15.5,62.5\n"),
      doctest::Contains("the rate does not end in \" req/sec\""), parse_error);
  CHECK_THROWS_WITH_AS(read_text(header + "m,2026-11-02-08-15-00,synchronous,0.25,4,180\n"),
                       "trncost: bench.csv:2: the record has 6 fields, the header has 8",
                       parse_error);
  CHECK_THROWS_WITH_AS(
      read_text(header + ",2026-11-02-08-15-00,synchronous,0.25,4,180,15.5,62.5\n"),
      "trncost: bench.csv:2: column 'model_id': is empty; every result row names "
      "its model",
      parse_error);
}

TEST_CASE("a run configuration reads with quotes comments and export") {
  const auto c = config_text(
      "\xEF\xBB\xBF# comment\r\nexport MODEL_ID=\"org/m\"\r\n\r\n  BATCH_SIZE=32  \r\nX=''\r\n");
  CHECK(c.model_id == "org/m");
  CHECK(c.value("BATCH_SIZE") == "32");
  CHECK(c.value("X") == "");
  CHECK(c.summary() == "MODEL_ID=org/m, BATCH_SIZE=32, X=");
  CHECK_THROWS_WITH_AS(config_text("MODEL_ID=a\nMODEL_ID=b\n"),
                       "trncost: run.env:2: MODEL_ID: is set twice (first on line 1); which value "
                       "the server used is unknown",
                       parse_error);
  CHECK_THROWS_WITH_AS(config_text("MODEL_ID=a\nBATCH_SIZE\n"),
                       "trncost: run.env:2: expected KEY=VALUE (a run configuration line)",
                       parse_error);
  CHECK_THROWS_WITH_AS(config_text("MODEL_ID='a\n"),
                       "trncost: run.env:1: MODEL_ID: the quote that opens the value is not closed "
                       "on its line",
                       parse_error);
  CHECK_THROWS_WITH_AS(config_text("BATCH_SIZE=8\n"),
                       "trncost: run.env: MODEL_ID: is missing; the run configuration names the "
                       "model served",
                       parse_error);
  CHECK_THROWS_WITH_AS(config_text(""), "trncost: run.env: the run configuration is empty",
                       parse_error);
  CHECK_THROWS_WITH_AS(config_text("1X=2\n"),
                       doctest::Contains("run.env:1: \"1X\" is not a variable name"), parse_error);
}

TEST_CASE("a configuration of another model is refused at the row") {
  std::istringstream in(header +
                        "Qwen_Qwen3-32B,2026-11-02-08-15-00,synchronous,0.25,4,180,15.5,"
                        "62.5\nother_m,2026-11-02-08-15-00,throughput,3,14,2150,41,800\n");
  CHECK_THROWS_WITH_AS(
      readers::read_vllm_bench(in, "bench.csv", 1, config_text("MODEL_ID=Qwen/Qwen3-32B\n")),
      "trncost: bench.csv:3: column 'model_id': 'other_m' is not the model of the run "
      "configuration run.env (MODEL_ID Qwen/Qwen3-32B, written 'Qwen_Qwen3-32B' in results); the "
      "configuration is not this run's",
      parse_error);
}

TEST_CASE("the operating point is the highest throughput meeting the latency target") {
  const auto r = readers::read_vllm_bench(dir + "qwen3-32b-trn2-results.csv", 1);
  const std::string csv = dir + "qwen3-32b-trn2-results.csv";
  // TTFT <= 500 ms and ITL <= 40 ms: the three first levels meet it (ITL 15.5, 24, 36.5; TTFT 180,
  // 240, 420); throughput is out (TTFT 2150, ITL 41). The highest of 62.5, 375, 718.75 is line 4.
  const auto p = readers::select_operating_point(r, target("500", "40"));
  CHECK(p.origin == csv + ":4");
  CHECK(p.output_tokens_per_second.value().value() == decimal("718.75"));
  CHECK(p.requests_per_second.value().value() == decimal("2.875"));
  const std::string reason =
      "chosen as the highest output throughput per instance meeting mean TTFT <= 500 ms and mean "
      "ITL <= 40 ms: " +
      csv +
      ":4 'asynchronous@3.00 req/sec' at 718.75 token/s, among 3 of 4 points meeting it; "
      "left out: " +
      csv + ":5 'throughput': mean TTFT 2150 ms > 500 ms, mean ITL 41 ms > 40 ms";
  const std::string& method = measured_of(p).method;
  REQUIRE(method.size() > reason.size());
  CHECK(method.substr(method.size() - reason.size()) == reason);
  CHECK(std::get<measured>(p.time_to_first_token.origin()).method.find(reason) !=
        std::string::npos);
  // The points read stay as read.
  CHECK(measured_of(r.points[2]).method.find("chosen") == std::string::npos);

  // ITL <= 30 ms leaves 62.5 and 375: line 3. A bound exactly met is met (ITL 24 <= 24).
  CHECK(readers::select_operating_point(r, target(nullptr, "24")).origin == csv + ":3");
  // Request latency alone: <= 10 s leaves lines 2-4.
  readers::latency_target by_request;
  by_request.max_request_latency = make(units::second, "10");
  CHECK(readers::select_operating_point(r, by_request).origin == csv + ":4");
}

TEST_CASE("no operating point meeting the target is an error listing each breach") {
  const auto r = readers::read_vllm_bench(dir + "qwen3-32b-trn2-results.csv", 1);
  const std::string csv = dir + "qwen3-32b-trn2-results.csv";
  CHECK_THROWS_WITH_AS(
      readers::select_operating_point(r, target("150", nullptr)),
      ("trncost: vLLM benchmark " + csv + ": no operating point meets mean TTFT <= 150 ms (" + csv +
       ":2 'synchronous': mean TTFT 180 ms > 150 ms; " + csv +
       ":3 'asynchronous@1.50 req/sec': mean TTFT 240 ms > 150 ms; " + csv +
       ":4 'asynchronous@3.00 req/sec': mean TTFT 420 ms > 150 ms; " + csv +
       ":5 'throughput': mean TTFT 2150 ms > 150 ms)")
          .c_str(),
      input_error);
  CHECK_THROWS_WITH_AS(readers::select_operating_point(r, readers::latency_target{}),
                       doctest::Contains("the latency target sets no bound"), input_error);
  auto median = target("500", nullptr);
  median.statistic = readers::latency_statistic::median;
  CHECK_THROWS_WITH_AS(readers::select_operating_point(r, median),
                       doctest::Contains("the target bounds the median latency, but the results "
                                         "give means"),
                       input_error);
}

TEST_CASE("results of several models need the model named") {
  const auto r = read_text(header + "a,2026-11-02-08-15-00,synchronous,0.25,4,180,15.5,62.5\n" +
                           "b,2026-11-03-08-15-00,synchronous,0.5,4,180,15.5,125\n");
  CHECK_THROWS_WITH_AS(readers::select_operating_point(r, target("500", nullptr)),
                       "trncost: vLLM benchmark bench.csv: the results hold several models ('a', "
                       "'b'); name the one to serve",
                       input_error);
  CHECK(readers::select_operating_point(r, target("500", nullptr), "a")
            .output_tokens_per_second.value()
            .value() == decimal("62.5"));
  CHECK_THROWS_WITH_AS(readers::select_operating_point(r, target("500", nullptr), "c"),
                       "trncost: vLLM benchmark bench.csv: no result for model 'c' (the file has "
                       "'a', 'b')",
                       input_error);
}

TEST_CASE("a result in a real run's layout (full-precision figures, unquoted MODEL_ID) reads") {
  // tests/readers/data/vllm-bench/single-instance__mistral-7b-trn2__* (README.md beside them):
  // three load levels, every figure the shortest text of a double, invented.
  const std::string base = dir + "single-instance__mistral-7b-trn2__";
  const auto r = readers::read_vllm_bench(base + "vllm-results.csv", 1, base + ".env");
  REQUIRE(r.config.has_value());
  CHECK(r.config->model_id == "mistralai/Mistral-7B-Instruct-v0.3");
  CHECK(r.config->value("TENSOR_PARALLEL_SIZE") == "2");
  REQUIRE(r.points.size() == 3);
  CHECK(r.points[0].input_type == "synchronous");
  CHECK(r.points[1].input_type == "asynchronous@2.17 req/sec");
  CHECK(r.points[1].offered_rate == decimal("2.17"));
  // Read digit for digit, never through a double.
  CHECK(r.points[1].output_tokens_per_second.value().value() == decimal("515.7363057693343"));
  CHECK(r.points[2].output_tokens_per_second.value().value() == decimal("624.9233885133631"));
  CHECK(r.points[0].started == parse_timestamp("2026-03-09T14:05:27Z"));
  // TTFT <= 500 ms and ITL <= 50 ms: the throughput level's TTFT (1407.3 ms) is out; of the
  // synchronous (50.6 token/s) and asynchronous (515.7 token/s) levels, the asynchronous one.
  CHECK(readers::select_operating_point(r, target("500", "50")).input_type ==
        "asynchronous@2.17 req/sec");
}

}  // namespace trncost_tests::io_vllm_bench_test
