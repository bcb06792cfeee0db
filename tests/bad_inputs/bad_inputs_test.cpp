// The bad-input catalogue: every file under tests/bad_inputs/<reader>/ is malformed or hostile, and
// next to it <case>.expected holds the one-line message the user sees. Each case is read by the
// reader its folder names (the file name given to the reader is the case's path relative to
// tests/bad_inputs/, so messages are stable) and must throw a trncost::error with exactly that
// message: no crash, no hang, no other exception, no result. Inputs too big to commit (100,000
// nested arrays, a 2 MB string or line, lines and records beyond the 8 MiB limit) are generated
// here, at test time, and so are the files no reader may start on (a device, a FIFO, a file
// larger than any input). Files in a subfolder of a reader's folder are not cases: they are what
// a case names (the run logs a run_logs case lists, the offer files a scenario case reads).
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstddef>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <trncost/pricing.hpp>
#include <trncost/readers/model_support.hpp>
#include <trncost/readers/neuron_monitor.hpp>
#include <trncost/readers/price_list_csv.hpp>
#include <trncost/readers/price_list_json.hpp>
#include <trncost/readers/run_log.hpp>
#include <trncost/readers/savings_plans.hpp>
#include <trncost/readers/vllm_bench.hpp>
#include <trncost/report/audit.hpp>
#include <trncost/scenario/scenario.hpp>
#include <trncost/scenario/study.hpp>
#include <trncost/units/decimal.hpp>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::bad_inputs_test {

using namespace trncost;

namespace {

namespace fs = std::filesystem;

const fs::path root = TRNCOST_TESTS_DIR "/bad_inputs";

pricing::offer_filter ec2() {
  pricing::offer_filter f;
  f.where("servicecode", "AmazonEC2");
  return f;
}

std::string without_final_newline(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

/// Reads `text` with the reader of `reader` (a folder name), the file called `name` (its extension
/// picks the format); returns nothing: every case must throw.
void read_with(std::string_view reader, const std::string& name, const std::string& text) {
  std::istringstream in(text);
  const std::string ext = fs::path(name).extension().string();
  if (reader == "price_list_json") {
    (void)readers::read_offer_json(in, name, ec2());
  } else if (reader == "price_list_csv") {
    (void)readers::read_offer_csv(in, name, ec2());
  } else if (reader == "savings_plans") {
    const auto filter = readers::savings_plan_rates_for({"trn1.32xlarge"});
    if (ext == ".json") {
      (void)readers::read_savings_plans_json(in, name, filter, "us-east-1");
    } else {
      (void)readers::read_savings_plans_csv(in, name, filter);
    }
  } else if (reader == "run_logs") {
    // A list of run logs, one path a line (relative to this folder), read as one set of runs.
    std::vector<std::string> paths;
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty()) paths.push_back((root / line).string());
    }
    (void)readers::read_run_logs(paths);
  } else if (reader == "run_log") {
    if (ext == ".jsonl") {
      (void)readers::read_run_log_json(in, name);
    } else {
      (void)readers::read_run_log_csv(in, name);
    }
  } else if (reader == "neuron_monitor") {
    (void)readers::read_neuron_monitor(in, name);
  } else if (reader == "model_support") {
    compat::dataset_ref source{std::string(compat::model_support_dataset), name,
                               parse_date("2026-11-30")};
    if (ext == ".csv") {
      (void)readers::read_model_support_csv(in, std::move(source));
    } else {
      (void)readers::read_model_support_jsonl(in, std::move(source));
    }
  } else if (reader == "vllm_bench") {
    if (ext == ".env") {
      (void)readers::read_vllm_run_config(in, name);
    } else {
      (void)readers::read_vllm_bench(in, name, 1);
    }
  } else if (reader == "audit") {
    (void)report::audit(in, name);
  } else if (reader == "scenario") {
    auto spec = scenario::parse_scenario(text, name);
    // A scenario that parses is built and evaluated from where the case lies (its price files and
    // run logs are relative to it); outcome() names it relative to this folder again.
    spec.file = (root / name).string();
    (void)scenario::evaluate_scenario(spec);
  } else if (reader == "decimal") {
    (void)decimal::parse(without_final_newline(text));
  } else {
    FAIL("no reader for the folder '" << reader << "'");
  }
}

/// What the user sees: the trncost::error's message, or a description of what went wrong instead.
std::string outcome(std::string_view reader, const std::string& name, const std::string& text) {
  try {
    read_with(reader, name, text);
  } catch (const trncost::error& e) {
    std::string message = e.what();
    const std::string prefix = root.string() + "/";
    for (auto at = message.find(prefix); at != std::string::npos; at = message.find(prefix)) {
      message.erase(at, prefix.size());
    }
    return message;
  } catch (const std::exception& e) {
    return std::string("NOT A trncost::error: ") + e.what();
  }
  return "NO ERROR: the reader returned a result";
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct bad_case {
  std::string reader;
  std::string name;  // relative to tests/bad_inputs/
  fs::path input;
  fs::path expected;
};

std::vector<bad_case> catalogue() {
  std::vector<bad_case> out;
  for (const auto& dir : fs::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    for (const auto& f : fs::directory_iterator(dir.path())) {
      const auto& p = f.path();
      if (f.is_directory() || p.extension() == ".expected") continue;
      auto expected = p;
      expected.replace_extension(".expected");
      out.push_back({dir.path().filename().string(),
                     dir.path().filename().string() + "/" + p.filename().string(), p, expected});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const bad_case& a, const bad_case& b) { return a.name < b.name; });
  return out;
}

}  // namespace

TEST_CASE("every bad input of the catalogue gives its exact message") {
  const auto cases = catalogue();
  // 50 or more cases, at least 4 for each reader.
  CHECK(cases.size() >= 50);
  for (const std::string reader :
       {"price_list_json", "price_list_csv", "savings_plans", "run_log", "neuron_monitor",
        "model_support", "audit", "scenario", "decimal", "vllm_bench"}) {
    CAPTURE(reader);
    CHECK(std::count_if(cases.begin(), cases.end(),
                        [&](const bad_case& c) { return c.reader == reader; }) >= 4);
  }
  for (const auto& c : cases) {
    CAPTURE(c.name);
    REQUIRE_MESSAGE(fs::exists(c.expected), "no .expected next to the case");
    const std::string expected = without_final_newline(slurp(c.expected));
    CHECK(expected.find('\n') == std::string::npos);
    CHECK(outcome(c.reader, c.name, slurp(c.input)) == expected);
  }
}

namespace {

const std::size_t depth = 100000;
const std::string deep = std::string(depth, '[') + std::string(depth, ']');
const std::string long_text(std::size_t{2} << 20, '7');  // 2 MiB
// One byte beyond the 8 MiB limit of a JSON Lines line and of a CSV record.
const std::string over_limit_text((std::size_t{8} << 20) + 1, 'x');

std::string repeated(const std::string& s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

struct generated_case {
  std::string reader;
  std::string name;
  std::string text;
  std::string expected;
};

std::vector<generated_case> generated() {
  const std::string offer_head =
      R"({"formatVersion":"v1.0","offerCode":"AmazonEC2","version":"1",)"
      R"("publicationDate":"2026-09-10T19:55:14Z","products":{"S1":{"sku":"S1","attributes":)"
      R"({"servicecode":"AmazonEC2"}}},"terms":{"OnDemand":{"S1":{"S1.T1":)"
      R"({"offerTermCode":"T1","sku":"S1","effectiveDate":"2026-09-01T00:00:00Z","priceDimensions":)"
      R"({"S1.T1.R1":{"unit":"Hrs","pricePerUnit":{"USD":")";
  const std::string run_log_header = "run_id,event,name,start,duration_s,value\n";
  return {
      // 100,000 nested arrays: refused (by the reader's own rule or the depth limit), never a
      // stack overflow.
      {"price_list_json", "generated/deep.json", R"({"formatVersion":)" + deep + "}",
       R"(trncost: generated/deep.json: byte 17: formatVersion: expected an object or a string, found an array)"},
      {"savings_plans", "generated/deep.json", R"({"formatVersion":)" + deep + "}",
       R"(trncost: generated/deep.json: byte 17: formatVersion: an array where an object or a string was expected)"},
      // A report is read as the second verifier reads it: 64 levels at most, named by its path.
      {"audit", "generated/deep.json", deep,
       "trncost: generated/deep.json: " + repeated("[0]", 64) +
           ": nests arrays and objects more than 64 deep (refused)"},
      {"audit", "generated/deep_member.json", R"({"schema_version": 1, "x": )" + deep + "}",
       "trncost: generated/deep_member.json: x" + repeated("[0]", 63) +
           ": nests arrays and objects more than 64 deep (refused)"},
      {"run_log", "generated/deep.jsonl", R"({"note": )" + deep + "}\n",
       R"(trncost: generated/deep.jsonl:1: invalid JSON at byte 264 of the line: arrays and objects nested more than 256 deep (refused))"},
      {"neuron_monitor", "generated/deep.jsonl", R"({"neuron_runtime_data": )" + deep + "}\n",
       R"(trncost: generated/deep.jsonl: no report to average (1 read, 0 with an error, 1 without NeuronCore counters))"},
      {"model_support", "generated/deep.jsonl", R"({"notes": )" + deep + "}\n",
       R"(trncost: generated/deep.jsonl:1: column 'notes': is an array, expected a string, a number or null)"},
      {"scenario", "generated/deep.toml", "x = " + deep + "\n",
       R"(trncost: generated/deep.toml:1: is not valid TOML: Error while parsing value: exceeded maximum nested value depth of 256 (TOML_MAX_NESTED_VALUES))"},
      // 2 MiB strings and lines: read in bounded pieces, and the message does not repeat them.
      {"decimal", "generated/long.txt", long_text,
       R"(trncost: "7777777777777777777777777777777777777777"... (2097152 bytes) is out of the decimal range (about +/-1.7e20))"},
      {"price_list_json", "generated/long_price.json", offer_head + long_text + "\"}}}}}}}}",
       R"(trncost: generated/long_price.json: byte 2097502: terms.OnDemand.S1.S1.T1.priceDimensions.S1.T1.R1.pricePerUnit.USD: "7777777777777777777777777777777777777777"... (2097152 bytes) is out of the decimal range (about +/-1.7e20, 18 fractional digits); a price must lie within it)"},
      {"price_list_csv", "generated/long_line.csv", long_text,
       R"(trncost: generated/long_line.csv:1: FormatVersion: expected the metadata row "FormatVersion",<value> (an offer file begins with FormatVersion, Disclaimer, Publication Date, Version, OfferCode))"},
      {"run_log", "generated/long_value.csv",
       run_log_header + "r1,run,model_id,,," + long_text + "\n",
       R"(trncost: generated/long_value.csv:2: run_id: run 'r1' has no end row: the log is cut short or the run is still going)"},
      {"run_log", "generated/long_line.jsonl", R"({"run_id": ")" + long_text + "\"}\n",
       R"(trncost: generated/long_line.jsonl:1: event: is missing; every row says what it records)"},
      // Lines and records beyond 8 MiB: refused at their line before they are held whole.
      {"run_log", "generated/over_limit.jsonl", "\n" + over_limit_text + "\n",
       R"(trncost: generated/over_limit.jsonl:2: the line is longer than 8388608 bytes (8 MiB), the limit of one JSON Lines record; is this a JSON Lines file (one object per line)?)"},
      {"neuron_monitor", "generated/over_limit.jsonl", over_limit_text,
       R"(trncost: generated/over_limit.jsonl:1: the line is longer than 8388608 bytes (8 MiB), the limit of one JSON Lines record; is this a JSON Lines file (one object per line)?)"},
      {"model_support", "generated/over_limit.jsonl", over_limit_text,
       R"(trncost: generated/over_limit.jsonl:1: the line is longer than 8388608 bytes (8 MiB), the limit of one JSON Lines record; is this a JSON Lines file (one object per line)?)"},
      {"run_log", "generated/over_limit.csv", run_log_header + "r1,run,\"" + over_limit_text + "\n",
       R"(trncost: generated/over_limit.csv:2: the record is longer than 8388608 bytes (8 MiB), the limit of one CSV record; a quote left open, or a file that is not CSV?)"},
      {"price_list_csv", "generated/over_limit.csv", over_limit_text,
       R"(trncost: generated/over_limit.csv:1: the record is longer than 8388608 bytes (8 MiB), the limit of one CSV record; a quote left open, or a file that is not CSV?)"},
      {"scenario", "generated/long_title.toml",
       "format = 1\n[estimate]\ntitle = \"" + long_text + "\"\nas_of = 2026-02-30\n",
       R"(trncost: generated/long_title.toml:4: is not valid TOML: Error while parsing date: expected day between 1 and 28 (inclusive), saw 30)"},
  };
}

}  // namespace

TEST_CASE("generated bad inputs: deep nesting and very long strings") {
  for (const auto& c : generated()) {
    CAPTURE(c.name);
    const std::string seen = outcome(c.reader, c.name, c.text);
    CHECK(seen.size() < 1000);  // a message, not the input repeated
    CHECK(seen == c.expected);
  }
}

namespace {

/// What every reader that opens a file by its path says of `path` (each must refuse it, before
/// reading, with the same sentence), as "reader: message" lines.
std::vector<std::string> opened_by_every_reader(const std::string& path) {
  std::vector<std::string> seen;
  const auto run = [&](const char* reader, auto&& read) {
    try {
      read();
      seen.push_back(std::string(reader) + ": NO ERROR");
    } catch (const trncost::error& e) {
      seen.push_back(std::string(reader) + ": " + e.what());
    } catch (const std::exception& e) {
      seen.push_back(std::string(reader) + ": NOT A trncost::error: " + e.what());
    }
  };
  const auto sp = readers::savings_plan_rates_for({"trn1.32xlarge"});
  run("offer json", [&] { (void)readers::read_offer_json_file(path, ec2()); });
  run("offer csv", [&] { (void)readers::read_offer_csv_file(path, ec2()); });
  run("savings plans json",
      [&] { (void)readers::read_savings_plans_json_file(path, sp, "us-east-1"); });
  run("savings plans csv", [&] { (void)readers::read_savings_plans_csv_file(path, sp); });
  run("run log", [&] { (void)readers::read_run_log(path); });
  run("neuron-monitor", [&] { (void)readers::read_neuron_monitor(path); });
  run("model support",
      [&] { (void)readers::read_model_support_file(path, parse_date("2026-11-30")); });
  run("vllm results", [&] { (void)readers::read_vllm_bench(path, 1); });
  run("vllm config", [&] { (void)readers::read_vllm_run_config(path); });
  run("whole text", [&] { (void)readers::read_input_file(path); });
  run("whole scenario", [&] { (void)scenario::read_scenario(path); });
  run("whole study", [&] { (void)scenario::read_study(path); });
  return seen;
}

}  // namespace

TEST_CASE("a device, a FIFO or a file larger than any input is refused before it is read") {
  const std::string dev_zero_rule =
      ": is a character device, not a regular file; trncost reads only regular files, whose "
      "size is known before reading (a device such as /dev/zero never ends)";
  for (const std::string device : {"/dev/zero", "/dev/urandom"}) {
    CAPTURE(device);
    for (const auto& seen : opened_by_every_reader(device)) {
      CAPTURE(seen);
      CHECK(seen.ends_with(": trncost: " + device + dev_zero_rule));
    }
    // Not taken for a study (nothing is read): the scenario reader then refuses it.
    CHECK_FALSE(scenario::is_study_file(device));
  }
  const fs::path dir = fs::temp_directory_path() / "trncost-bad-inputs-files";
  fs::remove_all(dir);
  fs::create_directories(dir);
  // A FIFO: opening it to read would wait for a writer forever.
  const std::string fifo = (dir / "fifo").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_FALSE(scenario::is_study_file(fifo));
  for (const auto& seen : opened_by_every_reader(fifo)) {
    CAPTURE(seen);
    CHECK(seen.ends_with(": trncost: " + fifo +
                         ": is a FIFO (a named pipe or a shell's <(...)), not a regular file; "
                         "trncost reads only regular files, whose size is known before reading: "
                         "save the input first"));
  }
  // 65 GiB (sparse: no disk is used): beyond every reader's limit. 300 MiB: beyond the limit of
  // a file held whole, within a streamed reader's.
  const std::string huge = (dir / "huge.json").string();
  const std::string large = (dir / "large.toml").string();
  { std::ofstream(huge, std::ios::binary).put('{'); }
  { std::ofstream(large, std::ios::binary).put('x'); }
  fs::resize_file(huge, (std::uintmax_t{65} << 30));
  fs::resize_file(large, (std::uintmax_t{300} << 20));
  for (const auto& seen : opened_by_every_reader(huge)) {
    CAPTURE(seen);
    // A streaming reader takes up to 64 GiB, a reader that holds its input whole 256 MiB.
    const std::string limit = seen.starts_with("whole ") ? "256 MiB" : "64 GiB";
    CHECK(seen.ends_with(": trncost: " + huge + ": is 65 GiB (69793218560 bytes), more than the " +
                         limit +
                         " this reader takes; no input of trncost is that large, so it is refused "
                         "before reading"));
  }
  CHECK_THROWS_WITH_AS((void)readers::read_input_file(large),
                       ("trncost: " + large +
                        ": is 300 MiB (314572800 bytes), more than the 256 MiB this reader takes; "
                        "no input of trncost is that large, so it is refused before reading")
                           .c_str(),
                       parse_error);
  fs::remove_all(dir);
}

}  // namespace trncost_tests::bad_inputs_test
