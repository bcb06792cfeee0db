// The definitions of report/audit_plan.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/readers/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_AUDIT_PLAN_IPP
#define TRNCOST_REPORT_IMPL_AUDIT_PLAN_IPP

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../../credits/plan.hpp"
#include "../audit.hpp"
#include "../audit_plan.hpp"

namespace trncost::report {

namespace detail {

/// A plan document's first mismatch: what the document says against what it recomputes to.
struct plan_mismatch {
  std::string what;
};

[[noreturn]] inline void plan_fail(const std::string& path, const std::string& rule) {
  throw plan_mismatch{path + ": " + rule};
}

inline void plan_expect(const std::string& path, decimal said, decimal computed,
                        std::string_view why) {
  if (said != computed) {
    plan_fail(path, "the document says " + said.to_string() + ", recomputed " +
                        computed.to_string() + " (" + std::string(why) + ")");
  }
}

template <class T, class Show>
void plan_expect_optional(const std::string& path, const std::optional<T>& said,
                          const std::optional<T>& computed, Show show, std::string_view why) {
  if (said != computed) {
    plan_fail(path, "the document says " + (said ? show(*said) : std::string("null")) +
                        ", recomputed " + (computed ? show(*computed) : std::string("null")) +
                        " (" + std::string(why) + ")");
  }
}

inline void plan_expect_count(const std::string& path, std::size_t said, std::size_t computed,
                              std::string_view what) {
  if (said != computed) {
    plan_fail(path, "the document has " + std::to_string(said) + " " + std::string(what) +
                        ", recomputed " + std::to_string(computed));
  }
}

inline std::string plan_month_name(date d) {
  return std::to_string(d.year()) + "-" + (d.month() < 10 ? "0" : "") + std::to_string(d.month());
}

}  // namespace detail

TRNCOST_DECL bool is_plan_document(std::string_view json_text) {
  try {
    const auto root = readers::detail::parse_json_text(json_text, "report");
    const auto* s = root.is_object() ? root.find("schema") : nullptr;
    return s != nullptr && s->is_string() && s->text() == "trncost.plan";
  } catch (const trncost::error&) {
    return false;
  }
}

TRNCOST_DECL plan_check check_plan(std::string_view json_text, std::string_view file) {
  using detail::plan_expect;
  using detail::plan_expect_count;
  using detail::plan_fail;
  using json_value = readers::detail::json_value;
  // Read as strictly as an estimate's report, member by member in the order tools/verify_report.py
  // reads them, so that both name the same member.
  const auto root = report::detail::parse_report_json(json_text, file);
  const report::detail::report_reader r(file);
  if (!root.is_object()) r.fail_at("", "a plan is a JSON object");
  r.closed(root, "",
           {"schema", "schema_version", "title", "file", "currency", "start", "end", "grants",
            "workloads", "periods", "months", "services", "spend", "credits", "cash", "wasted",
            "lost_at_expiry", "runway"},
           "a plan");
  if (r.str(root, "", "schema") != "trncost.plan") r.fail_at("schema", "is not trncost.plan");
  // Every version up to the one trncost writes: version 1's occurrences are whole days.
  const auto version = r.whole(root, "", "schema_version");
  if (version < 1 || version > static_cast<std::uint64_t>(credits::plan_schema_version)) {
    r.fail_at("schema_version", std::to_string(version) +
                                    " is not a plan version this trncost reads (1 to " +
                                    std::to_string(credits::plan_schema_version) + ")");
  }
  const bool with_seconds =
      version >= static_cast<std::uint64_t>(credits::plan_seconds_schema_version);
  const bool with_pricings =
      version >= static_cast<std::uint64_t>(credits::plan_pricings_schema_version);
  plan_check out;
  const auto show_day = [](date d) { return to_string(d); };
  const auto show_dec = [](decimal d) { return d.to_string(); };
  try {
    (void)r.str(root, "", "title");
    (void)r.str(root, "", "file");
    if (const auto c = r.str(root, "", "currency"); c != "USD") {
      r.fail_at("currency", "'" + c + "' is not USD, the only currency");
    }
    const date start = r.day(root, "", "start");
    const date end = r.day(root, "", "end");
    if (!(start < end)) plan_fail("end", "a plan runs over [start, end): end must be after start");

    // The grants' inputs, in the order they pay.
    std::vector<credits::grant> grants;
    const auto& gs = r.array(root, "", "grants");
    for (std::size_t k = 0; k < gs.size(); ++k) {
      const std::string path = "grants[" + std::to_string(k) + "]";
      const json_value& g = r.object_at(gs, k, path);
      r.closed(g, path,
               {"name", "amount", "issued", "last_valid_day", "services", "excluded", "used",
                "exhausted_on", "runs_out_on", "wasted_at_expiry", "lost_at_expiry", "usable"},
               "a grant of a plan");
      const std::string name = r.str(g, path, "name");
      if (name.empty() || std::any_of(grants.begin(), grants.end(),
                                      [&](const credits::grant& x) { return x.name() == name; })) {
        plan_fail(path + ".name", "'" + name + "' is empty or names a grant already listed");
      }
      const decimal amount = r.dec(g, path, "amount");
      if (amount.is_negative()) plan_fail(path + ".amount", "is negative");
      const date issued = r.day(g, path, "issued");
      const date last = r.day(g, path, "last_valid_day");
      if (last < issued) plan_fail(path + ".last_valid_day", "is before the grant's issue date");
      if (!grants.empty() && last < grants.back().last_valid_day()) {
        plan_fail(path + ".last_valid_day",
                  "the grants are listed in the order they pay: earliest last valid day first");
      }
      const auto services = r.strings(g, path, "services");
      if (services.empty()) plan_fail(path + ".services", "is empty: a grant covers a service");
      for (std::size_t j = 0; j < services.size(); ++j) {
        const auto known = find_aws_service(services[j]);
        if (!known || known->code != services[j]) {
          r.fail_at(path + ".services[" + std::to_string(j) + "]",
                    "'" + services[j] + "' is not a known AWS service code");
        }
      }
      std::set<credits::charge_kind> excluded;
      const auto ex = r.strings(g, path, "excluded");
      for (std::size_t j = 0; j < ex.size(); ++j) {
        bool found = false;
        for (const auto kind : {credits::charge_kind::upfront_fee,
                                credits::charge_kind::marketplace, credits::charge_kind::support}) {
          if (credits::to_string(kind) == ex[j]) {
            excluded.insert(kind);
            found = true;
          }
        }
        if (!found) {
          r.fail_at(path + ".excluded[" + std::to_string(j) + "]",
                    "'" + ex[j] +
                        "' is not a kind of charge a grant can exclude ('upfront fee', "
                        "'Marketplace', 'support')");
        }
      }
      grants.emplace_back(name,
                          sourced<money>(name + " amount", money::from_value(amount),
                                         assumption{"the amount the plan's document gives"}),
                          issued, credits::last_day{last},
                          std::set<std::string>(services.begin(), services.end()), excluded);
    }

    // The workloads' inputs: one occurrence's charges and the occurrences' dates.
    std::vector<credits::planned_charges> planned;
    const auto& ws = r.array(root, "", "workloads");
    for (std::size_t i = 0; i < ws.size(); ++i) {
      const std::string path = "workloads[" + std::to_string(i) + "]";
      const json_value& w = r.object_at(ws, i, path);
      if (with_pricings) {
        r.closed(w, path,
                 {"name", "scenario", "title", "status", "per_occurrence", "unpriced_lines",
                  "charges", "occurrences", "pricings", "spend", "credits", "cash", "draws"},
                 "a workload of a plan");
      } else {
        r.closed(w, path,
                 {"name", "scenario", "title", "status", "per_occurrence", "unpriced_lines",
                  "charges", "occurrences", "spend", "credits", "cash", "draws"},
                 "a workload of a plan");
      }
      credits::planned_charges x;
      x.name = r.str(w, path, "name");
      if (x.name.empty() ||
          std::any_of(planned.begin(), planned.end(),
                      [&](const credits::planned_charges& y) { return y.name == x.name; })) {
        plan_fail(path + ".name", "'" + x.name + "' is empty or names a workload already listed");
      }
      (void)r.str(w, path, "scenario");
      (void)r.str(w, path, "title");
      (void)r.named<estimate_status>(
          w, path, "status",
          [](std::string_view s) -> std::optional<estimate_status> {
            for (const auto st :
                 {estimate_status::verified, estimate_status::provisional, estimate_status::stale,
                  estimate_status::unpriced, estimate_status::incomplete}) {
              if (to_string(st) == s) return st;
            }
            return std::nullopt;
          },
          "status");
      const decimal per = r.dec(w, path, "per_occurrence");
      (void)r.strings(w, path, "unpriced_lines");
      // One occurrence's charges (the workload's, or a pricing's) and their sum.
      const auto read_charges = [&](const json_value& o, const std::string& opath,
                                    std::vector<credits::charge>& into) {
        decimal total{};
        r.each(o, opath, "charges", [&](const json_value& e, const std::string& at) {
          r.closed(e, at, {"category", "service", "kind", "amount"}, "a charge");
          credits::charge c;
          c.cat = r.named<category>(e, at, "category", parse_category, "category");
          c.service = r.str_or_null(e, at, "service");
          if (c.service && c.service->empty()) {
            r.fail_at(at + ".service",
                      "is empty; a charge no AWS service is known to bill is null");
          }
          if (const auto kind = r.str(e, at, "kind"); kind != "usage") {
            r.fail_at(at + ".kind",
                      "'" + kind + "' is not usage, the only kind a plan's charge is");
          }
          c.amount = r.dec(e, at, "amount");
          if (c.amount.is_negative()) plan_fail(at + ".amount", "is negative");
          c.description = x.name;
          total += c.amount;
          into.push_back(std::move(c));
        });
        return total;
      };
      const decimal sum = read_charges(w, path, x.charges);
      std::vector<decimal> costs;
      plan_expect(path + ".per_occurrence", per, sum, "the sum of its charges");
      r.each(w, path, "occurrences", [&](const json_value& e, const std::string& at) {
        if (with_seconds) {
          r.closed(e, at, {"start", "end", "seconds", "cost"}, "an occurrence");
        } else {
          r.closed(e, at, {"start", "end", "cost"}, "an occurrence");
        }
        const date s = r.day(e, at, "start");
        const date f = r.day(e, at, "end");
        if (!(s < f)) plan_fail(at + ".end", "is not after the occurrence's start");
        if (s < start) plan_fail(at + ".start", "is before the plan's start");
        if (end < f) plan_fail(at + ".end", "is after the plan's end");
        // Its length: whole days, or seconds ending during its last day (the day before end).
        const std::int64_t whole = days_between(s, f) * 86'400;
        std::int64_t seconds = 0;
        if (with_seconds) {
          const auto said = r.whole(e, at, "seconds");
          if (said + 86'400 <= static_cast<std::uint64_t>(whole) ||
              said > static_cast<std::uint64_t>(whole)) {
            plan_fail(at + ".seconds",
                      "the document says " + std::to_string(said) + ", which does not end on " +
                          "the occurrence's last day (more than " + std::to_string(whole - 86'400) +
                          " and at most " + std::to_string(whole) + ")");
          }
          if (static_cast<std::int64_t>(said) != whole) seconds = static_cast<std::int64_t>(said);
        }
        if (!with_pricings) {
          plan_expect(at + ".cost", r.dec(e, at, "cost"), per,
                      "each occurrence spends the workload's per_occurrence");
        }
        costs.push_back(r.dec(e, at, "cost"));
        x.occurrences.push_back({s, f, seconds});
      });
      if (x.occurrences.empty()) plan_fail(path + ".occurrences", "is empty");
      decimal spend = per * decimal(static_cast<std::int64_t>(x.occurrences.size()));
      std::string spend_why =
          "per_occurrence x " + std::to_string(x.occurrences.size()) + " occurrence(s)";
      if (with_pricings) {
        // Every occurrence in one pricing, whose charges it spends.
        std::vector<std::optional<std::size_t>> group(x.occurrences.size());
        std::vector<std::vector<credits::charge>> sets;
        std::vector<decimal> pers;
        r.each(w, path, "pricings", [&](const json_value& e, const std::string& at) {
          r.closed(e, at,
                   {"in_force_on", "versions", "latest_known", "occurrences", "per_occurrence",
                    "charges"},
                   "a pricing of a workload");
          (void)r.day(e, at, "in_force_on");
          std::optional<date> before;
          const auto versions = r.strings(e, at, "versions");
          for (std::size_t j = 0; j < versions.size(); ++j) {
            const std::string vat = at + ".versions[" + std::to_string(j) + "]";
            date d{};
            try {
              d = parse_date(versions[j]);
            } catch (const error& err) {
              r.fail_at(vat, err.what());
            }
            if (before && !(*before < d)) r.fail_at(vat, "the versions are in order, once each");
            before = d;
          }
          (void)r.boolean(e, at, "latest_known");
          const auto& ks = r.array(e, at, "occurrences");
          if (ks.empty()) plan_fail(at + ".occurrences", "is empty: a pricing prices one or more");
          for (std::size_t j = 0; j < ks.size(); ++j) {
            const std::string kat = at + ".occurrences[" + std::to_string(j) + "]";
            const std::string& t = ks[j].text();
            if (!ks[j].is_number() || t.empty() || t.size() > 9 ||
                t.find_first_not_of("0123456789") != std::string::npos) {
              r.fail_at(kat, "is not the index of an occurrence (a whole number)");
            }
            const auto k = static_cast<std::size_t>(std::stoul(t));
            if (k >= group.size() || group[k]) {
              plan_fail(kat, "the document says " + t + ", which is no occurrence or one " +
                                 "another pricing has (each occurrence is priced once)");
            }
            group[k] = sets.size();
          }
          std::vector<credits::charge> set;
          const decimal total = read_charges(e, at, set);
          plan_expect(at + ".per_occurrence", r.dec(e, at, "per_occurrence"), total,
                      "the sum of its charges");
          sets.push_back(std::move(set));
          pers.push_back(total);
        });
        spend = decimal{};
        spend_why = "the sum of its occurrences' costs";
        for (std::size_t k = 0; k < x.occurrences.size(); ++k) {
          const std::string at = path + ".occurrences[" + std::to_string(k) + "]";
          if (!group[k]) plan_fail(at, "no pricing prices it (each occurrence is priced once)");
          plan_expect(at + ".cost", costs[k], pers[*group[k]],
                      "the per_occurrence of the pricing that prices it");
          x.by_occurrence.push_back(sets[*group[k]]);
          spend += pers[*group[k]];
        }
        // The workload's own charges are its first occurrence's.
        const auto& first = sets[*group.front()];
        bool same = first.size() == x.charges.size();
        for (std::size_t j = 0; same && j < first.size(); ++j) {
          same = first[j].cat == x.charges[j].cat && first[j].service == x.charges[j].service &&
                 first[j].amount == x.charges[j].amount;
        }
        if (!same) {
          plan_fail(path + ".charges",
                    "are not the charges of the pricing of its first "
                    "occurrence (pricings[" +
                        std::to_string(*group.front()) + "])");
        }
      }
      plan_expect(path + ".spend", r.dec(w, path, "spend"), spend, spend_why);
      planned.push_back(std::move(x));
    }
    out.workloads = planned.size();

    // The plan recomputed: its schedule, the grants applied, the credits attributed.
    const auto schedule = credits::plan_schedule(planned, start, end);
    credits::burn_down_result b;
    if (grants.empty()) {
      for (const auto& p : schedule.periods()) {
        credits::period_burn pb{p.start, p.end, {}, {}, {}, {}, {}};
        for (const auto& c : p.charges) pb.spend += c.amount;
        pb.uncovered = pb.spend;
        b.total_spend += pb.spend;
        b.total_uncovered += pb.spend;
        b.periods.push_back(std::move(pb));
      }
    } else {
      b = credits::burn_down(grants, schedule);
    }
    const auto draws = credits::attribute(planned, schedule, b);
    std::vector<std::vector<decimal>> period_draws(b.periods.size(),
                                                   std::vector<decimal>(grants.size()));
    for (const auto& l : b.credit_lines) {
      const auto g = static_cast<std::size_t>(
          std::find_if(grants.begin(), grants.end(),
                       [&](const credits::grant& x) { return x.name() == l.grant; }) -
          grants.begin());
      for (std::size_t p = 0; p < b.periods.size(); ++p) {
        if (!(l.start < b.periods[p].start) && l.start < b.periods[p].end) {
          period_draws[p][g] -= l.amount;
          break;
        }
      }
    }
    const auto expect_amounts = [&](const json_value& o, const std::string& path,
                                    std::string_view key, const std::vector<decimal>& computed,
                                    std::string_view why) {
      const auto& items = r.array(o, path, key);
      const std::string at = path + "." + std::string(key);
      plan_expect_count(at, items.size(), computed.size(), "amounts (one per grant)");
      for (std::size_t k = 0; k < items.size(); ++k) {
        const std::string ak = at + "[" + std::to_string(k) + "]";
        if (!items[k].is_string()) {
          r.fail_at(ak, "is " + std::string(json_value::kind_name(items[k].type())) +
                            ", expected a decimal string");
        }
        const auto bad = report::detail::decimal_text_rule(items[k].text());
        if (!bad.empty()) r.fail_at(ak, "'" + items[k].text() + "' " + bad);
        plan_expect(ak, decimal::parse(items[k].text()), computed[k],
                    std::string(why) + " of grant '" + grants[k].name() + "'");
      }
    };

    const auto& ps = r.array(root, "", "periods");
    plan_expect_count("periods", ps.size(), b.periods.size(),
                      "periods (cut at the plan's dates, each 1st of a month and each "
                      "occurrence's first and last day, and a partial last day's start)");
    for (std::size_t p = 0; p < ps.size(); ++p) {
      const std::string path = "periods[" + std::to_string(p) + "]";
      const json_value& o = r.object_at(ps, p, path);
      r.closed(o, path, {"start", "end", "spend", "credits", "cash", "draws", "balance_after"},
               "a period of a plan");
      const auto& pb = b.periods[p];
      if (r.day(o, path, "start") != pb.start) {
        plan_fail(path + ".start", "the document says " + to_string(r.day(o, path, "start")) +
                                       ", recomputed " + to_string(pb.start));
      }
      if (r.day(o, path, "end") != pb.end) {
        plan_fail(path + ".end", "the document says " + to_string(r.day(o, path, "end")) +
                                     ", recomputed " + to_string(pb.end));
      }
      plan_expect(path + ".spend", r.dec(o, path, "spend"), pb.spend,
                  "the occurrences' charges spread over their days");
      plan_expect(path + ".credits", r.dec(o, path, "credits"), pb.credits_used,
                  "the grants applied, earliest last valid day first");
      plan_expect(path + ".cash", r.dec(o, path, "cash"), pb.uncovered, "spend - credits");
      expect_amounts(o, path, "draws", period_draws[p], "the credits");
      expect_amounts(o, path, "balance_after", pb.balance_after, "the balance left");
    }
    out.periods = ps.size();

    // Months: the periods summed by the month they start in.
    struct month {
      std::string name;
      decimal spend{};
      decimal credits{};
      decimal cash{};
      std::vector<decimal> draws;
    };
    std::vector<month> months;
    for (std::size_t p = 0; p < b.periods.size(); ++p) {
      const std::string name = detail::plan_month_name(b.periods[p].start);
      if (months.empty() || months.back().name != name) {
        months.push_back({name, {}, {}, {}, std::vector<decimal>(grants.size())});
      }
      auto& m = months.back();
      m.spend += b.periods[p].spend;
      m.credits += b.periods[p].credits_used;
      m.cash += b.periods[p].uncovered;
      for (std::size_t g = 0; g < grants.size(); ++g) m.draws[g] += period_draws[p][g];
    }
    const auto& ms = r.array(root, "", "months");
    plan_expect_count("months", ms.size(), months.size(), "months");
    for (std::size_t i = 0; i < ms.size(); ++i) {
      const std::string path = "months[" + std::to_string(i) + "]";
      const json_value& o = r.object_at(ms, i, path);
      r.closed(o, path, {"month", "spend", "credits", "cash", "draws"}, "a month of a plan");
      if (const auto name = r.str(o, path, "month"); name != months[i].name) {
        plan_fail(path + ".month", "the document says " + name + ", recomputed " + months[i].name);
      }
      plan_expect(path + ".spend", r.dec(o, path, "spend"), months[i].spend,
                  "the month's periods' spend");
      plan_expect(path + ".credits", r.dec(o, path, "credits"), months[i].credits,
                  "the month's periods' credits");
      plan_expect(path + ".cash", r.dec(o, path, "cash"), months[i].cash,
                  "the month's periods' cash");
      expect_amounts(o, path, "draws", months[i].draws, "the month's credits");
    }

    // The grants' outcomes.
    for (std::size_t k = 0; k < gs.size(); ++k) {
      const std::string path = "grants[" + std::to_string(k) + "]";
      const json_value& g = gs[k];
      const auto& o = b.grants[k];
      plan_expect(path + ".used", r.dec(g, path, "used"), o.used, "its credits over the plan");
      detail::plan_expect_optional(path + ".exhausted_on", r.day_or_null(g, path, "exhausted_on"),
                                   o.exhausted_on, show_day,
                                   "the day its balance reached zero in the plan");
      detail::plan_expect_optional(
          path + ".runs_out_on", r.day_or_null(g, path, "runs_out_on"), o.runs_out_on, show_day,
          "the day its balance runs out, the period's spend spread evenly over its days");
      detail::plan_expect_optional(path + ".wasted_at_expiry",
                                   r.dec_or_null(g, path, "wasted_at_expiry"), o.wasted_at_expiry,
                                   show_dec, "its balance at a last valid day inside the plan");
      plan_expect(path + ".lost_at_expiry", r.dec(g, path, "lost_at_expiry"), o.lost_at_expiry,
                  "its balance left on its last valid day");
      if (r.boolean(g, path, "usable") != o.usable) {
        plan_fail(path + ".usable", std::string("the document says ") +
                                        (o.usable ? "false" : "true") + ", recomputed " +
                                        (o.usable ? "true" : "false") +
                                        " (whether any charge of the plan is one it pays)");
      }
    }

    // The workloads' draws.
    for (std::size_t i = 0; i < ws.size(); ++i) {
      const std::string path = "workloads[" + std::to_string(i) + "]";
      const json_value& w = ws[i];
      plan_expect(path + ".credits", r.dec(w, path, "credits"), draws[i].credits,
                  "the credits attributed to its charges, period by period");
      plan_expect(path + ".cash", r.dec(w, path, "cash"), draws[i].cash, "spend - credits");
      expect_amounts(w, path, "draws", draws[i].by_grant, "the credits");
    }

    // By service: the schedule's charges and the credit lines.
    std::map<std::string, std::array<decimal, 2>> services;
    for (const auto& p : schedule.periods()) {
      for (const auto& c : p.charges) {
        services[c.service.value_or("(no AWS service)")][0] += c.amount;
      }
    }
    for (const auto& l : b.credit_lines) {
      services[l.service.value_or("(no AWS service)")][1] -= l.amount;
    }
    const auto& ss = r.array(root, "", "services");
    plan_expect_count("services", ss.size(), services.size(), "services");
    auto it = services.begin();
    for (std::size_t i = 0; i < ss.size(); ++i, ++it) {
      const std::string path = "services[" + std::to_string(i) + "]";
      const json_value& o = r.object_at(ss, i, path);
      r.closed(o, path, {"service", "spend", "credits", "cash"}, "a service of a plan");
      if (const auto name = r.str(o, path, "service"); name != it->first) {
        plan_fail(path + ".service", "the document says " + name + ", recomputed " + it->first);
      }
      plan_expect(path + ".spend", r.dec(o, path, "spend"), it->second[0],
                  "the plan's charges it bills");
      plan_expect(path + ".credits", r.dec(o, path, "credits"), it->second[1],
                  "the credits that paid them");
      plan_expect(path + ".cash", r.dec(o, path, "cash"), it->second[0] - it->second[1],
                  "spend - credits");
    }

    plan_expect("spend", r.dec(root, "", "spend"), b.total_spend, "the periods' spend");
    plan_expect("credits", r.dec(root, "", "credits"), b.total_credits, "the periods' credits");
    plan_expect("cash", r.dec(root, "", "cash"), b.total_uncovered, "spend - credits");
    plan_expect("wasted", r.dec(root, "", "wasted"), b.total_wasted,
                "balances lost at a last valid day inside the plan");
    plan_expect("lost_at_expiry", r.dec(root, "", "lost_at_expiry"), b.total_lost_at_expiry,
                "the grants' lost_at_expiry");
    detail::plan_expect_optional("runway", r.day_or_null(root, "", "runway"), b.runway, show_day,
                                 "the first day no grant the plan's charges draw on can pay");
  } catch (const detail::plan_mismatch& m) {
    out.ok = false;
    out.first_mismatch = m.what;
  }
  return out;
}

}  // namespace trncost::report

#endif  // TRNCOST_REPORT_IMPL_AUDIT_PLAN_IPP
