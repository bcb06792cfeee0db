// The compiled half of the Python module `trncost` (python/trncost/ is the other half): a thin
// layer over the headers that hands plain values (exact decimals as text, records as tuples) to the
// Python classes, which make them Decimals, enums and objects. One translation unit on purpose:
// each TU that includes these headers costs seconds to compile.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <trncost/analysis/comparison.hpp>
#include <trncost/analysis/decision.hpp>
#include <trncost/analysis/monte_carlo.hpp>
#include <trncost/analysis/scaling.hpp>
#include <trncost/analysis/scenarios.hpp>
#include <trncost/analysis/sensitivity.hpp>
#include <trncost/credits.hpp>
#include <trncost/model/components/block_storage.hpp>
#include <trncost/model/components/instance_time.hpp>
#include <trncost/readers/bill_files.hpp>
#include <trncost/readers/model_support.hpp>
#include <trncost/readers/run_log.hpp>
#include <trncost/report/audit.hpp>
#include <trncost/report/audit_document.hpp>
#include <trncost/report/audit_study.hpp>
#include <trncost/report/budget.hpp>
#include <trncost/report/diff.hpp>
#include <trncost/report/focus_csv.hpp>
#include <trncost/report/formats.hpp>
#include <trncost/report/html_diff.hpp>
#include <trncost/report/html_extras.hpp>
#include <trncost/report/json_extras.hpp>
#include <trncost/report/markdown_diff.hpp>
#include <trncost/report/markdown_extras.hpp>
#include <trncost/report/reconcile.hpp>
#include <trncost/report/render.hpp>
#include <trncost/report/study_report.hpp>
#include <trncost/report/what_if.hpp>
#include <trncost/scenario/plan.hpp>
#include <trncost/scenario/scenario.hpp>
#include <trncost/scenario/study.hpp>
#include <utility>
#include <vector>

#ifdef TRNCOST_HAVE_SQLITE
#include <trncost/readers/price_store.hpp>
#endif

namespace py = pybind11;

namespace {

using namespace trncost;

// ---------------------------------------------------------------------------------------------------
// Models and estimates as Python sees them

/// A model, from a scenario file (with its spec, for the report's analysis tables and title) or
/// built in Python component by component.
struct py_model {
  std::shared_ptr<model> m = std::make_shared<model>();
  std::optional<scenario::scenario_spec> spec;
  std::string title = "Cost estimate";
};

/// An estimate and what its reports need: the model it came from (kept alive) and, computed on the
/// first report, the analysis tables its scenario asks for.
struct py_estimate {
  estimate est;
  std::shared_ptr<const py_model> source;
  std::shared_ptr<report::extras> extras_cache;

  const report::extras& extras() {
    if (!extras_cache) {
      extras_cache = std::make_shared<report::extras>();
      if (source && source->spec)
        *extras_cache = scenario::scenario_extras(*source->spec, *source->m, est);
    }
    return *extras_cache;
  }
};

/// Monte Carlo totals, handed to Python through the buffer protocol (numpy.asarray without a copy,
/// or memoryview(...).tolist() without NumPy).
struct py_samples {
  std::vector<double> values;
};

// ---------------------------------------------------------------------------------------------------
// Units: the symbol Python gives, checked against the unit a component needs

template <class... U>
struct unit_list {};

// The units a Python caller can name: every named unit of units/units.hpp.
using named_units = unit_list<
    units::second_t, units::minute_t, units::hour_t, units::day_t, units::month_t, units::byte_t,
    units::kilobyte_t, units::megabyte_t, units::gigabyte_t, units::terabyte_t, units::kibibyte_t,
    units::mebibyte_t, units::gibibyte_t, units::tebibyte_t, units::token_t,
    units::million_tokens_t, units::instance_t, units::chip_t, units::neuron_core_t,
    units::request_t, units::thousand_requests_t, units::step_t, units::sample_t, units::flop_t,
    units::io_operation_t, units::metric_t, units::job_t, units::interruption_t,
    units::dimensionless_t, units::usd_t, units::instance_hour_t, units::instance_second_t,
    units::chip_hour_t, units::neuron_core_hour_t, units::gibibyte_month_t, units::gigabyte_month_t,
    units::gibibyte_hour_t, units::metric_month_t, units::tokens_per_second_t,
    units::samples_per_second_t, units::steps_per_second_t, units::flops_per_second_t,
    units::requests_per_second_t, units::iops_t, units::mebibytes_per_second_t,
    units::gibibytes_per_second_t, units::iops_month_t, units::mibps_month_t, units::gibps_month_t,
    units::interruptions_per_instance_hour_t, units::seconds_per_interruption_t,
    units::usd_per_hour_t, units::usd_per_instance_hour_t, units::usd_per_chip_hour_t,
    units::usd_per_neuron_core_hour_t, units::usd_per_gibibyte_month_t,
    units::usd_per_gigabyte_month_t, units::usd_per_gibibyte_t, units::usd_per_gigabyte_t,
    units::usd_per_request_t, units::usd_per_thousand_requests_t, units::usd_per_million_tokens_t,
    units::usd_per_iops_month_t, units::usd_per_gibps_month_t, units::usd_per_mibps_month_t,
    units::usd_per_metric_month_t, units::usd_per_job_t>;

template <class... U>
std::vector<std::string> symbols_of(unit_list<U...>) {
  return {units::symbol<U>()...};
}

/// The kind of mistake of giving `given` where `Expected` is needed (classified at compile time for
/// each named unit, as the C++ refusal does); empty when `given` is Expected's own symbol.
template <class Expected, class... U>
std::optional<detail::unit_mix> unit_mistake(const std::string& given, unit_list<U...>,
                                             bool& known) {
  std::optional<detail::unit_mix> out;
  known = false;
  const auto one = [&]<class Given>() {
    if (known || units::symbol<Given>() != given) return;
    known = true;
    if constexpr (!std::is_same_v<Given, Expected>) {
      out = detail::classify_unit_mix<Given, Expected>();
    }
  };
  (one.template operator()<U>(), ...);
  return out;
}

/// A record from Python: (name, exact decimal text, unit symbol, provenance dict).
using py_record = std::tuple<std::string, std::string, std::string, py::dict>;
/// An input nobody knows yet: (name, reason).
using py_unknown = std::pair<std::string, std::string>;

std::string text_of(const py::dict& d, const char* key, const std::string& kind,
                    const std::string& input) {
  if (!d.contains(key) || d[key].is_none()) {
    throw input_error("input '" + input + "': " + kind + " provenance field '" + key +
                      "' is not given");
  }
  return py::str(d[key]).cast<std::string>();
}

std::string optional_text(const py::dict& d, const char* key) {
  if (!d.contains(key) || d[key].is_none()) return {};
  return py::str(d[key]).cast<std::string>();
}

purchase_option option_of(const std::string& s, const std::string& input) {
  for (const auto p :
       {purchase_option::on_demand, purchase_option::reserved, purchase_option::savings_plan,
        purchase_option::spot, purchase_option::capacity_block}) {
    if (to_string(p) == s) return p;
  }
  throw input_error("input '" + input + "': quoted provenance field 'option' is \"" + s +
                    "\"; the options are on-demand, reserved, Savings Plan, spot, Capacity Block");
}

/// A provenance from the dict the Python constructors make ({"kind": "measured", "run": ...}).
provenance provenance_of(const py::dict& d, const std::string& input) {
  const std::string kind = text_of(d, "kind", "a", input);
  if (kind == spelling_of<measured>.report) {
    return measured{optional_text(d, "run"), optional_text(d, "method"),
                    parse_timestamp(text_of(d, "start", kind, input)),
                    parse_timestamp(text_of(d, "end", kind, input))};
  }
  if (kind == spelling_of<quoted>.report) {
    quoted q;
    q.source = text_of(d, "source", kind, input);
    q.region = text_of(d, "region", kind, input);
    q.consulted = parse_date(text_of(d, "consulted", kind, input));
    if (const auto o = optional_text(d, "option"); !o.empty()) q.option = option_of(o, input);
    q.offer_code = optional_text(d, "offer_code");
    q.offer_version = optional_text(d, "offer_version");
    if (const auto p = optional_text(d, "published"); !p.empty()) q.published = parse_date(p);
    q.sku = optional_text(d, "sku");
    q.offer_term_code = optional_text(d, "offer_term_code");
    q.rate_code = optional_text(d, "rate_code");
    if (const auto e = optional_text(d, "effective"); !e.empty()) q.effective = parse_date(e);
    q.unit = optional_text(d, "unit");
    q.description = optional_text(d, "description");
    return q;
  }
  if (kind == spelling_of<documented>.report) {
    return documented{text_of(d, "source", kind, input),
                      parse_date(text_of(d, "consulted", kind, input))};
  }
  if (kind == spelling_of<third_party>.report) {
    return third_party{text_of(d, "source", kind, input),
                       parse_date(text_of(d, "seen", kind, input))};
  }
  if (kind == spelling_of<assumption>.report)
    return assumption{text_of(d, "rationale", kind, input)};
  if (kind == spelling_of<choice>.report) {
    return choice{text_of(d, "why", kind, input), optional_text(d, "by")};
  }
  if (kind == spelling_of<forecast>.report) {
    return forecast{text_of(d, "basis", kind, input), optional_text(d, "by")};
  }
  throw input_error("input '" + input + "': provenance kind \"" + kind +
                    "\" cannot be given from Python; the kinds are measured, quoted, documented, "
                    "third-party, assumption, choice and forecast");
}

/// A sourced value of unit `Expected` from a Python record; a record in another unit is a
/// TypeError with the sentence C++ refuses the same mistake with at compile time.
template <class Expected>
sourced<quantity<Expected>> sourced_of(const py_record& r, std::string_view role) {
  const auto& [name, value, unit, origin] = r;
  bool known = false;
  const auto mistake = unit_mistake<Expected>(unit, named_units{}, known);
  const std::string context = "input '" + name + "' (" + std::string(role) + ") is in '" + unit +
                              "' where '" + units::symbol<Expected>() + "' is needed";
  if (!known) {
    throw py::type_error("trncost: unknown unit symbol; " + context +
                         " (trncost.unit_symbols() lists the units)");
  }
  if (mistake) {
    throw py::type_error(std::string(detail::unit_assignment_sentence(*mistake)) + "; " + context);
  }
  return sourced<quantity<Expected>>(name, quantity<Expected>::from_value(decimal::parse(value)),
                                     provenance_of(origin, name));
}

template <class Expected>
input_of<quantity<Expected>> input_from(const std::variant<py_record, py_unknown>& in,
                                        std::string_view role) {
  if (const auto* u = std::get_if<py_unknown>(&in)) return unknown_input{u->first, u->second};
  return sourced_of<Expected>(std::get<py_record>(in), role);
}

category category_of(const std::string& key) {
  for (const auto& [k, c] : scenario::detail::category_keys) {
    if (k == key) return c;
  }
  throw input_error("unknown category \"" + key +
                    "\"; the categories are compute, storage, transfer, logs, data_preparation, "
                    "failures_restarts");
}

phase phase_of(const std::string& label) {
  for (const auto p : all_phases) {
    if (to_string(p) == label) return p;
  }
  throw input_error("unknown phase \"" + label + "\"");
}

// ---------------------------------------------------------------------------------------------------
// Values handed back to Python

/// (name, value, unit, provenance kind, provenance text, known)
using record_tuple =
    std::tuple<std::string, std::string, std::string, std::string, std::string, bool>;

record_tuple record_of(const input_ref& r) {
  return {r->name, r->value, r->unit, std::string(kind_name(r->origin)), describe(r->origin),
          r->known};
}

std::vector<record_tuple> records_of(const std::vector<input_ref>& rs) {
  std::vector<record_tuple> out;
  out.reserve(rs.size());
  for (const auto& r : rs) out.push_back(record_of(r));
  return out;
}

std::optional<std::string> text_of(const std::optional<decimal>& d) {
  if (!d) return std::nullopt;
  return d->to_string();
}

std::string category_key(category c) {
  for (const auto& [k, cat] : scenario::detail::category_keys) {
    if (cat == c) return std::string(k);
  }
  return std::string(to_string(c));
}

/// What a line is: (service, region, instance type, usage type, purchase option, offer), "" where
/// it does not apply.
py::tuple identity_of(const line_identity& id) {
  return py::make_tuple(id.service, id.region, id.instance_type, id.usage_type,
                        id.purchase ? std::string(to_string(*id.purchase)) : std::string(),
                        id.offer);
}

/// A line by the report's member names (docs/reports.md, "lines"), so that Python builds its Line
/// by name: {"category", "component", "phase", "description", "amount", "formula", "inputs",
/// "price", "quantity", "num", "den", "identity"}.
py::dict line_of(const line_item& l) {
  py::dict d;
  d["category"] = category_key(l.cat);
  d["component"] = l.component;
  d["phase"] = l.ph ? py::object(py::str(std::string(to_string(*l.ph)))) : py::none();
  d["description"] = l.description;
  d["amount"] = text_of(l.amount);
  d["formula"] = l.formula;
  d["inputs"] = records_of(l.inputs);
  d["price"] = record_of(l.price);
  d["quantity"] = record_of(l.quantity);
  d["num"] = l.num;
  d["den"] = l.den;
  d["identity"] = identity_of(l.identity);
  return d;
}

py::dict estimate_dict(const estimate& e) {
  py::dict d;
  d["as_of"] = to_string(e.as_of);
  d["total"] = e.total.to_string();
  d["useful"] = e.useful.to_string();
  d["overhead"] = e.overhead.to_string();
  d["status"] = std::string(to_string(e.status));
  py::list lines;
  for (const auto& l : e.lines) lines.append(line_of(l));
  d["lines"] = lines;
  std::vector<std::pair<std::string, std::string>> by_category;
  for (const auto& [c, v] : e.by_category) by_category.emplace_back(category_key(c), v.to_string());
  d["by_category"] = by_category;
  std::vector<std::pair<std::string, std::string>> by_phase;
  for (const auto& [p, v] : e.by_phase)
    by_phase.emplace_back(std::string(to_string(p)), v.to_string());
  d["by_phase"] = by_phase;
  std::vector<std::tuple<std::string, std::string, std::string>> reasons;
  for (const auto& r : e.reasons) {
    reasons.emplace_back(std::string(to_string(r.status)), r.text,
                         std::string(entry_of(r.rule).name));
  }
  d["reasons"] = reasons;
  d["findings"] = e.findings;
  d["inputs"] = records_of(e.inputs);
  // The work delivered and its costs per unit: (kind, amount, per, unit, full, compute only), the
  // costs None when the work is unknown or 0; the whole entry None when the model delivers none.
  if (e.work) {
    const auto cost = [](const std::optional<input_ref>& r) {
      return r ? py::cast(record_of(*r)) : py::object(py::none());
    };
    d["work"] =
        py::make_tuple(std::string(to_string(e.work->kind)), record_of(e.work->amount), e.work->per,
                       e.work->unit, cost(e.work->full), cost(e.work->compute_only));
  } else {
    d["work"] = py::none();
  }
  // The figures of its workloads (model::add_figure): {"workload", "what", "value"} by member name,
  // the value a record.
  py::list figures;
  for (const auto& f : e.figures) {
    py::dict fd;
    fd["workload"] = f.workload;
    fd["what"] = f.what;
    fd["value"] = record_of(f.value);
    figures.append(fd);
  }
  d["figures"] = figures;
  return d;
}

std::string render(py_estimate& e, const std::string& format) {
  const auto& x = e.extras();
  const std::string title = e.source ? e.source->title : std::string("Cost estimate");
  const auto f = report::format_named(format, report::report_kind::estimate);
  if (!f) throw input_error(report::format_refusal(format, report::report_kind::estimate));
  switch (*f) {
    case report::format::json:
      return report::render_json(e.est, x);
    case report::format::focus_csv:
      return report::render_focus_csv(e.est, x.burn_down);
    case report::format::markdown:
      return report::render_markdown(e.est, x, title);
    case report::format::html:
      return report::render_html(e.est, x, title);
    case report::format::text:
    case report::format::svg:
      break;
  }
  throw input_error(report::format_refusal(format, report::report_kind::estimate));
}

// ---------------------------------------------------------------------------------------------------
// Analysis

py::tuple bar_of(const analysis::tornado_bar& b) {
  return py::make_tuple(b.input, b.kind, b.basis, b.baseline_value.to_string(), b.low.to_string(),
                        b.high.to_string(), b.total_at_low.to_string(), b.total_at_high.to_string(),
                        b.swing.to_string());
}

/// band: "" for none (observed ranges only); ranges: medians of runs between their min and max.
py::tuple tornado_of(const py_model& pm, const std::string& band, bool vary_assumptions,
                     bool ranges) {
  const analysis::model_inputs in(*pm.m);
  analysis::sensitivity_options o;
  o.vary_assumptions = vary_assumptions;
  const std::optional<decimal> share =
      band.empty() ? std::nullopt : std::optional<decimal>(decimal::parse(band));
  if (!ranges && !share) throw input_error("tornado: give a band, or observed=True");
  const auto t = analysis::sensitivity(
      in, ranges ? analysis::observed_ranges(in, share) : analysis::observed_bands(in, *share), o);
  py::list observed;
  py::list assumed;
  for (const auto& b : t.observed) observed.append(bar_of(b));
  for (const auto& b : t.assumptions) assumed.append(bar_of(b));
  return py::make_tuple(t.baseline_total.to_string(), observed, assumed);
}

/// (input name, distribution kind, its parameters as exact decimal text)
using py_uncertain = std::tuple<std::string, std::string, std::vector<std::string>>;

analysis::distribution distribution_of(const std::string& kind, const std::vector<std::string>& p) {
  const auto need = [&](std::size_t n) {
    if (p.size() != n) {
      throw input_error("distribution '" + kind + "' takes " + std::to_string(n) +
                        " parameters, got " + std::to_string(p.size()));
    }
  };
  if (kind == "uniform") {
    need(2);
    return analysis::distribution::uniform(decimal::parse(p[0]), decimal::parse(p[1]));
  }
  if (kind == "triangular") {
    need(3);
    return analysis::distribution::triangular(decimal::parse(p[0]), decimal::parse(p[1]),
                                              decimal::parse(p[2]));
  }
  if (kind == "lognormal_90") {
    need(2);
    return analysis::distribution::lognormal_90(decimal::parse(p[0]), decimal::parse(p[1]));
  }
  if (kind == "empirical") {
    std::vector<decimal> values;
    for (const auto& v : p) values.push_back(decimal::parse(v));
    return analysis::distribution::empirical(values);
  }
  throw input_error("unknown distribution \"" + kind +
                    "\"; the distributions are uniform, triangular, lognormal_90, empirical");
}

/// Scenarios beside the measured one: (name, overrides), each override a record of the input it
/// sets (its name, the new value, the input's unit, what the value rests on). Gives the measured
/// scenario first, then each: (name, total, gap, interaction, [(input, value, rationale)],
/// [(input, from, to, effect)], [(category, amount)]), amounts as exact decimal text.
py::list scenarios_of(const py_model& pm,
                      const std::vector<std::pair<std::string, std::vector<py_record>>>& named) {
  const analysis::model_inputs in(*pm.m);
  std::vector<analysis::scenario> scenarios;
  for (const auto& [name, records] : named) {
    analysis::scenario s{name, {}};
    for (const auto& [input, value, unit, origin] : records) {
      const auto& leaf = in.leaves()[in.find(input)];
      if (unit != leaf.record->unit) {
        throw input_error("scenario '" + name + "': the override of '" + input + "' is in \"" +
                          unit + "\" where the input is in \"" + leaf.record->unit +
                          "\"; give the value in the input's unit");
      }
      s.overrides.push_back({input, decimal::parse(value), describe(provenance_of(origin, input))});
    }
    scenarios.push_back(std::move(s));
  }
  const auto t = analysis::compare_scenarios(in, scenarios);
  py::list out;
  for (const auto& r : t.scenarios) {
    py::list overrides;
    for (const auto& o : r.overrides) {
      overrides.append(py::make_tuple(o.input, o.value.to_string(), o.rationale));
    }
    py::list parts;
    for (const auto& p : r.parts) {
      parts.append(
          py::make_tuple(p.input, p.from.to_string(), p.to.to_string(), p.effect.to_string()));
    }
    py::list by_category;
    for (const auto& [c, a] : r.by_category) {
      by_category.append(py::make_tuple(category_key(c), a.to_string()));
    }
    out.append(py::make_tuple(r.name, r.total.to_string(), r.gap.to_string(),
                              r.interaction.to_string(), overrides, parts, by_category));
  }
  return out;
}

/// (first input, second input, rank correlation as exact decimal text)
using py_correlation = std::tuple<std::string, std::string, std::string>;

py::tuple monte_carlo_of(const py_model& pm, const std::vector<py_uncertain>& inputs,
                         std::uint64_t samples, std::uint64_t seed,
                         const std::optional<std::string>& budget, bool keep_samples,
                         const std::vector<py_correlation>& correlations) {
  const analysis::model_inputs in(*pm.m);
  std::vector<analysis::uncertain_input> uncertain;
  for (const auto& [name, kind, params] : inputs) {
    uncertain.push_back({name, distribution_of(kind, params)});
  }
  analysis::monte_carlo_options o;
  o.samples = samples;
  o.seed = seed;
  o.keep_samples = keep_samples;
  if (budget) o.budget = money::from_value(decimal::parse(*budget));
  for (const auto& [first, second, rho] : correlations) {
    o.correlations.push_back(
        analysis::correlation{.first = first, .second = second, .rho = decimal::parse(rho)});
  }
  analysis::monte_carlo_result r;
  {
    py::gil_scoped_release unlocked;  // the loop is C++ alone
    r = analysis::monte_carlo(in, uncertain, o);
  }
  py::dict d;
  d["samples"] = r.samples;
  d["seed"] = r.seed;
  d["baseline"] = r.baseline;
  d["mean"] = r.mean;
  d["p5"] = r.p5;
  d["p50"] = r.p50;
  d["p95"] = r.p95;
  d["min"] = r.min;
  d["max"] = r.max;
  d["p_over_budget"] = r.p_over_budget;
  d["varied"] = r.varied;
  d["correlations"] = r.correlations;
  py::object totals = py::none();
  if (keep_samples) totals = py::cast(py_samples{std::move(r.totals)});
  return py::make_tuple(d, totals);
}

/// (name, estimate, dataset id, metric, target, lower_is_better, reached, stack, seconds)
using py_option =
    std::tuple<std::string, const py_estimate*, std::string, std::string, std::string, bool,
               std::optional<std::string>, std::string, std::optional<std::string>>;

analysis::protocol protocol_of(const std::string& dataset, const std::string& metric,
                               const std::string& target, bool lower_is_better,
                               const std::optional<std::string>& reached,
                               const std::string& stack) {
  analysis::protocol p;
  p.dataset_id = dataset;
  p.metric = metric;
  p.target = decimal::parse(target);
  p.direction = lower_is_better ? analysis::quality_direction::lower_is_better
                                : analysis::quality_direction::higher_is_better;
  if (reached) p.reached = decimal::parse(*reached);
  p.stack = stack;
  return p;
}

py::list compare_of(const std::vector<py_option>& options) {
  std::vector<analysis::option> in;
  for (const auto& [name, est, dataset, metric, target, lower, reached, stack, seconds] : options) {
    analysis::option o{name, est->est, protocol_of(dataset, metric, target, lower, reached, stack),
                       std::nullopt};
    if (seconds) o.seconds_to_target = decimal::parse(*seconds);
    in.push_back(std::move(o));
  }
  const auto c = analysis::compare(in);
  py::list groups;
  for (const auto& g : c.groups) {
    py::list ranked;
    for (const auto& r : g.ranked) {
      ranked.append(py::make_tuple(r.name, r.cost.to_string(), text_of(r.seconds), r.cost_rank,
                                   r.time_rank, r.cost_ratio.to_string(), text_of(r.time_ratio),
                                   r.stack));
    }
    std::vector<std::pair<std::string, std::string>> apart;
    for (const auto& a : g.apart) apart.emplace_back(a.name, a.reason);
    groups.append(
        py::make_tuple(g.dataset_id, g.metric, g.target.to_string(), g.differences, ranked, apart));
  }
  return groups;
}

py::tuple decide_of(const py_estimate& e, const std::string& dataset, const std::string& metric,
                    const std::string& target, bool lower,
                    const std::optional<std::string>& reached, const std::string& stack,
                    const std::string& region, const std::string& stated_check,
                    const std::vector<std::string>& bottlenecks,
                    const std::optional<std::string>& porting_unjustified) {
  analysis::decision_inputs in;
  in.est = &e.est;
  in.quality = protocol_of(dataset, metric, target, lower, reached, stack);
  in.region = region;
  in.support.stated_check = stated_check;
  in.bottlenecks = bottlenecks;
  in.porting_unjustified = porting_unjustified;
  const auto d = analysis::decide(in);
  return py::make_tuple(std::string(analysis::to_string(d.outcome)), d.suspend_reasons,
                        d.compare_reasons, d.continue_reasons);
}

/// (name, amount record, issued, last valid day, AWS services covered: codes or names)
using py_grant =
    std::tuple<std::string, py_record, std::string, std::string, std::vector<std::string>>;

py::dict burn_down_of(const std::vector<py_grant>& grants, const py_estimate& e,
                      const std::string& start, const std::string& end, bool repeats) {
  std::vector<credits::grant> gs;
  for (const auto& [name, amount, issued, last_valid_day, services] : grants) {
    const std::set<std::string> covered(services.begin(), services.end());
    gs.emplace_back(name, sourced_of<units::usd_t>(amount, "grant amount"), parse_date(issued),
                    credits::last_day{parse_date(last_valid_day)}, covered);
  }
  // A one-off job is not projected past its end unless it repeats, as a scenario's [spend] says.
  auto schedule = credits::spend_schedule::spread(e.est, parse_date(start), parse_date(end));
  if (!repeats) schedule.set_rate(credits::spend_rate{});
  const auto r = credits::burn_down(gs, schedule);
  py::dict d;
  py::list outcomes;
  for (const auto& g : r.grants) {
    outcomes.append(py::make_tuple(
        g.name, g.amount.to_string(), g.used.to_string(), g.balance_at_end.to_string(),
        g.exhausted_on ? py::object(py::str(to_string(*g.exhausted_on))) : py::none(),
        text_of(g.wasted_at_expiry), g.unused_at_schedule_end.to_string(),
        to_string(g.last_valid_day),
        g.runs_out_on ? py::object(py::str(to_string(*g.runs_out_on))) : py::none(),
        g.lost_at_expiry.to_string()));
  }
  d["grants"] = outcomes;
  py::list periods;
  for (const auto& p : r.periods) {
    std::vector<std::string> balances;
    for (const auto& b : p.balance_after) balances.push_back(b.to_string());
    periods.append(py::make_tuple(to_string(p.start), to_string(p.end), p.spend.to_string(),
                                  p.credits_used.to_string(), p.uncovered.to_string(), balances));
  }
  d["periods"] = periods;
  d["total_spend"] = r.total_spend.to_string();
  d["total_credits"] = r.total_credits.to_string();
  d["total_uncovered"] = r.total_uncovered.to_string();
  d["total_wasted"] = r.total_wasted.to_string();
  d["runway"] = r.runway ? py::object(py::str(to_string(*r.runway))) : py::none();
  d["findings"] = r.findings;
  return d;
}

// ---------------------------------------------------------------------------------------------------
// Building a model in Python

void add_instance_time(py_model& pm, const std::string& name, const std::string& instance_type,
                       const std::variant<py_record, py_unknown>& count,
                       const std::variant<py_record, py_unknown>& price,
                       const std::vector<std::pair<std::string, py_record>>& phases) {
  std::vector<phase_time> ps;
  for (const auto& [label, duration] : phases) {
    ps.push_back({phase_of(label), sourced_of<units::second_t>(duration, "phase " + label)});
  }
  pm.m->add(instance_time(name, instance_type, input_from<units::instance_t>(count, "count"),
                          input_from<units::usd_per_instance_hour_t>(price, "price"),
                          std::move(ps)));
}

/// `kept`: a record in s, h or mo (seconds and hours under the 730-hour month).
void add_block_storage(py_model& pm, const std::string& name, const std::string& volume_type,
                       const std::variant<py_record, py_unknown>& size, const py_record& kept,
                       const std::variant<py_record, py_unknown>& price,
                       const std::optional<py_record>& volumes) {
  const std::string& kept_unit = std::get<2>(kept);
  const auto period = [&]() -> usage_period {
    if (kept_unit == units::symbol<units::second_t>()) {
      return {sourced_of<units::second_t>(kept, "kept"), month_730h};
    }
    if (kept_unit == units::symbol<units::month_t>())
      return {sourced_of<units::month_t>(kept, "kept")};
    return {sourced_of<units::hour_t>(kept, "kept"),
            month_730h};  // any other unit: hours' sentence
  }();
  block_storage b(name, volume_type, input_from<units::gibibyte_t>(size, "size"), period,
                  input_from<units::usd_per_gibibyte_month_t>(price, "price"));
  if (volumes) b.with_volumes(sourced_of<units::dimensionless_t>(*volumes, "volumes"));
  pm.m->add(b);
}

// ---------------------------------------------------------------------------------------------------
// The bill against the estimate, and the budget gate: on an estimate, or on a JSON report (audited
// first, as the command does)

/// The report document of a JSON report file: read, audited (input_error naming the first mismatch
/// when it does not recompute) and parsed.
report::document audited_document(const std::string& path) {
  const std::string text = readers::read_input_file(path);
  const auto result = report::audit(text, path);
  if (!result.ok) {
    throw input_error(path + ": the report does not recompute: " + result.first_mismatch);
  }
  return report::read_report(text, path);
}

report::document document_of(const py::object& estimate_or_path) {
  if (py::isinstance<py::str>(estimate_or_path)) {
    return audited_document(estimate_or_path.cast<std::string>());
  }
  return report::from_estimate(estimate_or_path.cast<const py_estimate&>().est);
}

/// The reconciliation as its JSON, Markdown and HTML (Python builds its objects from the JSON).
py::tuple reconcile_of(const py::object& estimate, const std::string& name, const std::string& bill,
                       const std::optional<std::string>& from, const std::optional<std::string>& to,
                       const std::vector<std::string>& accounts,
                       const std::vector<std::string>& regions,
                       const std::vector<std::pair<std::string, std::string>>& tags,
                       const std::string& basis) {
  report::reconcile_options o;
  const auto time = [](const std::string& t, const char* what) {
    timestamp out;
    if (!readers::detail::bill_time(t, out)) {
      throw input_error(std::string(what) + " \"" + t +
                        "\" is not a date or a UTC time (2026-11-01 or 2026-11-01T00:00:00Z)");
    }
    return out;
  };
  if (from) o.from = time(*from, "start");
  if (to) o.to = time(*to, "end");
  o.accounts = accounts;
  o.regions = regions;
  o.tags = tags;
  if (basis != "effective" && basis != "billed") {
    throw input_error("cost \"" + basis + "\": the bases are effective, billed");
  }
  o.basis = basis == "billed" ? report::cost_basis::billed : report::cost_basis::effective;
  const report::document doc = document_of(estimate);
  // As AWS delivers it: plain or gzip CSV, a folder of parts or a manifest.
  readers::bill_reader reader = readers::open_bill(bill);
  const auto r = report::reconcile(doc, name, reader, o);
  return py::make_tuple(report::render_reconciliation_json(r),
                        report::render_reconciliation_markdown(r),
                        report::render_reconciliation_html(r));
}

/// The SQL that reduces a bill where it is stored (readers::bill_query).
std::string bill_query_of(const std::string& table, const std::string& layout,
                          const std::string& dialect, const std::string& grain) {
  readers::bill_query_options o;
  o.table = table;
  if (layout != "cur2" && layout != "focus") {
    throw input_error("layout \"" + layout + "\": the layouts queried are cur2 and focus");
  }
  o.layout = layout == "focus" ? readers::bill_layout::focus : readers::bill_layout::cur2;
  const auto d = readers::parse_sql_dialect(dialect);
  if (!d) throw input_error("dialect \"" + dialect + "\": athena, spark or sqlite");
  o.dialect = *d;
  const auto g = readers::parse_bill_grain(grain);
  if (!g) throw input_error("grain \"" + grain + "\": hour, day or month");
  o.grain = *g;
  return readers::bill_query(o);
}

/// Each limit's (limit, passed, sentence), and whether all passed.
py::tuple check_budget_of(const py::object& estimate, const std::optional<std::string>& max_total,
                          const std::optional<std::string>& max_increase,
                          const std::optional<std::string>& against,
                          const std::optional<std::string>& min_status) {
  report::budget_limits limits;
  if (max_total) limits.max_total = decimal::parse(*max_total);
  if (max_increase) limits.max_increase_percent = decimal::parse(*max_increase);
  if (min_status) {
    limits.min_status = report::parse_status(*min_status);
    if (!limits.min_status) {
      throw input_error("min_status \"" + *min_status +
                        "\" is not a status; the statuses, best first, are verified, "
                        "provisional, stale, unpriced, incomplete");
    }
  }
  const report::document doc = document_of(estimate);
  std::optional<report::document> baseline;
  if (against) baseline = audited_document(*against);
  const auto verdict = report::check_budget(doc, limits, baseline ? &*baseline : nullptr,
                                            against.value_or("the baseline"));
  std::vector<std::tuple<std::string, bool, std::string>> checks;
  for (const auto& c : verdict.checks) checks.emplace_back(c.limit, c.passed, c.sentence);
  return py::make_tuple(verdict.passed, checks);
}

/// What reads a scenario's `[prices] store`: the SQLite price store when built with it (as the
/// command); else none, and build_model refuses such a scenario with a sentence naming the key.
scenario::price_store_reader store_reader() {
#ifdef TRNCOST_HAVE_SQLITE
  return readers::price_store_offers;
#else
  return {};
#endif
}

// ---------------------------------------------------------------------------------------------------
// Studies and plans, read from their files and evaluated as the command does

struct py_study {
  report::study_result r;
};

struct py_plan {
  scenario::plan_result r;
};

/// The study's options: (name, title, work, the option's Estimate), in the file's order.
py::list study_options(const py_study& s) {
  py::list out;
  for (const auto& o : s.r.options) {
    auto e = std::make_shared<py_estimate>();
    e->est = o.est;
    e->extras_cache = std::make_shared<report::extras>(o.extras);
    out.append(py::make_tuple(o.name, o.title, o.work.to_string(), e));
  }
  return out;
}

/// Each option's credits, by member name: {"name", "has_grant", "credits", "cash",
/// "lost_at_expiry", "runway" (ISO day or None), "grants": [{"name", "used", "usable",
/// "runs_out_on", "lost_at_expiry"}]}; without a grant, credits and losses 0, cash the total.
py::list study_credits(const py_study& s) {
  const auto day = [](const std::optional<date>& d) {
    return d ? py::object(py::str(to_string(*d))) : py::object(py::none());
  };
  py::list out;
  for (const auto& o : s.r.options) {
    py::dict d;
    d["name"] = o.name;
    const auto& b = o.extras.burn_down;
    d["has_grant"] = b.has_value();
    d["credits"] = b ? b->total_credits.to_string() : std::string("0");
    d["cash"] = (b ? o.est.total - b->total_credits : o.est.total).to_string();
    d["lost_at_expiry"] = b ? b->total_lost_at_expiry.to_string() : std::string("0");
    d["runway"] = b ? day(b->runway) : py::object(py::none());
    py::list gs;
    if (b) {
      for (const auto& g : b->grants) {
        py::dict e;
        e["name"] = g.name;
        e["used"] = g.used.to_string();
        e["usable"] = g.usable;
        e["runs_out_on"] = day(g.runs_out_on);
        e["lost_at_expiry"] = g.lost_at_expiry.to_string();
        gs.append(e);
      }
    }
    d["grants"] = gs;
    out.append(d);
  }
  return out;
}

/// The ranking by cash after credits, by member name: {"effect", "ranked": [{"name", "rank",
/// "list_rank", "total", "credits", "cash", "lost_at_expiry", "work", "cash_per_work"}]}, or None
/// without grants.
py::object study_cash_ranking(const py_study& s) {
  if (!s.r.cash) return py::none();
  py::dict d;
  d["effect"] = s.r.cash->effect;
  py::list ranked;
  for (const auto& k : s.r.cash->ranked) {
    py::dict e;
    e["name"] = k.name;
    e["rank"] = k.rank;
    e["list_rank"] = k.list_rank;
    e["total"] = k.total.to_string();
    e["credits"] = k.credits.to_string();
    e["cash"] = k.cash.to_string();
    e["lost_at_expiry"] = k.lost_at_expiry.to_string();
    e["work"] = k.work.to_string();
    e["cash_per_work"] = k.cash_per_work.to_string();
    ranked.append(e);
  }
  d["ranked"] = ranked;
  return d;
}

/// Each break-even by the report's member names (docs/reports.md, "break_even"), so that Python
/// builds its BreakEven by name: {"hosted", "api", "component", "baseline", "demand" (or None),
/// "peak" (or None), "hosted_total", "api_total", "hosted_at_baseline", "api_at_baseline",
/// "stepwise", "bound", "windows": [(from, to or None)], "credits": (hosted, api) or None,
/// "windows_after_credits"}.
py::list study_break_evens(const py_study& s) {
  const auto windows = [](const std::vector<report::demand_window>& ws) {
    py::list out;
    for (const auto& w : ws) {
      out.append(py::make_tuple(w.from.to_string(), w.to ? py::object(py::str(w.to->to_string()))
                                                         : py::object(py::none())));
    }
    return out;
  };
  const auto opt = [](const std::optional<decimal>& v) {
    return v ? py::object(py::str(v->to_string())) : py::object(py::none());
  };
  py::list out;
  for (const auto& b : s.r.break_evens) {
    py::dict d;
    d["hosted"] = b.hosted;
    d["api"] = b.api;
    d["component"] = b.component;
    d["baseline"] = b.baseline.to_string();
    d["demand"] = opt(b.demand);
    d["peak"] = opt(b.peak);
    d["hosted_total"] = b.hosted_total.to_string();
    d["api_total"] = b.api_total.to_string();
    d["hosted_at_baseline"] = b.hosted_at_baseline.to_string();
    d["api_at_baseline"] = b.api_at_baseline.to_string();
    d["stepwise"] = b.stepwise;
    d["bound"] = b.bound.to_string();
    d["windows"] = windows(b.windows);
    d["windows_after_credits"] = windows(b.windows_after_credits);
    d["credits"] =
        b.credits
            ? py::object(py::make_tuple(b.credits->hosted.to_string(), b.credits->api.to_string()))
            : py::object(py::none());
    out.append(d);
  }
  return out;
}

/// The plan's totals and its workloads: {"spend", "credits", "cash", "lost", "runway",
/// "workloads": [(name, occurrences as (start, end) pairs, spend, credits, cash, days, seconds,
/// days_from_workload)]}: days one occurrence's length as exact text (6.696365740740740741 for a
/// run of 578,566 s), seconds its length in seconds.
py::dict plan_data(const py_plan& p) {
  const auto& b = p.r.burn_down;
  decimal lost{};
  for (const auto& g : b.grants) lost += g.lost_at_expiry;
  py::dict d;
  d["spend"] = b.total_spend.to_string();
  d["credits"] = b.total_credits.to_string();
  d["cash"] = b.total_uncovered.to_string();
  d["lost"] = lost.to_string();
  d["runway"] = b.runway ? py::object(py::str(to_string(*b.runway))) : py::none();
  py::list ws;
  for (const auto& w : p.r.workloads) {
    py::list occ;
    for (const auto& o : w.occurrences)
      occ.append(py::make_tuple(to_string(o.start), to_string(o.end)));
    ws.append(py::make_tuple(w.name, occ, w.draw.spend.to_string(), w.draw.credits.to_string(),
                             w.draw.cash.to_string(), w.days.to_string(), w.seconds,
                             w.days_from_workload));
  }
  d["workloads"] = ws;
  return d;
}

/// A run log (CSV or JSON lines) as plain values: what each run records, as the scenario's [runs]
/// reads it (readers/run_log.hpp), quantities as exact text.
py::list runs_of(const std::string& path) {
  const auto opt_text = [](const auto& q) {
    return q ? py::object(py::str(q->value().to_string())) : py::none();
  };
  py::list out;
  for (const auto& r : readers::read_run_log(path)) {
    py::dict d;
    d["id"] = r.id;
    d["model_id"] = r.model_id;
    d["code_version"] = r.code_version;
    d["dataset_id"] = r.dataset_id;
    d["instance_type"] = r.instance_type;
    d["instances"] = r.instances.value().to_string();
    d["region"] = r.region;
    d["outcome"] = std::string(measure::to_string(r.outcome));
    d["ended"] = r.ended ? py::object(py::str(to_string(*r.ended))) : py::none();
    d["origin"] = r.origin;
    d["parameters"] = r.parameters;
    d["software_stack"] = r.software_stack;
    py::list phases;
    for (const auto& ph : r.phases) {
      phases.append(
          py::make_tuple(std::string(to_string(ph.ph)),
                         ph.start ? py::object(py::str(to_string(*ph.start))) : py::none(),
                         ph.duration.value().to_string(), opt_text(ph.steps), opt_text(ph.tokens),
                         opt_text(ph.samples), ph.origin));
    }
    d["phases"] = phases;
    py::list incidents;
    for (const auto& i : r.incidents) {
      incidents.append(py::make_tuple(i.kind, to_string(i.start), i.duration.value().to_string(),
                                      i.work_lost.value().to_string(), i.origin));
    }
    d["incidents"] = incidents;
    py::list quality;
    for (const auto& q : r.quality) {
      quality.append(py::make_tuple(q.metric, to_string(q.at), q.value.to_string(), q.origin));
    }
    d["quality"] = quality;
    d["target"] = r.target
                      ? py::object(py::make_tuple(r.target->metric, r.target->target.to_string(),
                                                  r.target->higher_is_better))
                      : py::none();
    out.append(d);
  }
  return out;
}

/// Multi-node scaling (analysis::scaling_curve): each measured count's row, then each count
/// extrapolated with its loss per doubling, as (nodes, measured, throughput, efficiency, time,
/// cost).
py::list scaling_of(const std::vector<std::pair<py_record, py_record>>& points,
                    const py_record& tokens, const py_record& price,
                    const std::vector<std::pair<std::uint64_t, py_record>>& beyond) {
  std::vector<analysis::scaling_point> pts;
  pts.reserve(points.size());
  for (const auto& pt : points) {
    pts.push_back({sourced_of<units::instance_t>(pt.first, "nodes"),
                   sourced_of<units::tokens_per_second_t>(pt.second, "throughput")});
  }
  const analysis::scaling_curve curve(std::move(pts));
  const auto job = sourced_of<units::token_t>(tokens, "tokens");
  const auto rate = sourced_of<units::usd_per_instance_hour_t>(price, "price");
  auto rows = curve.rows(job, rate);
  for (const auto& b : beyond) {
    rows.push_back(curve.extrapolate(
        b.first, sourced_of<units::dimensionless_t>(b.second, "loss_per_doubling"), job, rate));
  }
  py::list out;
  for (const auto& r : rows) {
    out.append(py::make_tuple(r.nodes.to_string(), r.measured, record_of(r.throughput.record()),
                              record_of(r.efficiency.record()), record_of(r.time.record()),
                              record_of(r.cost.record())));
  }
  return out;
}

/// A model-support export (compat::evidence_set) held for lookups from Python.
struct py_support {
  std::shared_ptr<compat::evidence_set> set;
};

py::tuple support_row_of(const compat::evidence_piece& p) {
  const auto& r = p.row;
  const auto opt_int = [](const std::optional<std::int64_t>& x) {
    return x ? py::object(py::int_(*x)) : py::none();
  };
  std::vector<std::string> differences;
  differences.reserve(p.differences.size());
  for (const auto& d : p.differences) differences.push_back(compat::describe(d));
  return py::make_tuple(
      r.model_id, r.runner, r.result, std::string(compat::to_string(r.kind)), opt_int(r.tp),
      opt_int(r.wall_s),
      r.hbm_peak_gb ? py::object(py::str(r.hbm_peak_gb->to_string())) : py::none(),
      r.tested_at_text, r.line, r.error, r.exclusion, differences, describe(p.origin));
}

py::dict support_lookup(const py_support& s, const std::string& model_id,
                        const std::map<std::string, std::string>& target) {
  // In compat::stack_fields' order (a test checks the names against it).
  using st = compat::software_stack;
  static constexpr std::array<std::string st::*, 10> members{
      &st::neuronx_cc,   &st::torch_neuronx, &st::torch, &st::library, &st::library_version,
      &st::transformers, &st::accelerate,    &st::nki,   &st::python,  &st::neuron_driver};
  static_assert(members.size() == compat::stack_fields.size());
  compat::software_stack stack;
  for (const auto& [field, version] : target) {
    bool known = false;
    for (std::size_t i = 0; i < compat::stack_fields.size(); ++i) {
      if (compat::stack_fields[i] != field) continue;
      stack.*members[i] = version;
      known = true;
    }
    if (!known) {
      std::string fields;
      for (const auto f : compat::stack_fields)
        fields += (fields.empty() ? "" : ", ") + std::string(f);
      throw input_error("stack field \"" + field + "\": unknown; the fields are " + fields);
    }
  }
  const auto r = s.set->lookup(model_id, stack);
  py::dict d;
  d["model_id"] = r.model_id;
  d["outcome"] = std::string(compat::to_string(r.outcome));
  d["proves"] = std::string(r.proves());
  d["does_not_prove"] = std::string(r.does_not_prove());
  d["deciding"] = r.deciding ? py::object(support_row_of(*r.deciding)) : py::none();
  py::list rows;
  for (const auto& p : r.rows) rows.append(support_row_of(p));
  d["rows"] = rows;
  d["findings"] = r.findings;
  return d;
}

/// `trncost diff`: two JSON reports (each named in errors), as plain values.
py::dict diff_of(const std::string& before, const std::string& before_name,
                 const std::string& after, const std::string& after_name) {
  const auto a = report::read_report(before, before_name);
  const auto b = report::read_report(after, after_name);
  const auto d = trncost::report::diff(a, b);
  const auto opt = [](const std::optional<decimal>& x) {
    return x ? py::object(py::str(x->to_string())) : py::none();
  };
  const auto text = [](const std::optional<std::string>& x) {
    return x ? py::object(py::str(*x)) : py::none();
  };
  py::dict out;
  out["total_before"] = d.total_before.to_string();
  out["total_after"] = d.total_after.to_string();
  out["total_change"] = d.total_change.to_string();
  out["status_before"] = std::string(to_string(d.status_before));
  out["status_after"] = std::string(to_string(d.status_after));
  py::list lines;
  for (const auto& l : d.lines) {
    // By name: Python builds its DiffLine from the members.
    py::dict line;
    line["category"] = category_key(l.cat);
    line["component"] = l.component;
    line["phase"] = l.ph ? py::object(py::str(std::string(to_string(*l.ph)))) : py::none();
    line["description"] = l.description;
    line["description_after"] = l.description_after;
    line["before"] = opt(l.before);
    line["after"] = opt(l.after);
    line["change"] = l.change.to_string();
    lines.append(line);
  }
  out["lines"] = lines;
  py::list inputs;
  for (const auto& i : d.inputs) {
    inputs.append(
        py::make_tuple(i.name, text(i.before), text(i.after), i.before_source, i.after_source));
  }
  out["inputs"] = inputs;
  py::list steps;
  for (const auto& s : d.attribution) {
    steps.append(py::make_tuple(s.input, s.from, s.to, s.effect.to_string()));
  }
  out["attribution"] = steps;
  std::string explained = trncost::report::explain(d);
  if (!explained.ends_with('\n')) explained += '\n';
  out["text"] = explained;
  std::string md = report::render_diff_markdown(d, before_name, after_name);
  if (!md.ends_with('\n')) md += '\n';
  out["markdown"] = md;
  out["html"] = report::render_diff_html(d, before_name, after_name);
  return out;
}

}  // namespace

PYBIND11_MODULE(_trncost, mod) {
  mod.doc() = "The compiled core of trncost; use the `trncost` package, not this module.";

  // Exceptions carry the C++ message unchanged ("trncost: ..."). Base first: pybind11 tries the
  // translators registered last first, so the derived ones win.
  auto& base = py::register_exception<trncost::error>(mod, "Error");
  py::register_exception<parse_error>(mod, "ParseError", base.ptr());
  py::register_exception<input_error>(mod, "InputError", base.ptr());
  py::register_exception<inexact_error>(mod, "InexactError", base.ptr());
  py::register_exception<overflow_error>(mod, "DecimalOverflowError", base.ptr());

  py::class_<py_model, std::shared_ptr<py_model>>(mod, "Model")
      .def(py::init<>())
      .def_readwrite("title", &py_model::title)
      .def("evaluate",
           [](const std::shared_ptr<py_model>& pm, const std::string& as_of,
              std::int64_t freshness) {
             auto e = std::make_shared<py_estimate>();
             e->est = pm->m->evaluate(parse_date(as_of), estimate_options{day_count{freshness}});
             e->source = pm;
             return e;
           })
      .def("estimate",
           [](const std::shared_ptr<py_model>& pm) {
             if (!pm->spec)
               throw input_error(
                   "this model was not read from a scenario file: give "
                   "evaluate() its as-of date");
             // As trncost-estimate evaluates it, so that a refusal says the same sentence.
             auto e = std::make_shared<py_estimate>();
             e->est = scenario::evaluate_scenario(*pm->spec, *pm->m);
             e->source = pm;
             return e;
           })
      .def("input_names",
           [](const py_model& pm) {
             const analysis::model_inputs in(*pm.m);
             std::vector<std::string> out;
             for (const auto& l : in.leaves()) out.push_back(l.name);
             return out;
           })
      .def("declare_none",
           [](py_model& pm, const std::string& cat, const std::string& why) {
             pm.m->declare_none(category_of(cat), declared_none{why});
           })
      .def("add_instance_time", &add_instance_time)
      .def("add_block_storage", &add_block_storage)
      .def("tornado", &tornado_of)
      .def("monte_carlo", &monte_carlo_of)
      .def("scenarios", &scenarios_of);

  py::class_<py_estimate, std::shared_ptr<py_estimate>>(mod, "Estimate")
      .def("total", [](const py_estimate& e) { return e.est.total.to_string(); })
      .def("status", [](const py_estimate& e) { return std::string(to_string(e.est.status)); })
      .def("data", [](const py_estimate& e) { return estimate_dict(e.est); })
      .def("render", &render);

  py::class_<py_samples>(mod, "Samples", py::buffer_protocol())
      .def("__len__", [](const py_samples& s) { return s.values.size(); })
      .def_buffer([](py_samples& s) {
        return py::buffer_info(s.values.data(), sizeof(double),
                               py::format_descriptor<double>::format(), 1,
                               {static_cast<py::ssize_t>(s.values.size())}, {sizeof(double)});
      });

  py::class_<py_study, std::shared_ptr<py_study>>(mod, "Study")
      .def_property_readonly("title", [](const py_study& s) { return s.r.title; })
      .def_property_readonly("work_unit", [](const py_study& s) { return s.r.work_unit; })
      .def_property_readonly("decided_for", [](const py_study& s) { return s.r.decided_for; })
      .def_property_readonly(
          "outcome",
          [](const py_study& s) { return std::string(analysis::to_string(s.r.decision.outcome)); })
      .def("options", &study_options)
      .def("break_evens", &study_break_evens)
      .def("credits", &study_credits)
      .def("cash_ranking", &study_cash_ranking)
      .def("what_if",
           [](const py_study& s, const std::string& input, const std::string& from,
              const std::string& to, int points) {
             // By member name: {"input", "unit", "options", "varies", "points": [{"value",
             // "totals", "cash" (None where unknown)}], "markdown", "svg"}.
             const auto w =
                 report::sweep(s.r, input, decimal::parse(from), decimal::parse(to), points);
             py::dict d;
             d["input"] = w.input;
             d["unit"] = w.unit;
             d["options"] = w.options;
             d["varies"] = w.varies;
             py::list ps;
             for (const auto& p : w.points) {
               py::dict e;
               e["value"] = p.value.to_string();
               py::list totals;
               py::list cash;
               for (const auto& t : p.totals) totals.append(t.to_string());
               for (const auto& c : p.cash) {
                 cash.append(c ? py::object(py::str(c->to_string())) : py::object(py::none()));
               }
               e["totals"] = totals;
               e["cash"] = cash;
               ps.append(e);
             }
             d["points"] = ps;
             d["markdown"] = report::render_what_if_markdown(w);
             d["svg"] = report::what_if_svg(w);
             return d;
           })
      .def("render", [](const py_study& s, const std::string& format) {
        return report::render_study(s.r, format);
      });
  py::class_<py_plan, std::shared_ptr<py_plan>>(mod, "Plan")
      .def_property_readonly("title", [](const py_plan& p) { return p.r.title; })
      .def("data", &plan_data)
      .def("render", [](const py_plan& p, const std::string& format) {
        if (!report::format_named(format, report::report_kind::plan)) {
          throw input_error(report::format_refusal(format, report::report_kind::plan));
        }
        if (format == "html") return scenario::render_html(p.r);
        if (format == "json") return scenario::render_json(p.r);
        return scenario::render_markdown(p.r);
      });
  // report/formats.hpp's table: (name, extension, media type, what, [report kinds]).
  mod.def("formats", [] {
    py::list out;
    for (const auto& r : report::formats) {
      py::list kinds;
      for (const auto& k : report::report_kinds) {
        if ((r.kinds & report::kind_bit(k.kind)) != 0) kinds.append(std::string(k.name));
      }
      out.append(py::make_tuple(std::string(r.name), std::string(r.extension),
                                std::string(r.media_type), std::string(r.what), kinds));
    }
    return out;
  });
  mod.def("format_refusal", [](const std::string& name, const std::string& kind) {
    for (const auto& k : report::report_kinds) {
      if (k.name == kind) return report::format_refusal(name, k.kind);
    }
    throw input_error("unknown report kind \"" + kind + "\"");
  });
  mod.def("is_study_file", [](const std::string& path) { return scenario::is_study_file(path); });
  mod.def("is_plan_file", [](const std::string& path) { return scenario::is_plan_file(path); });
  // fn() run with a read_log: its result and every file the library read meanwhile (python -m
  // trncost refuses to write --output over any of them).
  mod.def("record_reads", [](const py::function& fn) {
    const readers::read_log log;
    py::object result = fn();
    return py::make_tuple(result, log.paths());
  });
  mod.def("load_study", [](const std::string& path) {
    auto s = std::make_shared<py_study>();
    s->r = scenario::run_study(scenario::read_study(path));
    return s;
  });
  mod.def("load_plan", [](const std::string& path) {
    auto p = std::make_shared<py_plan>();
    p->r = scenario::run_plan(scenario::read_plan(path), store_reader());
    return p;
  });
  mod.def("load_scenario", [](const std::string& path) {
    auto pm = std::make_shared<py_model>();
    pm->spec = scenario::read_scenario(path);
    *pm->m = scenario::build_model(*pm->spec, store_reader());
    pm->title = pm->spec->title;
    return pm;
  });
  // A scenario, study or plan given as its TOML text (trncost.scenario(), study(), plan() write a
  // Python mapping as that text): the file's own parser, `file` naming it in errors and giving the
  // folder relative paths start from.
  mod.def("scenario_text", [](const std::string& text, const std::string& file) {
    auto pm = std::make_shared<py_model>();
    pm->spec = scenario::parse_scenario(text, file);
    *pm->m = scenario::build_model(*pm->spec, store_reader());
    pm->title = pm->spec->title;
    return pm;
  });
  mod.def("study_text", [](const std::string& text, const std::string& file) {
    auto s = std::make_shared<py_study>();
    s->r = scenario::run_study(scenario::parse_study(text, file));
    return s;
  });
  mod.def("plan_text", [](const std::string& text, const std::string& file) {
    auto p = std::make_shared<py_plan>();
    p->r = scenario::run_plan(scenario::parse_plan(text, file), store_reader());
    return p;
  });
  mod.def("diff", &diff_of);
  mod.def("read_runs", &runs_of);
  mod.def("scaling", &scaling_of);
  py::class_<py_support>(mod, "ModelSupport")
      .def("size", [](const py_support& s) { return s.set->size(); })
      .def("findings", [](const py_support& s) { return s.set->findings(); })
      .def("lookup", &support_lookup);
  mod.def("read_model_support", [](const std::string& path, const std::string& consulted) {
    return py_support{std::make_shared<compat::evidence_set>(
        readers::read_model_support_file(path, parse_date(consulted)))};
  });
  // Any document trncost writes, by its own checker (report/audit_document.hpp), as the command.
  mod.def("audit", [](const std::string& json, const std::string& file) {
    const auto r = report::audit_document(json, file);
    return py::make_tuple(r.ok, r.first_mismatch, r.inputs, r.derivations, r.lines, r.kind,
                          r.recomputed);
  });
  // A JSON report as Markdown or HTML from the report alone, audited first (`trncost render`).
  mod.def("render_report", [](const std::string& json, const std::string& format,
                              const std::string& title, const std::string& file) {
    const auto r = report::render_report(json, format, title, file);
    if (!r.audit.ok) {
      throw trncost::input_error(file + ": the report does not recompute, so it is not rendered: " +
                                 r.audit.first_mismatch);
    }
    return r.text;
  });
  mod.def("reconcile", &reconcile_of);
  mod.def("bill_query", &bill_query_of);
  mod.def("check_budget", &check_budget_of);
  mod.def("compare", &compare_of);
  mod.def("decide", &decide_of);
  mod.def("burn_down", &burn_down_of);
  // What a float given as a value is refused with (Python checks it before calling in).
  mod.attr("float_refusal") = std::string(detail::make_from_floating_sentence);
  mod.def("unit_symbols", [] { return symbols_of(named_units{}); });
  mod.def("categories", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [k, c] : scenario::detail::category_keys) out.emplace_back(k, to_string(c));
    return out;
  });
  mod.def("phases", [] {
    std::vector<std::string> out;
    for (const auto p : all_phases) out.emplace_back(to_string(p));
    return out;
  });
  mod.def("statuses", [] {
    std::vector<std::string> out;
    for (const auto s :
         {estimate_status::verified, estimate_status::provisional, estimate_status::stale,
          estimate_status::unpriced, estimate_status::incomplete}) {
      out.emplace_back(to_string(s));
    }
    return out;
  });
}
