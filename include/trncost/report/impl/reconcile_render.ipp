// A reconciliation as Markdown, HTML and JSON (report/reconcile.hpp's render_reconciliation_*).
// Part of report/impl/reconcile.ipp, which includes it after the reconciliation and its check.
#ifndef TRNCOST_REPORT_IMPL_RECONCILE_RENDER_IPP
#define TRNCOST_REPORT_IMPL_RECONCILE_RENDER_IPP

#ifndef TRNCOST_REPORT_IMPL_RECONCILE_IPP
#error \
    "report/impl/reconcile_render.ipp is part of report/impl/reconcile.ipp: include <trncost/report/reconcile.hpp>"
#endif

namespace trncost::report {

namespace detail {
namespace {

/// How many resources a row that differs shows in Markdown and HTML (the JSON has them all).
constexpr std::size_t shown_resources = 5;

/// The resources behind the rows that differ, as the cells of one table (what, resource, rows,
/// quantity, billed, from, to), then the sentences that say what is not shown. The same in
/// Markdown and HTML.
struct resource_table {
  std::vector<std::array<std::string, 7>> rows;
  std::vector<std::string> notes;
};

resource_table resources_behind(const report::reconciliation& r) {
  resource_table t;
  bool any_id = false;
  bool any_row = false;
  for (const auto& row : r.rows) {
    if (row.difference.is_zero() || row.resources.empty()) continue;
    any_row = true;
    for (std::size_t i = 0; i < row.resources.size() && i < shown_resources; ++i) {
      const auto& res = row.resources[i];
      any_id = any_id || !res.id.empty();
      t.rows.push_back(
          {i == 0 ? describe(row.identity) : std::string(),
           res.id.empty() ? std::string("(no resource id)") : res.id, std::to_string(res.rows),
           res.quantity ? res.quantity->to_string() + " " + row.unit : "-",
           report::detail::money_text(res.billed, false), to_string(res.from), to_string(res.to)});
    }
    if (row.resources.size() > shown_resources) {
      t.notes.push_back(describe(row.identity) + ": " +
                        std::to_string(row.resources.size() - shown_resources) +
                        " more resources, in the JSON report");
    }
  }
  if (any_row && !any_id) {
    t.notes.push_back(
        "The bill names no resource: an export with resource ids (a CUR's \"Include resource "
        "IDs\", FOCUS ResourceId) traces each difference to the instances and volumes behind it.");
  }
  return t;
}

}  // namespace
}  // namespace detail

TRNCOST_DECL std::string render_reconciliation_markdown(const report::reconciliation& r) {
  using detail::md_cell;
  using detail::usd;
  std::string s = "# The bill against the estimate\n\n";
  s += "Estimate: `" + md_cell(r.estimate) + "`. Bill: `" + md_cell(r.bill) + "` (" +
       std::string(to_string(r.layout)) + "), usage at its " + std::string(to_string(r.basis)) +
       " cost, in " + r.currency + ".\n\n";
  s += "Rows read: " + std::to_string(r.rows_read) + "; kept: " + std::to_string(r.rows_kept) +
       (r.options.regions.empty() ? " (the estimate's regions: " : " (regions: ") +
       (r.regions.empty() ? std::string("any") : [&] {
         std::string j;
         for (const auto& x : r.regions) j += (j.empty() ? "" : ", ") + x;
         return j;
       }()) +
       (r.options.regions.empty() && !r.regions.empty()
            ? "; a row of another region is kept, not in the estimate"
            : "") +
       ").\n\n";
  s += "| | " + r.currency + " |\n|---|---:|\n";
  s += "| estimated" +
       std::string(r.unpriced_lines
                       ? " (" + std::to_string(r.unpriced_lines) + " line(s) unpriced, left out)"
                       : "") +
       " | " + usd(r.estimated) + " |\n";
  s += "| billed usage | " + usd(r.billed_usage) + " |\n";
  s += "| difference (billed - estimated) | " + detail::signed_usd(r.difference) + " |\n";
  s += "| other charges (credits, refunds, tax, fees) | " + usd(r.other) + " |\n";
  s += "| invoiced for the rows kept | " + usd(r.invoiced) + " |\n\n";
  s += "## By line\n\n| what | estimate's lines | estimated | billed | bill rows | difference | "
       "why |\n|---|---|---:|---:|---:|---:|---|\n";
  for (const auto& row : r.rows) {
    std::string lines;
    for (const auto& l : row.lines) lines += (lines.empty() ? "" : "; ") + l;
    s += "| " + md_cell(describe(row.identity)) + " | " + md_cell(lines.empty() ? "-" : lines) +
         " | " +
         (row.in_estimate ? (row.unpriced && row.estimated.is_zero()
                                 ? "unpriced"
                                 : report::detail::money_text(row.estimated, false))
                          : "-") +
         " | " + report::detail::money_text(row.billed, false) + " | " +
         std::to_string(row.bill_rows) + " | " + report::detail::money_text(row.difference, true) +
         " | " + md_cell(row.why) + " |\n";
  }
  const auto totals = [&](std::string_view title, const std::vector<report::reconcile_total>& t,
                          std::string_view none) {
    s += "\n## " + std::string(title) + "\n\n";
    if (t.empty()) {
      s += std::string(none) + "\n";
      return;
    }
    s += "| what | rows | " + r.currency + " |\n|---|---:|---:|\n";
    for (const auto& x : t) {
      s += "| " + md_cell(x.what) + " | " + std::to_string(x.rows) + " | " + usd(x.amount) + " |\n";
    }
  };
  if (const auto behind = detail::resources_behind(r);
      !behind.rows.empty() || !behind.notes.empty()) {
    s += "\n## Behind the differences\n\nThe resources each differing row was billed for, "
         "largest first: an instance stopped or left running shows here.\n\n";
    if (!behind.rows.empty()) {
      s += "| what | resource | bill rows | quantity | billed | from | to |\n"
           "|---|---|---:|---:|---:|---|---|\n";
      for (const auto& cells : behind.rows) {
        std::string line;
        for (const auto& c : cells) line += "| " + md_cell(c) + " ";
        s += line + "|\n";
      }
    }
    for (const auto& n : behind.notes) s += "\n" + n + "\n";
  }
  s +=
      "\n## Measured by the bill, for the next estimate\n\n"
      "What the bill counted for each identity, as a measurement (trncost's `measured` provenance: "
      "the bill as the run, its rows as the method, their charge period).\n\n"
      "| what | billed quantity | billed | from | to | method |\n|---|---:|---:|---|---|---|\n";
  for (const auto& row : r.rows) {
    if (!row.billed_as) continue;
    s += "| " + md_cell(describe(row.identity)) + " | " +
         (row.billed_quantity ? row.billed_quantity->to_string() + " " + row.unit
                              : std::string("-")) +
         " | " + row.billed.to_string() + " | " + to_string(row.billed_as->from) + " | " +
         to_string(row.billed_as->to) + " | " + md_cell(row.billed_as->method) + " |\n";
  }
  for (const auto& row : r.rows) {
    if (!row.billed_as) continue;
    s += "\nIn a scenario file, a value the bill measured reads (here the first row's cost):\n\n"
         "    cost = { value = \"" +
         row.billed.to_string() + "\", measured = { run = \"" + row.billed_as->run_id +
         "\", method = \"" + row.billed_as->method +
         "\", from = " + to_string(row.billed_as->from) + ", to = " + to_string(row.billed_as->to) +
         " } }\n";
    break;
  }
  totals("Other charges (billed cost)", r.other_charges, "None.");
  totals("Rows left out (billed cost)", r.left_out, "None: every row read was kept.");
  return s;
}

TRNCOST_DECL std::string render_reconciliation_html(const report::reconciliation& r) {
  using detail::html_escape;
  using report::detail::money_text;
  const std::string title = "The bill against the estimate";
  std::string h = detail::html_page_head(title, ".status{padding:12px 16px;border-radius:6px}\n",
                                         "td.over{color:#c62828}td.under{color:#1f77b4}\n");
  h += "<body>\n<h1>" + html_escape(title) + "</h1>\n<p>Estimate: <code>" +
       html_escape(r.estimate) + "</code>. Bill: <code>" + html_escape(r.bill) + "</code> (" +
       html_escape(to_string(r.layout)) + "), usage at its " +
       std::string(report::to_string(r.basis)) + " cost, in " + html_escape(r.currency) +
       ". Rows read: " + std::to_string(r.rows_read) + "; kept: " + std::to_string(r.rows_kept) +
       ".</p>\n";
  const auto total_row = [&](std::string_view id, std::string_view what, const std::string& v) {
    return "<tr id=\"" + std::string(id) + "\"><th>" + std::string(what) +
           "</th><td class=\"num\">" + v + "</td></tr>\n";
  };
  h +=
      "<table id=\"totals\">\n" +
      total_row(
          "estimated",
          "estimated" + std::string(r.unpriced_lines ? " (" + std::to_string(r.unpriced_lines) +
                                                           " line(s) unpriced, left out)"
                                                     : ""),
          detail::usd(r.estimated)) +
      total_row("billed-usage", "billed usage", detail::usd(r.billed_usage)) +
      total_row("difference", "difference (billed - estimated)", detail::signed_usd(r.difference)) +
      total_row("other", "other charges (credits, refunds, tax, fees)", detail::usd(r.other)) +
      total_row("invoiced", "invoiced for the rows kept", detail::usd(r.invoiced)) + "</table>\n";
  // Per identity with a cost, its estimate (grey) beside its bill (red over the estimate, blue
  // under it, green equal), on one scale.
  std::vector<detail::bar_group> groups;
  for (const auto& row : r.rows) {
    if (row.billed.is_zero() && row.estimated.is_zero()) continue;
    const std::string_view colour = row.difference.is_zero()       ? detail::useful_colour
                                    : row.difference.is_negative() ? "#1f77b4"
                                                                   : detail::overhead_colour;
    const std::string estimated = !row.in_estimate ? std::string("not in the estimate")
                                  : row.unpriced && row.estimated.is_zero()
                                      ? std::string("unpriced")
                                      : money_text(row.estimated, false);
    const std::string billed =
        row.bill_rows == 0
            ? std::string("no bill row matches")
            : money_text(row.billed, false) + (row.difference.is_zero()
                                                   ? std::string(", as estimated")
                                                   : " (" + money_text(row.difference, true) + ")");
    groups.push_back({describe(row.identity),
                      {{"estimated", estimated, row.estimated, "#9e9e9e",
                        "data-estimated=\"" + row.estimated.to_string() + "\""},
                       {"billed", billed, row.billed, colour,
                        "data-billed=\"" + row.billed.to_string() + "\" data-difference=\"" +
                            row.difference.to_string() + "\""}}});
  }
  h += "<div class=\"charts\">\n<figure id=\"figure-reconcile\">" +
       detail::grouped_bar_chart("reconcile-chart",
                                 "Estimated and billed by identity (" + r.currency + ")", groups,
                                 {"recon-estimated", "recon-billed"}) +
       "<figcaption>Grey: the estimate. Billed: red over the estimate, blue under it, green as "
       "estimated; the difference in brackets.</figcaption></figure>\n</div>\n";
  h += "<h2>By line</h2>\n<table id=\"rows\">\n<tr><th>what</th><th>estimate's lines</th>"
       "<th>estimated</th><th>billed</th><th>bill rows</th><th>difference</th><th>why</th></tr>\n";
  for (const auto& row : r.rows) {
    std::string lines;
    for (const auto& l : row.lines) lines += (lines.empty() ? "" : "; ") + l;
    const std::string cls = row.difference.is_zero()       ? "num"
                            : row.difference.is_negative() ? "num under"
                                                           : "num over";
    h += "<tr><td>" + html_escape(describe(row.identity)) + "</td><td>" +
         html_escape(lines.empty() ? "-" : lines) + "</td><td class=\"num\">" +
         (row.in_estimate
              ? (row.unpriced && row.estimated.is_zero() ? std::string("unpriced")
                                                         : money_text(row.estimated, false))
              : std::string("-")) +
         "</td><td class=\"num\">" + money_text(row.billed, false) + "</td><td class=\"num\">" +
         std::to_string(row.bill_rows) + "</td><td class=\"" + cls + "\">" +
         money_text(row.difference, true) + "</td><td>" + html_escape(row.why) + "</td></tr>\n";
  }
  h += "</table>\n";
  if (const auto behind = detail::resources_behind(r);
      !behind.rows.empty() || !behind.notes.empty()) {
    h += "<h2>Behind the differences</h2>\n<p>The resources each differing row was billed for, "
         "largest first: an instance stopped or left running shows here.</p>\n";
    if (!behind.rows.empty()) {
      h += "<table id=\"resources\">\n<tr><th>what</th><th>resource</th><th>bill rows</th>"
           "<th>quantity</th><th>billed</th><th>from</th><th>to</th></tr>\n";
      for (const auto& c : behind.rows) {
        h += "<tr><td>" + html_escape(c[0]) + "</td><td><code>" + html_escape(c[1]) +
             "</code></td><td class=\"num\">" + c[2] + "</td><td class=\"num\">" +
             html_escape(c[3]) + "</td><td class=\"num\">" + html_escape(c[4]) + "</td><td>" +
             c[5] + "</td><td>" + c[6] + "</td></tr>\n";
      }
      h += "</table>\n";
    }
    for (const auto& n : behind.notes) h += "<p>" + html_escape(n) + "</p>\n";
  }
  const auto totals = [&](std::string_view id, std::string_view heading,
                          const std::vector<report::reconcile_total>& t, std::string_view none) {
    h += "<h2>" + std::string(heading) + "</h2>\n";
    if (t.empty()) {
      h += "<p>" + std::string(none) + "</p>\n";
      return;
    }
    h += "<table id=\"" + std::string(id) + "\">\n<tr><th>what</th><th>rows</th><th>" +
         html_escape(r.currency) + "</th></tr>\n";
    for (const auto& x : t) {
      h += "<tr><td>" + html_escape(x.what) + "</td><td class=\"num\">" + std::to_string(x.rows) +
           "</td><td class=\"num\">" + detail::usd(x.amount) + "</td></tr>\n";
    }
    h += "</table>\n";
  };
  totals("other-charges", "Other charges (billed cost)", r.other_charges, "None.");
  totals("left-out", "Rows left out (billed cost)", r.left_out, "None: every row read was kept.");
  h += "</body>\n</html>\n";
  return h;
}

TRNCOST_DECL std::string render_reconciliation_json(const report::reconciliation& r) {
  detail::json_writer w;
  const auto opt = [&](std::string_view k, const std::optional<decimal>& v) {
    w.key(k);
    if (v) {
      w.string(v->to_string());
    } else {
      w.null();
    }
  };
  w.begin_object();
  w.member("schema", "trncost.reconciliation");
  w.member("schema_version", std::uint64_t{1});
  w.member("estimate", r.estimate);
  w.member("bill", r.bill);
  w.member("layout", to_string(r.layout));
  w.member("currency", r.currency);
  w.member("basis", report::to_string(r.basis));
  w.key("regions");
  w.begin_array();
  for (const auto& x : r.regions) w.string(x);
  w.end_array();
  w.member("rows_read", r.rows_read);
  w.member("rows_kept", r.rows_kept);
  w.member("estimated", r.estimated);
  w.member("unpriced_lines", r.unpriced_lines);
  w.member("billed_usage", r.billed_usage);
  w.member("difference", r.difference);
  w.member("other_charges_total", r.other);
  w.member("invoiced", r.invoiced);
  w.key("rows");
  w.begin_array();
  for (const auto& row : r.rows) {
    w.begin_object();
    detail::write_identity(w, row.identity);
    w.key("rate_codes");
    w.begin_array();
    for (const auto& c : row.rate_codes) w.string(c);
    w.end_array();
    w.key("lines");
    w.begin_array();
    for (const auto& l : row.lines) w.string(l);
    w.end_array();
    w.member("in_estimate", row.in_estimate);
    w.member("unpriced", row.unpriced);
    w.member("estimated", row.estimated);
    w.member("billed", row.billed);
    w.member("bill_rows", row.bill_rows);
    w.member("difference", row.difference);
    w.member("unit", row.unit);
    opt("estimated_quantity", row.estimated_quantity);
    opt("billed_quantity", row.billed_quantity);
    opt("usage_effect", row.usage_effect);
    opt("price_effect", row.price_effect);
    w.member("why", row.why);
    w.key("billed_as");
    if (row.billed_as) {
      detail::write_provenance(w, provenance{*row.billed_as});
    } else {
      w.null();
    }
    w.key("resources");
    w.begin_array();
    for (const auto& res : row.resources) {
      w.begin_object();
      w.member("id", res.id);
      w.member("rows", res.rows);
      w.member("billed", res.billed);
      opt("quantity", res.quantity);
      w.member("from", to_string(res.from));
      w.member("to", to_string(res.to));
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  for (const auto& [name, list] :
       {std::pair{"other_charges", &r.other_charges}, std::pair{"left_out", &r.left_out}}) {
    w.key(name);
    w.begin_array();
    for (const auto& x : *list) {
      w.begin_object();
      w.member("what", x.what);
      w.member("rows", x.rows);
      w.member("amount", x.amount);
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
  return w.take();
}

}  // namespace trncost::report

#endif  // TRNCOST_REPORT_IMPL_RECONCILE_RENDER_IPP
