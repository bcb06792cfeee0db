// The definitions of io/scenario.hpp's functions and the scenario file's parser and builder:
// included by that header (header-only) or compiled once by <trncost/io/src_scenario.hpp>
// (TRNCOST_SEPARATE_COMPILATION), so that only that unit parses toml++.
#ifndef TRNCOST_IO_IMPL_SCENARIO_IPP
#define TRNCOST_IO_IMPL_SCENARIO_IPP

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

#include "../../credits.hpp"
#include "../../measure.hpp"
#include "../../model.hpp"
#include "../../prices.hpp"
#include "../../report/extras.hpp"
#include "../../report/report.hpp"
#include "../../workload/autoscaled_serving.hpp"
#include "../../workload/batch_inference.hpp"
#include "../../workload/continued_pretraining.hpp"
#include "../../workload/hosted_api.hpp"
#include "../../workload/serving.hpp"
#include "../../workload/sweep.hpp"
#include "../../workload/training.hpp"
#include "../detail/input.hpp"
#include "../detail/toml_check.hpp"
#include "../price_list.hpp"
#include "../run_log.hpp"
#include "../scenario.hpp"
#include "../spot_advisor.hpp"
#include "../vllm_bench.hpp"

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
  /// common inputs, io/study.hpp): the nodes keep the lines they were read at.
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
                    "] then measured = { ... } (or assumption, third_party, documented, quoted)");
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
                "is empty: add measured, assumption, third_party, documented or quoted");
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
      const auto days = f->value<std::int64_t>();
      if (!f->is_integer() || !days || *days < 0 || *days > 36500) {
        fail_at(line_of(*f), "estimate.freshness_days",
                "must be a whole number of days, 0 to 36500");
      }
      s.freshness_days = *days;
    }

    const toml::table& prices = table(root, "prices", "prices");
    check_keys(prices, "prices", prices_keys, "[prices]");
    if (const toml::node* c = prices.get("consulted")) {
      s.prices_consulted = date_value(*c, "prices.consulted");
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
            fail_at(s.components.back().line, "component[" + std::to_string(i) + "].name",
                    "\"" + s.components.back().name + "\" is already the name of component[" +
                        std::to_string(j) + "]; component names must differ");
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
    if (root.get("spend") != nullptr) {
      const toml::table& sp = table(root, "spend", "spend");
      check_keys(sp, "spend", spend_keys, "[spend]");
      s.spend = scenario_spend{date_value(required(sp, "spend", "start"), "spend.start"),
                               date_value(required(sp, "spend", "end"), "spend.end"), line_of(sp)};
      if (!(s.spend->start < s.spend->end)) {
        fail_at(s.spend->line, "spend.end",
                "must be after spend.start (the days are [start, end))");
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
  static constexpr std::array<std::string_view, 10> scenario_root_keys{
      "format",    "sources",      "estimate", "prices", "runs",
      "component", "declare_none", "analysis", "grant",  "spend"};
  /// The provenance kinds an input or a named source may hold.
  /// (provenance_kinds' file spellings: every kind a file writes on an input.)
  static constexpr std::array<std::string_view, 5> provenance_keys{
      spelling_of<measured>.file, spelling_of<assumption>.file, spelling_of<third_party>.file,
      spelling_of<documented>.file, spelling_of<quoted>.file};
  /// The keys of each table, as the parser checks them (docs/scenario.md lists them with the
  /// library feature each one reaches; tests/cli/parity_test.cpp keeps the two in step).
  static constexpr std::array<std::string_view, 4> estimate_keys{"title", "as_of", "region",
                                                                 "freshness_days"};
  static constexpr std::array<std::string_view, 4> prices_keys{"files", "store", "consulted",
                                                               "savings_plans"};
  static constexpr std::array<std::string_view, 1> runs_keys{"files"};
  static constexpr std::array<std::string_view, 2> spend_keys{"start", "end"};
  static constexpr std::array<std::string_view, 2> price_file_keys{"file", "where"};
  static constexpr std::array<std::string_view, 2> analysis_keys{"tornado_band", "monte_carlo"};
  static constexpr std::array<std::string_view, 4> monte_carlo_keys{"samples", "seed", "budget",
                                                                    "inputs"};
  static constexpr std::array<std::string_view, 5> grant_keys{"name", "amount", "issued",
                                                              "last_valid_day", "services"};
  static constexpr std::array<std::string_view, 4> measured_keys{"run", "method", "from", "to"};
  static constexpr std::array<std::string_view, 2> third_party_keys{"source", "seen"};
  static constexpr std::array<std::string_view, 2> documented_keys{"source", "consulted"};
  static constexpr std::array<std::string_view, 3> quoted_keys{"source", "region", "consulted"};
  static constexpr std::array<std::string_view, 4> uncertain_input_keys{
      "input", "uniform", "triangular", "lognormal_90"};
  static constexpr std::array<std::string_view, 8> input_keys{"value",
                                                              provenance_keys[0],
                                                              provenance_keys[1],
                                                              provenance_keys[2],
                                                              provenance_keys[3],
                                                              provenance_keys[4],
                                                              "source",
                                                              "unknown"};

 protected:  // a study file reads its own tables with the same rules (io/study.hpp)
  std::string file_;
  std::map<std::string, provenance, std::less<>> sources_;

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
    }
    return a;
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
        "from = ..., to = ... } } (or assumption, third_party, documented";
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
                "this input cannot be unknown: its component needs the value (unknown is "
                "accepted for the price of an instance_time or of a workload, a block_storage's "
                "size_gib, volumes, "
                "price, iops, iops_price, throughput_mibps and throughput_price, and a transfer's "
                "gib)");
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
    for (auto&& [k, p] : *t) {
      if (k.str() == "value") continue;
      if (v.origin) {
        fail_at(key_line(k, p), join(path, k.str()),
                "an input has exactly one provenance (measured, assumption, third_party, "
                "documented, quoted or source)");
      }
      v.origin = k.str() == "source" ? named_source(p, join(path, k.str()))
                                     : origin(k.str(), p, join(path, k.str()));
    }
    if (!v.origin) {
      fail_at(v.line, path,
              "has no provenance: add measured, assumption, third_party, documented, quoted or "
              "source");
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
    const toml::table* t = n.as_table();
    if (t == nullptr) fail_at(line_of(n), path, "must be a table ({ source = \"...\", ... })");
    if (kind == spelling_of<measured>.file) {
      check_keys(*t, path, measured_keys, spelling_of<measured>.file);
      return measured{string(*t, path, "run", true), string(*t, path, "method", true),
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
    check_keys(*t, path,
               std::array<std::string_view, 8>{"from", "to", provenance_keys[0], provenance_keys[1],
                                               provenance_keys[2], provenance_keys[3],
                                               provenance_keys[4], "source"},
               "a period");
    const date from = date_value(required(*t, path, "from"), join(path, "from"));
    const date to = date_value(required(*t, path, "to"), join(path, "to"));
    std::optional<provenance> why;
    for (auto&& [k, v] : *t) {
      if (k.str() == "from" || k.str() == "to") continue;
      if (why) {
        fail_at(key_line(k, v), join(path, k.str()),
                "a period has exactly one provenance (measured, assumption, third_party, "
                "documented, quoted or source)");
      }
      why = k.str() == "source" ? named_source(v, join(path, k.str()))
                                : origin(k.str(), v, join(path, k.str()));
    }
    if (!why) {
      fail_at(line_of(n), path,
              "has no provenance: add measured, assumption, third_party, documented, quoted or "
              "source");
    }
    if (!(from < to)) {
      fail_at(line_of(n), join(path, "to"), "must be after from (the days are [from, to))");
    }
    return scenario_period{from, to, *why, line_of(n)};
  }

  /// `throughput = { vllm = "results.csv", config = "run.env", ttft_ms = 500, itl_ms = 50 }`.
  scenario_vllm vllm(const toml::table& t, const std::string& path) const {
    check_keys(t, path, vllm_keys, "a throughput read from a vLLM benchmark");
    scenario_vllm v;
    v.line = line_of(t);
    v.results = path_string(required(t, path, "vllm"), join(path, "vllm"));
    if (const toml::node* c = t.get("config")) v.config = path_string(*c, join(path, "config"));
    v.model = string(t, path, "model", false);
    if (const toml::node* i = t.get("instances")) {
      v.instances = whole(*i, join(path, "instances"), 1'000'000);
      if (v.instances == 0) fail_at(line_of(*i), join(path, "instances"), "must be at least 1");
    }
    if (const toml::node* b = t.get("ttft_ms")) v.ttft_ms = bound(*b, join(path, "ttft_ms"));
    if (const toml::node* b = t.get("itl_ms")) v.itl_ms = bound(*b, join(path, "itl_ms"));
    if (const toml::node* b = t.get("request_latency_s")) {
      v.request_latency_s = bound(*b, join(path, "request_latency_s"));
    }
    if (!v.ttft_ms && !v.itl_ms && !v.request_latency_s) {
      fail_at(v.line, path,
              "sets no latency bound: add ttft_ms, itl_ms or request_latency_s (the operating "
              "point is the highest throughput that meets them)");
    }
    return v;
  }

  /// The workload components' rules across keys: one of two alternatives, one unit of demand.
  void workload_rules(const toml::table& t, const std::string& path, scenario_component& c) const {
    switch (c.kind) {
      case scenario_component_kind::serving: {
        one_of(t, path, {"hours", "period"}, false, "the period served, in hours or as dates");
        if (const toml::node* p = t.get("period")) c.period = period(*p, join(path, "period"));
        one_of(t, path, {"average_tokens_per_s", "average_requests_per_s"}, false,
               "the average demand, in tokens/s or requests/s");
        const bool tokens = t.get("average_tokens_per_s") != nullptr;
        const std::string_view wrong = tokens ? "peak_requests_per_s" : "peak_tokens_per_s";
        if (const toml::node* w = t.get(wrong)) {
          fail_at(line_of(*w), join(path, wrong),
                  std::string("is in ") + (tokens ? "requests/s" : "tokens/s") +
                      " but the average demand is in " + (tokens ? "tokens/s" : "requests/s") +
                      "; the demand and the throughput count the same thing");
        }
        const toml::node& th = *t.get("throughput");
        const std::string tp = join(path, "throughput");
        const toml::table* tt = th.as_table();
        if (tt != nullptr && tt->get("vllm") != nullptr) {
          c.vllm = vllm(*tt, tp);
          if (const toml::node* lt = t.get("latency_target")) {
            fail_at(line_of(*lt), join(path, "latency_target"),
                    "is given with a throughput read from a vLLM benchmark, whose latency target "
                    "is its bounds (ttft_ms, itl_ms, request_latency_s); leave it out");
          }
        } else {
          static constexpr scenario_key throughput_key{"throughput", kt::input, true};
          c.values["throughput"] = value(th, tp, throughput_key);
          if (t.get("latency_target") == nullptr) {
            fail_at(line_of(t), join(path, "latency_target"),
                    "is missing: a throughput per instance is measured at a latency target "
                    "(\"mean TTFT <= 500 ms\"); write it, or read the throughput from a vLLM "
                    "benchmark");
          }
        }
        break;
      }
      case scenario_component_kind::hosted_api:
        one_of(t, path, {"hours", "period"}, false, "the period served, in hours or as dates");
        if (const toml::node* p = t.get("period")) c.period = period(*p, join(path, "period"));
        if (const toml::node* sv = t.get("service")) (void)service_code(*sv, join(path, "service"));
        break;
      case scenario_component_kind::data_preparation: {
        one_of(t, path, {"cost", "instance_type"}, false,
               "a measured cost, or the CPU instances the preparation ran on");
        const bool on_instances = t.get("instance_type") != nullptr;
        static constexpr std::string_view cost_only[] = {"service"};
        static constexpr std::string_view instances_only[] = {"instances", "duration_seconds",
                                                              "duration_hours", "price"};
        for (std::string_view k : on_instances
                                      ? std::span<const std::string_view>(cost_only)
                                      : std::span<const std::string_view>(instances_only)) {
          if (const toml::node* n = t.get(k)) {
            fail_at(line_of(*n), join(path, k),
                    on_instances
                        ? std::string("is given with instance_type: instances are billed as EC2 "
                                      "instance hours of their type; service names who billed "
                                      "a measured cost")
                        : "is given with cost: a measured cost is the whole job's; give cost "
                          "alone, or instance_type, instances, duration_seconds (or "
                          "duration_hours) and price");
          }
        }
        if (on_instances) {
          if (t.get("instances") == nullptr) {
            fail_at(line_of(t), join(path, "instances"),
                    "is missing: the instances the preparation ran on (with instance_type)");
          }
          one_of(t, path, {"duration_seconds", "duration_hours"}, false,
                 "the preparation's billed time");
        }
        if (const toml::node* sv = t.get("service")) (void)service_code(*sv, join(path, "service"));
        break;
      }
      case scenario_component_kind::sweep:
        one_of(t, path, {"trial_seconds", "trial_hours"}, false, "the time of a full trial");
        one_of(t, path, {"wave_gap_seconds", "wave_gap_hours"}, true,
               "the time the cluster waits between two waves");
        one_of(t, path, {"rerun_seconds", "rerun_hours"}, true, "the winner's re-run");
        if ((t.get("rerun_instances") != nullptr) !=
            (t.get("rerun_seconds") != nullptr || t.get("rerun_hours") != nullptr)) {
          fail_at(line_of(t), join(path, "rerun_instances"),
                  "the winner's re-run needs both rerun_instances and rerun_seconds (or "
                  "rerun_hours); write both or neither");
        }
        break;
      case scenario_component_kind::continued_pretraining:
        one_of(t, path, {"checkpoint_interval_seconds", "checkpoint_interval_hours"}, false,
               "the training time between checkpoints");
        break;
      case scenario_component_kind::autoscaled_serving: {
        one_of(t, path, {"target_tokens_per_s_per_replica", "target_requests_per_s_per_replica"},
               false, "the load one replica is sized for, in tokens/s or requests/s");
        const bool tokens = t.get("target_tokens_per_s_per_replica") != nullptr;
        const toml::node& pr = *t.get("profile");
        const toml::array* a = pr.as_array();
        if (a == nullptr || a->empty() || !a->is_array_of_tables()) {
          fail_at(line_of(pr), join(path, "profile"),
                  "must be one or more [[component.profile]] tables (label, hours, tokens_per_s "
                  "or requests_per_s)");
        }
        std::vector<std::string_view> allowed;
        for (const auto& k : demand_period_keys) allowed.push_back(k.name);
        for (std::size_t i = 0; i < a->size(); ++i) {
          const toml::table& pt = *(*a)[i].as_table();
          const std::string pp = join(path, "profile") + "[" + std::to_string(i) + "]";
          check_keys(pt, pp, allowed, "a demand period");
          scenario_demand_period d;
          d.line = line_of(pt);
          std::map<std::string, std::string> text;
          read_keys(pt, pp, demand_period_keys, text, d.values);
          d.label = text["label"];
          const std::string_view wrong = tokens ? "requests_per_s" : "tokens_per_s";
          if (const toml::node* w = pt.get(wrong)) {
            fail_at(line_of(*w), join(pp, wrong),
                    std::string("is in ") + (tokens ? "requests/s" : "tokens/s") +
                        " but the target per replica is in " +
                        (tokens ? "tokens/s" : "requests/s") +
                        "; the load and the target count the same thing");
          }
          if (pt.get(tokens ? "tokens_per_s" : "requests_per_s") == nullptr) {
            fail_at(d.line, join(pp, tokens ? "tokens_per_s" : "requests_per_s"),
                    "is missing: the load of the period (required)");
          }
          c.profile.push_back(std::move(d));
        }
        break;
      }
      case scenario_component_kind::logging: {
        // Kept logs bill storage (stored_gib, kept_months); logs not kept say why (not_kept).
        const bool kept = t.get("stored_gib") != nullptr || t.get("kept_months") != nullptr ||
                          t.get("storage_price") != nullptr;
        if (const toml::node* nk = t.get("not_kept"); nk != nullptr && kept) {
          fail_at(line_of(*nk), join(path, "not_kept"),
                  "is given with the storage of the logs (stored_gib, kept_months, "
                  "storage_price); logs are either kept or not");
        }
        if (t.get("not_kept") == nullptr) {
          for (std::string_view k : {"stored_gib", "kept_months"}) {
            if (t.get(k) == nullptr) {
              fail_at(line_of(t), join(path, k),
                      "is missing: kept logs bill storage (stored_gib, kept_months); for logs "
                      "that are not kept, write not_kept = \"why\" instead");
            }
          }
        }
        break;
      }
      default:
        break;
    }
  }

  /// An instance_time's phases: from the run logs (tokens_to_train) or written (training_seconds
  /// with instances and any other phase's seconds), never both.
  void phases_written(const toml::table& t, const std::string& path) const {
    one_of(t, path, {"tokens_to_train", "training_seconds"}, false,
           "the training time from the run logs' throughput, or written directly");
    if (t.get("training_seconds") == nullptr) {
      std::vector<std::string_view> direct{"instances"};
      for (const phase ph : instance_time_phases) {
        if (ph != phase::training) direct.push_back(phase_key(ph));
      }
      for (std::string_view k : direct) {
        if (const toml::node* n = t.get(k)) {
          fail_at(line_of(*n), join(path, k),
                  "is written with tokens_to_train, whose phases and instances come from the run "
                  "logs; write training_seconds instead of tokens_to_train to give every phase "
                  "directly");
        }
      }
    } else if (t.get("instances") == nullptr) {
      fail_at(line_of(t), join(path, "instances"),
              "is missing: phases written directly (training_seconds) need the instance count");
    }
  }

  /// `purchase = { reserved | savings_plan | spot = ..., lease, payment }`: the price is then the
  /// book's reserved or Savings Plan rate, or the spot price written as an observation.
  scenario_purchase purchase(const toml::table& t, const toml::node& n,
                             const std::string& path) const {
    const toml::table* pt = n.as_table();
    if (pt == nullptr) {
      fail_at(line_of(n), path,
              "must be { reserved = \"standard\", lease = \"1yr\", payment = \"No Upfront\" } (or "
              "savings_plan = \"EC2InstanceSavingsPlans\" with lease and payment, or spot = "
              "\"us-east-1a\")");
    }
    check_keys(*pt, path, purchase_keys, "a purchase option");
    scenario_purchase p;
    p.line = line_of(n);
    one_of(*pt, path, {"reserved", "savings_plan", "spot"}, false, "how the instances are bought");
    for (std::string_view k : {"reserved", "savings_plan", "spot"}) {
      if (pt->get(k) != nullptr) {
        p.kind = std::string(k);
        p.choice = string(*pt, path, k, true);
      }
    }
    const auto one = [&](std::string_view key, std::initializer_list<std::string_view> allowed) {
      const std::string v = string(*pt, path, key, true);
      if (std::find(allowed.begin(), allowed.end(), v) == allowed.end()) {
        fail_at(line_of(*pt->get(key)), join(path, key),
                "\"" + v + "\" is not one of " + join_quoted(allowed) + suggestion(v, allowed));
      }
      return v;
    };
    if (t.get("billing") != nullptr && t.get("billing")->value<std::string>() == "capacity_block") {
      fail_at(p.line, path,
              "is given with billing = \"capacity_block\"; a Capacity Block is bought by its fee");
    }
    if (const toml::node* a = pt->get("advisor"); a != nullptr && p.kind != "spot") {
      fail_at(line_of(*a), join(path, "advisor"),
              "is the Spot Instance Advisor's data: it goes with spot = \"<zone>\" only");
    }
    if (p.kind == "spot") {
      for (std::string_view k : {"lease", "payment"}) {
        if (const toml::node* x = pt->get(k)) {
          fail_at(line_of(*x), join(path, k), "is not read for spot instances (no term)");
        }
      }
      if (pt->get("advisor") != nullptr)
        p.advisor = path_string(*pt->get("advisor"), join(path, "advisor"));
      const toml::node* price = t.get("price");
      const toml::table* given = price != nullptr ? price->as_table() : nullptr;
      if (given == nullptr || given->get("value") == nullptr) {
        fail_at(price != nullptr ? line_of(*price) : p.line,
                join(path.substr(0, path.rfind('.')), "price"),
                "a spot price is an observation no offer file carries: write price = { value = "
                "\"...\", quoted = { ... } } (the seller's page or API) or third_party = { ... }");
      }
      return p;
    }
    if (const toml::node* price = t.get("price")) {
      fail_at(line_of(*price), join(path.substr(0, path.rfind('.')), "price"),
              "is given with purchase = { " + p.kind +
                  " = ... }, whose rate is read from the price "
                  "book; leave the price out");
    }
    if (p.kind == "reserved") {
      if (p.choice != "standard" && p.choice != "convertible") {
        fail_at(line_of(*pt->get("reserved")), join(path, "reserved"),
                "\"" + p.choice + "\" is not an offering class (standard, convertible)");
      }
    } else if (p.choice != "EC2InstanceSavingsPlans" && p.choice != "ComputeSavingsPlans") {
      fail_at(line_of(*pt->get("savings_plan")), join(path, "savings_plan"),
              "\"" + p.choice +
                  "\" is not a Savings Plan family (EC2InstanceSavingsPlans, "
                  "ComputeSavingsPlans)");
    }
    p.lease = one("lease", {"1yr", "3yr"});
    p.payment = one("payment", {"No Upfront", "Partial Upfront", "All Upfront"});
    if (p.kind == "reserved" && p.payment != "No Upfront") {
      fail_at(
          line_of(*pt->get("payment")), join(path, "payment"),
          "\"" + p.payment +
              "\": a job is priced at a reservation's hourly rate only with No "
              "Upfront; an upfront fee pays for the whole term, a commitment (commitment_mix in "
              "C++, docs/prices.md)");
    }
    return p;
  }

  /// `billing`: per second (default), per hour, or a Capacity Block with its fee and length (and
  /// then no instance price: the block is priced by its fee).
  void billing(const toml::table& t, const std::string& path, const scenario_component& c) const {
    const auto b = c.text.find("billing");
    const std::string rule = b == c.text.end() ? "per_second" : b->second;
    if (std::find(billing_rules.begin(), billing_rules.end(), rule) == billing_rules.end()) {
      fail_at(line_of(*t.get("billing")), join(path, "billing"),
              "unknown billing rule \"" + rule + "\"" + suggestion(rule, billing_rules) +
                  "; the rules are " + join_quoted(billing_rules));
    }
    if (rule != "capacity_block") {
      for (std::string_view k : {"block_fee", "block_days"}) {
        if (const toml::node* n = t.get(k)) {
          fail_at(
              line_of(*n), join(path, k),
              "is only read with billing = \"capacity_block\" (the billing is \"" + rule + "\")");
        }
      }
      return;
    }
    for (std::string_view k : {"block_fee", "block_days"}) {
      if (t.get(k) == nullptr) {
        fail_at(line_of(*t.get("billing")), join(path, k),
                "is missing: a Capacity Block needs block_fee (USD, the whole block) and "
                "block_days (its length)");
      }
    }
    if (const toml::node* p = t.get("price")) {
      fail_at(line_of(*p), join(path, "price"),
              "is given with billing = \"capacity_block\", which is priced by its block_fee "
              "(the phases at the fee's effective rate); leave the price out");
    }
    const std::string& days = c.values.at("block_days").value;
    const bool digits =
        !days.empty() && days.size() <= 4 &&
        std::all_of(days.begin(), days.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
    if (!digits || !pricing::is_capacity_block_duration(std::stoll(days))) {
      fail_at(c.values.at("block_days").line, join(path, "block_days"),
              "\"" + days +
                  "\" is not a Capacity Block duration: a whole number of days, 1 to 14, "
                  "then multiples of 7 up to 182");
    }
  }

  scenario_component component(const toml::table& t, std::size_t index) const {
    const std::string path = "component[" + std::to_string(index) + "]";
    scenario_component c;
    c.line = line_of(t);
    const toml::node& kind = required(t, path, "kind");
    const auto kind_text = kind.value<std::string>();
    if (!kind.is_string() || !kind_text) {
      fail_at(line_of(kind), join(path, "kind"),
              "must be text, one of " + join_quoted(scenario_component_kinds));
    }
    const auto it =
        std::find(scenario_component_kinds.begin(), scenario_component_kinds.end(), *kind_text);
    if (it == scenario_component_kinds.end()) {
      fail_at(line_of(kind), join(path, "kind"),
              "unknown component kind \"" + *kind_text + "\"" +
                  suggestion(*kind_text, scenario_component_kinds) + "; the kinds are " +
                  join_quoted(scenario_component_kinds));
    }
    c.kind = static_cast<scenario_component_kind>(it - scenario_component_kinds.begin());
    const auto keys = keys_of(c.kind);
    std::vector<std::string_view> allowed{"kind", "name"};
    for (const auto& k : keys) allowed.push_back(k.name);
    check_keys(t, path, allowed, "a " + *kind_text + " component");
    c.name = string(t, path, "name", true);
    read_keys(t, path, keys, c.text, c.values, c.flags);
    workload_rules(t, path, c);
    if (c.kind == scenario_component_kind::block_storage) {
      // The included part and the price of IOPS or throughput are read only with what is
      // provisioned.
      for (const auto& [what, parts] :
           {std::pair<std::string_view, std::array<std::string_view, 2>>{
                "iops", {"iops_included", "iops_price"}},
            {"throughput_mibps", {"throughput_included_mibps", "throughput_price"}}}) {
        if (t.get(what) != nullptr) continue;
        for (std::string_view k : parts) {
          if (const toml::node* n = t.get(k)) {
            fail_at(line_of(*n), join(path, k),
                    "is given without " + std::string(what) + " (the provisioned " +
                        (what == "iops" ? "IOPS" : "throughput") + " of each volume)");
          }
        }
      }
    }
    if (c.kind == scenario_component_kind::failures) {
      // The interruption figures written inline (measured or assumed) or read from run logs:
      // all three, or none and the logs.
      constexpr std::string_view figures[] = {"interruptions_per_instance_hour", "restart_seconds",
                                              "work_lost_seconds"};
      std::string given;
      std::string missing;
      for (const auto k : figures) {
        std::string& list = c.values.count(std::string(k)) != 0 ? given : missing;
        if (!list.empty()) list += ", ";
        list += k;
      }
      // The rate alone may be left out: a spot instance_time with purchase.advisor gives it
      // (checked when the model is built, where the instance_time is known).
      if (!given.empty() && !missing.empty() && missing != "interruptions_per_instance_hour") {
        fail_at(c.line, join(path, std::string(missing.substr(0, missing.find(',')))),
                "is missing: a failures component gives interruptions_per_instance_hour, "
                "restart_seconds and work_lost_seconds together (given: " +
                    given + "), or none of them and reads them from run logs");
      }
      if (!given.empty() && t.get("runs") != nullptr) {
        fail_at(c.line, join(path, "runs"),
                "is given with the interruption figures: a failures component takes them "
                "written (interruptions_per_instance_hour, restart_seconds, work_lost_seconds) "
                "or from run logs, not both");
      }
    }
    if (c.kind == scenario_component_kind::block_storage &&
        (c.values.count("kept_seconds") + c.values.count("kept_hours") +
         c.values.count("kept_months")) != 1) {
      fail_at(c.line, join(path, "kept_hours"),
              "a block_storage component needs exactly one of kept_seconds, kept_hours and "
              "kept_months");
    }
    if (c.kind == scenario_component_kind::instance_time) {
      phases_written(t, path);
      billing(t, path, c);
      if (const toml::node* pu = t.get("purchase"))
        c.purchase = purchase(t, *pu, join(path, "purchase"));
    }
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
    if (const toml::node* tr = t.get("transfer")) {
      const toml::array* a = tr->as_array();
      if (a == nullptr || a->empty() || !a->is_array_of_tables()) {
        fail_at(line_of(*tr), join(path, "transfer"),
                "must be one or more [[component.transfer]] tables");
      }
      for (std::size_t i = 0; i < a->size(); ++i) {
        const toml::table& tt = *(*a)[i].as_table();
        const std::string tp = join(path, "transfer") + "[" + std::to_string(i) + "]";
        std::vector<std::string_view> tallowed;
        for (const auto& k : transfer_keys) tallowed.push_back(k.name);
        check_keys(tt, tp, tallowed, "a transfer");
        scenario_transfer x;
        x.line = line_of(tt);
        std::map<std::string, std::string> text;
        read_keys(tt, tp, transfer_keys, text, x.values);
        x.type = text["type"];
        x.what = text["what"];
        static constexpr std::array<std::string_view, 3> types{"inter_az", "internet_egress",
                                                               "inter_region"};
        if (std::find(types.begin(), types.end(), x.type) == types.end()) {
          fail_at(line_of(*tt.get("type")), join(tp, "type"),
                  "unknown transfer type \"" + x.type + "\"" + suggestion(x.type, types) +
                      "; the types are " + join_quoted(types));
        }
        const toml::node* to = tt.get("to_region");
        if (x.type == "inter_region") {
          if (to == nullptr) {
            fail_at(x.line, join(tp, "to_region"),
                    "is missing: an inter_region transfer names the region the data goes to");
          }
          x.to_region = text["to_region"];
          if (!is_region_code(x.to_region) || usage_type_prefix(x.to_region).empty()) {
            fail_at(line_of(*to), join(tp, "to_region"),
                    "\"" + x.to_region + "\" is not an AWS region code (\"us-west-2\")");
          }
        } else if (to != nullptr) {
          fail_at(line_of(*to), join(tp, "to_region"),
                  "goes with type = \"inter_region\" only (the data's other end)");
        }
        c.transfers.push_back(std::move(x));
      }
    }
    return c;
  }
};

/// Builds a model from a spec, reading the files it names.
class scenario_builder {
 public:
  scenario_builder(const scenario_spec& s, const price_store_reader& store)
      : s_(s),
        store_(store),
        dir_(std::filesystem::path(s.file).parent_path()),
        book_(s.as_of, day_count{s.freshness_days}) {}

  model build() {
    if (!s_.price_store.empty()) {
      const std::string path =
          existing(s_.price_store, s_.price_store_line, "prices.store", "price store");
      if (!store_) {
        fail_at(s_.price_store_line, "prices.store",
                "names a price store, which this program does not read (build_model(spec, "
                "io::price_store_offers) reads one; io/price_store.hpp, SQLite)");
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
    for (std::size_t i = 0; i < s_.components.size(); ++i) {
      const auto& c = s_.components[i];
      guarded(c.line, "component[" + std::to_string(i) + "] (" + c.name + ")",
              [&] { add(m, c, i); });
    }
    for (const auto& n : s_.none) {
      guarded(n.line, "declare_none",
              [&] { m.declare_none(n.cat, declared_none{n.justification}); });
    }
    return m;
  }

 private:
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
                "a " + std::string(kind_name(c.kind)) +
                    " component reads the run logs, and [runs] names none");
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

  template <class Unit>
  sourced<quantity<Unit>> input(const scenario_component& c, const scenario_value& v,
                                Unit u) const {
    return sourced(c.name + "." + v.key, make(u, v.value), *v.origin);
  }
  template <class Unit>
  sourced<quantity<Unit>> input(const scenario_component& c, std::string_view key, Unit u) const {
    return input(c, c.values.at(std::string(key)), u);
  }
  /// An input that may be written `{ unknown = "why" }`: then unknown, by the same name.
  template <class Unit>
  input_of<quantity<Unit>> maybe(const std::string& name, const scenario_value& v, Unit u) const {
    if (v.unknown) return unknown_input{name, *v.unknown};
    return sourced(name, make(u, v.value), *v.origin);
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
      from = make(Usage{}, inc->value);
      tiers.push_back(
          {sourced(c.name + "." + std::string(included) + "_price", make(Rate{}, 0), *inc->origin),
           make(Usage{}, 0), from});
    }
    tiers.push_back({std::move(price), from, std::nullopt});
    return tier_table<Usage, Rate>(c.name + "." + std::string(included) + "_tiers",
                                   std::move(tiers));
  }

  /// The instance price of a `purchase`: the book's reserved (No Upfront) hourly rate or Savings
  /// Plan rate, or the spot price written, recorded as the observation it is.
  price_per_hour bought(const scenario_component& c, const std::string& type) const {
    const auto& pu = *c.purchase;
    const std::string name = c.name + ".price";
    if (pu.kind == "reserved") {
      return pricing::ec2_reserved(book_, s_.region, type, pu.lease, pu.choice, pu.payment, name)
          .hourly.named(name);
    }
    if (pu.kind == "savings_plan") {
      return pricing::savings_plan_rate(book_, type, pu.choice, pu.lease, pu.payment, name);
    }
    const auto& v = c.values.at("price");
    pricing::observation seen;
    if (const auto* q = std::get_if<quoted>(&*v.origin)) {
      seen = {q->source, q->consulted, true};
    } else if (const auto* t = std::get_if<third_party>(&*v.origin)) {
      seen = {t->source, t->seen, false};
    } else {
      throw input_error(
          "price: a spot price is an observation: its provenance is quoted (the "
          "seller's page or API) or third_party, not " +
          std::string(trncost::kind_name(*v.origin)));
    }
    return pricing::spot_price(name, v.value, s_.region, pu.choice, type, seen);
  }

  /// The billing rule an instance_time component names (per second when it names none).
  billing_rule billing(const scenario_component& c) const {
    const auto b = c.text.find("billing");
    if (b == c.text.end() || b->second == "per_second") return billing_rule::per_second();
    if (b->second == "per_hour") return billing_rule::per_hour();
    const auto& fee = c.values.at("block_fee");
    return billing_rule::capacity_block(
        sourced<money>(c.name + ".block_fee", trncost::usd(fee.value), *fee.origin),
        convert<units::hour_t>(c.name + ".block_hours", input(c, "block_days", units::day)));
  }

  /// The throughput per instance of a serving component: its input, or the operating point of its
  /// vLLM benchmark that meets the latency bounds (with the target it describes).
  template <class Rate>
  std::pair<sourced<quantity<typename workload::rate_traits<Rate>::per_instance>>, std::string>
  serving_throughput(const scenario_component& c, std::size_t index) const {
    using per_instance = typename workload::rate_traits<Rate>::per_instance;
    if (!c.vllm) {
      return {input(c, "throughput", per_instance{}), c.text.at("latency_target")};
    }
    const auto& v = *c.vllm;
    const std::string key = "component[" + std::to_string(index) + "].throughput";
    const std::string results = existing(v.results, v.line, key + ".vllm", "vLLM benchmark");
    const std::string config =
        v.config.empty() ? std::string()
                         : existing(v.config, v.line, key + ".config", "run configuration");
    latency_target target;
    if (v.ttft_ms) target.max_time_to_first_token = make(units::millisecond, *v.ttft_ms);
    if (v.itl_ms) target.max_inter_token_latency = make(units::millisecond, *v.itl_ms);
    if (v.request_latency_s) target.max_request_latency = make(units::second, *v.request_latency_s);
    const auto point =
        select_operating_point(read_vllm_bench(results, v.instances, config), target, v.model);
    const auto& rate = [&]() -> const auto& {
      if constexpr (std::is_same_v<Rate, units::tokens_per_second_t>) {
        return point.output_tokens_per_second;
      } else {
        return point.requests_per_second;
      }
    }
    ();
    // The benchmark's rate is already per instance (read_vllm_bench divides by `instances`).
    return {sourced<quantity<per_instance>>(c.name + ".throughput",
                                            make(per_instance{}, rate.value().value().to_string()),
                                            rate.origin()),
            describe_target(target) + ", " + point.input_type + " (" + point.origin + ")"};
  }

  template <class Rate>
  void add_serving(model& m, const scenario_component& c, std::size_t index) {
    const std::string unit =
        std::is_same_v<Rate, units::tokens_per_second_t> ? "tokens_per_s" : "requests_per_s";
    auto [throughput, target] = serving_throughput<Rate>(c, index);
    workload::serving_inputs<Rate> in{
        c.name,
        c.text.at("instance_type"),
        instance_price(c, c.text.at("instance_type")),
        c.period ? workload::service_period(c.name + ".period", c.period->from, c.period->to,
                                            c.period->origin)
                 : input(c, "hours", units::hour),
        input(c, "average_" + unit, Rate{}),
        std::nullopt,
        std::move(throughput),
        std::move(target),
        input(c, "utilisation", units::dimensionless)};
    if (find(c, "peak_" + unit) != nullptr) in.peak_demand = input(c, "peak_" + unit, Rate{});
    if (find(c, "instances") != nullptr) in.fleet = input(c, "instances", units::instance);
    (void)workload::add_serving(m, in);
  }

  template <class Rate>
  void add_autoscaled(model& m, const scenario_component& c) {
    using per_instance = typename workload::rate_traits<Rate>::per_instance;
    const bool tokens = std::is_same_v<Rate, units::tokens_per_second_t>;
    const std::string unit = tokens ? "tokens_per_s" : "requests_per_s";
    std::vector<workload::demand_period<Rate>> profile;
    for (std::size_t i = 0; i < c.profile.size(); ++i) {
      const auto& d = c.profile[i];
      const std::string base = c.name + ".profile[" + std::to_string(i) + "].";
      const auto& h = d.values.at("hours");
      const auto& l = d.values.at(unit);
      profile.push_back({d.label, sourced(base + "hours", make(units::hour, h.value), *h.origin),
                         sourced(base + unit, make(Rate{}, l.value), *l.origin)});
    }
    const std::string& type = c.text.at("instance_type");
    workload::autoscaled_serving_inputs<Rate> in{
        c.name,
        type,
        instance_price(c, type),
        std::move(profile),
        input(c, "repeats", units::dimensionless),
        input(c, "target_" + unit + "_per_replica", per_instance{}),
        input(c, "min_replicas", units::instance),
        input(c, "max_replicas", units::instance),
        input(c, "startup_seconds", units::second)};
    (void)workload::add_autoscaled_serving(m, in);
  }

  /// The runs a component's measurements come from, archived in the model (and so in the report).
  static void archive(model& m, const std::vector<measure::run_record>& logged) {
    for (const auto& r : logged) m.archive_run(measure::protocol_of(r));
  }

  void add(model& m, const scenario_component& c, std::size_t index) {
    const std::string& region = s_.region;
    const auto name_of = [&](std::string_view key) { return c.name + "." + std::string(key); };
    switch (c.kind) {
      case scenario_component_kind::instance_time: {
        const std::string& type = c.text.at("instance_type");
        const billing_rule rule = billing(c);
        const bool block = rule.how == billing_rule::kind::capacity_block;
        std::vector<phase_time> phases;
        std::optional<sourced<quantity<units::second_t>>> total;
        std::optional<sourced<quantity<units::instance_t>>> instances;
        // Written directly: each phase's seconds as given. Else from the run logs: training =
        // tokens_to_train / their useful throughput, the other phases their medians.
        const bool written = find(c, "training_seconds") != nullptr;
        std::optional<measure::model_feed<units::tokens_per_second_t>> fed;
        std::optional<sourced<quantity<units::second_t>>> train;
        if (written) {
          instances = input(c, "instances", units::instance);
        } else {
          const auto& logged = runs(c);
          archive(m, logged);
          fed = measure::feed_model<units::tokens_per_second_t>(logged);
          instances = fed->instances;
          train = measure::extrapolate(name_of("train_s"),
                                       input(c, "tokens_to_train", units::token), fed->throughput);
        }
        for (const phase ph : instance_time_phases) {
          std::optional<sourced<quantity<units::second_t>>> secs;
          if (written) {
            if (find(c, phase_key(ph)) != nullptr) {
              secs = input(c, phase_key(ph), units::second);
            }
          } else if (ph == phase::training) {
            secs = train;
          } else {
            for (const auto& [q, sec] : fed->phase_seconds) {
              if (q == ph) secs = sec;
            }
          }
          if (!secs) continue;
          phases.push_back({ph, *secs});
          total = total ? sourced<quantity<units::second_t>>(*total + *secs) : *secs;
        }
        // The price after the run logs: a scenario without [runs] is told that first.
        const scenario_value* p = find(c, "price");
        // A Capacity Block has no instance price (its fee prices it): unknown, never read.
        const input_of<quantity<units::usd_per_instance_hour_t>> price =
            block        ? input_of<quantity<units::usd_per_instance_hour_t>>(unknown_input{
                        name_of("price"), "billed as a Capacity Block: priced by its fee"})
            : c.purchase ? input_of<quantity<units::usd_per_instance_hour_t>>(bought(c, type))
            : p != nullptr && (p->origin || p->unknown)
                ? maybe(c, "price", units::usd_per_instance_hour)
                : input_of<quantity<units::usd_per_instance_hour_t>>(
                      pricing::ec2_on_demand(book_, region, type, name_of("price")));
        if (block) {
          const decimal reserved = rule.block_duration->value().value() * decimal{3600};
          if (reserved < total->value().value()) {
            fail_at(c.values.at("block_days").line,
                    "component[" + std::to_string(index) + "].block_days",
                    "the phases take " + total->value().value().to_string() +
                        " s, more than the Capacity Block's " + reserved.to_string() +
                        " s; buy a longer block, or bill the rest on demand");
          }
        }
        instance_time it(c.name, type, *instances, price, phases, rule);
        if (c.purchase) {
          it.bought_as(c.purchase->kind == "reserved"       ? purchase_option::reserved
                       : c.purchase->kind == "savings_plan" ? purchase_option::savings_plan
                                                            : purchase_option::spot);
        }
        m.add(it);
        // Spot with the advisor's data: the type must have a spot market in the region; its
        // interruption bucket is the rate a failures component takes when it writes none.
        std::optional<sourced<quantity<units::interruptions_per_instance_hour_t>>> spot_rate;
        if (c.purchase && !c.purchase->advisor.empty()) {
          const std::string key = "component[" + std::to_string(index) + "].purchase.advisor";
          const std::string file =
              existing(c.purchase->advisor, c.purchase->line, key, "Spot Instance Advisor data");
          const spot_advisor advisor = read_spot_advisor(file);
          const spot_market* market = advisor.find(region, type);
          if (market == nullptr) {
            fail_at(c.purchase->line, key,
                    type + " has no spot market in " + region +
                        ": the Spot Instance Advisor data " + c.purchase->advisor +
                        " lists no Linux row for it, so it cannot be bought "
                        "as spot there; price it on demand, or in a region that has one");
          }
          spot_rate = spot_interruption_rate(*market, c.purchase->advisor,
                                             name_of("spot_interruptions_per_instance_hour"));
        }
        jobs_.emplace(c.name,
                      job{type, *instances, price, (*instances * *total).named(name_of("exposure")),
                          block, spot_rate});
        break;
      }
      case scenario_component_kind::failures: {
        const std::string& of = c.text.at("instance_time");
        const auto j = jobs_.find(of);
        if (j == jobs_.end()) {
          throw input_error("instance_time: no instance_time component named \"" + of +
                            "\" comes before this one");
        }
        if (j->second.capacity_block) {
          throw input_error("instance_time: \"" + of +
                            "\" is billed as a Capacity Block, whose fee "
                            "already pays for the reserved time restarts would use (its unused "
                            "time is a line); declare failures_restarts none, saying so");
        }
        const std::string& type = j->second.instance_type;
        if (find(c, "restart_seconds") != nullptr) {
          // Written inline, measured or assumed (their provenance says which): no run log. The
          // rate, when not written, is the spot market's (the advisor's bucket, an assumption).
          if (find(c, "interruptions_per_instance_hour") == nullptr &&
              !j->second.spot_interruptions) {
            throw input_error(
                "interruptions_per_instance_hour: is missing: a failures component gives "
                "interruptions_per_instance_hour, restart_seconds and work_lost_seconds together, "
                "or leaves the rate to the Spot Instance Advisor when its instance_time \"" +
                of + "\" is bought as spot with purchase.advisor");
          }
          m.add(failures(c.name, type, j->second.count, j->second.price,
                         find(c, "interruptions_per_instance_hour") != nullptr
                             ? input(c, "interruptions_per_instance_hour",
                                     units::interruptions_per_instance_hour)
                             : *j->second.spot_interruptions,
                         j->second.exposure,
                         input(c, "restart_seconds", units::seconds_per_interruption),
                         input(c, "work_lost_seconds", units::seconds_per_interruption)));
          break;
        }
        const auto logged =
            c.runs.empty()
                ? runs(c)
                : read_runs(c.runs, c.runs_line, "component[" + std::to_string(index) + "].runs");
        const auto fed = measure::feed_model<units::tokens_per_second_t>(logged);
        if (!fed.restart_time || !fed.work_lost) {
          throw input_error(
              "the run logs record no interruption: no restart time or work lost "
              "(give runs that saw one, or declare the category none)");
        }
        // Runs of another instance type stand in for this one: an assumption, said as one
        // (docs/scenario.md, failures), never a measurement of this type.
        if (!logged.empty() && logged.front().instance_type != type) {
          m.add(failures(c.name, type, j->second.count, j->second.price,
                         measure::assumed_on(fed.interruption_rate, type), j->second.exposure,
                         measure::assumed_on(*fed.restart_time, type),
                         measure::assumed_on(*fed.work_lost, type)));
          break;
        }
        archive(m, logged);
        m.add(failures(c.name, type, j->second.count, j->second.price, fed.interruption_rate,
                       j->second.exposure, *fed.restart_time, *fed.work_lost));
        break;
      }
      case scenario_component_kind::block_storage: {
        const std::string& type = c.text.at("volume_type");
        const scenario_value* p = find(c, "price");
        const auto price = p != nullptr && (p->origin || p->unknown)
                               ? maybe(c, "price", units::usd_per_gibibyte_month)
                               : input_of<quantity<units::usd_per_gibibyte_month_t>>(
                                     pricing::ebs_storage(book_, region, type, name_of("price")));
        const auto kept = find(c, "kept_seconds") != nullptr
                              ? usage_period(input(c, "kept_seconds", units::second), month_730h)
                          : find(c, "kept_hours") != nullptr
                              ? usage_period(input(c, "kept_hours", units::hour), month_730h)
                              : usage_period(input(c, "kept_months", units::month));
        block_storage b(c.name, type, maybe(c, "size_gib", units::gibibyte), kept, price);
        if (find(c, "volumes") != nullptr)
          b.with_volumes(maybe(c, "volumes", units::dimensionless));
        if (find(c, "iops") != nullptr) {
          const scenario_value* ip = find(c, "iops_price");
          b.with_iops(maybe(c, "iops", units::iops),
                      above_included<units::iops_t>(
                          c, "iops_included",
                          ip != nullptr && (ip->origin || ip->unknown)
                              ? maybe(c, "iops_price", units::usd_per_iops_month)
                              : input_of<quantity<units::usd_per_iops_month_t>>(pricing::ebs_iops(
                                    book_, region, type, name_of("iops_price")))));
        }
        if (find(c, "throughput_mibps") != nullptr) {
          const auto provisioned = maybe(c, "throughput_mibps", units::mebibytes_per_second);
          const scenario_value* tp = find(c, "throughput_price");
          // Written: USD per MiBps-month, as AWS's pricing page says it; from the book: per
          // GiBps-month, as the offer file prices it (the line divides by 1024, exactly).
          if (tp != nullptr && (tp->origin || tp->unknown)) {
            b.with_throughput(provisioned,
                              above_included<units::mebibytes_per_second_t>(
                                  c, "throughput_included_mibps",
                                  maybe(c, "throughput_price", units::usd_per_mibps_month)));
          } else {
            b.with_throughput(
                provisioned,
                above_included<units::mebibytes_per_second_t>(
                    c, "throughput_included_mibps",
                    input_of<quantity<units::usd_per_gibps_month_t>>(pricing::ebs_throughput(
                        book_, region, type, name_of("throughput_price")))));
          }
        }
        m.add(b);
        break;
      }
      case scenario_component_kind::object_storage: {
        const std::string& cls = c.text.at("storage_class");
        const scenario_value* p = find(c, "storage_price");
        auto prices =
            p != nullptr && p->origin
                ? flat_table<units::gibibyte_t>(input(c, *p, units::usd_per_gibibyte_month))
                : as_table(name_of("storage_price"),
                           pricing::s3_storage_tiers(book_, region, cls, name_of("storage_price")));
        object_storage o(c.name, "S3 " + cls, input(c, "stored_gib", units::gibibyte),
                         usage_period(input(c, "kept_months", units::month)), std::move(prices));
        const auto request_price = [&](std::string_view key, const char* group) {
          const scenario_value* rp = find(c, key);
          return rp != nullptr && rp->origin
                     ? input(c, *rp, units::usd_per_request)
                     : pricing::s3_requests(book_, region, group, name_of(key));
        };
        if (find(c, "put_requests") != nullptr) {
          o.with_put_requests(input(c, "put_requests", units::request),
                              request_price("put_price", "S3-API-Tier1"));
        }
        if (find(c, "get_requests") != nullptr) {
          o.with_get_requests(input(c, "get_requests", units::request),
                              request_price("get_price", "S3-API-Tier2"));
        }
        m.add(o);
        break;
      }
      case scenario_component_kind::logging: {
        const scenario_value* ip = find(c, "ingestion_price");
        if (const auto nk = c.text.find("not_kept"); nk != c.text.end()) {
          m.add(logging::not_kept(
              c.name, input(c, "ingested_gib", units::gibibyte),
              ip != nullptr && ip->origin
                  ? input(c, *ip, units::usd_per_gibibyte)
                  : pricing::cloudwatch_logs_ingestion(book_, region, name_of("ingestion_price")),
              nk->second));
          break;
        }
        const scenario_value* sp = find(c, "storage_price");
        const auto ingestion =
            ip != nullptr && ip->origin
                ? input(c, *ip, units::usd_per_gibibyte)
                : pricing::cloudwatch_logs_ingestion(book_, region, name_of("ingestion_price"));
        const auto storage =
            sp != nullptr && sp->origin
                ? input(c, *sp, units::usd_per_gibibyte_month)
                : pricing::cloudwatch_logs_storage(book_, region, name_of("storage_price"));
        m.add(logging(c.name, input(c, "ingested_gib", units::gibibyte), ingestion,
                      input(c, "stored_gib", units::gibibyte),
                      usage_period(input(c, "kept_months", units::month)), storage));
        break;
      }
      case scenario_component_kind::data_transfer: {
        std::vector<transfer> flows;
        for (std::size_t i = 0; i < c.transfers.size(); ++i) {
          const auto& x = c.transfers[i];
          const std::string base = c.name + ".transfer[" + std::to_string(i) + "]";
          const auto volume = maybe(base + ".gib", x.values.at("gib"), units::gibibyte);
          const auto xp = x.values.find("price");
          const bool given = xp != x.values.end() && xp->second.origin;
          const auto given_price = [&] {
            return sourced(base + ".price", make(units::usd_per_gibibyte, xp->second.value),
                           *xp->second.origin);
          };
          if (x.type == "inter_region") {
            if (x.to_region == region) {
              throw input_error("transfer[" + std::to_string(i) + "].to_region: \"" + x.to_region +
                                "\" is the estimate's own region; between zones of it, the "
                                "type is inter_az");
            }
            flows.push_back(transfer::inter_region(
                x.what, x.to_region, volume,
                given ? input_of<quantity<units::usd_per_gibibyte_t>>(given_price())
                      : input_of<quantity<units::usd_per_gibibyte_t>>(
                            pricing::data_transfer_inter_region(book_, region, x.to_region,
                                                                base + ".price"))));
            continue;
          }
          if (x.type == "inter_az") {
            if (given) {
              flows.push_back(transfer::inter_az(x.what, volume, given_price()));
              continue;
            }
            const auto tiers =
                pricing::data_transfer_tiers(book_, region, "IntraRegion", base + ".price");
            if (tiers.size() != 1) {
              throw input_error("the price book has " + std::to_string(tiers.size()) +
                                " tiers for data transfer between availability zones; expected "
                                "one flat price");
            }
            flows.push_back(transfer::inter_az(x.what, volume, tiers.front().price));
          } else {
            flows.push_back(transfer::internet_egress(
                x.what, volume,
                given ? flat_table<units::gibibyte_t>(given_price())
                      : as_table(base + ".price",
                                 pricing::data_transfer_tiers(book_, region, "AWS Outbound",
                                                              base + ".price"))));
          }
        }
        m.add(data_transfer(c.name, std::move(flows)));
        break;
      }
      case scenario_component_kind::data_preparation: {
        if (const auto type = c.text.find("instance_type"); type != c.text.end()) {
          m.add(data_preparation(
              c.name, cpu_instances{type->second, input(c, "instances", units::instance),
                                    instance_price(c, type->second), *time(c, "duration")}));
          break;
        }
        const auto& v = c.values.at("cost");
        data_preparation prep(c.name,
                              sourced<money>(name_of("cost"), trncost::usd(v.value), *v.origin));
        if (const auto sv = c.text.find("service"); sv != c.text.end()) {
          prep.billed_as({.service = std::string(find_aws_service(sv->second)->code)});  // checked
        }
        m.add(std::move(prep));
        break;
      }
      case scenario_component_kind::serving:
        if (find(c, "average_tokens_per_s") != nullptr) {
          add_serving<units::tokens_per_second_t>(m, c, index);
        } else {
          add_serving<units::requests_per_second_t>(m, c, index);
        }
        break;
      case scenario_component_kind::autoscaled_serving:
        if (find(c, "target_tokens_per_s_per_replica") != nullptr) {
          add_autoscaled<units::tokens_per_second_t>(m, c);
        } else {
          add_autoscaled<units::requests_per_second_t>(m, c);
        }
        break;
      case scenario_component_kind::hosted_api: {
        const std::string& model_name = c.text.at("model");
        const auto sv = c.text.find("service");
        const auto price = [&](std::string_view key, pricing::token_direction d) {
          const scenario_value* p = find(c, key);
          if (p != nullptr && (p->origin || p->unknown)) {
            return maybe(c, std::string(key), units::usd_per_million_tokens);
          }
          return input_of<quantity<units::usd_per_million_tokens_t>>(pricing::bedrock_tokens(
              book_, s_.region, model_name, d, c.name + "." + std::string(key)));
        };
        (void)workload::add_hosted_api(
            m, workload::hosted_api_inputs{
                   c.name, model_name,
                   sv != c.text.end() ? std::string(find_aws_service(sv->second)->code)
                                      : std::string("AmazonBedrock"),
                   price("input_price", pricing::token_direction::input),
                   price("output_price", pricing::token_direction::output),
                   c.period ? workload::service_period(c.name + ".period", c.period->from,
                                                       c.period->to, c.period->origin)
                            : input(c, "hours", units::hour),
                   input(c, "average_tokens_per_s", units::tokens_per_second),
                   input(c, "input_tokens_per_output_token", units::dimensionless)});
        break;
      }
      case scenario_component_kind::frontier: {
        const std::string& type = c.text.at("instance_type");
        (void)workload::add_frontier_training(
            m, workload::frontier_inputs{c.name, type, instance_price(c, type),
                                         input(c, "reference_nodes", units::instance),
                                         input(c, "reference_throughput", units::tokens_per_second),
                                         input(c, "nodes", units::instance),
                                         input(c, "scaling_efficiency", units::dimensionless),
                                         input(c, "token_budget", units::token)});
        break;
      }
      case scenario_component_kind::sweep: {
        const std::string& type = c.text.at("instance_type");
        workload::sweep_inputs in{c.name,
                                  type,
                                  instance_price(c, type),
                                  input(c, "trials", units::job),
                                  *time(c, "trial"),
                                  input(c, "instances_per_trial", units::instances_per_job),
                                  input(c, "parallel_trials", units::job),
                                  input(c, "stopped_early", units::dimensionless),
                                  std::nullopt};
        if (find(c, "stopped_trial_run") != nullptr) {
          in.stopped_trial_run = input(c, "stopped_trial_run", units::dimensionless);
        }
        in.wave_gap = time(c, "wave_gap");
        if (const auto f = c.flags.find("cluster_kept_up"); f != c.flags.end()) {
          in.cluster_kept_up = f->second;
        }
        if (find(c, "rerun_instances") != nullptr) {
          in.rerun_instances = input(c, "rerun_instances", units::instance);
          in.rerun_time = time(c, "rerun");
        }
        (void)workload::add_sweep(m, in);
        break;
      }
      case scenario_component_kind::continued_pretraining: {
        const std::string& type = c.text.at("instance_type");
        workload::continued_pretraining_inputs in{c.name,
                                                  type,
                                                  instance_price(c, type),
                                                  input(c, "instances", units::instance),
                                                  input(c, "token_budget", units::token),
                                                  input(c, "throughput", units::tokens_per_second),
                                                  *time(c, "checkpoint_interval"),
                                                  input(c, "checkpoint_seconds", units::second)};
        in.setup = time(c, "setup");
        (void)workload::add_continued_pretraining(m, in);
        break;
      }
      case scenario_component_kind::batch_inference: {
        const std::string& type = c.text.at("instance_type");
        workload::batch_inference_inputs in{
            c.name,
            type,
            instance_price(c, type),
            input(c, "instances", units::instance),
            input(c, "tokens", units::token),
            input(c, "throughput", units::tokens_per_second_per_instance)};
        in.setup = time(c, "setup");
        (void)workload::add_batch_inference(m, in);
        break;
      }
    }
  }
};

}  // namespace trncost::io::detail

namespace trncost {

namespace io::detail {

TRNCOST_DECL std::span<const scenario_key> keys_of(scenario_component_kind k) {
  switch (k) {
    case scenario_component_kind::instance_time:
      return instance_time_keys;
    case scenario_component_kind::failures:
      return failures_keys;
    case scenario_component_kind::block_storage:
      return block_storage_keys;
    case scenario_component_kind::object_storage:
      return object_storage_keys;
    case scenario_component_kind::logging:
      return logging_keys;
    case scenario_component_kind::data_transfer:
      return data_transfer_keys;
    case scenario_component_kind::data_preparation:
      return data_preparation_keys;
    case scenario_component_kind::serving:
      return serving_keys;
    case scenario_component_kind::sweep:
      return sweep_keys;
    case scenario_component_kind::continued_pretraining:
      return continued_pretraining_keys;
    case scenario_component_kind::batch_inference:
      return batch_inference_keys;
    case scenario_component_kind::autoscaled_serving:
      return autoscaled_serving_keys;
    case scenario_component_kind::frontier:
      return frontier_keys;
    case scenario_component_kind::hosted_api:
      return hosted_api_keys;
  }
  return {};
}

TRNCOST_DECL std::string two_digits(unsigned v) { return (v < 10 ? "0" : "") + std::to_string(v); }

}  // namespace io::detail

namespace io {

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
  for (std::size_t i = 0; i < scenario_component_kinds.size(); ++i) {
    const auto kind = static_cast<scenario_component_kind>(i);
    const std::string prefix = "component." + std::string(kind_name(kind));
    for (const auto& k : detail::keys_of(kind)) out.push_back(prefix + "." + std::string(k.name));
  }
  for (const auto& k : detail::transfer_keys) {
    out.push_back("component.data_transfer.transfer." + std::string(k.name));
  }
  add("component.instance_time.purchase", detail::purchase_keys);
  add("component.serving.throughput", detail::vllm_keys);
  add("component.serving.period", detail::period_date_keys);
  add("component.hosted_api.period", detail::period_date_keys);
  for (const auto& k : detail::demand_period_keys) {
    out.push_back("component.autoscaled_serving.profile." + std::string(k.name));
  }
  for (const auto& [name, c] : detail::category_keys)
    out.push_back("declare_none." + std::string(name));
  add("analysis", p::analysis_keys);
  add("analysis.monte_carlo", p::monte_carlo_keys);
  add("analysis.monte_carlo.inputs[]", p::uncertain_input_keys);
  add("grant", p::grant_keys);
  add("spend", p::spend_keys);
  add("sources.NAME", p::provenance_keys);
  add("input", p::input_keys);
  add(spelling_of<measured>.file, p::measured_keys);
  add(spelling_of<third_party>.file, p::third_party_keys);
  add(spelling_of<documented>.file, p::documented_keys);
  add(spelling_of<quoted>.file, p::quoted_keys);
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
  return estimate_options{day_count{spec.freshness_days}};
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
    if (a.tornado_band) {
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
      try {
        x.monte_carlo = analysis::monte_carlo(in, inputs, o);
      } catch (const trncost::error& e) {
        detail::scenario_rethrow(spec, a.monte_carlo_line, "analysis.monte_carlo", e);
      }
    }
  }
  if (!spec.grants.empty() && spec.spend) {
    std::vector<credits::grant> grants;
    for (std::size_t i = 0; i < spec.grants.size(); ++i) {
      const auto& g = spec.grants[i];
      try {
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
      x.burn_down = credits::burn_down(
          grants, credits::spend_schedule::spread(est, spec.spend->start, spec.spend->end));
    } catch (const trncost::error& e) {
      detail::scenario_rethrow(spec, spec.spend->line, "spend", e);
    }
  }
  return x;
}

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_IO_IMPL_SCENARIO_IPP
