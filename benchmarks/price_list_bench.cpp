// Streaming an AWS Price List EC2 offer file (include/trncost/readers/price_list_json.hpp) and
// extracting the Trainium and GPU instance prices: throughput and peak memory, next to the anchor,
// python3's json.load of the same file, in the same run. Targets: at least 400 MB/s of CPU time and
// peak RSS under 64 MB on a synthetic file of at least 400 MB (benchmarks/offer_file_gen.py writes
// one).
//
// Own flags (before Google Benchmark's): --offer_file=PATH (default: the flagship's small EC2 offer
// file in examples/data/offers/, so the smoke test runs in well under a second), --no_python
// (leave the anchor out). --extract_only=PATH reads once, prints the prices and exits (for
// /usr/bin/time -v).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <string>
#include <trncost/readers/price_list_json.hpp>
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#endif
#include <rapidjson/filereadstream.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#include <trncost/pricing.hpp>
#include <vector>

namespace {

using namespace trncost;

std::string offer_file = TRNCOST_EXAMPLES_DATA_DIR "/offers/AmazonEC2-us-east-1.json";
bool run_python = true;

std::uint64_t file_size(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  return static_cast<std::uint64_t>(in.tellg());
}

/// Linux, shared tenancy, on demand, not a Capacity Block, of the Trainium, Inferentia and GPU
/// families: the conditions of ec2_linux_shared() with instance types by prefix.
pricing::offer_filter accelerators() {
  pricing::offer_filter f;
  f.family("Compute Instance")
      .where_prefix("instanceType", {"trn", "inf", "p4", "p5", "g5", "g6"})
      .where("operatingSystem", "Linux")
      .where("tenancy", "Shared")
      .where("preInstalledSw", "NA")
      .where("capacitystatus", "Used")
      .where("licenseModel", "No License required")
      .where("operation", "RunInstances")
      .where("marketoption", "OnDemand")
      .term_types({"OnDemand"});
  return f;
}

/// One pass: stream the file, keep the accelerator products, put them in a price book and quote
/// each instance type's on-demand price. Returns the number of prices quoted.
std::size_t extract(const std::string& path, readers::offer_read_stats* stats,
                    std::vector<std::string>* lines = nullptr) {
  const auto o = readers::read_offer_json_file(path, accelerators(), stats);
  pricing::price_book book(parse_date("2026-11-30"), day_count{365});
  book.add(o, parse_date("2026-11-30"));
  std::size_t n = 0;
  for (const auto& p : o.products) {
    const auto type = std::string(*p.attribute("instanceType"));
    const auto price = pricing::ec2_on_demand(book, "us-east-1", type, "price");
    benchmark::DoNotOptimize(price.value());
    if (lines != nullptr) lines->push_back(type + " " + price.value().value().to_string());
    ++n;
  }
  return n;
}

double peak_rss_mib() {
  rusage r{};
  getrusage(RUSAGE_SELF, &r);
  return static_cast<double>(r.ru_maxrss) / 1024.0;
}

void stream_offer_file(benchmark::State& state) {
  const auto bytes = file_size(offer_file);
  readers::offer_read_stats stats;
  std::size_t prices = 0;
  for (auto _ : state) prices = extract(offer_file, &stats);
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.counters["file_MB"] = static_cast<double>(bytes) / 1e6;
  state.counters["products"] = static_cast<double>(stats.products);
  state.counters["kept"] = static_cast<double>(stats.products_kept);
  state.counters["prices"] = static_cast<double>(prices);
  state.counters["peak_rss_MiB"] = peak_rss_mib();
  state.SetLabel("trncost: SAX stream, filter, price book, quotes");
}

// The anchor: python3's json module loading the whole file (its own clock: interpreter start-up
// excluded), and its peak RSS.
void python_json_load(benchmark::State& state) {
  if (!run_python) {
    state.SkipWithError("--no_python");
    return;
  }
  const auto bytes = file_size(offer_file);
  const std::string cmd =
      "python3 -c 'import json,resource,sys,time\n"
      "t=time.perf_counter(); d=json.load(open(sys.argv[1]))\n"
      "print(time.perf_counter()-t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)' " +
      offer_file;
  double rss = 0;
  for (auto _ : state) {
    FILE* p = popen(cmd.c_str(), "r");
    double secs = 0;
    long kib = 0;
    if (p == nullptr || std::fscanf(p, "%lf %ld", &secs, &kib) != 2) {
      if (p != nullptr) pclose(p);
      state.SkipWithError("python3 anchor did not run");
      return;
    }
    pclose(p);
    state.SetIterationTime(secs);
    rss = static_cast<double>(kib) / 1024.0;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.counters["peak_rss_MiB"] = rss;
  state.SetLabel("anchor: python3 json.load of the same file");
}

// The parser's own speed on the same file (the anchor): RapidJSON's Reader over its
// FileReadStream with a 64 KiB buffer and a handler that does nothing, numbers as strings and no
// encoding check, as fast as the parser trncost uses can go with nothing kept.
void rapidjson_null_handler(benchmark::State& state) {
  const auto bytes = file_size(offer_file);
  static char buffer[1 << 16];
  for (auto _ : state) {
    FILE* f = std::fopen(offer_file.c_str(), "rb");
    if (f == nullptr) {
      state.SkipWithError("cannot open the offer file");
      return;
    }
    rapidjson::FileReadStream in(f, buffer, sizeof buffer);
    rapidjson::BaseReaderHandler<> nothing;
    rapidjson::Reader reader;
    const auto r = reader.Parse<rapidjson::kParseNumbersAsStringsFlag>(in, nothing);
    std::fclose(f);
    if (r.IsError()) {
      state.SkipWithError("the anchor could not parse the offer file");
      return;
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.SetLabel("anchor: RapidJSON Reader + 64 KiB FileReadStream, null handler");
}

}  // namespace

BENCHMARK(stream_offer_file)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(rapidjson_null_handler)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(python_json_load)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(1);

int main(int argc, char** argv) try {
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--extract_only=", 15) == 0) {
      std::vector<std::string> lines;
      readers::offer_read_stats stats;
      extract(argv[i] + 15, &stats, &lines);
      for (const auto& l : lines) std::cout << l << "\n";
      std::cout << stats.bytes << " bytes, " << stats.products << " products, "
                << stats.products_kept << " kept, peak RSS " << peak_rss_mib() << " MiB\n";
      return 0;
    }
    if (std::strncmp(argv[i], "--offer_file=", 13) == 0) {
      offer_file = argv[i] + 13;
    } else if (std::strcmp(argv[i], "--no_python") == 0) {
      run_python = false;
    } else {
      rest.push_back(argv[i]);
    }
  }
  int n = static_cast<int>(rest.size());
  benchmark::Initialize(&n, rest.data());
  if (benchmark::ReportUnrecognizedArguments(n, rest.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
} catch (const std::exception& e) {  // an example says what went wrong, then fails
  std::fprintf(stderr, "price_list_bench: %s\n", e.what());
  return 1;
}
