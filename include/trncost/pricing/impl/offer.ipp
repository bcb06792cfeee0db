// The definitions of pricing/offer.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PRICING_IMPL_OFFER_IPP
#define TRNCOST_PRICING_IMPL_OFFER_IPP

#include "../offer.hpp"

namespace trncost {

namespace pricing {

[[nodiscard]] TRNCOST_DECL std::optional<std::string_view> find_attribute(
    std::span<const attribute> list, std::string_view name) noexcept {
  for (const auto& a : list) {
    if (a.name == name) return std::string_view(a.value);
  }
  return std::nullopt;
}

[[nodiscard]] TRNCOST_DECL std::string normalise_lease(std::string_view v) {
  std::size_t i = 0;
  while (i < v.size() && v[i] >= '0' && v[i] <= '9') ++i;
  if (i == 0 || i > 2) return std::string(v);
  std::string unit;
  for (const char c : v.substr(i)) {
    if (c == ' ' || c == '-') continue;
    unit += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  if (unit == "yr" || unit == "yrs" || unit == "year" || unit == "years") {
    return std::string(v.substr(0, i)) + "yr";
  }
  return std::string(v);
}

[[nodiscard]] TRNCOST_DECL std::string normalise_purchase_option(std::string_view v) {
  std::string key;
  for (const char c : v) {
    if (c == ' ' || c == '-' || c == '_') continue;
    key += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  if (key == "allupfront") return "All Upfront";
  if (key == "partialupfront") return "Partial Upfront";
  if (key == "noupfront") return "No Upfront";
  return std::string(v);
}

[[nodiscard]] TRNCOST_DECL std::string normalise_attribute(std::string_view name,
                                                           std::string_view v) {
  if (name == "LeaseContractLength" || name == "leaseContractLength" || name == "purchaseTerm") {
    return normalise_lease(v);
  }
  if (name == "PurchaseOption" || name == "purchaseOption") return normalise_purchase_option(v);
  if (name == "OfferingClass" || name == "offeringClass") {
    std::string out(v);
    for (char& c : out) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    return out;
  }
  return std::string(v);
}

[[nodiscard]] TRNCOST_DECL std::string_view region_code_of_location(
    std::string_view location) noexcept {
  for (const auto& [name, code] : aws_locations) {
    if (name == location) return code;
  }
  return {};
}

TRNCOST_DECL void put_attribute(std::vector<attribute>& list, std::size_t& n, std::string_view name,
                                std::string_view value) {
  for (std::size_t i = 0; i < n; ++i) {
    if (list[i].name == name) {
      list[i].value.assign(value);
      return;
    }
  }
  if (n == list.size()) list.emplace_back();
  list[n].name.assign(name);
  list[n].value.assign(value);
  ++n;
}

TRNCOST_DECL void normalise_product_attributes(std::string_view family,
                                               std::vector<attribute>& list, std::size_t& n) {
  const std::span<const attribute> now(list.data(), n);
  std::string derived;
  std::vector<std::pair<std::string_view, std::string_view>> add;
  for (const auto& [code_name, location_name] :
       {std::pair<std::string_view, std::string_view>{"regionCode", "location"},
        {"fromRegionCode", "fromLocation"},
        {"toRegionCode", "toLocation"}}) {
    if (find_attribute(now, code_name)) continue;
    const auto location = find_attribute(now, location_name);
    if (!location) continue;
    const auto code = region_code_of_location(*location);
    if (code.empty()) continue;
    add.emplace_back(code_name, code);
  }
  const auto service = find_attribute(now, "servicecode");
  if (service && *service == "AmazonEC2" && family.starts_with("Compute Instance") &&
      !find_attribute(now, "marketoption")) {
    add.emplace_back("marketoption", "OnDemand");
  }
  if (add.empty()) return;
  for (const auto& [name, value] : add) {
    if (!derived.empty()) derived += ',';
    derived += name;
    put_attribute(list, n, name, value);
  }
  put_attribute(list, n, "trncostDerived", derived);
}

[[nodiscard]] TRNCOST_DECL std::string reserved_sign(std::string_view term_type,
                                                     std::span<const attribute> term_attributes,
                                                     std::string_view description) {
  if (term_type != "OnDemand") return {};
  for (const char* name : {"LeaseContractLength", "PurchaseOption", "OfferingClass"}) {
    if (auto v = find_attribute(term_attributes, name); v && !v->empty()) {
      return "the term has " + std::string(name) + " \"" + std::string(*v) + "\"";
    }
  }
  if (description.find("Upfront Fee") != std::string_view::npos) {
    return "the line's description says \"Upfront Fee\"";
  }
  return {};
}

[[nodiscard]] TRNCOST_DECL std::string range_rule(std::string_view begin, std::string_view end,
                                                  bool* at_end) {
  const auto about = [at_end](bool end_side) {
    if (at_end != nullptr) *at_end = end_side;
  };
  if (begin.empty() && end.empty()) return {};
  about(!begin.empty());
  if (begin.empty() || end.empty()) {
    return "the range has " +
           (begin.empty()
                ? "an end (" + trncost::detail::quoted_for_message(end) + ") but no beginning"
                : "a beginning (" + trncost::detail::quoted_for_message(begin) + ") but no end") +
           "; a range of usage gives both, or neither";
  }
  about(false);
  decimal from;
  try {
    from = decimal::parse(begin);
  } catch (const error&) {
    return "the range's beginning " + trncost::detail::quoted_for_message(begin) +
           " is not a decimal number";
  }
  if (from.is_negative()) {
    return "the range begins at " + from.to_string() + "; usage is never negative";
  }
  if (end == "Inf") return {};
  about(true);
  decimal to;
  try {
    to = decimal::parse(end);
  } catch (const error&) {
    return "the range's end " + trncost::detail::quoted_for_message(end) +
           " is neither a decimal number nor Inf";
  }
  if (to <= from) {
    return "the range ends at " + to.to_string() + ", not after its beginning " + from.to_string() +
           "; a range of usage ends after it begins (or at Inf)";
  }
  return {};
}

[[nodiscard]] TRNCOST_DECL std::optional<stated_price> stated_price_of(
    std::string_view description) {
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0;
  const auto skip_blanks = [&] {
    while (i < description.size() && description[i] == ' ') ++i;
  };
  skip_blanks();
  const std::size_t from = i;
  if (description.substr(i).starts_with("$")) {
    i += 1;
  } else if (description.substr(i).starts_with("USD")) {
    i += 3;
  } else {
    return std::nullopt;
  }
  skip_blanks();
  // The number: digits with thousands commas and a point, then an exponent ("1.0E-4").
  std::string digits;
  std::size_t point = std::string::npos;
  while (i < description.size() &&
         (is_digit(description[i]) || description[i] == ',' || description[i] == '.')) {
    if (description[i] == '.') {
      if (point != std::string::npos) return std::nullopt;
      point = digits.size();
    } else if (description[i] != ',') {
      digits += description[i];
    }
    ++i;
  }
  if (digits.empty() || digits.size() > 40) return std::nullopt;
  int exponent = 0;
  bool has_exponent = false;
  if (i < description.size() && (description[i] == 'E' || description[i] == 'e')) {
    std::size_t j = i + 1;
    bool negative = false;
    if (j < description.size() && (description[j] == '-' || description[j] == '+')) {
      negative = description[j] == '-';
      ++j;
    }
    const std::size_t exp_from = j;
    while (j < description.size() && is_digit(description[j]) && j - exp_from < 3) {
      exponent = exponent * 10 + (description[j] - '0');
      ++j;
    }
    if (j == exp_from) return std::nullopt;
    if (negative) exponent = -exponent;
    has_exponent = true;
    i = j;
  }
  const std::size_t number_end = i;
  constexpr std::string_view per = " per ";
  if (description.substr(i, per.size()) != per) return std::nullopt;
  i += per.size();
  // Where the point falls once the exponent has moved it.
  const int fraction = point == std::string::npos ? 0 : static_cast<int>(digits.size() - point);
  int point_at = static_cast<int>(digits.size()) - fraction + exponent;
  std::string text;
  if (point_at <= 0) {
    text = "0." + std::string(static_cast<std::size_t>(-point_at), '0') + digits;
  } else if (static_cast<std::size_t>(point_at) >= digits.size()) {
    text = digits + std::string(static_cast<std::size_t>(point_at) - digits.size(), '0');
  } else {
    text = digits.substr(0, static_cast<std::size_t>(point_at)) + "." +
           digits.substr(static_cast<std::size_t>(point_at));
  }
  stated_price out;
  try {
    out.amount = decimal::parse(text);
  } catch (const error&) {
    return std::nullopt;  // beyond what a decimal holds: no statement trncost can compare
  }
  out.places = has_exponent ? -1 : fraction;
  if (out.places > decimal::fractional_digits) return std::nullopt;
  // "per 1,000 PUT, COPY ...", "per 10,000 GET ...", "per 1K input tokens", "per 1M tokens",
  // "per 1 million tokens": the amount is for that many units.
  std::size_t j = i;
  const std::uint64_t count = detail::count_at(description, j);
  if (count > 1) {
    out.count = count;
    out.text = std::string(description.substr(from, j - from));
  } else {
    out.text = std::string(description.substr(from, number_end - from));
  }
  return out;
}

namespace detail {

TRNCOST_DECL std::uint64_t count_at(std::string_view text, std::size_t& i) {
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  std::uint64_t count = 0;
  std::size_t j = i;
  while (j < text.size() && (is_digit(text[j]) || (text[j] == ',' && j > i))) {
    if (text[j] != ',') {
      if (count > 100'000'000'000ULL) return 0;
      count = count * 10 + static_cast<std::uint64_t>(text[j] - '0');
    }
    ++j;
  }
  if (j == i || count == 0) return 0;
  // A multiplier: a letter right after the digits (1K, 1M, 1B) or a word after a space.
  std::uint64_t times = 1;
  std::size_t end = j;
  const auto word_at = [&](std::size_t at, std::string_view w) {
    if (at + w.size() > text.size()) return false;
    for (std::size_t k = 0; k < w.size(); ++k) {
      if (lower(text[at + k]) != w[k]) return false;
    }
    const std::size_t after = at + w.size();
    return after == text.size() || text[after] == ' ';
  };
  for (const auto& [w, f] : {std::pair<std::string_view, std::uint64_t>{"k", 1'000},
                             {"m", 1'000'000},
                             {"b", 1'000'000'000}}) {
    if (word_at(j, w)) {
      times = f;
      end = j + 1;
    }
  }
  if (times == 1 && j < text.size() && text[j] == ' ') {
    for (const auto& [w, f] : {std::pair<std::string_view, std::uint64_t>{"thousand", 1'000},
                               {"million", 1'000'000},
                               {"billion", 1'000'000'000}}) {
      if (word_at(j + 1, w)) {
        times = f;
        end = j + 1 + w.size();
      }
    }
  }
  if (times == 1 && j < text.size() && text[j] != ' ') return 0;  // "1st", "10x": no count
  if (count > 1'000'000'000'000ULL / times) return 0;
  i = end;
  return count * times;
}

TRNCOST_DECL std::uint64_t unit_count(std::string_view unit) {
  std::size_t i = 0;
  const std::uint64_t n = count_at(unit, i);
  return n == 0 ? 1 : n;
}

}  // namespace detail

[[nodiscard]] TRNCOST_DECL std::string price_contradiction(std::string_view description,
                                                           decimal price, std::string_view unit,
                                                           std::string_view currency) {
  if (currency != "USD") return {};
  const auto stated = stated_price_of(description);
  if (!stated) return {};
  try {
    // A description rounds its amount to the digits it writes (half a unit of the last one).
    decimal half;
    if (stated->places >= 0) {
      half = decimal::from_raw(decimal::rep{5});
      for (int k = stated->places + 1; k < decimal::fractional_digits; ++k) half = half * 10;
    }
    const auto agrees = [&](decimal as_stated) {
      const decimal gap =
          as_stated > stated->amount ? as_stated - stated->amount : stated->amount - as_stated;
      return stated->places < 0 ? gap.is_zero() : gap <= half;
    };
    // The price is per `unit`, which may itself count ("1K tokens"): the description's amount
    // is for its count of the same thing, so a row priced per 1K that says "per 1M" is refused.
    const std::uint64_t per_unit = detail::unit_count(unit);
    const decimal as_stated =
        per_unit == 1
            ? price * static_cast<long long>(stated->count)
            : decimal::divide(price * static_cast<long long>(stated->count),
                              decimal(static_cast<long long>(per_unit)), rounding::half_even);
    if (agrees(as_stated)) return {};
    // EBS throughput: priced per GiBps-month, described per MiBps-month (1/1024 of it).
    if (unit == "GiBps-mo" && description.find("MiBps") != std::string_view::npos &&
        agrees(price * static_cast<long long>(stated->count) / decimal(1024))) {
      return {};
    }
  } catch (const error&) {
    return {};  // too large to compare: the decimal range refuses such prices elsewhere
  }
  return "the description states " + stated->text + ", but the price is " + price.to_string() +
         " per " + std::string(unit) +
         "; trncost will not read a price that contradicts its own description (which of the "
         "two is right is unknown)";
}

[[nodiscard]] TRNCOST_DECL std::string term_type_rule(std::string_view type) {
  for (const auto known : known_term_types) {
    if (type == known) return {};
  }
  const auto key = [](std::string_view v) {
    std::string out;
    for (const char c : v) {
      if (c == ' ' || c == '-' || c == '_') continue;
      out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return out;
  };
  for (const auto known : known_term_types) {
    if (key(type) == key(known)) {
      return trncost::detail::quoted_for_message(type) +
             " is not how the price list writes a term type: it writes " + std::string(known) +
             " (trncost compares term types exactly)";
    }
  }
  return trncost::detail::quoted_for_message(type) +
         " is not a term type trncost prices (OnDemand, Reserved, savingsPlan)";
}

TRNCOST_DECL void check_offer_lines(const offer& o) {
  for (const auto& t : o.terms) {
    const auto fail = [&](const std::string& rate_code, const std::string& rule) {
      throw input_error(o.header.source + ": SKU " + t.sku + ", term " + t.offer_term_code +
                        (rate_code.empty() ? std::string() : ", rate code " + rate_code) + ": " +
                        rule);
    };
    if (std::string rule = term_type_rule(t.type); !rule.empty()) fail("", rule);
    for (const auto& d : t.dimensions) {
      // An offer file's rate code is SKU.OfferTermCode.<rate>; a Savings Plans rate's is the
      // plan's SKU and the discounted SKU.
      if (const std::string prefix = t.sku + "." + t.offer_term_code + ".";
          t.type != "savingsPlan" &&
          (!d.rate_code.starts_with(prefix) || d.rate_code.size() == prefix.size())) {
        fail(d.rate_code,
             "the rate code is not the term's SKU and offer term code followed by a "
             "rate (" +
                 prefix + "<rate>); a report would cite another term's code");
      }
      if (std::string rule = range_rule(d.begin_range, d.end_range); !rule.empty()) {
        fail(d.rate_code, rule);
      }
    }
  }
}

[[nodiscard]] TRNCOST_DECL offer_filter ec2_linux_shared(std::string region,
                                                         std::vector<std::string> instance_types) {
  offer_filter f;
  f.family("Compute Instance")
      .where("regionCode", std::move(region))
      .where_any("instanceType", std::move(instance_types))
      .where("operatingSystem", "Linux")
      .where("tenancy", "Shared")
      .where("preInstalledSw", "NA")
      .where("capacitystatus", "Used")
      .where("licenseModel", "No License required")
      .where("operation", "RunInstances")
      .where("marketoption", "OnDemand");
  return f;
}

}  // namespace pricing

namespace pricing {

TRNCOST_DECL auto offer::product(std::string_view sku) const noexcept -> const offer_product* {
  for (const auto& p : products) {
    if (p.sku == sku) return &p;
  }
  return nullptr;
}

TRNCOST_DECL auto offer_filter::where(std::string name, std::string value) -> offer_filter& {
  conditions_.push_back({std::move(name), {std::move(value)}, false});
  return *this;
}

TRNCOST_DECL auto offer_filter::where_any(std::string name, std::vector<std::string> values)
    -> offer_filter& {
  conditions_.push_back({std::move(name), std::move(values), false});
  return *this;
}

TRNCOST_DECL auto offer_filter::where_prefix(std::string name, std::vector<std::string> prefixes)
    -> offer_filter& {
  conditions_.push_back({std::move(name), std::move(prefixes), true});
  return *this;
}

TRNCOST_DECL auto offer_filter::matches(std::string_view family,
                                        std::span<const attribute> attributes) const noexcept
    -> bool {
  for (const auto& c : conditions_) {
    std::optional<std::string_view> v;
    if (c.name.size() == 13 && c.name == "productFamily") {
      v = family;
    } else {
      v = find_attribute(attributes, c.name);
    }
    if (!v) return false;
    bool any = false;
    for (const auto& want : c.values) {
      if (c.prefix ? v->starts_with(want) : *v == want) {
        any = true;
        break;
      }
    }
    if (!any) return false;
  }
  return true;
}

TRNCOST_DECL auto offer_filter::wants_term(std::string_view type) const noexcept -> bool {
  if (term_types_.empty()) return true;
  for (const auto& t : term_types_) {
    if (t == type) return true;
  }
  return false;
}

TRNCOST_DECL auto offer_filter::describe() const -> std::string {
  std::string s;
  for (const auto& c : conditions_) {
    if (!s.empty()) s += ", ";
    s += c.name + (c.prefix ? " starts with " : "=");
    for (std::size_t i = 0; i < c.values.size(); ++i) s += (i ? "|" : "") + c.values[i];
  }
  if (!term_types_.empty()) {
    s += s.empty() ? "terms " : ", terms ";
    for (std::size_t i = 0; i < term_types_.size(); ++i) s += (i ? "|" : "") + term_types_[i];
  }
  return s.empty() ? "everything" : s;
}

}  // namespace pricing

}  // namespace trncost

#endif  // TRNCOST_PRICING_IMPL_OFFER_IPP
