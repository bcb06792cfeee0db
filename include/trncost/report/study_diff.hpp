// The change between two study reports, option by option (trncost diff A.json B.json on two
// studies): the option decided for and the study's decision on both sides, then each option's
// change as the estimate diff gives it (report/diff.hpp), an option only on one side named as such;
// as text, Markdown or one HTML page.
// It renders what the diff computes; it computes nothing itself.
#ifndef TRNCOST_REPORT_STUDY_DIFF_HPP
#define TRNCOST_REPORT_STUDY_DIFF_HPP

#include <string>
#include <string_view>
#include <vector>

#include "../config.hpp"
#include "audit_study.hpp"
#include "diff.hpp"
#include "html_diff.hpp"
#include "markdown_diff.hpp"

namespace trncost::report {

namespace detail {

/// The option a study decided for and its decision: "'1 x trn2.48xlarge' (suspend)", or "no
/// option (...)".
TRNCOST_DECL std::string decided_text(const study_report_view& v);

/// The option named `name` of a study report, or null when it has none.
TRNCOST_DECL const report::document* find_option(const study_report_view& v,
                                                 const std::string& name);

/// The options of two study reports by name: before's order, then after's new ones.
TRNCOST_DECL std::vector<std::string> option_names(const study_report_view& a,
                                                   const study_report_view& b);

/// render_study_diff's page ("html").
TRNCOST_DECL std::string render_study_diff_html(const study_report_view& a,
                                                const study_report_view& b, std::string_view before,
                                                std::string_view after);

}  // namespace detail

/// Two read study reports compared option by option (by name, before's order then after's new
/// ones): `format` "md" (a pull-request comment), "html" (one self-contained page: the decision on
/// both sides, then each option's section, `section class="option" id="option-N"`, with its diff
/// as render_diff_html draws it, its ids ending in "-N") or "text" (the default).
[[nodiscard]] TRNCOST_DECL std::string render_study_diff(const study_report_view& a,
                                                         const study_report_view& b,
                                                         std::string_view before,
                                                         std::string_view after,
                                                         std::string_view format);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/study_diff.ipp"
#endif

#endif  // TRNCOST_REPORT_STUDY_DIFF_HPP
