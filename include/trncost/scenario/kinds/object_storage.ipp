// The `object_storage` component of a scenario file (docs/scenario.md): S3: what is stored, for how
// long, and the requests (model/components/object_storage.hpp). Its keys, the rules across them
// (checked when the file is read) and the component it adds to a model, in one place; registered by
// one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_OBJECT_STORAGE_IPP
#define TRNCOST_SCENARIO_KINDS_OBJECT_STORAGE_IPP

#include "../../model/components/object_storage.hpp"
#include "follows.ipp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<scenario_key, 12> object_storage_keys{{
    {"storage_class", kt::text, true},
    {"storage_price", kt::price, false, "s3_storage_tiers"},
    {"stored_gib", kt::input, false},
    // Or what is stored as checkpoints: how many are kept at once, and the size of one.
    {"checkpoints", kt::input, false},
    {"checkpoint_gib", kt::input, false},
    {"kept_months", kt::input, false},
    kept_for_key,
    kept_after_days_key,
    {"put_requests", kt::input, false},
    {"put_price", kt::price, false, "s3_requests"},
    {"get_requests", kt::input, false},
    {"get_price", kt::price, false, "s3_requests"},
}};

inline void object_storage_rules([[maybe_unused]] const scenario_parser& ps,
                                 [[maybe_unused]] const toml::table& t,
                                 [[maybe_unused]] const std::string& path,
                                 [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"stored_gib", "checkpoints"}, false,
            "what is stored: its size, or the checkpoints kept and the size of one");
  const bool count = t.get("checkpoints") != nullptr;
  if (const toml::node* size = t.get("checkpoint_gib"); (size != nullptr) != count) {
    ps.fail_at(size != nullptr ? ps.line_of(*size) : ps.line_of(*t.get("checkpoints")),
               ps.join(path, size != nullptr ? "checkpoint_gib" : "checkpoints"),
               "goes with " + std::string(size != nullptr ? "checkpoints" : "checkpoint_gib") +
                   ": the checkpoints kept at once and the size of one");
  }
  kept_rules(ps, t, path, {"kept_months"});
}

inline void object_storage_add([[maybe_unused]] scenario_builder& sb, model& m,
                               const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& region = sb.s_.region;
  const auto name_of = [&](std::string_view key) { return c.name + "." + std::string(key); };
  const std::string& cls = c.text.at("storage_class");
  const scenario_value* p = sb.find(c, "storage_price");
  auto prices =
      p != nullptr && p->origin
          ? sb.flat_table<units::gibibyte_t>(sb.input(c, *p, units::usd_per_gibibyte_month))
          : sb.as_table(name_of("storage_price"),
                        pricing::s3_storage_tiers(sb.book_, region, cls, name_of("storage_price")));
  const auto stored =
      sb.find(c, "stored_gib") != nullptr
          ? sb.input(c, "stored_gib", units::gibibyte)
          : convert<units::gibibyte_t>(c.name + ".stored_gib",
                                       sb.input(c, "checkpoints", units::dimensionless) *
                                           sb.input(c, "checkpoint_gib", units::gibibyte));
  object_storage o(c.name, "S3 " + cls, stored,
                   kept_for_workload(c) ? kept_for_period(sb, m, c)
                                        : usage_period(sb.input(c, "kept_months", units::month)),
                   std::move(prices));
  const auto request_price = [&](std::string_view key, const char* group) {
    const scenario_value* rp = sb.find(c, key);
    return rp != nullptr && rp->origin
               ? sb.input(c, *rp, units::usd_per_request)
               : pricing::s3_requests(sb.book_, region, group, name_of(key));
  };
  if (sb.find(c, "put_requests") != nullptr) {
    o.with_put_requests(sb.input(c, "put_requests", units::request),
                        request_price("put_price", "S3-API-Tier1"));
  }
  if (sb.find(c, "get_requests") != nullptr) {
    o.with_get_requests(sb.input(c, "get_requests", units::request),
                        request_price("get_price", "S3-API-Tier2"));
  }
  m.add(o);
}

inline constexpr component_kind object_storage_kind{
    "object_storage", object_storage_keys, {}, &object_storage_rules, &object_storage_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_OBJECT_STORAGE_IPP
