// The definitions of model/estimate.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_IMPL_ESTIMATE_IPP
#define TRNCOST_MODEL_IMPL_ESTIMATE_IPP

#include "../estimate.hpp"

namespace trncost {

namespace detail {

TRNCOST_DECL void collect_leaves(const input_ref& r, std::set<const source_record*>& seen,
                                 std::vector<input_ref>& out) {
  if (!seen.insert(r.get()).second) return;
  if (const auto* d = std::get_if<derived>(&r->origin)) {
    for (const auto& in : d->inputs) collect_leaves(in, seen, out);
    return;
  }
  out.push_back(r);
}

TRNCOST_DECL std::string percent_of(decimal part, decimal whole) {
  if (whole.is_zero()) return "0";
  return (part * 100 / whole).to_fixed(decimal_places{1});
}

}  // namespace detail

TRNCOST_DECL std::string phases_named(const estimate& est, bool overhead) {
  std::string out;
  for (const auto& [p, amt] : est.by_phase) {
    if (is_overhead(p) != overhead) continue;
    out += (out.empty() ? "" : ", ") + std::string(to_string(p));
  }
  return out.empty() ? std::string("none") : out;
}

namespace detail {

TRNCOST_DECL bool states_a_zero_price(const provenance& p) {
  if (const auto* q = std::get_if<quoted>(&p)) {
    return (!q->offer_code.empty() && !q->rate_code.empty()) || !q->description.empty();
  }
  return std::holds_alternative<documented>(p);
}

TRNCOST_DECL bool is_zero_text(const std::string& v) {
  try {
    return decimal::parse(v).is_zero();
  } catch (const error&) {
    return false;
  }
}

TRNCOST_DECL std::string rule_ref(verified_rule r) {
  return " (rule " + std::string(entry_of(r).name) + ", docs/model.md#what-verified-claims)";
}

namespace {

/// The leaves under `r` (through derived provenance), each once, with the kind asked for.
template <class Kind, class F>
void each_leaf_of(const input_ref& r, std::set<const source_record*>& seen, F&& f) {
  if (r == nullptr || !seen.insert(r.get()).second) return;
  if (const auto* d = std::get_if<derived>(&r->origin)) {
    for (const auto& in : d->inputs) each_leaf_of<Kind>(in, seen, f);
  } else if (const auto* k = std::get_if<Kind>(&r->origin)) {
    f(*r, *k);
  }
}

}  // namespace

TRNCOST_DECL void check_identity(const line_item& l, const std::string& component) {
  const line_identity& id = l.identity;
  // "line 'x' (c) <what the line is>, but input 'p' (<its provenance>) <what the input is>; why"
  const auto refuse = [&](const source_record& in, const std::string& line_is,
                          const std::string& input_is, std::string_view why) {
    throw input_error("line '" + l.description + "' (" + component + ") " + line_is +
                      ", but input '" + in.name + "' (" + describe(in.origin) + ") " + input_is +
                      "; " + std::string(why) +
                      " (rule identity-consistent, docs/model.md#what-a-line-is)");
  };
  std::set<const source_record*> seen;
  each_leaf_of<quoted>(l.price, seen, [&](const source_record& in, const quoted& q) {
    if (!id.region.empty() && !q.region.empty() && q.region != id.region) {
      refuse(in, "is billed in " + id.region, "is quoted for " + q.region,
             "a price applies in its own region only");
    }
    if (!id.service.empty() && find_aws_service(q.offer_code) && q.offer_code != id.price_offer()) {
      refuse(in,
             id.offer.empty() ? "is billed by " + id.service
                              : "is priced by the " + id.offer + " offer",
             "is from the " + q.offer_code + " offer file",
             "a price of another service prices another service's usage");
    }
    // The purchase option is a price's (a Capacity Block's length, quoted, is not one).
    if (id.purchase && q.option != *id.purchase && in.unit.rfind("USD", 0) == 0) {
      refuse(in, "is bought as " + std::string(to_string(*id.purchase)),
             "is quoted for " + std::string(to_string(q.option)),
             "a price is valid for the purchase option it was quoted for");
    }
    if (!id.instance_type.empty() && !q.instance_type.empty() &&
        q.instance_type != id.instance_type) {
      refuse(in, "bills " + id.instance_type + " time", "is quoted for " + q.instance_type,
             "an instance type's price does not price another type");
    }
  });
  // Run measurements feed prices (a measured cost) and quantities (durations, counts, rates).
  seen.clear();
  const auto fits_the_run = [&](const source_record& in, const measured& m) {
    if (!id.instance_type.empty() && !m.instance_type.empty() &&
        m.instance_type != id.instance_type) {
      refuse(in, "bills " + id.instance_type + " time", "was measured on " + m.instance_type,
             "a measurement on one instance type does not stand for another (to borrow it, say "
             "it is assumed: measure::assumed_on)");
    }
    if (!id.region.empty() && !m.region.empty() && m.region != id.region) {
      refuse(in, "is billed in " + id.region, "was measured in " + m.region,
             "a run in another region does not measure this one");
    }
  };
  each_leaf_of<measured>(l.price, seen, fits_the_run);
  each_leaf_of<measured>(l.quantity, seen, fits_the_run);
}

TRNCOST_DECL void apply_verified_rules(const model_data& d, const evaluator& e, estimate& est,
                                       const estimate_options& options) {
  const date as_of = est.as_of;
  std::vector<status_reason> reasons;
  // Rule constants: a billing rule's own numbers (the 60-second minimum, dated when trncost read
  // the rule) and the "1 job" of a cost of one job, which restates that cost's provenance.
  std::set<const source_record*> constants;
  for (const auto& n : d.nodes) {
    if (n.constant && n.record) constants.insert(n.record.get());
  }

  // timeline (refused): every leaf input; rule constants are rules in force, not observations.
  for (const auto& in : est.inputs) {
    if (constants.count(in.get()) != 0) continue;
    if (const auto breach = timeline_breach(in->origin, as_of, options.prices_in_force_on)) {
      throw input_error("input '" + in->name + "' " + *breach +
                        "; nothing an estimate uses may be dated after its as-of date" +
                        rule_ref(verified_rule::timeline) +
                        ", docs/provenance.md#the-timeline-rule");
    }
  }

  // declared-none-has-no-lines (refused): "none" next to a component of the category would hide
  // its lines from every reader of the declaration.
  for (const auto& [c, why] : d.declared) {
    const auto it = d.components.find(c);
    if (it == d.components.end() || it->second.empty()) continue;
    throw input_error("category '" + std::string(to_string(c)) + "' is declared none (" +
                      why.justification + ") but component '" + it->second.front() +
                      "' is in it; remove the declaration or the component (rule "
                      "declared-none-has-no-lines, docs/model.md#what-a-line-is)");
  }

  // identity-consistent (refused): what a line is decides which prices and measurements may feed
  // it, never the other way round.
  for (std::size_t i = 0; i < est.lines.size(); ++i) {
    check_identity(est.lines[i], d.lines[i].component);
  }

  // no-cost-counted-twice (refused): failed work or restarts priced both as a phase of instance
  // time and by a failures-and-restarts component.
  for (const auto p : {phase::failed_work, phase::restarts}) {
    const line_rec* in_failures = nullptr;
    const line_rec* elsewhere = nullptr;
    for (const auto& l : d.lines) {
      if (l.ph != p) continue;
      (l.cat == category::failures_restarts ? in_failures : elsewhere) = &l;
    }
    if (in_failures != nullptr && elsewhere != nullptr) {
      throw input_error(std::string(to_string(p)) + " is counted twice: component '" +
                        elsewhere->component + "' (" + std::string(to_string(elsewhere->cat)) +
                        ") has a '" + std::string(to_string(p)) + "' phase and component '" +
                        in_failures->component +
                        "' (failures and restarts) prices it too; keep one of them" +
                        rule_ref(verified_rule::no_cost_counted_twice));
    }
  }

  // every-line-priced (unpriced).
  for (std::size_t i = 0; i < d.lines.size(); ++i) {
    if (e.priced(i)) continue;
    const auto& l = d.lines[i];
    std::string missing;
    for (const auto& in : est.lines[i].inputs) {
      if (in->known) continue;
      const auto* why = std::get_if<assumption>(&in->origin);
      missing += (missing.empty() ? "" : "; ") + in->name + " is unknown (" +
                 (why != nullptr ? why->rationale : std::string("no reason given")) + ")";
    }
    reasons.push_back({estimate_status::unpriced,
                       "line '" + l.description + "' (" + l.component +
                           ") is unpriced: " + missing + "; it is left out of the totals",
                       verified_rule::every_line_priced});
  }

  // every-category-accounted (incomplete).
  for (const auto c : all_categories) {
    const bool modelled = d.components.count(c) != 0 || est.by_category.count(c) != 0;
    if (!modelled && d.declared.count(c) == 0) {
      reasons.push_back(
          {estimate_status::incomplete,
           "category '" + std::string(to_string(c)) + "' has no component and is not declared none",
           verified_rule::every_category_accounted, c});
    }
  }

  // quotes-fresh (stale), no-third-party and no-assumption (provisional).
  const date oldest_fresh = add_days(as_of, -options.freshness_window.count());
  std::set<std::string> origins_reported;  // a rule constant restating one adds no second reason
  for (const auto& in : est.inputs) {
    if (constants.count(in.get()) == 0) origins_reported.insert(describe(in->origin));
  }
  for (const auto& in : est.inputs) {
    if (!in->known) continue;  // reported with the line it leaves unpriced
    if (constants.count(in.get()) != 0 && origins_reported.count(describe(in->origin)) != 0) {
      continue;
    }
    if (const auto* q = std::get_if<quoted>(&in->origin)) {
      if (q->consulted < oldest_fresh) {
        const auto age = days_between(q->consulted, as_of);
        std::string text =
            in->name + " was consulted on " + to_string(q->consulted) +
            (q->consulted_is_publication_date ? " (the offer file's publication date)" : "") +
            ", " + std::to_string(age) + " days before the as-of date " + to_string(as_of) +
            " (freshness window " + std::to_string(options.freshness_window.count()) +
            " days): re-read " + q->source;
        if (options.refuse_stale) {
          throw input_error(text + "; stale prices are refused (strict freshness)" +
                            rule_ref(verified_rule::quotes_fresh));
        }
        reasons.push_back({estimate_status::stale, std::move(text), verified_rule::quotes_fresh});
      }
    } else if (const auto* t = std::get_if<third_party>(&in->origin)) {
      reasons.push_back({estimate_status::provisional,
                         in->name + " is third-party (" + t->source + ", seen " +
                             to_string(t->seen) + "), not an official price",
                         verified_rule::no_third_party});
    } else if (const auto* a = std::get_if<assumption>(&in->origin)) {
      reasons.push_back({estimate_status::provisional,
                         in->name + " is an assumption: " + a->rationale,
                         verified_rule::no_assumption});
    }
  }

  // zero-price-has-reason (provisional): a priced line whose unit price is zero (or, derived,
  // below zero), once per price.
  std::set<std::uint32_t> prices_seen;
  for (std::size_t i = 0; i < d.lines.size(); ++i) {
    const auto& l = d.lines[i];
    if (!e.priced(i) || !prices_seen.insert(l.price).second) continue;
    const decimal price = e.value(l.price);
    if (!price.is_zero() && !price.is_negative()) continue;
    std::string zero_inputs;
    bool stated = false;
    for (const auto& in : node_inputs(d, e, l.price)) {
      if (!in->known || !is_zero_text(in->value)) continue;
      stated = stated || states_a_zero_price(in->origin);
      zero_inputs +=
          (zero_inputs.empty() ? "" : ", ") + in->name + " (" + describe(in->origin) + ")";
    }
    if (stated) continue;
    reasons.push_back(
        {estimate_status::provisional,
         "line '" + l.description + "' (" + l.component + ") has a unit price of " +
             price.to_string() + " " + d.nodes[l.price].unit +
             (zero_inputs.empty() ? std::string() : " from " + zero_inputs) +
             " with no stated reason; a zero price needs a published offer-file row, a quote "
             "that says what it is (its description) or official documentation" +
             rule_ref(verified_rule::zero_price_has_reason),
         verified_rule::zero_price_has_reason});
  }

  // no-open-uncertainty (provisional): a hypothesis the estimate rests on ("the port works"),
  // like an assumption, without a cost or a duration.
  for (const auto& u : est.uncertainties) {
    if (u.status != migration_uncertainty::state::open) continue;
    reasons.push_back({estimate_status::provisional,
                       "migration uncertainty '" + u.subject + "' is open (owner " + u.owner +
                           "): " + u.detail + "; it is not costed and has no duration",
                       verified_rule::no_open_uncertainty});
  }

  std::stable_sort(reasons.begin(), reasons.end(), [](const auto& a, const auto& b) {
    return static_cast<int>(a.status) > static_cast<int>(b.status);
  });
  est.status = reasons.empty() ? estimate_status::verified : reasons.front().status;
  est.reasons = std::move(reasons);
}

TRNCOST_DECL decimal cost_per_unit(decimal amount, decimal work, std::uint64_t per) {
  if (work.is_zero()) throw input_error("cost per unit of work: the work delivered is 0");
  return decimal::divide(amount * decimal(per), work, rounding::half_even);
}

TRNCOST_DECL void fill_work(const model_data& d, const evaluator& e, estimate& est,
                            std::string_view cost_per) {
  if (!d.work) {
    // A unit asked of an estimate that delivers none is refused, never ignored.
    if (!cost_per.empty()) {
      throw input_error("cost per \"" + std::string(cost_per) +
                        "\": no component of this estimate delivers a unit of work (tokens, "
                        "requests, samples, runs...) to divide its cost by; leave cost_per out");
    }
    return;
  }
  // Plain variables, not a structured binding: clang 14 cannot capture those in a lambda.
  const work_kind kind = d.work->first;
  const std::uint32_t id = d.work->second;
  std::optional<work_quote> named =
      cost_per.empty() ? std::optional(quote_of(kind)) : quote_named(kind, cost_per);
  if (!named) {
    std::string named_units;
    for (const auto& q : quotes_of(kind)) {
      named_units += (named_units.empty() ? "\"" : ", \"") + std::string(q.unit.substr(4)) + "\"";
    }
    throw input_error("cost per \"" + std::string(cost_per) + "\": the " +
                      std::string(to_string(kind)) + " of this estimate are quoted per " +
                      named_units);
  }
  const auto q = *named;
  work_delivered w{kind,         node_record(d, e, id), q.per, std::string(q.unit),
                   std::nullopt, std::nullopt};
  const std::string work_name = operand(d.nodes[id]);
  if (!e.known(id)) {
    est.findings.push_back("the " + std::string(to_string(kind)) + " ('" + w.amount->name +
                           "') are unknown: no cost per unit of work");
  } else if (!(decimal{} < e.value(id))) {
    est.findings.push_back("the " + std::string(to_string(kind)) + " ('" + w.amount->name +
                           "') are " + e.value(id).to_string() + ": no cost per unit of work");
  } else if (!est.lines.empty()) {
    // The amounts divided are the estimate's own: the total, and the compute category's subtotal.
    std::vector<input_ref> priced;
    std::vector<input_ref> compute;
    for (const auto& l : est.lines) {
      if (!l.amount) continue;
      priced.push_back(l.price);
      priced.push_back(l.quantity);
      if (l.cat == category::compute) {
        compute.push_back(l.price);
        compute.push_back(l.quantity);
      }
    }
    const auto per_text = q.per == 1 ? std::string() : " * " + std::to_string(q.per);
    const auto unit_cost = [&](const std::string& name, const std::string& amount_name,
                               decimal amount, std::vector<input_ref> parts) {
      const auto sum =
          derive_named(amount_name, money::from_value(amount),
                       "sum of the priced lines" +
                           std::string(amount_name == "total" ? "" : " of category compute"),
                       std::move(parts));
      const decimal v = cost_per_unit(amount, e.value(id), q.per);
      std::string formula = amount_name + per_text + " / " + work_name;
      std::vector<input_ref> from{sum.record(), w.amount};
      switch (kind) {
        case work_kind::requests_served:
          return derive_named(name, quantity<units::usd_per_thousand_requests_t>::from_value(v),
                              std::move(formula), std::move(from))
              .record();
        case work_kind::runs_to_target:
        case work_kind::trials:
          return derive_named(name, quantity<units::usd_per_job_t>::from_value(v),
                              std::move(formula), std::move(from))
              .record();
        case work_kind::tokens_served:
        case work_kind::tokens_trained:
        case work_kind::tokens_processed:
          break;
      }
      return derive_named(name, quantity<units::usd_per_million_tokens_t>::from_value(v),
                          std::move(formula), std::move(from))
          .record();
    };
    if (!priced.empty()) w.full = unit_cost("cost_per_unit_full", "total", est.total, priced);
    const auto c = est.by_category.find(category::compute);
    if (!compute.empty() && c != est.by_category.end()) {
      w.compute_only = unit_cost("cost_per_unit_compute", "compute", c->second, compute);
    }
    if (est.unpriced_lines() != 0) {
      est.findings.push_back("the cost per unit of work covers the priced lines only: " +
                             std::to_string(est.unpriced_lines()) + " line(s) are unpriced");
    }
  }
  est.work = std::move(w);
}

}  // namespace detail

TRNCOST_DECL estimate model::evaluate(date as_of, const estimate_options& options) const {
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
  est.uncertainties = d_->uncertainties;
  est.runs = d_->runs;
  for (const auto& [c, why] : d_->declared) est.by_category[c] = decimal{};

  std::set<const source_record*> seen;
  for (std::size_t i = 0; i < d_->lines.size(); ++i) {
    const auto& l = d_->lines[i];
    line_item item;
    item.cat = l.cat;
    item.component = l.component;
    item.ph = l.ph;
    item.description = l.description;
    item.identity = l.identity;
    if (!item.identity.service.empty() && item.identity.region.empty()) {
      item.identity.region = d_->region;
    }
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
    }
    est.lines.push_back(std::move(item));
  }

  // The work delivered is part of what the estimate states (its cost per unit): its inputs are
  // checked like the lines' (an assumed run count makes the estimate provisional).
  if (d_->work) {
    for (const auto& in : detail::node_inputs(*d_, e, d_->work->second)) {
      detail::collect_leaves(in, seen, est.inputs);
    }
  }
  // The figures are stated like the work: their inputs are the estimate's too.
  for (const auto& f : d_->figures) {
    for (const auto& in : detail::node_inputs(*d_, e, f.node)) {
      detail::collect_leaves(in, seen, est.inputs);
    }
    est.figures.push_back(workload_figure{f.workload, f.what, detail::node_record(*d_, e, f.node)});
  }
  detail::apply_verified_rules(*d_, e, est, options);

  for (const auto& r : est.reasons) est.findings.push_back(r.text);
  detail::fill_work(*d_, e, est, options.cost_per);
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
      parts += (parts.empty() ? "" : ", ") + std::string(to_string(p)) + " " + amt.to_fixed(cents) +
               " USD";
    }
    if (!parts.empty()) sentence += " (" + parts + ")";
    est.findings.push_back(sentence);
  }
  return est;
}

TRNCOST_DECL estimate model::evaluate(date as_of) const {
  return evaluate(as_of, estimate_options{});
}

TRNCOST_DECL estimate::~estimate() = default;

TRNCOST_DECL auto estimate::unpriced_lines() const -> std::size_t {
  std::size_t n = 0;
  for (const auto& l : lines) n += l.amount ? std::size_t{0} : std::size_t{1};
  return n;
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_IMPL_ESTIMATE_IPP
