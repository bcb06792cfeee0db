// The estimate writers on the flagship estimate (examples/flagship_model.hpp): the report document
// (report::from_estimate), the JSON report (the anchor: it has always serialized the document), and
// Markdown and HTML, which render the document too, so that an estimate's Markdown is its document
// made and then rendered. The document alone is measured for scale. benchmarks/README.md, "Report
// writers", has the numbers.
#include <benchmark/benchmark.h>

#include <trncost/report/html.hpp>
#include <trncost/report/json.hpp>
#include <trncost/report/markdown.hpp>

#include "../examples/flagship_model.hpp"

namespace {

const trncost::estimate& flagship_estimate() {
  static const auto est = flagship::build().evaluate(flagship::as_of);
  return est;
}

void report_json(benchmark::State& state) {
  const auto& est = flagship_estimate();
  for (auto _ : state) benchmark::DoNotOptimize(trncost::report::render_json(est));
  state.counters["lines"] = static_cast<double>(est.lines.size());
}

void report_markdown(benchmark::State& state) {
  const auto& est = flagship_estimate();
  for (auto _ : state) benchmark::DoNotOptimize(trncost::report::render_markdown(est, "flagship"));
}

void report_html(benchmark::State& state) {
  const auto& est = flagship_estimate();
  for (auto _ : state) benchmark::DoNotOptimize(trncost::report::render_html(est, "flagship"));
}

#ifdef TRNCOST_BENCH_DOCUMENT_WRITERS
void report_document(benchmark::State& state) {
  const auto& est = flagship_estimate();
  for (auto _ : state) benchmark::DoNotOptimize(trncost::report::from_estimate(est));
}

void report_markdown_from_document(benchmark::State& state) {
  const auto doc = trncost::report::from_estimate(flagship_estimate());
  for (auto _ : state) benchmark::DoNotOptimize(trncost::report::render_markdown(doc, "flagship"));
}
#endif

}  // namespace

BENCHMARK(report_json);
BENCHMARK(report_markdown);
BENCHMARK(report_html);
#ifdef TRNCOST_BENCH_DOCUMENT_WRITERS
BENCHMARK(report_document);
BENCHMARK(report_markdown_from_document);
#endif

BENCHMARK_MAIN();
