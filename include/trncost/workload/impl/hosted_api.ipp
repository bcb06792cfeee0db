// The definitions of workload/hosted_api.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_WORKLOAD_IMPL_HOSTED_API_IPP
#define TRNCOST_WORKLOAD_IMPL_HOSTED_API_IPP

#include <optional>
#include <string_view>
#include <variant>

#include "../../model/identity.hpp"
#include "../../provenance/region.hpp"
#include "../hosted_api.hpp"

namespace trncost {

namespace workload {

TRNCOST_DECL hosted_api_plan add_hosted_api(model& m, const hosted_api_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a hosted API workload needs a name");
  if (in.model.empty()) {
    throw input_error("workload '" + name +
                      "': the model is empty (name it as the price list "
                      "does: \"Qwen3 32B\")");
  }
  const auto service = find_aws_service(in.service);
  if (!service) {
    throw input_error("workload '" + name + "': \"" + in.service +
                      "\" is not an AWS service trncost knows (known_aws_services); a hosted "
                      "API on AWS is billed by AmazonBedrock");
  }
  trncost::detail::require_non_negative(in.input_price, name);
  trncost::detail::require_non_negative(in.output_price, name);
  trncost::detail::require_positive(in.period, name);
  trncost::detail::require_positive(in.average_demand, name);
  trncost::detail::require_non_negative(in.input_tokens_per_output_token, name);
  std::optional<hosted_api_plan> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    const std::string on = " of " + in.model + " (" + std::string(service->name) + ", on demand)";
    const auto period = convert<units::second_t>(b.input(in.period));
    const node<units::token_t> output = b.input(in.average_demand) * period;
    b.target().add_figure(name, std::string(figure_wall_clock_time), period);
    const node<units::token_t> input = output * b.input(in.input_tokens_per_output_token);
    // A bill names these lines by the usage type of the price row (region prefix removed): the
    // quote's, also through the conversion of a row priced per 1K tokens.
    const auto usage_type = [](const input_of<quantity<units::usd_per_million_tokens_t>>& p) {
      const auto* s = p.known();
      const source_record* r = s != nullptr ? s->record().get() : nullptr;
      while (r != nullptr) {
        if (const auto* q = std::get_if<quoted>(&r->origin)) {
          const std::string_view u = q->usage_type;
          return std::string(region_of_usage_type(u).empty() ? u : u.substr(u.find('-') + 1));
        }
        const auto* d = std::get_if<derived>(&r->origin);
        r = d != nullptr && d->inputs.size() == 1 ? d->inputs.front().get() : nullptr;
      }
      return std::string();
    };
    b.bills({.service = std::string(service->code), .usage_type = usage_type(in.input_price)});
    b.line({phase::serving, "input tokens sent" + on},
           trncost::detail::add_input(b, in.input_price), input);
    b.bills({.service = std::string(service->code), .usage_type = usage_type(in.output_price)});
    b.line({phase::serving, "output tokens generated" + on},
           trncost::detail::add_input(b, in.output_price), output);
    plan.emplace(hosted_api_plan{input, output});
  });
  m.deliver(work_kind::tokens_served, plan->output_tokens);
  return *plan;
}

}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_HOSTED_API_IPP
