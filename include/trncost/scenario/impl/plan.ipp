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

namespace trncost::scenario::detail {

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

/// The effective dates of the versions an estimate's quoted prices come from, once each, in order.
TRNCOST_DECL std::vector<date> versions_used(const estimate& est) {
  std::set<date> days;
  for (const auto& in : est.inputs) {
    if (const auto* q = std::get_if<quoted>(&in->origin); q != nullptr && q->effective) {
      days.insert(*q->effective);
    }
  }
  return {days.begin(), days.end()};
}

/// Prices each occurrence of `x` (its estimate as of the as-of date already in x.est) with the
/// versions in force on its start: occurrences between the same two of the book's `changes`
/// (effective dates) see the same versions, so the scenario is estimated once per such span, and
/// the spans that price alike (same charges, same versions) are one group.
TRNCOST_DECL void price_occurrences(plan_workload_result& x, const scenario_spec& spec,
                                    const price_store_reader& store,
                                    const std::vector<date>& changes) {
  // The span of a day: how many changes are on or before it.
  const auto span_of = [&](date d) {
    return static_cast<std::size_t>(std::upper_bound(changes.begin(), changes.end(), d) -
                                    changes.begin());
  };
  const std::size_t as_of_span = span_of(spec.as_of);
  std::map<std::size_t, std::size_t> group_of_span;
  for (std::size_t k = 0; k < x.occurrences.size(); ++k) {
    const date day = x.occurrences[k].start;
    const std::size_t span = span_of(day);
    auto found = group_of_span.find(span);
    if (found == group_of_span.end()) {
      plan_pricing p;
      p.in_force_on = day;
      if (span == as_of_span) {
        p.est = x.est;
      } else {
        scenario_builder b(spec, store, day);
        const model m = b.build();
        estimate_options o = scenario_options(spec);
        o.prices_in_force_on = day;
        try {
          p.est = m.evaluate(spec.as_of, o);
        } catch (const trncost::error& e) {
          throw input_error(readers::input_position::whole(spec.file).to_string() + ": priced on " +
                            to_string(day) + ": " + trncost::detail::bare_message(e));
        }
      }
      p.versions = versions_used(p.est);
      p.latest_known = changes.empty() || !(day < changes.back());
      found = group_of_span.emplace(span, x.pricings.size()).first;
      x.pricings.push_back(std::move(p));
    }
    x.pricings[found->second].occurrences.push_back(k);
  }
  // Spans that price alike are one group: a version of a price the workload does not use changes
  // nothing it pays.
  const auto same = [](const plan_pricing& a, const plan_pricing& b) {
    const auto ca = credits::spend_schedule::charges_of(a.est);
    const auto cb = credits::spend_schedule::charges_of(b.est);
    if (a.versions != b.versions || ca.size() != cb.size()) return false;
    for (std::size_t i = 0; i < ca.size(); ++i) {
      if (ca[i].cat != cb[i].cat || ca[i].kind != cb[i].kind || ca[i].service != cb[i].service ||
          ca[i].amount != cb[i].amount) {
        return false;
      }
    }
    return true;
  };
  std::vector<plan_pricing> merged;
  for (auto& p : x.pricings) {
    auto into = std::find_if(merged.begin(), merged.end(),
                             [&](const plan_pricing& q) { return same(q, p); });
    if (into == merged.end()) {
      merged.push_back(std::move(p));
    } else {
      into->occurrences.insert(into->occurrences.end(), p.occurrences.begin(), p.occurrences.end());
      std::sort(into->occurrences.begin(), into->occurrences.end());
      into->latest_known = into->latest_known || p.latest_known;
    }
  }
  x.pricings = std::move(merged);
  x.priced_by.assign(x.occurrences.size(), 0);
  for (std::size_t g = 0; g < x.pricings.size(); ++g) {
    for (const std::size_t k : x.pricings[g].occurrences) x.priced_by[k] = g;
  }
  x.est = x.pricings[x.priced_by.front()].est;
}

}  // namespace trncost::scenario::detail

namespace trncost {

namespace scenario {

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
  return parse_plan(readers::read_input_file(path), path);
}

[[nodiscard]] TRNCOST_DECL bool is_plan_text(std::string_view text) {
  if (readers::detail::check_toml(text)) return false;
  try {
    const toml::table root = toml::parse(text);
    return root.get("plan") != nullptr;
  } catch (const toml::parse_error&) {
    return false;
  }
}

[[nodiscard]] TRNCOST_DECL bool is_plan_file(const std::string& path) {
  if (!readers::input_file_rule(path, readers::max_whole_input_bytes).empty()) return false;
  try {
    return is_plan_text(readers::read_input_file(path));
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
    // First as of its as-of date: the book it knows, the days its versions change, the length of
    // a run.
    std::optional<scenario_spec> spec;
    std::vector<date> changes;
    try {
      spec = w.inline_scenario ? *w.inline_scenario : read_scenario(full.string());
      x.title = spec->title;
      detail::scenario_builder base(*spec, store);
      const model m = base.build();
      x.est = evaluate_scenario(*spec, m);
      changes = base.book().version_dates();
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
    try {
      detail::price_occurrences(x, *spec, store, changes);
    } catch (const trncost::error& e) {
      throw at(w.line, key + ".scenario", e);
    }
    credits::planned_workload pw{x.name, x.est, x.occurrences, {}};
    if (x.pricings.size() > 1) {
      for (const std::size_t g : x.priced_by) pw.by_occurrence.push_back(x.pricings[g].est);
    }
    planned.push_back(std::move(pw));
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
                    report::detail::figure_text(f.value->value, f.value->unit, f.value->known) +
                    ", to the next whole second; its spend is spread over its days by the "
                    "second, " +
                    (w.seconds % 86'400 == 0 ? "whole days." : "its last day in part."));
    }
  }
  return out;
}

TRNCOST_DECL std::vector<std::string> plan_pricing_sentences(const plan_result& r) {
  std::vector<std::string> out;
  for (const auto& w : r.workloads) {
    // Said when its occurrences cost differently, or when their prices are not those in force on
    // the as-of date (a version effective after it).
    // Or when a day before the versions known takes the earliest of them.
    const bool later = std::any_of(w.pricings.begin(), w.pricings.end(), [&](const auto& p) {
      return !p.versions.empty() &&
             (w.est.as_of < p.versions.back() || p.in_force_on < p.versions.back());
    });
    if (w.pricings.size() < 2 && !later) continue;
    std::string s = w.name +
                    ": priced with the prices in force on each occurrence's first day, as "
                    "known on " +
                    to_string(w.est.as_of) + ": ";
    for (std::size_t g = 0; g < w.pricings.size(); ++g) {
      const auto& p = w.pricings[g];
      // Occurrence numbers from 1, consecutive ones as a range.
      std::string which;
      for (std::size_t i = 0; i < p.occurrences.size();) {
        std::size_t j = i;
        while (j + 1 < p.occurrences.size() && p.occurrences[j + 1] == p.occurrences[j] + 1) ++j;
        which += (which.empty() ? "" : ", ") + std::to_string(p.occurrences[i] + 1) +
                 (j > i ? "-" + std::to_string(p.occurrences[j] + 1) : std::string());
        i = j + 1;
      }
      std::string versions;
      for (const auto& d : p.versions) versions += (versions.empty() ? "" : ", ") + to_string(d);
      s +=
          std::string(g == 0 ? "" : "; ") + "occurrence(s) " + which + " (from " +
          to_string(w.occurrences[p.occurrences.front()].start) + ") at " +
          report::detail::usd(p.est.total) + " USD each, prices in force on " +
          to_string(p.in_force_on) +
          (versions.empty() ? std::string(" (no dated version)")
                            : " (versions effective " + versions + ")") +
          (p.latest_known && !p.versions.empty()
               ? std::string(", the latest versions known: a later change is not known")
               : std::string()) +
          (!p.versions.empty() && p.in_force_on < p.versions.back()
               ? ", the earliest versions known: none known in force on " + to_string(p.in_force_on)
               : std::string());
    }
    out.push_back(s + ".");
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

}  // namespace scenario

}  // namespace trncost

#include "plan_render.ipp"

#endif  // TRNCOST_SCENARIO_IMPL_PLAN_IPP
