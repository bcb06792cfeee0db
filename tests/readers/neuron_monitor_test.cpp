// Tests for the neuron-monitor reader (include/trncost/readers/neuron_monitor.hpp) on a capture of
// 24 reports on a trn1.32xlarge's 32 NeuronCores (tests/readers/data/neuron-monitor/, written by
// make_capture.py beside it, which gives the formulas the expected values below come from), on a
// three-report trn1.2xlarge capture in the older layout without flops (make_older_schema.py), and
// on bad input.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <trncost/readers/neuron_monitor.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_neuron_monitor_test {

using namespace trncost;

namespace {

const std::string capture =
    std::string(TRNCOST_TESTS_DIR) + "/readers/data/neuron-monitor/trn1.32xlarge-24-reports.jsonl";

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

readers::neuron_monitor_summary read_text(const std::string& text) {
  std::istringstream in(text);
  return readers::read_neuron_monitor(in, "nm.jsonl");
}

// A one-runtime report with the given cores' JSON and extra runtime members.
std::string report(const std::string& cores, const std::string& runtime_error = "") {
  return "{\"neuron_runtime_data\":[{\"pid\":1,\"error\":\"" + runtime_error +
         "\",\"report\":{\"neuroncore_counters\":{\"period\":1.0,\"neuroncores_in_use\":{" + cores +
         "},\"error\":\"\"}}}],\"instance_info\":{\"instance_type\":\"trn1.2xlarge\"}}\n";
}

}  // namespace

TEST_CASE("a 24-report capture on 32 cores averages to the hand-computed means") {
  const auto s = readers::read_neuron_monitor(capture);
  CHECK(s.instance_type == "trn1.32xlarge");
  CHECK(s.reports == 24);
  // Reports 6 and 15 (lines 7 and 16) carry an error: counted, listed, not averaged.
  CHECK(s.reports_used == 22);
  CHECK(s.reports_with_error == 2);
  REQUIRE(s.errors.size() == 2);
  CHECK(s.errors[0].line == 7);
  CHECK(s.errors[0].message == "failed to read runtime counters: connection reset by peer");
  CHECK(s.errors[1].line == 16);
  REQUIRE(s.cores.size() == 32);
  // utilization(c, k) = 70 + 0.5 c + (k mod 2). The used reports are 11 even and 11 odd (6 is even,
  // 15 odd), so the mean of (k mod 2) is 0.5: core 0 = 70.5, core 31 = 70 + 15.5 + 0.5 = 86, and
  // over all cores 70 + 0.5 x mean(0..31) = 70 + 0.5 x 15.5 = 77.75, + 0.5 = 78.25.
  CHECK(s.cores[0].utilization_percent == decimal("70.5"));
  CHECK(s.cores[31].utilization_percent == decimal(86));
  CHECK(s.cores[31].reports == 22);
  CHECK(s.utilization_percent == decimal("78.25"));
  // flops(c, k) = (50 + c) x 10^12 x period(k): sum of flops / sum of periods = (50 + c) x 10^12
  // FLOP/s per core; over 32 cores 32 x 50 x 10^12 + (0 + ... + 31 = 496) x 10^12 = 2.096 x 10^15.
  CHECK(s.cores[0].flops_per_second == decimal(50000000000000LL));
  CHECK(s.flops_per_second == decimal(2096000000000000LL));
  // Periods 0.9995, 1, 1.0005 for k mod 3 = 0, 1, 2; reports 6 and 15 (both k mod 3 = 0) left out:
  // 6 x 0.9995 + 8 x 1 + 8 x 1.0005 = 22.001; / 22 = 1.000045454545454545 (18 digits).
  CHECK(s.mean_period_s == decimal("1.000045454545454545"));
  CHECK(s.method ==
        "mean of 704 (report, core) readings pooled with equal weight over 22 reports, period 1 "
        "s, cores 0-31; 2 reports with an error left out");
}

TEST_CASE("the capture's averages become measured inputs and a run record's sample") {
  const auto s = readers::read_neuron_monitor(capture);
  const auto u = s.utilization("ft-8b-trn1-r1", parse_timestamp("2026-11-20T09:27:00Z"),
                               parse_timestamp("2026-11-20T10:27:00Z"));
  CHECK(u.value().value() == decimal("78.25"));
  const auto& m = std::get<measured>(u.origin());
  CHECK(m.run_id == "ft-8b-trn1-r1");
  // 22 used reports x 32 cores = 704 pooled readings.
  CHECK(m.method ==
        "neuron-monitor: mean of 704 (report, core) readings pooled with equal weight "
        "over 22 reports, period 1 s, cores 0-31; 2 reports with an error left out (" +
            capture + ")");
  const auto f = s.flops("ft-8b-trn1-r1", parse_timestamp("2026-11-20T09:27:00Z"),
                         parse_timestamp("2026-11-20T10:27:00Z"));
  REQUIRE(f.has_value());
  CHECK(f->value().value() == decimal(2096000000000000LL));
  const auto sample = s.sample();
  CHECK(sample.instrument == "neuron-monitor");
  CHECK(sample.percent == decimal("78.25"));
  CHECK(sample.period.value() == decimal("1.000045454545454545"));
  CHECK(sample.method == s.method);
}

TEST_CASE("a capture in the older layout (no flops, idle core written 0) reads") {
  // Written by make_older_schema.py (tests/readers/data/neuron-monitor/): 3 reports of a
  // trn1.2xlarge, 2 cores, no flops counter, and sections the reader skips (memory per loaded
  // model, runtime vCPU usage, ECC counters).
  const auto s = readers::read_neuron_monitor(std::string(TRNCOST_TESTS_DIR) +
                                              "/readers/data/neuron-monitor/"
                                              "trn1.2xlarge-3-reports-no-flops.jsonl");
  CHECK(s.reports == 3);
  CHECK(s.reports_used == 3);
  CHECK(s.instance_type == "trn1.2xlarge");
  REQUIRE(s.cores.size() == 2);
  CHECK_FALSE(s.flops_per_second.has_value());
  CHECK_FALSE(s.cores[0].flops_per_second.has_value());
  // Core 0: (2.4617351865768433 + 2.380371093750001 + 2.5571441650390625) / 3
  //       = 7.3992504453659068 / 3 = 2.46641681512196893333...: 2.466416815121968933 at 18 digits.
  CHECK(s.cores[0].utilization_percent == decimal("2.466416815121968933"));
  // Core 1: (0 + 1.9073486328125e-05 + 0) / 3 = 0.0000063578287760416666...: the exponent read
  // exactly, 0.000006357828776042 at 18 digits.
  CHECK(s.cores[1].utilization_percent == decimal("0.000006357828776042"));
  // All 6 readings: (7.3992504453659068 + 0.000019073486328125) / 6 = 7.399269518852234925 / 6
  //               = 1.2332115864753724875: a tie at the 18th digit, to the
  //               even 1.233211586475372488.
  CHECK(s.utilization_percent == decimal("1.233211586475372488"));
  // Periods (0.999163146 + 1.000204871 + 0.999871523) / 3 = 2.99923954 / 3 = 0.99974651333...
  CHECK(s.mean_period_s == decimal("0.999746513333333333"));
  CHECK(s.method ==
        "mean of 6 (report, core) readings pooled with equal weight over 3 reports, period 1 s, "
        "cores 0-1");
}

TEST_CASE("a capture cut mid-report is an error at that line, never a shorter average") {
  std::string text = read_all(capture);
  text.resize(text.size() - 2000);  // the 24th report loses its end
  CHECK_THROWS_WITH_AS(read_text(text),
                       doctest::Contains("nm.jsonl:24: the report is cut short (truncated "
                                         "capture?)"),
                       parse_error);
}

TEST_CASE("bad reports are refused with the line and the field") {
  CHECK(read_text(report("\"0\":{\"neuroncore_utilization\":55.5}")).utilization_percent ==
        decimal("55.5"));
  CHECK_THROWS_WITH_AS(
      read_text(report("\"0\":{\"neuroncore_utilization\":55.5}") +
                report("\"0\":{\"neuroncore_utilization\":100.25}")),
      "trncost: nm.jsonl:2: neuron_runtime_data[0].report.neuroncore_counters.neuroncores_in_use.0."
      "neuroncore_utilization: utilization 100.25 % is outside 0-100 %",
      parse_error);
  CHECK_THROWS_WITH_AS(
      read_text(report("\"3\":{\"neuroncore_utilization\":\"high\"}")),
      "trncost: nm.jsonl:1: neuron_runtime_data[0].report.neuroncore_counters.neuroncores_in_use.3."
      "neuroncore_utilization: expected a number, not a string",
      parse_error);
  CHECK_THROWS_WITH_AS(
      read_text(report("\"3\":{\"flops\":5}")),
      "trncost: nm.jsonl:1: neuron_runtime_data[0].report.neuroncore_counters.neuroncores_in_use.3."
      "neuroncore_utilization: is missing",
      parse_error);
  CHECK_THROWS_WITH_AS(
      read_text(report("\"x\":{\"neuroncore_utilization\":5}")),
      "trncost: nm.jsonl:1: neuron_runtime_data[0].report.neuroncore_counters.neuroncores_in_use: "
      "'x' is not a NeuronCore index",
      parse_error);
  CHECK_THROWS_WITH_AS(
      read_text("{\"neuron_runtime_data\": [}\n" + report("\"0\":{\"neuroncore_utilization\":5}")),
      doctest::Contains("nm.jsonl:1: invalid JSON at byte 25 of the line"), parse_error);
  // Only error reports: nothing to average is an error, not a 0 % utilization.
  CHECK_THROWS_WITH_AS(read_text(report("", "runtime gone") + "\n"),
                       "trncost: nm.jsonl: no report to average (1 read, 1 with an error, 0 "
                       "without NeuronCore counters)",
                       parse_error);
  CHECK_THROWS_WITH_AS(readers::read_neuron_monitor("/nonexistent/nm.jsonl"),
                       "trncost: /nonexistent/nm.jsonl: cannot be opened (no such file)",
                       parse_error);
}

TEST_CASE("instrument numbers with exponents read exactly, beyond 18 digits truncated") {
  decimal v;
  REQUIRE(readers::detail::measurement_decimal("9.5367431640625e-05", v));
  CHECK(v == decimal("0.000095367431640625"));
  REQUIRE(readers::detail::measurement_decimal("1.5E3", v));
  CHECK(v == decimal(1500));
  REQUIRE(readers::detail::measurement_decimal("-2e-20", v));
  CHECK(v == decimal(0));
  REQUIRE(readers::detail::measurement_decimal("0.12345678901234567891", v));
  CHECK(v == decimal("0.123456789012345678"));
  CHECK_FALSE(readers::detail::measurement_decimal("1e", v));
  CHECK_FALSE(readers::detail::measurement_decimal("abc", v));
}

TEST_CASE("core lists name a contiguous range or each core") {
  using readers::neuron_core_summary;
  CHECK(readers::detail::core_list(
            {neuron_core_summary{.index = 0}, neuron_core_summary{.index = 1}}) == "0-1");
  CHECK(readers::detail::core_list(
            {neuron_core_summary{.index = 0}, neuron_core_summary{.index = 2}}) == "0,2");
  CHECK(readers::detail::core_list({neuron_core_summary{.index = 4}}) == "4");
  CHECK(readers::detail::core_list({}) == "none");
}

}  // namespace trncost_tests::io_neuron_monitor_test
