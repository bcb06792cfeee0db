// The scenario file's tables beyond the components: [estimate], [prices], [runs], [declare_none],
// [analysis], [[grant]], [spend], [[uncertainty]], [compat], and the inputs and provenance every
// table writes. The definitions of scenario_parser's members that read them (scenario.ipp declares
// them); part of scenario/impl/scenario.ipp, included after the parser's class.
#ifndef TRNCOST_SCENARIO_IMPL_PARSE_TABLES_IPP
#define TRNCOST_SCENARIO_IMPL_PARSE_TABLES_IPP

namespace trncost::scenario::detail {

inline scenario_spec scenario_parser::parse_tables(const toml::table& root, scenario_spec s) {
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
    if (const toml::node* mon = runs.get("monitor")) {
      const toml::array* a = mon->as_array();
      if (a == nullptr) {
        fail_at(line_of(*mon), "runs.monitor",
                "must be an array: monitor = [{ file = \"capture.jsonl\", run = \"RUN-ID\" }]");
      }
      for (std::size_t i = 0; i < a->size(); ++i) {
        const std::string path = "runs.monitor[" + std::to_string(i) + "]";
        const toml::table* t = (*a)[i].as_table();
        if (t == nullptr) {
          fail_at(line_of((*a)[i]), path,
                  "must be { file = \"capture.jsonl\", run = \"RUN-ID\" }: a neuron-monitor "
                  "capture and the run of [runs] it was taken during");
        }
        check_keys(*t, path, monitor_keys, "a neuron-monitor capture");
        s.monitors.push_back({path_string(required(*t, path, "file"), join(path, "file")),
                              string(*t, path, "run", true), line_of(*t)});
      }
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
    c.model_support = path_string(required(ct, "compat", "model_support"), "compat.model_support");
    c.consulted = date_value(required(ct, "compat", "consulted"), "compat.consulted");
    c.model = string(ct, "compat", "model", true);
    c.owner = string(ct, "compat", "owner", true);
    // Without `stack`, the target stack is the one the run logs state (read when the model is
    // built).
    const toml::table empty;
    const toml::table& st = ct.get("stack") != nullptr ? table(ct, "compat.stack", "stack") : empty;
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
    if (c.stack.empty() && ct.get("stack") != nullptr) {
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
      fail_at(s.spend->line, "spend.end", "must be after spend.start (the days are [start, end))");
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

inline scenario_analysis scenario_parser::analysis(const toml::table& t) const {
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

inline scenario_correlation scenario_parser::correlation(const toml::node& n,
                                                         const std::string& path) const {
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

inline scenario_alternative scenario_parser::alternative(const toml::table& t,
                                                         const std::string& path) const {
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

inline std::pair<migration_uncertainty, std::uint64_t> scenario_parser::uncertainty(
    const toml::table& t, const std::string& path) const {
  check_keys(t, path, uncertainty_keys, "a migration uncertainty");
  migration_uncertainty u;
  u.subject = string(t, path, "subject", true);
  u.owner = string(t, path, "owner", true);
  u.detail = string(t, path, "detail", true);
  static constexpr std::array<std::string_view, 4> kinds{"custom-operator", "unsupported-operation",
                                                         "porting-work", "other"};
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

inline scenario_grant scenario_parser::grant(const toml::table& t, const std::string& path) const {
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
  g.last_valid_day = date_value(required(t, path, "last_valid_day"), join(path, "last_valid_day"));
  const toml::node& sv = required(t, path, "services");
  const toml::array* a = sv.as_array();
  if (a == nullptr || a->empty()) {
    fail_at(line_of(sv), join(path, "services"),
            "must be a non-empty array of AWS service codes or names, e.g. [\"AmazonEC2\"]");
  }
  for (const auto& e : *a) g.services.push_back(service_code(e, join(path, "services")));
  return g;
}

inline std::string scenario_parser::service_code(const toml::node& e,
                                                 const std::string& path) const {
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

inline scenario_value scenario_parser::value(const toml::node& n, const std::string& path,
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
    fail_at(line_of(val), join(path, "value"), readers::decimal_rule(*text, e, "number"));
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

inline provenance scenario_parser::named_source(const toml::node& n,
                                                const std::string& path) const {
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

inline provenance scenario_parser::origin(std::string_view kind, const toml::node& n,
                                          const std::string& path) const {
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

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_IMPL_PARSE_TABLES_IPP
