// What the tests of the scenario and study files share: a valid scenario's head to append cases
// to, the parser's refusal of a text, a line found by its description (and text.hpp's helpers).
// One copy here, so a change of the scenario format or of the error type changes one place.
#ifndef TRNCOST_TESTS_SUPPORT_SCENARIO_TEXT_HPP
#define TRNCOST_TESTS_SUPPORT_SCENARIO_TEXT_HPP

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <trncost/scenario/scenario.hpp>

#include "text.hpp"

namespace trncost_support {

/// examples/scenarios/, ending in '/': the shipped scenarios, and the folder a case's text is read
/// as if it lay in when it names the example offer files (`../data/offers/...`).
inline const std::string example_scenarios = TRNCOST_TESTS_DIR "/../examples/scenarios/";

/// The [estimate] and [prices] tables of a valid scenario (as of 2026-11-30, us-east-1, no price
/// file): what a study writes after its [study] table, and what scenario_head holds.
inline const std::string estimate_tables = R"([estimate]
title = "t"
as_of = 2026-11-30
region = "us-east-1"
[prices]
files = []
)";

/// A valid scenario's head (as of 2026-11-30, us-east-1, no price file); cases append components,
/// `[declare_none]` or other tables.
inline const std::string scenario_head = "format = 1\n" + estimate_tables;

/// The head of a scenario priced from files: `title`, as of 2026-11-30 in us-east-1, its prices
/// consulted that day and at most 120 days old; `prices` is the rest of the [prices] table as
/// written (`files = [...]`, `savings_plans = [...]`), each line ending in a newline.
inline std::string priced_scenario_head(std::string_view title, std::string_view prices) {
  return "format = 1\n[estimate]\ntitle = \"" + std::string(title) +
         "\"\nas_of = 2026-11-30\nregion = \"us-east-1\"\nfreshness_days = 120\n[prices]\n"
         "consulted = 2026-11-30\n" +
         std::string(prices);
}

/// The [prices] line of a scenario read from examples/scenarios/ that prices from the example EC2
/// offer file (its us-east-1 rows).
inline const std::string example_ec2_offers =
    R"(files = [{ file = "../data/offers/AmazonEC2-us-east-1.json", where = { regionCode = "us-east-1" } }]
)";

/// The lines a component starts with: `[[component]]`, its `kind` and its `name`.
inline std::string component_head(std::string_view kind, std::string_view name) {
  return "[[component]]\nkind = \"" + std::string(kind) + "\"\nname = \"" + std::string(name) +
         "\"\n";
}

/// A `[declare_none]` table declaring every cost category none but those a case has components
/// for (`"compute"`, `"storage"`...), each with a short reason: the cases that test one component
/// kind account for the other categories this way. One line a category, after the table's name.
inline std::string declare_none_but(std::initializer_list<std::string_view> kept) {
  std::string t = "[declare_none]\n";
  for (const std::string_view c :
       {"compute", "storage", "transfer", "logs", "data_preparation", "failures_restarts"}) {
    if (std::find(kept.begin(), kept.end(), c) == kept.end()) {
      t += std::string(c) + " = \"not in this case\"\n";
    }
  }
  return t;
}

/// A verified scenario: a bucket priced from a quote, its size and time chosen (1,000 GiB x 3 mo x
/// 0.023 USD/GiB-mo = 69 USD), every other category declared none; the cases about what keeps an
/// estimate from verified (migration uncertainties, compatibility evidence) append to it.
inline const std::string verified_bucket = scenario_head +
                                           component_head("object_storage", "corpus") +
                                           R"(storage_class = "Standard"
stored_gib = { value = "1000", choice = "the corpus we keep" }
kept_months = { value = "3", choice = "a quarter" }
storage_price = { value = "0.023", quoted = { source = "the S3 pricing page", region = "us-east-1", consulted = 2026-11-29 } }
)" + declare_none_but({"storage"});

/// The message with which the scenario parser refuses `text` (read as `file`), or "no error".
inline std::string parse_error_of(const std::string& text, const std::string& file = "s.toml") {
  return error_message<trncost::parse_error>(
      [&] { (void)trncost::scenario::parse_scenario(text, file); });
}

/// The line of `est` with this description, or nullptr.
inline const trncost::line_item* find_line(const trncost::estimate& est,
                                           std::string_view description) {
  for (const auto& l : est.lines) {
    if (l.description == description) return &l;
  }
  return nullptr;
}

}  // namespace trncost_support

#endif  // TRNCOST_TESTS_SUPPORT_SCENARIO_TEXT_HPP
