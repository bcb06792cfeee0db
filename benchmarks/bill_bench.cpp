// Reconciling a bill (include/trncost/readers/bill.hpp, include/trncost/report/reconcile.hpp): the
// flagship fine-tune estimate against a synthetic FOCUS 1.x export generated at run time (the
// columns of examples/data/bills/fine-tune-8b-trn1-focus.csv, rows cycling through its usage types,
// each row made unique by its resource and period: a resource bills each usage type every hour of
// November, as an instance and its volume do), read and reconciled in one pass. Reported: CPU
// seconds, MB/s and the peak RSS of a child process that does only that; and the anchor, pandas'
// read_csv of the same file in a python3 child (skipped, saying so, when pandas is missing).
// Target: 1 GB in under 10 s of CPU and under 256 MB. With --gzip_parts=N the bill is delivered as
// AWS delivers a big export: N gzip parts in a folder, each with its header, read as one bill by
// readers::open_bill (decompressed as it is read); MB then counts the uncompressed CSV, and the
// anchor reads the same .gz parts (target: >= 200 MB/s per core, <= 64 MB, ahead of pandas).
//
// Own flags (before Google Benchmark's): --bill_mb=N (default 1000; the smoke test uses 1),
// --bill_dir=D (default /tmp), --gzip_parts=N (default 0: one plain CSV file), --pandas=0 to skip
// the anchor, --python=P (default: /usr/bin/python3 when it has pandas, else python3 on PATH). The
// generated files are deleted at exit.
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <trncost/readers/bill_files.hpp>
#include <trncost/report/reconcile.hpp>
#include <vector>

#include "../examples/flagship_model.hpp"

namespace {

std::size_t bill_mb = 1000;
std::string bill_dir = "/tmp";
bool run_pandas = true;
std::size_t gzip_parts = 0;
std::string generated;
std::size_t generated_bytes = 0;  // the CSV text, uncompressed
std::vector<std::string> generated_parts;
// Debian's python3 (where python3-pandas installs) when it has pandas, else python3 on PATH.
std::string python = "python3";

constexpr const char* header =
    "BilledCost,BillingAccountId,BillingCurrency,ChargeCategory,ChargeDescription,"
    "ChargePeriodEnd,ChargePeriodStart,EffectiveCost,PricingQuantity,PricingUnit,ProviderName,"
    "RegionId,ResourceId,ServiceName,SkuId,SkuPriceId,SubAccountId,Tags,x_UsageType\n";

struct kind {
  const char* cost;
  const char* quantity;
  const char* unit;
  const char* service;
  const char* sku_price;
  const char* usage;
};
constexpr kind kinds[] = {
    {"21.5", "1", "Hours", "Amazon Elastic Compute Cloud", "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7",
     "BoxUsage:trn1.32xlarge"},
    {"0.0024", "0.03", "GB-Months", "Amazon Elastic Compute Cloud",
     "EBSGP3STOR000001.JRTCKXETXF.6YS6EN2CT7", "EBS:VolumeUsage.gp3"},
    {"0.0023", "0.1", "GB-Months", "Amazon Simple Storage Service",
     "WP9ANXZGBYYSGJEA.JRTCKXETXF.PGHJ3S3EYE", "TimedStorage-ByteHrs"},
    {"0.005", "1000", "Requests", "Amazon Simple Storage Service",
     "JDGWNHW4W7EXQPNB.JRTCKXETXF.6YS6EN2CT7", "Requests-Tier1"},
    {"0.01", "1", "GB", "Amazon Elastic Compute Cloud", "4MDZ8W2J7QK3T9X5.JRTCKXETXF.6YS6EN2CT7",
     "DataTransfer-Regional-Bytes"},
    {"0.05", "1", "GB-Months", "Amazon Elastic Compute Cloud",
     "SNAPSTOR00000001.JRTCKXETXF.6YS6EN2CT7", "EBS:SnapshotUsage"},
};

/// Where the rows go: one plain file, or gzip parts of about the same size each.
class bill_writer {
 public:
  bill_writer() {
    if (gzip_parts == 0) {
      plain_.open(generated, std::ios::binary);
    } else {
      std::filesystem::create_directory(generated);
    }
  }
  bill_writer(const bill_writer&) = delete;
  bill_writer& operator=(const bill_writer&) = delete;
  ~bill_writer() {
    if (gz_ != nullptr) gzclose(gz_);
  }
  void write(const std::string& text, std::size_t written) {
    if (gzip_parts == 0) {
      plain_ << text;
      return;
    }
    // A new part when this one has its share of the bill (each part opens with the header).
    if (gz_ == nullptr ||
        written >= (generated_parts.size()) * (bill_mb * 1000 * 1000 / gzip_parts)) {
      if (gz_ != nullptr) gzclose(gz_);
      char name[32];
      std::snprintf(name, sizeof name, "/part-%05zu.csv.gz", generated_parts.size() + 1);
      generated_parts.push_back(generated + name);
      gz_ = gzopen(generated_parts.back().c_str(), "wb6");
      gzwrite(gz_, header, static_cast<unsigned>(std::strlen(header)));
    }
    gzwrite(gz_, text.data(), static_cast<unsigned>(text.size()));
  }

 private:
  std::ofstream plain_;
  gzFile gz_ = nullptr;
};

/// Writes (once) a bill of about `bill_mb` MB of CSV text and returns its path: a file, or the
/// folder of its gzip parts.
const std::string& bill_file() {
  if (!generated.empty()) return generated;
  generated = bill_dir + "/trncost-bill-bench-" + std::to_string(getpid()) +
              (gzip_parts == 0 ? ".csv" : "");
  bill_writer out;
  std::size_t bytes = 0;
  std::string row;
  constexpr std::size_t hours_in_november = std::size_t{30} * 24;
  if (gzip_parts == 0) {
    out.write(header, 0);
    bytes = std::strlen(header);
  }
  for (std::size_t k = 0; bytes < bill_mb * 1000 * 1000; ++k) {
    const kind& x = kinds[k % std::size(kinds)];
    const std::size_t hour = (k / std::size(kinds)) % hours_in_november;
    char start[32];
    char end[32];
    std::snprintf(start, sizeof start, "2026-11-%02zu %02zu:00:00", 1 + hour / 24, hour % 24);
    std::snprintf(end, sizeof end, "2026-11-%02zu %02zu:00:00", 1 + (hour + 1) / 24,
                  (hour + 1) % 24);
    if (hour + 1 == hours_in_november) std::snprintf(end, sizeof end, "2026-12-01 00:00:00");
    row = std::string(x.cost) + ",210987654321,USD,Usage,synthetic usage," + end + "," + start +
          "," + x.cost + "," + x.quantity + "," + x.unit + ",AWS,us-east-1,res-" +
          std::to_string(k / (std::size(kinds) * hours_in_november)) + "," + x.service + "," +
          std::string(x.sku_price).substr(0, 16) + "," + x.sku_price +
          ",123456789012,\"{\"\"project\"\": \"\"ft-8b\"\"}\"," + x.usage + "\n";
    out.write(row, bytes);
    bytes += row.size();
  }
  // Each part's header counts as text read.
  generated_bytes = bytes + generated_parts.size() * std::strlen(header);
  return generated;
}

const trncost::report::document& estimate() {
  static const trncost::report::document doc =
      trncost::report::from_estimate(flagship::build().evaluate(flagship::as_of));
  return doc;
}

trncost::report::reconciliation reconcile_once(const std::string& path) {
  if (gzip_parts > 0) {
    trncost::readers::bill_reader bill = trncost::readers::open_bill(path);
    return trncost::report::reconcile(estimate(), "flagship", bill);
  }
  std::ifstream in = trncost::readers::open_input_file(path);
  trncost::readers::bill_reader bill(in, path);
  return trncost::report::reconcile(estimate(), "flagship", bill);
}

double cpu_seconds(const rusage& u) {
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/// Runs `body` in a child process; returns its CPU seconds and peak RSS (MiB), or {-1, -1}.
template <class Body>
std::pair<double, double> in_child(Body body) {
  const pid_t pid = fork();
  if (pid == 0) _exit(body());
  int status = 0;
  rusage u{};
  if (pid < 0 || wait4(pid, &status, 0, &u) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    return {-1, -1};
  }
  return {cpu_seconds(u), static_cast<double>(u.ru_maxrss) / 1024.0};
}

void BM_reconcile_bill(benchmark::State& state) {
  const std::string& path = bill_file();
  const double mb = static_cast<double>(generated_bytes) / 1e6;
  std::uint64_t rows = 0;
  for (auto _ : state) {
    const auto r = reconcile_once(path);
    rows = r.rows_read;
    benchmark::DoNotOptimize(r.difference);
  }
  // The same once more in a child: its peak RSS is the reconciliation's alone.
  const auto [cpu, rss] = in_child([&] {
    const auto r = reconcile_once(path);
    return r.rows_read == rows ? 0 : 1;
  });
  state.counters["MB"] = mb;
  state.counters["rows"] = static_cast<double>(rows);
  state.counters["MB_per_cpu_s"] =
      benchmark::Counter(mb * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["child_cpu_s"] = cpu;
  state.counters["child_peak_rss_MiB"] = rss;
  if (cpu < 0) state.SkipWithError("the child reconciliation failed");
}
BENCHMARK(BM_reconcile_bill)->Unit(benchmark::kMillisecond)->Iterations(1);

// The anchor: pandas.read_csv of the same file (every column, default types), in a python3 child.
void BM_pandas_read_csv(benchmark::State& state) {
  const std::string& path = bill_file();
  double cpu = 0;
  double rss = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    std::tie(cpu, rss) = in_child([&] {
      // One file, or every part of the folder (read_csv decompresses .gz), as one frame.
      execlp(python.c_str(), python.c_str(), "-c",
             "import glob, os, pandas, sys; p = sys.argv[1]; "
             "pandas.concat([pandas.read_csv(f) for f in sorted(glob.glob(p + '/*.csv.gz'))]) "
             "if os.path.isdir(p) else pandas.read_csv(p)",
             path.c_str(), static_cast<char*>(nullptr));
      return 127;
    });
    state.SetIterationTime(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  state.counters["child_cpu_s"] = cpu;
  state.counters["child_peak_rss_MiB"] = rss;
  if (cpu < 0) state.SkipWithError("python3 failed");
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.starts_with("--bill_mb=")) {
      bill_mb = std::stoul(a.substr(10));
    } else if (a.starts_with("--bill_dir=")) {
      bill_dir = a.substr(11);
    } else if (a == "--pandas=0") {
      run_pandas = false;
    } else if (a.starts_with("--gzip_parts=")) {
      gzip_parts = std::stoul(a.substr(13));
    } else if (a.starts_with("--python=")) {
      python = a.substr(9);
    } else {
      rest.push_back(argv[i]);
    }
  }
  int n = static_cast<int>(rest.size());
  benchmark::Initialize(&n, rest.data());
  const auto has_pandas = [](const std::string& p) {
    return std::system((p + " -c 'import pandas' 2>/dev/null").c_str()) == 0;
  };
  if (python == "python3" && access("/usr/bin/python3", X_OK) == 0 &&
      has_pandas("/usr/bin/python3")) {
    python = "/usr/bin/python3";
  }
  if (run_pandas && has_pandas(python)) {
    benchmark::RegisterBenchmark("BM_pandas_read_csv", BM_pandas_read_csv)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1)
        ->UseManualTime();
  } else if (run_pandas) {
    std::fprintf(stderr, "pandas is not installed (Debian: python3-pandas): no anchor\n");
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (!generated.empty()) std::filesystem::remove_all(generated);
  return 0;
}
