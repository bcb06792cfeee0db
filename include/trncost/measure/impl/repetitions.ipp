// The definitions of measure/repetitions.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MEASURE_IMPL_REPETITIONS_IPP
#define TRNCOST_MEASURE_IMPL_REPETITIONS_IPP

#include "../repetitions.hpp"

namespace trncost {

namespace measure {

TRNCOST_DECL spread_summary summarize(std::vector<std::pair<std::string, decimal>> values,
                                      bool olympic) {
  if (values.empty()) throw input_error("no value to summarise");
  std::vector<decimal> sorted;
  sorted.reserve(values.size());
  for (const auto& v : values) sorted.push_back(v.second);
  std::sort(sorted.begin(), sorted.end());
  spread_summary s;
  s.values = std::move(values);
  const std::size_t n = sorted.size();
  s.min = sorted.front();
  s.max = sorted.back();
  s.spread = s.max - s.min;
  s.median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  if (olympic) {
    if (n < 3) {
      throw input_error(
          "an olympic mean drops the lowest and the highest value: it needs at least "
          "3 runs, not " +
          std::to_string(n));
    }
    decimal sum{};
    for (std::size_t i = 1; i + 1 < n; ++i) sum = sum + sorted[i];
    s.olympic_mean = sum / static_cast<std::int64_t>(n - 2);
  }
  return s;
}

}  // namespace measure

}  // namespace trncost

#endif  // TRNCOST_MEASURE_IMPL_REPETITIONS_IPP
