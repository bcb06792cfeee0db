// The definitions of report/json.hpp's functions: included by that header (header-only) or compiled
// once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_JSON_IPP
#define TRNCOST_REPORT_IMPL_JSON_IPP

#include <ostream>

#include "../json.hpp"
#include "../report.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          constexpr char hex[] = "0123456789abcdef";
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 0xF];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

TRNCOST_DECL void write_provenance(json_writer& w, const provenance& p) {
  w.begin_object();
  w.member("kind", kind_name(p));
  std::visit(
      [&](const auto& k) {
        using K = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<K, measured>) {
          w.member("run_id", k.run_id);
          w.member("method", k.method);
          w.member("from", to_string(k.from));
          w.member("to", to_string(k.to));
          w.member("instance_type", k.instance_type);
          w.member("region", k.region);
        } else if constexpr (std::is_same_v<K, quoted>) {
          w.member("source", k.source);
          w.member("offer_code", k.offer_code);
          w.member("offer_version", k.offer_version);
          w.key("published");
          if (k.published) {
            w.string(to_string(*k.published));
          } else {
            w.null();
          }
          w.member("sku", k.sku);
          w.member("offer_term_code", k.offer_term_code);
          w.member("rate_code", k.rate_code);
          w.member("region", k.region);
          w.member("purchase_option", to_string(k.option));
          w.member("consulted", to_string(k.consulted));
          w.member("instance_type", k.instance_type);
          w.member("usage_type", k.usage_type);
        } else if constexpr (std::is_same_v<K, documented>) {
          w.member("source", k.source);
          w.member("consulted", to_string(k.consulted));
        } else if constexpr (std::is_same_v<K, third_party>) {
          w.member("source", k.source);
          w.member("seen", to_string(k.seen));
        } else if constexpr (std::is_same_v<K, assumption>) {
          w.member("rationale", k.rationale);
        } else if constexpr (std::is_same_v<K, declared_none>) {
          w.member("justification", k.justification);
        } else if constexpr (std::is_same_v<K, choice>) {
          w.member("reason", k.reason);
          w.member("by", k.by);
        } else if constexpr (std::is_same_v<K, forecast>) {
          w.member("basis", k.basis);
          w.member("by", k.by);
        } else if constexpr (std::is_same_v<K, tool_default>) {
          w.member("reason", k.reason);
        } else {
          w.member("formula", k.formula);  // never reached: derived values are derivations
        }
      },
      p);
  w.end_object();
}

TRNCOST_DECL void write_identity(json_writer& w, const line_identity& id) {
  const auto text_or_null = [&](std::string_view key, const std::string& v) {
    w.key(key);
    if (v.empty()) {
      w.null();
    } else {
      w.string(v);
    }
  };
  w.key("identity");
  w.begin_object();
  text_or_null("service", id.service);
  text_or_null("region", id.region);
  text_or_null("instance_type", id.instance_type);
  text_or_null("usage_type", id.usage_type);
  w.key("purchase_option");
  if (id.purchase) {
    w.string(to_string(*id.purchase));
  } else {
    w.null();
  }
  // Only when the price's offer is not the billing service's own (a transfer AmazonS3 bills at
  // the AWSDataTransfer offer's price): a report without it reads as before.
  if (!id.offer.empty()) w.member("offer", id.offer);
  w.end_object();
}

TRNCOST_DECL void write_amount(json_writer& w, std::string_view k,
                               const std::optional<decimal>& v) {
  w.key(k);
  if (v) {
    w.string(v->to_string());
  } else {
    w.null();
  }
}

TRNCOST_DECL void write_protocol(json_writer& w, const report::document& doc) {
  const auto pairs = [&](std::string_view key, std::string_view first, std::string_view second,
                         const std::vector<std::pair<std::string, std::string>>& items) {
    w.key(key);
    w.begin_array();
    for (const auto& [a, b] : items) {
      w.begin_object();
      w.member(first, a);
      w.member(second, b);
      w.end_object();
    }
    w.end_array();
  };
  w.key("protocol");
  w.begin_object();
  w.member("trncost_version", doc.trncost_version);
  w.member("as_of", to_string(doc.as_of));
  w.member("freshness_window_days", doc.freshness_window_days);
  w.key("runs");
  w.begin_array();
  for (const auto& r : doc.runs) {
    w.begin_object();
    w.member("run_id", r.run_id);
    w.member("model", r.model);
    w.member("code_version", r.code_version);
    w.member("dataset_id", r.dataset_id);
    pairs("parameters", "name", "value", r.parameters);
    pairs("software_stack", "component", "version", r.software_stack);
    w.member("instance_type", r.instance_type);
    w.member("region", r.region);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

TRNCOST_DECL void write_document_members(json_writer& w, const report::document& doc) {
  w.member("schema", report::schema_name);
  w.member("schema_version", static_cast<std::int64_t>(doc.version));
  w.member("as_of", to_string(doc.as_of));
  w.member("freshness_window_days", doc.freshness_window_days);
  w.member("currency", doc.currency);
  w.member("status", to_string(doc.status));
  w.key("reasons");
  w.begin_array();
  for (const auto& r : doc.reasons) {
    w.begin_object();
    w.member("status", to_string(r.status));
    if (doc.version >= report::reasons_schema_version) {
      w.member("rule", entry_of(r.rule).name);
      if (r.missing_category) w.member("category", to_string(*r.missing_category));
    }
    w.member("text", r.text);
    w.end_object();
  }
  w.end_array();

  w.key("totals");
  w.begin_object();
  w.member("total", doc.totals.total);
  w.key("by_category");
  w.begin_array();
  for (const auto& [c, amt] : doc.totals.by_category) {
    w.begin_object();
    w.member("category", to_string(c));
    w.member("amount", amt);
    w.end_object();
  }
  w.end_array();
  w.key("by_phase");
  w.begin_array();
  for (const auto& [p, amt] : doc.totals.by_phase) {
    w.begin_object();
    w.member("phase", to_string(p));
    w.member("amount", amt);
    w.end_object();
  }
  w.end_array();
  w.member("useful", doc.totals.useful);
  w.member("overhead", doc.totals.overhead);
  w.end_object();

  w.key("categories");
  w.begin_array();
  for (const auto& c : doc.categories) {
    w.begin_object();
    w.member("category", to_string(c.cat));
    w.member("coverage", to_string(c.cov));
    if (c.cov == report::coverage::declared_none) w.member("justification", c.justification);
    w.end_object();
  }
  w.end_array();

  w.key("uncertainties");
  w.begin_array();
  for (const auto& u : doc.uncertainties) {
    w.begin_object();
    w.member("subject", u.subject);
    w.member("kind", report::to_string(u.what));
    w.member("status", report::to_string(u.status));
    w.member("owner", u.owner);
    w.member("detail", u.detail);
    w.end_object();
  }
  w.end_array();

  w.key("lines");
  w.begin_array();
  for (const auto& l : doc.lines) {
    w.begin_object();
    w.member("category", to_string(l.cat));
    w.member("component", l.component);
    w.key("phase");
    if (l.ph) {
      w.string(to_string(*l.ph));
    } else {
      w.null();
    }
    w.member("description", l.description);
    w.member("price", l.price);
    w.member("quantity", l.quantity);
    w.member("num", l.num);
    w.member("den", l.den);
    w.member("rounding", report::line_rounding);
    w.member("formula", l.formula);
    detail::write_amount(w, "amount", l.amount);
    w.key("inputs");
    w.begin_array();
    for (const auto& in : l.inputs) w.string(in);
    w.end_array();
    if (l.identity) detail::write_identity(w, *l.identity);
    w.end_object();
  }
  w.end_array();

  w.key("derivations");
  w.begin_array();
  for (const auto& d : doc.derivations) {
    w.begin_object();
    w.member("name", d.name);
    w.member("value", d.value);
    w.member("unit", d.unit);
    w.member("known", d.known);
    w.member("formula", d.formula);
    w.member("op", to_string(d.op.kind));
    w.key("operands");
    w.begin_array();
    for (const auto& o : d.operands) w.string(o);
    w.end_array();
    switch (d.op.kind) {
      case op_kind::scale:
        w.member("factor", d.op.factor);
        break;
      case op_kind::band:
        w.member("lower", d.op.lower);
        detail::write_amount(w, "upper", d.op.upper);
        break;
      case op_kind::ceil_to:
        w.member("step", d.op.step);
        break;
      case op_kind::convert:
      case op_kind::charge:
        w.member("num", d.op.num);
        w.member("den", d.op.den);
        break;
      default:
        break;
    }
    w.end_object();
  }
  w.end_array();

  w.key("inputs");
  w.begin_array();
  for (const auto& in : doc.inputs) {
    w.begin_object();
    w.member("name", in.name);
    w.member("value", in.value);
    w.member("unit", in.unit);
    w.member("known", in.known);
    w.key("provenance");
    detail::write_provenance(w, in.origin);
    w.end_object();
  }
  w.end_array();

  w.key("findings");
  w.begin_array();
  for (const auto& f : doc.findings) w.string(f);
  w.end_array();
  write_protocol(w, doc);

  if (doc.work) {
    w.key("work");
    w.begin_object();
    w.member("kind", to_string(doc.work->kind));
    w.member("amount", doc.work->amount);
    w.member("per", doc.work->per);
    w.member("unit", doc.work->unit);
    detail::write_amount(w, "full", doc.work->full);
    detail::write_amount(w, "compute_only", doc.work->compute_only);
    w.end_object();
  }
  if (!doc.figures.empty()) {
    w.key("figures");
    w.begin_array();
    for (const auto& f : doc.figures) {
      w.begin_object();
      w.member("workload", f.workload);
      w.member("what", f.what);
      w.member("value", f.value);
      w.end_object();
    }
    w.end_array();
  }
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_json(const report::document& doc) {
  detail::json_writer w;
  w.begin_object();
  detail::write_document_members(w, doc);
  w.end_object();
  return w.take();
}

[[nodiscard]] TRNCOST_DECL std::string render_json(const estimate& est) {
  return render_json(report::from_estimate(est));
}

TRNCOST_DECL void write_json(const estimate& est, std::ostream& out) {
  const std::string text = render_json(est);
  out << text;
}

}  // namespace report

namespace report::detail {

TRNCOST_DECL auto json_writer::key(std::string_view k) -> void {
  separate();
  append_json_string(out_, k);
  out_ += ": ";
  after_key_ = true;
}

TRNCOST_DECL auto json_writer::separate() -> void {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_ += ',';
    first_.back() = false;
    newline();
  }
}

TRNCOST_DECL auto json_writer::close(char c) -> void {
  const bool empty = first_.back();
  first_.pop_back();
  if (!empty) newline();
  out_ += c;
}

}  // namespace report::detail

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_JSON_IPP
