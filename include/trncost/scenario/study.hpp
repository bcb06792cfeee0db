// The study file (TOML, docs/scenario.md "Studies"): several options of one job written as one
// scenario's common inputs plus, per option, the scenario keys that differ. Each option is merged
// over the common tables and read by the scenario parser itself (scenario/scenario.hpp), so an
// option is exactly a scenario and every rule and message of the scenario format applies to it.
// run_study() evaluates every option and gives the comparison normalised by work delivered and by
// the quality protocol, the decision with its reasons, and each option's tornado, Monte Carlo band
// and credit runway; the study writers (report/study_report.hpp) render the result.
#ifndef TRNCOST_SCENARIO_STUDY_HPP
#define TRNCOST_SCENARIO_STUDY_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../analysis/comparison.hpp"
#include "../analysis/decision.hpp"
#include "../analysis/inputs.hpp"
#include "../config.hpp"
#include "../readers/neuron_monitor.hpp"
#include "../report/study_result.hpp"
#include "../report/what_if.hpp"
#include "scenario.hpp"

namespace trncost::scenario {

/// An option's neuron-monitor capture (`neuron_monitor = { file = "capture.jsonl", below = "50"
/// }`): its mean NeuronCore utilisation, read by run_study, is a bottleneck of the decision when
/// below the bound, a reason that holds otherwise.
struct study_utilisation_check {
  std::string file;   ///< relative to the study file
  std::string below;  ///< percent, exact decimal text, above 0 and at most 100
  std::uint64_t line = 0;
};

/// One option of a study: its name, the scenario it is (common tables with its own keys merged
/// in), and what the comparison and the decision need besides the estimate.
struct study_option_spec {
  std::string name;
  std::uint64_t line = 0;
  scenario_spec scenario;
  analysis::protocol quality;
  std::optional<decimal> seconds_to_target;
  std::string support;  ///< a stated check that the needed operations run
  std::vector<std::string> bottlenecks;
  std::optional<std::string> porting_unjustified;
  std::optional<study_utilisation_check> utilisation;
};

/// [study.what_if]: one input swept over a range in the study's reports (report/what_if.hpp).
struct study_what_if {
  std::string input;
  decimal from{};
  decimal to{};
  int points = 9;
  std::uint64_t line = 0;
};

/// A study file, as written.
struct study_spec {
  std::string file;
  std::string title;
  /// The model input that measures the work delivered; empty when the options' workloads say it
  /// (estimate::work: tokens served, trained or processed, requests, runs, trials).
  std::string work_input;
  decimal work_per{1};    ///< work is counted in units of this many of the input's unit
  std::string work_unit;  ///< "million tokens"
  std::uint64_t line = 0;
  std::vector<study_option_spec> options;
  /// [study] regions: every option also evaluated in each of these regions (its scenario's region
  /// replaced), ranked per unit of work; empty: the options' own region only.
  std::vector<std::string> regions;
  std::optional<study_what_if> what_if;
};

/// Every key a study file accepts besides the scenario's (scenario_key_paths()): "study.work",
/// "study.quality.target", "option.name"...
[[nodiscard]] TRNCOST_DECL std::vector<std::string> study_key_paths();

/// Reads a study's TOML text; `file` names it in errors and is where relative paths start.
[[nodiscard]] TRNCOST_DECL study_spec parse_study(std::string_view text, std::string_view file);

/// Reads a study file.
[[nodiscard]] TRNCOST_DECL study_spec read_study(const std::string& path);

/// Whether a TOML text is a study (it has a [study] table) rather than a scenario. Text that is
/// not valid TOML is neither: the scenario reader then says why.
[[nodiscard]] TRNCOST_DECL bool is_study_text(std::string_view text);

/// Whether the file at `path` is a study file.
[[nodiscard]] TRNCOST_DECL bool is_study_file(const std::string& path);

/// Evaluates every option of a study: its estimate, the extras its tables ask for, its work and
/// decision; then the comparison (by quality protocol, per unit of work) and the study's decision,
/// the decision of the option ranked first in the first protocol group. When no option of that
/// group ranks, the decision is suspend, with the reason each option was set apart.
[[nodiscard]] TRNCOST_DECL report::study_result run_study(const study_spec& st);

/// Reads and evaluates a study file (errors name the file, the line and the key).
[[nodiscard]] TRNCOST_DECL report::study_result run_study(const std::string& path);

}  // namespace trncost::scenario

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/study.ipp"
#endif

#endif  // TRNCOST_SCENARIO_STUDY_HPP
