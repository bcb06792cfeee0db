// The definitions of pricing/regions.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PRICING_IMPL_REGIONS_IPP
#define TRNCOST_PRICING_IMPL_REGIONS_IPP

#include <algorithm>
#include <set>

#include "../price_book.hpp"
#include "../queries.hpp"
#include "../regions.hpp"

namespace trncost::pricing {

TRNCOST_DECL std::vector<regional_price> on_demand_by_region(std::span<const offer> offers,
                                                             const std::string& instance_type,
                                                             date as_of) {
  // The regions, and each one's EC2 offers.
  std::set<std::string> regions;
  const auto regions_of = [](const offer& o) {
    std::set<std::string> out;
    if (!o.header.region.empty()) {
      out.insert(o.header.region);
      return out;
    }
    for (const auto& p : o.products) {
      if (const auto r = p.attribute("regionCode"); r && !r->empty()) out.emplace(*r);
    }
    return out;
  };
  for (const auto& o : offers) {
    if (o.header.offer_code != "AmazonEC2") continue;
    const auto r = regions_of(o);
    regions.insert(r.begin(), r.end());
  }
  std::vector<regional_price> out;
  for (const auto& region : regions) {
    // A book of this region's EC2 offers alone, as old as they are (the caller judges the age).
    price_book book(as_of, day_count{1'000'000});
    regional_price rp{.region = region};
    for (const auto& o : offers) {
      if (o.header.offer_code != "AmazonEC2" || !regions_of(o).contains(region)) continue;
      book.add(o);
      rp.offer_version = o.header.version;
      if (o.header.published) rp.published = o.header.published->day();
    }
    const auto query = ec2_on_demand_query(region, instance_type);
    if (book.select(query).empty()) {
      rp.why_not = "not offered: the AmazonEC2 offer " + rp.offer_version + " read for " + region +
                   " has no Linux on-demand row for " + instance_type +
                   " (a price store holds only the rows its fetch kept)";
    } else {
      try {
        rp.price = ec2_on_demand(book, region, instance_type, instance_type + "." + region);
      } catch (const input_error& e) {
        std::string why = e.what();
        if (why.starts_with("trncost: ")) why.erase(0, 9);
        rp.why_not = why;
      }
    }
    out.push_back(std::move(rp));
  }
  std::stable_sort(out.begin(), out.end(), [](const regional_price& a, const regional_price& b) {
    if (a.price.has_value() != b.price.has_value()) return a.price.has_value();
    if (!a.price) return false;  // the unpriced keep their region order
    return a.price->value() < b.price->value();
  });
  return out;
}

}  // namespace trncost::pricing

#endif  // TRNCOST_PRICING_IMPL_REGIONS_IPP
