// The definitions of report/budget.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_BUDGET_IPP
#define TRNCOST_REPORT_IMPL_BUDGET_IPP

#include "../budget.hpp"

namespace trncost::report {

namespace detail {

inline std::string budget_usd(decimal d) { return d.to_fixed(decimal_places{2}) + " USD"; }

inline std::string lines_text(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " unpriced line" : " unpriced lines");
}

}  // namespace detail

TRNCOST_DECL budget_verdict check_budget(const document& doc, const budget_limits& limits,
                                         const document* baseline, std::string_view baseline_name) {
  using detail::budget_usd;
  budget_verdict v;
  const auto add = [&v](std::string limit, bool passed, std::string sentence) {
    v.checks.push_back(budget_check{std::move(limit), passed, std::move(sentence)});
    v.passed = v.passed && passed;
  };
  const decimal total = doc.totals.total;
  const std::size_t unpriced = detail::unpriced_lines(doc);

  if (limits.max_total) {
    const decimal max = *limits.max_total;
    if (max < decimal(0)) {
      throw input_error("max-total: " + max.to_string() +
                        " USD is negative; a budget is 0 USD or more");
    }
    if (unpriced > 0) {
      add("max-total", false,
          "the total " + budget_usd(total) + " leaves out " + detail::lines_text(unpriced) +
              " (an input is unknown), so it cannot show that the limit of " + budget_usd(max) +
              " holds");
    } else if (total > max) {
      add("max-total", false,
          "the total " + budget_usd(total) + " is over the limit of " + budget_usd(max) + " by " +
              budget_usd(total - max));
    } else {
      add("max-total", true,
          "the total " + budget_usd(total) + " is within the limit of " + budget_usd(max) + " (" +
              budget_usd(max - total) + " to spare)");
    }
  }

  if (limits.max_increase_percent) {
    const decimal pct = *limits.max_increase_percent;
    if (baseline == nullptr) {
      throw input_error(
          "max-increase: an increase is measured from a baseline report; give the "
          "previous report (--against OLD.json)");
    }
    if (pct < decimal(0)) {
      throw input_error("max-increase: " + pct.to_string() +
                        " % is negative; the limit is the largest increase accepted (0 or more)");
    }
    if (baseline->currency != doc.currency) {
      throw input_error("max-increase: " + std::string(baseline_name) + " is in " +
                        baseline->currency + " and the estimate in " + doc.currency +
                        "; totals in two currencies are not compared");
    }
    const decimal before = baseline->totals.total;
    // total <= before x (1 + pct / 100), compared without dividing: total x 100 against
    // before x (100 + pct).
    const bool passed = total * decimal(100) <= before * (decimal(100) + pct);
    std::string change;
    if (before == decimal(0)) {
      change = total == decimal(0)
                   ? "is 0.00 USD, as in " + std::string(baseline_name)
                   : "rose from 0.00 USD (" + std::string(baseline_name) + ") to " +
                         budget_usd(total) + ": an increase from nothing exceeds any percentage";
    } else {
      const decimal percent = (total - before) * decimal(100) / before;
      change = std::string(total < before ? "fell" : "rose") + " from " + budget_usd(before) +
               " (" + std::string(baseline_name) + ") to " + budget_usd(total) + ", " +
               (percent > decimal(0) ? "+" : "") + percent.to_fixed(decimal_places{2}) + " %";
    }
    std::string note;
    if (const std::size_t n = detail::unpriced_lines(*baseline); n > 0) {
      note = "; " + std::string(baseline_name) + "'s total leaves out " + detail::lines_text(n);
    }
    add("max-increase", passed,
        "the total " + change + (passed ? ", within" : ", over") + " the limit of +" +
            pct.to_string() + " %" + note);
  }

  if (limits.min_status) {
    const estimate_status least = *limits.min_status;
    const bool passed = doc.status <= least;  // ordered best to worst
    std::string sentence = "the status is " + std::string(to_string(doc.status));
    if (passed) {
      sentence += ", at least the " + std::string(to_string(least)) + " required";
    } else {
      sentence += ", worse than the " + std::string(to_string(least)) + " required: ";
      std::size_t shown = 0;
      for (const auto& r : doc.reasons) {
        if (r.status <= least) continue;  // a reason the limit accepts is not why it fails
        if (shown == 3) {
          sentence += "; and more (the report lists every reason)";
          break;
        }
        sentence += (shown == 0 ? "" : "; ") + r.text;
        ++shown;
      }
    }
    add("min-status", passed, std::move(sentence));
  }
  return v;
}

}  // namespace trncost::report

#endif  // TRNCOST_REPORT_IMPL_BUDGET_IPP
