// The definitions of report/reconcile.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/readers/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_RECONCILE_IPP
#define TRNCOST_REPORT_IMPL_RECONCILE_IPP

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <system_error>
#include <unordered_map>

#include "../../pricing/unit_table.hpp"
#include "../../readers/detail/json.hpp"
#include "../audit.hpp"
#include "../html.hpp"
#include "../json.hpp"
#include "../markdown.hpp"
#include "../markdown_diff.hpp"
#include "../reconcile.hpp"

namespace trncost::report {

TRNCOST_DECL std::string_view to_string(cost_basis b) noexcept {
  return b == cost_basis::billed ? "billed" : "effective";
}

namespace detail {

namespace {

/// The price list unit a bill's unit is ("Hours" and "Hrs" are one; FOCUS writes "GB-Months"
/// where the price list writes "GB-Mo"), or nullptr.
const pricing::price_unit_entry* bill_unit(std::string_view text) {
  constexpr std::pair<std::string_view, std::string_view> focus_spellings[] = {
      {"GB-Months", "GB-Mo"},
      {"GB-Month", "GB-Mo"},
      {"IOPS-Months", "IOPS-Mo"},
      {"Hour", "Hrs"},
      {"GiBps-Months", "GiBps-mo"}};
  for (const auto& [focus, price_list] : focus_spellings) {
    if (text == focus) text = price_list;
  }
  return pricing::find_price_unit(text);
}

/// The price list unit a rate of the report is per ("USD/instance-h" is per "Hrs"), or nullptr.
const pricing::price_unit_entry* rate_unit(std::string_view rate) {
  for (const auto& e : pricing::price_unit_table) {
    const std::string_view sym = e.rate_symbol;
    if (sym == rate ||
        (sym.starts_with(rate) && sym.size() > rate.size() && sym[rate.size()] == ' ') ||
        sym.find("(or " + std::string(rate) + ")") != std::string_view::npos) {
      return &e;
    }
  }
  return nullptr;
}

/// Whether a bill's usage type (without its region prefix) is one the AWSDataTransfer offer
/// prices: data out, in or between zones (DataTransfer-Out-Bytes, DataTransfer-Regional-Bytes)
/// and between regions (USW2-AWS-Out-Bytes), whichever service moved the data and bills it.
bool is_transfer_usage(std::string_view u) noexcept {
  return u.starts_with("DataTransfer-") || u.ends_with("AWS-Out-Bytes") ||
         u.ends_with("AWS-In-Bytes");
}

/// The instance type whose hours a bill's usage type counts (BoxUsage:inf2.48xlarge on demand or
/// under Savings Plans and reservations, SpotUsage: spot, DedicatedUsage: dedicated), or empty.
std::string_view instance_of_usage(std::string_view u) noexcept {
  for (const std::string_view prefix : {"BoxUsage:", "SpotUsage:", "DedicatedUsage:"}) {
    if (u.starts_with(prefix) && u.size() > prefix.size()) return u.substr(prefix.size());
  }
  return {};
}

/// An identity's key for matching: its service, region and usage type, else its instance type,
/// else the service and region alone.
std::string key_of(const line_identity& id) {
  std::string k = id.service + "|" + id.region + "|";
  if (!id.usage_type.empty()) return k + id.usage_type;
  if (!id.instance_type.empty()) return k + "instance:" + id.instance_type;
  return k + "*";
}

// In the order that leaves the least padding (clang-analyzer's optin.performance.Padding).
struct group {
  decimal est_qty{};
  decimal bill_qty{};
  // Usage rows with a negative quantity or cost: corrections (or a credit or refund written as
  // usage), netted into the group as the bill nets them, and said wherever the usage is offered
  // as a measurement (their cost here, their count below).
  decimal negative_cost{};
  // The rate of the lines that cost something, when they share one: lines at several rates (a
  // PUT and a GET request line) make an average rate whose change is a change of mix, not of price.
  std::optional<decimal> rate{};
  reconcile_row row;
  const pricing::price_unit_entry* est_unit = nullptr;
  const pricing::price_unit_entry* bill_unit = nullptr;
  // The matched rows: their charge period and the first lines (or line item ids) that name them.
  timestamp from{};
  timestamp to{};
  std::uint64_t negative_rows = 0;
  // The evidence: the first rows or line items named, each once with its count of rows (a line
  // item of an hourly bill has a row per hour), and how many rows they cover.
  std::vector<std::pair<std::string, std::uint64_t>> refs;
  std::uint64_t named = 0;
  std::unordered_map<std::string, std::size_t> resource_at;  // id -> row.resources index
  bool est_unit_set = false;
  bool est_units_agree = true;  // every priced line of it is priced per the same unit
  bool est_quantity_known = true;
  bool bill_units_agree = true;
  bool one_rate = true;
  // A bill's own group of a region the estimate has no line in (kept by default, shown apart).
  bool other_region = false;
};

/// How many rows a measurement's method names one by one before it says "and N more".
constexpr std::size_t named_rows = 10;

std::string line_name(const line_entry& l) {
  std::string s = l.component;
  if (!l.description.empty() && l.description != l.component) s += "/" + l.description;
  return s + " (" + std::string(to_string(l.cat)) + ")";
}

void add_total(std::vector<reconcile_total>& totals, const std::string& what, decimal amount) {
  for (auto& t : totals) {
    if (t.what == what) {
      ++t.rows;
      t.amount += amount;
      return;
    }
  }
  totals.push_back({what, 1, amount});
}

/// An amount for people: at cents, unless cents would show a non-zero amount as 0.00 (a request
/// line's 0.003288): then to the sixth decimal, or exact. `sign` adds "+" before a positive one.
std::string money_text(decimal v, bool sign) {
  std::string s;
  if (v.round(decimal_places{2}).is_zero() && !v.is_zero()) {
    const decimal fine = v.round(decimal_places{6});
    s = (fine.is_zero() ? v : fine).to_string();
  } else {
    s = report::detail::usd(v);
  }
  return sign && !v.is_negative() ? "+" + s : s;
}

/// A rate for people: to the tenth decimal (request prices are millionths of a dollar).
std::string rate_text(decimal v) { return v.round(decimal_places{10}).to_string(); }

std::string qty_text(decimal q, std::string_view unit) {
  return q.round(decimal_places{6}).to_string() + " " + std::string(unit);
}

/// Why a row's billed cost differs from its estimate, in one sentence.
void explain(group& g) {
  reconcile_row& r = g.row;
  r.difference = r.billed - r.estimated;
  const bool comparable = g.est_unit != nullptr && g.bill_unit != nullptr &&
                          g.est_unit->unit == g.bill_unit->unit && g.est_units_agree &&
                          g.bill_units_agree && g.est_quantity_known;
  if (!r.in_estimate) {
    r.why = g.other_region ? "not in the estimate (another region)" : "not in the estimate";
    if (comparable || (g.bill_unit != nullptr && g.bill_units_agree)) {
      r.unit = std::string(g.bill_unit->text);
      r.billed_quantity = g.bill_qty;
    }
    return;
  }
  if (r.identity.service.empty()) {
    r.why = "billed by no AWS service: no bill row is expected";
    return;
  }
  if (r.bill_rows == 0) {
    r.why = r.unpriced ? "unpriced in the estimate, and no bill row"
                       : "no bill row matches: not run yet, or run under another account, tag, "
                         "period or usage type";
    return;
  }
  if (r.unpriced) {
    r.why = "unpriced in the estimate; the bill gives what it cost";
    return;
  }
  if (comparable) {
    r.unit = std::string(g.est_unit->text);
    r.estimated_quantity = g.est_qty;
    r.billed_quantity = g.bill_qty;
  }
  if (r.difference.is_zero()) {
    r.why = "as estimated";
    return;
  }
  if (comparable && !g.one_rate) {
    r.why = "billed " + money_text(r.billed, false) + ", estimated " +
            money_text(r.estimated, false) + " for " + qty_text(g.bill_qty, r.unit) + " billed, " +
            qty_text(g.est_qty, r.unit) +
            " estimated; usage and price not split: the estimate's lines have several rates";
    return;
  }
  if (!comparable || g.est_qty.is_zero()) {
    r.why =
        "billed " + money_text(r.billed, false) + ", estimated " + money_text(r.estimated, false) +
        "; usage and price cannot be told apart (" +
        (g.est_qty.is_zero() && comparable
             ? std::string("the estimate counts no quantity")
             : "the bill counts in " +
                   (g.bill_units_agree && g.bill_unit ? std::string(g.bill_unit->text)
                                                      : std::string("several or unknown units")) +
                   ", the estimate in " +
                   (g.est_units_agree && g.est_unit ? std::string(g.est_unit->text)
                                                    : std::string("several or unknown units"))) +
        ")";
    return;
  }
  const decimal est_rate = r.estimated / g.est_qty;
  r.usage_effect = (g.bill_qty - g.est_qty) * est_rate;
  r.price_effect = r.difference - *r.usage_effect;
  std::string why;
  if (g.bill_qty != g.est_qty) {
    why += "usage: billed " + qty_text(g.bill_qty, r.unit) + ", estimated " +
           qty_text(g.est_qty, r.unit) + " (" + money_text(*r.usage_effect, true) +
           " at the estimated rate)";
  }
  if (!r.price_effect->is_zero()) {
    if (!why.empty()) why += "; ";
    if (g.bill_qty.is_zero()) {
      why += "billed with no quantity (" + money_text(*r.price_effect, true) + ")";
    } else {
      const decimal bill_rate = r.billed / g.bill_qty;
      why += "price: billed " + rate_text(bill_rate) + " per " + r.unit + ", estimated " +
             rate_text(est_rate) + " (" + money_text(*r.price_effect, true) + ")";
    }
  }
  r.why = why;
}

/// The bill as the measurement of a group's usage: the run is the bill, the method names the rows.
measured bill_measurement(const group& g, const reconciliation& r) {
  std::string rows;
  for (const auto& [ref, n] : g.refs) {
    rows += (rows.empty() ? "" : ", ") + ref;
    if (n > 1) rows += " (" + std::to_string(n) + " rows)";
  }
  if (g.row.bill_rows > g.named) {
    rows += " and " + std::to_string(g.row.bill_rows - g.named) + " more";
  }
  return measured{
      .run_id = "bill " + r.bill,
      .method = "billed usage and " + std::string(to_string(r.basis)) + " cost of " +
                std::to_string(g.row.bill_rows) + (g.row.bill_rows == 1 ? " row" : " rows") +
                " of a " + std::string(readers::to_string(r.layout)) + " bill (" + rows + ")" +
                (g.negative_rows == 0 ? std::string()
                                      : "; " + std::to_string(g.negative_rows) +
                                            " of them negative (" + g.negative_cost.to_string() +
                                            " USD: corrections, or a credit or refund written as "
                                            "usage), netted in as the bill nets them"),
      .from = g.from,
      .to = g.to,
      .instance_type = g.row.identity.instance_type,
      .region = g.row.identity.region};
}

}  // namespace

}  // namespace detail

TRNCOST_DECL reconciliation reconcile(const document& estimate, std::string_view estimate_name,
                                      readers::bill_reader& bill,
                                      const reconcile_options& options) {
  using detail::group;
  reconciliation out;
  out.estimate = std::string(estimate_name);
  out.bill = bill.file();
  out.layout = bill.layout();
  out.currency = estimate.currency;
  out.basis = options.basis;
  out.options = options;

  // The estimate's lines, grouped by identity; each quoted price's rate code points at its group.
  const recomputed values = recompute(estimate);
  std::map<std::string, std::string, std::less<>> unit_of;
  for (const auto& i : estimate.inputs) unit_of[i.name] = i.unit;
  for (const auto& d : estimate.derivations) unit_of[d.name] = d.unit;
  // The quoted prices' rate codes and SKUs, by input: a bill row names one or both (FOCUS
  // SkuPriceId and SkuId, CUR pricing/RateCode and product/sku).
  std::map<std::string, std::string, std::less<>> rate_code_of;
  std::map<std::string, std::string, std::less<>> sku_of;
  for (const auto& i : estimate.inputs) {
    if (const auto* q = std::get_if<quoted>(&i.origin)) {
      if (!q->rate_code.empty()) rate_code_of[i.name] = q->rate_code;
      if (!q->sku.empty()) sku_of[i.name] = q->sku;
    }
  }
  // A line that bills an instance type's time without a usage type (a failures line: the same
  // hours, lost) joins the line of the same service and region whose usage type names that
  // instance type: the bill does not tell them apart.
  std::map<std::string, std::string, std::less<>> usage_key_of_instance;
  for (const auto& l : estimate.lines) {
    if (l.identity && !l.identity->usage_type.empty() && !l.identity->instance_type.empty()) {
      const line_identity& id = *l.identity;
      usage_key_of_instance.try_emplace(
          id.service + "|" + id.region + "|instance:" + id.instance_type, detail::key_of(id));
    }
  }
  std::vector<group> groups;
  std::map<std::string, std::size_t, std::less<>> by_key;
  std::map<std::string, std::size_t, std::less<>> by_rate_code;
  // The lines priced by another offer than their billing service's, by that offer: for a bill
  // that names the offer where its billing product should be.
  std::map<std::string, std::size_t, std::less<>> by_offer_key;
  // An AWS SKU names one product in one region, whatever service name a bill files it under (a
  // FOCUS export files EC2's data transfer under EC2, the price list under AWSDataTransfer).
  std::map<std::string, std::size_t, std::less<>> by_sku;
  for (std::size_t li = 0; li < estimate.lines.size(); ++li) {
    const line_entry& l = estimate.lines[li];
    const line_identity id = l.identity.value_or(line_identity{});
    std::string key = id.service.empty() ? "none|" + std::to_string(li) : detail::key_of(id);
    if (const auto u = usage_key_of_instance.find(key); u != usage_key_of_instance.end()) {
      key = u->second;
    }
    auto [it, fresh] = by_key.try_emplace(key, groups.size());
    if (!id.offer.empty()) {
      // A line priced by another offer than its billing service's: a bill that names the offer
      // where the service should be finds it too.
      line_identity by_offer = id;
      by_offer.service = id.offer;
      by_offer_key.try_emplace(detail::key_of(by_offer), it->second);
    }
    if (fresh) {
      groups.emplace_back();
      groups.back().row.identity = id;
      groups.back().row.in_estimate = true;
      if (!id.region.empty() &&
          std::find(out.regions.begin(), out.regions.end(), id.region) == out.regions.end()) {
        out.regions.push_back(id.region);
      }
    }
    if (const auto sk = sku_of.find(l.price); sk != sku_of.end() && !id.service.empty()) {
      by_sku.try_emplace(sk->second, it->second);
    }
    if (const auto rc = rate_code_of.find(l.price); rc != rate_code_of.end()) {
      by_rate_code.try_emplace(rc->second, it->second);
      auto& codes = groups[it->second].row.rate_codes;
      if (std::find(codes.begin(), codes.end(), rc->second) == codes.end()) {
        codes.push_back(rc->second);
      }
    }
    group& g = groups[it->second];
    g.row.lines.push_back(detail::line_name(l));
    if (!l.amount) {
      g.row.unpriced = true;
      ++out.unpriced_lines;
      continue;
    }
    g.row.estimated += *l.amount;
    out.estimated += *l.amount;
    const auto* u = detail::rate_unit(unit_of[l.price]);
    if (!g.est_unit_set) {
      g.est_unit = u;
      g.est_unit_set = true;
    }
    if (u == nullptr || g.est_unit == nullptr || u->unit != g.est_unit->unit) {
      g.est_units_agree = false;
    }
    if (!l.amount->is_zero()) {
      const auto p = values.values.find(l.price);
      const std::optional<decimal> rate = p == values.values.end() ? std::nullopt : p->second;
      if (!rate || (g.rate && *g.rate != *rate)) g.one_rate = false;
      g.rate = rate;
    }
    const auto q = values.values.find(l.quantity);
    if (q == values.values.end() || !q->second) {
      g.est_quantity_known = false;
    } else {
      g.est_qty += *q->second * decimal(static_cast<std::int64_t>(l.num)) /
                   decimal(static_cast<std::int64_t>(l.den));
    }
  }
  if (!options.regions.empty()) out.regions = options.regions;

  // The bill, row by row.
  const auto kept_region = [&](const std::string& region) {
    return region.empty() ||
           std::find(out.regions.begin(), out.regions.end(), region) != out.regions.end();
  };
  const std::size_t estimate_groups = groups.size();
  bool currency_checked = false;
  while (bill.next()) {
    const readers::bill_row& row = bill.row();
    ++out.rows_read;
    if (!currency_checked) {
      currency_checked = true;
      if (row.currency != estimate.currency) {
        throw input_error(row.file + ":" + std::to_string(row.line) + ": the bill is in " +
                          row.currency + ", the estimate in " + estimate.currency +
                          "; trncost converts no currency");
      }
    }
    const std::string* reason = nullptr;
    static const std::string negation =
        "Savings Plans negation (the covered usage row carries its effective cost)";
    static const std::string outside_period = "charged outside the period";
    static const std::string other_account = "another account";
    static const std::string other_region = "another region";
    static const std::string untagged = "without the tags";
    std::string provider;
    if (!row.provider.empty() && row.provider != "AWS" && row.provider != "Amazon Web Services") {
      provider = "another provider (" + row.provider + ")";
      reason = &provider;
    } else if (row.kind == readers::charge_kind::negation) {
      reason = &negation;
    } else if ((options.from && row.start < *options.from) ||
               (options.to && !(row.start < *options.to))) {
      reason = &outside_period;
    } else if (!options.accounts.empty() &&
               std::find(options.accounts.begin(), options.accounts.end(), row.account) ==
                   options.accounts.end()) {
      reason = &other_account;
    } else if (!options.regions.empty() && !kept_region(row.region)) {
      // Regions given: the rest are left out. By default a row of another region than the
      // estimate's is kept, and shown as not in the estimate (another region).
      reason = &other_region;
    } else {
      for (const auto& [k, v] : options.tags) {
        if (!readers::detail::has_tag(row, k, v)) {
          reason = &untagged;
          break;
        }
      }
    }
    if (reason != nullptr) {
      detail::add_total(out.left_out, *reason, row.billed_cost);
      continue;
    }
    ++out.rows_kept;
    out.invoiced += row.billed_cost;
    if (row.kind != readers::charge_kind::usage) {
      detail::add_total(out.other_charges,
                        std::string(readers::to_string(row.kind)) +
                            (row.charge_type.empty() ? "" : " (" + row.charge_type + ")"),
                        row.billed_cost);
      out.other += row.billed_cost;
      continue;
    }
    const decimal cost = options.basis == cost_basis::billed ? row.billed_cost : row.cost;
    // The estimate's group: by rate code, by SKU, by usage
    // type, by service and region for a row without a usage type; else a group of the bill's own.
    std::optional<std::size_t> gi;
    if (!row.rate_code.empty()) {
      if (auto f = by_rate_code.find(row.rate_code); f != by_rate_code.end()) gi = f->second;
    }
    if (!gi && !row.sku.empty()) {  // a FOCUS export without SkuPriceId still names the SKU
      if (auto f = by_sku.find(row.sku); f != by_sku.end()) gi = f->second;
    }
    // Then by what the row is, under each name the bill gives its service: the billing product
    // (AmazonEC2 for data an instance sent), the offer its price comes from (AWSDataTransfer),
    // and, for a transfer usage type in a bill that does not name the offer, AWSDataTransfer.
    std::vector<std::string_view> names{row.service};
    if (!row.offer.empty()) names.push_back(row.offer);
    if (detail::is_transfer_usage(row.usage_type) &&
        std::find(names.begin(), names.end(), "AWSDataTransfer") == names.end()) {
      names.push_back("AWSDataTransfer");
    }
    const auto find_key = [&](std::string_view what) {
      for (const auto name : names) {
        const std::string key = std::string(name) + "|" + row.region + "|" + std::string(what);
        if (auto f = by_key.find(key); f != by_key.end() && f->second < estimate_groups) {
          gi = f->second;
          return;
        }
        // The row's own service may be the offer of a line that knows its billing product; the
        // row's offer is not looked up there, or data an instance sent would find a bucket's.
        if (name.data() == row.service.data()) {
          if (auto f = by_offer_key.find(key); f != by_offer_key.end()) {
            gi = f->second;
            return;
          }
        }
      }
    };
    if (!gi && !row.usage_type.empty()) find_key(row.usage_type);
    // Instance hours of a line that names its instance type but no usage type (a workload priced
    // by hand, whose purchase option is not known): BoxUsage:inf2.48xlarge is that type's time.
    if (const std::string_view type = detail::instance_of_usage(row.usage_type);
        !gi && !type.empty()) {
      find_key("instance:" + std::string(type));
    }
    if (!gi && row.usage_type.empty()) find_key("*");
    const std::string base = row.service + "|" + row.region + "|";
    if (!gi) {
      const std::string what = row.usage_type.empty() ? row.description : row.usage_type;
      auto [it, fresh] = by_key.try_emplace("bill|" + base + what, groups.size());
      if (fresh) {
        groups.emplace_back();
        groups.back().row.identity = {
            .service = row.service, .region = row.region, .usage_type = what};
        groups.back().other_region = !kept_region(row.region);
      }
      gi = it->second;
    }
    group& g = groups[*gi];
    if (g.row.bill_rows == 0 || row.start < g.from) g.from = row.start;
    if (g.row.bill_rows == 0 || g.to < row.end) g.to = row.end;
    {
      // A line item is named once, whatever its rows (one per hour of a CUR); a row without one by
      // its line, in a bill of several parts with its file (each line is named once anyway).
      if (!row.row_id.empty()) {
        constexpr std::string_view item = "line item ";
        const auto named = std::find_if(g.refs.begin(), g.refs.end(), [&](const auto& r) {
          return r.first.size() == item.size() + row.row_id.size() && r.first.starts_with(item) &&
                 r.first.ends_with(row.row_id);
        });
        if (named != g.refs.end()) {
          ++named->second;
          ++g.named;
        } else if (g.refs.size() < detail::named_rows) {
          g.refs.emplace_back(std::string(item) + row.row_id, 1);
          ++g.named;
        }
      } else if (g.refs.size() < detail::named_rows) {
        g.refs.emplace_back(bill.parts().size() > 1 ? row.file + " line " + std::to_string(row.line)
                                                    : "line " + std::to_string(row.line),
                            1);
        ++g.named;
      }
    }
    {
      auto [at, fresh] = g.resource_at.try_emplace(row.resource, g.row.resources.size());
      if (fresh) {
        g.row.resources.push_back({.id = row.resource, .from = row.start, .to = row.end});
      }
      reconcile_resource& res = g.row.resources[at->second];
      ++res.rows;
      res.billed += cost;
      if (row.start < res.from) res.from = row.start;
      if (res.to < row.end) res.to = row.end;
      if (row.quantity) res.quantity = res.quantity.value_or(decimal{}) + *row.quantity;
    }
    ++g.row.bill_rows;
    if (cost.is_negative() || (row.quantity && row.quantity->is_negative())) {
      ++g.negative_rows;
      g.negative_cost += cost;
    }
    g.row.billed += cost;
    out.billed_usage += cost;
    const auto* u = row.quantity ? detail::bill_unit(row.unit) : nullptr;
    if (g.row.bill_rows == 1) g.bill_unit = u;
    if (u == nullptr || g.bill_unit == nullptr || u->unit != g.bill_unit->unit) {
      g.bill_units_agree = false;
    } else {
      g.bill_qty += *row.quantity;
    }
  }
  for (auto& g : groups) {
    detail::explain(g);
    if (g.row.bill_rows > 0) g.row.billed_as = detail::bill_measurement(g, out);
    // A resource's quantity is given in the row's unit, as the row's is (every row of the group
    // then has a quantity in that unit), or not at all.
    for (auto& res : g.row.resources) {
      if (!g.row.billed_quantity) res.quantity.reset();
    }
    std::stable_sort(g.row.resources.begin(), g.row.resources.end(),
                     [](const reconcile_resource& a, const reconcile_resource& b) {
                       return b.billed < a.billed || (a.billed == b.billed && a.id < b.id);
                     });
  }
  std::stable_sort(groups.begin() + static_cast<std::ptrdiff_t>(estimate_groups), groups.end(),
                   [](const group& a, const group& b) { return a.row.billed > b.row.billed; });
  out.rows.reserve(groups.size());
  for (auto& g : groups) out.rows.push_back(std::move(g.row));
  out.difference = out.billed_usage - out.estimated;
  return out;
}

}  // namespace trncost::report

// The check of a reconciliation's JSON, then its writers: files of their own, in this order.
// clang-format off
#include "reconcile_check.ipp"
#include "reconcile_render.ipp"
// clang-format on

#endif  // TRNCOST_REPORT_IMPL_RECONCILE_IPP
