// The change between two study reports, option by option (trncost diff A.json B.json on two
// studies): the option decided for and the study's decision on both sides, then each option's
// change as the estimate diff gives it (report/diff.hpp), an option only on one side named as such.
// It renders what the diff computes; it computes nothing itself.
#ifndef TRNCOST_REPORT_STUDY_DIFF_HPP
#define TRNCOST_REPORT_STUDY_DIFF_HPP

#include <string>
#include <string_view>

#include "../config.hpp"
#include "audit_study.hpp"
#include "diff.hpp"
#include "markdown_diff.hpp"

namespace trncost::io {

/// Two read study reports compared option by option (by name, before's order then after's new
/// ones): `format` "md" (a pull-request comment) or "text" (the default).
[[nodiscard]] TRNCOST_DECL std::string render_study_diff(const study_report_view& a,
                                                         const study_report_view& b,
                                                         std::string_view before,
                                                         std::string_view after,
                                                         std::string_view format);

}  // namespace trncost::io

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/study_diff.ipp"
#endif

#endif  // TRNCOST_REPORT_STUDY_DIFF_HPP
