// The `data_transfer` component of a scenario file (docs/scenario.md): data moved between zones,
// out to the internet or to another region (model/components/data_transfer.hpp). Its keys, the
// rules across them (checked when the file is read) and the component it adds to a model, in one
// place; registered by one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_DATA_TRANSFER_IPP
#define TRNCOST_SCENARIO_KINDS_DATA_TRANSFER_IPP

#include "../../model/components/data_transfer.hpp"
#include "follows.ipp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<scenario_key, 1> data_transfer_keys{{
    {"transfer", kt::transfers, true},
}};
inline constexpr std::array<scenario_key, 11> transfer_keys{{
    {"type", kt::text, true},
    {"what", kt::text, true},
    // The volume: exactly one of the five (scenario/kinds/follows.ipp, volume_rules).
    {"gib", kt::input, false, {}, true},
    {"gib_per_month", kt::input, false, {}, true},
    {"gib_per_1m_tokens", kt::input, false, {}, true},
    {"gib_per_1000_requests", kt::input, false, {}, true},
    {"gib_per_run", kt::input, false, {}, true},
    {"during", kt::text, false},  // the workload gib_per_month runs over
    {"price", kt::price, false, "data_transfer_tiers"},
    {"to_region", kt::text, false},  // inter_region: where the data goes
    {"billed_by", kt::text, false},  // the service that moved the data: "AmazonS3", "AmazonEC2"
}};

inline void data_transfer_rules([[maybe_unused]] const scenario_parser& ps,
                                [[maybe_unused]] const toml::table& t,
                                [[maybe_unused]] const std::string& path,
                                [[maybe_unused]] scenario_component& c) {
  const toml::node* tr = t.get("transfer");  // required: read by read_keys before this
  const toml::array* a = tr->as_array();
  if (a == nullptr || a->empty() || !a->is_array_of_tables()) {
    ps.fail_at(ps.line_of(*tr), ps.join(path, "transfer"),
               "must be one or more [[component.transfer]] tables");
  }
  for (std::size_t i = 0; i < a->size(); ++i) {
    const toml::table& tt = *(*a)[i].as_table();
    const std::string tp = ps.join(path, "transfer") + "[" + std::to_string(i) + "]";
    std::vector<std::string_view> tallowed;
    for (const auto& k : transfer_keys) tallowed.push_back(k.name);
    ps.check_keys(tt, tp, tallowed, "a transfer");
    scenario_transfer x;
    x.line = ps.line_of(tt);
    std::map<std::string, std::string> text;
    ps.read_keys(tt, tp, transfer_keys, text, x.values);
    x.type = text["type"];
    x.what = text["what"];
    volume_rules(ps, tt, tp, "gib");
    x.during = text["during"];
    static constexpr std::array<std::string_view, 3> types{"inter_az", "internet_egress",
                                                           "inter_region"};
    if (std::find(types.begin(), types.end(), x.type) == types.end()) {
      ps.fail_at(ps.line_of(*tt.get("type")), ps.join(tp, "type"),
                 "unknown transfer type \"" + x.type + "\"" + ps.suggestion(x.type, types) +
                     "; the types are " + join_quoted(types));
    }
    const toml::node* to = tt.get("to_region");
    if (x.type == "inter_region") {
      if (to == nullptr) {
        ps.fail_at(x.line, ps.join(tp, "to_region"),
                   "is missing: an inter_region transfer names the region the data goes to");
      }
      x.to_region = text["to_region"];
      if (!is_region_code(x.to_region) || usage_type_prefix(x.to_region).empty()) {
        ps.fail_at(ps.line_of(*to), ps.join(tp, "to_region"),
                   "\"" + x.to_region + "\" is not an AWS region code (\"us-west-2\")");
      }
    } else if (to != nullptr) {
      ps.fail_at(ps.line_of(*to), ps.join(tp, "to_region"),
                 "goes with type = \"inter_region\" only (the data's other end)");
    }
    if (const toml::node* by = tt.get("billed_by"); by != nullptr) {
      x.billed_by = text["billed_by"];
      const auto s = find_aws_service(x.billed_by);
      if (!s || (s->code != "AmazonEC2" && s->code != "AmazonS3")) {
        ps.fail_at(ps.line_of(*by), ps.join(tp, "billed_by"),
                   "\"" + x.billed_by +
                       "\" is not a service that bills the data it moves: \"AmazonEC2\" (from an "
                       "instance) or \"AmazonS3\" (from a bucket)");
      }
    }
    c.transfers.push_back(std::move(x));
  }
}

inline void data_transfer_add([[maybe_unused]] scenario_builder& sb, model& m,
                              const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& region = sb.s_.region;
  std::vector<transfer> flows;
  for (std::size_t i = 0; i < c.transfers.size(); ++i) {
    const auto& x = c.transfers[i];
    const std::string base = c.name + ".transfer[" + std::to_string(i) + "]";
    auto volume = volume_of(sb, m, x.values, "gib", base, x.during);
    const auto xp = x.values.find("price");
    const bool given = xp != x.values.end() && xp->second.origin;
    const auto given_price = [&] {
      return sourced(base + ".price", sb.value_in(xp->second, units::usd_per_gibibyte),
                     *xp->second.origin);
    };
    if (x.type == "inter_region") {
      if (x.to_region == region) {
        throw input_error("transfer[" + std::to_string(i) + "].to_region: \"" + x.to_region +
                          "\" is the estimate's own region; between zones of it, the "
                          "type is inter_az");
      }
      flows.push_back(transfer::inter_region(
          x.what, x.to_region, volume,
          given ? input_of<quantity<units::usd_per_gibibyte_t>>(given_price())
                : input_of<quantity<units::usd_per_gibibyte_t>>(pricing::data_transfer_inter_region(
                      sb.book_, region, x.to_region, base + ".price"))));
      continue;
    }
    if (x.type == "inter_az") {
      if (given) {
        flows.push_back(transfer::inter_az(x.what, volume, given_price()));
        continue;
      }
      const auto tiers =
          pricing::data_transfer_tiers(sb.book_, region, "IntraRegion", base + ".price");
      if (tiers.size() != 1) {
        throw input_error("the price book has " + std::to_string(tiers.size()) +
                          " tiers for data transfer between availability zones; expected "
                          "one flat price");
      }
      flows.push_back(transfer::inter_az(x.what, volume, tiers.front().price));
    } else {
      auto tiers = given ? sb.flat_table<units::gibibyte_t>(given_price())
                         : sb.as_table(base + ".price",
                                       pricing::data_transfer_tiers(
                                           sb.book_, region, "AWS Outbound", base + ".price"));
      if (volume.per_unit_of_work() && tiers.size() != 1) {
        std::string key = "gib";
        for (std::string_view suffix : volume_suffixes) {
          if (x.values.count("gib" + std::string(suffix)) != 0) key += suffix;
        }
        throw input_error(
            "transfer[" + std::to_string(i) + "]." + key +
            ": internet egress is priced by tiers of each month's volume (" +
            std::to_string(tiers.size()) +
            " in the price book), which a rate per unit of work does not give; write "
            "gib_per_month with during (the volume a month) or gib (in all), or a flat price");
      }
      flows.push_back(transfer::internet_egress(x.what, std::move(volume), std::move(tiers)));
    }
  }
  // One flow per transfer table, in order: each says the service that bills it, when it does.
  for (std::size_t i = 0; i < c.transfers.size(); ++i) {
    if (!c.transfers[i].billed_by.empty()) flows[i].billed_by(c.transfers[i].billed_by);
  }
  m.add(data_transfer(c.name, std::move(flows)));
}

inline constexpr sub_table data_transfer_tables[] = {
    {"transfer", transfer_keys, {}},
};

inline constexpr component_kind data_transfer_kind{"data_transfer", data_transfer_keys,
                                                   data_transfer_tables, &data_transfer_rules,
                                                   &data_transfer_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_DATA_TRANSFER_IPP
