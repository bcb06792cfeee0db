// The definitions of scenario/study.hpp's functions and the study file's parser: included by that
// header (header-only) or compiled once by <trncost/scenario/src.hpp>
// (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_SCENARIO_IMPL_STUDY_IPP
#define TRNCOST_SCENARIO_IMPL_STUDY_IPP

#include "../study.hpp"
#include "scenario.ipp"

namespace trncost::scenario::detail {

/// Reads a study: checks its own keys, then merges each [[option]] over the common tables and
/// hands the result to the scenario parser.
class study_parser : public scenario_parser {
 public:
  using scenario_parser::scenario_parser;

  static constexpr std::array<std::string_view, 14> study_root_keys{
      "format",    "study",        "sources",  "option", "estimate", "prices",      "runs",
      "component", "declare_none", "analysis", "grant",  "spend",    "uncertainty", "compat"};
  static constexpr std::array<std::string_view, 8> study_keys{
      "title", "work", "work_per", "work_unit", "quality", "regions", "same_model", "what_if"};
  /// [study.what_if]: input = "...", from = "400", to = "1200", points = 9.
  static constexpr std::array<std::string_view, 4> what_if_keys{"input", "from", "to", "points"};
  static constexpr std::array<std::string_view, 6> quality_keys{"dataset",   "metric",  "target",
                                                                "direction", "reached", "stack"};
  /// What an [[option]] holds besides the scenario tables it overrides.
  static constexpr std::array<std::string_view, 17> option_keys{
      "name",        "quality",      "seconds_to_target",
      "support",     "bottlenecks",  "porting_unjustified",
      "estimate",    "prices",       "runs",
      "component",   "declare_none", "analysis",
      "grant",       "spend",        "neuron_monitor",
      "uncertainty", "compat"};
  /// option.neuron_monitor = { file = "...", below = "50" }.
  static constexpr std::array<std::string_view, 2> neuron_monitor_keys{"file", "below"};

  study_spec parse_study(std::string_view text) {
    study_spec st;
    st.file = file_;
    const toml::table first = parse_text(text);
    check_keys(first, "", study_root_keys, "a study file");
    check_format(first);
    const toml::table& head = table(first, "study", "study");
    st.line = line_of(head);
    check_keys(head, "study", study_keys, "[study]");
    st.title = string(head, "study", "title", true);
    st.work_input = string(head, "study", "work", false);
    st.work_unit = string(head, "study", "work_unit", false);
    if (st.work_input.empty() != st.work_unit.empty()) {
      fail_at(line_of(head), st.work_input.empty() ? "study.work" : "study.work_unit",
              "study.work and study.work_unit go together: name the input that measures the work "
              "and its unit, or leave both out when each option is a workload that says the work "
              "it delivers (docs/workloads.md)");
    }
    if (const toml::node* per = head.get("work_per")) {
      st.work_per = decimal::parse(decimal_text(*per, "study.work_per"));
      if (st.work_per.is_zero() || st.work_per.is_negative()) {
        fail_at(line_of(*per), "study.work_per", "must be above 0");
      }
    }
    if (const toml::node* rs = head.get("regions")) {
      const toml::array* ra = rs->as_array();
      if (ra == nullptr || ra->empty()) {
        fail_at(line_of(*rs), "study.regions",
                "must be an array of region codes: regions = [\"us-east-1\", \"us-west-2\"]");
      }
      for (std::size_t i = 0; i < ra->size(); ++i) {
        const auto r = (*ra)[i].value<std::string>();
        const std::string at = "study.regions[" + std::to_string(i) + "]";
        if (!r || !is_region_code(*r)) {
          fail_at(line_of((*ra)[i]), at,
                  "must be an AWS region code (\"us-east-1\"), is " +
                      (r ? "\"" + *r + "\"" : std::string("not text")));
        }
        if (std::find(st.regions.begin(), st.regions.end(), *r) != st.regions.end()) {
          fail_at(line_of((*ra)[i]), at, "\"" + *r + "\" is listed twice");
        }
        st.regions.push_back(*r);
      }
    }
    if (const toml::node* wi = head.get("what_if")) {
      const toml::table* t = wi->as_table();
      if (t == nullptr) {
        fail_at(line_of(*wi), "study.what_if",
                "must be a table: [study.what_if] input = \"...\", from = \"400\", to = \"1200\"");
      }
      check_keys(*t, "study.what_if", what_if_keys, "a what-if");
      study_what_if w;
      w.line = line_of(*wi);
      w.input = string(*t, "study.what_if", "input", true);
      w.from =
          decimal::parse(decimal_text(required(*t, "study.what_if", "from"), "study.what_if.from"));
      w.to = decimal::parse(decimal_text(required(*t, "study.what_if", "to"), "study.what_if.to"));
      if (!(w.from < w.to)) {
        fail_at(line_of(*t->get("to")), "study.what_if.to",
                "must be above study.what_if.from (" + w.from.to_string() + ")");
      }
      if (const toml::node* n = t->get("points")) {
        const auto v = n->value<std::int64_t>();
        if (!n->is_integer() || !v || *v < 2 || *v > 1001) {
          fail_at(line_of(*n), "study.what_if.points",
                  "must be a whole number from 2 to 1001 (both ends of the range included)");
        }
        w.points = static_cast<int>(*v);
      }
      st.what_if = std::move(w);
    }
    const toml::node* opts = first.get("option");
    const toml::array* a = opts != nullptr ? opts->as_array() : nullptr;
    if (a == nullptr || !a->is_array_of_tables() || a->size() < 2) {
      fail_at(opts != nullptr ? line_of(*opts) : line_of(head), "option",
              "a study needs two or more [[option]] tables (one option is a scenario file)");
    }
    for (std::size_t i = 0; i < a->size(); ++i) {
      // Each option starts from a fresh parse: nodes are moved into the merged document so that
      // they keep the lines they were written at (toml++ copies lose them).
      toml::table root = parse_text(text);
      st.options.push_back(option(root, i));
      for (std::size_t j = 0; j + 1 < st.options.size(); ++j) {
        if (st.options[j].name == st.options.back().name) {
          fail_at(st.options.back().line, "option[" + std::to_string(i) + "].name",
                  "\"" + st.options.back().name + "\" is already the name of option[" +
                      std::to_string(j) + "]; option names must differ");
        }
      }
    }
    return st;
  }

 private:
  toml::table parse_text(std::string_view text) const {
    if (const auto refused = readers::detail::check_toml(text)) {
      fail_at(
          refused->line, "",
          "is not valid TOML: column " + std::to_string(refused->column) + ": " + refused->rule);
    }
    try {
      return toml::parse(text, std::string_view(file_));
    } catch (const toml::parse_error& e) {
      fail_at(e.source().begin.line, "", "is not valid TOML: " + std::string(e.description()));
    }
  }

  /// Moves every key of `from` into `into`, replacing a key written there.
  static void overlay(toml::table& into, toml::table& from) {
    for (auto&& [k, v] : from) into.insert_or_assign(k, std::move(v));
  }

  study_option_spec option(toml::table& root, std::size_t index) {
    const std::string path = "option[" + std::to_string(index) + "]";
    toml::table& opt = *(*root.get_as<toml::array>("option"))[index].as_table();
    check_keys(opt, path, option_keys, "an option");
    study_option_spec o;
    o.line = line_of(opt);
    o.name = string(opt, path, "name", true);
    o.quality = quality(root, opt, path);
    if (const toml::node* s = opt.get("seconds_to_target")) {
      o.seconds_to_target = decimal::parse(decimal_text(*s, join(path, "seconds_to_target")));
    }
    o.support = string(opt, path, "support", false);
    if (const toml::node* b = opt.get("bottlenecks")) {
      const toml::array* ba = b->as_array();
      if (ba == nullptr)
        fail_at(line_of(*b), join(path, "bottlenecks"), "must be an array of text");
      for (std::size_t i = 0; i < ba->size(); ++i) {
        const auto t = (*ba)[i].value<std::string>();
        if (!t || t->empty()) {
          fail_at(line_of((*ba)[i]), join(path, "bottlenecks") + "[" + std::to_string(i) + "]",
                  "must be non-empty text");
        }
        o.bottlenecks.push_back(*t);
      }
    }
    if (const toml::node* nm = opt.get("neuron_monitor")) {
      const std::string np = join(path, "neuron_monitor");
      const toml::table* t = nm->as_table();
      if (t == nullptr) {
        fail_at(line_of(*nm), np, "must be { file = \"capture.jsonl\", below = \"50\" }");
      }
      check_keys(*t, np, neuron_monitor_keys, "a neuron-monitor check");
      study_utilisation_check u;
      u.line = line_of(*nm);
      u.file = path_string(required(*t, np, "file"), join(np, "file"));
      u.below = decimal_text(required(*t, np, "below"), join(np, "below"));
      const decimal b = decimal::parse(u.below);
      if (!(decimal{} < b) || decimal{100} < b) {
        fail_at(line_of(*t->get("below")), join(np, "below"),
                "must be a percentage above 0 and at most 100");
      }
      o.utilisation = std::move(u);
    }
    if (opt.get("porting_unjustified") != nullptr) {
      o.porting_unjustified = string(opt, path, "porting_unjustified", true);
    }

    // The option's scenario: the common tables, with the option's written over them.
    for (std::string_view t :
         {"estimate", "prices", "runs", "analysis", "spend", "declare_none", "compat"}) {
      toml::node* mine = opt.get(t);
      if (mine == nullptr) continue;
      toml::table* mt = mine->as_table();
      if (mt == nullptr) fail_at(line_of(*mine), join(path, t), "must be a table");
      if (toml::table* common = root.get_as<toml::table>(t)) {
        overlay(*common, *mt);
      } else {
        root.insert_or_assign(t, std::move(*mt));
      }
    }
    if (toml::node* g = opt.get("grant")) root.insert_or_assign("grant", std::move(*g));
    // An option's migration uncertainties come after the study's, which every option shares.
    if (toml::node* u = opt.get("uncertainty")) {
      toml::array* mine = u->as_array();
      if (mine == nullptr || !mine->is_array_of_tables()) {
        fail_at(line_of(*u), join(path, "uncertainty"),
                "must be an array of tables: write each as [[option.uncertainty]]");
      }
      if (toml::array* common = root.get_as<toml::array>("uncertainty")) {
        for (auto& x : *mine) common->push_back(std::move(x));
      } else {
        root.insert_or_assign("uncertainty", std::move(*mine));
      }
    }
    component_paths_.clear();
    if (toml::node* cs = opt.get("component")) components(root, *cs, path);

    toml::table scenario;
    for (auto&& [k, v] : root) {
      if (k.str() == "study" || k.str() == "option") continue;
      scenario.insert_or_assign(k, std::move(v));
    }
    o.scenario = parse_root(scenario);
    return o;
  }

  /// [[option.component]]: a component of the common tables, by name, gets the keys written here;
  /// a new name adds a component.
  void components(toml::table& root, toml::node& mine, const std::string& path) {
    toml::array* ma = mine.as_array();
    if (ma == nullptr || !ma->is_array_of_tables()) {
      fail_at(line_of(mine), join(path, "component"),
              "must be an array of tables: write each as [[option.component]]");
    }
    if (root.get("component") == nullptr) root.insert_or_assign("component", toml::array{});
    toml::array* common = root.get_as<toml::array>("component");
    if (common == nullptr)
      fail_at(line_of(*root.get("component")), "component", "must be [[component]] tables");
    // The common components keep their paths; one the option adds is named as the option's.
    for (std::size_t k = 0; k < common->size(); ++k) {
      component_paths_.push_back("component[" + std::to_string(k) + "]");
    }
    for (std::size_t i = 0; i < ma->size(); ++i) {
      toml::table& c = *(*ma)[i].as_table();
      const std::string cp = join(path, "component") + "[" + std::to_string(i) + "]";
      const std::string name = string(c, cp, "name", true);
      toml::table* target = nullptr;
      for (auto& e : *common) {
        toml::table* t = e.as_table();
        if (t != nullptr && t->get("name") != nullptr &&
            t->get("name")->value<std::string>() == name) {
          target = t;
        }
      }
      if (target == nullptr) {
        common->push_back(std::move(c));
        component_paths_.push_back(cp);
        continue;
      }
      // An option may change a component's kind only from serving to hosted_api: the same demand,
      // called through an API instead of hosted (the common table then keeps only what both take:
      // the period and the demand; a key the API does not take is refused by name).
      // (A common component without a kind is refused by the scenario's rules at its own line,
      // after the option's keys are written over it.)
      const toml::node* common_kind = target->get("kind");
      if (const toml::node* k = c.get("kind");
          k != nullptr && common_kind != nullptr &&
          k->value<std::string>() != common_kind->value<std::string>()) {
        const auto from = common_kind->value<std::string>().value_or("?");
        if (from != "serving" || k->value<std::string>() != "hosted_api") {
          fail_at(line_of(*k), join(cp, "kind"),
                  "component \"" + name + "\" is a " + from +
                      " in the common tables; an option changes its keys, not its kind (the one "
                      "change allowed: a serving component called as a hosted_api)");
        }
      }
      overlay(*target, c);
    }
  }

  /// [study] same_model: `true`, or the model the options run as text ("Qwen3-32B, the same
  /// weights"); empty when not written or false.
  std::string same_model(const toml::table& head) const {
    const toml::node* n = head.get("same_model");
    if (n == nullptr) return {};
    if (const auto b = n->value<bool>(); n->is_boolean() && b) {
      return *b ? std::string(same_model_dataset) : std::string();
    }
    const auto text = n->value<std::string>();
    if (!n->is_string() || !text || text->empty()) {
      fail_at(line_of(*n), "study.same_model",
              "must be true, or the model the options run as text (same_model = \"Qwen3-32B, "
              "the same weights\"): options that run the same model and weights share one "
              "quality");
    }
    return *text;
  }

  /// What the options of a study of one model are compared under: one protocol group, its
  /// quality the model's own (reached by every option, since every option runs it).
  static constexpr std::string_view same_model_dataset = "the same model and weights";
  static constexpr std::string_view same_model_metric = "same model and weights";

  /// [study.quality] with the option's quality table written over it; with [study] same_model,
  /// one protocol for every option (its stack may still be said per option).
  analysis::protocol quality(const toml::table& root, toml::table& opt,
                             const std::string& path) const {
    if (const toml::table* head = root.get_as<toml::table>("study")) {
      if (const std::string model = same_model(*head); !model.empty()) {
        if (const toml::node* c = head->get("quality")) {
          fail_at(line_of(*c), "study.quality",
                  "is given with study.same_model: options that run the same model and weights "
                  "have one quality, which no protocol needs to measure; leave one of them out");
        }
        analysis::protocol p;
        p.dataset_id = model;
        p.metric = std::string(same_model_metric);
        p.direction = analysis::quality_direction::higher_is_better;
        p.target = decimal(1);
        p.reached = decimal(1);
        if (const toml::node* m = opt.get("quality")) {
          const toml::table* mt = m->as_table();
          if (mt == nullptr) fail_at(line_of(*m), join(path, "quality"), "must be a table");
          for (auto&& [k, v] : *mt) {
            if (k.str() == "stack") continue;
            fail_at(key_line(k, v), join(path, "quality." + std::string(k.str())),
                    "is given with study.same_model: the options run the same model and weights, "
                    "so they share one quality and no protocol measures it; an option's quality "
                    "takes only stack (its software stack) here");
          }
          if (mt->get("stack") != nullptr)
            p.stack = string(*mt, join(path, "quality"), "stack", true);
        }
        return p;
      }
    }
    toml::table q;
    // Where each key was written: [study.quality] (shared) or the option's quality table; an
    // error names the table and line the value came from, and the option it was read for.
    std::map<std::string, std::pair<std::string, std::uint64_t>, std::less<>> written;
    if (const toml::table* head = root.get_as<toml::table>("study")) {
      if (const toml::node* c = head->get("quality")) {
        const toml::table* ct = c->as_table();
        if (ct == nullptr) fail_at(line_of(*c), "study.quality", "must be a table");
        check_keys(*ct, "study.quality", quality_keys, "a quality protocol");
        for (auto&& [k, v] : *ct) {
          q.insert_or_assign(k, v);
          written[std::string(k.str())] = {"study.quality", key_line(k, v)};
        }
      }
    }
    if (toml::node* m = opt.get("quality")) {
      toml::table* mt = m->as_table();
      if (mt == nullptr) fail_at(line_of(*m), join(path, "quality"), "must be a table");
      check_keys(*mt, join(path, "quality"), quality_keys, "a quality protocol");
      for (auto&& [k, v] : *mt) {
        q.insert_or_assign(k, v);
        written[std::string(k.str())] = {join(path, "quality"), key_line(k, v)};
      }
    }
    analysis::protocol p;
    const std::uint64_t line = line_of(opt);
    const std::string option_name =
        opt.get("name") != nullptr ? opt.get("name")->value<std::string>().value_or("") : "";
    // A refusal of `key`'s value: its line, its table's path and the rule, as fail_at takes them.
    struct refusal {
      std::uint64_t line;
      std::string key;
      std::string rule;
    };
    const auto refuse = [&](std::string_view key, const std::string& rule) {
      const auto w = written.find(key);
      if (w == written.end() || w->second.first != "study.quality") {
        return refusal{w == written.end() ? line : w->second.second,
                       join(path, "quality." + std::string(key)), rule};
      }
      return refusal{w->second.second, "study.quality." + std::string(key),
                     rule + " (read for option \"" + option_name + "\")"};
    };
    const auto need = [&](std::string_view key) {
      const toml::node* n = q.get(key);
      if (n == nullptr) {
        fail_at(line, join(path, "quality." + std::string(key)),
                "is missing (required, in [study.quality] or the option's quality table)");
      }
      const auto v = n->value<std::string>();
      if (!n->is_string() || !v || v->empty()) {
        const auto r = refuse(key,
                              "must be non-empty text (a TOML string; a value is written as "
                              "text, \"1.9\")");
        fail_at(r.line, r.key, r.rule);
      }
      return *v;
    };
    p.dataset_id = need("dataset");
    p.metric = need("metric");
    const std::string target = need("target");
    const std::string dir = q.get("direction") != nullptr
                                ? q.get("direction")->value<std::string>().value_or("")
                                : "lower_is_better";
    if (dir != "lower_is_better" && dir != "higher_is_better") {
      const auto r = refuse(
          "direction", "must be \"lower_is_better\" or \"higher_is_better\" (is \"" + dir + "\")");
      fail_at(r.line, r.key, r.rule);
    }
    p.direction = dir == "lower_is_better" ? analysis::quality_direction::lower_is_better
                                           : analysis::quality_direction::higher_is_better;
    const auto as_decimal = [&](std::string_view key, const std::string& text) {
      try {
        return decimal::parse(text);
      } catch (const trncost::error& e) {
        const auto r = refuse(key, readers::decimal_rule(text, e, "number"));
        fail_at(r.line, r.key, r.rule);
      }
    };
    p.target = as_decimal("target", target);
    if (q.get("reached") != nullptr) p.reached = as_decimal("reached", need("reached"));
    if (q.get("stack") != nullptr) p.stack = need("stack");
    return p;
  }
};

}  // namespace trncost::scenario::detail

namespace trncost::scenario::detail {

/// The ranked options of the comparison's first group by cash paid after credits, when any option
/// has a grant; none otherwise (nothing changes without grants).
TRNCOST_DECL std::optional<report::cash_ranking> rank_by_cash(const report::study_result& r) {
  const bool any = std::any_of(r.options.begin(), r.options.end(),
                               [](const auto& x) { return x.extras.burn_down.has_value(); });
  if (!any || r.comparison.groups.empty() || r.comparison.groups.front().ranked.empty()) {
    return std::nullopt;
  }
  report::cash_ranking c;
  for (const auto& x : r.comparison.groups.front().ranked) {
    const auto it = std::find_if(r.options.begin(), r.options.end(),
                                 [&](const auto& o) { return o.name == x.name; });
    report::cash_rank k;
    k.name = x.name;
    k.list_rank = x.cost_rank;
    k.total = it->est.total;
    k.work = it->work;
    if (const auto& b = it->extras.burn_down) {
      k.credits = b->total_credits;
      k.lost_at_expiry = b->total_lost_at_expiry;
      for (const auto& g : b->grants) {
        if (!g.used.is_zero()) k.paid_by.emplace_back(g.name, g.used);
      }
    }
    k.cash = k.total - k.credits;
    k.cash_per_work = k.work.is_zero() ? k.cash : k.cash / k.work;
    c.ranked.push_back(std::move(k));
  }
  // The comparison's order is the list rank's, so a stable sort breaks ties by list rank.
  std::stable_sort(c.ranked.begin(), c.ranked.end(),
                   [](const report::cash_rank& a, const report::cash_rank& b) {
                     return a.cash_per_work < b.cash_per_work;
                   });
  for (std::size_t i = 0; i < c.ranked.size(); ++i) c.ranked[i].rank = i + 1;
  c.effect = report::credit_effect(c.ranked);
  return c;
}

}  // namespace trncost::scenario::detail

namespace trncost {

namespace scenario {

[[nodiscard]] TRNCOST_DECL std::vector<std::string> study_key_paths() {
  using p = detail::study_parser;
  std::vector<std::string> out;
  for (std::string_view k : p::study_root_keys) {
    if (k == "study" || k == "option") out.push_back(std::string(k));
  }
  for (std::string_view k : p::study_keys) out.push_back("study." + std::string(k));
  for (std::string_view k : p::quality_keys) out.push_back("study.quality." + std::string(k));
  for (std::string_view k : p::what_if_keys) out.push_back("study.what_if." + std::string(k));
  for (std::string_view k : p::option_keys) out.push_back("option." + std::string(k));
  for (std::string_view k : p::neuron_monitor_keys) {
    out.push_back("option.neuron_monitor." + std::string(k));
  }
  return out;
}

[[nodiscard]] TRNCOST_DECL study_spec parse_study(std::string_view text, std::string_view file) {
  return detail::study_parser(file).parse_study(text);
}

[[nodiscard]] TRNCOST_DECL study_spec read_study(const std::string& path) {
  return parse_study(readers::read_input_file(path), path);
}

[[nodiscard]] TRNCOST_DECL bool is_study_text(std::string_view text) {
  if (readers::detail::check_toml(text)) return false;
  try {
    const toml::table root = toml::parse(text);
    return root.get("study") != nullptr;
  } catch (const toml::parse_error&) {
    return false;
  }
}

[[nodiscard]] TRNCOST_DECL bool is_study_file(const std::string& path) {
  // Not a file a reader takes (a device, a FIFO, too large): not a study; the scenario reader
  // then refuses it with its rule.
  if (!readers::input_file_rule(path, readers::max_whole_input_bytes).empty()) return false;
  try {
    return is_study_text(readers::read_input_file(path));
  } catch (const parse_error&) {
    return false;
  }
}

[[nodiscard]] TRNCOST_DECL report::study_result run_study(const study_spec& st) {
  report::study_result r;
  r.file = st.file;
  r.title = st.title;
  r.work_unit = st.work_unit;
  std::optional<work_kind> work_kind_seen;
  std::vector<analysis::option> compared;
  for (std::size_t i = 0; i < st.options.size(); ++i) {
    const auto& o = st.options[i];
    // A common table's line is shared by every option: the error says which option met it.
    const auto in_option = [&](const trncost::error& e) {
      return input_error(trncost::detail::bare_message(e) + " (option \"" + o.name + "\")");
    };
    std::optional<model> m;
    std::optional<estimate> evaluated;
    report::extras extras;
    try {
      m.emplace(build_model(o.scenario));
      evaluated.emplace(evaluate_scenario(o.scenario, *m));
      extras = scenario_extras(o.scenario, *m, *evaluated);
    } catch (const trncost::error& e) {
      throw in_option(e);
    }
    const estimate& est = *evaluated;
    report::study_option_result x{o.name, o.scenario.title, est, std::move(extras), {}, o.quality};
    // The option's work in the study's unit, from its estimate (or the model input study.work).
    const auto work_of = [&](const estimate& e, const model& built) -> decimal {
      if (st.work_input.empty()) {
        // The workload's own work: every option must deliver the same kind of work, known.
        if (!e.work || !e.work->amount || !e.work->amount->known) {
          throw input_error(st.file + ":" + std::to_string(st.line) + ": study.work: option \"" +
                            o.name +
                            "\" says no work delivered (no workload with known work); "
                            "name the input that measures the work with study.work and work_unit");
        }
        // "1M tokens", "1000 requests", "job": the unit the estimate's cost per unit of work uses.
        const std::string unit = e.work->unit.substr(4);
        if (r.work_unit.empty()) {
          r.work_unit = unit;
          work_kind_seen = e.work->kind;
        } else if (*work_kind_seen != e.work->kind) {
          throw input_error(st.file + ":" + std::to_string(st.line) + ": study.work: option \"" +
                            o.name + "\" delivers " + std::string(to_string(e.work->kind)) +
                            ", another option " + std::string(to_string(*work_kind_seen)) +
                            ": options are compared per unit of the same work");
        }
        return decimal::parse(e.work->amount->value) /
               decimal(static_cast<std::int64_t>(e.work->per));
      }
      try {
        const analysis::model_inputs in(built);
        return in.leaves()[in.find(st.work_input)].baseline / st.work_per;
      } catch (const trncost::error& err) {
        detail::scenario_rethrow(o.scenario, st.line, "study.work (option \"" + o.name + "\")",
                                 err);
      }
    };
    x.work = work_of(est, *m);
    // [study] regions: the same option with its scenario's region replaced; a region whose prices
    // the option cannot find (no row of its type, another region's file) is not priced, never 0.
    for (const std::string& region : st.regions) {
      report::regional_estimate g{region, std::nullopt, {}, {}};
      scenario_spec moved = o.scenario;
      moved.region = region;
      try {
        const model there = build_model(moved);
        g.est = evaluate_scenario(moved, there);
        g.work = work_of(*g.est, there);
        if (!(decimal{} < g.work)) throw input_error("the option delivers no work there");
        g.cost_per_work = g.est->total / g.work;
      } catch (const trncost::error& err) {
        g.est.reset();
        g.why_not = trncost::detail::bare_message(err);
      }
      x.regions.push_back(std::move(g));
    }
    std::stable_sort(x.regions.begin(), x.regions.end(),
                     [&](const report::regional_estimate& a, const report::regional_estimate& b) {
                       if (a.est.has_value() != b.est.has_value()) return a.est.has_value();
                       return a.est && a.cost_per_work < b.cost_per_work;
                     });
    analysis::decision_inputs din;
    din.est = &x.est;
    din.quality = o.quality;
    din.region = o.scenario.region;
    din.support.stated_check = o.support;
    din.bottlenecks = o.bottlenecks;
    din.porting_unjustified = o.porting_unjustified;
    std::optional<std::string> utilisation_holds;
    if (o.utilisation) {
      // The mean NeuronCore utilisation of the capture (readers/neuron_monitor.hpp): low
      // utilisation is a symptom (data loading, a slow software step) that a bigger instance does
      // not fix.
      const auto& u = *o.utilisation;
      const std::string key = "option[" + std::to_string(r.options.size()) + "].neuron_monitor";
      const std::filesystem::path full = std::filesystem::path(st.file).parent_path() / u.file;
      std::error_code ec;
      if (!std::filesystem::is_regular_file(full, ec)) {
        fail(readers::input_position::at_line(st.file, u.line), key + ".file",
             "neuron-monitor capture \"" + u.file + "\" does not exist (looked for " +
                 full.string() + ", relative to the study file)");
      }
      readers::neuron_monitor_summary nm;
      try {
        nm = readers::read_neuron_monitor(full.string());
      } catch (const trncost::error& e) {
        detail::scenario_rethrow(o.scenario, u.line, key, e);
      }
      const std::string seen = "NeuronCore utilisation " + nm.utilization_percent.to_string() +
                               " % (neuron-monitor, " + u.file + ": " + nm.method + ")";
      if (nm.utilization_percent < decimal::parse(u.below)) {
        din.bottlenecks.push_back(seen + " is below " + u.below + " %");
      } else {
        utilisation_holds = seen + " is at or above " + u.below + " %";
      }
    }
    x.extras.decision = analysis::decide(din);
    if (utilisation_holds) x.extras.decision->continue_reasons.push_back(*utilisation_holds);
    compared.push_back({o.name, x.est, o.quality, o.seconds_to_target, x.work});
    r.options.push_back(std::move(x));
  }
  r.comparison = analysis::compare(compared);
  // Hosting against the API: a serving option and a hosted-API option that share a component name
  // (the study's common table) share its demand.
  const auto component_of = [&](std::size_t i, std::string_view kind) -> const std::string* {
    for (const auto& c : st.options[i].scenario.components) {
      if (c.kind == kind && c.values.count("average_tokens_per_s") != 0) return &c.name;
    }
    return nullptr;
  };
  for (std::size_t i = 0; i < st.options.size(); ++i) {
    const std::string* served = component_of(i, "serving");
    if (served == nullptr) continue;
    for (std::size_t j = 0; j < st.options.size(); ++j) {
      const std::string* api = component_of(j, "hosted_api");
      if (api == nullptr || *api != *served) continue;
      try {
        const auto hosted_doc = report::from_estimate(r.options[i].est);
        const auto api_doc = report::from_estimate(r.options[j].est);
        auto b = report::find_break_even(r.options[i].name, hosted_doc, r.options[j].name, api_doc,
                                         *served);
        // With grants, the windows again on what is paid, when each option's credits are the
        // same at any demand (valid over the whole spend, covering every charge).
        std::optional<report::break_even_credits> credits;
        const auto ch = report::steady_credits(r.options[i].extras.burn_down);
        const auto ca = report::steady_credits(r.options[j].extras.burn_down);
        if ((r.options[i].extras.burn_down || r.options[j].extras.burn_down) && ch && ca) {
          credits = report::break_even_credits{*ch, *ca};
        }
        report::add_windows(b, hosted_doc, api_doc, credits);
        r.break_evens.push_back(std::move(b));
      } catch (const trncost::error& e) {
        throw input_error(st.file + ":" + std::to_string(st.line) + ": break-even of option \"" +
                          r.options[i].name + "\" against \"" + r.options[j].name +
                          "\": " + trncost::detail::bare_message(e));
      }
    }
  }
  const auto& first = r.comparison.groups.front();
  r.cash = detail::rank_by_cash(r);
  if (!first.ranked.empty()) {
    r.decided_for = r.cash ? r.cash->ranked.front().name : first.ranked.front().name;
    for (const auto& x : r.options) {
      if (x.name == *r.decided_for) r.decision = *x.extras.decision;
    }
    if (r.cash) r.decision.continue_reasons.push_back(report::credit_reason(*r.cash));
  } else {
    r.decision.outcome = analysis::verdict::suspend;
    for (const auto& a : first.apart) {
      r.decision.suspend_reasons.push_back("no option ranks: '" + a.name + "' " + a.reason);
    }
  }
  if (st.what_if) {
    try {
      r.what_if =
          report::sweep(r, st.what_if->input, st.what_if->from, st.what_if->to, st.what_if->points);
    } catch (const trncost::error& e) {
      throw input_error(st.file + ":" + std::to_string(st.what_if->line) +
                        ": study.what_if: " + trncost::detail::bare_message(e));
    }
  }
  return r;
}

[[nodiscard]] TRNCOST_DECL report::study_result run_study(const std::string& path) {
  return run_study(read_study(path));
}

}  // namespace scenario

}  // namespace trncost

#endif  // TRNCOST_SCENARIO_IMPL_STUDY_IPP
