// What a what-if over one input of a study gives (report/what_if.hpp computes it): the values and,
// per option, its total and its cash after credits at each. Data only, so that a study's result can
// hold one without the sweep's code.
#ifndef TRNCOST_REPORT_WHAT_IF_RESULT_HPP
#define TRNCOST_REPORT_WHAT_IF_RESULT_HPP

#include <optional>
#include <string>
#include <vector>

#include "../units/decimal.hpp"

namespace trncost::report {

/// One point of the sweep: the input's value and, per option (in the study's order), its total and
/// its cash after credits (none where the option's credits are not the same at any value).
struct what_if_point {
  decimal value{};
  std::vector<decimal> totals;
  std::vector<std::optional<decimal>> cash;
};

/// A sweep of one input over [from, to] in `points` evenly spaced values, both ends included.
struct what_if {
  std::string input;                 ///< the input's name in the options' reports
  std::string unit;                  ///< its unit, as the reports write it
  std::vector<std::string> options;  ///< the study's options, in its order
  std::vector<bool> varies;  ///< per option: the input is one of its inputs (else its total holds)
  std::vector<what_if_point> points;
};

}  // namespace trncost::report

#endif  // TRNCOST_REPORT_WHAT_IF_RESULT_HPP
