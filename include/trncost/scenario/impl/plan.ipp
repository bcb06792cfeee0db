// The definitions of scenario/plan.hpp's functions and the plan file's parser: included by that
// header (header-only) or compiled once by <trncost/scenario/src.hpp>
// (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_SCENARIO_IMPL_PLAN_IPP
#define TRNCOST_SCENARIO_IMPL_PLAN_IPP

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "../../report/html_extras.hpp"
#include "../../report/markdown.hpp"
#include "../plan.hpp"
#include "scenario.ipp"

namespace trncost::io::detail {

/// Reads a plan: its own tables with the scenario's rules (keys, dates, grants).
class plan_parser : public scenario_parser {
 public:
  using scenario_parser::scenario_parser;

  static constexpr std::array<std::string_view, 4> plan_root_keys{"format", "plan", "workload",
                                                                  "grant"};
  static constexpr std::array<std::string_view, 3> plan_keys{"title", "start", "end"};
  static constexpr std::array<std::string_view, 8> workload_keys{
      "name", "scenario", "start", "after", "days", "end", "every", "times"};

  plan_spec parse_plan(std::string_view text) {
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
    check_keys(root, "", plan_root_keys, "a plan file");
    check_format(root);
    plan_spec p;
    p.file = file_;
    const toml::table& head = table(root, "plan", "plan");
    p.line = line_of(head);
    check_keys(head, "plan", plan_keys, "[plan]");
    p.title = string(head, "plan", "title", true);
    p.start = date_value(required(head, "plan", "start"), "plan.start");
    p.end = date_value(required(head, "plan", "end"), "plan.end");
    if (!(p.start < p.end)) {
      fail_at(
          line_of(*head.get("end")), "plan.end",
          "must be after plan.start (" + to_string(p.start) + "): the plan runs over [start, end)");
    }
    const toml::array& ws = array(root, "", "workload");
    if (!ws.is_array_of_tables() || ws.empty()) {
      fail_at(line_of(ws), "workload", "must be one or more [[workload]] tables");
    }
    for (std::size_t i = 0; i < ws.size(); ++i) {
      p.workloads.push_back(workload(*ws[i].as_table(), i, p));
    }
    if (const toml::node* g = root.get("grant")) {
      const toml::array* a = g->as_array();
      if (a == nullptr || !a->is_array_of_tables()) {
        fail_at(line_of(*g), "grant", "must be an array of tables: write each grant as [[grant]]");
      }
      for (std::size_t i = 0; i < a->size(); ++i) {
        p.grants.push_back(grant(*(*a)[i].as_table(), "grant[" + std::to_string(i) + "]"));
      }
    }
    return p;
  }

 private:
  plan_workload_spec workload(const toml::table& t, std::size_t index, const plan_spec& p) const {
    const std::string path = "workload[" + std::to_string(index) + "]";
    check_keys(t, path, workload_keys, "a workload");
    plan_workload_spec w;
    w.line = line_of(t);
    w.name = string(t, path, "name", true);
    for (const auto& before : p.workloads) {
      if (before.name == w.name) {
        fail_at(w.line, join(path, "name"), "\"" + w.name + "\" names an earlier workload too");
      }
    }
    // A scenario file, or the scenario written here: its own parser, the plan's lines, relative
    // paths from the plan's folder.
    if (const toml::table* inline_table = required(t, path, "scenario").as_table()) {
      w.inline_scenario = scenario_parser(file_).parse_root(*inline_table);
    } else {
      w.scenario = path_string(required(t, path, "scenario"), join(path, "scenario"));
    }
    one_of(t, path, {"start", "after"}, false,
           "when it starts: a date, or after another workload's last occurrence");
    if (const toml::node* s = t.get("start")) w.start = date_value(*s, join(path, "start"));
    if (t.get("after") != nullptr) {
      w.after = string(t, path, "after", true);
      bool earlier = false;
      for (const auto& before : p.workloads) earlier = earlier || before.name == w.after;
      if (!earlier) {
        fail_at(
            line_of(*t.get("after")), join(path, "after"),
            "\"" + w.after + "\" is no earlier workload; a workload follows one written before it");
      }
    }
    // Neither: as long as the scenario's workload runs (its wall-clock time, to whole days).
    one_of(t, path, {"days", "end"}, true, "how long one occurrence spends: days, or an end date");
    if (const toml::node* d = t.get("days")) {
      w.days = static_cast<std::int64_t>(whole(*d, join(path, "days"), 36'600));
      if (*w.days == 0) fail_at(line_of(*d), join(path, "days"), "must be at least 1");
    }
    if (const toml::node* e = t.get("end")) {
      w.end = date_value(*e, join(path, "end"));
      if (!w.start) {
        fail_at(line_of(*e), join(path, "end"),
                "goes with start = <date>; after another workload, give days");
      }
      if (!(*w.start < *w.end)) {
        fail_at(line_of(*e), join(path, "end"),
                "must be after start (" + to_string(*w.start) + ")");
      }
    }
    if (const toml::node* e = t.get("every")) {
      const std::string ep = join(path, "every");
      if (e->is_integer()) {
        w.every = "days";
        w.every_days = static_cast<std::int64_t>(whole(*e, ep, 36'600));
        if (w.every_days == 0) fail_at(line_of(*e), ep, "must be at least 1 day");
      } else {
        w.every = string(t, path, "every", true);
        if (w.every != "week" && w.every != "month") {
          fail_at(line_of(*e), ep,
                  "\"" + w.every + "\" is not \"week\", \"month\" or a number of days");
        }
      }
      const toml::node* n = t.get("times");
      if (n == nullptr) {
        fail_at(w.line, join(path, "times"),
                "is missing: every goes with times (how many occurrences)");
      }
      w.times = static_cast<std::int64_t>(whole(*n, join(path, "times"), 10'000));
      if (w.times == 0) fail_at(line_of(*n), join(path, "times"), "must be at least 1");
    } else if (const toml::node* n = t.get("times")) {
      fail_at(line_of(*n), join(path, "times"), "goes with every (\"week\", \"month\" or days)");
    }
    if (w.every == "month" && w.start && w.start->day() > 28) {
      fail_at(line_of(*t.get("start")), join(path, "start"),
              "is day " + std::to_string(w.start->day()) +
                  " of its month: a monthly occurrence starts on a day every month has (1-28)");
    }
    return w;
  }
};

/// The day `n` months after `d` (its day of the month at most 28: checked by the parser).
TRNCOST_DECL date months_after(date d, std::int64_t n) {
  const std::int64_t m = static_cast<std::int64_t>(d.month()) - 1 + n;
  return date(static_cast<int>(d.year() + m / 12), static_cast<unsigned>(m % 12 + 1), d.day());
}

/// How long a workload written without `days` or `end` lasts in a plan, in seconds: its scenario's
/// one workload's wall-clock time (a figure of its estimate), to the next whole second. Refused,
/// naming the plan's file, line and key, when the scenario has no such workload, several, an
/// unknown time, a time of 0 s or less, or one longer than a plan's 36,600 days.
TRNCOST_DECL std::int64_t seconds_of_workload(const estimate& est, std::uint64_t line,
                                              const std::string& key, const std::string& file) {
  std::vector<const workload_figure*> walls;
  std::string names;
  for (const auto& f : est.figures) {
    if (f.what != figure_wall_clock_time) continue;
    walls.push_back(&f);
    names += (names.empty() ? "\"" : ", \"") + f.workload + "\"";
  }
  const workload_figure* wall = walls.size() == 1 ? walls.front() : nullptr;
  const auto refuse = [&](const std::string& why) {
    return input_error(file + ":" + std::to_string(line) + ": " + key +
                       ": gives neither days nor end, and " + why +
                       ": give days (or start and end)");
  };
  if (walls.empty()) throw refuse("its scenario has no workload with a wall-clock time");
  if (wall == nullptr) {
    throw refuse("its scenario has several workloads with a wall-clock time (" + names +
                 "), whose order trncost does not know");
  }
  if (!wall->value->known) {
    throw refuse("the wall-clock time of \"" + wall->workload + "\" is unknown");
  }
  const decimal seconds = decimal::parse(wall->value->value);
  if (!(decimal{} < seconds)) {
    throw refuse("the wall-clock time of \"" + wall->workload + "\" is " + seconds.to_string() +
                 " s: an occurrence lasts more than 0 s");
  }
  constexpr std::int64_t longest = 36'600LL * 86'400;
  if (decimal(longest) < seconds) {
    throw refuse("the wall-clock time of \"" + wall->workload + "\" is " + seconds.to_string() +
                 " s, longer than " + std::to_string(longest) + " s (36,600 days)");
  }
  return std::stoll(seconds.round(decimal_places(0), rounding::ceiling).to_string());
}

}  // namespace trncost::io::detail

namespace trncost {

namespace io {

[[nodiscard]] TRNCOST_DECL std::vector<std::string> plan_key_paths() {
  using p = detail::plan_parser;
  std::vector<std::string> out{"plan", "workload"};
  for (std::string_view k : p::plan_keys) out.push_back("plan." + std::string(k));
  for (std::string_view k : p::workload_keys) out.push_back("workload." + std::string(k));
  return out;
}

[[nodiscard]] TRNCOST_DECL plan_spec parse_plan(std::string_view text, std::string_view file) {
  return detail::plan_parser(file).parse_plan(text);
}

[[nodiscard]] TRNCOST_DECL plan_spec read_plan(const std::string& path) {
  return parse_plan(read_input_file(path), path);
}

[[nodiscard]] TRNCOST_DECL bool is_plan_text(std::string_view text) {
  if (detail::check_toml(text)) return false;
  try {
    const toml::table root = toml::parse(text);
    return root.get("plan") != nullptr;
  } catch (const toml::parse_error&) {
    return false;
  }
}

[[nodiscard]] TRNCOST_DECL bool is_plan_file(const std::string& path) {
  if (!input_file_rule(path, max_whole_input_bytes).empty()) return false;
  try {
    return is_plan_text(read_input_file(path));
  } catch (const parse_error&) {
    return false;
  }
}

[[nodiscard]] TRNCOST_DECL plan_result run_plan(const plan_spec& p,
                                                const price_store_reader& store) {
  const auto at = [&](std::uint64_t line, const std::string& key, const trncost::error& e) {
    return input_error(p.file + ":" + std::to_string(line) + ": " + key + ": " +
                       trncost::detail::bare_message(e));
  };
  plan_result r;
  r.file = p.file;
  r.title = p.title;
  r.start = p.start;
  r.end = p.end;
  std::vector<credits::planned_workload> planned;
  const std::filesystem::path dir = std::filesystem::path(p.file).parent_path();
  for (std::size_t i = 0; i < p.workloads.size(); ++i) {
    const auto& w = p.workloads[i];
    const std::string key = "workload[" + std::to_string(i) + "]";
    plan_workload_result x;
    x.name = w.name;
    x.scenario = w.scenario;
    const std::filesystem::path full = dir / w.scenario;
    std::error_code ec;
    if (!w.inline_scenario && !std::filesystem::is_regular_file(full, ec)) {
      throw input_error(p.file + ":" + std::to_string(w.line) + ": " + key +
                        ".scenario: scenario file \"" + w.scenario +
                        "\" does not exist (looked for " + full.string() +
                        ", relative to the plan file)");
    }
    // The scenario's own errors name its file, line and key; the plan's line says which workload.
    try {
      const scenario_spec spec =
          w.inline_scenario ? *w.inline_scenario : read_scenario(full.string());
      x.title = spec.title;
      const model m = build_model(spec, store);
      x.est = evaluate_scenario(spec, m);
    } catch (const trncost::error& e) {
      throw at(w.line, key + ".scenario", e);
    }
    // Occurrences: the first from its start (or the day the workload it follows ends), the others
    // every week, month or N days.
    date first = w.start ? *w.start : date{};
    if (!w.start) {
      for (const auto& before : r.workloads) {
        if (before.name == w.after) first = before.occurrences.back().end;
      }
    }
    // Its length: whole days as written, or the workload's own wall-clock time to the second (its
    // days the whole days it touches, its last day in part when the run ends during it).
    constexpr std::int64_t a_day = 86'400;
    x.days_from_workload = !w.days && !w.end;
    x.seconds = w.days  ? *w.days * a_day
                : w.end ? days_between(first, *w.end) * a_day
                        : detail::seconds_of_workload(x.est, w.line, key, p.file);
    x.days = decimal::divide(decimal(x.seconds), decimal(a_day), rounding::half_even);
    const std::int64_t length = (x.seconds + a_day - 1) / a_day;
    const std::int64_t part = x.seconds % a_day == 0 ? 0 : x.seconds;
    for (std::int64_t k = 0; k < w.times; ++k) {
      const date s = w.every == "month"  ? detail::months_after(first, k)
                     : w.every == "week" ? add_days(first, 7 * k)
                     : w.every == "days" ? add_days(first, w.every_days * k)
                                         : first;
      x.occurrences.push_back({s, add_days(s, length), part});
    }
    planned.push_back({x.name, x.est, x.occurrences});
    r.workloads.push_back(std::move(x));
  }
  try {
    r.schedule = credits::plan_schedule(planned, p.start, p.end);
  } catch (const trncost::error& e) {
    throw at(p.line, "workload", e);
  }
  std::vector<credits::grant> grants;
  for (std::size_t i = 0; i < p.grants.size(); ++i) {
    const auto& g = p.grants[i];
    try {
      if (const auto rule = unit_refusal(g.amount, units::symbol<units::usd_t>())) {
        throw input_error("amount.unit: " + *rule);
      }
      const sourced<money> amount(
          g.name + " amount", money::from_value(decimal::parse(g.amount.value)), *g.amount.origin);
      grants.emplace_back(g.name, amount, g.issued, credits::last_day{g.last_valid_day},
                          std::set<std::string>(g.services.begin(), g.services.end()));
    } catch (const trncost::error& e) {
      throw at(g.line, "grant[" + std::to_string(i) + "]", e);
    }
  }
  r.grants = grants;
  if (grants.empty()) {
    // No grant: every dollar is cash, period by period (credits::burn_down applies grants and
    // needs one); no run-out day.
    for (const auto& per : r.schedule.periods()) {
      credits::period_burn pb{per.start, per.end, {}, {}, {}, {}, {}};
      for (const auto& c : per.charges) pb.spend += c.amount;
      pb.uncovered = pb.spend;
      r.burn_down.total_spend += pb.spend;
      r.burn_down.total_uncovered += pb.spend;
      r.burn_down.periods.push_back(std::move(pb));
    }
  } else {
    r.burn_down = credits::burn_down(grants, r.schedule);
  }
  const auto draws = credits::attribute(planned, r.schedule, r.burn_down);
  for (std::size_t i = 0; i < draws.size(); ++i) r.workloads[i].draw = draws[i];
  return r;
}

namespace detail {

TRNCOST_DECL std::vector<std::string> plan_length_sentences(const plan_result& r) {
  std::vector<std::string> out;
  for (const auto& w : r.workloads) {
    if (!w.days_from_workload) continue;
    for (const auto& f : w.est.figures) {
      if (f.what != figure_wall_clock_time) continue;
      out.push_back(w.name + " lasts " + w.days.to_fixed(decimal_places(4)) + " days a time (" +
                    std::to_string(w.seconds) + " s): the wall-clock time of " + f.workload + ", " +
                    figure_text(f.value->value, f.value->unit, f.value->known) +
                    ", to the next whole second; its spend is spread over its days by the "
                    "second, " +
                    (w.seconds % 86'400 == 0 ? "whole days." : "its last day in part."));
    }
  }
  return out;
}

TRNCOST_DECL plan_summary summarise_plan(const plan_result& r) {
  const auto& b = r.burn_down;
  plan_summary out;
  for (const auto& g : b.grants) out.lost += g.lost_at_expiry;
  if (b.grants.empty()) {
    out.runway = "No grant: every dollar is cash.";
  } else if (b.runway) {
    out.runway = "Credits stop paying on " + to_string(*b.runway) + ".";
  } else {
    out.runway = "A grant still has a valid balance at the end of the plan.";
  }
  // Unpriced lines (a price nobody knows yet) are out of every total: said, never 0. Each
  // workload's unpriced lines by name, then each unknown input they wait for once (a price nobody
  // knows leaves every line it prices unpriced: one reason, not one per line).
  for (const auto& w : r.workloads) {
    if (w.est.unpriced_lines() == 0) continue;
    std::string names;
    std::vector<std::string> missing;
    for (const auto& l : w.est.lines) {
      if (l.amount) continue;
      names += (names.empty() ? "'" : ", '") + l.description + "'";
      for (const auto& in : l.inputs) {
        if (in->known) continue;
        const auto* why = std::get_if<assumption>(&in->origin);
        std::string text = in->name + " is unknown (" +
                           (why != nullptr ? why->rationale : std::string("no reason given")) + ")";
        if (std::find(missing.begin(), missing.end(), text) == missing.end())
          missing.push_back(std::move(text));
      }
    }
    std::string waits;
    for (const auto& m : missing) waits += (waits.empty() ? "" : "; ") + m;
    out.unpriced.push_back({w.name, w.occurrences.size(), w.est.unpriced_lines(), names, waits});
  }
  // By month: the burn-down's periods summed by the month they start in.
  std::map<std::pair<int, unsigned>, plan_summary::month> months;
  for (const auto& pb : b.periods) {
    auto& m = months[{pb.start.year(), pb.start.month()}];
    m.spend += pb.spend;
    m.credits += pb.credits_used;
    m.cash += pb.uncovered;
  }
  for (auto& [ym, m] : months) {
    m.name =
        std::to_string(ym.first) + "-" + (ym.second < 10 ? "0" : "") + std::to_string(ym.second);
    out.months.push_back(m);
  }
  // By service: the schedule's charges and the credit lines, by the service that bills them.
  std::map<std::string, std::array<decimal, 2>> services;
  for (const auto& p : r.schedule.periods()) {
    for (const auto& c : p.charges) services[c.service.value_or("(no AWS service)")][0] += c.amount;
  }
  for (const auto& l : b.credit_lines) {
    services[l.service.value_or("(no AWS service)")][1] -= l.amount;
  }
  for (const auto& [name, v] : services) out.services.push_back({name, v[0], v[1], v[0] - v[1]});
  return out;
}

TRNCOST_DECL std::vector<std::vector<decimal>> plan_period_draws(const plan_result& r) {
  const auto& b = r.burn_down;
  std::vector<std::vector<decimal>> out(b.periods.size(), std::vector<decimal>(b.grants.size()));
  for (const auto& l : b.credit_lines) {
    const auto g = static_cast<std::size_t>(
        std::find_if(b.grants.begin(), b.grants.end(),
                     [&](const credits::grant_outcome& o) { return o.name == l.grant; }) -
        b.grants.begin());
    for (std::size_t p = 0; p < b.periods.size() && g < b.grants.size(); ++p) {
      if (!(l.start < b.periods[p].start) && l.start < b.periods[p].end) {
        out[p][g] -= l.amount;
        break;
      }
    }
  }
  return out;
}

}  // namespace detail

[[nodiscard]] TRNCOST_DECL std::string render_json(const plan_result& r) {
  const auto& b = r.burn_down;
  const auto draws = detail::plan_period_draws(r);
  const auto day_or_null = [](detail::json_writer& w, std::string_view k,
                              const std::optional<date>& d) {
    w.key(k);
    if (d) {
      w.string(to_string(*d));
    } else {
      w.null();
    }
  };
  const auto amounts = [](detail::json_writer& w, std::string_view k,
                          const std::vector<decimal>& v) {
    w.key(k);
    w.begin_array();
    for (const auto& x : v) w.string(x.to_string());
    w.end_array();
  };
  detail::json_writer w;
  w.begin_object();
  w.member("schema", "trncost.plan");
  w.member("schema_version", static_cast<std::uint64_t>(credits::plan_schema_version));
  w.member("title", r.title);
  w.member("file", r.file);
  w.member("currency", "USD");
  w.member("start", to_string(r.start));
  w.member("end", to_string(r.end));
  // Inputs and outcomes of each grant, in the order the grants pay (earliest last valid day
  // first); every array of amounts per grant below follows this order.
  w.key("grants");
  w.begin_array();
  for (const auto& g : b.grants) {
    const auto& in = *std::find_if(r.grants.begin(), r.grants.end(),
                                   [&](const credits::grant& x) { return x.name() == g.name; });
    w.begin_object();
    w.member("name", g.name);
    w.member("amount", g.amount);
    w.member("issued", to_string(in.issued()));
    w.member("last_valid_day", to_string(g.last_valid_day));
    w.key("services");
    w.begin_array();
    for (const auto& s : in.services()) w.string(s);
    w.end_array();
    w.key("excluded");
    w.begin_array();
    for (const auto k : in.excluded()) w.string(credits::to_string(k));
    w.end_array();
    w.member("used", g.used);
    day_or_null(w, "exhausted_on", g.exhausted_on);
    day_or_null(w, "runs_out_on", g.runs_out_on);
    w.key("wasted_at_expiry");
    if (g.wasted_at_expiry) {
      w.string(g.wasted_at_expiry->to_string());
    } else {
      w.null();
    }
    w.member("lost_at_expiry", g.lost_at_expiry);
    w.member("usable", g.usable);
    w.end_object();
  }
  w.end_array();
  w.key("workloads");
  w.begin_array();
  for (const auto& x : r.workloads) {
    w.begin_object();
    w.member("name", x.name);
    w.member("scenario", x.scenario);
    w.member("title", x.title);
    w.member("status", to_string(x.est.status));
    w.member("per_occurrence", x.est.total);
    w.key("unpriced_lines");
    w.begin_array();
    for (const auto& l : x.est.lines) {
      if (!l.amount) w.string(l.description);
    }
    w.end_array();
    w.key("charges");
    w.begin_array();
    for (const auto& c : credits::spend_schedule::charges_of(x.est)) {
      w.begin_object();
      w.member("category", to_string(c.cat));
      w.key("service");
      if (c.service) {
        w.string(*c.service);
      } else {
        w.null();
      }
      w.member("kind", credits::to_string(c.kind));
      w.member("amount", c.amount);
      w.end_object();
    }
    w.end_array();
    w.key("occurrences");
    w.begin_array();
    for (const auto& o : x.occurrences) {
      w.begin_object();
      w.member("start", to_string(o.start));
      w.member("end", to_string(o.end));
      w.member("seconds", static_cast<std::uint64_t>(credits::length_seconds(o)));
      w.member("cost", x.est.total);
      w.end_object();
    }
    w.end_array();
    w.member("spend", x.draw.spend);
    w.member("credits", x.draw.credits);
    w.member("cash", x.draw.cash);
    amounts(w, "draws", x.draw.by_grant);
    w.end_object();
  }
  w.end_array();
  w.key("periods");
  w.begin_array();
  for (std::size_t p = 0; p < b.periods.size(); ++p) {
    const auto& pb = b.periods[p];
    w.begin_object();
    w.member("start", to_string(pb.start));
    w.member("end", to_string(pb.end));
    w.member("spend", pb.spend);
    w.member("credits", pb.credits_used);
    w.member("cash", pb.uncovered);
    amounts(w, "draws", draws[p]);
    amounts(w, "balance_after", pb.balance_after);
    w.end_object();
  }
  w.end_array();
  // By month: the periods summed by the month they start in, as the Markdown's table.
  w.key("months");
  w.begin_array();
  for (std::size_t p = 0; p < b.periods.size();) {
    const date first = b.periods[p].start;
    std::vector<decimal> by_grant(b.grants.size());
    decimal spend{};
    decimal paid{};
    decimal cash{};
    for (; p < b.periods.size() && b.periods[p].start.year() == first.year() &&
           b.periods[p].start.month() == first.month();
         ++p) {
      spend += b.periods[p].spend;
      paid += b.periods[p].credits_used;
      cash += b.periods[p].uncovered;
      for (std::size_t g = 0; g < by_grant.size(); ++g) by_grant[g] += draws[p][g];
    }
    const auto m = first.month();
    w.begin_object();
    w.member("month", std::to_string(first.year()) + "-" + (m < 10 ? "0" : "") + std::to_string(m));
    w.member("spend", spend);
    w.member("credits", paid);
    w.member("cash", cash);
    amounts(w, "draws", by_grant);
    w.end_object();
  }
  w.end_array();
  w.key("services");
  w.begin_array();
  for (const auto& v : detail::summarise_plan(r).services) {
    w.begin_object();
    w.member("service", v.name);
    w.member("spend", v.spend);
    w.member("credits", v.credits);
    w.member("cash", v.spend - v.credits);
    w.end_object();
  }
  w.end_array();
  w.member("spend", b.total_spend);
  w.member("credits", b.total_credits);
  w.member("cash", b.total_uncovered);
  w.member("wasted", b.total_wasted);
  w.member("lost_at_expiry", b.total_lost_at_expiry);
  day_or_null(w, "runway", b.runway);
  w.end_object();
  return w.take();
}

[[nodiscard]] TRNCOST_DECL std::string render_markdown(const plan_result& r) {
  using detail::md_cell;
  using detail::usd;
  const auto& b = r.burn_down;
  const detail::plan_summary sum = detail::summarise_plan(r);
  std::string o = "# " + md_cell(r.title) + "\n\nPlan from " + to_string(r.start) + " to " +
                  to_string(r.end) + " (excluded), " + std::to_string(r.workloads.size()) +
                  " workload(s), " + std::to_string(b.grants.size()) + " grant(s), from `" +
                  md_cell(r.file) + "`. No spend is projected past the plan.\n\n";
  o += "**Spend: " + usd(b.total_spend) + " USD; credits: " + usd(b.total_credits) +
       " USD; cash: " + usd(b.total_uncovered) + " USD; lost at expiry: " + usd(sum.lost) +
       " USD.** " + sum.runway + "\n";
  if (!sum.unpriced.empty()) {
    o += "\n**Not in these totals**: " + std::string(detail::plan_unpriced_sentence) + "\n\n";
    for (const auto& u : sum.unpriced) {
      o += "- " + md_cell(u.workload) + " (" + std::to_string(u.occurrences) +
           " occurrence(s)): " + std::to_string(u.lines) + " unpriced line(s), " +
           md_cell(u.names) + ": " + md_cell(u.waits) + ".\n";
    }
  }
  o += "\n## Workloads\n\n" + std::string(detail::plan_workloads_sentence) +
       "\n\n| workload | scenario | status | USD per "
       "occurrence | occurrences | first | last ends | spend USD | credits USD | cash USD "
       "|\n|---|---|---|---:|---:|---|---|---:|---:|---:|\n";
  for (const auto& w : r.workloads) {
    o += "| " + md_cell(w.name) + " | " +
         (w.scenario.empty() ? std::string("written in the plan")
                             : "`" + md_cell(w.scenario) + "`") +
         " | " + std::string(to_string(w.est.status)) + " | " + usd(w.est.total) +
         (w.est.unpriced_lines() != 0 ? " + unpriced" : "") + " | " +
         std::to_string(w.occurrences.size()) + " | " + to_string(w.occurrences.front().start) +
         " | " + to_string(w.occurrences.back().end) + " | " + usd(w.draw.spend) + " | " +
         usd(w.draw.credits) + " | " + usd(w.draw.cash) + " |\n";
  }
  for (const auto& l : detail::plan_length_sentences(r)) o += "\n" + md_cell(l) + "\n";
  if (!b.grants.empty()) {
    o += "\n## Grants\n\n| grant | amount USD | used USD | runs out on | last valid day | lost at "
         "expiry USD |\n|---|---:|---:|---|---|---:|\n";
    for (const auto& g : b.grants) {
      o += "| " + md_cell(g.name) + " | " + usd(g.amount) + " | " + usd(g.used) + " | " +
           (g.runs_out_on ? to_string(*g.runs_out_on) : std::string("-")) + " | " +
           to_string(g.last_valid_day) + " | " + usd(g.lost_at_expiry) + " |\n";
    }
  }
  o += "\n## By month\n\n| month | spend USD | credits USD | cash USD |\n|---|---:|---:|---:|\n";
  for (const auto& m : sum.months) {
    o += "| " + m.name + " | " + usd(m.spend) + " | " + usd(m.credits) + " | " + usd(m.cash) +
         " |\n";
  }
  o +=
      "\n## By service\n\n| service | spend USD | credits USD | cash USD |\n|---|---:|---:|---:|\n";
  for (const auto& v : sum.services) {
    o += "| " + md_cell(v.name) + " | " + usd(v.spend) + " | " + usd(v.credits) + " | " +
         usd(v.cash) + " |\n";
  }
  if (!b.findings.empty()) {
    o += "\n## Findings\n\n";
    for (const auto& f : b.findings) o += "- " + md_cell(f) + "\n";
  }
  return o;
}

[[nodiscard]] TRNCOST_DECL std::string render_html(const plan_result& r) {
  using detail::html_escape;
  using detail::usd;
  const auto& b = r.burn_down;
  const detail::plan_summary sum = detail::summarise_plan(r);
  std::string h =
      detail::html_page_head(r.title, ".status{padding:12px 16px;border-radius:6px}\n", "") +
      "<body>\n<h1>" + html_escape(r.title) + "</h1>\n<p>Plan from " + to_string(r.start) + " to " +
      to_string(r.end) + " (excluded), " + std::to_string(r.workloads.size()) + " workload(s), " +
      std::to_string(b.grants.size()) + " grant(s), from <code>" + html_escape(r.file) +
      "</code>. No spend is projected past the plan.</p>\n";
  h += "<p id=\"total\"><strong>Spend: " + usd(b.total_spend) +
       " USD; credits: " + usd(b.total_credits) + " USD; cash: " + usd(b.total_uncovered) +
       " USD; lost at expiry: " + usd(sum.lost) + " USD.</strong> " + html_escape(sum.runway) +
       "</p>\n";
  if (!sum.unpriced.empty()) {
    h += "<section id=\"unpriced\"><p><strong>Not in these totals</strong>: " +
         std::string(detail::plan_unpriced_sentence) + "</p>\n<ul>\n";
    for (const auto& u : sum.unpriced) {
      h += "<li>" + html_escape(u.workload) + " (" + std::to_string(u.occurrences) +
           " occurrence(s)): " + std::to_string(u.lines) + " unpriced line(s), " +
           html_escape(u.names) + ": " + html_escape(u.waits) + ".</li>\n";
    }
    h += "</ul></section>\n";
  }
  // Charts: credits beside cash per month, per workload and per service, on one scale each; the
  // burn-down of the plan's grants.
  const auto pair = [](const std::string& label, decimal credits, decimal cash,
                       const std::string& data) {
    const auto amount = [&](decimal v) { return data + " data-amount=\"" + v.to_string() + "\""; };
    return detail::bar_group{
        label,
        {{"credits", usd(credits), credits, detail::credit_colour, amount(credits)},
         {"cash", usd(cash), cash, detail::cash_colour, amount(cash)}}};
  };
  std::vector<detail::bar_group> by_month;
  for (const auto& m : sum.months) {
    by_month.push_back(pair(m.name, m.credits, m.cash, "data-month=\"" + m.name + "\""));
  }
  std::vector<detail::bar_group> by_workload;
  for (const auto& w : r.workloads) {
    by_workload.push_back(pair(w.name + " (spend " + usd(w.draw.spend) + ")", w.draw.credits,
                               w.draw.cash, "data-workload=\"" + html_escape(w.name) + "\""));
  }
  std::vector<detail::bar_group> by_service;
  for (const auto& v : sum.services) {
    by_service.push_back(pair(v.name + " (spend " + usd(v.spend) + ")", v.credits, v.cash,
                              "data-service=\"" + html_escape(v.name) + "\""));
  }
  h += "<section class=\"charts\" id=\"charts\">\n<figure id=\"figure-months\">" +
       detail::grouped_bar_chart("chart-months", "Credits and cash by month (USD)", by_month,
                                 {"plan-credits", "plan-cash"}) +
       "</figure>\n<figure id=\"figure-workloads\">" +
       detail::grouped_bar_chart("chart-workloads", "Credits and cash by workload (USD)",
                                 by_workload, {"plan-credits", "plan-cash"}) +
       "</figure>\n<figure id=\"figure-services\">" +
       detail::grouped_bar_chart("chart-services", "Credits and cash by service (USD)", by_service,
                                 {"plan-credits", "plan-cash"}) +
       "</figure>\n";
  if (!b.grants.empty()) {
    h += "<figure id=\"figure-burndown\">" + detail::burn_down_chart(b) + "</figure>\n";
  }
  h += "</section>\n";
  h += "<h2>Workloads</h2>\n<p>" + std::string(detail::plan_workloads_sentence) +
       "</p>\n<table id=\"workloads\"><tr><th>workload</th><th>scenario</th><th>status</th>"
       "<th>USD per occurrence</th><th>occurrences</th><th>first</th><th>last ends</th><th>spend "
       "USD</th><th>credits USD</th><th>cash USD</th></tr>\n";
  for (const auto& w : r.workloads) {
    h += "<tr><td>" + html_escape(w.name) + "</td><td>" +
         (w.scenario.empty() ? std::string("written in the plan")
                             : "<code>" + html_escape(w.scenario) + "</code>") +
         "</td><td>" + std::string(to_string(w.est.status)) + "</td><td class=\"num\">" +
         usd(w.est.total) + (w.est.unpriced_lines() != 0 ? " + unpriced" : "") +
         "</td><td class=\"num\">" + std::to_string(w.occurrences.size()) + "</td><td>" +
         to_string(w.occurrences.front().start) + "</td><td>" +
         to_string(w.occurrences.back().end) + "</td><td class=\"num\">" + usd(w.draw.spend) +
         "</td><td class=\"num\">" + usd(w.draw.credits) + "</td><td class=\"num\">" +
         usd(w.draw.cash) + "</td></tr>\n";
  }
  h += "</table>\n";
  for (const auto& l : detail::plan_length_sentences(r)) h += "<p>" + html_escape(l) + "</p>\n";
  if (!b.grants.empty()) h += "<h2>Grants</h2>\n" + detail::grants_table(b);
  h += "<h2>By month</h2>\n<table id=\"months\"><tr><th>month</th><th>spend USD</th><th>credits "
       "USD</th><th>cash USD</th></tr>\n";
  for (const auto& m : sum.months) {
    h += "<tr><td>" + m.name + "</td><td class=\"num\">" + usd(m.spend) +
         "</td><td class=\"num\">" + usd(m.credits) + "</td><td class=\"num\">" + usd(m.cash) +
         "</td></tr>\n";
  }
  h += "</table>\n<h2>By service</h2>\n<table id=\"services\"><tr><th>service</th><th>spend "
       "USD</th><th>credits USD</th><th>cash USD</th></tr>\n";
  for (const auto& v : sum.services) {
    h += "<tr><td>" + html_escape(v.name) + "</td><td class=\"num\">" + usd(v.spend) +
         "</td><td class=\"num\">" + usd(v.credits) + "</td><td class=\"num\">" + usd(v.cash) +
         "</td></tr>\n";
  }
  h += "</table>\n";
  if (!b.findings.empty()) {
    h += "<h2>Findings</h2>\n<ul id=\"findings\">\n";
    for (const auto& f : b.findings) h += "<li>" + html_escape(f) + "</li>\n";
    h += "</ul>\n";
  }
  h += "</body>\n</html>\n";
  return h;
}

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_SCENARIO_IMPL_PLAN_IPP
