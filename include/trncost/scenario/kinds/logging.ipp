// The `logging` component of a scenario file (docs/scenario.md): CloudWatch Logs: ingestion, and
// storage when the logs are kept (model/components/logging.hpp). Its keys, the rules across them
// (checked when the file is read) and the component it adds to a model, in one place; registered by
// one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_LOGGING_IPP
#define TRNCOST_SCENARIO_KINDS_LOGGING_IPP

#include "../../model/components/logging.hpp"
#include "follows.ipp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<scenario_key, 13> logging_keys{{
    // The volume ingested: exactly one of the five (scenario/kinds/follows.ipp, volume_rules).
    {"ingested_gib", kt::input, false},
    {"ingested_gib_per_month", kt::input, false},
    {"ingested_gib_per_1m_tokens", kt::input, false},
    {"ingested_gib_per_1000_requests", kt::input, false},
    {"ingested_gib_per_run", kt::input, false},
    {"during", kt::text, false},  // the workload a rate a month runs over
    {"ingestion_price", kt::price, false, "cloudwatch_logs_ingestion"},
    {"stored_gib", kt::input, false},
    {"kept_months", kt::input, false},
    kept_for_key,
    kept_after_days_key,
    {"storage_price", kt::price, false, "cloudwatch_logs_storage"},
    {"not_kept", kt::text, false},  // why the logs are not stored (instead of the three above)
}};

inline void logging_rules([[maybe_unused]] const scenario_parser& ps,
                          [[maybe_unused]] const toml::table& t,
                          [[maybe_unused]] const std::string& path,
                          [[maybe_unused]] scenario_component& c) {
  volume_rules(ps, t, path, "ingested_gib");
  // Kept logs bill storage (stored_gib, kept_months); logs not kept say why (not_kept).
  const bool kept = t.get("stored_gib") != nullptr || t.get("kept_months") != nullptr ||
                    t.get("kept_for") != nullptr || t.get("storage_price") != nullptr;
  if (const toml::node* nk = t.get("not_kept"); nk != nullptr && kept) {
    ps.fail_at(ps.line_of(*nk), ps.join(path, "not_kept"),
               "is given with the storage of the logs (stored_gib, kept_months or kept_for, "
               "storage_price); logs are either kept or not");
  }
  if (t.get("not_kept") == nullptr) {
    if (t.get("stored_gib") == nullptr) {
      ps.fail_at(ps.line_of(t), ps.join(path, "stored_gib"),
                 "is missing: kept logs bill storage (stored_gib, and kept_months or kept_for); "
                 "for logs that are not kept, write not_kept = \"why\" instead");
    }
    kept_rules(ps, t, path, {"kept_months"});
  } else {
    kept_rules(ps, t, path, {"kept_months"}, true);
  }
}

inline void logging_add([[maybe_unused]] scenario_builder& sb, model& m,
                        const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& region = sb.s_.region;
  const auto name_of = [&](std::string_view key) { return c.name + "." + std::string(key); };
  const scenario_value* ip = sb.find(c, "ingestion_price");
  const auto during = c.text.find("during");
  auto ingested = volume_of(sb, m, c.values, "ingested_gib", c.name,
                            during == c.text.end() ? std::string() : during->second);
  if (const auto nk = c.text.find("not_kept"); nk != c.text.end()) {
    m.add(logging::not_kept(
        c.name, std::move(ingested),
        ip != nullptr && ip->origin
            ? sb.input(c, *ip, units::usd_per_gibibyte)
            : pricing::cloudwatch_logs_ingestion(sb.book_, region, name_of("ingestion_price")),
        nk->second));
    return;
  }
  const scenario_value* sp = sb.find(c, "storage_price");
  const auto ingestion =
      ip != nullptr && ip->origin
          ? sb.input(c, *ip, units::usd_per_gibibyte)
          : pricing::cloudwatch_logs_ingestion(sb.book_, region, name_of("ingestion_price"));
  const auto storage =
      sp != nullptr && sp->origin
          ? sb.input(c, *sp, units::usd_per_gibibyte_month)
          : pricing::cloudwatch_logs_storage(sb.book_, region, name_of("storage_price"));
  m.add(logging(c.name, std::move(ingested), ingestion, sb.input(c, "stored_gib", units::gibibyte),
                kept_for_workload(c) ? kept_for_period(sb, m, c)
                                     : usage_period(sb.input(c, "kept_months", units::month)),
                storage));
}

inline constexpr component_kind logging_kind{
    "logging", logging_keys, {}, &logging_rules, &logging_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_LOGGING_IPP
