// The definitions of readers/spot_advisor.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/readers/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_SPOT_ADVISOR_IPP
#define TRNCOST_READERS_IMPL_SPOT_ADVISOR_IPP

#include <optional>

#include "../spot_advisor.hpp"

namespace trncost {

namespace readers::detail {

/// A whole number 0..limit from a JSON number (the advisor writes them bare: 59, 5).
TRNCOST_DECL std::uint32_t advisor_whole(const json_value& v, std::string_view file,
                                         const std::string& path, std::uint32_t limit) {
  std::uint64_t out = 0;
  bool ok = v.is_number() && !v.text().empty() && v.text().size() <= 10;
  for (const char ch : v.text()) ok = ok && ch >= '0' && ch <= '9';
  if (ok) {
    for (const char ch : v.text()) out = out * 10 + static_cast<std::uint64_t>(ch - '0');
  }
  if (!ok || out > limit) {
    fail(input_position::whole(file), path,
         "must be a whole number from 0 to " + std::to_string(limit) + " (is " +
             (v.is_number() ? v.text() : std::string(json_value::kind_name(v.type()))) + ")");
  }
  return static_cast<std::uint32_t>(out);
}

TRNCOST_DECL const json_value& advisor_member(const json_value& obj, std::string_view file,
                                              const std::string& path, std::string_view key,
                                              json_value::kind want) {
  const json_value* v = obj.find(key);
  const std::string at = path.empty() ? std::string(key) : path + "." + std::string(key);
  if (v == nullptr) fail(input_position::whole(file), at, "is missing");
  if (v->type() != want) {
    fail(input_position::whole(file), at,
         "must be " + std::string(json_value::kind_name(want)) + " (is " +
             std::string(json_value::kind_name(v->type())) + ")");
  }
  return *v;
}

}  // namespace readers::detail

namespace readers {

TRNCOST_DECL const spot_market* spot_advisor::find(std::string_view region,
                                                   std::string_view instance_type,
                                                   std::string_view os) const noexcept {
  for (const auto& m : markets) {
    if (m.region == region && m.instance_type == instance_type && m.os == os) return &m;
  }
  return nullptr;
}

namespace detail {

TRNCOST_DECL std::string advisor_label_rule(std::string_view label, std::uint32_t max) {
  // The advisor's labels: "<5%", "5-10%", ">20%"; its max is the bucket's upper bound, which the
  // published file puts a little above the label's ("5-10%" with max 11, "15-20%" with 22).
  const auto number = [](std::string_view t, std::size_t& i) -> std::optional<std::uint32_t> {
    std::uint32_t n = 0;
    const std::size_t from = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9' && i - from < 3) {
      n = n * 10 + static_cast<std::uint32_t>(t[i++] - '0');
    }
    if (i == from) return std::nullopt;
    return n;
  };
  const std::string said = "\"" + std::string(label) + "\" with max " + std::to_string(max);
  const std::string rule =
      "; a range's label and its max (the percentage trncost uses) must say the same bucket";
  std::size_t i = 0;
  if (label.starts_with("<")) {
    i = 1;
    const auto hi = number(label, i);
    if (!hi || label.substr(i) != "%") return "is not a label trncost reads (<5%, 5-10%, >20%)";
    if (max < *hi || max >= 2 * *hi) return said + " contradicts itself" + rule;
    return {};
  }
  if (label.starts_with(">")) {
    i = 1;
    const auto lo = number(label, i);
    if (!lo || label.substr(i) != "%") return "is not a label trncost reads (<5%, 5-10%, >20%)";
    if (max <= *lo) return said + " contradicts itself" + rule;
    return {};
  }
  const auto lo = number(label, i);
  if (!lo || i >= label.size() || label[i] != '-') {
    return "is not a label trncost reads (<5%, 5-10%, >20%)";
  }
  ++i;
  const auto hi = number(label, i);
  if (!hi || label.substr(i) != "%" || *hi <= *lo) {
    return "is not a label trncost reads (<5%, 5-10%, >20%)";
  }
  if (max < *hi || max >= *hi + (*hi - *lo)) return said + " contradicts itself" + rule;
  return {};
}

}  // namespace detail

[[nodiscard]] TRNCOST_DECL spot_advisor parse_spot_advisor(std::string_view text,
                                                           std::string_view file) {
  using detail::json_value;
  using k = json_value::kind;
  const json_value root = detail::parse_json_text(text, file);
  if (!root.is_object()) fail(input_position::whole(file), "", "must be a JSON object");
  spot_advisor out;
  out.file = std::string(file);
  const json_value& ranges = detail::advisor_member(root, file, "", "ranges", k::array);
  for (std::size_t i = 0; i < ranges.items().size(); ++i) {
    const std::string at = "ranges[" + std::to_string(i) + "]";
    const json_value& r = ranges.items()[i];
    if (!r.is_object()) fail(input_position::whole(file), at, "must be an object");
    spot_interruption_range x;
    x.index = detail::advisor_whole(detail::advisor_member(r, file, at, "index", k::number), file,
                                    at + ".index", 1000);
    x.label = detail::advisor_member(r, file, at, "label", k::string).text();
    x.max_percent = detail::advisor_whole(detail::advisor_member(r, file, at, "max", k::number),
                                          file, at + ".max", 100);
    if (const std::string rule = detail::advisor_label_rule(x.label, x.max_percent);
        !rule.empty()) {
      fail(input_position::whole(file), at + ".label", rule);
    }
    for (const auto& seen : out.ranges) {
      if (seen.index == x.index) {
        fail(input_position::whole(file), at + ".index",
             std::to_string(x.index) + " is the index of an earlier range too");
      }
    }
    out.ranges.push_back(std::move(x));
  }
  if (out.ranges.empty()) fail(input_position::whole(file), "ranges", "is empty");
  const json_value& advisor = detail::advisor_member(root, file, "", "spot_advisor", k::object);
  for (std::size_t i = 0; i < advisor.items().size(); ++i) {
    const std::string& region = advisor.keys()[i];
    const std::string rp = "spot_advisor." + region;
    const json_value& by_os = advisor.items()[i];
    if (!by_os.is_object()) fail(input_position::whole(file), rp, "must be an object");
    for (std::size_t j = 0; j < by_os.items().size(); ++j) {
      const std::string& os = by_os.keys()[j];
      const std::string op = rp + "." + os;
      const json_value& types = by_os.items()[j];
      if (!types.is_object()) fail(input_position::whole(file), op, "must be an object");
      for (std::size_t t = 0; t < types.items().size(); ++t) {
        const std::string tp = op + "." + types.keys()[t];
        const json_value& e = types.items()[t];
        if (!e.is_object()) fail(input_position::whole(file), tp, "must be an object");
        spot_market m{region, os, types.keys()[t], 0, {}};
        m.savings_percent = detail::advisor_whole(
            detail::advisor_member(e, file, tp, "s", k::number), file, tp + ".s", 100);
        const std::uint32_t r = detail::advisor_whole(
            detail::advisor_member(e, file, tp, "r", k::number), file, tp + ".r", 1000);
        const spot_interruption_range* range = nullptr;
        for (const auto& x : out.ranges) {
          if (x.index == r) range = &x;
        }
        if (range == nullptr) {
          fail(input_position::whole(file), tp + ".r",
               std::to_string(r) + " is the index of no range of `ranges`");
        }
        m.interruption = *range;
        out.markets.push_back(std::move(m));
      }
    }
  }
  return out;
}

[[nodiscard]] TRNCOST_DECL spot_advisor read_spot_advisor(const std::string& path) {
  return parse_spot_advisor(read_input_file(path), path);
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::interruptions_per_instance_hour_t>>
spot_interruption_rate(const spot_market& m, const std::string& file, std::string name) {
  // max % of instances a month, over 730 instance-hours: max / 100 / 730 per instance-hour.
  const decimal rate =
      decimal(static_cast<std::int64_t>(m.interruption.max_percent)) / decimal(100) / decimal(730);
  return sourced<quantity<units::interruptions_per_instance_hour_t>>(
      name, quantity<units::interruptions_per_instance_hour_t>::from_value(rate),
      assumption{
          "the Spot Instance Advisor (" + file + ") puts " + m.instance_type + " in " + m.region +
          " (" + m.os + ") in its \"" + m.interruption.label +
          "\" bucket of instances interrupted over the last month: taken at its upper bound, " +
          std::to_string(m.interruption.max_percent) +
          " % of instances a 730-hour month, as a rate per instance-hour"});
}

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_SPOT_ADVISOR_IPP
