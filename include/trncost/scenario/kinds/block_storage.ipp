// The `block_storage` component of a scenario file (docs/scenario.md): EBS volumes: their size,
// IOPS and throughput over the time they are kept (model/components/block_storage.hpp). Its keys,
// the rules across them (checked when the file is read) and the component it adds to a model, in
// one place; registered by one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_BLOCK_STORAGE_IPP
#define TRNCOST_SCENARIO_KINDS_BLOCK_STORAGE_IPP

#include "../../model/components/block_storage.hpp"
#include "follows.ipp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<scenario_key, 15> block_storage_keys{{
    {"volume_type", kt::text, true},
    {"price", kt::price, false, "ebs_storage", true},
    {"size_gib", kt::input, true, {}, true},
    {"kept_seconds", kt::input, false},
    {"kept_hours", kt::input, false},
    {"kept_months", kt::input, false},
    kept_for_key,
    kept_after_days_key,
    {"volumes", kt::input, false, {}, true},
    // Provisioned IOPS and throughput of each volume, the part included at no charge (gp3: 3,000
    // IOPS and 125 MiB/s) and the price above it.
    {"iops", kt::input, false, {}, true},
    {"iops_included", kt::input, false},
    {"iops_price", kt::price, false, "ebs_iops", true},  // USD per IOPS-month
    {"throughput_mibps", kt::input, false, {}, true},
    {"throughput_included_mibps", kt::input, false},
    {"throughput_price", kt::price, false, "ebs_throughput", true},  // USD per MiBps-month
}};

inline void block_storage_rules([[maybe_unused]] const scenario_parser& ps,
                                [[maybe_unused]] const toml::table& t,
                                [[maybe_unused]] const std::string& path,
                                [[maybe_unused]] scenario_component& c) {
  // The included part and the price of IOPS or throughput are read only with what is
  // provisioned.
  for (const auto& [what, parts] :
       {std::pair<std::string_view, std::array<std::string_view, 2>>{
            "iops", {"iops_included", "iops_price"}},
        {"throughput_mibps", {"throughput_included_mibps", "throughput_price"}}}) {
    if (t.get(what) != nullptr) continue;
    for (std::string_view k : parts) {
      if (const toml::node* n = t.get(k)) {
        ps.fail_at(ps.line_of(*n), ps.join(path, k),
                   "is given without " + std::string(what) + " (the provisioned " +
                       (what == "iops" ? "IOPS" : "throughput") + " of each volume)");
      }
    }
  }
  kept_rules(ps, t, path, {"kept_seconds", "kept_hours", "kept_months"});
}

inline void block_storage_add([[maybe_unused]] scenario_builder& sb, model& m,
                              const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& region = sb.s_.region;
  const auto name_of = [&](std::string_view key) { return c.name + "." + std::string(key); };
  const std::string& type = c.text.at("volume_type");
  const scenario_value* p = sb.find(c, "price");
  const auto price = p != nullptr && (p->origin || p->unknown)
                         ? sb.maybe(c, "price", units::usd_per_gibibyte_month)
                         : input_of<quantity<units::usd_per_gibibyte_month_t>>(
                               pricing::ebs_storage(sb.book_, region, type, name_of("price")));
  const auto kept = kept_for_workload(c) ? kept_for_period(sb, m, c)
                    : sb.find(c, "kept_seconds") != nullptr
                        ? usage_period(sb.input(c, "kept_seconds", units::second), month_730h)
                    : sb.find(c, "kept_hours") != nullptr
                        ? usage_period(sb.input(c, "kept_hours", units::hour), month_730h)
                        : usage_period(sb.input(c, "kept_months", units::month));
  block_storage b(c.name, type, sb.maybe(c, "size_gib", units::gibibyte), kept, price);
  if (sb.find(c, "volumes") != nullptr)
    b.with_volumes(sb.maybe(c, "volumes", units::dimensionless));
  if (sb.find(c, "iops") != nullptr) {
    const scenario_value* ip = sb.find(c, "iops_price");
    b.with_iops(sb.maybe(c, "iops", units::iops),
                sb.above_included<units::iops_t>(
                    c, "iops_included",
                    ip != nullptr && (ip->origin || ip->unknown)
                        ? sb.maybe(c, "iops_price", units::usd_per_iops_month)
                        : input_of<quantity<units::usd_per_iops_month_t>>(
                              pricing::ebs_iops(sb.book_, region, type, name_of("iops_price")))));
  }
  if (sb.find(c, "throughput_mibps") != nullptr) {
    const auto provisioned = sb.maybe(c, "throughput_mibps", units::mebibytes_per_second);
    const scenario_value* tp = sb.find(c, "throughput_price");
    // Written: USD per MiBps-month, as AWS's pricing page says it; from the book: per
    // GiBps-month, as the offer file prices it (the line divides by 1024, exactly).
    if (tp != nullptr && (tp->origin || tp->unknown)) {
      b.with_throughput(provisioned,
                        sb.above_included<units::mebibytes_per_second_t>(
                            c, "throughput_included_mibps",
                            sb.maybe(c, "throughput_price", units::usd_per_mibps_month)));
    } else {
      b.with_throughput(
          provisioned, sb.above_included<units::mebibytes_per_second_t>(
                           c, "throughput_included_mibps",
                           input_of<quantity<units::usd_per_gibps_month_t>>(pricing::ebs_throughput(
                               sb.book_, region, type, name_of("throughput_price")))));
    }
  }
  m.add(b);
}

inline constexpr component_kind block_storage_kind{
    "block_storage", block_storage_keys, {}, &block_storage_rules, &block_storage_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_BLOCK_STORAGE_IPP
