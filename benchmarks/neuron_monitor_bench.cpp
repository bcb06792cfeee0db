// Reading a neuron-monitor capture (include/trncost/readers/neuron_monitor.hpp): throughput on a
// ~100 MB capture generated at run time (trn1.32xlarge, 32 NeuronCores, one report per line, the
// layout of tests/readers/data/neuron-monitor/make_capture.py), peak memory at two capture sizes
// (must not grow with the file), and the anchor: python3's json module reading the same file line
// by line and averaging the same counters, in the same run. Target: at least 100 MB/s.
//
// Own flags (before Google Benchmark's): --capture_mb=N (default 100; the smoke test uses 1),
// --capture_dir=D (default /tmp). The generated files are deleted at exit.
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <string>
#include <trncost/readers/neuron_monitor.hpp>
#include <vector>

namespace {

std::size_t capture_mb = 100;
std::string capture_dir = "/tmp";
std::vector<std::string> generated;

// One report in neuron-monitor's layout, as python's json.dumps writes it.
std::string report(std::size_t k) {
  static const char* periods[] = {"0.9995", "1.0", "1.0005"};
  const char* period = periods[k % 3];
  std::string cores;
  for (int c = 0; c < 32; ++c) {
    const int util_tenths = 700 + 5 * c + static_cast<int>(k % 7) * 10;  // 70.0 .. 91.5 %
    cores += (c ? ", \"" : "\"") + std::to_string(c) +
             "\": {\"neuroncore_utilization\": " + std::to_string(util_tenths / 10) + "." +
             std::to_string(util_tenths % 10) + "31250, \"flops\": " + std::to_string(50 + c) +
             "000000000000}";
  }
  return std::string(
             "{\"neuron_runtime_data\": [{\"pid\": 4242, \"neuron_runtime_tag\": \"4242\", "
             "\"error\": \"\", \"report\": {\"execution_stats\": {\"period\": ") +
         period +
         ", \"error_summary\": {\"generic\": 0, \"numerical\": 0, \"transient\": 0, \"model\": 0, "
         "\"runtime\": 0, \"hardware\": 0}, \"execution_summary\": {\"completed\": 96, "
         "\"completed_with_err\": 0, \"completed_with_num_err\": 0, \"timed_out\": 0, "
         "\"incorrect_input\": 0, \"failed_to_queue\": 0}, \"latency_stats\": {\"total_latency\": "
         "{\"p0\": 0.3101, \"p50\": 0.3312, \"p99\": 0.3529, \"p100\": 0.3611}}, \"error\": \"\"}, "
         "\"memory_used\": {\"period\": " +
         period +
         ", \"neuron_runtime_used_bytes\": {\"host\": 6103285760, \"neuron_device\": 27487790694}, "
         "\"error\": \"\"}, \"neuroncore_counters\": {\"period\": " +
         period + ", \"neuroncores_in_use\": {" + cores +
         "}, \"error\": \"\"}}}], \"system_data\": {\"memory_info\": {\"period\": " + period +
         ", \"memory_total_bytes\": 549755813888, \"memory_used_bytes\": 171798691840, "
         "\"swap_total_bytes\": 0, \"swap_used_bytes\": 0, \"error\": \"\"}, \"vcpu_usage\": "
         "{\"period\": " +
         period +
         ", \"average_usage\": {\"user\": 31.2, \"nice\": 0, \"system\": 4.1, \"idle\": 64.7, "
         "\"io_wait\": 0, \"irq\": 0, \"soft_irq\": 0}, \"error\": \"\"}}, \"instance_info\": "
         "{\"instance_name\": \"\", \"instance_id\": \"i-0a1b2c3d4e5f60718\", \"instance_type\": "
         "\"trn1.32xlarge\", \"instance_availability_zone\": \"us-east-1a\", "
         "\"instance_availability_zone_id\": \"use1-az6\", \"instance_region\": \"us-east-1\", "
         "\"ami_id\": \"ami-0f3c9a7d21e8b4c55\", \"subnet_id\": \"subnet-0d4e5f6a7b8c9d0e1\", "
         "\"error\": \"\"}, \"neuron_hardware_info\": {\"neuron_device_count\": 16, "
         "\"neuroncore_per_device_count\": 2, \"error\": \"\"}}\n";
}

// Writes (once) a capture of about `mb` MB and returns its path (a copy: a reference into `made`
// would dangle when a later call grows it, as peak_rss's two calls did when repetitions were
// interleaved and it ran first).
std::string capture(std::size_t mb) {
  static std::vector<std::pair<std::size_t, std::string>> made;
  for (const auto& [size, path] : made) {
    if (size == mb) return path;
  }
  std::string path = capture_dir + "/trncost-nm-bench-" + std::to_string(getpid()) + "-" +
                     std::to_string(mb) + "mb.jsonl";
  std::ofstream out(path, std::ios::binary);
  std::size_t bytes = 0;
  for (std::size_t k = 0; bytes < mb * 1000 * 1000; ++k) {
    const std::string r = report(k);
    out << r;
    bytes += r.size();
  }
  out.close();
  generated.push_back(path);
  made.emplace_back(mb, path);
  return made.back().second;
}

std::size_t file_size(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  return static_cast<std::size_t>(in.tellg());
}

void read_capture(benchmark::State& state) {
  const std::string path = capture(capture_mb);
  const std::size_t bytes = file_size(path);
  std::size_t reports = 0;
  for (auto _ : state) {
    const auto s = trncost::readers::read_neuron_monitor(path);
    reports = s.reports_used;
    benchmark::DoNotOptimize(s.utilization_percent);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.counters["MB"] = static_cast<double>(bytes) / 1e6;
  state.counters["reports"] = static_cast<double>(reports);
  state.SetLabel("target >= 100 MB/s; anchor python_json_anchor");
}

// Peak resident memory of a fresh process (this program re-run with --read_only=PATH) that only
// reads the capture: compared at two sizes.
long child_peak_rss_kib(const std::string& path) {
  const std::string arg = "--read_only=" + path;
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/proc/self/exe", "neuron_monitor_bench", arg.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? usage.ru_maxrss : -1;
}

void peak_rss(benchmark::State& state) {
  const std::size_t small_mb = capture_mb / 4 == 0 ? 1 : capture_mb / 4;
  const std::string small = capture(small_mb);
  const std::string large = capture(capture_mb);
  long rss_small = 0, rss_large = 0;
  for (auto _ : state) {
    rss_small = child_peak_rss_kib(small);
    rss_large = child_peak_rss_kib(large);
  }
  if (rss_small < 0 || rss_large < 0) {
    state.SkipWithError("the child reading the capture failed");
    return;
  }
  state.counters["small_MB"] = static_cast<double>(file_size(small)) / 1e6;
  state.counters["large_MB"] = static_cast<double>(file_size(large)) / 1e6;
  state.counters["rss_small_KiB"] = static_cast<double>(rss_small);
  state.counters["rss_large_KiB"] = static_cast<double>(rss_large);
  state.SetLabel("peak RSS of a child reading each capture");
}

// The anchor: python3's json module, one json.loads per line, averaging the same per-core
// utilization and flops. Its own clock times the loop (interpreter start-up excluded).
void python_json_anchor(benchmark::State& state) {
  const std::string path = capture(capture_mb);
  const std::size_t bytes = file_size(path);
  const std::string script =
      "import json,resource,sys,time\n"
      "t=time.process_time(); w=time.perf_counter(); u={}; f={}; p=0.0; n=0\n"
      "for line in open(sys.argv[1]):\n"
      "    r=json.loads(line)\n"
      "    for rt in r['neuron_runtime_data']:\n"
      "        if rt['error']: continue\n"
      "        c=rt['report']['neuroncore_counters']; p+=c['period']; n+=1\n"
      "        for k,v in c['neuroncores_in_use'].items():\n"
      "            u[k]=u.get(k,0)+v['neuroncore_utilization']; f[k]=f.get(k,0)+v.get('flops',0)\n"
      "print(time.process_time()-t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, n,\n"
      "      time.perf_counter()-w)\n";
  const std::string script_path =
      capture_dir + "/trncost-nm-anchor-" + std::to_string(getpid()) + ".py";
  {
    std::ofstream s(script_path);
    s << script;
  }
  generated.push_back(script_path);
  double rss = 0, wall_s = 0;
  for (auto _ : state) {
    const std::string cmd = "python3 " + script_path + " " + path;
    FILE* p = popen(cmd.c_str(), "r");
    double secs = 0, wall = 0;
    long kib = 0, n = 0;
    if (p == nullptr || std::fscanf(p, "%lf %ld %ld %lf", &secs, &kib, &n, &wall) != 4) {
      if (p != nullptr) pclose(p);
      state.SkipWithError("python3 anchor did not run");
      return;
    }
    pclose(p);
    state.SetIterationTime(secs);
    rss = static_cast<double>(kib);
    wall_s = wall;
  }
  state.counters["wall_s"] = wall_s;
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.counters["rss_KiB"] = rss;
  state.SetLabel("anchor: python3 json.loads per line (CPU time)");
}

}  // namespace

BENCHMARK(read_capture)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK(peak_rss)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(python_json_anchor)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(1);

int main(int argc, char** argv) try {
  if (argc == 2 && std::strncmp(argv[1], "--read_only=", 12) == 0) {
    return trncost::readers::read_neuron_monitor(std::string(argv[1] + 12)).reports_used > 0 ? 0
                                                                                             : 1;
  }
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--capture_mb=", 13) == 0) {
      capture_mb = static_cast<std::size_t>(std::strtoul(argv[i] + 13, nullptr, 10));
    } else if (std::strncmp(argv[i], "--capture_dir=", 14) == 0) {
      capture_dir = argv[i] + 14;
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (capture_mb == 0) capture_mb = 1;
  int n = static_cast<int>(rest.size());
  benchmark::Initialize(&n, rest.data());
  if (benchmark::ReportUnrecognizedArguments(n, rest.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  for (const auto& f : generated) std::remove(f.c_str());
  return 0;
} catch (const std::exception& e) {  // an example says what went wrong, then fails
  std::fprintf(stderr, "neuron_monitor_bench: %s\n", e.what());
  return 1;
}
