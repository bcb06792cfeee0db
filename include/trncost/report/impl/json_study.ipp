// The definitions of report/json_study.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_JSON_STUDY_IPP
#define TRNCOST_REPORT_IMPL_JSON_STUDY_IPP

#include "../json_study.hpp"

namespace trncost {

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_json(const study_result& r) {
  detail::json_writer w;
  w.begin_object();
  w.member("schema", study_schema_name);
  w.member("schema_version", static_cast<std::int64_t>(study_schema_version));
  w.member("title", r.title);
  w.member("study_file", r.file);
  w.member("work_unit", r.work_unit);
  w.key("options");
  w.begin_array();
  for (const auto& x : r.options) {
    w.begin_object();
    w.member("name", x.name);
    w.member("title", x.title);
    w.member("work", x.work);
    w.key("report");
    w.begin_object();
    report::document d = report::from_estimate(x.est);
    // Version 2 for the extras, 3 when the option says the work it delivers (from_estimate).
    if (d.version < report::extras_schema_version) d.version = report::extras_schema_version;
    detail::write_document_members(w, d);
    detail::write_extras(w, x.extras);
    w.end_object();
    if (!x.regions.empty()) {
      // [study] regions: the option in each region, its whole report (none where not priced).
      w.key("regions");
      w.begin_array();
      for (const auto& g : x.regions) {
        w.begin_object();
        w.member("region", g.region);
        w.key("report");
        if (g.est) {
          w.begin_object();
          detail::write_document_members(w, report::from_estimate(*g.est));
          w.end_object();
          w.member("work", g.work);
          w.member("cost_per_work", g.cost_per_work);
          w.key("why_not");
          w.null();
        } else {
          w.null();
          w.key("work");
          w.null();
          w.key("cost_per_work");
          w.null();
          w.member("why_not", g.why_not);
        }
        w.end_object();
      }
      w.end_array();
    }
    w.end_object();
  }
  w.end_array();
  w.key("decided_for");
  if (r.decided_for) {
    w.string(*r.decided_for);
  } else {
    w.null();
  }
  w.key("analysis");
  w.begin_object();
  detail::write_comparison(w, r.comparison);
  detail::write_decision(w, r.decision);
  if (r.cash) {
    // With grants, the decision ranks what is paid: each ranked option's list total, what the
    // grants pay of it and the cash left, cheapest in cash per unit of work first.
    w.key("cash_ranking");
    w.begin_object();
    w.key("ranked");
    w.begin_array();
    for (const auto& k : r.cash->ranked) {
      w.begin_object();
      w.member("name", k.name);
      w.member("rank", static_cast<std::int64_t>(k.rank));
      w.member("list_rank", static_cast<std::int64_t>(k.list_rank));
      w.member("total", k.total);
      w.member("credits", k.credits);
      w.member("cash", k.cash);
      w.member("lost_at_expiry", k.lost_at_expiry);
      w.member("work", k.work);
      w.member("cash_per_work", k.cash_per_work);
      w.key("paid_by");
      w.begin_array();
      for (const auto& [g, amount] : k.paid_by) {
        w.begin_object();
        w.member("grant", g);
        w.member("amount", amount);
        w.end_object();
      }
      w.end_array();
      w.end_object();
    }
    w.end_array();
    w.member("effect", r.cash->effect);
    w.end_object();
  }
  if (!r.break_evens.empty()) {
    const auto optional = [&](const char* key, const std::optional<decimal>& v) {
      w.key(key);
      if (v) {
        w.string(v->to_string());
      } else {
        w.null();
      }
    };
    w.key("break_even");
    w.begin_array();
    for (const auto& b : r.break_evens) {
      w.begin_object();
      w.member("hosted", b.hosted);
      w.member("api", b.api);
      w.member("component", b.component);
      w.member("unit", "token/s");
      w.member("baseline", b.baseline);
      optional("demand", b.demand);
      optional("peak", b.peak);
      w.member("hosted_total", b.hosted_total);
      w.member("api_total", b.api_total);
      w.member("hosted_at_baseline", b.hosted_at_baseline);
      w.member("api_at_baseline", b.api_at_baseline);
      w.key("stepwise");
      w.boolean(b.stepwise);
      if (b.stepwise) {
        const auto windows = [&](const char* key, const std::vector<report::demand_window>& ws) {
          w.key(key);
          w.begin_array();
          for (const auto& x : ws) {
            w.begin_object();
            w.member("from", x.from);
            optional("to", x.to);
            w.end_object();
          }
          w.end_array();
        };
        w.member("bound", b.bound);
        windows("windows", b.windows);
        w.key("credits");
        if (b.credits) {
          w.begin_object();
          w.member("hosted", b.credits->hosted);
          w.member("api", b.credits->api);
          w.end_object();
          windows("windows_after_credits", b.windows_after_credits);
        } else {
          w.null();
        }
      }
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
  w.end_object();
  return w.take();
}

TRNCOST_DECL void write_json(const study_result& r, std::ostream& out) {
  const std::string text = render_json(r);
  out << text;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_JSON_STUDY_IPP
