// The definitions of report/audit.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_AUDIT_IPP
#define TRNCOST_REPORT_IMPL_AUDIT_IPP

#include "../audit.hpp"

namespace trncost {

namespace io::detail {

TRNCOST_DECL bool parse_whole(std::string_view s, std::int64_t& out) {
  if (s.empty()) return false;
  std::size_t i = 0;
  bool neg = false;
  if (s[0] == '-') {
    neg = true;
    i = 1;
  }
  if (i == s.size()) return false;
  std::int64_t v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    if (v > (std::numeric_limits<std::int64_t>::max() - 9) / 10) return false;
    v = v * 10 + (s[i] - '0');
  }
  out = neg ? -v : v;
  return true;
}

}  // namespace io::detail

namespace io {

TRNCOST_DECL int report_version(const detail::json_value& root, std::string_view file) {
  const detail::report_reader r(file);
  if (!root.is_object()) r.fail_at("", "a report is a JSON object");
  const auto v = static_cast<int>(r.signed_whole(root, "", "schema_version"));
  if (v > report::newest_schema_version) {
    r.fail_at("schema_version", "the report has schema version " + std::to_string(v) +
                                    ", newer than version " +
                                    std::to_string(report::newest_schema_version) +
                                    " that this trncost reads; upgrade trncost to audit it");
  }
  return v;
}

TRNCOST_DECL report::document read_report(std::string_view json_text, std::string_view file) {
  const auto root = detail::parse_json_text(json_text, file);
  (void)report_version(root, file);
  return detail::report_reader(file).read(root);
}

TRNCOST_DECL report::document read_report(std::istream& in, std::string_view file) {
  const auto root = detail::parse_json_stream(in, file);
  (void)report_version(root, file);
  return detail::report_reader(file).read(root);
}

TRNCOST_DECL full_report read_full_report(std::string_view json_text, std::string_view file) {
  const auto root = detail::parse_json_text(json_text, file);
  (void)report_version(root, file);
  const detail::report_reader r(file);
  full_report out{r.read(root), {}};
  out.extras = r.read_extras(root, out.doc.version);
  return out;
}

TRNCOST_DECL full_report read_full_report(std::istream& in, std::string_view file) {
  const auto root = detail::parse_json_stream(in, file);
  (void)report_version(root, file);
  const detail::report_reader r(file);
  full_report out{r.read(root), {}};
  out.extras = r.read_extras(root, out.doc.version);
  return out;
}

TRNCOST_DECL audit_result check(const full_report& r) {
  auto result = report::check(r.doc);
  if (!result.ok) return result;
  const auto extra = report::check(r.extras);
  if (!extra.ok) return extra;
  return result;
}

TRNCOST_DECL audit_result audit(std::string_view json_text, std::string_view file) {
  return check(read_full_report(json_text, file));
}

TRNCOST_DECL audit_result audit(std::istream& in, std::string_view file) {
  return check(read_full_report(in, file));
}

}  // namespace io

namespace io::detail {

TRNCOST_DECL auto report_reader::member(const json_value& obj, const std::string& path,
                                        std::string_view key, json_value::kind want) const
    -> const json_value& {
  const json_value* v = obj.find(key);
  const std::string at = path.empty() ? std::string(key) : path + "." + std::string(key);
  if (v == nullptr) fail_at(at, "is missing");
  if (v->type() != want) {
    fail_at(at, "is " + std::string(json_value::kind_name(v->type())) + ", expected " +
                    std::string(json_value::kind_name(want)));
  }
  return *v;
}

TRNCOST_DECL auto report_reader::str_or_null(const json_value& obj, const std::string& path,
                                             std::string_view key) const
    -> std::optional<std::string> {
  const json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return str(obj, path, key);
}

TRNCOST_DECL auto report_reader::whole(const json_value& obj, const std::string& path,
                                       std::string_view key, bool allow_negative) const
    -> std::uint64_t {
  const auto& v = member(obj, path, key, json_value::kind::number);
  std::int64_t out = 0;
  if (!detail::parse_whole(v.text(), out) || (!allow_negative && out < 0)) {
    fail_at(path + "." + std::string(key),
            "'" + v.text() + "' is not a whole number" + (allow_negative ? "" : " >= 0"));
  }
  return static_cast<std::uint64_t>(out);
}

TRNCOST_DECL auto report_reader::dec(const json_value& obj, const std::string& path,
                                     std::string_view key) const -> decimal {
  const auto text = str(obj, path, key);
  try {
    return decimal::parse(text);
  } catch (const error& e) {
    fail_at(path + "." + std::string(key), e.what());
  }
}

TRNCOST_DECL auto report_reader::dec_or_null(const json_value& obj, const std::string& path,
                                             std::string_view key) const -> std::optional<decimal> {
  const json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return dec(obj, path, key);
}

TRNCOST_DECL auto report_reader::day(const json_value& obj, const std::string& path,
                                     std::string_view key) const -> date {
  const auto text = str(obj, path, key);
  try {
    return parse_date(text);
  } catch (const error& e) {
    fail_at(path + "." + std::string(key), e.what());
  }
}

TRNCOST_DECL auto report_reader::instant(const json_value& obj, const std::string& path,
                                         std::string_view key) const -> timestamp {
  const auto text = str(obj, path, key);
  try {
    return parse_timestamp(text);
  } catch (const error& e) {
    fail_at(path + "." + std::string(key), e.what());
  }
}

TRNCOST_DECL auto report_reader::object_at(const std::vector<json_value>& items, std::size_t i,
                                           const std::string& path) const -> const json_value& {
  if (!items[i].is_object())
    fail_at(path,
            "is " + std::string(json_value::kind_name(items[i].type())) + ", expected an object");
  return items[i];
}

TRNCOST_DECL auto report_reader::strings(const json_value& obj, const std::string& path,
                                         std::string_view key) const -> std::vector<std::string> {
  std::vector<std::string> out;
  const auto& items = array(obj, path, key);
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is_string()) {
      fail_at(path + "." + std::string(key) + "[" + std::to_string(i) + "]", "is not a string");
    }
    out.push_back(items[i].text());
  }
  return out;
}

TRNCOST_DECL auto report_reader::origin(const json_value& p, const std::string& path) const
    -> provenance {
  const auto kind = str(p, path, "kind");
  if (kind == "measured") {
    return measured{str(p, path, "run_id"), str(p, path, "method"), instant(p, path, "from"),
                    instant(p, path, "to")};
  }
  if (kind == "quoted") {
    quoted q;
    q.source = str(p, path, "source");
    q.offer_code = str(p, path, "offer_code");
    q.offer_version = str(p, path, "offer_version");
    if (const auto pub = str_or_null(p, path, "published")) {
      try {
        q.published = parse_date(*pub);
      } catch (const error& e) {
        fail_at(path + ".published", e.what());
      }
    }
    q.sku = str(p, path, "sku");
    q.offer_term_code = str(p, path, "offer_term_code");
    q.rate_code = str(p, path, "rate_code");
    q.region = str(p, path, "region");
    q.option = named<purchase_option>(p, path, "purchase_option", report::parse_purchase_option,
                                      "purchase option");
    q.consulted = day(p, path, "consulted");
    return q;
  }
  if (kind == "documented") return documented{str(p, path, "source"), day(p, path, "consulted")};
  if (kind == "third-party") return third_party{str(p, path, "source"), day(p, path, "seen")};
  if (kind == "assumption") return assumption{str(p, path, "rationale")};
  if (kind == "declared-none") return declared_none{str(p, path, "justification")};
  fail_at(path + ".kind", "'" + kind +
                              "' is not a provenance an input can have (measured, "
                              "quoted, documented, third-party, assumption, "
                              "declared-none)");
}

TRNCOST_DECL auto report_reader::read(const json_value& root) const -> report::document {
  if (!root.is_object()) fail_at("", "a report is a JSON object");
  report::document doc;
  const auto schema = str(root, "", "schema");
  if (schema != report::schema_name) {
    fail_at("schema", "'" + schema + "' is not " + std::string(report::schema_name));
  }
  doc.version = static_cast<int>(signed_whole(root, "", "schema_version"));
  if (doc.version > report::newest_schema_version) {
    fail_at("schema_version", "the report has schema version " + std::to_string(doc.version) +
                                  ", newer than version " +
                                  std::to_string(report::newest_schema_version) +
                                  " that this trncost reads; upgrade trncost to audit it");
  }
  if (doc.version < 1) fail_at("schema_version", "must be 1 or more");
  doc.as_of = day(root, "", "as_of");
  doc.freshness_window_days = signed_whole(root, "", "freshness_window_days");
  doc.currency = str(root, "", "currency");
  if (doc.currency != "USD")
    fail_at("currency", "only USD reports exist (got '" + doc.currency + "')");
  doc.status = named<estimate_status>(root, "", "status", report::parse_status, "status");
  const auto& reasons = array(root, "", "reasons");
  for (std::size_t i = 0; i < reasons.size(); ++i) {
    const std::string path = "reasons[" + std::to_string(i) + "]";
    const auto& r = object_at(reasons, i, path);
    status_reason reason{named<estimate_status>(r, path, "status", report::parse_status, "status"),
                         str(r, path, "text")};
    if (doc.version >= report::reasons_schema_version) {
      reason.rule = named<verified_rule>(r, path, "rule", report::parse_rule,
                                         "rule of verified (docs/model.md#what-verified-claims)");
      if (r.find("category") != nullptr) {
        reason.missing_category =
            named<category>(r, path, "category", report::parse_category, "category");
      }
    } else {
      for (const std::string_view key : {"rule", "category"}) {
        if (r.find(key) != nullptr) {
          fail_at(path + "." + std::string(key),
                  "is a member of schema version " +
                      std::to_string(report::reasons_schema_version) +
                      "; the report declares version " + std::to_string(doc.version));
        }
      }
    }
    doc.reasons.push_back(std::move(reason));
  }

  const auto& totals = member(root, "", "totals", json_value::kind::object);
  doc.totals.total = dec(totals, "totals", "total");
  const auto& by_cat = array(totals, "totals", "by_category");
  for (std::size_t i = 0; i < by_cat.size(); ++i) {
    const std::string path = "totals.by_category[" + std::to_string(i) + "]";
    const auto& e = object_at(by_cat, i, path);
    doc.totals.by_category.emplace_back(
        named<category>(e, path, "category", report::parse_category, "category"),
        dec(e, path, "amount"));
  }
  const auto& by_phase = array(totals, "totals", "by_phase");
  for (std::size_t i = 0; i < by_phase.size(); ++i) {
    const std::string path = "totals.by_phase[" + std::to_string(i) + "]";
    const auto& e = object_at(by_phase, i, path);
    doc.totals.by_phase.emplace_back(
        named<trncost::phase>(e, path, "phase", report::parse_phase, "phase"),
        dec(e, path, "amount"));
  }
  doc.totals.useful = dec(totals, "totals", "useful");
  doc.totals.overhead = dec(totals, "totals", "overhead");

  const auto& cats = array(root, "", "categories");
  for (std::size_t i = 0; i < cats.size(); ++i) {
    const std::string path = "categories[" + std::to_string(i) + "]";
    const auto& e = object_at(cats, i, path);
    report::category_entry c;
    c.cat = named<category>(e, path, "category", report::parse_category, "category");
    c.cov = named<report::coverage>(e, path, "coverage", report::parse_coverage, "coverage");
    if (c.cov == report::coverage::declared_none) c.justification = str(e, path, "justification");
    doc.categories.push_back(std::move(c));
  }

  const auto& uncertainties = array(root, "", "uncertainties");
  for (std::size_t i = 0; i < uncertainties.size(); ++i) {
    const std::string path = "uncertainties[" + std::to_string(i) + "]";
    const auto& e = object_at(uncertainties, i, path);
    migration_uncertainty u;
    u.subject = str(e, path, "subject");
    u.what = named<migration_uncertainty::kind>(e, path, "kind", report::parse_uncertainty_kind,
                                                "uncertainty kind");
    u.status = named<migration_uncertainty::state>(
        e, path, "status", report::parse_uncertainty_state, "uncertainty status (open, resolved)");
    u.owner = str(e, path, "owner");
    u.detail = str(e, path, "detail");
    doc.uncertainties.push_back(std::move(u));
  }

  const auto& lines = array(root, "", "lines");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string path = "lines[" + std::to_string(i) + "]";
    const auto& e = object_at(lines, i, path);
    report::line_entry l;
    l.cat = named<category>(e, path, "category", report::parse_category, "category");
    l.component = str(e, path, "component");
    if (const auto ph = str_or_null(e, path, "phase")) {
      const auto p = report::parse_phase(*ph);
      if (!p) fail_at(path + ".phase", "'" + *ph + "' is not a known phase");
      l.ph = *p;
    }
    l.description = str(e, path, "description");
    l.price = str(e, path, "price");
    l.quantity = str(e, path, "quantity");
    l.num = whole(e, path, "num");
    l.den = whole(e, path, "den");
    if (l.num == 0 || l.den == 0) fail_at(path + (l.num == 0 ? ".num" : ".den"), "is 0");
    const auto rounding_text = str(e, path, "rounding");
    if (rounding_text != report::line_rounding) {
      fail_at(path + ".rounding", "'" + rounding_text + "' is not the rounding trncost applies ('" +
                                      std::string(report::line_rounding) + "')");
    }
    l.formula = str(e, path, "formula");
    l.amount = dec_or_null(e, path, "amount");
    l.inputs = strings(e, path, "inputs");
    doc.lines.push_back(std::move(l));
  }

  const auto& ders = array(root, "", "derivations");
  for (std::size_t i = 0; i < ders.size(); ++i) {
    const std::string path = "derivations[" + std::to_string(i) + "]";
    const auto& e = object_at(ders, i, path);
    report::derivation_entry d;
    d.name = str(e, path, "name");
    d.value = str(e, path, "value");
    d.unit = str(e, path, "unit");
    d.known = boolean(e, path, "known");
    d.formula = str(e, path, "formula");
    d.op.kind = named<op_kind>(e, path, "op", report::parse_op, "operation");
    d.operands = strings(e, path, "operands");
    switch (d.op.kind) {
      case op_kind::scale:
        d.op.factor = signed_whole(e, path, "factor");
        break;
      case op_kind::band:
        d.op.lower = dec(e, path, "lower");
        d.op.upper = dec_or_null(e, path, "upper");
        break;
      case op_kind::ceil_to:
        d.op.step = dec(e, path, "step");
        break;
      case op_kind::convert:
      case op_kind::charge:
        d.op.num = whole(e, path, "num");
        d.op.den = whole(e, path, "den");
        if (d.op.num == 0 || d.op.den == 0) {
          fail_at(path + (d.op.num == 0 ? ".num" : ".den"), "is 0");
        }
        break;
      default:
        break;
    }
    doc.derivations.push_back(std::move(d));
  }

  const auto& inputs = array(root, "", "inputs");
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::string path = "inputs[" + std::to_string(i) + "]";
    const auto& e = object_at(inputs, i, path);
    report::input_entry in;
    in.name = str(e, path, "name");
    in.value = str(e, path, "value");
    in.unit = str(e, path, "unit");
    in.known = boolean(e, path, "known");
    in.origin =
        origin(member(e, path, "provenance", json_value::kind::object), path + ".provenance");
    doc.inputs.push_back(std::move(in));
  }
  doc.findings = strings(root, "", "findings");
  if (root.find("protocol") != nullptr) read_protocol(root, doc);
  if (root.find("work") != nullptr) {
    if (doc.version < report::work_schema_version) {
      fail_at("work", "is a member of schema version " +
                          std::to_string(report::work_schema_version) +
                          "; the report declares version " + std::to_string(doc.version));
    }
    const auto& w = member(root, "", "work", json_value::kind::object);
    report::work_entry e;
    e.kind = named<work_kind>(w, "work", "kind", report::parse_work_kind,
                              "kind of work ('tokens served', 'runs to target'...)");
    e.amount = str(w, "work", "amount");
    e.per = whole(w, "work", "per");
    e.unit = str(w, "work", "unit");
    e.full = dec_or_null(w, "work", "full");
    e.compute_only = dec_or_null(w, "work", "compute_only");
    doc.work = std::move(e);
  }
  return doc;
}

TRNCOST_DECL auto report_reader::read_protocol(const json_value& root, report::document& doc) const
    -> void {
  const auto& p = member(root, "", "protocol", json_value::kind::object);
  doc.trncost_version = str(p, "protocol", "trncost_version");
  if (day(p, "protocol", "as_of") != doc.as_of) {
    fail_at("protocol.as_of", "is not the report's as_of " + to_string(doc.as_of));
  }
  if (signed_whole(p, "protocol", "freshness_window_days") != doc.freshness_window_days) {
    fail_at("protocol.freshness_window_days", "is not the report's freshness_window_days");
  }
  const auto pairs = [&](const json_value& e, const std::string& at, std::string_view key,
                         std::string_view first, std::string_view second) {
    std::vector<std::pair<std::string, std::string>> out;
    const auto& items = array(e, at, key);
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::string here = at + "." + std::string(key) + "[" + std::to_string(i) + "]";
      const auto& item = object_at(items, i, here);
      out.emplace_back(str(item, here, first), str(item, here, second));
    }
    return out;
  };
  const auto& runs = array(p, "protocol", "runs");
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::string at = "protocol.runs[" + std::to_string(i) + "]";
    const auto& e = object_at(runs, i, at);
    doc.runs.push_back(run_protocol{str(e, at, "run_id"), str(e, at, "model"),
                                    str(e, at, "code_version"), str(e, at, "dataset_id"),
                                    pairs(e, at, "parameters", "name", "value"),
                                    pairs(e, at, "software_stack", "component", "version")});
  }
}

TRNCOST_DECL auto report_reader::index_or_null(const json_value& obj, const std::string& path,
                                               std::string_view key) const
    -> std::optional<std::size_t> {
  const json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return static_cast<std::size_t>(whole(obj, path, key));
}

TRNCOST_DECL auto report_reader::day_or_null(const json_value& obj, const std::string& path,
                                             std::string_view key) const -> std::optional<date> {
  const json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return day(obj, path, key);
}

TRNCOST_DECL auto report_reader::decimals_or_null(const json_value& obj, const std::string& path,
                                                  std::string_view key) const
    -> std::vector<std::optional<decimal>> {
  std::vector<std::optional<decimal>> out;
  const auto& items = array(obj, path, key);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string at = path + "." + std::string(key) + "[" + std::to_string(i) + "]";
    if (items[i].is_null()) {
      out.emplace_back(std::nullopt);
      continue;
    }
    if (!items[i].is_string()) fail_at(at, "is neither a decimal string nor null");
    try {
      out.emplace_back(decimal::parse(items[i].text()));
    } catch (const error& e) {
      fail_at(at, e.what());
    }
  }
  return out;
}

TRNCOST_DECL auto report_reader::bar(const json_value& e, const std::string& path) const
    -> analysis::tornado_bar {
  return {str(e, path, "input"),          str(e, path, "kind"),          str(e, path, "basis"),
          dec(e, path, "baseline_value"), dec(e, path, "low"),           dec(e, path, "high"),
          dec(e, path, "total_at_low"),   dec(e, path, "total_at_high"), dec(e, path, "swing")};
}

TRNCOST_DECL auto report_reader::tornado(const json_value& o, const std::string& path) const
    -> analysis::tornado {
  analysis::tornado t;
  t.baseline_total = dec(o, path, "baseline_total");
  each(o, path, "observed",
       [&](const json_value& e, const std::string& at) { t.observed.push_back(bar(e, at)); });
  each(o, path, "assumptions",
       [&](const json_value& e, const std::string& at) { t.assumptions.push_back(bar(e, at)); });
  return t;
}

TRNCOST_DECL auto report_reader::scenarios(const json_value& o, const std::string& path) const
    -> analysis::scenario_table {
  analysis::scenario_table t;
  each(o, path, "lines", [&](const json_value& e, const std::string& at) {
    t.line_names.push_back(str(e, at, "name"));
    t.line_categories.push_back(
        named<category>(e, at, "category", report::parse_category, "category"));
  });
  each(o, path, "scenarios", [&](const json_value& e, const std::string& at) {
    analysis::scenario_result r;
    r.name = str(e, at, "name");
    each(e, at, "overrides", [&](const json_value& v, const std::string& vat) {
      r.overrides.push_back({str(v, vat, "input"), dec(v, vat, "value"), str(v, vat, "rationale")});
    });
    r.total = dec(e, at, "total");
    r.gap = dec(e, at, "gap");
    each(e, at, "by_category", [&](const json_value& v, const std::string& vat) {
      const auto c = named<category>(v, vat, "category", report::parse_category, "category");
      if (!r.by_category.emplace(c, dec(v, vat, "amount")).second) {
        fail_at(vat + ".category", "appears twice");
      }
    });
    r.lines = decimals_or_null(e, at, "lines");
    each(e, at, "parts", [&](const json_value& v, const std::string& vat) {
      r.parts.push_back(
          {str(v, vat, "input"), dec(v, vat, "from"), dec(v, vat, "to"), dec(v, vat, "effect")});
    });
    r.interaction = dec(e, at, "interaction");
    t.scenarios.push_back(std::move(r));
  });
  return t;
}

TRNCOST_DECL auto report_reader::monte_carlo(const json_value& o, const std::string& path) const
    -> analysis::monte_carlo_result {
  analysis::monte_carlo_result m;
  m.samples = whole(o, path, "samples");
  m.seed = whole(o, path, "seed");
  m.baseline = figure(o, path, "baseline");
  m.mean = figure(o, path, "mean");
  m.min = figure(o, path, "min");
  m.p5 = figure(o, path, "p5");
  m.p50 = figure(o, path, "p50");
  m.p95 = figure(o, path, "p95");
  m.max = figure(o, path, "max");
  if (const auto p = dec_or_null(o, path, "p_over_budget")) m.p_over_budget = p->to_double();
  m.varied = strings(o, path, "varied");
  return m;
}

TRNCOST_DECL auto report_reader::comparison(const json_value& o, const std::string& path) const
    -> analysis::comparison {
  analysis::comparison c;
  each(o, path, "groups", [&](const json_value& e, const std::string& at) {
    analysis::comparison_group g;
    g.dataset_id = str(e, at, "dataset_id");
    g.metric = str(e, at, "metric");
    g.target = dec(e, at, "target");
    const auto dir = str(e, at, "direction");
    if (dir == "lower is better") {
      g.direction = analysis::quality_direction::lower_is_better;
    } else if (dir == "higher is better") {
      g.direction = analysis::quality_direction::higher_is_better;
    } else {
      fail_at(at + ".direction",
              "'" + dir + "' is neither 'lower is better' nor 'higher is better'");
    }
    g.differences = strings(e, at, "differences");
    each(e, at, "ranked", [&](const json_value& v, const std::string& vat) {
      analysis::ranked_option r;
      r.name = str(v, vat, "name");
      r.cost = dec(v, vat, "cost");
      r.seconds = dec_or_null(v, vat, "seconds");
      r.cost_rank = static_cast<std::size_t>(whole(v, vat, "cost_rank"));
      r.time_rank = index_or_null(v, vat, "time_rank");
      r.cost_ratio = dec(v, vat, "cost_ratio");
      r.time_ratio = dec_or_null(v, vat, "time_ratio");
      r.stack = str(v, vat, "stack");
      if (v.find("work") != nullptr) r.work = dec(v, vat, "work");
      if (v.find("cost_per_work") != nullptr) r.cost_per_work = dec(v, vat, "cost_per_work");
      g.ranked.push_back(std::move(r));
    });
    each(e, at, "apart", [&](const json_value& v, const std::string& vat) {
      g.apart.push_back({str(v, vat, "name"), str(v, vat, "reason")});
    });
    c.groups.push_back(std::move(g));
  });
  return c;
}

TRNCOST_DECL auto report_reader::decision(const json_value& o, const std::string& path) const
    -> analysis::decision {
  analysis::decision d;
  d.outcome = named<analysis::verdict>(
      o, path, "outcome",
      [](std::string_view s) -> std::optional<analysis::verdict> {
        for (const auto v : {analysis::verdict::continue_on, analysis::verdict::compare_another,
                             analysis::verdict::suspend}) {
          if (analysis::to_string(v) == s) return v;
        }
        return std::nullopt;
      },
      "decision outcome ('continue', 'compare another option', 'suspend')");
  d.suspend_reasons = strings(o, path, "suspend_reasons");
  d.compare_reasons = strings(o, path, "compare_reasons");
  d.continue_reasons = strings(o, path, "continue_reasons");
  return d;
}

TRNCOST_DECL auto report_reader::burn_periods(const json_value& o, const std::string& path,
                                              std::string_view key) const
    -> std::vector<credits::period_burn> {
  std::vector<credits::period_burn> out;
  each(o, path, key, [&](const json_value& e, const std::string& at) {
    credits::period_burn p;
    p.start = day(e, at, "start");
    p.end = day(e, at, "end");
    p.spend = dec(e, at, "spend");
    p.credits_used = dec(e, at, "credits_used");
    p.uncovered = dec(e, at, "uncovered");
    each(e, at, "uncovered_by_reason", [&](const json_value& v, const std::string& vat) {
      const auto r = named<credits::uncovered_reason>(
          v, vat, "reason",
          [](std::string_view s) -> std::optional<credits::uncovered_reason> {
            for (const auto x : credits::all_uncovered_reasons) {
              if (credits::to_string(x) == s) return x;
            }
            return std::nullopt;
          },
          "reason a charge was not covered");
      if (!p.uncovered_by_reason.emplace(r, dec(v, vat, "amount")).second) {
        fail_at(vat + ".reason", "appears twice");
      }
    });
    for (const auto& v : decimals_or_null(e, at, "balance_after")) {
      if (!v) fail_at(at + ".balance_after", "holds a null; every balance is a decimal string");
      p.balance_after.push_back(*v);
    }
    out.push_back(std::move(p));
  });
  return out;
}

TRNCOST_DECL auto report_reader::burn_down(const json_value& o, const std::string& path) const
    -> credits::burn_down_result {
  credits::burn_down_result b;
  b.total_spend = dec(o, path, "total_spend");
  b.total_credits = dec(o, path, "total_credits");
  b.total_uncovered = dec(o, path, "total_uncovered");
  b.total_wasted = dec(o, path, "total_wasted");
  b.total_lost_at_expiry = dec(o, path, "total_lost_at_expiry");
  b.runway = day_or_null(o, path, "runway");
  each(o, path, "grants", [&](const json_value& e, const std::string& at) {
    credits::grant_outcome g;
    g.name = str(e, at, "name");
    g.amount = dec(e, at, "amount");
    g.last_valid_day = day(e, at, "last_valid_day");
    g.used = dec(e, at, "used");
    g.balance_at_end = dec(e, at, "balance_at_end");
    g.exhausted_on = day_or_null(e, at, "exhausted_on");
    g.wasted_at_expiry = dec_or_null(e, at, "wasted_at_expiry");
    g.unused_at_schedule_end = dec(e, at, "unused_at_schedule_end");
    g.runs_out_on = day_or_null(e, at, "runs_out_on");
    g.lost_at_expiry = dec(e, at, "lost_at_expiry");
    b.grants.push_back(std::move(g));
  });
  b.periods = burn_periods(o, path, "periods");
  each(o, path, "credit_lines", [&](const json_value& e, const std::string& at) {
    credits::credit_line l;
    l.start = day(e, at, "start");
    l.end = day(e, at, "end");
    l.grant = str(e, at, "grant");
    l.cat = named<category>(e, at, "category", report::parse_category, "category");
    l.service = str_or_null(e, at, "service");
    l.amount = dec(e, at, "amount");
    b.credit_lines.push_back(std::move(l));
  });
  const json_value& pr = member(o, path, "projection", json_value::kind::object);
  const std::string pat = path + ".projection";
  const json_value& rate = member(pr, pat, "rate", json_value::kind::object);
  b.projection.rate.days = static_cast<std::int64_t>(whole(rate, pat + ".rate", "days"));
  each(rate, pat + ".rate", "charges", [&](const json_value& e, const std::string& at) {
    credits::charge c;
    c.cat = named<category>(e, at, "category", report::parse_category, "category");
    c.service = str_or_null(e, at, "service");
    c.kind = named<credits::charge_kind>(
        e, at, "kind",
        [](std::string_view s) -> std::optional<credits::charge_kind> {
          using credits::charge_kind;
          for (const auto k : {charge_kind::usage, charge_kind::upfront_fee,
                               charge_kind::marketplace, charge_kind::support}) {
            if (credits::to_string(k) == s) return k;
          }
          return std::nullopt;
        },
        "kind of charge ('usage', 'upfront fee', 'Marketplace', 'support')");
    c.amount = dec(e, at, "amount");
    b.projection.rate.charges.push_back(std::move(c));
  });
  b.projection.periods = burn_periods(pr, pat, "periods");
  b.findings = strings(o, path, "findings");
  return b;
}

TRNCOST_DECL auto report_reader::read_extras(const json_value& root, int version) const
    -> report::extras {
  report::extras x;
  const json_value* a = root.find("analysis");
  const json_value* c = root.find("credits");
  if ((a != nullptr || c != nullptr) && version < report::extras_schema_version) {
    fail_at(a != nullptr ? "analysis" : "credits",
            "is a section of schema version " + std::to_string(report::extras_schema_version) +
                "; the report declares version " + std::to_string(version));
  }
  if (a != nullptr) {
    const auto& o = member(root, "", "analysis", json_value::kind::object);
    const auto sub = [&](std::string_view key) -> const json_value* {
      return o.find(key) == nullptr ? nullptr
                                    : &member(o, "analysis", key, json_value::kind::object);
    };
    if (const auto* v = sub("tornado")) x.tornado = tornado(*v, "analysis.tornado");
    if (const auto* v = sub("scenarios")) x.scenarios = scenarios(*v, "analysis.scenarios");
    if (const auto* v = sub("monte_carlo")) x.monte_carlo = monte_carlo(*v, "analysis.monte_carlo");
    if (const auto* v = sub("comparison")) x.comparison = comparison(*v, "analysis.comparison");
    if (const auto* v = sub("decision")) x.decision = decision(*v, "analysis.decision");
  }
  if (c != nullptr) {
    x.burn_down = burn_down(member(root, "", "credits", json_value::kind::object), "credits");
  }
  return x;
}

}  // namespace io::detail

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_AUDIT_IPP
