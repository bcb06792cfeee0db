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

#include "../../prices/unit_table.hpp"
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
    s = io::detail::usd(v);
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
                " of a " + std::string(io::to_string(r.layout)) + " bill (" + rows + ")" +
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
                                      io::bill_reader& bill, const reconcile_options& options) {
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
    const io::bill_row& row = bill.row();
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
    } else if (row.kind == io::charge_kind::negation) {
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
        if (!io::detail::has_tag(row, k, v)) {
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
    if (row.kind != io::charge_kind::usage) {
      detail::add_total(out.other_charges,
                        std::string(io::to_string(row.kind)) +
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

namespace detail {
namespace {

/// A reconciliation's first mismatch: what the document says against what it recomputes to.
struct rec_mismatch {
  std::string what;
};

[[noreturn]] void rec_fail(const std::string& path, const std::string& rule) {
  throw rec_mismatch{path + ": " + rule};
}

void rec_expect(const std::string& path, decimal said, decimal computed, std::string_view why) {
  if (said != computed) {
    rec_fail(path, "the document says " + said.to_string() + ", recomputed " +
                       computed.to_string() + " (" + std::string(why) + ")");
  }
}

void rec_expect(const std::string& path, std::uint64_t said, std::uint64_t computed,
                std::string_view why) {
  if (said != computed) {
    rec_fail(path, "the document says " + std::to_string(said) + ", recomputed " +
                       std::to_string(computed) + " (" + std::string(why) + ")");
  }
}

/// The "why" a row must say, recomputed from its own figures as reconcile() writes it; for a
/// difference that cannot be split, only the opening that names both amounts (its units come
/// from the lines, which the document does not carry).
void rec_check_why(const reconcile_row& r, const std::string& path,
                   const std::vector<std::string>& regions) {
  const std::string at = path + ".why";
  const auto want = [&](const std::string& text, bool whole_sentence) {
    const bool ok = whole_sentence ? r.why == text : r.why.starts_with(text);
    if (!ok) {
      rec_fail(at, "'" + r.why + "' where the row's figures say '" + text +
                       (whole_sentence ? "'" : "...'"));
    }
  };
  if (!r.in_estimate) {
    // A row of a region the reconciliation did not take from the estimate says so.
    const bool elsewhere =
        !r.identity.region.empty() &&
        std::find(regions.begin(), regions.end(), r.identity.region) == regions.end();
    return want(elsewhere ? "not in the estimate (another region)" : "not in the estimate", true);
  }
  if (r.identity.service.empty()) {
    return want("billed by no AWS service: no bill row is expected", true);
  }
  if (r.bill_rows == 0) {
    return r.unpriced ? want("unpriced in the estimate, and no bill row", true)
                      : want(
                            "no bill row matches: not run yet, or run under another account, "
                            "tag, period or usage type",
                            true);
  }
  if (r.unpriced) return want("unpriced in the estimate; the bill gives what it cost", true);
  if (r.difference.is_zero()) return want("as estimated", true);
  if (!r.usage_effect) {
    return want(
        "billed " + money_text(r.billed, false) + ", estimated " + money_text(r.estimated, false),
        false);
  }
  const decimal eq = *r.estimated_quantity;
  const decimal bq = *r.billed_quantity;
  std::string why;
  if (bq != eq) {
    why += "usage: billed " + qty_text(bq, r.unit) + ", estimated " + qty_text(eq, r.unit) + " (" +
           money_text(*r.usage_effect, true) + " at the estimated rate)";
  }
  if (!r.price_effect->is_zero()) {
    if (!why.empty()) why += "; ";
    if (bq.is_zero()) {
      why += "billed with no quantity (" + money_text(*r.price_effect, true) + ")";
    } else {
      why += "price: billed " + rate_text(r.billed / bq) + " per " + r.unit + ", estimated " +
             rate_text(r.estimated / eq) + " (" + money_text(*r.price_effect, true) + ")";
    }
  }
  want(why, true);
}

/// A row's resources add up to it: their rows to its bill rows, their amounts to what it billed,
/// their quantities (given exactly when the row's is) to its billed quantity; each charge period
/// inside the row's measurement's; largest first, then by id, no id twice.
void rec_check_resources(const io::detail::report_reader& r, const io::detail::json_value& o,
                         const std::string& path, const reconcile_row& row,
                         const io::detail::json_value* billed_as) {
  const auto& items = r.array(o, path, "resources");
  std::uint64_t rows = 0;
  decimal billed{};
  decimal quantity{};
  std::optional<timestamp> from;
  std::optional<timestamp> to;
  if (billed_as != nullptr) {
    from = r.instant(*billed_as, path + ".billed_as", "from");
    to = r.instant(*billed_as, path + ".billed_as", "to");
  }
  std::vector<std::pair<decimal, std::string>> seen;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string at = path + ".resources[" + std::to_string(i) + "]";
    const auto& x = r.object_at(items, i, path + ".resources");
    r.closed(x, at, {"id", "rows", "billed", "quantity", "from", "to"}, "a resource");
    const std::string id = r.str(x, at, "id");
    const std::uint64_t n = r.whole(x, at, "rows");
    if (n < 1) r.fail_at(at + ".rows", "'0' is not a whole number >= 1");
    const decimal amount = r.dec(x, at, "billed");
    const auto q = r.dec_or_null(x, at, "quantity");
    const timestamp f = r.instant(x, at, "from");
    const timestamp t = r.instant(x, at, "to");
    if (q.has_value() != row.billed_quantity.has_value()) {
      rec_fail(at + ".quantity", row.billed_quantity
                                     ? "is null where the row gives its billed quantity"
                                     : "is given where the row gives no billed quantity");
    }
    if (t < f || (from && f < *from) || (to && *to < t)) {
      rec_fail(at + ".from", "the resource's charge period " + to_string(f) + " to " +
                                 to_string(t) + " is not inside the row's measurement's");
    }
    for (const auto& [b, other] : seen) {
      if (other == id) rec_fail(at + ".id", "'" + id + "' is named twice in the row");
    }
    if (!seen.empty() &&
        (seen.back().first < amount || (seen.back().first == amount && id < seen.back().second))) {
      rec_fail(at + ".billed", "resources are listed largest billed first, then by id");
    }
    seen.emplace_back(amount, id);
    rows += n;
    billed += amount;
    if (q) quantity += *q;
  }
  rec_expect(path + ".bill_rows", row.bill_rows, rows, "the rows of its resources");
  rec_expect(path + ".billed", row.billed, billed, "what its resources billed");
  if (row.billed_quantity) {
    rec_expect(path + ".billed_quantity", *row.billed_quantity, quantity,
               "its resources' quantities");
  }
}

}  // namespace
}  // namespace detail

TRNCOST_DECL bool is_reconciliation(std::string_view json_text) {
  try {
    const auto root = io::detail::parse_json_text(json_text, "report");
    const auto* s = root.is_object() ? root.find("schema") : nullptr;
    return s != nullptr && s->is_string() && s->text() == "trncost.reconciliation";
  } catch (const trncost::error&) {
    return false;
  }
}

TRNCOST_DECL reconciliation_check check_reconciliation(std::string_view json_text,
                                                       std::string_view file) {
  using detail::rec_expect;
  using detail::rec_fail;
  using json_value = io::detail::json_value;
  // Read as strictly as an estimate's report (io::detail::parse_report_json: no byte-order mark,
  // no duplicate member, no lone surrogate, no deep nesting; every object closed, every decimal
  // canonical), in the order tools/verify_report.py reads it, so that both name the same member.
  const auto root = io::detail::parse_report_json(json_text, file);
  const io::detail::report_reader r(file);
  if (!root.is_object()) r.fail_at("", "a reconciliation is a JSON object");
  r.closed(root, "",
           {"schema", "schema_version", "estimate", "bill", "layout", "currency", "basis",
            "regions", "rows_read", "rows_kept", "estimated", "unpriced_lines", "billed_usage",
            "difference", "other_charges_total", "invoiced", "rows", "other_charges", "left_out"},
           "a reconciliation");
  if (r.str(root, "", "schema") != "trncost.reconciliation") {
    r.fail_at("schema", "is not trncost.reconciliation");
  }
  if (const auto v = r.whole(root, "", "schema_version"); v != 1) {
    r.fail_at("schema_version",
              std::to_string(v) + " is not a reconciliation version this trncost reads (1)");
  }
  reconciliation_check out;
  try {
    const std::string bill = r.str(root, "", "bill");
    for (const char* key : {"estimate", "bill"}) {
      if (r.str(root, "", key).empty()) rec_fail(key, "is empty; a reconciliation names it");
    }
    if (const auto c = r.str(root, "", "currency"); c != "USD") {
      r.fail_at("currency", "'" + c + "' is not USD, the only currency");
    }
    const std::string layout = r.str(root, "", "layout");
    if (layout != io::to_string(io::bill_layout::focus) &&
        layout != io::to_string(io::bill_layout::cur_legacy) &&
        layout != io::to_string(io::bill_layout::cur2)) {
      r.fail_at("layout", "'" + layout + "' is not a known bill layout");
    }
    const std::string basis = r.str(root, "", "basis");
    if (basis != "effective" && basis != "billed") {
      r.fail_at("basis", "'" + basis + "' is not a known cost basis");
    }
    const auto regions = r.strings(root, "", "regions");
    for (std::size_t i = 0; i < regions.size(); ++i) {
      if (regions[i].empty() ||
          std::find(regions.begin(), regions.begin() + static_cast<std::ptrdiff_t>(i),
                    regions[i]) != regions.begin() + static_cast<std::ptrdiff_t>(i)) {
        r.fail_at("regions[" + std::to_string(i) + "]", "is empty or named twice");
      }
    }
    const std::uint64_t read = r.whole(root, "", "rows_read");
    const std::uint64_t kept = r.whole(root, "", "rows_kept");
    const decimal estimated = r.dec(root, "", "estimated");
    const decimal billed = r.dec(root, "", "billed_usage");
    rec_expect("difference", r.dec(root, "", "difference"), billed - estimated,
               "billed_usage - estimated");
    decimal sum_estimated{};
    decimal sum_billed{};
    std::uint64_t matched = 0;
    std::uint64_t unpriced_rows = 0;
    std::uint64_t unpriced_most = 0;  // the lines of the unpriced rows
    const auto& rows = r.array(root, "", "rows");
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string path = "rows[" + std::to_string(i) + "]";
      const json_value& o = r.object_at(rows, i, "rows");
      r.closed(o, path,
               {"identity", "rate_codes", "lines", "in_estimate", "unpriced", "estimated", "billed",
                "bill_rows", "difference", "unit", "estimated_quantity", "billed_quantity",
                "usage_effect", "price_effect", "why", "billed_as", "resources"},
               "a reconciliation row");
      reconcile_row row;
      row.identity = r.identity(o, path);
      row.rate_codes = r.strings(o, path, "rate_codes");
      row.lines = r.strings(o, path, "lines");
      row.in_estimate = r.boolean(o, path, "in_estimate");
      row.unpriced = r.boolean(o, path, "unpriced");
      row.estimated = r.dec(o, path, "estimated");
      row.billed = r.dec(o, path, "billed");
      row.bill_rows = r.whole(o, path, "bill_rows");
      row.difference = r.dec(o, path, "difference");
      rec_expect(path + ".difference", row.difference, row.billed - row.estimated,
                 "billed - estimated");
      if (!row.in_estimate && (!row.estimated.is_zero() || !row.lines.empty() || row.unpriced)) {
        rec_fail(path + ".estimated",
                 "a row not in the estimate estimates nothing: no amount, no line, not unpriced");
      }
      if (row.in_estimate && row.lines.empty()) {
        rec_fail(path + ".lines", "a row of the estimate names the estimate's lines it holds");
      }
      if (row.bill_rows == 0 && !row.billed.is_zero()) {
        rec_fail(path + ".billed",
                 "the document says " + row.billed.to_string() + " where no bill row matched (0)");
      }
      row.unit = r.str(o, path, "unit");
      row.estimated_quantity = r.dec_or_null(o, path, "estimated_quantity");
      row.billed_quantity = r.dec_or_null(o, path, "billed_quantity");
      row.usage_effect = r.dec_or_null(o, path, "usage_effect");
      row.price_effect = r.dec_or_null(o, path, "price_effect");
      row.why = r.str(o, path, "why");
      // A quantity is counted in a unit: the unit is there exactly when the billed quantity is,
      // and the estimated quantity only beside it, in a row of the estimate.
      if (row.unit.empty() != !row.billed_quantity ||
          (row.estimated_quantity && (!row.in_estimate || !row.billed_quantity))) {
        rec_fail(path + ".unit", "'" + row.unit +
                                     "': a unit is given exactly when the billed quantity is, "
                                     "an estimated quantity only beside a billed one");
      }
      if (!row.unit.empty() && pricing::find_price_unit(row.unit) == nullptr) {
        rec_fail(path + ".unit", "'" + row.unit + "' is not a price list unit");
      }
      if (row.usage_effect.has_value() != row.price_effect.has_value()) {
        rec_fail(path + ".price_effect",
                 "the difference splits into usage and price: both "
                 "effects or neither");
      }
      if (row.usage_effect) {
        if (!row.estimated_quantity || !row.billed_quantity || row.estimated_quantity->is_zero()) {
          rec_fail(path + ".usage_effect",
                   "a split needs both quantities, the estimated one not 0");
        }
        const decimal rate = row.estimated / *row.estimated_quantity;
        rec_expect(path + ".usage_effect", *row.usage_effect,
                   (*row.billed_quantity - *row.estimated_quantity) * rate,
                   "(billed - estimated quantity) x the estimated rate");
        rec_expect(path + ".price_effect", *row.price_effect, row.difference - *row.usage_effect,
                   "the difference less the usage effect");
      }
      detail::rec_check_why(row, path, regions);
      const json_value* as_at = o.find("billed_as");
      if (as_at == nullptr) r.fail_at(path + ".billed_as", "is missing");
      const json_value& as = *as_at;
      if (!as.is_null() && !as.is_object()) {
        r.fail_at(path + ".billed_as", "is " + std::string(json_value::kind_name(as.type())) +
                                           ", expected an object or null");
      }
      if (!as.is_null()) {
        const std::string ap = path + ".billed_as";
        if (row.bill_rows == 0) rec_fail(ap, "a measurement where no bill row matched");
        const provenance p = r.origin(as, ap, report::identity_schema_version);
        const auto* m = std::get_if<measured>(&p);
        if (m == nullptr) rec_fail(ap + ".kind", "the bill measured the usage: 'measured'");
        const timestamp epoch = parse_timestamp("1970-01-01T00:00:00Z");
        if (!(epoch < m->from))
          rec_fail(ap + ".from", "a measurement has its period; the epoch is none");
        if (!(epoch < m->to))
          rec_fail(ap + ".to", "a measurement has its period; the epoch is none");
        if (m->to < m->from) rec_fail(ap + ".to", "a measurement period ends after it begins");
        if (m->run_id != "bill " + bill) {
          rec_fail(ap + ".run_id", "'" + m->run_id + "' where the bill is '" + bill + "'");
        }
        const std::string method =
            "billed usage and " + basis + " cost of " + std::to_string(row.bill_rows) +
            (row.bill_rows == 1 ? " row" : " rows") + " of a " + layout + " bill (";
        if (!m->method.starts_with(method)) {
          rec_fail(ap + ".method", "'" + m->method + "' where the row says '" + method + "...'");
        }
        if (m->region != row.identity.region || m->instance_type != row.identity.instance_type) {
          rec_fail(ap + ".region", "the measurement's region and instance type are the row's");
        }
      } else if (row.bill_rows > 0) {
        rec_fail(path + ".billed_as", "null where " + std::to_string(row.bill_rows) +
                                          " bill row(s) matched: the bill's measurement");
      }
      detail::rec_check_resources(r, o, path, row, as.is_null() ? nullptr : &as);
      if (row.in_estimate && row.bill_rows > 0 && !row.identity.region.empty() &&
          std::find(regions.begin(), regions.end(), row.identity.region) == regions.end()) {
        rec_fail("regions", "has no " + row.identity.region + " where " + path +
                                " of the estimate is billed in it (an estimate's row kept is of a "
                                "region reconciled)");
      }
      if (row.unpriced) {
        ++unpriced_rows;
        unpriced_most += row.lines.size();
      }
      if (row.in_estimate) sum_estimated += row.estimated;
      sum_billed += row.billed;
      matched += row.bill_rows;
      ++out.rows;
    }
    rec_expect("estimated", estimated, sum_estimated, "the rows of the estimate");
    rec_expect("billed_usage", billed, sum_billed, "the rows' billed amounts");
    const std::uint64_t unpriced = r.whole(root, "", "unpriced_lines");
    if (unpriced < unpriced_rows || unpriced > unpriced_most) {
      rec_fail("unpriced_lines", "the document says " + std::to_string(unpriced) + ", recomputed " +
                                     std::to_string(unpriced_rows) + " to " +
                                     std::to_string(unpriced_most) +
                                     " (at least one line of each unpriced row, at most all)");
    }
    decimal other{};
    std::uint64_t other_rows = 0;
    std::uint64_t left = 0;
    for (const char* list : {"other_charges", "left_out"}) {
      const auto& items = r.array(root, "", list);
      for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string path = std::string(list) + "[" + std::to_string(i) + "]";
        const json_value& t = r.object_at(items, i, list);
        r.closed(t, path, {"what", "rows", "amount"}, "a total");
        if (r.str(t, path, "what").empty()) rec_fail(path + ".what", "is empty; a total says what");
        const std::uint64_t n = r.whole(t, path, "rows");
        if (n < 1) r.fail_at(path + ".rows", "'0' is not a whole number >= 1");
        const decimal amount = r.dec(t, path, "amount");
        if (std::string_view(list) == "other_charges") {
          other_rows += n;
          other += amount;
        } else {
          left += n;
        }
      }
      if (std::string_view(list) == "other_charges") {
        rec_expect("other_charges_total", r.dec(root, "", "other_charges_total"), other,
                   "the other charges");
      }
    }
    rec_expect("rows_kept", kept, matched + other_rows,
               "the usage rows matched and the other charges");
    rec_expect("rows_read", read, kept + left, "the rows kept and the rows left out");
    const decimal invoiced = r.dec(root, "", "invoiced");
    if (basis == "billed") {
      rec_expect("invoiced", invoiced, billed + other,
                 "at the billed basis, the usage and the other charges");
    }
  } catch (const detail::rec_mismatch& m) {
    out.ok = false;
    out.first_mismatch = m.what;
  }
  return out;
}

}  // namespace trncost::report

namespace trncost::io {

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

}  // namespace trncost::io

#endif  // TRNCOST_REPORT_IMPL_RECONCILE_IPP
