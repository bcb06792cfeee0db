// The definitions of readers/neuron_monitor.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_NEURON_MONITOR_IPP
#define TRNCOST_READERS_IMPL_NEURON_MONITOR_IPP

#include "../neuron_monitor.hpp"

namespace trncost {

namespace readers::detail {

TRNCOST_DECL std::string core_list(const std::vector<neuron_core_summary>& cores) {
  if (cores.empty()) return "none";
  bool contiguous = true;
  for (std::size_t i = 1; i < cores.size(); ++i) {
    contiguous = contiguous && cores[i].index == cores[i - 1].index + 1;
  }
  if (contiguous) {
    return cores.size() == 1
               ? std::to_string(cores[0].index)
               : std::to_string(cores.front().index) + "-" + std::to_string(cores.back().index);
  }
  std::string s;
  for (const auto& c : cores) {
    // Appended piece by piece: g++ 12 at -O3 reports a false -Wrestrict for "," + std::string&&.
    if (!s.empty()) s += ',';
    s += std::to_string(c.index);
  }
  return s;
}

}  // namespace readers::detail

namespace readers {

TRNCOST_DECL neuron_monitor_summary read_neuron_monitor(std::istream& in, std::string file) {
  neuron_monitor_summary out;
  out.file = file;
  struct sums {
    decimal util{};
    decimal flops{};
    decimal period{};
    std::size_t n = 0;
    std::size_t n_flops = 0;
    bool seen = false;
  };
  std::vector<sums> per_core;
  decimal period_sum{};
  decimal util_sum{};
  std::size_t util_count = 0;
  detail::neuron_monitor_handler handler;
  detail::unique_keys<detail::neuron_monitor_handler> guard(handler);
  rapidjson::Reader reader;
  detail::json_lines lines(in, file);
  while (lines.next()) {
    const std::uint64_t n = lines.line();
    const std::string& line = lines.text();
    if (lines.blank()) continue;
    handler.reset();
    guard.reset();
    rapidjson::MemoryStream ms(line.data(), line.size());
    const rapidjson::ParseResult r = reader.Parse<detail::json_parse_flags>(ms, guard);
    const auto where = input_position::at_line(file, n);
    if (r.IsError()) {
      if (guard.duplicate()) detail::fail_duplicate_key(file, n, guard, r.Offset());
      if (r.Code() == rapidjson::kParseErrorTermination && !handler.problem().empty()) {
        fail(where, handler.problem_field(), handler.problem());
      }
      const bool cut = r.Offset() >= line.size() || lines.unterminated();
      fail(where, "",
           std::string(cut ? "the report is cut short (truncated capture?): "
                           : "invalid JSON at byte " + std::to_string(r.Offset()) +
                                 " of the line: ") +
               std::string(detail::json_error_text(r.Code())));
    }
    ++out.reports;
    if (out.instance_type.empty()) out.instance_type = handler.instance_type();
    if (!handler.error().empty()) {
      ++out.reports_with_error;
      if (out.errors.size() < 100) out.errors.push_back({n, handler.error()});
      continue;
    }
    if (!handler.has_counters() || handler.cores().empty()) {
      ++out.reports_without_counters;
      continue;
    }
    if (!handler.period()) fail(where, "neuroncore_counters.period", "is missing");
    const decimal period = *handler.period();
    const auto& cores = handler.cores();
    for (std::size_t i = 0; i < cores.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        if (cores[j].index == cores[i].index) {
          fail(where,
               "neuron_runtime_data[" + std::to_string(cores[i].runtime) +
                   "].report.neuroncore_counters.neuroncores_in_use",
               "NeuronCore " + std::to_string(cores[i].index) + " appears again (first in " +
                   "neuron_runtime_data[" + std::to_string(cores[j].runtime) +
                   "]); one report gives one reading per core, and trncost will not count a "
                   "core twice");
        }
      }
    }
    for (const auto& c : cores) {
      if (c.index >= per_core.size()) per_core.resize(c.index + 1);
      auto& s = per_core[c.index];
      s.seen = true;
      s.util = s.util + c.utilization;
      ++s.n;
      util_sum = util_sum + c.utilization;
      ++util_count;
      if (c.flops) {
        s.flops = s.flops + *c.flops;
        s.period = s.period + period;
        ++s.n_flops;
      }
    }
    period_sum = period_sum + period;
    ++out.reports_used;
  }
  if (out.reports_used == 0) {
    fail(input_position::whole(file), "",
         "no report to average (" + std::to_string(out.reports) + " read, " +
             std::to_string(out.reports_with_error) + " with an error, " +
             std::to_string(out.reports_without_counters) + " without NeuronCore counters)");
  }
  bool all_flops = true;
  decimal flops_total{};
  for (std::size_t i = 0; i < per_core.size(); ++i) {
    const auto& s = per_core[i];
    if (!s.seen) continue;
    neuron_core_summary c{.index = static_cast<unsigned>(i),
                          .reports = s.n,
                          .utilization_percent = s.util / static_cast<std::int64_t>(s.n)};
    if (s.n_flops == s.n) {
      c.flops_per_second = s.flops / s.period;
      flops_total = flops_total + *c.flops_per_second;
    } else {
      all_flops = false;
    }
    out.cores.push_back(c);
  }
  if (all_flops) out.flops_per_second = flops_total;
  out.mean_period_s = period_sum / static_cast<std::int64_t>(out.reports_used);
  out.utilization_percent = util_sum / static_cast<std::int64_t>(util_count);
  out.method = "mean of " + std::to_string(util_count) + " (report, core) readings pooled " +
               "with equal weight over " + std::to_string(out.reports_used) + " reports, period " +
               round(out.mean_period_s, decimal_places{1}).to_string() + " s, cores " +
               detail::core_list(out.cores);
  if (out.reports_with_error != 0) {
    out.method += "; " + std::to_string(out.reports_with_error) + " reports with an error left out";
  }
  return out;
}

TRNCOST_DECL neuron_monitor_summary read_neuron_monitor(const std::string& path) {
  std::ifstream in = open_input_file(path);
  return read_neuron_monitor(in, path);
}

}  // namespace readers

namespace readers {

TRNCOST_DECL auto neuron_monitor_summary::utilization(std::string run_id, timestamp from,
                                                      timestamp to) const
    -> sourced<quantity<units::dimensionless_t>> {
  return sourced("neuroncore_utilization_percent",
                 quantity<units::dimensionless_t>::from_value(utilization_percent),
                 provenance{provenance_for(std::move(run_id), from, to)});
}

TRNCOST_DECL auto neuron_monitor_summary::flops(std::string run_id, timestamp from,
                                                timestamp to) const
    -> std::optional<sourced<quantity<units::flops_per_second_t>>> {
  if (!flops_per_second) return std::nullopt;
  return sourced("neuron_monitor_flops_per_second",
                 quantity<units::flops_per_second_t>::from_value(*flops_per_second),
                 provenance{provenance_for(std::move(run_id), from, to)});
}

TRNCOST_DECL auto neuron_monitor_summary::sample() const -> measure::utilization_sample {
  return {.instrument = "neuron-monitor",
          .method = method,
          .period = quantity<units::second_t>::from_value(mean_period_s),
          .percent = utilization_percent,
          .origin = file};
}

TRNCOST_DECL auto neuron_monitor_summary::provenance_for(std::string run_id, timestamp from,
                                                         timestamp to) const -> measured {
  return measured{.run_id = std::move(run_id),
                  .method = "neuron-monitor: " + method + " (" + file + ")",
                  .from = from,
                  .to = to};
}

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_NEURON_MONITOR_IPP
