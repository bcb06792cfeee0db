// The check of a reconciliation's JSON (report/reconcile.hpp's is_reconciliation and
// check_reconciliation): every figure recomputed from the document alone. Part of
// report/impl/reconcile.ipp, which includes it after the reconciliation itself.
#ifndef TRNCOST_REPORT_IMPL_RECONCILE_CHECK_IPP
#define TRNCOST_REPORT_IMPL_RECONCILE_CHECK_IPP

#ifndef TRNCOST_REPORT_IMPL_RECONCILE_IPP
#error \
    "report/impl/reconcile_check.ipp is part of report/impl/reconcile.ipp: include <trncost/report/reconcile.hpp>"
#endif

namespace trncost::report {
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
void rec_check_resources(const report::detail::report_reader& r,
                         const readers::detail::json_value& o, const std::string& path,
                         const reconcile_row& row, const readers::detail::json_value* billed_as) {
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
    const auto root = readers::detail::parse_json_text(json_text, "report");
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
  using json_value = readers::detail::json_value;
  // Read as strictly as an estimate's report (report::detail::parse_report_json: no byte-order
  // mark, no duplicate member, no lone surrogate, no deep nesting; every object closed, every
  // decimal canonical), in the order tools/verify_report.py reads it, so that both name the same
  // member.
  const auto root = report::detail::parse_report_json(json_text, file);
  const report::detail::report_reader r(file);
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
    if (layout != readers::to_string(readers::bill_layout::focus) &&
        layout != readers::to_string(readers::bill_layout::cur_legacy) &&
        layout != readers::to_string(readers::bill_layout::cur2)) {
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

#endif  // TRNCOST_REPORT_IMPL_RECONCILE_CHECK_IPP
