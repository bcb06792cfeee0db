// The `instance_time` component of a scenario file (docs/scenario.md): instances over their billed
// phases, from run logs or written, bought on demand, reserved, on a Savings Plan, as spot or as a
// Capacity Block (model/components/instance_time.hpp). Its keys, the rules across them (checked
// when the file is read) and the component it adds to a model, in one place; registered by one line
// of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_INSTANCE_TIME_IPP
#define TRNCOST_SCENARIO_KINDS_INSTANCE_TIME_IPP

#include "../../model/components/instance_time.hpp"
#include "../../readers/spot_advisor.hpp"
#include "kind.ipp"
#include "peak.ipp"

namespace trncost::scenario::detail {

// The job's phases come from the run logs (tokens_to_train / their throughput, their medians) or
// are written directly (training_seconds, instances and the other phases' seconds): component()
// checks that exactly one of tokens_to_train and training_seconds is written.
inline constexpr std::array<scenario_key, 19> instance_time_keys{{
    {"instance_type", kt::text, true},
    {"purchase", kt::purchase, false},  // reserved, Savings Plan or spot; on demand when absent
    {"price", kt::price, false, "ec2_on_demand", true},
    {"tokens_to_train", kt::input, false},
    {"billing", kt::text, false},      // "per_second" (default), "per_hour" or "capacity_block"
    {"block_fee", kt::input, false},   // capacity_block: USD for the whole block
    {"block_days", kt::input, false},  // capacity_block: its length (1-14, then 7-day steps)
    {"instances", kt::input, false},
    {"setup_seconds", kt::input, false},
    {"compilation_seconds", kt::input, false},
    {"warm_up_seconds", kt::input, false},
    {"training_seconds", kt::input, false},
    {"evaluation_seconds", kt::input, false},
    {"checkpointing_seconds", kt::input, false},
    {"waiting_seconds", kt::input, false},
    // The jobs these phases are (1 for one fine-tune): the work the estimate delivers, so that its
    // cost per job (cost_per = "job") is quoted; none when absent.
    {"jobs", kt::input, false},
    // The model's FLOPs per token, so that each run states its MFU (of the catalog's peak at
    // `precision`): 6 x parameters, or the figure written (attention counted, say).
    {"parameters", kt::input, false},
    {"model_flops_per_token", kt::input, false},
    {"precision", kt::text, false},  // "bf16" (the default) or "fp8"
}};
/// `purchase = { ... }` of an instance_time component.
inline constexpr std::array<std::string_view, 6> purchase_keys{
    "reserved", "savings_plan", "spot", "lease", "payment", "advisor"};
/// The phases an instance_time component may write directly, in the order they are billed.
inline constexpr std::array<phase, 7> instance_time_phases{
    phase::setup,      phase::compilation,   phase::warm_up, phase::training,
    phase::evaluation, phase::checkpointing, phase::waiting};
/// The key of a phase written directly ("setup_seconds").
constexpr std::string_view phase_key(phase ph) noexcept {
  switch (ph) {
    case phase::setup:
      return "setup_seconds";
    case phase::compilation:
      return "compilation_seconds";
    case phase::warm_up:
      return "warm_up_seconds";
    case phase::training:
      return "training_seconds";
    case phase::evaluation:
      return "evaluation_seconds";
    case phase::checkpointing:
      return "checkpointing_seconds";
    default:
      return "waiting_seconds";
  }
}
/// The billing rules of an instance_time component (`billing = "..."`, billing_rule).
inline constexpr std::array<std::string_view, 3> billing_rules{"per_second", "per_hour",
                                                               "capacity_block"};
/// An instance_time's phases: from the run logs (tokens_to_train) or written (training_seconds
/// with instances and any other phase's seconds), never both.
inline void instance_time_phases_written(const scenario_parser& ps, const toml::table& t,
                                         const std::string& path) {
  ps.one_of(t, path, {"tokens_to_train", "training_seconds"}, false,
            "the training time from the run logs' throughput, or written directly");
  if (t.get("training_seconds") == nullptr) {
    std::vector<std::string_view> direct{"instances"};
    for (const phase ph : instance_time_phases) {
      if (ph != phase::training) direct.push_back(phase_key(ph));
    }
    for (std::string_view k : direct) {
      if (const toml::node* n = t.get(k)) {
        ps.fail_at(ps.line_of(*n), ps.join(path, k),
                   "is written with tokens_to_train, whose phases and instances come from the run "
                   "logs; write training_seconds instead of tokens_to_train to give every phase "
                   "directly");
      }
    }
  } else if (t.get("instances") == nullptr) {
    ps.fail_at(ps.line_of(t), ps.join(path, "instances"),
               "is missing: phases written directly (training_seconds) need the instance count");
  }
}

/// `purchase = { reserved | savings_plan | spot = ..., lease, payment }`: the price is then the
/// book's reserved or Savings Plan rate, or the spot price written as an observation.
inline scenario_purchase instance_time_purchase(const scenario_parser& ps, const toml::table& t,
                                                const toml::node& n, const std::string& path) {
  const toml::table* pt = n.as_table();
  if (pt == nullptr) {
    ps.fail_at(ps.line_of(n), path,
               "must be { reserved = \"standard\", lease = \"1yr\", payment = \"No Upfront\" } (or "
               "savings_plan = \"EC2InstanceSavingsPlans\" with lease and payment, or spot = "
               "\"us-east-1a\")");
  }
  ps.check_keys(*pt, path, purchase_keys, "a purchase option");
  scenario_purchase p;
  p.line = ps.line_of(n);
  ps.one_of(*pt, path, {"reserved", "savings_plan", "spot"}, false, "how the instances are bought");
  for (std::string_view k : {"reserved", "savings_plan", "spot"}) {
    if (pt->get(k) != nullptr) {
      p.kind = std::string(k);
      p.choice = ps.string(*pt, path, k, true);
    }
  }
  const auto one = [&](std::string_view key, std::initializer_list<std::string_view> allowed) {
    const std::string v = ps.string(*pt, path, key, true);
    if (std::find(allowed.begin(), allowed.end(), v) == allowed.end()) {
      ps.fail_at(ps.line_of(*pt->get(key)), ps.join(path, key),
                 "\"" + v + "\" is not one of " + join_quoted(allowed) + ps.suggestion(v, allowed));
    }
    return v;
  };
  if (t.get("billing") != nullptr && t.get("billing")->value<std::string>() == "capacity_block") {
    ps.fail_at(p.line, path,
               "is given with billing = \"capacity_block\"; a Capacity Block is bought by its fee");
  }
  if (const toml::node* a = pt->get("advisor"); a != nullptr && p.kind != "spot") {
    ps.fail_at(ps.line_of(*a), ps.join(path, "advisor"),
               "is the Spot Instance Advisor's data: it goes with spot = \"<zone>\" only");
  }
  if (p.kind == "spot") {
    for (std::string_view k : {"lease", "payment"}) {
      if (const toml::node* x = pt->get(k)) {
        ps.fail_at(ps.line_of(*x), ps.join(path, k), "is not read for spot instances (no term)");
      }
    }
    if (pt->get("advisor") != nullptr)
      p.advisor = ps.path_string(*pt->get("advisor"), ps.join(path, "advisor"));
    const toml::node* price = t.get("price");
    const toml::table* given = price != nullptr ? price->as_table() : nullptr;
    if (given == nullptr || given->get("value") == nullptr) {
      ps.fail_at(price != nullptr ? ps.line_of(*price) : p.line,
                 ps.join(path.substr(0, path.rfind('.')), "price"),
                 "a spot price is an observation no offer file carries: write price = { value = "
                 "\"...\", quoted = { ... } } (the seller's page or API) or third_party = { ... }");
    }
    return p;
  }
  if (const toml::node* price = t.get("price")) {
    ps.fail_at(ps.line_of(*price), ps.join(path.substr(0, path.rfind('.')), "price"),
               "is given with purchase = { " + p.kind +
                   " = ... }, whose rate is read from the price "
                   "book; leave the price out");
  }
  if (p.kind == "reserved") {
    if (p.choice != "standard" && p.choice != "convertible") {
      ps.fail_at(ps.line_of(*pt->get("reserved")), ps.join(path, "reserved"),
                 "\"" + p.choice + "\" is not an offering class (standard, convertible)");
    }
  } else if (p.choice != "EC2InstanceSavingsPlans" && p.choice != "ComputeSavingsPlans") {
    ps.fail_at(ps.line_of(*pt->get("savings_plan")), ps.join(path, "savings_plan"),
               "\"" + p.choice +
                   "\" is not a Savings Plan family (EC2InstanceSavingsPlans, "
                   "ComputeSavingsPlans)");
  }
  p.lease = one("lease", {"1yr", "3yr"});
  p.payment = one("payment", {"No Upfront", "Partial Upfront", "All Upfront"});
  if (p.kind == "reserved" && p.payment != "No Upfront") {
    ps.fail_at(
        ps.line_of(*pt->get("payment")), ps.join(path, "payment"),
        "\"" + p.payment +
            "\": a job is priced at a reservation's hourly rate only with No "
            "Upfront; an upfront fee pays for the whole term, a commitment (commitment_mix in "
            "C++, docs/prices.md)");
  }
  return p;
}

/// `billing`: per second (default), per hour, or a Capacity Block with its fee and length (and
/// then no instance price: the block is priced by its fee).
inline void instance_time_billing(const scenario_parser& ps, const toml::table& t,
                                  const std::string& path, const scenario_component& c) {
  const auto b = c.text.find("billing");
  const std::string rule = b == c.text.end() ? "per_second" : b->second;
  if (std::find(billing_rules.begin(), billing_rules.end(), rule) == billing_rules.end()) {
    ps.fail_at(ps.line_of(*t.get("billing")), ps.join(path, "billing"),
               "unknown billing rule \"" + rule + "\"" + ps.suggestion(rule, billing_rules) +
                   "; the rules are " + join_quoted(billing_rules));
  }
  if (rule != "capacity_block") {
    for (std::string_view k : {"block_fee", "block_days"}) {
      if (const toml::node* n = t.get(k)) {
        ps.fail_at(
            ps.line_of(*n), ps.join(path, k),
            "is only read with billing = \"capacity_block\" (the billing is \"" + rule + "\")");
      }
    }
    return;
  }
  for (std::string_view k : {"block_fee", "block_days"}) {
    if (t.get(k) == nullptr) {
      ps.fail_at(ps.line_of(*t.get("billing")), ps.join(path, k),
                 "is missing: a Capacity Block needs block_fee (USD, the whole block) and "
                 "block_days (its length)");
    }
  }
  if (const toml::node* p = t.get("price")) {
    ps.fail_at(ps.line_of(*p), ps.join(path, "price"),
               "is given with billing = \"capacity_block\", which is priced by its block_fee "
               "(the phases at the fee's effective rate); leave the price out");
  }
  const std::string& days = c.values.at("block_days").value;
  const bool digits =
      !days.empty() && days.size() <= 4 &&
      std::all_of(days.begin(), days.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  if (!digits || !pricing::is_capacity_block_duration(std::stoll(days))) {
    ps.fail_at(c.values.at("block_days").line, ps.join(path, "block_days"),
               "\"" + days +
                   "\" is not a Capacity Block duration: a whole number of days, 1 to 14, "
                   "then multiples of 7 up to 182");
  }
}

/// The instance price of a `purchase`: the book's reserved (No Upfront) hourly rate or Savings
/// Plan rate, or the spot price written, recorded as the observation it is.
inline scenario_builder::price_per_hour instance_time_bought(const scenario_builder& sb,
                                                             const scenario_component& c,
                                                             const std::string& type) {
  const auto& pu = *c.purchase;
  const std::string name = c.name + ".price";
  if (pu.kind == "reserved") {
    return pricing::ec2_reserved(sb.book_, sb.s_.region, type, pu.lease, pu.choice, pu.payment,
                                 name)
        .hourly.named(name);
  }
  if (pu.kind == "savings_plan") {
    return pricing::savings_plan_rate(sb.book_, type, pu.choice, pu.lease, pu.payment, name);
  }
  const auto& v = c.values.at("price");
  pricing::observation seen;
  if (const auto* q = std::get_if<quoted>(&*v.origin)) {
    seen = {q->source, q->consulted, true};
  } else if (const auto* t = std::get_if<third_party>(&*v.origin)) {
    seen = {t->source, t->seen, false};
  } else {
    throw input_error(
        "price: a spot price is an observation: its provenance is quoted (the "
        "seller's page or API) or third_party, not " +
        std::string(trncost::kind_name(*v.origin)));
  }
  (void)sb.value_in(v, units::usd_per_instance_hour);  // a unit written with it is checked
  return pricing::spot_price(name, v.value, sb.s_.region, pu.choice, type, seen);
}

/// The billing rule an instance_time component names (per second when it names none).
inline billing_rule instance_time_billing_rule(const scenario_builder& sb,
                                               const scenario_component& c) {
  const auto b = c.text.find("billing");
  if (b == c.text.end() || b->second == "per_second") return billing_rule::per_second();
  if (b->second == "per_hour") return billing_rule::per_hour();
  const auto& fee = c.values.at("block_fee");
  return billing_rule::capacity_block(
      sourced<money>(c.name + ".block_fee", sb.money_in(fee), *fee.origin),
      convert<units::hour_t>(c.name + ".block_hours", sb.input(c, "block_days", units::day)));
}
inline void instance_time_rules([[maybe_unused]] const scenario_parser& ps,
                                [[maybe_unused]] const toml::table& t,
                                [[maybe_unused]] const std::string& path,
                                [[maybe_unused]] scenario_component& c) {
  instance_time_phases_written(ps, t, path);
  ps.one_of(t, path, {"parameters", "model_flops_per_token"}, true,
            "the model's FLOPs per token, 6 x parameters or written");
  const toml::node* flops =
      t.get("parameters") != nullptr ? t.get("parameters") : t.get("model_flops_per_token");
  if (flops != nullptr && t.get("training_seconds") != nullptr) {
    const std::string_view k =
        t.get("parameters") != nullptr ? "parameters" : "model_flops_per_token";
    ps.fail_at(ps.line_of(*flops), ps.join(path, k),
               "is given with phases written directly: the MFU is stated per run, from the run "
               "logs' throughput (tokens_to_train); with training_seconds there is no run");
  }
  if (const toml::node* p = t.get("precision"); p != nullptr && flops == nullptr) {
    ps.fail_at(ps.line_of(*p), ps.join(path, "precision"),
               "is given without parameters or model_flops_per_token: the precision picks the "
               "catalog's peak the runs' MFU is a share of");
  }
  precision_rule(ps, t, path);
  instance_time_billing(ps, t, path, c);
  if (const toml::node* pu = t.get("purchase"))
    c.purchase = instance_time_purchase(ps, t, *pu, ps.join(path, "purchase"));
}

/// What the runs' MFU is computed from (instance_time's `parameters` or `model_flops_per_token`):
/// the model's FLOPs per token and the catalog's dense peak of one whole instance, per instance in
/// EFLOP/s (as the frontier's: a run's achieved FLOP/s fit the decimal in EFLOP).
struct mfu_basis {
  node<units::flops_per_token_t> per_token;
  node<units::exaflops_per_second_per_instance_t> peak;

  /// MFU = FLOPs per token x throughput / (instances x peak per instance) (measure::mfu).
  [[nodiscard]] auto of(const node<units::tokens_per_second_t>& throughput,
                        const node<units::instance_t>& instances) const {
    const node<units::exaflops_per_second_t> achieved =
        convert<units::exaflops_per_second_t>(per_token * throughput);
    return achieved / (instances * peak);
  }
};

/// The basis of the MFU for an instance of `type` at the component's precision.
inline mfu_basis mfu_basis_of(model& m, const node<units::flops_per_token_t>& per_token,
                              const sourced<quantity<units::flops_per_second_t>>& peak,
                              const std::string& type) {
  const auto one = m.rule_constant(
      type + ".one_instance", make(units::instance, 1),
      documented{"trncost's catalog: an instance_spec's peak is that of one whole instance "
                 "(catalog/instance_spec.hpp)",
                 builtin_catalog_consulted});
  return {per_token, convert<units::exaflops_per_second_t>(m.input(peak)) / one};
}

/// What each run of the log shows, as figures of the workload a report prints and both verifiers
/// recompute from the run's measured times: its billed time per instance; its goodput, training
/// time / billed time (measure::goodput); its time to quality when it has a target and reached it
/// (measure::time_to_quality); what an instrument the log summarises saw (neuron-monitor's
/// NeuronCore utilisation, a share with its method); and for a run that did not complete, what the
/// attempt cost at the workload's price: price x instances x billed time (its instance time); with
/// an MFU basis, the MFU of each run whose training phases counted their tokens (its tokens /
/// training seconds as its throughput). The runs kept out of the medians are named in the
/// medians' derivations. Each measurement is one input, shared by the figures that use it.
inline void add_run_figures(model& m, const std::string& workload,
                            const std::vector<measure::run_record>& runs,
                            const input_of<quantity<units::usd_per_instance_hour_t>>& price,
                            const std::optional<mfu_basis>& mfu) {
  for (const auto& r : runs) {
    const auto measured_as = [&](std::string method) {
      return provenance{measure::run_provenance(r, std::move(method))};
    };
    const auto count = m.input(
        sourced(r.id + ".instances", r.instances, measured_as("instance_count in the run log")));
    const auto billed = m.input(sourced(r.id + ".billed_s", measure::billed_seconds(r),
                                        measured_as("sum of all phase durations in the run log")));
    m.add_figure(workload, "billed time of run " + r.id, billed);
    const auto training =
        m.input(sourced(r.id + ".training_s", measure::phase_seconds(r, phase::training),
                        measured_as("sum of the run log's training phases")));
    if (decimal{} < measure::billed_seconds(r).value()) {
      m.add_figure(workload, "goodput of run " + r.id, training / billed);
    }
    // A target with no timestamps to measure from gives no time to quality (nothing to state).
    const bool timed = r.first_data_touch.has_value() ||
                       std::any_of(r.phases.begin(), r.phases.end(), [](const auto& x) {
                         return x.ph == phase::training && x.start;
                       });
    if (r.target && timed && !r.quality.empty()) {
      if (const auto ttq = measure::time_to_quality(r)) {
        m.add_figure(workload, "time to quality of run " + r.id,
                     m.input(ttq->named(r.id + ".time_to_quality")));
      }
    }
    // What an instrument saw (neuron-monitor's NeuronCore utilisation, the log's own summary of
    // its reports): a share, with the instrument and its method as the measurement's method.
    for (std::size_t i = 0; i < r.utilization.size(); ++i) {
      const auto& u = r.utilization[i];
      const std::string suffix = r.utilization.size() > 1 ? " #" + std::to_string(i + 1) : "";
      const auto share =
          m.input(sourced(r.id + "." + u.instrument + "_utilisation" + suffix,
                          quantity<units::dimensionless_t>::from_value(
                              decimal::divide(u.percent, decimal(100), rounding::half_even)),
                          measured_as(u.instrument + " (" + u.method + "), every " +
                                      u.period.value().to_string() + " s")));
      m.add_figure(workload, u.instrument + " utilisation of run " + r.id + suffix, share);
    }
    const bool counted =
        std::any_of(r.phases.begin(), r.phases.end(),
                    [](const auto& x) { return x.ph == phase::training; }) &&
        std::all_of(r.phases.begin(), r.phases.end(),
                    [](const auto& x) { return x.ph != phase::training || x.tokens; }) &&
        decimal{} < measure::phase_seconds(r, phase::training).value();
    if (mfu && counted) {
      const auto tokens = m.input(
          sourced(r.id + ".tokens_trained", measure::training_work<units::tokens_per_second_t>(r),
                  measured_as("tokens counted in the run log's training phases")));
      m.add_figure(workload, "MFU of run " + r.id,
                   mfu->of(convert<units::tokens_per_second_t>(tokens / training), count));
    }
    if (r.outcome != measure::run_outcome::completed && price.known() != nullptr) {
      m.add_figure(workload, "cost of the " + std::string(to_string(r.outcome)) + " run " + r.id,
                   convert<units::usd_t>(m.input(*price.known()) * (count * billed)));
    }
  }
}

inline void instance_time_add([[maybe_unused]] scenario_builder& sb, model& m,
                              const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& region = sb.s_.region;
  const auto name_of = [&](std::string_view key) { return c.name + "." + std::string(key); };
  const std::string& type = c.text.at("instance_type");
  const billing_rule rule = instance_time_billing_rule(sb, c);
  const bool block = rule.how == billing_rule::kind::capacity_block;
  std::vector<phase_time> phases;
  std::optional<sourced<quantity<units::second_t>>> total;
  std::optional<sourced<quantity<units::instance_t>>> instances;
  // Written directly: each phase's seconds as given. Else from the run logs: training =
  // tokens_to_train / their useful throughput, the other phases their medians.
  const bool written = sb.find(c, "training_seconds") != nullptr;
  std::optional<measure::model_feed<units::tokens_per_second_t>> fed;
  std::optional<sourced<quantity<units::second_t>>> train;
  const std::vector<measure::run_record>* runs = nullptr;
  if (written) {
    instances = sb.input(c, "instances", units::instance);
  } else {
    const auto& logged = sb.runs(c);
    runs = &logged;
    sb.archive(m, logged);
    fed = measure::feed_model<units::tokens_per_second_t>(logged);
    instances = fed->instances;
    train = measure::extrapolate(name_of("train_s"), sb.input(c, "tokens_to_train", units::token),
                                 fed->throughput);
  }
  for (const phase ph : instance_time_phases) {
    std::optional<sourced<quantity<units::second_t>>> secs;
    if (written) {
      if (sb.find(c, phase_key(ph)) != nullptr) {
        secs = sb.input(c, phase_key(ph), units::second);
      }
    } else if (ph == phase::training) {
      secs = train;
    } else {
      for (const auto& [q, sec] : fed->phase_seconds) {
        if (q == ph) secs = sec;
      }
    }
    if (!secs) continue;
    phases.push_back({ph, *secs});
    total = total ? sourced<quantity<units::second_t>>(*total + *secs) : *secs;
  }
  // The price after the run logs: a scenario without [runs] is told that first.
  const scenario_value* p = sb.find(c, "price");
  // A Capacity Block has no instance price (its fee prices it): unknown, never read.
  const input_of<quantity<units::usd_per_instance_hour_t>> price =
      block ? input_of<quantity<units::usd_per_instance_hour_t>>(
                  unknown_input{name_of("price"), "billed as a Capacity Block: priced by its fee"})
      : c.purchase
          ? input_of<quantity<units::usd_per_instance_hour_t>>(instance_time_bought(sb, c, type))
      : p != nullptr && (p->origin || p->unknown)
          ? sb.maybe(c, "price", units::usd_per_instance_hour)
          : input_of<quantity<units::usd_per_instance_hour_t>>(
                pricing::ec2_on_demand(sb.book_, region, type, name_of("price")));
  if (block) {
    const decimal reserved = rule.block_duration->value().value() * decimal{3600};
    if (reserved < total->value().value()) {
      sb.fail_at(c.values.at("block_days").line, c.path + ".block_days",
                 "the phases take " + total->value().value().to_string() +
                     " s, more than the Capacity Block's " + reserved.to_string() +
                     " s; buy a longer block, or bill the rest on demand");
    }
  }
  instance_time it(c.name, type, *instances, price, phases, rule);
  if (c.purchase) {
    it.bought_as(c.purchase->kind == "reserved"       ? purchase_option::reserved
                 : c.purchase->kind == "savings_plan" ? purchase_option::savings_plan
                                                      : purchase_option::spot);
  }
  m.add(it);
  if (runs != nullptr) {
    std::optional<mfu_basis> mfu;
    if (sb.find(c, "parameters") != nullptr || sb.find(c, "model_flops_per_token") != nullptr) {
      const std::string key =
          sb.find(c, "parameters") != nullptr ? "parameters" : "model_flops_per_token";
      const scenario_value& v = c.values.at(key);
      if (!(decimal{} < decimal::parse(v.value))) {
        sb.fail_at(v.line, c.path + "." + key,
                   "is " + v.value + ": a model's FLOPs per token come from a positive count");
      }
      if (catalog::builtin().find(type) == nullptr) {
        sb.fail_at(v.line, c.path + "." + key,
                   "the catalog has no peak for " + type +
                       ", so no MFU is a share of it (the catalog: docs/catalog.md)");
      }
      const node<units::flops_per_token_t> per_token =
          sb.find(c, "parameters") != nullptr
              ? m.input(workload::six_flops_per_parameter_token()) *
                    m.input(sb.input(c, "parameters", units::dimensionless))
              : m.input(sb.input(c, "model_flops_per_token", units::flops_per_token));
      mfu = mfu_basis_of(m, per_token, catalog_peak(c, type), type);
      // The estimate's own: at the completed runs' median throughput, on its instances.
      m.add_figure(c.name, "MFU at the runs' median throughput",
                   mfu->of(m.input(fed->throughput), m.input(*instances)));
    }
    add_run_figures(m, c.name, *runs, price, mfu);
  }
  if (sb.find(c, "jobs") != nullptr) {
    const auto jobs = sb.input(c, "jobs", units::job);
    if (!(decimal{} < jobs.value().value())) {
      sb.fail_at(c.values.at("jobs").line, c.path + ".jobs",
                 "is " + jobs.value().value().to_string() +
                     ": the jobs these phases are is a count of 1 or more");
    }
    m.deliver(work_kind::runs_to_target, jobs);
  }
  // Spot with the advisor's data: the type must have a spot market in the region; its
  // interruption bucket is the rate a failures component takes when it writes none.
  std::optional<sourced<quantity<units::interruptions_per_instance_hour_t>>> spot_rate;
  if (c.purchase && !c.purchase->advisor.empty()) {
    const std::string key = c.path + ".purchase.advisor";
    const std::string file =
        sb.existing(c.purchase->advisor, c.purchase->line, key, "Spot Instance Advisor data");
    const readers::spot_advisor advisor = readers::read_spot_advisor(file);
    const readers::spot_market* market = advisor.find(region, type);
    if (market == nullptr) {
      sb.fail_at(c.purchase->line, key,
                 type + " has no spot market in " + region + ": the Spot Instance Advisor data " +
                     c.purchase->advisor +
                     " lists no Linux row for it, so it cannot be bought "
                     "as spot there; price it on demand, or in a region that has one");
    }
    spot_rate = readers::spot_interruption_rate(*market, c.purchase->advisor,
                                                name_of("spot_interruptions_per_instance_hour"));
  }
  sb.jobs_.emplace(c.name, scenario_builder::job{type, *instances, price,
                                                 (*instances * *total).named(name_of("exposure")),
                                                 block, spot_rate});
}

inline constexpr sub_table instance_time_tables[] = {
    {"purchase", {}, purchase_keys},
};

inline constexpr component_kind instance_time_kind{"instance_time", instance_time_keys,
                                                   instance_time_tables, &instance_time_rules,
                                                   &instance_time_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_INSTANCE_TIME_IPP
