// The definitions of report/markdown_diff.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_MARKDOWN_DIFF_IPP
#define TRNCOST_REPORT_IMPL_MARKDOWN_DIFF_IPP

#include "../markdown_diff.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string signed_usd(decimal v) {
  return (v.is_negative() ? "" : "+") + v.to_fixed(cents);
}

TRNCOST_DECL std::string line_side(bool present, const std::optional<decimal>& amount) {
  if (!present) return "absent";
  return exact_or_unpriced(amount);
}

TRNCOST_DECL std::string line_text(const line_change& l) {
  return l.description_after.empty() ? l.description
                                     : l.description + " (after: " + l.description_after + ")";
}

TRNCOST_DECL bool line_moved(const line_change& l) {
  return l.in_before != l.in_after || l.before != l.after;
}

TRNCOST_DECL std::vector<attribution_step> largest_first(std::vector<attribution_step> steps) {
  std::stable_sort(steps.begin(), steps.end(), [](const auto& x, const auto& y) {
    const decimal ax = x.effect.is_negative() ? -x.effect : x.effect;
    const decimal ay = y.effect.is_negative() ? -y.effect : y.effect;
    return ay < ax;
  });
  return steps;
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_diff_markdown(const estimate_diff& d,
                                                            std::string_view before,
                                                            std::string_view after) {
  using detail::md_cell;
  std::string o = "### trncost: " + md_cell(before) + " -> " + md_cell(after) + "\n\n";
  o += "**Total: " + d.total_before.to_fixed(cents) + " -> " + d.total_after.to_fixed(cents) +
       " USD (" + detail::signed_usd(d.total_change) + ")**";
  if (d.status_before != d.status_after) {
    o += ", status **" + std::string(to_string(d.status_before)) + " -> " +
         std::string(to_string(d.status_after)) + "**";
  } else {
    o += ", status " + std::string(to_string(d.status_after)) + " (unchanged)";
  }
  o += "\n";

  const bool lines_moved = std::any_of(d.lines.begin(), d.lines.end(), detail::line_moved);
  if (d.attribution.empty() && !lines_moved && d.inputs.empty()) {
    o += "\nNothing moved: the same lines, amounts and inputs on both sides.\n";
    return o;
  }

  if (!d.attribution.empty()) {
    // Largest effect first, as explain() orders them; exact effects in the JSON diff.
    const auto steps = detail::largest_first(d.attribution);
    o += "\n#### Why the total moved\n\n| effect (USD) | input | before | after "
         "|\n|---:|---|---|---|\n";
    for (const auto& st : steps) {
      if (st.input.empty()) {
        o += "| " + detail::signed_usd(st.effect) +
             " | lines, formulas or inputs added or removed | | |\n";
      } else {
        o += "| " + detail::signed_usd(st.effect) + " | `" + md_cell(st.input) + "` | " +
             md_cell(st.from) + " | " + md_cell(st.to) + " |\n";
      }
    }
  }

  if (lines_moved) {
    o += "\n#### Lines that moved\n\n| category | component | phase | line | before (USD) | after "
         "(USD) | "
         "change (USD) |\n|---|---|---|---|---:|---:|---:|\n";
    for (const auto& l : d.lines) {
      if (!detail::line_moved(l)) continue;
      o += "| " + std::string(to_string(l.cat)) + " | " + md_cell(l.component) + " | " +
           (l.ph ? std::string(to_string(*l.ph)) : std::string("-")) + " | " +
           md_cell(detail::line_text(l)) + " | " + detail::line_side(l.in_before, l.before) +
           " | " + detail::line_side(l.in_after, l.after) + " | " + l.change.to_string() + " |\n";
    }
  }

  if (!d.inputs.empty()) {
    o += "\n#### Inputs that changed\n\n| input | before | after | source before | source after |\n"
         "|---|---|---|---|---|\n";
    for (const auto& in : d.inputs) {
      o += "| `" + md_cell(in.name) + "` | " + md_cell(in.before.value_or("absent")) + " | " +
           md_cell(in.after.value_or("absent")) + " | " + md_cell(in.before_source) + " | " +
           md_cell(in.after_source) + " |\n";
    }
  }
  return o;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_MARKDOWN_DIFF_IPP
