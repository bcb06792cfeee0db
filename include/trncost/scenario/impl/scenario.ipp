// The definitions of scenario/scenario.hpp's functions and the scenario file's parser and builder:
// included by that header (header-only) or compiled once by <trncost/scenario/src.hpp>
// (TRNCOST_SEPARATE_COMPILATION), so that only that unit parses toml++.
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
#include "../../prices.hpp"
#include "../../readers/detail/input.hpp"
#include "../../readers/detail/toml_check.hpp"
#include "../../readers/model_support.hpp"
#include "../../readers/price_list.hpp"
#include "../../readers/run_log.hpp"
#include "../../report/extras.hpp"
#include "../../report/report.hpp"
#include "../scenario.hpp"

namespace trncost::io::detail {

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
    if (const auto refused = check_toml(text)) {
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

  scenario_spec parse_tables(const toml::table& root, scenario_spec s) {
    const toml::table& est = table(root, "estimate", "estimate");
    check_keys(est, "estimate", estimate_keys, "[estimate]");
    s.title = string(est, "estimate", "title", true);
    s.as_of = date_value(required(est, "estimate", "as_of"), "estimate.as_of");
    s.region = string(est, "estimate", "region", true);
    if (!is_region_code(s.region)) {
      fail_at(line_of(*est.get("region")), "estimate.region",
              "\"" + s.region + "\" is not an AWS region code (us-east-1, eu-west-1, ...)");
    }
    if (const toml::node* f = est.get("freshness_days")) {
      s.freshness_days = day_setting(*f, "estimate.freshness_days");
    }
    if (const toml::node* f = est.get("strict_freshness")) {
      const auto b = f->value<bool>();
      if (!f->is_boolean() || !b)
        fail_at(line_of(*f), "estimate.strict_freshness", "must be true or false");
      s.strict_freshness = *b;
    }
    if (const toml::node* u = est.get("cost_per")) {
      const auto& named = cost_per_units;
      s.cost_per = string(est, "estimate", "cost_per", true);
      if (std::find(named.begin(), named.end(), s.cost_per) == named.end()) {
        fail_at(line_of(*u), "estimate.cost_per",
                "is \"" + s.cost_per + "\"" + suggestion(s.cost_per, named) +
                    ": a cost per unit of work is quoted per one of " + join_quoted(named) +
                    " (a job is a run or a trial)");
      }
    }

    const toml::table& prices = table(root, "prices", "prices");
    check_keys(prices, "prices", prices_keys, "[prices]");
    if (const toml::node* c = prices.get("consulted")) {
      s.prices_consulted = date_value(*c, "prices.consulted");
    }
    if (const toml::node* m = prices.get("max_age_days")) {
      s.max_age_days = day_setting(*m, "prices.max_age_days");
    }
    if (const toml::node* st = prices.get("store")) {
      s.price_store = path_string(*st, "prices.store");
      s.price_store_line = line_of(*st);
    }
    if (prices.get("savings_plans") != nullptr) {
      const toml::array& sp = array(prices, "prices", "savings_plans");
      for (std::size_t i = 0; i < sp.size(); ++i) {
        const std::string path = "prices.savings_plans[" + std::to_string(i) + "]";
        s.savings_plans.push_back({path_string(sp[i], path), line_of(sp[i])});
      }
    }
    if (s.price_store.empty() || prices.get("files") != nullptr) {
      const toml::array& pfiles = array(prices, "prices", "files");
      for (std::size_t i = 0; i < pfiles.size(); ++i) {
        s.price_files.push_back(price_file(pfiles[i], "prices.files[" + std::to_string(i) + "]"));
      }
    }

    if (root.get("runs") != nullptr) {
      const toml::table& runs = table(root, "runs", "runs");
      check_keys(runs, "runs", runs_keys, "[runs]");
      const toml::array& rfiles = array(runs, "runs", "files");
      for (std::size_t i = 0; i < rfiles.size(); ++i) {
        const std::string path = "runs.files[" + std::to_string(i) + "]";
        s.run_files.push_back({path_string(rfiles[i], path), line_of(rfiles[i])});
      }
    }

    if (const toml::node* comps = root.get("component")) {
      const toml::array* a = comps->as_array();
      if (a == nullptr || !a->is_array_of_tables()) {
        fail_at(line_of(*comps), "component",
                "must be an array of tables: write each component as [[component]]");
      }
      for (std::size_t i = 0; i < a->size(); ++i) {
        s.components.push_back(component(*(*a)[i].as_table(), i));
        for (std::size_t j = 0; j + 1 < s.components.size(); ++j) {
          if (s.components[j].name == s.components.back().name) {
            fail_at(s.components.back().line, s.components.back().path + ".name",
                    "\"" + s.components.back().name + "\" is already the name of " +
                        s.components[j].path + "; component names must differ");
          }
        }
      }
    }

    if (root.get("declare_none") != nullptr) {
      const toml::table& none = table(root, "declare_none", "declare_none");
      for (auto&& [k, v] : none) {
        const std::string_view name = k.str();
        const std::string path = "declare_none." + std::string(name);
        const auto it = std::find_if(category_keys.begin(), category_keys.end(),
                                     [name](const auto& c) { return c.first == name; });
        if (it == category_keys.end()) {
          std::array<std::string_view, 6> names{};
          std::transform(category_keys.begin(), category_keys.end(), names.begin(),
                         [](const auto& c) { return c.first; });
          fail_at(key_line(k, v), path,
                  "unknown category" + suggestion(k.str(), names) + "; the categories are " +
                      join_quoted(names));
        }
        const auto why = v.value<std::string>();
        if (!v.is_string() || !why || why->empty()) {
          fail_at(line_of(v), path, "must be the justification, as non-empty text");
        }
        s.none.push_back({it->second, *why, line_of(v)});
      }
    }

    if (root.get("analysis") != nullptr) s.analysis = analysis(table(root, "analysis", "analysis"));
    if (const toml::node* g = root.get("grant")) {
      const toml::array* a = g->as_array();
      if (a == nullptr || !a->is_array_of_tables()) {
        fail_at(line_of(*g), "grant", "must be an array of tables: write each grant as [[grant]]");
      }
      for (std::size_t i = 0; i < a->size(); ++i) {
        s.grants.push_back(grant(*(*a)[i].as_table(), "grant[" + std::to_string(i) + "]"));
      }
    }
    if (const toml::node* u = root.get("uncertainty")) {
      const toml::array* a = u->as_array();
      if (a == nullptr || !a->is_array_of_tables()) {
        fail_at(line_of(*u), "uncertainty",
                "must be an array of tables: write each migration uncertainty as [[uncertainty]]");
      }
      for (std::size_t i = 0; i < a->size(); ++i) {
        s.uncertainties.push_back(
            uncertainty(*(*a)[i].as_table(), "uncertainty[" + std::to_string(i) + "]"));
      }
    }
    if (root.get("compat") != nullptr) {
      const toml::table& ct = table(root, "compat", "compat");
      check_keys(ct, "compat", compat_keys, "[compat]");
      scenario_compat c;
      c.line = line_of(ct);
      c.model_support =
          path_string(required(ct, "compat", "model_support"), "compat.model_support");
      c.consulted = date_value(required(ct, "compat", "consulted"), "compat.consulted");
      c.model = string(ct, "compat", "model", true);
      c.owner = string(ct, "compat", "owner", true);
      const toml::table& st = table(ct, "compat.stack", "stack");
      for (auto&& [k, v] : st) {
        const std::string field(k.str());
        const std::string path = "compat.stack." + field;
        if (std::find(compat::stack_fields.begin(), compat::stack_fields.end(), field) ==
            compat::stack_fields.end()) {
          fail_at(key_line(k, v), path,
                  "unknown field" + suggestion(field, compat::stack_fields) + "; a stack takes " +
                      join_quoted(compat::stack_fields));
        }
        const auto version = v.value<std::string>();
        if (!v.is_string() || !version || version->empty()) {
          fail_at(line_of(v), path, "must be the version as non-empty text (\"2.21.33363.0\")");
        }
        c.stack.emplace_back(field, *version);
      }
      if (c.stack.empty()) {
        fail_at(line_of(ct), "compat.stack",
                "is empty: give the versions of the target stack (neuronx_cc = \"...\", ...)");
      }
      s.compat = std::move(c);
    }
    if (root.get("spend") != nullptr) {
      const toml::table& sp = table(root, "spend", "spend");
      check_keys(sp, "spend", spend_keys, "[spend]");
      s.spend = scenario_spend{date_value(required(sp, "spend", "start"), "spend.start"),
                               date_value(required(sp, "spend", "end"), "spend.end"), line_of(sp)};
      if (!(s.spend->start < s.spend->end)) {
        fail_at(s.spend->line, "spend.end",
                "must be after spend.start (the days are [start, end))");
      }
      if (const toml::node* r = sp.get("repeats")) {
        const auto b = r->value<bool>();
        if (!r->is_boolean() || !b) fail_at(line_of(*r), "spend.repeats", "must be true or false");
        s.spend->repeats = *b;
      }
    }
    if (!s.grants.empty() && !s.spend) {
      fail_at(s.grants.front().line, "spend",
              "is missing: grants need [spend] start and end (the days the job's spend happens)");
    }
    if (s.spend && s.grants.empty()) {
      fail_at(s.spend->line, "grant", "is missing: [spend] is only read for a credit burn-down");
    }
    return s;
  }

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
  static constexpr std::array<std::string_view, 1> runs_keys{"files"};
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
    io::fail(input_position::at_line(file_, line), key, rule);
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
      fail_at(line_of(n), path, decimal_rule(*text, e, "number"));
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

  scenario_analysis analysis(const toml::table& t) const {
    scenario_analysis a;
    a.line = line_of(t);
    check_keys(t, "analysis", analysis_keys, "[analysis]");
    if (const toml::node* b = t.get("tornado_band")) {
      a.tornado_band = decimal_text(*b, "analysis.tornado_band");
    }
    if (const toml::node* o = t.get("tornado_observed")) {
      const auto b = o->value<bool>();
      if (!o->is_boolean() || !b) {
        fail_at(line_of(*o), "analysis.tornado_observed", "must be true or false");
      }
      a.tornado_observed = *b;
    }
    if (t.get("monte_carlo") != nullptr) {
      const toml::table& mc = table(t, "analysis.monte_carlo", "monte_carlo");
      a.monte_carlo_line = line_of(mc);
      check_keys(mc, "analysis.monte_carlo", monte_carlo_keys, "[analysis.monte_carlo]");
      a.samples = whole(required(mc, "analysis.monte_carlo", "samples"),
                        "analysis.monte_carlo.samples", 100'000'000);
      if (a.samples == 0) {
        fail_at(a.monte_carlo_line, "analysis.monte_carlo.samples", "must be above 0");
      }
      if (const toml::node* sd = mc.get("seed")) {
        a.seed = whole(*sd, "analysis.monte_carlo.seed", std::numeric_limits<std::int64_t>::max());
      }
      if (const toml::node* bg = mc.get("budget")) {
        a.budget = decimal_text(*bg, "analysis.monte_carlo.budget");
      }
      const toml::array& in = array(mc, "analysis.monte_carlo", "inputs");
      const auto& keys = uncertain_input_keys;
      for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string path = "analysis.monte_carlo.inputs[" + std::to_string(i) + "]";
        const toml::table* d = in[i].as_table();
        if (d == nullptr) {
          fail_at(line_of(in[i]), path,
                  "must be { input = \"name\", uniform = [\"low\", \"high\"] } (or triangular, "
                  "lognormal_90)");
        }
        check_keys(*d, path, keys, "an uncertain input");
        scenario_distribution dist;
        dist.line = line_of(in[i]);
        dist.input = string(*d, path, "input", true);
        for (auto&& [k, v] : *d) {
          if (k.str() == "input") continue;
          if (!dist.kind.empty()) {
            fail_at(key_line(k, v), join(path, k.str()), "an input has exactly one distribution");
          }
          dist.kind = std::string(k.str());
          const toml::array* ps = v.as_array();
          const std::size_t want = dist.kind == "triangular" ? 3 : 2;
          if (ps == nullptr || ps->size() != want) {
            fail_at(line_of(v), join(path, k.str()),
                    "must be an array of " + std::to_string(want) + " decimals as text");
          }
          for (std::size_t j = 0; j < ps->size(); ++j) {
            dist.params.push_back(
                decimal_text((*ps)[j], join(path, k.str()) + "[" + std::to_string(j) + "]"));
          }
        }
        if (dist.kind.empty()) {
          fail_at(dist.line, path, "has no distribution: add uniform, triangular or lognormal_90");
        }
        a.inputs.push_back(std::move(dist));
      }
      if (a.inputs.empty()) {
        fail_at(a.monte_carlo_line, "analysis.monte_carlo.inputs",
                "is empty: name at least one uncertain input");
      }
      if (mc.get("correlations") != nullptr) {
        const toml::array& cs = array(mc, "analysis.monte_carlo", "correlations");
        for (std::size_t i = 0; i < cs.size(); ++i) {
          const std::string path = "analysis.monte_carlo.correlations[" + std::to_string(i) + "]";
          auto c = correlation(cs[i], path);
          for (const auto& d : a.correlations) {
            if ((d.first == c.first && d.second == c.second) ||
                (d.first == c.second && d.second == c.first)) {
              fail_at(c.line, join(path, "inputs"),
                      "\"" + c.first + "\" and \"" + c.second +
                          "\" are correlated twice; give each pair once");
            }
          }
          a.correlations.push_back(std::move(c));
        }
      }
    }
    if (const toml::node* sc = t.get("scenario")) {
      const toml::array* arr = sc->as_array();
      if (arr == nullptr || !arr->is_array_of_tables()) {
        fail_at(line_of(*sc), "analysis.scenario",
                "must be an array of tables: write each scenario as [[analysis.scenario]]");
      }
      for (std::size_t i = 0; i < arr->size(); ++i) {
        const std::string path = "analysis.scenario[" + std::to_string(i) + "]";
        auto alt = alternative(*(*arr)[i].as_table(), path);
        for (const auto& other : a.scenarios) {
          if (other.name == alt.name) {
            fail_at(alt.line, join(path, "name"),
                    "\"" + alt.name + "\" names two scenarios; each scenario has its own name");
          }
        }
        a.scenarios.push_back(std::move(alt));
      }
    }
    return a;
  }

  /// { inputs = ["a", "b"], rho = "0.8" }: two distinct inputs and a rank correlation in [-1, 1].
  scenario_correlation correlation(const toml::node& n, const std::string& path) const {
    const toml::table* t = n.as_table();
    if (t == nullptr) {
      fail_at(line_of(n), path,
              "must be { inputs = [\"first\", \"second\"], rho = \"0.8\" } (two uncertain inputs "
              "and their rank correlation)");
    }
    check_keys(*t, path, correlation_keys, "a correlation");
    scenario_correlation c;
    c.line = line_of(n);
    const toml::array& names = array(*t, path, "inputs");
    const auto name = [&](std::size_t i) {
      const auto v = names[i].value<std::string>();
      if (!names[i].is_string() || !v || v->empty()) {
        fail_at(line_of(names[i]), join(path, "inputs") + "[" + std::to_string(i) + "]",
                "must be the name of an uncertain input, as text");
      }
      return *v;
    };
    if (names.size() != 2) {
      fail_at(line_of(names), join(path, "inputs"),
              "must name two inputs (a correlation is between two); it names " +
                  std::to_string(names.size()));
    }
    c.first = name(0);
    c.second = name(1);
    if (c.first == c.second) {
      fail_at(line_of(names), join(path, "inputs"),
              "names \"" + c.first + "\" twice; an input is not correlated with itself");
    }
    const std::string rho_path = join(path, "rho");
    c.rho = decimal_text(required(*t, path, "rho"), rho_path);
    const decimal rho = decimal::parse(c.rho);
    if (rho < decimal(-1) || decimal(1) < rho) {
      fail_at(line_of(*t->get("rho")), rho_path,
              "is " + c.rho + "; a rank correlation is from -1 to 1");
    }
    return c;
  }

  /// [[analysis.scenario]]: name = "...", overrides = { "input" = { value = "...", <provenance> }
  /// }.
  scenario_alternative alternative(const toml::table& t, const std::string& path) const {
    check_keys(t, path, alternative_keys, "a scenario");
    scenario_alternative alt;
    alt.line = line_of(t);
    alt.name = string(t, path, "name", true);
    if (alt.name == "measured") {
      fail_at(line_of(*t.get("name")), join(path, "name"),
              "\"measured\" is the scenario of the inputs as written; name this one otherwise");
    }
    const std::string opath = join(path, "overrides");
    const toml::node& o = required(t, path, "overrides");
    const toml::table* ot = o.as_table();
    if (ot == nullptr) {
      fail_at(line_of(o), opath,
              "must be a table of inputs: overrides.\"NAME\" = { value = \"...\", assumption = "
              "{ rationale = \"...\" } } (or another provenance)");
    }
    if (ot->empty()) {
      fail_at(line_of(o), opath, "is empty: a scenario overrides at least one input");
    }
    for (auto&& [k, v] : *ot) {
      const std::string name(k.str());
      const detail::scenario_key key{name, kt::input, true};
      alt.overrides.emplace_back(name, value(v, join(opath, "\"" + name + "\""), key));
    }
    return alt;
  }

  /// One [[uncertainty]]: subject, kind, status (open unless said), owner, detail.
  std::pair<migration_uncertainty, std::uint64_t> uncertainty(const toml::table& t,
                                                              const std::string& path) const {
    check_keys(t, path, uncertainty_keys, "a migration uncertainty");
    migration_uncertainty u;
    u.subject = string(t, path, "subject", true);
    u.owner = string(t, path, "owner", true);
    u.detail = string(t, path, "detail", true);
    static constexpr std::array<std::string_view, 4> kinds{
        "custom-operator", "unsupported-operation", "porting-work", "other"};
    const std::string kind = string(t, path, "kind", true);
    const auto k = report::parse_uncertainty_kind(kind);
    if (!k) {
      fail_at(line_of(*t.get("kind")), join(path, "kind"),
              "unknown kind \"" + kind + "\"" + suggestion(kind, kinds) + "; the kinds are " +
                  join_quoted(kinds));
    }
    u.what = *k;
    if (t.get("status") != nullptr) {
      static constexpr std::array<std::string_view, 2> states{"open", "resolved"};
      const std::string status = string(t, path, "status", true);
      const auto st = report::parse_uncertainty_state(status);
      if (!st) {
        fail_at(line_of(*t.get("status")), join(path, "status"),
                "unknown status \"" + status + "\"" + suggestion(status, states) +
                    "; a migration uncertainty is \"open\" (the default) or \"resolved\"");
      }
      u.status = *st;
    }
    return {std::move(u), line_of(t)};
  }

  scenario_grant grant(const toml::table& t, const std::string& path) const {
    scenario_grant g;
    g.line = line_of(t);
    // Two keys changed meaning: refused with what to write instead, never read the old way.
    if (const toml::node* e = t.get("expires")) {
      fail_at(line_of(*e), join(path, "expires"),
              "is no longer read: it was the first day the grant cannot pay; write "
              "last_valid_day, the last day it can pay, as AWS shows the expiry date (the day "
              "before the old expires)");
    }
    if (const toml::node* c = t.get("covers")) {
      fail_at(line_of(*c), join(path, "covers"),
              "is no longer read: a grant covers AWS services, not cost categories; write "
              "services = [\"AmazonEC2\", ...] as the grant's terms list them");
    }
    check_keys(t, path, grant_keys, "a grant");
    g.name = string(t, path, "name", true);
    static constexpr scenario_key amount_key{"amount", kt::input, true};
    g.amount = value(required(t, path, "amount"), join(path, "amount"), amount_key);
    g.issued = date_value(required(t, path, "issued"), join(path, "issued"));
    g.last_valid_day =
        date_value(required(t, path, "last_valid_day"), join(path, "last_valid_day"));
    const toml::node& sv = required(t, path, "services");
    const toml::array* a = sv.as_array();
    if (a == nullptr || a->empty()) {
      fail_at(line_of(sv), join(path, "services"),
              "must be a non-empty array of AWS service codes or names, e.g. [\"AmazonEC2\"]");
    }
    for (const auto& e : *a) g.services.push_back(service_code(e, join(path, "services")));
    return g;
  }

  /// The code of the AWS service a node names ("AmazonEC2", "Amazon EC2", "ec2"), or a parse error
  /// at its line listing the services trncost knows.
  std::string service_code(const toml::node& e, const std::string& path) const {
    std::array<std::string_view, known_aws_services.size()> codes{};
    std::transform(known_aws_services.begin(), known_aws_services.end(), codes.begin(),
                   [](const aws_service& k) { return k.code; });
    const auto text = e.value<std::string>();
    const auto known = text ? find_aws_service(*text) : std::nullopt;
    if (!e.is_string() || !known) {
      fail_at(line_of(e), path,
              "unknown AWS service" + (text ? suggestion(*text, codes) : std::string()) +
                  "; the services are " + join_quoted(codes) + " (or their names)");
    }
    return std::string(known->code);
  }

  /// { value = "...", <one provenance> = ... }, or for a price the name of its query.
  scenario_value value(const toml::node& n, const std::string& path,
                       const scenario_key& key) const {
    scenario_value v;
    v.key = std::string(key.name);
    v.line = line_of(n);
    const std::string example =
        std::string(key.name) +
        " = { value = \"...\", measured = { run = \"...\", method = \"...\", "
        "from = ..., to = ... } } (or assumption, third_party, documented, choice, forecast";
    if (n.is_string() && key.type == kt::price) {
      v.query = *n.value<std::string>();
      if (v.query != key.query) {
        fail_at(v.line, path,
                "unknown price query \"" + v.query + "\"; this price is read with \"" +
                    std::string(key.query) + "\" from the price book, or written as " + example +
                    ", quoted)");
      }
      return v;
    }
    if (n.is_number()) {
      fail_at(v.line, path,
              "is a bare number; an input needs its provenance: write " + example + ")");
    }
    if (n.is_string()) {
      fail_at(v.line, path, "is a value without its provenance: write " + example + ")");
    }
    const toml::table* t = n.as_table();
    if (t == nullptr) fail_at(v.line, path, "must be written as " + example + ")");
    check_keys(*t, path, input_keys, "an input");
    if (const toml::node* u = t->get("unknown")) {
      if (!key.may_be_unknown) {
        fail_at(line_of(*u), join(path, "unknown"),
                "this input cannot be unknown: its component needs the value (docs/scenario.md, "
                "\"An input known to be unknown\", lists the inputs that may be)");
      }
      const auto why = u->value<std::string>();
      if (!u->is_string() || !why || why->empty()) {
        fail_at(line_of(*u), join(path, "unknown"),
                "must be the reason the value is unknown, as non-empty text");
      }
      if (t->size() != 1) {
        for (auto&& [k, p] : *t) {
          if (k.str() == "unknown") continue;
          fail_at(key_line(k, p), join(path, k.str()),
                  "is given with unknown; an unknown input has no value and no provenance, only "
                  "the reason");
        }
      }
      v.unknown = *why;
      return v;
    }
    const toml::node& val = required(*t, path, "value");
    const auto text = val.value<std::string>();
    if (!val.is_string() || !text) {
      fail_at(line_of(val), join(path, "value"),
              "must be the exact decimal as text (value = \"500\"), never a TOML number");
    }
    try {
      (void)decimal::parse(*text);
    } catch (const trncost::error& e) {
      fail_at(line_of(val), join(path, "value"), decimal_rule(*text, e, "number"));
    }
    v.value = *text;
    if (const toml::node* u = t->get("unit")) {
      const auto sym = u->value<std::string>();
      if (!u->is_string() || !sym || sym->empty()) {
        fail_at(line_of(*u), join(path, "unit"),
                "must be the symbol of the unit the key takes, as text (unit = \"GiB\")");
      }
      v.unit = *sym;
      v.unit_line = line_of(*u);
    }
    for (auto&& [k, p] : *t) {
      if (k.str() == "value" || k.str() == "unit") continue;
      if (v.origin) {
        fail_at(key_line(k, p), join(path, k.str()),
                "an input has exactly one provenance (measured, assumption, third_party, "
                "documented, quoted, choice, forecast or source)");
      }
      v.origin = k.str() == "source" ? named_source(p, join(path, k.str()))
                                     : origin(k.str(), p, join(path, k.str()));
    }
    if (!v.origin) {
      fail_at(v.line, path,
              "has no provenance: add measured, assumption, third_party, documented, quoted, "
              "choice, forecast or source");
    }
    return v;
  }

  /// `source = "NAME"`: the provenance written once under [sources.NAME].
  provenance named_source(const toml::node& n, const std::string& path) const {
    const auto name = n.value<std::string>();
    if (!n.is_string() || !name || name->empty()) {
      fail_at(line_of(n), path, "must be the name of a [sources] entry, as text");
    }
    const auto it = sources_.find(*name);
    if (it == sources_.end()) {
      std::vector<std::string_view> known;
      for (const auto& [k, p] : sources_) known.push_back(k);
      fail_at(line_of(n), path,
              "unknown source \"" + *name + "\"" + suggestion(*name, known) +
                  (known.empty() ? std::string("; the file has no [sources]")
                                 : "; the sources are " + join_quoted(known)));
    }
    return it->second;
  }

  provenance origin(std::string_view kind, const toml::node& n, const std::string& path) const {
    if (kind == spelling_of<assumption>.file) {
      const auto why = n.value<std::string>();
      if (!n.is_string() || !why || why->empty()) {
        fail_at(line_of(n), path, "must be the rationale, as non-empty text");
      }
      return assumption{*why};
    }
    // A choice or a forecast: its reason as text, or { why = "...", by = "..." } (a forecast's
    // { basis = "...", by = "..." }).
    if (kind == spelling_of<choice>.file || kind == spelling_of<forecast>.file) {
      const bool is_choice = kind == spelling_of<choice>.file;
      const std::string_view reason_key = is_choice ? "why" : "basis";
      std::string reason;
      std::string by;
      if (n.is_string()) {
        reason = n.value<std::string>().value_or("");
        if (reason.empty()) fail_at(line_of(n), path, "must say why, as non-empty text");
      } else if (const toml::table* ct = n.as_table()) {
        if (is_choice) {
          check_keys(*ct, path, choice_keys, "a choice");
        } else {
          check_keys(*ct, path, forecast_keys, "a forecast");
        }
        reason = string(*ct, path, reason_key, true);
        if (ct->get("by") != nullptr) by = string(*ct, path, "by", true);
      } else {
        fail_at(line_of(n), path,
                std::string("must be the reason as text, or { ") + std::string(reason_key) +
                    " = \"...\", by = \"...\" }");
      }
      if (is_choice) return choice{reason, by};
      return forecast{reason, by};
    }
    const toml::table* t = n.as_table();
    if (t == nullptr) fail_at(line_of(n), path, "must be a table ({ source = \"...\", ... })");
    if (kind == spelling_of<measured>.file) {
      check_keys(*t, path, measured_keys, spelling_of<measured>.file);
      if (const toml::node* on = t->get("on")) {
        // A day, when that is what the user has: the period is that whole day, UTC.
        for (const std::string_view k : {"from", "to"}) {
          if (const toml::node* span = t->get(k)) {
            fail_at(line_of(*span), join(path, k),
                    "is given with on: a measurement's period is a day (on) or a time span "
                    "(from and to), not both");
          }
        }
        const date day = date_value(*on, join(path, "on"));
        return measured{string(*t, path, "run", false), string(*t, path, "method", false),
                        timestamp(day, 0), timestamp(add_days(day, 1), 0)};
      }
      return measured{string(*t, path, "run", false), string(*t, path, "method", false),
                      timestamp_value(required(*t, path, "from"), join(path, "from")),
                      timestamp_value(required(*t, path, "to"), join(path, "to"))};
    }
    if (kind == spelling_of<third_party>.file) {
      check_keys(*t, path, third_party_keys, spelling_of<third_party>.file);
      return third_party{string(*t, path, "source", true),
                         date_value(required(*t, path, "seen"), join(path, "seen"))};
    }
    if (kind == spelling_of<documented>.file) {
      check_keys(*t, path, documented_keys, spelling_of<documented>.file);
      return documented{string(*t, path, "source", true),
                        date_value(required(*t, path, "consulted"), join(path, "consulted"))};
    }
    check_keys(*t, path, quoted_keys, spelling_of<quoted>.file);
    quoted q;
    q.source = string(*t, path, "source", true);
    q.region = string(*t, path, "region", false);
    q.consulted = date_value(required(*t, path, "consulted"), join(path, "consulted"));
    return q;
  }

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
    std::optional<provenance> why;
    for (auto&& [k, v] : *t) {
      if (k.str() == "from" || k.str() == "to") continue;
      if (why) {
        fail_at(key_line(k, v), join(path, k.str()),
                "a period has exactly one provenance (measured, assumption, third_party, "
                "documented, quoted, choice, forecast or source)");
      }
      why = k.str() == "source" ? named_source(v, join(path, k.str()))
                                : origin(k.str(), v, join(path, k.str()));
    }
    if (!why) {
      fail_at(line_of(n), path,
              "has no provenance: add measured, assumption, third_party, documented, quoted, "
              "choice, forecast or source");
    }
    if (!(from < to)) {
      fail_at(line_of(n), join(path, "to"), "must be after from (the days are [from, to))");
    }
    return scenario_period{from, to, *why, line_of(n)};
  }

  /// One [[component]] table: its kind's keys, read, then its kind's rules (scenario/kinds/).
  scenario_component component(const toml::table& t, std::size_t index) const;
};

/// Builds a model from a spec, reading the files it names.
/// Whether a component follows a workload (kinds/follows.ipp): added after the others.
inline bool follows_workload(const scenario_component& c);

class scenario_builder {
 public:
  scenario_builder(const scenario_spec& s, const price_store_reader& store)
      : s_(s),
        store_(store),
        dir_(std::filesystem::path(s.file).parent_path()),
        book_(s.max_age_days ? pricing::price_book(s.as_of, day_count{*s.max_age_days})
                             : pricing::price_book(s.as_of)) {}

  model build() {
    if (!s_.price_store.empty()) {
      const std::string path =
          existing(s_.price_store, s_.price_store_line, "prices.store", "price store");
      if (!store_) {
        fail_at(s_.price_store_line, "prices.store",
                "names a price store, which this program does not read (build_model(spec, "
                "io::price_store_offers) reads one; readers/price_store.hpp, SQLite)");
      }
      guarded(s_.price_store_line, "prices.store", [&] {
        for (const auto& o : store_(path, s_.as_of)) book_.add(o, s_.prices_consulted);
      });
    }
    for (std::size_t i = 0; i < s_.price_files.size(); ++i) {
      const auto& f = s_.price_files[i];
      const std::string key = "prices.files[" + std::to_string(i) + "]";
      const std::string path = existing(f.path, f.line, key, "price file");
      pricing::offer_filter filter;
      for (const auto& [name, values] : f.where) filter.where_any(name, values);
      guarded(f.line, key, [&] { book_.add(read_offer_file(path, filter), s_.prices_consulted); });
    }
    if (!s_.savings_plans.empty()) {
      // Only the rates of the instance types the scenario names are kept.
      std::vector<std::string> types;
      for (const auto& c : s_.components) {
        if (const auto t = c.text.find("instance_type"); t != c.text.end())
          types.push_back(t->second);
      }
      const auto filter = savings_plan_rates_for(types);
      for (std::size_t i = 0; i < s_.savings_plans.size(); ++i) {
        const auto& f = s_.savings_plans[i];
        const std::string key = "prices.savings_plans[" + std::to_string(i) + "]";
        const std::string path = existing(f.path, f.line, key, "Savings Plans file");
        guarded(f.line, key, [&] {
          if (path.ends_with(".json")) {
            book_.add(read_savings_plans_json_file(path, filter, s_.region), s_.prices_consulted);
          } else if (path.ends_with(".csv")) {
            book_.add(read_savings_plans_csv_file(path, filter), s_.prices_consulted);
          } else {
            fail(input_position::whole(path), "",
                 "is neither a .json nor a .csv Savings Plans file (the reader is chosen by the "
                 "extension)");
          }
        });
      }
    }
    model m;
    m.set_region(s_.region);
    // A component that follows a workload (storage kept for a run, kinds/follows.ipp) comes after
    // the others, so that the workload it names is in the model.
    for (const bool followers : {false, true}) {
      for (std::size_t i = 0; i < s_.components.size(); ++i) {
        const auto& c = s_.components[i];
        if (follows_workload(c) != followers) continue;
        guarded(c.line, c.path + " (" + c.name + ")", [&] { add(m, c, i); });
      }
    }
    for (const auto& n : s_.none) {
      guarded(n.line, "declare_none",
              [&] { m.declare_none(n.cat, declared_none{n.justification}); });
    }
    if (s_.compat) add_compat_evidence(m, *s_.compat);
    for (std::size_t i = 0; i < s_.uncertainties.size(); ++i) {
      const auto& u = s_.uncertainties[i];  // no structured binding: clang 14 cannot capture one
      guarded(u.second, "uncertainty[" + std::to_string(i) + "]",
              [&] { m.add_uncertainty(u.first); });
    }
    return m;
  }

  /// [compat]: the dataset's answer for the model on the target stack, as a migration uncertainty
  /// (open, for what the evidence leaves to do; resolved, for a pass on the same stack, saying
  /// what it proves and what not), naming the export and the row.
  void add_compat_evidence(model& m, const scenario_compat& c) const {
    const std::string path =
        existing(c.model_support, c.line, "compat.model_support", "model-support dataset export");
    guarded(c.line, "compat", [&] {
      const compat::evidence_set set = read_model_support_file(path, c.consulted);
      compat::software_stack target;
      std::string* const fields[] = {
          &target.neuronx_cc,      &target.torch_neuronx, &target.torch,      &target.library,
          &target.library_version, &target.transformers,  &target.accelerate, &target.nki,
          &target.python,          &target.neuron_driver};
      static_assert(std::size(fields) == compat::stack_fields.size());
      for (const auto& [field, version] : c.stack) {
        for (std::size_t i = 0; i < compat::stack_fields.size(); ++i) {
          if (compat::stack_fields[i] == field) *fields[i] = version;
        }
      }
      const compat::lookup_result r = set.lookup(c.model, target);
      const std::string source = " (model-support dataset export " + c.model_support +
                                 ", consulted " + to_string(c.consulted) + ")";
      if (auto u = compat::uncertainty_from(r, c.owner)) {
        u->subject = "model-support evidence for " + u->subject;
        u->detail += "; it does not prove " + std::string(r.does_not_prove()) + source;
        m.add_uncertainty(std::move(*u));
        return;
      }
      m.add_uncertainty(
          {"model-support evidence for " + r.model_id, migration_uncertainty::kind::other,
           migration_uncertainty::state::resolved, c.owner,
           std::string(to_string(r.outcome)) + " (line " + std::to_string(r.deciding->row.line) +
               "): " + std::string(r.proves()) + "; it does not prove " +
               std::string(r.does_not_prove()) + source});
    });
  }

  // The component kinds (scenario/kinds/) use what follows too.
  using price_per_hour = sourced<quantity<units::usd_per_instance_hour_t>>;
  struct job {
    std::string instance_type;
    sourced<quantity<units::instance_t>> count;
    input_of<quantity<units::usd_per_instance_hour_t>> price;
    sourced<quantity<units::instance_second_t>> exposure;  ///< exact: never rounded to hours
    bool capacity_block = false;  ///< billed as a block: restarts fall inside its reserved time
    /// Bought as spot with the Spot Instance Advisor's data: the rate its bucket gives.
    std::optional<sourced<quantity<units::interruptions_per_instance_hour_t>>> spot_interruptions{};
  };

  const scenario_spec& s_;
  const price_store_reader& store_;
  std::filesystem::path dir_;
  pricing::price_book book_;
  std::optional<std::vector<measure::run_record>> runs_;
  std::map<std::string, job> jobs_;

  [[noreturn]] void fail_at(std::uint64_t line, std::string_view key, std::string_view rule) const {
    io::fail(input_position::at_line(s_.file, line), key, rule);
  }

  /// Runs `f`; a trncost error it throws is rethrown naming the scenario file, line and key.
  template <class F>
  void guarded(std::uint64_t line, const std::string& key, F&& f) const {
    try {
      f();
    } catch (const trncost::error& e) {
      // Already placed in the scenario (a file it names is missing): as it is.
      if (std::string_view(e.what()).starts_with("trncost: " + s_.file + ":")) throw;
      rethrow(line, key, e);
    }
  }
  /// A parse error stays a parse error, anything else an input error; both placed at `line`, `key`.
  [[noreturn]] void rethrow(std::uint64_t line, const std::string& key,
                            const trncost::error& e) const {
    const std::string bare = trncost::detail::bare_message(e);
    if (dynamic_cast<const parse_error*>(&e) != nullptr) fail_at(line, key, bare);
    throw input_error(input_position::at_line(s_.file, line).to_string() + ": " + key + ": " +
                      bare);
  }

  std::string existing(const std::string& p, std::uint64_t line, const std::string& key,
                       std::string_view what) const {
    const std::filesystem::path full = dir_ / p;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(full, ec)) {
      fail_at(line, key,
              std::string(what) + " \"" + p + "\" does not exist (looked for " + full.string() +
                  ", relative to the scenario file)");
    }
    return full.string();
  }

  std::vector<measure::run_record> read_runs(const std::vector<std::string>& files,
                                             std::uint64_t line, const std::string& key) const {
    std::vector<measure::run_record> all;
    for (std::size_t i = 0; i < files.size(); ++i) {
      const std::string k = key + "[" + std::to_string(i) + "]";
      const std::string path = existing(files[i], line, k, "run log");
      // The same run id in two logs is refused, naming both files and lines.
      append_runs(all, read_run_log(path));
    }
    return all;
  }

  const std::vector<measure::run_record>& runs(const scenario_component& c) {
    if (!runs_) {
      if (s_.run_files.empty()) {
        fail_at(c.line, "runs",
                "a " + c.kind + " component reads the run logs, and [runs] names none");
      }
      std::vector<measure::run_record> all;
      for (std::size_t i = 0; i < s_.run_files.size(); ++i) {
        const auto& f = s_.run_files[i];
        append_runs(all, read_runs({f.path}, f.line, "runs.files"));
      }
      runs_ = std::move(all);
    }
    return *runs_;
  }

  /// A written value in the unit its key takes; a value written with another unit is refused.
  template <class Unit>
  quantity<Unit> value_in(const scenario_value& v, Unit u) const {
    if (const auto rule = unit_refusal(v, units::symbol<Unit>())) {
      fail_at(v.unit_line, v.key + ".unit", *rule);
    }
    return make(u, v.value);
  }
  money money_in(const scenario_value& v) const {
    if (const auto rule = unit_refusal(v, units::symbol<units::usd_t>())) {
      fail_at(v.unit_line, v.key + ".unit", *rule);
    }
    return trncost::usd(v.value);
  }
  template <class Unit>
  sourced<quantity<Unit>> input(const scenario_component& c, const scenario_value& v,
                                Unit u) const {
    return sourced(c.name + "." + v.key, value_in(v, u), *v.origin);
  }
  template <class Unit>
  sourced<quantity<Unit>> input(const scenario_component& c, std::string_view key, Unit u) const {
    return input(c, c.values.at(std::string(key)), u);
  }
  /// An input that may be written `{ unknown = "why" }`: then unknown, by the same name.
  template <class Unit>
  input_of<quantity<Unit>> maybe(const std::string& name, const scenario_value& v, Unit u) const {
    if (v.unknown) return unknown_input{name, *v.unknown};
    return sourced(name, value_in(v, u), *v.origin);
  }
  template <class Unit>
  input_of<quantity<Unit>> maybe(const scenario_component& c, std::string_view key, Unit u) const {
    const auto& v = c.values.at(std::string(key));
    return maybe(c.name + "." + v.key, v, u);
  }
  const scenario_value* find(const scenario_component& c, std::string_view key) const {
    const auto it = c.values.find(std::string(key));
    return it == c.values.end() ? nullptr : &it->second;
  }

  /// A flat price: the input written, or one tier of the book's.
  template <class Usage, class Rate>
  tier_table<Usage, Rate> as_table(std::string name,
                                   const std::vector<pricing::quoted_tier<Usage, Rate>>& q) const {
    std::vector<price_tier<Usage, Rate>> tiers;
    for (const auto& t : q) tiers.push_back({t.price, t.begin, t.end});
    return tier_table<Usage, Rate>(std::move(name), std::move(tiers));
  }
  template <class Usage, class Rate>
  tier_table<Usage, Rate> flat_table(sourced<quantity<Rate>> p) const {
    std::string name = p.name();
    return tier_table<Usage, Rate>(std::move(name),
                                   {{std::move(p), make(Usage{}, 0), std::nullopt}});
  }

  /// The instance price: the input written, else the book's on-demand price.
  /// A workload's instance price: written (with its provenance, or `{ unknown = "why" }`: the
  /// lines it prices are then unpriced, never refused), else the book's on-demand price.
  input_of<quantity<units::usd_per_instance_hour_t>> instance_price(const scenario_component& c,
                                                                    const std::string& type) const {
    const scenario_value* p = find(c, "price");
    if (p != nullptr && (p->origin || p->unknown))
      return maybe(c, "price", units::usd_per_instance_hour);
    return pricing::ec2_on_demand(book_, s_.region, type, c.name + ".price");
  }
  /// A time written as `<base>_seconds` or `<base>_hours`, in seconds (hours converted exactly).
  std::optional<sourced<quantity<units::second_t>>> time(const scenario_component& c,
                                                         const std::string& base) const {
    if (find(c, base + "_seconds") != nullptr) return input(c, base + "_seconds", units::second);
    if (find(c, base + "_hours") != nullptr) {
      return convert<units::second_t>(c.name + "." + base + "_seconds",
                                      input(c, base + "_hours", units::hour));
    }
    return std::nullopt;
  }

  /// Tiers of a provisioned quantity: what `included` says is included at no charge (a zero price
  /// with that input's own provenance: documented, it states why the price is zero), then `price`.
  template <class Usage, class Rate>
  tier_table<Usage, Rate> above_included(const scenario_component& c, std::string_view included,
                                         input_of<quantity<Rate>> price) const {
    std::vector<price_tier<Usage, Rate>> tiers;
    quantity<Usage> from = make(Usage{}, 0);
    if (const scenario_value* inc = find(c, included)) {
      from = value_in(*inc, Usage{});
      tiers.push_back(
          {sourced(c.name + "." + std::string(included) + "_price", make(Rate{}, 0), *inc->origin),
           make(Usage{}, 0), from});
    }
    tiers.push_back({std::move(price), from, std::nullopt});
    return tier_table<Usage, Rate>(c.name + "." + std::string(included) + "_tiers",
                                   std::move(tiers));
  }

  /// The runs a component's measurements come from, archived in the model (and so in the report).
  static void archive(model& m, const std::vector<measure::run_record>& logged) {
    for (const auto& r : logged) m.archive_run(measure::protocol_of(r));
  }

  /// Adds a component through its kind (scenario/kinds/).
  void add(model& m, const scenario_component& c, std::size_t index);
};

}  // namespace trncost::io::detail

#include "../kinds/registry.ipp"

namespace trncost::io::detail {

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

}  // namespace trncost::io::detail

namespace trncost {

namespace io::detail {

TRNCOST_DECL std::string two_digits(unsigned v) { return (v < 10 ? "0" : "") + std::to_string(v); }

}  // namespace io::detail

namespace io {

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
    fail(input_position::whole(path), "", "is a directory, not a file; give the file's path");
  }
  // A device, a FIFO or an oversized file is refused before any byte is read.
  return parse_scenario(read_input_file(path), path);
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
    throw input_error(input_position::whole(spec.file).to_string() + ": " +
                      trncost::detail::bare_message(e));
  }
}

[[nodiscard]] TRNCOST_DECL estimate evaluate_scenario(const scenario_spec& spec) {
  return evaluate_scenario(spec, build_model(spec));
}

}  // namespace io

namespace io::detail {

[[noreturn]] TRNCOST_DECL void scenario_rethrow(const scenario_spec& spec, std::uint64_t line,
                                                const std::string& key, const trncost::error& e) {
  throw input_error(input_position::at_line(spec.file, line).to_string() + ": " + key + ": " +
                    trncost::detail::bare_message(e));
}

TRNCOST_DECL analysis::distribution scenario_distribution_of(const scenario_distribution& d) {
  const auto p = [&](std::size_t i) { return decimal::parse(d.params.at(i)); };
  if (d.kind == "uniform") return analysis::distribution::uniform(p(0), p(1));
  if (d.kind == "triangular") return analysis::distribution::triangular(p(0), p(1), p(2));
  return analysis::distribution::lognormal_90(p(0), p(1));
}

}  // namespace io::detail

namespace io {

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

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_SCENARIO_IMPL_SCENARIO_IPP
