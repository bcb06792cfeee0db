// Reading a 100,000-row export of the model-support dataset (CSV and JSON Lines), generated at run
// time into the temporary directory, against python3 reading the same file (csv.DictReader,
// json.loads per line) timed inside python in the same run. Target: under 0.5 s for the CSV.
// Also the lookup of one model on a stack in the read set.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <trncost/readers/model_support.hpp>

namespace {

constexpr int rows = 100'000;
constexpr int models = 5'000;  // 20 stacks per model

const char* const compilers[] = {"2.19.8089.0", "2.20.16736.0", "2.21.33363.0", "2.22.4017.0"};
const char* const libraries[] = {"4.51.3", "4.53.2", "4.55.4", "4.56.2", "4.57.1"};

std::string model_id(int m) {
  static const char* const orgs[] = {"Qwen", "meta-llama", "google", "mistralai", "microsoft"};
  return std::string(orgs[m % 5]) + "/model-" + std::to_string(m) + "-" + std::to_string(m % 7) +
         "B";
}

struct paths {
  std::string csv;
  std::string jsonl;
};

/// Writes both exports once per process: the same 100,000 rows, a fifth of them failures with a
/// quoted multi-part error, some exclusions, every field the dataset has.
const paths& exports() {
  static const paths p = [] {
    const auto dir = std::filesystem::temp_directory_path();
    paths out{(dir / "trncost_model_support_100k.csv").string(),
              (dir / "trncost_model_support_100k.jsonl").string()};
    std::ofstream csv(out.csv, std::ios::binary);
    std::ofstream jsonl(out.jsonl, std::ios::binary);
    csv << "model_id,library,tp,runner,result,notes,error,exclusion,wall_s,hbm_peak_gb,"
           "hbm_capacity_gb,cpu_match,english,neuronx_cc,library_version,transformers,accelerate,"
           "torch_neuronx,torch,nki,python,neuron_driver,tested_at,run_py\n";
    for (int i = 0; i < rows; ++i) {
      const int m = i % models;
      const int s = i / models;  // 0..19: the stack
      const std::string id = model_id(m);
      const char* cc = compilers[s % 4];
      const char* lib = libraries[s % 5];
      const int tp = 1 << (m % 4);
      const bool excluded = m % 50 == 0;
      const bool failed = !excluded && (m + s) % 5 == 0;
      const std::string result = excluded ? "excluded" : failed ? "failed" : "passed";
      const std::string error =
          failed ? "RuntimeError: neuronx-cc failed with exit code 70, see log-neuron-cc.txt" : "";
      const std::string exclusion = excluded ? "weights do not fit on 4 Trainium2 devices" : "";
      const std::string wall = excluded ? "" : std::to_string(120 + (i * 37) % 3000);
      const std::string hbm =
          excluded || failed ? "" : std::to_string(1 + m % 90) + "." + std::to_string(i % 100);
      const std::string cap = std::to_string(24 * tp) + ".0";
      const std::string day = std::to_string(10 + s % 18);
      const std::string tested =
          "2026-10-" + day + " 0" + std::to_string(i % 10) + ":15:00.123000+00:00";
      const std::string run_py =
          "https://huggingface.co/datasets/aws-neuron/torch-neuronx-model-support/blob/main/run/" +
          id + "/run.py";
      const std::string tn = std::string("2.8.0.2.10.") + std::to_string(13553 + s);
      csv << id << ",transformers," << tp << ",trn2.48xlarge," << result << ",,\"" << error << "\","
          << exclusion << "," << wall << "," << hbm << "," << cap << ","
          << (tp == 1 && !excluded ? "True" : "") << "," << (tp > 1 && !excluded ? "True" : "")
          << "," << cc << "," << lib << "," << lib << ",1.10.1," << tn
          << ",2.8.0,0.1.0,3.11.13,2.24.7.0," << tested << "," << run_py << "\n";
      const auto str = [](const std::string& v) {
        return v.empty() ? std::string("null") : "\"" + v + "\"";
      };
      const auto num = [](const std::string& v) { return v.empty() ? std::string("null") : v; };
      jsonl << "{\"model_id\":\"" << id << "\",\"library\":\"transformers\",\"tp\":" << tp
            << ",\"runner\":\"trn2.48xlarge\",\"result\":\"" << result
            << "\",\"notes\":null,\"error\":" << str(error) << ",\"exclusion\":" << str(exclusion)
            << ",\"wall_s\":" << num(wall) << ",\"hbm_peak_gb\":" << num(hbm)
            << ",\"hbm_capacity_gb\":" << cap
            << ",\"cpu_match\":" << str(tp == 1 && !excluded ? "True" : "")
            << ",\"english\":" << str(tp > 1 && !excluded ? "True" : "") << ",\"neuronx_cc\":\""
            << cc << "\",\"library_version\":\"" << lib << "\",\"transformers\":\"" << lib
            << "\",\"accelerate\":\"1.10.1\",\"torch_neuronx\":\"" << tn
            << "\",\"torch\":\"2.8.0\",\"nki\":\"0.1.0\",\"python\":\"3.11.13\","
               "\"neuron_driver\":\"2.24.7.0\",\"tested_at\":\"2026-10-"
            << day << "T0" << i % 10 << ":15:00.123Z\",\"run_py\":\"" << run_py << "\"}\n";
    }
    return out;
  }();
  return p;
}

trncost::compat::dataset_ref ref(const std::string& file) {
  return {std::string(trncost::compat::model_support_dataset), file,
          trncost::parse_date("2026-11-30")};
}

void read_csv(benchmark::State& state) {
  const auto& p = exports();
  std::size_t n = 0;
  for (auto _ : state) {
    std::ifstream in(p.csv, std::ios::binary);
    const auto set = trncost::readers::read_model_support_csv(in, ref(p.csv));
    n = set.size();
    benchmark::DoNotOptimize(n);
  }
  if (n != rows) state.SkipWithError("wrong row count");
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(std::filesystem::file_size(p.csv)));
  state.counters["rows"] = static_cast<double>(n);
}

void read_jsonl(benchmark::State& state) {
  const auto& p = exports();
  std::size_t n = 0;
  for (auto _ : state) {
    std::ifstream in(p.jsonl, std::ios::binary);
    const auto set = trncost::readers::read_model_support_jsonl(in, ref(p.jsonl));
    n = set.size();
    benchmark::DoNotOptimize(n);
  }
  if (n != rows) state.SkipWithError("wrong row count");
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(std::filesystem::file_size(p.jsonl)));
  state.counters["rows"] = static_cast<double>(n);
}

void lookup_one_model(benchmark::State& state) {
  const auto& p = exports();
  std::ifstream in(p.csv, std::ios::binary);
  const auto set = trncost::readers::read_model_support_csv(in, ref(p.csv));
  const trncost::compat::software_stack target{.neuronx_cc = "2.21.33363.0",
                                               .library_version = "4.57.1"};
  int m = 0;
  for (auto _ : state) {
    const auto r = set.lookup(model_id(m++ % models), target);
    benchmark::DoNotOptimize(r.outcome);
  }
}

/// python3 reads the same file; its own clocks time the read (interpreter start-up excluded): the
/// wall time is the benchmark's manual time, the CPU time a counter (the machine is shared, so the
/// CPU times are the fairer comparison).
void python_anchor(benchmark::State& state, const char* code, bool csv) {
  const auto& p = exports();
  const std::string cmd = std::string(
                              "python3 -c \"import csv, json, sys, time\n"
                              "t = time.perf_counter(); c = time.process_time()\n") +
                          code + "\nprint(time.perf_counter() - t, time.process_time() - c)\" '" +
                          (csv ? p.csv : p.jsonl) + "'";
  double cpu_seconds = 0;
  for (auto _ : state) {
    FILE* pipe = popen(cmd.c_str(), "r");
    if (pipe == nullptr) {
      state.SkipWithError("cannot run python3");
      return;
    }
    char buffer[64] = {};
    const bool got = std::fgets(buffer, sizeof buffer, pipe) != nullptr;
    if (pclose(pipe) != 0 || !got) {
      state.SkipWithError("python3 failed");
      return;
    }
    std::size_t used = 0;
    const std::string text(buffer);
    state.SetIterationTime(std::stod(text, &used));
    cpu_seconds += std::stod(text.substr(used));
  }
  state.counters["python_cpu_ms"] =
      benchmark::Counter(cpu_seconds * 1000, benchmark::Counter::kAvgIterations);
}

void python_csv_anchor(benchmark::State& state) {
  python_anchor(state,
                "n = len(list(csv.DictReader(open(sys.argv[1], newline=''))))\n"
                "assert n == 100000, n",
                true);
}

void python_jsonl_anchor(benchmark::State& state) {
  python_anchor(state,
                "n = len([json.loads(l) for l in open(sys.argv[1]) if l.strip()])\n"
                "assert n == 100000, n",
                false);
}

}  // namespace

BENCHMARK(read_csv)->Unit(benchmark::kMillisecond);
BENCHMARK(python_csv_anchor)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(read_jsonl)->Unit(benchmark::kMillisecond);
BENCHMARK(python_jsonl_anchor)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(lookup_one_model)->Unit(benchmark::kMicrosecond);
