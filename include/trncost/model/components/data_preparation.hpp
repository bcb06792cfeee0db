// Data preparation: CPU instances over the preparation's billed time, or a job whose cost was
// measured as a whole (a Glue or EMR job's bill), priced per job.
#ifndef TRNCOST_MODEL_COMPONENTS_DATA_PREPARATION_HPP
#define TRNCOST_MODEL_COMPONENTS_DATA_PREPARATION_HPP

#include <concepts>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "../../config.hpp"
#include "../inputs.hpp"
#include "instance_time.hpp"

namespace trncost {

/// Preparation on instances: `count` x `instance_type` at `price` per instance-hour for the billed
/// `duration`.
struct cpu_instances {
  std::string instance_type;
  input_of<quantity<units::instance_t>> count;
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  input_of<quantity<units::second_t>> duration;
};

/// Preparation as jobs whose cost per job is known (measured on a previous run): cost per job x
/// jobs.
struct measured_job {
  input_of<quantity<units::usd_per_job_t>> cost_per_job;
  input_of<quantity<units::job_t>> jobs;
};

/// The cost of preparing the data a job reads: one line, in the data preparation category, never in
/// the instance-time phases of the training job.
class data_preparation {
 public:
  data_preparation(std::string name, cpu_instances on);

  data_preparation(std::string name, measured_job job);

  /// The measured cost of one preparation job: the line's price is that cost per job (derived from
  /// the measurement) and its quantity 1 job (the job that was measured, with the measurement's
  /// provenance).
  data_preparation(std::string name, const sourced<money>& cost_of_one_job);

  /// What bills the preparation (model/identity.hpp): a job priced per job or by its measured cost
  /// names no service unless told (`{.service = "AmazonEC2"}` for jobs on EC2, "AmazonSageMaker"
  /// for SageMaker Processing...), and a grant covers it only then; CPU instances are EC2
  /// instance hours of their type unless told otherwise.
  data_preparation& billed_as(line_identity identity) {
    identity_ = std::move(identity);
    return *this;
  }

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::data_preparation; }

  template <std::same_as<component_builder> Builder>  // see model/component.hpp
  void build(Builder& b) const {
    if (const auto* c = std::get_if<cpu_instances>(&how_)) {
      b.bills(identity_.empty()
                  ? detail::ec2_instance_identity(c->instance_type, purchase_option::on_demand)
                  : identity_);
      const auto count = detail::add_input(b, c->count);
      const auto price = detail::add_input(b, c->price);
      const auto duration = detail::add_input(b, c->duration);
      const std::string on = detail::value_or_name(c->count) + " x " + c->instance_type;
      b.line({std::nullopt, "data preparation on " + on}, price, count * duration);
      // EC2 bills each launch at least 60 seconds, as instance_time does: max(0, 60 s - duration)
      // more per instance.
      const billing_rule rule = billing_rule::per_second();
      const auto minimum = b.rule_constant("billing_minimum", rule.minimum, rule.source);
      const auto zero = b.rule_constant("no_time", seconds(0), rule.source);
      b.line({std::nullopt, "per-second billing minimum of data preparation on " + on}, price,
             count * max(minimum - duration, zero));
      return;
    }
    b.bills(identity_);
    if (const auto* j = std::get_if<measured_job>(&how_)) {
      const auto price = detail::add_input(b, j->cost_per_job);
      const auto jobs = detail::add_input(b, j->jobs);
      b.line({std::nullopt, "data preparation jobs"}, price, jobs);
      return;
    }
    const auto& one = std::get<one_measured_job>(how_);
    const auto price = b.input(one.cost_per_job);
    // Named after the component: two jobs' "1 job" carry their own costs' provenance, and a
    // report refers to inputs by name.
    const auto jobs = b.rule_constant(name_ + ".one_job", make(units::job, 1), one.measurement);
    b.line({std::nullopt, "data preparation: " + one.label}, price, jobs);
  }

 private:
  /// The cost of one job as a price per job, derived from the cost, and the quantity "1 job", a
  /// rule constant with the cost's provenance (the cost is that of one job). The verified rules
  /// count a rule constant that restates an input's provenance once: one assumed cost, one reason.
  struct one_measured_job {
    sourced<quantity<units::usd_per_job_t>> cost_per_job;
    provenance measurement;
    std::string label;  ///< "the measured job", "the assumed job", ...

    static one_measured_job of(const sourced<money>& cost) {
      return {sourced<quantity<units::usd_per_job_t>>(
                  cost.name() + "_per_job",
                  quantity<units::usd_per_job_t>::from_value(cost.value().value()),
                  // The same number read per job: a conversion by 1 / 1.
                  derived{detail::operand(cost.name()) + " / 1 job",
                          {cost.record()},
                          operation{.kind = op_kind::convert}}),
              cost.origin(), label_of(cost.origin())};
    }
    static std::string label_of(const provenance& p) {
      if (std::holds_alternative<measured>(p)) return "the measured job";
      if (std::holds_alternative<assumption>(p)) return "the assumed job";
      if (std::holds_alternative<quoted>(p)) return "the quoted job";
      return "one job (" + std::string(kind_name(p)) + ")";
    }
  };

  std::string name_;
  std::variant<cpu_instances, measured_job, one_measured_job> how_;
  line_identity identity_{};
};

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/data_preparation.ipp"
#endif

#endif  // TRNCOST_MODEL_COMPONENTS_DATA_PREPARATION_HPP
