// A study (scenario/study.hpp) as one FOCUS CSV: every option's line items, and the credit lines of
// the options with a burn-down, under the columns of a CSV with credits (focus_credit_columns) and
// one more, x_Option, naming the option each row belongs to. A row is exactly the row the option's
// own CSV has (trncost estimate SCENARIO.toml --format csv, report/focus_csv.hpp), x_Line counting
// within the option; a usage row of an option without credits has NULL charge period and
// x_CreditGrant, as any usage row of a CSV with credits. See docs/reports.md#focus-csv.
#ifndef TRNCOST_REPORT_FOCUS_CSV_STUDY_HPP
#define TRNCOST_REPORT_FOCUS_CSV_STUDY_HPP

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "../config.hpp"
#include "focus_csv.hpp"
#include "study_result.hpp"

namespace trncost::report {

/// The columns of a study's CSV: focus_credit_columns, then x_Option.
inline constexpr std::array<std::string_view, focus_credit_columns.size() + 1> focus_study_columns =
    [] {
      std::array<std::string_view, focus_credit_columns.size() + 1> out{};
      std::size_t k = 0;
      for (const auto c : focus_credit_columns) out[k++] = c;
      out[k] = "x_Option";
      return out;
    }();

/// Every option's rows, in the study's order, under focus_study_columns.
[[nodiscard]] TRNCOST_DECL std::string render_focus_csv(const study_result& r);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/focus_csv_study.ipp"
#endif

#endif  // TRNCOST_REPORT_FOCUS_CSV_STUDY_HPP
