// The `hosted_api` component of a scenario file (docs/scenario.md): a hosted API billed per input
// and output token (Amazon Bedrock on demand) (workload/hosted_api.hpp). Its keys, the rules across
// them (checked when the file is read) and the component it adds to a model, in one place;
// registered by one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_HOSTED_API_IPP
#define TRNCOST_SCENARIO_KINDS_HOSTED_API_IPP

#include "../../workload/hosted_api.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

// A hosted API (Amazon Bedrock on demand): the service's demand, billed per input and output token.
// A peak demand may stay in a study's shared table: an API has no fleet, so it sizes nothing here.
inline constexpr std::array<scenario_key, 9> hosted_api_keys{{
    {"model", kt::text, true},
    {"hours", kt::input, false},
    {"period", kt::period, false},
    {"average_tokens_per_s", kt::input, true},
    {"peak_tokens_per_s", kt::input, false},
    {"input_tokens_per_output_token", kt::input, true},
    {"input_price", kt::price, false, "bedrock_tokens", true},
    {"output_price", kt::price, false, "bedrock_tokens", true},
    {"service", kt::text, false},  // the AWS service billing the tokens; AmazonBedrock when absent
}};

inline void hosted_api_rules([[maybe_unused]] const scenario_parser& ps,
                             [[maybe_unused]] const toml::table& t,
                             [[maybe_unused]] const std::string& path,
                             [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"hours", "period"}, false, "the period served, in hours or as dates");
  if (const toml::node* p = t.get("period")) c.period = ps.period(*p, ps.join(path, "period"));
  if (const toml::node* sv = t.get("service")) (void)ps.service_code(*sv, ps.join(path, "service"));
}

inline void hosted_api_add([[maybe_unused]] scenario_builder& sb, model& m,
                           const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& model_name = c.text.at("model");
  const auto sv = c.text.find("service");
  const auto price = [&](std::string_view key, pricing::token_direction d) {
    const scenario_value* p = sb.find(c, key);
    if (p != nullptr && (p->origin || p->unknown)) {
      return sb.maybe(c, std::string(key), units::usd_per_million_tokens);
    }
    return input_of<quantity<units::usd_per_million_tokens_t>>(pricing::bedrock_tokens(
        sb.book_, sb.s_.region, model_name, d, c.name + "." + std::string(key)));
  };
  (void)workload::add_hosted_api(
      m, workload::hosted_api_inputs{
             c.name, model_name,
             sv != c.text.end() ? std::string(find_aws_service(sv->second)->code)
                                : std::string("AmazonBedrock"),
             price("input_price", pricing::token_direction::input),
             price("output_price", pricing::token_direction::output),
             c.period ? workload::service_period(c.name + ".period", c.period->from, c.period->to,
                                                 c.period->origin)
                      : sb.input(c, "hours", units::hour),
             sb.input(c, "average_tokens_per_s", units::tokens_per_second),
             sb.input(c, "input_tokens_per_output_token", units::dimensionless)});
}

inline constexpr sub_table hosted_api_tables[] = {
    {"period", {}, period_date_keys},
};

inline constexpr component_kind hosted_api_kind{"hosted_api", hosted_api_keys, hosted_api_tables,
                                                &hosted_api_rules, &hosted_api_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_HOSTED_API_IPP
