// The JSON report (schema trncost.report, version 1; docs/reports.md): every input with its
// provenance, every derivation with its operation and operands, every line with its exact factor and
// rounding, the totals by category and phase, useful vs overhead, the status with its reasons and the
// findings. Written by hand in a fixed order, so identical estimates give byte-identical reports.
#ifndef TRNCOST_IO_REPORT_JSON_HPP
#define TRNCOST_IO_REPORT_JSON_HPP

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../analysis/report.hpp"
#include "../analysis/report_extras.hpp"

namespace trncost::io {

namespace detail {

/// A JSON string literal: quotes, backslashes and control characters escaped; UTF-8 kept as is.
inline void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
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

/// A small pretty-printing JSON writer: two-space indentation, members in the order written.
class json_writer {
 public:
  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view k) {
    separate();
    append_json_string(out_, k);
    out_ += ": ";
    after_key_ = true;
  }
  void string(std::string_view s) {
    separate();
    append_json_string(out_, s);
  }
  void number(std::uint64_t v) {
    separate();
    out_ += std::to_string(v);
  }
  void number(std::int64_t v) {
    separate();
    out_ += std::to_string(v);
  }
  void boolean(bool b) {
    separate();
    out_ += b ? "true" : "false";
  }
  void null() {
    separate();
    out_ += "null";
  }
  // Shorthands for members.
  void member(std::string_view k, std::string_view v) {
    key(k);
    string(v);
  }
  void member(std::string_view k, const char* v) { member(k, std::string_view(v)); }
  void member(std::string_view k, const std::string& v) { member(k, std::string_view(v)); }
  void member(std::string_view k, std::uint64_t v) {
    key(k);
    number(v);
  }
  void member(std::string_view k, std::int64_t v) {
    key(k);
    number(v);
  }
  void member(std::string_view k, bool v) {
    key(k);
    boolean(v);
  }
  void member(std::string_view k, decimal v) { member(k, v.to_string()); }

  [[nodiscard]] std::string take() {
    out_ += '\n';
    return std::move(out_);
  }

 private:
  void separate() {
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
  void open(char c) {
    separate();
    out_ += c;
    first_.push_back(true);
  }
  void close(char c) {
    const bool empty = first_.back();
    first_.pop_back();
    if (!empty) newline();
    out_ += c;
  }
  void newline() {
    out_ += '\n';
    out_.append(2 * first_.size(), ' ');
  }

  std::string out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

inline void write_provenance(json_writer& w, const provenance& p) {
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
        } else {
          w.member("formula", k.formula);  // never reached: derived values are derivations
        }
      },
      p);
  w.end_object();
}

inline void write_amount(json_writer& w, std::string_view k, const std::optional<decimal>& v) {
  w.key(k);
  if (v) {
    w.string(v->to_string());
  } else {
    w.null();
  }
}

/// The members of a report document (everything but the optional sections), in their fixed order.
inline void write_document_members(json_writer& w, const report::document& doc) {
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
    w.member("op", to_string(d.op));
    w.key("operands");
    w.begin_array();
    for (const auto& o : d.operands) w.string(o);
    w.end_array();
    switch (d.op) {
      case report::op_kind::scale: w.member("factor", d.factor); break;
      case report::op_kind::band:
        w.member("lower", d.lower);
        detail::write_amount(w, "upper", d.upper);
        break;
      case report::op_kind::ceil_to: w.member("step", d.step); break;
      case report::op_kind::rescale:
      case report::op_kind::convert:
        w.member("num", d.num);
        w.member("den", d.den);
        break;
      default: break;
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
}

}  // namespace detail

/// The report document as JSON text (schema trncost.report, docs/reports.md).
[[nodiscard]] inline std::string render_json(const report::document& doc) {
  detail::json_writer w;
  w.begin_object();
  detail::write_document_members(w, doc);
  w.end_object();
  return w.take();
}

/// The estimate's report as JSON text. Throws input_error (before anything is written) when two
/// different inputs share a name or a derivation cannot be recomputed from the report.
[[nodiscard]] inline std::string render_json(const estimate& est) {
  return render_json(report::from_estimate(est));
}

/// Renders the whole report first, then writes it: nothing reaches `out` if rendering fails.
inline void write_json(const estimate& est, std::ostream& out) {
  const std::string text = render_json(est);
  out << text;
}


namespace detail {

/// A Monte Carlo figure (a double, analysis only) as fixed-point text with 6 fractional digits,
/// written by std::to_chars: the same bytes on every compiler and standard library.
inline std::string fixed6(double v) {
  char buf[400];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 6);
  return std::string(buf, r.ptr);
}

inline void write_date_or_null(json_writer& w, std::string_view k, const std::optional<date>& d) {
  w.key(k);
  if (d) {
    w.string(to_string(*d));
  } else {
    w.null();
  }
}

inline void write_strings(json_writer& w, std::string_view k, const std::vector<std::string>& v) {
  w.key(k);
  w.begin_array();
  for (const auto& s : v) w.string(s);
  w.end_array();
}

inline void write_tornado(json_writer& w, const analysis::tornado& t) {
  w.key("tornado");
  w.begin_object();
  w.member("baseline_total", t.baseline_total);
  for (const auto* bars : {&t.observed, &t.assumptions}) {
    w.key(bars == &t.observed ? "observed" : "assumptions");
    w.begin_array();
    for (const auto& b : *bars) {
      w.begin_object();
      w.member("input", b.input);
      w.member("kind", b.kind);
      w.member("basis", b.basis);
      w.member("baseline_value", b.baseline_value);
      w.member("low", b.low);
      w.member("high", b.high);
      w.member("total_at_low", b.total_at_low);
      w.member("total_at_high", b.total_at_high);
      w.member("swing", b.swing);
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
}

inline void write_scenarios(json_writer& w, const analysis::scenario_table& t) {
  w.key("scenarios");
  w.begin_object();
  w.key("lines");
  w.begin_array();
  for (std::size_t i = 0; i < t.line_names.size(); ++i) {
    w.begin_object();
    w.member("name", t.line_names[i]);
    w.member("category", to_string(t.line_categories[i]));
    w.end_object();
  }
  w.end_array();
  w.key("scenarios");
  w.begin_array();
  for (const auto& s : t.scenarios) {
    w.begin_object();
    w.member("name", s.name);
    w.key("overrides");
    w.begin_array();
    for (const auto& o : s.overrides) {
      w.begin_object();
      w.member("input", o.input);
      w.member("value", o.value);
      w.member("rationale", o.rationale);
      w.end_object();
    }
    w.end_array();
    w.member("total", s.total);
    w.member("gap", s.gap);
    w.key("by_category");
    w.begin_array();
    for (const auto& [c, a] : s.by_category) {
      w.begin_object();
      w.member("category", to_string(c));
      w.member("amount", a);
      w.end_object();
    }
    w.end_array();
    w.key("lines");
    w.begin_array();
    for (const auto& l : s.lines) {
      if (l) {
        w.string(l->to_string());
      } else {
        w.null();
      }
    }
    w.end_array();
    w.key("parts");
    w.begin_array();
    for (const auto& p : s.parts) {
      w.begin_object();
      w.member("input", p.input);
      w.member("from", p.from);
      w.member("to", p.to);
      w.member("effect", p.effect);
      w.end_object();
    }
    w.end_array();
    w.member("interaction", s.interaction);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

inline void write_monte_carlo(json_writer& w, const analysis::monte_carlo_result& m) {
  w.key("monte_carlo");
  w.begin_object();
  w.member("samples", m.samples);
  w.member("seed", m.seed);
  w.member("format", "fixed, 6 fractional digits (floating point: analysis only, never money)");
  w.member("baseline", fixed6(m.baseline));
  w.member("mean", fixed6(m.mean));
  w.member("min", fixed6(m.min));
  w.member("p5", fixed6(m.p5));
  w.member("p50", fixed6(m.p50));
  w.member("p95", fixed6(m.p95));
  w.member("max", fixed6(m.max));
  w.key("p_over_budget");
  if (m.p_over_budget) {
    w.string(fixed6(*m.p_over_budget));
  } else {
    w.null();
  }
  write_strings(w, "varied", m.varied);
  w.end_object();
}

inline void write_comparison(json_writer& w, const analysis::comparison& c) {
  w.key("comparison");
  w.begin_object();
  w.key("groups");
  w.begin_array();
  for (const auto& g : c.groups) {
    w.begin_object();
    w.member("dataset_id", g.dataset_id);
    w.member("metric", g.metric);
    w.member("target", g.target);
    w.member("direction", analysis::detail::direction_text(g.direction));
    write_strings(w, "differences", g.differences);
    w.key("ranked");
    w.begin_array();
    for (const auto& r : g.ranked) {
      w.begin_object();
      w.member("name", r.name);
      w.member("cost", r.cost);
      write_amount(w, "seconds", r.seconds);
      w.member("cost_rank", static_cast<std::uint64_t>(r.cost_rank));
      w.key("time_rank");
      if (r.time_rank) {
        w.number(static_cast<std::uint64_t>(*r.time_rank));
      } else {
        w.null();
      }
      w.member("cost_ratio", r.cost_ratio);
      write_amount(w, "time_ratio", r.time_ratio);
      w.member("stack", r.stack);
      w.end_object();
    }
    w.end_array();
    w.key("apart");
    w.begin_array();
    for (const auto& a : g.apart) {
      w.begin_object();
      w.member("name", a.name);
      w.member("reason", a.reason);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

inline void write_decision(json_writer& w, const analysis::decision& d) {
  w.key("decision");
  w.begin_object();
  w.member("outcome", analysis::to_string(d.outcome));
  write_strings(w, "suspend_reasons", d.suspend_reasons);
  write_strings(w, "compare_reasons", d.compare_reasons);
  write_strings(w, "continue_reasons", d.continue_reasons);
  w.end_object();
}

inline void write_burn_down(json_writer& w, const credits::burn_down_result& b) {
  w.key("credits");
  w.begin_object();
  w.member("total_spend", b.total_spend);
  w.member("total_credits", b.total_credits);
  w.member("total_uncovered", b.total_uncovered);
  w.member("total_wasted", b.total_wasted);
  write_date_or_null(w, "runway", b.runway);
  w.key("grants");
  w.begin_array();
  for (const auto& g : b.grants) {
    w.begin_object();
    w.member("name", g.name);
    w.member("amount", g.amount);
    w.member("used", g.used);
    w.member("balance_at_end", g.balance_at_end);
    write_date_or_null(w, "exhausted_on", g.exhausted_on);
    write_amount(w, "wasted_at_expiry", g.wasted_at_expiry);
    w.member("unused_at_schedule_end", g.unused_at_schedule_end);
    w.end_object();
  }
  w.end_array();
  w.key("periods");
  w.begin_array();
  for (const auto& p : b.periods) {
    w.begin_object();
    w.member("start", to_string(p.start));
    w.member("end", to_string(p.end));
    w.member("spend", p.spend);
    w.member("credits_used", p.credits_used);
    w.member("uncovered", p.uncovered);
    w.key("uncovered_by_reason");
    w.begin_array();
    for (const auto& [r, a] : p.uncovered_by_reason) {
      w.begin_object();
      w.member("reason", credits::to_string(r));
      w.member("amount", a);
      w.end_object();
    }
    w.end_array();
    w.key("balance_after");
    w.begin_array();
    for (const auto& v : p.balance_after) w.string(v.to_string());
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("credit_lines");
  w.begin_array();
  for (const auto& l : b.credit_lines) {
    w.begin_object();
    w.member("start", to_string(l.start));
    w.member("end", to_string(l.end));
    w.member("grant", l.grant);
    w.member("category", to_string(l.cat));
    w.member("amount", l.amount);
    w.end_object();
  }
  w.end_array();
  write_strings(w, "findings", b.findings);
  w.end_object();
}

/// The "analysis" and "credits" sections, each only when something is in it.
inline void write_extras(json_writer& w, const report::extras& x) {
  if (x.has_analysis()) {
    w.key("analysis");
    w.begin_object();
    if (x.tornado) write_tornado(w, *x.tornado);
    if (x.scenarios) write_scenarios(w, *x.scenarios);
    if (x.monte_carlo) write_monte_carlo(w, *x.monte_carlo);
    if (x.comparison) write_comparison(w, *x.comparison);
    if (x.decision) write_decision(w, *x.decision);
    w.end_object();
  }
  if (x.burn_down) write_burn_down(w, *x.burn_down);
}

}  // namespace detail

/// The report document with its analysis and credits sections. With nothing in `x` this is exactly
/// render_json(doc) (schema version 1); otherwise the report declares schema version 2.
[[nodiscard]] inline std::string render_json(const report::document& doc, const report::extras& x) {
  if (x.empty()) return render_json(doc);
  report::document d = doc;
  d.version = report::extras_schema_version;
  detail::json_writer w;
  w.begin_object();
  detail::write_document_members(w, d);
  detail::write_extras(w, x);
  w.end_object();
  return w.take();
}

/// The estimate's report with the analysis results and the burn-down in `x` (see above).
[[nodiscard]] inline std::string render_json(const estimate& est, const report::extras& x) {
  return render_json(report::from_estimate(est), x);
}

/// Renders the whole report first, then writes it: nothing reaches `out` if rendering fails.
inline void write_json(const estimate& est, const report::extras& x, std::ostream& out) {
  const std::string text = render_json(est, x);
  out << text;
}

}  // namespace trncost::io

#endif  // TRNCOST_IO_REPORT_JSON_HPP
