// The estimate: line items, totals by category and phase, useful vs overhead, and a status that is
// computed from the inputs (never asserted), with the reasons and findings a reviewer acts on.
#ifndef TRNCOST_MODEL_ESTIMATE_HPP
#define TRNCOST_MODEL_ESTIMATE_HPP

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "component.hpp"
#include "model.hpp"

namespace trncost {

/// From best to worst. An estimate's status is the worst that any of its reasons gives.
enum class estimate_status {
  verified,     ///< every input measured, quoted (fresh) or documented; every category accounted for
  provisional,  ///< some inputs are assumptions or third-party figures (each listed)
  stale,        ///< a quote was consulted longer ago than the freshness window before the as-of date
  unpriced,     ///< a line's price or usage is unknown: it is shown, kept out of the totals, never 0
  incomplete,   ///< a category of the formula has no component and is not declared none
};

constexpr std::string_view to_string(estimate_status s) noexcept {
  switch (s) {
    case estimate_status::verified: return "verified";
    case estimate_status::provisional: return "provisional";
    case estimate_status::stale: return "stale";
    case estimate_status::unpriced: return "unpriced";
    case estimate_status::incomplete: return "incomplete";
  }
  return "unknown";
}

/// How long a quote stays fresh by default: 30 days, so a budget validated today re-reads the price
/// pages it relies on at least monthly.
inline constexpr std::chrono::days default_freshness_window{30};

struct estimate_options {
  std::chrono::days freshness_window = default_freshness_window;
};

/// One line of an estimate. `amount` is empty when the line is unpriced.
struct line_item {
  category cat = category::compute;
  std::string component;
  std::optional<trncost::phase> ph;
  std::string description;
  input_ref price;     ///< the unit price as a record (value, unit, provenance)
  input_ref quantity;  ///< the pricing quantity as a record
  std::uint64_t num = 1;  ///< the exact unit factor: amount = price * quantity * num / den
  std::uint64_t den = 1;
  std::optional<decimal> amount;
  std::string formula;  ///< "trn1_price * train_time / 3600"
  std::vector<input_ref> inputs;  ///< every input the line depends on
};

struct status_reason {
  estimate_status status = estimate_status::verified;
  std::string text;
};

struct estimate {
  date as_of{};
  std::chrono::days freshness_window = default_freshness_window;
  std::vector<line_item> lines;
  decimal total{};  ///< the exact sum of the priced lines
  std::map<category, decimal> by_category;  ///< categories with lines or declared none
  std::map<trncost::phase, decimal> by_phase;
  decimal useful{};    ///< training, evaluation, checkpointing
  decimal overhead{};  ///< setup, compilation, waiting, failed work, restarts
  std::map<category, declared_none> declared;
  estimate_status status = estimate_status::verified;
  std::vector<status_reason> reasons;   ///< why the status is not better, worst first
  std::vector<std::string> findings;    ///< sentences a reviewer can act on
  std::vector<input_ref> inputs;        ///< every leaf input, in the order first reached
  /// Migration uncertainties, open and resolved: listed apart from the costs, never a duration.
  std::vector<migration_uncertainty> uncertainties;

  [[nodiscard]] std::size_t unpriced_lines() const {
    std::size_t n = 0;
    for (const auto& l : lines) n += l.amount ? std::size_t{0} : std::size_t{1};
    return n;
  }
};

namespace detail {

/// The leaf records under `r` (through derived provenance), each once.
inline void collect_leaves(const input_ref& r, std::set<const source_record*>& seen,
                           std::vector<input_ref>& out) {
  if (!seen.insert(r.get()).second) return;
  if (const auto* d = std::get_if<derived>(&r->origin)) {
    for (const auto& in : d->inputs) collect_leaves(in, seen, out);
    return;
  }
  out.push_back(r);
}

inline std::string percent_of(decimal part, decimal whole) {
  if (whole.is_zero()) return "0";
  return (part * 100 / whole).to_fixed(decimal_places{1});
}

}  // namespace detail

inline estimate model::evaluate(date as_of, const estimate_options& options) const {
  if (!as_of.ok()) throw input_error("the as-of date of an estimate is not a calendar date");
  if (options.freshness_window.count() < 0) {
    throw input_error("the freshness window of an estimate cannot be negative");
  }
  if (d_->lines.empty() && d_->declared.empty()) {
    throw input_error("the model has no lines and no category declared none: nothing to estimate");
  }
  evaluator e(*this);
  e.run();
  estimate est;
  est.as_of = as_of;
  est.freshness_window = options.freshness_window;
  est.declared = d_->declared;
  for (const auto& [c, why] : d_->declared) est.by_category[c] = decimal{};

  std::set<const source_record*> seen;
  std::vector<status_reason> reasons;
  for (std::size_t i = 0; i < d_->lines.size(); ++i) {
    const auto& l = d_->lines[i];
    line_item item;
    item.cat = l.cat;
    item.component = l.component;
    item.ph = l.ph;
    item.description = l.description;
    item.price = detail::node_record(*d_, e, l.price);
    item.quantity = detail::node_record(*d_, e, l.quantity);
    item.num = l.num;
    item.den = l.den;
    item.formula = detail::operand(d_->nodes[l.price]) + " * " +
                   detail::operand(d_->nodes[l.quantity]) +
                   (l.factor_note.empty() ? "" : " " + l.factor_note);
    item.inputs = detail::node_inputs(*d_, e, l.price);
    for (auto& in : detail::node_inputs(*d_, e, l.quantity)) item.inputs.push_back(std::move(in));
    for (const auto& in : item.inputs) detail::collect_leaves(in, seen, est.inputs);
    est.by_category.try_emplace(l.cat, decimal{});
    if (e.priced(i)) {
      item.amount = e.amount(i);
      est.total += *item.amount;
      est.by_category[l.cat] += *item.amount;
      if (l.ph) {
        est.by_phase[*l.ph] += *item.amount;
        (is_overhead(*l.ph) ? est.overhead : est.useful) += *item.amount;
      }
    } else {
      std::string missing;
      for (const auto& in : item.inputs) {
        if (in->known) continue;
        const auto* why = std::get_if<assumption>(&in->origin);
        missing += (missing.empty() ? "" : "; ") + in->name + " is unknown (" +
                   (why != nullptr ? why->rationale : std::string("no reason given")) + ")";
      }
      reasons.push_back({estimate_status::unpriced,
                         "line '" + l.description + "' (" + l.component + ") is unpriced: " +
                             missing + "; it is left out of the totals"});
    }
    est.lines.push_back(std::move(item));
  }

  for (const auto c : all_categories) {
    const bool modelled = d_->components.count(c) != 0 || est.by_category.count(c) != 0;
    if (!modelled && d_->declared.count(c) == 0) {
      reasons.push_back({estimate_status::incomplete,
                         "category '" + std::string(to_string(c)) +
                             "' has no component and is not declared none"});
    }
  }

  const auto oldest_fresh = std::chrono::sys_days{as_of} - options.freshness_window;
  for (const auto& in : est.inputs) {
    if (!in->known) continue;  // reported with the line it leaves unpriced
    if (const auto* q = std::get_if<quoted>(&in->origin)) {
      if (std::chrono::sys_days{q->consulted} < oldest_fresh) {
        const auto age = (std::chrono::sys_days{as_of} - std::chrono::sys_days{q->consulted}).count();
        reasons.push_back({estimate_status::stale,
                           in->name + " was consulted on " + to_string(q->consulted) + ", " +
                               std::to_string(age) + " days before the as-of date " +
                               to_string(as_of) + " (freshness window " +
                               std::to_string(options.freshness_window.count()) +
                               " days): re-read " + q->source});
      }
    } else if (const auto* t = std::get_if<third_party>(&in->origin)) {
      reasons.push_back({estimate_status::provisional,
                         in->name + " is third-party (" + t->source + ", seen " +
                             to_string(t->seen) + "), not an official price"});
    } else if (const auto* a = std::get_if<assumption>(&in->origin)) {
      reasons.push_back({estimate_status::provisional,
                         in->name + " is an assumption: " + a->rationale});
    }
  }

  // An open migration uncertainty is a hypothesis the estimate rests on ("the port works"), like an
  // assumption: provisional, naming it, without a cost or a duration.
  est.uncertainties = d_->uncertainties;
  for (const auto& u : est.uncertainties) {
    if (u.status != migration_uncertainty::state::open) continue;
    reasons.push_back({estimate_status::provisional,
                       "migration uncertainty '" + u.subject + "' is open (owner " + u.owner +
                           "): " + u.detail + "; it is not costed and has no duration"});
  }

  std::stable_sort(reasons.begin(), reasons.end(), [](const auto& a, const auto& b) {
    return static_cast<int>(a.status) > static_cast<int>(b.status);
  });
  est.status = reasons.empty() ? estimate_status::verified : reasons.front().status;
  est.reasons = std::move(reasons);

  for (const auto& r : est.reasons) est.findings.push_back(r.text);
  for (const auto& [c, why] : est.declared) {
    est.findings.push_back("category '" + std::string(to_string(c)) +
                           "' is declared none: " + why.justification);
  }
  const decimal instance_time = est.useful + est.overhead;
  if (!instance_time.is_zero()) {
    std::string sentence = "overhead is " + detail::percent_of(est.overhead, instance_time) +
                           " % of billed instance time cost";
    std::string parts;
    for (const auto& [p, amt] : est.by_phase) {
      if (!is_overhead(p) || amt.is_zero()) continue;
      parts += (parts.empty() ? "" : ", ") + std::string(to_string(p)) + " " +
               amt.to_fixed(cents) + " USD";
    }
    if (!parts.empty()) sentence += " (" + parts + ")";
    est.findings.push_back(sentence);
  }
  return est;
}

inline estimate model::evaluate(date as_of) const { return evaluate(as_of, estimate_options{}); }

}  // namespace trncost

#endif  // TRNCOST_MODEL_ESTIMATE_HPP
