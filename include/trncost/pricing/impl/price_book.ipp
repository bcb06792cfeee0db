// The definitions of pricing/price_book.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PRICING_IMPL_PRICE_BOOK_IPP
#define TRNCOST_PRICING_IMPL_PRICE_BOOK_IPP

#include <set>

#include "../price_book.hpp"

namespace trncost {

namespace pricing {

[[nodiscard]] TRNCOST_DECL hour_kind hour_kind_of(const price_entry& e, std::string* why) {
  const auto said = [why](std::string text) {
    if (why != nullptr) *why = std::move(text);
  };
  const auto usage = e.attribute("usagetype").value_or("");
  const auto discounted = e.attribute("discountedUsageType").value_or("");
  for (const std::string_view amount :
       {"GB-Hours", "vCPU-Hours", "LCUUsage", "LCU-Hrs", "GB-Hrs"}) {
    for (const std::string_view text : {usage, discounted}) {
      if (text.find(amount) != std::string_view::npos) {
        said("its usage type " + std::string(text) + " counts hours of an amount (" +
             std::string(amount) + "), not instance-hours");
        return hour_kind::amount;
      }
    }
  }
  for (const std::string_view amount : {"per GB-hour", "per GB-Hour", "per vCPU-hour",
                                        "per vCPU-Hour", "per LCU-hour", "per LCU-Hour"}) {
    if (e.origin.description.find(amount) != std::string::npos) {
      said("its description says \"" + std::string(amount) + "\", not per instance-hour");
      return hour_kind::amount;
    }
  }
  if (e.term_type == "savingsPlan") {
    if (auto t = e.attribute("discountedInstanceType"); t && !t->empty()) {
      said("a Savings Plans rate for instance type " + std::string(*t));
      return hour_kind::instance;
    }
    said("a Savings Plans rate that names no instance type (discountedInstanceType)");
    return hour_kind::other;
  }
  const auto type = e.attribute("instanceType");
  for (const auto& [offer, family] : instance_hour_families) {
    if (e.origin.offer_code == offer && e.product_family == family) {
      if (type && !type->empty()) {
        said(std::string(family) + " " + std::string(*type) + " of " + std::string(offer));
        return hour_kind::instance;
      }
      said(std::string(family) + " of " + std::string(offer) + " without an instanceType");
      return hour_kind::other;
    }
  }
  said("product family \"" + e.product_family + "\" of offer " +
       (e.origin.offer_code.empty() ? std::string("(none)") : e.origin.offer_code) +
       " is not an instance (instance-hours are priced for " +
       "AmazonEC2 Compute Instance, AmazonSageMaker ML Instance and AmazonRDS Database Instance)");
  return hour_kind::other;
}

}  // namespace pricing

namespace pricing {

TRNCOST_DECL auto price_entry::attribute(std::string_view name) const noexcept
    -> std::optional<std::string_view> {
  if (name == "productFamily") return std::string_view(product_family);
  return find_attribute(attributes, name);
}

TRNCOST_DECL auto price_entry::describe() const -> std::string {
  std::string s = "SKU " + origin.sku + ", rate " + origin.rate_code + ": " + price.to_string() +
                  " " + currency + " per " + origin.unit;
  if (!origin.description.empty()) s += " (\"" + origin.description + "\")";
  for (const char* key :
       {"usagetype", "operation", "marketoption", "discountedUsageType", "discountedOperation"}) {
    if (auto v = find_attribute(attributes, key))
      s += ", " + std::string(key) + "=" + std::string(*v);
  }
  return s;
}

TRNCOST_DECL auto price_conflict::describe() const -> std::string {
  std::string s = "SKU " + sku + ", rate " + rate_code + " has " + std::to_string(versions.size()) +
                  " different prices:";
  for (const auto& v : versions) {
    // Appended piece by piece: g++ 12 at -O3 reports a false -Wrestrict for " " + std::string&&.
    s += ' ';
    s += v.price.to_string();
    s += " " + v.currency + " (" + v.origin.offer_code + " " + v.origin.offer_version + ", " +
         v.origin.source + ");";
  }
  s.pop_back();
  return s;
}

TRNCOST_DECL auto price_query::where(std::string name, std::string value, match how)
    -> price_query& {
  attributes.push_back({std::move(name), std::move(value), how});
  return *this;
}

TRNCOST_DECL auto price_query::where_term(std::string name, std::string value) -> price_query& {
  term_attributes.push_back({std::move(name), std::move(value), match::equals});
  return *this;
}

TRNCOST_DECL auto price_query::test(const condition& c, std::optional<std::string_view> v) noexcept
    -> bool {
  if (!v) return false;
  switch (c.how) {
    case match::equals:
      return *v == c.value;
    case match::prefix:
      return v->starts_with(c.value);
    case match::suffix:
      return v->ends_with(c.value);
  }
  return false;
}

TRNCOST_DECL auto price_query::matches(const price_entry& e) const noexcept -> bool {
  if (!offer_code.empty() && e.origin.offer_code != offer_code) return false;
  if (!term_type.empty() && e.term_type != term_type) return false;
  if (!unit.empty() && e.origin.unit != unit) {
    // Spellings the unit table reads alike ("Hrs" and "Hours") are one unit.
    const price_unit_entry* want = find_price_unit(unit);
    const price_unit_entry* have = e.unit != nullptr ? e.unit : find_price_unit(e.origin.unit);
    if (want == nullptr || have == nullptr || want->unit != have->unit) return false;
  }
  for (const auto& c : attributes) {
    if (!test(c, e.attribute(c.name))) return false;
  }
  for (const auto& c : term_attributes) {
    if (!test(c, e.term_attribute(c.name))) return false;
  }
  return true;
}

TRNCOST_DECL auto price_query::describe() const -> std::string {
  std::string s;
  const auto add = [&s](const condition& c) {
    if (!s.empty()) s += ", ";
    s += c.name;
    s += c.how == match::equals ? "=" : (c.how == match::prefix ? " starts with " : " ends with ");
    s += c.value;
  };
  if (!offer_code.empty()) s += "offer " + offer_code;
  for (const auto& c : attributes) add(c);
  if (!term_type.empty()) s += (s.empty() ? "" : ", ") + std::string("term ") + term_type;
  for (const auto& c : term_attributes) add(c);
  if (!unit.empty()) s += (s.empty() ? "" : ", ") + std::string("unit ") + unit;
  return s;
}

TRNCOST_DECL price_book::price_book(date as_of) : as_of_(as_of) {
  if (!as_of.ok()) throw input_error("price book: the as-of date is not a calendar date");
}

TRNCOST_DECL price_book::price_book(date as_of, day_count max_age)
    : as_of_(as_of), max_age_(max_age) {
  if (!as_of.ok()) throw input_error("price book: the as-of date is not a calendar date");
  if (max_age.count() < 0) throw input_error("price book: the maximum age is negative");
}

TRNCOST_DECL void price_book::set_in_force_on(date d) {
  if (!d.ok()) throw input_error("price book: the in-force date is not a calendar date");
  in_force_on_ = d;
}

TRNCOST_DECL auto price_book::version_dates() const -> std::vector<date> {
  std::set<date> days;
  for (const auto& t : term_versions_) {
    for (const auto& d : t.second) {
      if (d) days.insert(*d);
    }
  }
  return {days.begin(), days.end()};
}

TRNCOST_DECL auto price_book::add(const offer& o, std::optional<date> consulted) -> std::size_t {
  const auto& h = o.header;
  if (!h.published && !consulted) {
    throw input_error(h.source +
                      ": the offer has no publication date and no date consulted "
                      "was given; a quoted price needs the day it was read");
  }
  const std::optional<date> published =
      h.published ? std::optional<date>(h.published->day()) : std::nullopt;
  // Refused before anything is added, so a refused offer leaves the book as it was.
  check_offer_lines(o);
  for (const auto& t : o.terms) {
    for (const auto& d : t.dimensions) {
      if (const std::string sign = reserved_sign(t.type, t.term_attributes, d.description);
          !sign.empty()) {
        throw input_error(h.source + ": SKU " + t.sku + ", rate code " + d.rate_code +
                          " is filed under OnDemand but looks like a reserved term (" + sign +
                          "); trncost will not read it as an on-demand price");
      }
    }
  }
  std::size_t added = 0;
  for (const auto& t : o.terms) {
    const offer_product* p = o.product(t.sku);
    if (p == nullptr) {
      throw input_error(h.source + ": term " + t.offer_term_code + " points to SKU " + t.sku +
                        ", which is not among the offer's products");
    }
    for (const auto& d : t.dimensions) {
      price_entry e;
      e.unit = &lookup_price_unit(d.unit, h.source + ": rate " + d.rate_code);
      e.price = d.price;
      e.currency = h.currency;
      e.product_family = p->product_family;
      e.attributes = p->attributes;
      e.attributes.insert(e.attributes.end(), d.attributes.begin(), d.attributes.end());
      e.term_type = t.type;
      e.term_attributes = t.term_attributes;
      e.begin_range = d.begin_range;
      e.end_range = d.end_range;
      quoted& q = e.origin;
      q.source = h.source;
      q.offer_code = h.offer_code;
      q.offer_version = h.version;
      q.published = published;
      q.sku = t.sku;
      q.offer_term_code = t.offer_term_code;
      q.rate_code = d.rate_code;
      auto region = region_of(e.attributes, h);
      if (!region) {
        skipped_.push_back({h.source, t.sku, d.rate_code,
                            "product " + t.sku + " (" + p->product_family +
                                ") has no regionCode, fromRegionCode, location or "
                                "fromLocation, and the caller gave no region for the file"});
        continue;
      }
      q.region = std::move(*region);
      q.option = option_of(t.type);
      q.consulted = consulted ? *consulted : *published;
      q.consulted_is_publication_date = !consulted;
      q.effective = t.effective;
      q.unit = d.unit;
      q.description = d.description;
      // What the price is for, as the file states it: a line of another instance type must not
      // use it (docs/model.md#identity-consistent). A Savings Plan's rate names the instance type
      // it discounts; its plan's own instanceType is a family ("trn1").
      for (const char* key : {"discountedInstanceType", "instanceType"}) {
        if (auto v = find_attribute(e.attributes, key); v && !v->empty()) {
          q.instance_type = std::string(*v);
          break;
        }
      }
      for (const char* key : {"discountedUsageType", "usagetype"}) {
        if (auto v = find_attribute(e.attributes, key); v && !v->empty()) {
          q.usage_type = std::string(*v);
          break;
        }
      }
      // A usage type names its region ("USW2-BoxUsage:..."): a row of another region than the
      // one the file is read for (a Savings Plans file of us-west-2 given for us-east-1) is
      // refused, never relabelled.
      if (const auto named = region_of_usage_type(q.usage_type);
          !named.empty() && is_region_code(q.region) && !is_in_region(q.region, named)) {
        throw input_error(h.source + ": SKU " + t.sku + ", rate code " + d.rate_code +
                          ": usage type " + q.usage_type + " is billed in " + std::string(named) +
                          ", but the row is read as " + q.region +
                          "; give the file of the estimate's region (rule identity-consistent, "
                          "docs/model.md#what-a-line-is)");
      }
      if (add(std::move(e))) ++added;
    }
  }
  return added;
}

TRNCOST_DECL auto price_book::add(price_entry e) -> bool {
  if (e.unit == nullptr) e.unit = &lookup_price_unit(e.origin.unit, "rate " + e.origin.rate_code);
  validate(e.origin, "rate " + e.origin.rate_code);
  auto& versions = index_[std::make_pair(e.origin.sku, e.origin.rate_code)];
  for (const std::size_t i : versions) {
    const price_entry& old = entries_[i];
    // Another effective date: another version of the key, kept beside this one.
    if (old.origin.effective != e.origin.effective) continue;
    if (old.price == e.price && old.currency == e.currency && old.origin.unit == e.origin.unit) {
      return false;
    }
    for (auto& c : conflicts_) {
      if (c.sku == e.origin.sku && c.rate_code == e.origin.rate_code &&
          c.versions.front().origin.effective == e.origin.effective) {
        c.versions.push_back(std::move(e));
        return false;
      }
    }
    conflicts_.push_back({e.origin.sku, e.origin.rate_code, {old, std::move(e)}});
    return false;
  }
  auto& dates =
      term_versions_[std::make_tuple(e.origin.sku, e.term_type, e.origin.offer_term_code)];
  if (std::find(dates.begin(), dates.end(), e.origin.effective) == dates.end()) {
    dates.push_back(e.origin.effective);
  }
  versions.push_back(entries_.size());
  entries_.push_back(std::move(e));
  return true;
}

TRNCOST_DECL auto price_book::term_in_force(const price_entry& e) const -> std::optional<date> {
  const auto& dates =
      term_versions_.at(std::make_tuple(e.origin.sku, e.term_type, e.origin.offer_term_code));
  // An undated version counts as the earliest.
  const auto earlier = [](const std::optional<date>& a, const std::optional<date>& b) {
    return b.has_value() && (!a.has_value() || *a < *b);
  };
  std::optional<std::optional<date>> now;
  std::optional<date> first = dates.front();
  for (const auto& d : dates) {
    if (earlier(d, first)) first = d;
    if ((!d || *d <= in_force_on()) && (!now || earlier(*now, d))) now = d;
  }
  return now ? *now : first;
}

TRNCOST_DECL auto price_book::in_force(const std::vector<std::size_t>& versions) const
    -> const price_entry& {
  // An undated line counts as the earliest version.
  const auto earlier = [](const std::optional<date>& a, const std::optional<date>& b) {
    return b.has_value() && (!a.has_value() || *a < *b);
  };
  const price_entry* now = nullptr;
  const price_entry* first = nullptr;
  for (const std::size_t i : versions) {
    const price_entry& e = entries_[i];
    if (first == nullptr || earlier(e.origin.effective, first->origin.effective)) first = &e;
    const bool effective = !e.origin.effective || *e.origin.effective <= in_force_on();
    if (effective && (now == nullptr || earlier(now->origin.effective, e.origin.effective))) {
      now = &e;
    }
  }
  return now != nullptr ? *now : *first;
}

TRNCOST_DECL auto price_book::find(std::string_view sku, std::string_view rate_code) const
    -> const price_entry* {
  auto it = index_.find(std::make_pair(std::string(sku), std::string(rate_code)));
  return it == index_.end() ? nullptr : &in_force(it->second);
}

TRNCOST_DECL auto price_book::freshness_of(const price_entry& e) const noexcept -> freshness {
  const date vintage = e.origin.published ? *e.origin.published : e.origin.consulted;
  if (vintage > as_of_) return freshness::not_yet_published;
  // Not yet effective on the day it prices, nor on the as-of date: a version in effect on the
  // as-of date is a known price, and a day before the earliest version known takes that one.
  if (e.origin.effective && *e.origin.effective > std::max(in_force_on(), as_of_)) {
    return freshness::not_yet_published;
  }
  if (max_age_ && days_between(vintage, as_of_) > max_age_->count()) return freshness::stale;
  return freshness::fresh;
}

TRNCOST_DECL auto price_book::select(const price_query& q) const
    -> std::vector<const price_entry*> {
  std::vector<const price_entry*> out;
  for (const auto& e : entries_) {
    if (!q.matches(e)) continue;
    if (e.origin.effective != term_in_force(e)) continue;  // another version of its term rules
    out.push_back(&e);
  }
  return out;
}

TRNCOST_DECL auto price_book::one(const price_query& q) const -> const price_entry& {
  const auto found = select(q);
  if (found.empty()) {
    throw input_error("no price matches " + q.what + " (" + q.describe() + ") among the " +
                      std::to_string(entries_.size()) + " prices in the book");
  }
  if (found.size() > 1) {
    std::string s = std::to_string(found.size()) + " prices match " + q.what + " (" + q.describe() +
                    ") where one is expected:";
    for (const auto* e : found) s += "\n  " + e->describe();
    throw input_error(s);
  }
  const price_entry& e = *found.front();
  check_usable(e, q.what);
  const bool from_zero = e.begin_range.empty() || e.begin_range == "0" ||
                         range_value(e, e.begin_range, "beginRange").is_zero();
  if (!from_zero || (!e.end_range.empty() && e.end_range != "Inf")) {
    throw input_error(q.what + ": " + e.describe() + " (" + e.origin.source +
                      ") covers usage from " + e.begin_range + " to " + e.end_range +
                      " only; a flat price covers all usage (0 to Inf): this line is one tier of "
                      "a tiered price");
  }
  return e;
}

TRNCOST_DECL auto price_book::check_usable(const price_entry& e, std::string_view what) const
    -> void {
  for (const auto& c : conflicts_) {
    if (c.sku == e.origin.sku && c.rate_code == e.origin.rate_code &&
        c.versions.front().origin.effective == e.origin.effective) {
      throw input_error(std::string(what) + ": " + c.describe());
    }
  }
  const date vintage = e.origin.published ? *e.origin.published : e.origin.consulted;
  switch (freshness_of(e)) {
    case freshness::fresh:
      return;
    case freshness::stale:
      throw input_error(std::string(what) + ": " + e.describe() + " was published " +
                        to_string(vintage) + ", " + std::to_string(days_between(vintage, as_of_)) +
                        " days before the as-of date " + to_string(as_of_) +
                        "; the book accepts prices at most " +
                        std::to_string(max_age_ ? max_age_->count() : 0) +
                        " days old (its maximum age: max_age_days under a scenario's [prices], "
                        "the max_age of a price_book in C++; without one, an old price prices "
                        "the estimate and makes it stale)");
    case freshness::not_yet_published:
      if (in_force_on_ && vintage <= as_of_ && e.origin.effective) {
        throw input_error(std::string(what) + ": " + e.describe() + " takes effect on " +
                          to_string(*e.origin.effective) + ", after the day it prices (" +
                          to_string(in_force_on()) + ")");
      }
      throw input_error(std::string(what) + ": " + e.describe() + " was published or takes " +
                        "effect after the as-of date " + to_string(as_of_));
  }
}

TRNCOST_DECL auto price_book::check_not_free(const price_entry& e, std::string_view name) const
    -> void {
  if (!e.price.is_zero() || e.term_type != "OnDemand" || e.unit->unit != price_unit::hour) return;
  if (hour_kind_of(e) != hour_kind::instance) return;
  // Files older than 2018 have no capacitystatus: every row then priced a used instance hour.
  const auto status = e.attribute("capacitystatus").value_or("Used");
  const auto market = e.attribute("marketoption").value_or("OnDemand");
  // An instance on a Dedicated Host is paid through the host: its own hour is priced 0.
  if (status != "Used" || market != "OnDemand" || e.attribute("tenancy") == "Host") return;
  throw input_error("price '" + std::string(name) + "': " + e.describe() + " (" + e.origin.source +
                    ") prices a used on-demand instance hour at zero (capacitystatus " +
                    std::string(status) + ", marketoption " + std::string(market) +
                    "); such an hour is never free, so the row is wrong or not this "
                    "instance's price (a zero is a price only with a stated reason: a Capacity "
                    "Block or capacity reservation row, a free tier)");
}

TRNCOST_DECL auto price_book::range_value(const price_entry& e, const std::string& text,
                                          const char* field) -> decimal {
  if (text.empty()) {
    throw input_error("rate " + e.origin.rate_code + ": " + field + " is missing, so the line " +
                      "cannot be placed in a tier");
  }
  try {
    return decimal::parse(text);
  } catch (const error&) {
    throw input_error("rate " + e.origin.rate_code + ": " + field + " \"" + text +
                      "\" is not a decimal number");
  }
}

TRNCOST_DECL auto price_book::region_of(const attribute_list& attributes, const offer_header& h)
    -> std::optional<std::string> {
  for (const char* key : {"regionCode", "fromRegionCode"}) {
    if (auto v = find_attribute(attributes, key); v && !v->empty()) return std::string(*v);
  }
  if (!h.region.empty()) return h.region;
  for (const char* key : {"location", "fromLocation"}) {
    if (auto v = find_attribute(attributes, key); v && !v->empty()) return std::string(*v);
  }
  return std::nullopt;
}

TRNCOST_DECL auto price_book::option_of(std::string_view term_type) -> purchase_option {
  if (term_type == "OnDemand") return purchase_option::on_demand;
  if (term_type == "Reserved") return purchase_option::reserved;
  if (term_type == "savingsPlan") return purchase_option::savings_plan;
  throw input_error("term type \"" + std::string(term_type) +
                    "\" is not one trncost prices (OnDemand, Reserved, savingsPlan)");
}

}  // namespace pricing

}  // namespace trncost

#endif  // TRNCOST_PRICING_IMPL_PRICE_BOOK_IPP
