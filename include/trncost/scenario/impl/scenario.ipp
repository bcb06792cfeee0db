// The definitions of scenario/scenario.hpp's functions and the scenario file's parser (its tables
// in parse_tables.ipp) and builder (builder.ipp): included by that header (header-only) or
// compiled once by <trncost/scenario/src.hpp> (TRNCOST_SEPARATE_COMPILATION), so that only that
// unit parses toml++.
#ifndef TRNCOST_SCENARIO_IMPL_SCENARIO_IPP
#define TRNCOST_SCENARIO_IMPL_SCENARIO_IPP

// toml++ is included as shipped: inputs on which toml++ 3.3 breaks its own preconditions are
// refused before it sees them (detail/toml_check.hpp).
#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <set>
#include <sstream>
#include <system_error>

#include "../../compat/uncertainty.hpp"
#include "../../credits.hpp"
#include "../../measure.hpp"
#include "../../model.hpp"
#include "../../pricing.hpp"
#include "../../readers/detail/input.hpp"
#include "../../readers/detail/toml_check.hpp"
#include "../../readers/model_support.hpp"
#include "../../readers/neuron_monitor.hpp"
#include "../../readers/price_list.hpp"
#include "../../readers/run_log.hpp"
#include "../../report/extras.hpp"
#include "../../report/report.hpp"
#include "../scenario.hpp"

namespace trncost::scenario::detail {

inline std::string iso_date(const toml::date& d) {
  // Zeros appended before the year, never inserted: g++ 12 at -O3 reports a false -Wrestrict
  // inside an inlined std::string::insert(0, ...).
  const std::string y = std::to_string(d.year);
  std::string out(y.size() < 4 ? 4 - y.size() : 0, '0');
  out += y;
  out += '-';
  out += two_digits(d.month);
  out += '-';
  out += two_digits(d.day);
  return out;
}

class scenario_parser {
 public:
  explicit scenario_parser(std::string_view file) : file_(file) {}

  scenario_spec parse(std::string_view text) {
    if (const auto refused = readers::detail::check_toml(text)) {
      fail_at(
          refused->line, "",
          "is not valid TOML: column " + std::to_string(refused->column) + ": " + refused->rule);
    }
    toml::table root;
    try {
      root = toml::parse(text, std::string_view(file_));
    } catch (const toml::parse_error& e) {
      fail_at(e.source().begin.line, "", "is not valid TOML: " + std::string(e.description()));
    }
    return parse_root(root);
  }

  /// The spec of a parsed TOML document (a scenario file, or one option of a study merged over its
  /// common inputs, scenario/study.hpp): the nodes keep the lines they were read at.
  scenario_spec parse_root(const toml::table& root) {
    scenario_spec s;
    s.file = file_;
    check_keys(root, "", scenario_root_keys, "a scenario file");
    check_format(root);
    s.format = scenario_format_version;
    read_sources(root);
    return parse_tables(root, std::move(s));
  }

  /// Checks the `format = 1` line of a scenario or study file.
  void check_format(const toml::table& root) const {
    const toml::node* format = root.get("format");
    if (format == nullptr) {
      fail_at(0, "format",
              "is missing; a scenario file starts with `format = " +
                  std::to_string(scenario_format_version) + "`");
    }
    const auto version = format->value<std::int64_t>();
    if (!format->is_integer() || !version || *version < 1) {
      fail_at(line_of(*format), "format", "must be a whole number (the scenario format, 1)");
    }
    if (*version > scenario_format_version) {
      fail_at(line_of(*format), "format",
              "is " + std::to_string(*version) +
                  ", newer than the scenario format this trncost "
                  "reads (" +
                  std::to_string(scenario_format_version) + "); use a newer trncost");
    }
  }

  /// A number of days a setting takes (freshness_days, max_age_days): a whole number, 0 to 36500.
  std::int64_t day_setting(const toml::node& n, const std::string& path) const {
    const auto days = n.value<std::int64_t>();
    if (!n.is_integer() || !days || *days < 0 || *days > 36500) {
      fail_at(line_of(n), path, "must be a whole number of days, 0 to 36500");
    }
    return *days;
  }

  /// Reads [sources]: named provenances that inputs refer to with `source = "NAME"`.
  void read_sources(const toml::table& root) {
    sources_.clear();
    if (root.get("sources") == nullptr) return;
    const toml::table& t = table(root, "sources", "sources");
    for (auto&& [k, v] : t) {
      const std::string path = "sources." + std::string(k.str());
      const toml::table* st = v.as_table();
      if (st == nullptr) {
        fail_at(key_line(k, v), path,
                "must be a table holding one provenance: [sources." + std::string(k.str()) +
                    "] then measured = { ... } (or assumption, third_party, documented, quoted, "
                    "choice, forecast)");
      }
      check_keys(*st, path, provenance_keys, "a named source");
      std::optional<provenance> p;
      for (auto&& [pk, pv] : *st) {
        if (p) {
          fail_at(key_line(pk, pv), join(path, pk.str()),
                  "a named source holds exactly one provenance");
        }
        p = origin(pk.str(), pv, join(path, pk.str()));
      }
      if (!p) {
        fail_at(line_of(*st), path,
                "is empty: add measured, assumption, third_party, documented, quoted, choice or "
                "forecast");
      }
      sources_.emplace(std::string(k.str()), std::move(*p));
    }
  }

  scenario_spec parse_tables(const toml::table& root, scenario_spec s);

  /// The top-level keys of a scenario file.
  static constexpr std::array<std::string_view, 12> scenario_root_keys{
      "format",       "sources",  "estimate", "prices", "runs",        "component",
      "declare_none", "analysis", "grant",    "spend",  "uncertainty", "compat"};
  static constexpr std::array<std::string_view, 5> compat_keys{"model_support", "consulted",
                                                               "model", "stack", "owner"};
  static constexpr std::array<std::string_view, 5> uncertainty_keys{"subject", "kind", "status",
                                                                    "owner", "detail"};
  /// The provenance kinds an input or a named source may hold.
  /// (provenance_kinds' file spellings: every kind a file writes on an input.)
  static constexpr std::array<std::string_view, 7> provenance_keys{
      spelling_of<measured>.file,   spelling_of<assumption>.file, spelling_of<third_party>.file,
      spelling_of<documented>.file, spelling_of<quoted>.file,     spelling_of<choice>.file,
      spelling_of<forecast>.file};
  /// The keys of each table, as the parser checks them (docs/scenario.md lists them with the
  /// library feature each one reaches; tests/scenario/parity_test.cpp keeps the two in step).
  static constexpr std::array<std::string_view, 6> estimate_keys{
      "title", "as_of", "region", "freshness_days", "strict_freshness", "cost_per"};
  static constexpr std::array<std::string_view, 5> prices_keys{"files", "store", "consulted",
                                                               "max_age_days", "savings_plans"};
  static constexpr std::array<std::string_view, 2> runs_keys{"files", "monitor"};
  static constexpr std::array<std::string_view, 2> monitor_keys{"file", "run"};
  static constexpr std::array<std::string_view, 3> spend_keys{"start", "end", "repeats"};
  static constexpr std::array<std::string_view, 2> price_file_keys{"file", "where"};
  static constexpr std::array<std::string_view, 4> analysis_keys{"tornado_band", "tornado_observed",
                                                                 "monte_carlo", "scenario"};
  static constexpr std::array<std::string_view, 5> monte_carlo_keys{"samples", "seed", "budget",
                                                                    "inputs", "correlations"};
  static constexpr std::array<std::string_view, 2> correlation_keys{"inputs", "rho"};
  static constexpr std::array<std::string_view, 2> alternative_keys{"name", "overrides"};
  static constexpr std::array<std::string_view, 5> grant_keys{"name", "amount", "issued",
                                                              "last_valid_day", "services"};
  static constexpr std::array<std::string_view, 5> measured_keys{"run", "method", "from", "to",
                                                                 "on"};
  static constexpr std::array<std::string_view, 2> third_party_keys{"source", "seen"};
  static constexpr std::array<std::string_view, 2> documented_keys{"source", "consulted"};
  static constexpr std::array<std::string_view, 3> quoted_keys{"source", "region", "consulted"};
  static constexpr std::array<std::string_view, 4> uncertain_input_keys{
      "input", "uniform", "triangular", "lognormal_90"};
  static constexpr std::array<std::string_view, 11> input_keys{"value",
                                                               provenance_keys[0],
                                                               provenance_keys[1],
                                                               provenance_keys[2],
                                                               provenance_keys[3],
                                                               provenance_keys[4],
                                                               provenance_keys[5],
                                                               provenance_keys[6],
                                                               "source",
                                                               "unknown",
                                                               "unit"};
  static constexpr std::array<std::string_view, 2> choice_keys{"why", "by"};
  static constexpr std::array<std::string_view, 2> forecast_keys{"basis", "by"};

  // A study file reads its own tables with the same rules (scenario/study.hpp); the component kinds
  // (scenario/kinds/) read theirs.
  std::string file_;
  std::map<std::string, provenance, std::less<>> sources_;
  // The path each [[component]] is named by in errors, by its index in the table parsed; a study
  // sets it for an option's components (those it adds are the option's, "option[1].component[0]").
  // Empty: "component[i]".
  std::vector<std::string> component_paths_;

  [[noreturn]] void fail_at(std::uint64_t line, std::string_view key, std::string_view rule) const {
    readers::fail(readers::input_position::at_line(file_, line), key, rule);
  }
  static std::uint64_t line_of(const toml::node& n) noexcept { return n.source().begin.line; }
  static std::uint64_t key_line(const toml::key& k, const toml::node& v) noexcept {
    return k.source().begin.line != 0 ? k.source().begin.line : line_of(v);
  }
  static std::string join(std::string_view path, std::string_view key) {
    return path.empty() ? std::string(key) : std::string(path) + "." + std::string(key);
  }
  template <class Range>
  static std::string suggestion(std::string_view word, const Range& known) {
    if (const auto c = closest(word, known)) return " (did you mean \"" + std::string(*c) + "\"?)";
    return "";
  }

  template <class Range>
  void check_keys(const toml::table& t, std::string_view path, const Range& allowed,
                  std::string_view what) const {
    for (auto&& [k, v] : t) {
      if (std::find(allowed.begin(), allowed.end(), k.str()) != allowed.end()) continue;
      fail_at(key_line(k, v), join(path, k.str()),
              "unknown key" + suggestion(k.str(), allowed) + "; " + std::string(what) + " takes " +
                  join_quoted(allowed));
    }
  }

  const toml::node& required(const toml::table& t, std::string_view path,
                             std::string_view key) const {
    const toml::node* n = t.get(key);
    if (n == nullptr) fail_at(line_of(t), join(path, key), "is missing (required)");
    return *n;
  }

  const toml::table& table(const toml::table& t, std::string_view path,
                           std::string_view key) const {
    const toml::node& n = required(t, "", key);
    const toml::table* tt = n.as_table();
    if (tt == nullptr) fail_at(line_of(n), path, "must be a table ([" + std::string(key) + "])");
    return *tt;
  }

  const toml::array& array(const toml::table& t, std::string_view path,
                           std::string_view key) const {
    const toml::node& n = required(t, path, key);
    const toml::array* a = n.as_array();
    if (a == nullptr) fail_at(line_of(n), join(path, key), "must be an array ([...])");
    return *a;
  }

  std::string string(const toml::table& t, std::string_view path, std::string_view key,
                     bool need) const {
    const toml::node* n = t.get(key);
    if (n == nullptr) {
      if (need) fail_at(line_of(t), join(path, key), "is missing (required)");
      return {};
    }
    const auto v = n->value<std::string>();
    if (!n->is_string() || !v || v->empty()) {
      fail_at(line_of(*n), join(path, key), "must be non-empty text (a TOML string)");
    }
    return *v;
  }

  std::string path_string(const toml::node& n, std::string_view path) const {
    const auto v = n.value<std::string>();
    if (!n.is_string() || !v || v->empty()) {
      fail_at(line_of(n), path, "must be a file path (a non-empty TOML string)");
    }
    return *v;
  }

  date date_value(const toml::node& n, std::string_view path) const {
    if (const auto* d = n.as_date()) {
      try {
        return parse_date(iso_date(d->get()));
      } catch (const trncost::error&) {
        fail_at(line_of(n), path, "is not a calendar date");
      }
    }
    if (const auto* str = n.as_string()) {
      try {
        return parse_date(str->get());
      } catch (const trncost::error&) {
      }
    }
    fail_at(line_of(n), path, "must be a date (YYYY-MM-DD, unquoted)");
  }

  timestamp timestamp_value(const toml::node& n, std::string_view path) const {
    std::string text;
    if (const auto* dt = n.as_date_time()) {
      const auto& v = dt->get();
      if (!v.offset || v.offset->minutes != 0) {
        fail_at(line_of(n), path, "must be a UTC time (ending in Z, e.g. 2026-11-20T09:00:00Z)");
      }
      text = iso_date(v.date) + "T" + two_digits(v.time.hour) + ":" + two_digits(v.time.minute) +
             ":" + two_digits(v.time.second) + "Z";
    } else if (const auto* str = n.as_string()) {
      text = str->get();
    } else {
      fail_at(line_of(n), path, "must be a UTC time (e.g. 2026-11-20T09:00:00Z, unquoted)");
    }
    try {
      return parse_timestamp(text);
    } catch (const trncost::error&) {
      fail_at(line_of(n), path, "must be a UTC time (e.g. 2026-11-20T09:00:00Z, unquoted)");
    }
  }

  scenario_price_file price_file(const toml::node& n, const std::string& path) const {
    scenario_price_file f;
    f.line = line_of(n);
    if (n.is_string()) {
      f.path = path_string(n, path);
      return f;
    }
    const toml::table* t = n.as_table();
    if (t == nullptr) {
      fail_at(f.line, path,
              "must be a file path or { file = \"...\", where = { attribute = \"value\" } }");
    }
    check_keys(*t, path, price_file_keys, "a price file");
    f.path = path_string(required(*t, path, "file"), join(path, "file"));
    if (const toml::node* w = t->get("where")) {
      const toml::table* wt = w->as_table();
      if (wt == nullptr) {
        fail_at(line_of(*w), join(path, "where"),
                "must be a table of attribute = \"value\" or attribute = [\"value\", ...]");
      }
      for (auto&& [k, v] : *wt) {
        const std::string kp = join(join(path, "where"), k.str());
        std::vector<std::string> values;
        if (const auto s = v.value<std::string>(); v.is_string() && s) {
          values.push_back(*s);
        } else if (const toml::array* a = v.as_array(); a != nullptr && !a->empty()) {
          for (const auto& e : *a) {
            const auto s2 = e.value<std::string>();
            if (!e.is_string() || !s2) fail_at(line_of(e), kp, "values must be text");
            values.push_back(*s2);
          }
        } else {
          fail_at(line_of(v), kp, "must be a value (text) or a non-empty array of values");
        }
        f.where.emplace_back(std::string(k.str()), std::move(values));
      }
    }
    return f;
  }

  std::string decimal_text(const toml::node& n, const std::string& path) const {
    const auto text = n.value<std::string>();
    if (!n.is_string() || !text) {
      fail_at(line_of(n), path, "must be an exact decimal as text (\"0.1\"), never a TOML number");
    }
    try {
      (void)decimal::parse(*text);
    } catch (const trncost::error& e) {
      fail_at(line_of(n), path, readers::decimal_rule(*text, e, "number"));
    }
    return *text;
  }

  std::uint64_t whole(const toml::node& n, const std::string& path, std::int64_t max) const {
    const auto v = n.value<std::int64_t>();
    if (!n.is_integer() || !v || *v < 0 || *v > max) {
      fail_at(line_of(n), path, "must be a whole number from 0 to " + std::to_string(max));
    }
    return static_cast<std::uint64_t>(*v);
  }

  scenario_analysis analysis(const toml::table& t) const;

  /// { inputs = ["a", "b"], rho = "0.8" }: two distinct inputs and a rank correlation in [-1, 1].
  scenario_correlation correlation(const toml::node& n, const std::string& path) const;

  /// [[analysis.scenario]]: name = "...", overrides = { "input" = { value = "...", <provenance> }
  /// }.
  scenario_alternative alternative(const toml::table& t, const std::string& path) const;

  /// One [[uncertainty]]: subject, kind, status (open unless said), owner, detail.
  std::pair<migration_uncertainty, std::uint64_t> uncertainty(const toml::table& t,
                                                              const std::string& path) const;

  scenario_grant grant(const toml::table& t, const std::string& path) const;

  /// The code of the AWS service a node names ("AmazonEC2", "Amazon EC2", "ec2"), or a parse error
  /// at its line listing the services trncost knows.
  std::string service_code(const toml::node& e, const std::string& path) const;

  /// { value = "...", <one provenance> = ... }, or for a price the name of its query.
  scenario_value value(const toml::node& n, const std::string& path, const scenario_key& key) const;

  /// `source = "NAME"`: the provenance written once under [sources.NAME].
  provenance named_source(const toml::node& n, const std::string& path) const;

  provenance origin(std::string_view kind, const toml::node& n, const std::string& path) const;

  template <class Range>
  void read_keys(const toml::table& t, const std::string& path, const Range& keys,
                 std::map<std::string, std::string>& text,
                 std::map<std::string, scenario_value>& values,
                 std::map<std::string, bool>& flags) const {
    for (const scenario_key& k : keys) {
      const toml::node* n = t.get(k.name);
      if (n == nullptr) {
        if (k.required) fail_at(line_of(t), join(path, k.name), "is missing (required)");
        continue;
      }
      const std::string kp = join(path, k.name);
      switch (k.type) {
        case kt::text:
          text[std::string(k.name)] = string(t, path, k.name, true);
          break;
        case kt::input:
        case kt::price:
          values[std::string(k.name)] = value(*n, kp, k);
          break;
        case kt::flag: {
          const auto b = n->value<bool>();
          if (!n->is_boolean() || !b) fail_at(line_of(*n), kp, "must be true or false");
          flags[std::string(k.name)] = *b;
          break;
        }
        case kt::files:
        case kt::purchase:
        case kt::cache:
        case kt::transfers:
        case kt::period:
        case kt::throughput:
        case kt::profile:
          break;  // read by the caller
      }
    }
  }
  template <class Range>
  void read_keys(const toml::table& t, const std::string& path, const Range& keys,
                 std::map<std::string, std::string>& text,
                 std::map<std::string, scenario_value>& values) const {
    std::map<std::string, bool> flags;
    read_keys(t, path, keys, text, values, flags);
  }

  /// Exactly one of `keys` (at most one when `optional`): "hours" or "period", "trial_seconds" or
  /// "trial_hours"...
  void one_of(const toml::table& t, const std::string& path,
              std::initializer_list<std::string_view> keys, bool optional,
              std::string_view why) const {
    std::vector<std::string_view> present;
    for (std::string_view k : keys) {
      if (t.get(k) != nullptr) present.push_back(k);
    }
    if (present.size() > 1) {
      fail_at(line_of(*t.get(present[1])), join(path, present[1]),
              "is given with " + std::string(present[0]) + "; write exactly one of " +
                  join_quoted(keys) + " (" + std::string(why) + ")");
    }
    if (present.empty() && !optional) {
      fail_at(
          line_of(t), join(path, *keys.begin()),
          "is missing: write exactly one of " + join_quoted(keys) + " (" + std::string(why) + ")");
    }
  }

  /// A bound of a latency target: exact decimal text or a whole number (ttft_ms = 500).
  std::string bound(const toml::node& n, const std::string& path) const {
    if (n.is_integer()) {
      const auto v = n.value<std::int64_t>();
      if (!v || *v <= 0) fail_at(line_of(n), path, "must be above 0");
      return std::to_string(*v);
    }
    const std::string text = decimal_text(n, path);
    if (!(decimal{} < decimal::parse(text))) fail_at(line_of(n), path, "must be above 0");
    return text;
  }

  /// `period = { from = 2027-01-01, to = 2027-04-01, <provenance> }`, `to` exclusive.
  scenario_period period(const toml::node& n, const std::string& path) const {
    const toml::table* t = n.as_table();
    if (t == nullptr) {
      fail_at(line_of(n), path,
              "must be { from = 2027-01-01, to = 2027-04-01, assumption = \"...\" } (to "
              "excluded), or write hours = { value = \"...\", ... } instead");
    }
    check_keys(
        *t, path,
        std::array<std::string_view, 10>{"from", "to", provenance_keys[0], provenance_keys[1],
                                         provenance_keys[2], provenance_keys[3], provenance_keys[4],
                                         provenance_keys[5], provenance_keys[6], "source"},
        "a period");
    const date from = date_value(required(*t, path, "from"), join(path, "from"));
    const date to = date_value(required(*t, path, "to"), join(path, "to"));
    const provenance why = sole_provenance(*t, path, period_date_keys, "a period");
    if (!(from < to)) {
      fail_at(line_of(n), join(path, "to"), "must be after from (the days are [from, to))");
    }
    return scenario_period{from, to, why, line_of(n)};
  }

  /// The one provenance of a table whose other keys are `own` (a period's dates, a cache's
  /// location): one of provenance_keys, or `source = "NAME"`; refused when there are two or none.
  template <class Range>
  provenance sole_provenance(const toml::table& t, const std::string& path, const Range& own,
                             std::string_view what) const {
    std::optional<provenance> why;
    for (auto&& [k, v] : t) {
      if (std::find(std::begin(own), std::end(own), k.str()) != std::end(own)) continue;
      if (why) {
        fail_at(key_line(k, v), join(path, k.str()),
                std::string(what) +
                    " has exactly one provenance (measured, assumption, third_party, "
                    "documented, quoted, choice, forecast or source)");
      }
      why = k.str() == "source" ? named_source(v, join(path, k.str()))
                                : origin(k.str(), v, join(path, k.str()));
    }
    if (!why) {
      fail_at(line_of(t), path,
              "has no provenance: add measured, assumption, third_party, documented, quoted, "
              "choice, forecast or source");
    }
    return *why;
  }

  /// One [[component]] table: its kind's keys, read, then its kind's rules (scenario/kinds/).
  scenario_component component(const toml::table& t, std::size_t index) const;
};

}  // namespace trncost::scenario::detail

// In this order: the parser's tables, the builder, then the kinds that extend both.
#include "parse_tables.ipp"
// (the builder)
#include "builder.ipp"
// (the kinds)
#include "../kinds/registry.ipp"

namespace trncost::scenario::detail {

/// The kind a [[component]] names, or nullptr.
inline const component_kind* find_component_kind(std::string_view name) {
  for (const component_kind* k : component_kinds) {
    if (k->name == name) return k;
  }
  return nullptr;
}

inline scenario_component scenario_parser::component(const toml::table& t,
                                                     std::size_t index) const {
  const std::string path = index < component_paths_.size()
                               ? component_paths_[index]
                               : "component[" + std::to_string(index) + "]";
  scenario_component c;
  c.line = line_of(t);
  c.path = path;
  const std::vector<std::string_view> names = component_kind_names();
  const toml::node& kind_node = required(t, path, "kind");
  const auto kind_text = kind_node.value<std::string>();
  if (!kind_node.is_string() || !kind_text) {
    fail_at(line_of(kind_node), join(path, "kind"), "must be text, one of " + join_quoted(names));
  }
  const component_kind* kind = find_component_kind(*kind_text);
  if (kind == nullptr) {
    fail_at(line_of(kind_node), join(path, "kind"),
            "unknown component kind \"" + *kind_text + "\"" + suggestion(*kind_text, names) +
                "; the kinds are " + join_quoted(names));
  }
  c.kind = *kind_text;
  std::vector<std::string_view> allowed{"kind", "name"};
  for (const auto& k : kind->keys) allowed.push_back(k.name);
  check_keys(t, path, allowed, "a " + *kind_text + " component");
  c.name = string(t, path, "name", true);
  read_keys(t, path, kind->keys, c.text, c.values, c.flags);
  if (kind->rules != nullptr) kind->rules(*this, t, path, c);
  if (const toml::node* runs = t.get("runs")) {
    const toml::array* a = runs->as_array();
    if (a == nullptr || a->empty()) {
      fail_at(line_of(*runs), join(path, "runs"), "must be a non-empty array of run-log paths");
    }
    c.runs_line = line_of(*runs);
    for (std::size_t i = 0; i < a->size(); ++i) {
      c.runs.push_back(path_string((*a)[i], join(path, "runs") + "[" + std::to_string(i) + "]"));
    }
  }
  return c;
}

inline void scenario_builder::add(model& m, const scenario_component& c, std::size_t index) {
  const component_kind* kind = find_component_kind(c.kind);
  if (kind == nullptr) {
    throw input_error("kind: unknown component kind \"" + c.kind + "\"; the kinds are " +
                      join_quoted(component_kind_names()));
  }
  kind->add(*this, m, c, index);
}

}  // namespace trncost::scenario::detail

namespace trncost {

namespace scenario::detail {

TRNCOST_DECL std::string two_digits(unsigned v) { return (v < 10 ? "0" : "") + std::to_string(v); }

}  // namespace scenario::detail

namespace scenario {

[[nodiscard]] TRNCOST_DECL std::vector<std::string_view> component_kind_names() {
  std::vector<std::string_view> out;
  for (const detail::component_kind* k : detail::component_kinds) out.push_back(k->name);
  return out;
}

[[nodiscard]] TRNCOST_DECL std::vector<std::string> scenario_key_paths() {
  using p = detail::scenario_parser;
  std::vector<std::string> out;
  const auto add = [&out](std::string_view prefix, const auto& keys) {
    for (std::string_view k : keys) {
      out.push_back(prefix.empty() ? std::string(k) : std::string(prefix) + "." + std::string(k));
    }
  };
  add("", p::scenario_root_keys);
  add("estimate", p::estimate_keys);
  add("prices", p::prices_keys);
  add("prices.files[]", p::price_file_keys);
  add("runs", p::runs_keys);
  add("runs.monitor[]", p::monitor_keys);
  add("component", std::array<std::string_view, 2>{"kind", "name"});
  for (const detail::component_kind* kind : detail::component_kinds) {
    const std::string prefix = "component." + std::string(kind->name);
    for (const auto& k : kind->keys) out.push_back(prefix + "." + std::string(k.name));
    for (const auto& sub : kind->tables) {
      for (const auto& k : sub.typed)
        out.push_back(prefix + "." + std::string(sub.key) + "." + std::string(k.name));
      add(prefix + "." + std::string(sub.key), sub.names);
    }
  }
  for (const auto& [name, c] : detail::category_keys)
    out.push_back("declare_none." + std::string(name));
  add("analysis", p::analysis_keys);
  add("analysis.monte_carlo", p::monte_carlo_keys);
  add("analysis.monte_carlo.inputs[]", p::uncertain_input_keys);
  add("analysis.monte_carlo.correlations[]", p::correlation_keys);
  add("analysis.scenario", p::alternative_keys);
  add("grant", p::grant_keys);
  add("spend", p::spend_keys);
  add("uncertainty", p::uncertainty_keys);
  add("compat", p::compat_keys);
  for (std::string_view f : compat::stack_fields) out.push_back("compat.stack." + std::string(f));
  add("sources.NAME", p::provenance_keys);
  add("input", p::input_keys);
  add(spelling_of<measured>.file, p::measured_keys);
  add(spelling_of<third_party>.file, p::third_party_keys);
  add(spelling_of<documented>.file, p::documented_keys);
  add(spelling_of<quoted>.file, p::quoted_keys);
  add(spelling_of<choice>.file, p::choice_keys);
  add(spelling_of<forecast>.file, p::forecast_keys);
  return out;
}

[[nodiscard]] TRNCOST_DECL scenario_spec parse_scenario(std::string_view text,
                                                        std::string_view file) {
  return detail::scenario_parser(file).parse(text);
}

[[nodiscard]] TRNCOST_DECL scenario_spec read_scenario(const std::string& path) {
  std::error_code dir_ec;
  if (std::filesystem::is_directory(path, dir_ec)) {
    fail(readers::input_position::whole(path), "",
         "is a directory, not a file; give the file's path");
  }
  // A device, a FIFO or an oversized file is refused before any byte is read.
  return parse_scenario(readers::read_input_file(path), path);
}

[[nodiscard]] TRNCOST_DECL model build_model(const scenario_spec& spec,
                                             const price_store_reader& store) {
  return detail::scenario_builder(spec, store).build();
}

[[nodiscard]] TRNCOST_DECL estimate_options scenario_options(const scenario_spec& spec) {
  estimate_options o;
  o.freshness_window = day_count{spec.freshness_days};
  o.refuse_stale = spec.strict_freshness;
  o.cost_per = spec.cost_per;
  return o;
}

[[nodiscard]] TRNCOST_DECL estimate evaluate_scenario(const scenario_spec& spec, const model& m) {
  try {
    return m.evaluate(spec.as_of, scenario_options(spec));
  } catch (const trncost::error& e) {
    throw input_error(readers::input_position::whole(spec.file).to_string() + ": " +
                      trncost::detail::bare_message(e));
  }
}

[[nodiscard]] TRNCOST_DECL estimate evaluate_scenario(const scenario_spec& spec) {
  return evaluate_scenario(spec, build_model(spec));
}

}  // namespace scenario

namespace scenario::detail {

[[noreturn]] TRNCOST_DECL void scenario_rethrow(const scenario_spec& spec, std::uint64_t line,
                                                const std::string& key, const trncost::error& e) {
  throw input_error(readers::input_position::at_line(spec.file, line).to_string() + ": " + key +
                    ": " + trncost::detail::bare_message(e));
}

TRNCOST_DECL analysis::distribution scenario_distribution_of(const scenario_distribution& d) {
  const auto p = [&](std::size_t i) { return decimal::parse(d.params.at(i)); };
  if (d.kind == "uniform") return analysis::distribution::uniform(p(0), p(1));
  if (d.kind == "triangular") return analysis::distribution::triangular(p(0), p(1), p(2));
  return analysis::distribution::lognormal_90(p(0), p(1));
}

}  // namespace scenario::detail

namespace scenario {

[[nodiscard]] TRNCOST_DECL report::extras scenario_extras(const scenario_spec& spec, const model& m,
                                                          const estimate& est) {
  report::extras x;
  if (spec.analysis) {
    const auto& a = *spec.analysis;
    const analysis::model_inputs in(m);
    if (a.tornado_observed) {
      try {
        x.tornado = analysis::sensitivity(
            in, analysis::observed_ranges(
                    in, a.tornado_band ? std::optional<decimal>(decimal::parse(*a.tornado_band))
                                       : std::nullopt));
      } catch (const trncost::error& e) {
        detail::scenario_rethrow(spec, a.line, "analysis.tornado_observed", e);
      }
    } else if (a.tornado_band) {
      try {
        x.tornado = analysis::sensitivity(
            in, analysis::observed_bands(in, decimal::parse(*a.tornado_band)));
      } catch (const trncost::error& e) {
        detail::scenario_rethrow(spec, a.line, "analysis.tornado_band", e);
      }
    }
    if (a.samples > 0) {
      std::vector<analysis::uncertain_input> inputs;
      for (std::size_t i = 0; i < a.inputs.size(); ++i) {
        const auto& d = a.inputs[i];
        try {
          (void)in.find(d.input);
          inputs.push_back({d.input, detail::scenario_distribution_of(d)});
        } catch (const trncost::error& e) {
          detail::scenario_rethrow(spec, d.line,
                                   "analysis.monte_carlo.inputs[" + std::to_string(i) + "]", e);
        }
      }
      analysis::monte_carlo_options o;
      o.samples = a.samples;
      o.seed = a.seed;
      if (a.budget) o.budget = money::from_value(decimal::parse(*a.budget));
      // Each correlation alone, at its own line: its inputs exist and are drawn. What only the
      // set can break (a matrix no joint distribution has) is placed at the array.
      for (std::size_t i = 0; i < a.correlations.size(); ++i) {
        const auto& c = a.correlations[i];
        const std::string key = "analysis.monte_carlo.correlations[" + std::to_string(i) + "]";
        try {
          for (const auto* name : {&c.first, &c.second}) {
            const auto leaf = in.find(*name);
            const bool drawn = std::any_of(a.inputs.begin(), a.inputs.end(),
                                           [&](const auto& d) { return in.find(d.input) == leaf; });
            if (!drawn) {
              throw input_error("'" + *name +
                                "' is not one of the uncertain inputs (analysis.monte_carlo."
                                "inputs); only drawn inputs move together");
            }
          }
        } catch (const trncost::error& e) {
          detail::scenario_rethrow(spec, c.line, key, e);
        }
        o.correlations.push_back(analysis::correlation{
            .first = c.first, .second = c.second, .rho = decimal::parse(c.rho)});
      }
      try {
        x.monte_carlo = analysis::monte_carlo(in, inputs, o);
      } catch (const trncost::error& e) {
        if (!a.correlations.empty() &&
            std::string_view(e.what()).find("positive semi-definite") != std::string_view::npos) {
          detail::scenario_rethrow(spec, a.correlations.front().line,
                                   "analysis.monte_carlo.correlations", e);
        }
        detail::scenario_rethrow(spec, a.monte_carlo_line, "analysis.monte_carlo", e);
      }
    }
    if (!a.scenarios.empty()) {
      std::vector<analysis::scenario> scenarios;
      for (std::size_t i = 0; i < a.scenarios.size(); ++i) {
        const auto& alt = a.scenarios[i];
        const std::string path = "analysis.scenario[" + std::to_string(i) + "]";
        analysis::scenario sc{alt.name, {}};
        for (const auto& [name, v] : alt.overrides) {
          const std::string key = path + ".overrides.\"" + name + "\"";
          try {
            const auto& leaf = in.leaves()[in.find(name)];
            if (!v.unit.empty() && v.unit != leaf.record->unit) {
              throw input_error("unit: is \"" + v.unit + "\" where the input '" + name +
                                "' is in \"" + leaf.record->unit +
                                "\"; give the value in the input's unit");
            }
          } catch (const trncost::error& e) {
            detail::scenario_rethrow(spec, v.line, key, e);
          }
          sc.overrides.push_back({name, decimal::parse(v.value), describe(*v.origin)});
        }
        scenarios.push_back(std::move(sc));
      }
      try {
        x.scenarios = analysis::compare_scenarios(in, scenarios);
      } catch (const trncost::error& e) {
        detail::scenario_rethrow(spec, a.scenarios.front().line, "analysis.scenario", e);
      }
    }
  }
  if (!spec.grants.empty() && spec.spend) {
    std::vector<credits::grant> grants;
    for (std::size_t i = 0; i < spec.grants.size(); ++i) {
      const auto& g = spec.grants[i];
      try {
        if (const auto rule = unit_refusal(g.amount, units::symbol<units::usd_t>())) {
          throw input_error("amount.unit: " + *rule);
        }
        const sourced<money> amount(g.name + " amount",
                                    money::from_value(decimal::parse(g.amount.value)),
                                    *g.amount.origin);
        grants.emplace_back(g.name, amount, g.issued, credits::last_day{g.last_valid_day},
                            std::set<std::string>(g.services.begin(), g.services.end()));
        credits::check_timeline(grants.back(), est.as_of);
      } catch (const trncost::error& e) {
        detail::scenario_rethrow(spec, g.line, "grant[" + std::to_string(i) + "]", e);
      }
    }
    try {
      auto schedule = credits::spend_schedule::spread(est, spec.spend->start, spec.spend->end);
      // A one-off job is not projected past its end unless the file says it repeats; a service
      // goes on at its rate unless the file says it stops.
      const bool service = std::any_of(
          spec.components.begin(), spec.components.end(), [](const scenario_component& c) {
            return c.kind == "serving" || c.kind == "autoscaled_serving" || c.kind == "hosted_api";
          });
      if (!spec.spend->repeats.value_or(service)) schedule.set_rate(credits::spend_rate{});
      x.burn_down = credits::burn_down(grants, schedule);
    } catch (const trncost::error& e) {
      detail::scenario_rethrow(spec, spec.spend->line, "spend", e);
    }
  }
  return x;
}

}  // namespace scenario

}  // namespace trncost

#endif  // TRNCOST_SCENARIO_IMPL_SCENARIO_IPP
