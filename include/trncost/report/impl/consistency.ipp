// The definitions of report/consistency.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_CONSISTENCY_IPP
#define TRNCOST_REPORT_IMPL_CONSISTENCY_IPP

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <set>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "../consistency.hpp"

namespace trncost {

namespace report::detail {

/// A scale too large for the check (a numerator or denominator of 2^63 or more): refused, never
/// wrapped.
struct unit_out_of_range {};

inline constexpr std::array<std::string_view, 16> base_unit_symbols{
    "USD",  "s",      "B",    "token", "instance", "chip",   "NeuronCore", "request",
    "step", "sample", "FLOP", "mo",    "I/O",      "metric", "job",        "interruption"};

/// A named unit: its base units as an unnamed unit's text, and its scale.
struct named_unit {
  std::string_view symbol;
  std::string_view base;
  std::int64_t num;
  std::int64_t den;
};

inline constexpr std::int64_t gib = std::int64_t{1} << 30;
inline constexpr std::int64_t mib = std::int64_t{1} << 20;
inline constexpr std::int64_t giga = 1'000'000'000;

// Every unit trncost names (units/units.hpp, catalog/instance_spec.hpp, measure/units.hpp).
inline constexpr named_unit named_units[] = {
    {"", "", 1, 1},
    {"s", "s", 1, 1},
    {"min", "s", 60, 1},
    {"h", "s", 3600, 1},
    {"ms", "s", 1, 1000},
    {"d", "s", 86400, 1},
    {"mo", "mo", 1, 1},
    {"B", "B", 1, 1},
    {"kB", "B", 1000, 1},
    {"MB", "B", 1'000'000, 1},
    {"GB", "B", giga, 1},
    {"TB", "B", 1'000'000'000'000, 1},
    {"KiB", "B", 1024, 1},
    {"MiB", "B", mib, 1},
    {"GiB", "B", gib, 1},
    {"TiB", "B", std::int64_t{1} << 40, 1},
    {"token", "token", 1, 1},
    {"1K tokens", "token", 1000, 1},
    {"1M tokens", "token", 1'000'000, 1},
    {"1B tokens", "token", 1'000'000'000, 1},
    {"instance", "instance", 1, 1},
    {"chip", "chip", 1, 1},
    {"NeuronCore", "NeuronCore", 1, 1},
    {"request", "request", 1, 1},
    {"1000 requests", "request", 1000, 1},
    {"step", "step", 1, 1},
    {"sample", "sample", 1, 1},
    {"FLOP", "FLOP", 1, 1},
    {"EFLOP", "FLOP", 1'000'000'000'000'000'000, 1},
    {"I/O", "I/O", 1, 1},
    {"metric", "metric", 1, 1},
    {"job", "job", 1, 1},
    {"interruption", "interruption", 1, 1},
    {"USD", "USD", 1, 1},
    {"instance-h", "instance s", 3600, 1},
    {"instance-s", "instance s", 1, 1},
    {"chip-h", "chip s", 3600, 1},
    {"NeuronCore-h", "NeuronCore s", 3600, 1},
    {"GiB-mo", "B mo", gib, 1},
    {"GB-mo", "B mo", giga, 1},
    {"GiB-h", "B s", gib * 3600, 1},
    {"metric-mo", "metric mo", 1, 1},
    {"token/s", "token s^-1", 1, 1},
    {"sample/s", "sample s^-1", 1, 1},
    {"step/s", "step s^-1", 1, 1},
    {"FLOP/s", "FLOP s^-1", 1, 1},
    {"EFLOP/s", "FLOP s^-1", 1'000'000'000'000'000'000, 1},
    {"EFLOP/s/instance", "FLOP s^-1 instance^-1", 1'000'000'000'000'000'000, 1},
    {"request/s", "request s^-1", 1, 1},
    {"token/s/instance", "token s^-1 instance^-1", 1, 1},
    {"request/s/instance", "request s^-1 instance^-1", 1, 1},
    {"instance/job", "instance job^-1", 1, 1},
    {"IOPS", "I/O s^-1", 1, 1},
    {"MiB/s", "B s^-1", mib, 1},
    {"GiB/s", "B s^-1", gib, 1},
    {"GiB/mo", "B mo^-1", gib, 1},
    {"GiB/1M tokens", "B token^-1", std::int64_t{1} << 24, 15625},      // 2^30 / 10^6 reduced
    {"GiB/1000 requests", "B request^-1", std::int64_t{1} << 27, 125},  // 2^30 / 1000
    {"GiB/job", "B job^-1", gib, 1},
    {"IOPS-mo", "I/O s^-1 mo", 1, 1},
    {"MiBps-mo", "B s^-1 mo", mib, 1},
    {"GiBps-mo", "B s^-1 mo", gib, 1},
    {"interruption/instance-h", "interruption instance^-1 s^-1", 1, 3600},
    {"s/interruption", "s interruption^-1", 1, 1},
    {"USD/h", "USD s^-1", 1, 3600},
    {"USD/instance-h", "USD instance^-1 s^-1", 1, 3600},
    {"USD/chip-h", "USD chip^-1 s^-1", 1, 3600},
    {"USD/NeuronCore-h", "USD NeuronCore^-1 s^-1", 1, 3600},
    {"USD/GiB-mo", "USD B^-1 mo^-1", 1, gib},
    {"USD/GB-mo", "USD B^-1 mo^-1", 1, giga},
    {"USD/GiB", "USD B^-1", 1, gib},
    {"USD/GB", "USD B^-1", 1, giga},
    {"USD/request", "USD request^-1", 1, 1},
    {"USD/1000 requests", "USD request^-1", 1, 1000},
    {"USD/1K tokens", "USD token^-1", 1, 1000},
    {"USD/1M tokens", "USD token^-1", 1, 1'000'000},
    {"USD/1B tokens", "USD token^-1", 1, 1'000'000'000},
    {"USD/IOPS-mo", "USD I/O^-1 s mo^-1", 1, 1},
    {"USD/GiBps-mo", "USD B^-1 s mo^-1", 1, gib},
    {"USD/MiBps-mo", "USD B^-1 s mo^-1", 1, mib},
    {"USD/metric-mo", "USD metric^-1 mo^-1", 1, 1},
    {"USD/job", "USD job^-1", 1, 1},
    {"NeuronCore/chip", "NeuronCore chip^-1", 1, 1},
    {"GiB/chip", "B chip^-1", gib, 1},
    {"FLOP/s/chip", "FLOP s^-1 chip^-1", 1, 1},
    {"FLOP/token", "FLOP token^-1", 1, 1},
    {"EFLOP/token", "FLOP token^-1", 1'000'000'000'000'000'000, 1},
};

/// The one month convention: a per-month price against hours counts 730 h (AWS Pricing Calculator).
inline constexpr std::int64_t hours_per_month = 730;

using int128 = trncost::detail::int128;

/// num / den reduced, both below 2^63; throws unit_out_of_range otherwise.
inline unit_dimension with_scale(unit_dimension u, int128 num, int128 den) {
  if (den < 0) {
    num = -num;
    den = -den;
  }
  int128 g = num < 0 ? -num : num;  // std::gcd refuses __int128 under -std=c++20
  for (int128 b = den; b != 0;) {
    const int128 t = g % b;
    g = b;
    b = t;
  }
  if (g != 0) {
    num /= g;
    den /= g;
  }
  constexpr int128 limit = std::numeric_limits<std::int64_t>::max();
  if (num <= 0 || den <= 0 || num > limit || den > limit) throw unit_out_of_range{};
  u.num = static_cast<std::int64_t>(num);
  u.den = static_cast<std::int64_t>(den);
  return u;
}

/// a x b (or a / b): exponents added (subtracted), scales multiplied (divided).
inline unit_dimension times(const unit_dimension& a, const unit_dimension& b, bool divide = false) {
  unit_dimension out{a.exponents, 1, 1};
  for (const auto& [k, v] : b.exponents) {
    const int e = (out.exponents[k] += divide ? -v : v);
    if (e == 0) out.exponents.erase(k);
  }
  const int128 num = static_cast<int128>(a.num) * (divide ? b.den : b.num);
  const int128 den = static_cast<int128>(a.den) * (divide ? b.num : b.den);
  return with_scale(std::move(out), num, den);
}

/// A whole number of 1 to 18 digits without a leading zero, or 0.
inline std::int64_t positive_whole(std::string_view s) {
  if (s.empty() || s.size() > 18 || s[0] < '1' || s[0] > '9') return 0;
  std::int64_t v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return 0;
    v = v * 10 + (c - '0');
  }
  return v;
}

/// "USD s^-1 B" as exponents; empty when a token is not a base unit, repeats, or has an exponent
/// of 1 or of more than two digits (trncost never prints those).
inline std::optional<std::map<std::string, int, std::less<>>> base_units(std::string_view text) {
  std::map<std::string, int, std::less<>> out;
  if (text.empty()) return out;
  std::size_t from = 0;
  for (;;) {
    const std::size_t space = text.find(' ', from);
    const std::string_view tok =
        text.substr(from, space == std::string_view::npos ? std::string_view::npos : space - from);
    std::string_view name = tok;
    int exponent = 1;
    if (const std::size_t caret = tok.rfind('^'); caret != std::string_view::npos) {
      std::string_view digits = tok.substr(caret + 1);
      const bool negative = !digits.empty() && digits[0] == '-';
      if (negative) digits.remove_prefix(1);
      const std::int64_t e = digits.size() <= 2 ? positive_whole(digits) : 0;
      if (e != 0) {
        name = tok.substr(0, caret);
        exponent = static_cast<int>(negative ? -e : e);
        if (exponent == 1) return std::nullopt;
      }
    }
    if (name.empty() ||
        std::find(base_unit_symbols.begin(), base_unit_symbols.end(), name) ==
            base_unit_symbols.end() ||
        out.count(name) != 0) {
      return std::nullopt;
    }
    out.emplace(std::string(name), exponent);
    if (space == std::string_view::npos) return out;
    from = space + 1;
  }
}

inline std::optional<unit_dimension> unit_of_parts(std::string_view body, std::int64_t num,
                                                   std::int64_t den) {
  auto exps = base_units(body);
  if (!exps) return std::nullopt;
  try {
    return with_scale(unit_dimension{std::move(*exps), 1, 1}, num, den);
  } catch (const unit_out_of_range&) {
    return std::nullopt;
  }
}

/// "(3600 s B)" -> 3600 and "s B"; "(3/8 B)" -> 3, 8 and "B"; "(token/1000)" -> "token" and 1000.
struct scaled_parts {
  std::int64_t num = 1;
  std::int64_t den = 1;
  std::string_view body;
};

inline std::optional<scaled_parts> scaled(std::string_view symbol) {
  if (symbol.size() < 2 || symbol.front() != '(' || symbol.back() != ')') return std::nullopt;
  const std::string_view inner = symbol.substr(1, symbol.size() - 2);
  // (N/M body)
  if (const auto slash = inner.find('/'); slash != std::string_view::npos) {
    const auto space = inner.find(' ', slash);
    if (space != std::string_view::npos) {
      const auto n = positive_whole(inner.substr(0, slash));
      const auto m = positive_whole(inner.substr(slash + 1, space - slash - 1));
      if (n != 0 && m != 0) return scaled_parts{n, m, inner.substr(space + 1)};
    }
  }
  // (N body)
  if (const auto space = inner.find(' '); space != std::string_view::npos) {
    if (const auto n = positive_whole(inner.substr(0, space)); n != 0) {
      return scaled_parts{n, 1, inner.substr(space + 1)};
    }
  }
  // (body/N)
  if (const auto slash = inner.rfind('/'); slash != std::string_view::npos) {
    if (const auto m = positive_whole(inner.substr(slash + 1)); m != 0) {
      return scaled_parts{1, m, inner.substr(0, slash)};
    }
  }
  return std::nullopt;
}

}  // namespace report::detail

namespace report {

TRNCOST_DECL std::optional<unit_dimension> parse_unit(std::string_view symbol) {
  using namespace detail;
  for (const auto& named : named_units) {
    if (named.symbol == symbol) return unit_of_parts(named.base, named.num, named.den);
  }
  std::int64_t num = 1;
  std::int64_t den = 1;
  std::string_view body = symbol;
  if (const auto parts = scaled(symbol)) {
    num = parts->num;
    den = parts->den;
    body = parts->body;
  } else {
    // "USD s/h": a scale of one second per hour (minute, day) after the base units.
    for (const auto& [suffix, seconds] :
         {std::pair<std::string_view, std::int64_t>{"s/h", 3600}, {"s/min", 60}, {"s/d", 86400}}) {
      if (symbol == suffix) {
        den = seconds;
        body = {};
        break;
      }
      if (symbol.size() > suffix.size() + 1 &&
          symbol.substr(symbol.size() - suffix.size()) == suffix &&
          symbol[symbol.size() - suffix.size() - 1] == ' ') {
        den = seconds;
        body = symbol.substr(0, symbol.size() - suffix.size() - 1);
        break;
      }
    }
  }
  // A scale of 1 is never written: "(1 s)" is no unit trncost prints.
  if (body.size() != symbol.size() && static_cast<int128>(num) == den) return std::nullopt;
  return unit_of_parts(body, num, den);
}

}  // namespace report

namespace report::detail {

inline std::string indexed(std::string_view array, std::size_t i) {
  return std::string(array) + "[" + std::to_string(i) + "]";
}

/// Whether `product` (price unit x usage unit) is `result` times num / den, a per-month price
/// against hours or seconds counting the month as 730 h.
inline bool as_result(const unit_dimension& product, const unit_dimension& result,
                      std::uint64_t num, std::uint64_t den) {
  unit_dimension p = product;
  const auto diff = times(product, result, true);
  if (diff.exponents == std::map<std::string, int, std::less<>>{{"mo", -1}, {"s", 1}}) {
    p = with_scale(unit_dimension{result.exponents, 1, 1}, product.num,
                   static_cast<int128>(product.den) * hours_per_month * 3600);
  } else if (!diff.exponents.empty()) {
    return false;
  }
  const auto ratio = times(p, result, true);
  // num/den reduced against the ratio (both reduced, both positive).
  return static_cast<int128>(ratio.num) * static_cast<int128>(den) ==
         static_cast<int128>(ratio.den) * static_cast<int128>(num);
}

inline std::string symbol_of(const document& doc, std::string_view name) {
  for (const auto& in : doc.inputs) {
    if (in.name == name) return "'" + in.unit + "'";
  }
  for (const auto& d : doc.derivations) {
    if (d.name == name) return "'" + d.unit + "'";
  }
  return "?";
}

TRNCOST_DECL check_result check_units(const document& doc) {
  std::map<std::string, unit_dimension, std::less<>> units;
  for (std::size_t i = 0; i < doc.inputs.size(); ++i) {
    const auto u = parse_unit(doc.inputs[i].unit);
    if (!u) {
      return mismatch(indexed("inputs", i) + ".unit: '" + doc.inputs[i].unit +
                      "' is not a unit trncost writes (docs/reports.md, \"Units\")");
    }
    units[doc.inputs[i].name] = *u;
  }
  for (std::size_t i = 0; i < doc.derivations.size(); ++i) {
    const auto& d = doc.derivations[i];
    const std::string where = indexed("derivations", i);
    const auto r = parse_unit(d.unit);
    if (!r) {
      return mismatch(where + ".unit: '" + d.unit +
                      "' is not a unit trncost writes (docs/reports.md, \"Units\")");
    }
    units[d.name] = *r;
    std::vector<unit_dimension> args;
    for (const auto& o : d.operands) args.push_back(units.at(o));
    const std::string unit_at = where + ".unit: '" + d.unit + "' ";
    try {
      std::optional<unit_dimension> want;
      switch (d.op.kind) {
        case op_kind::add:
        case op_kind::sub:
        case op_kind::max:
        case op_kind::min:
        case op_kind::median:
          for (std::size_t j = 0; j < args.size(); ++j) {
            if (!(args[j] == args[0])) {
              return mismatch(where + ".operands[" + std::to_string(j) + "]: '" + d.operands[j] +
                              "' is in " + symbol_of(doc, d.operands[j]) + ", '" + d.operands[0] +
                              "' in " + symbol_of(doc, d.operands[0]) + "; " +
                              std::string(to_string(d.op.kind)) + " takes operands of one unit");
            }
          }
          want = args[0];
          break;
        case op_kind::mul:
        case op_kind::div:
          want = times(args[0], args[1], d.op.kind == op_kind::div);
          break;
        case op_kind::scale:
        case op_kind::band:
        case op_kind::ceil_to:
          want = args[0];
          break;
        case op_kind::convert: {
          const auto per_job = times(args[0], unit_dimension{{{"job", 1}}, 1, 1}, true);
          const bool same_dimension = args[0].exponents == r->exponents;
          if (!same_dimension && !(per_job.exponents == r->exponents && d.op.num == d.op.den)) {
            return mismatch(unit_at + "is not of the dimension of its operand's " +
                            symbol_of(doc, d.operands[0]) +
                            ": convert changes the unit, not "
                            "the dimension");
          }
          const auto ratio = times(args[0], *r, true);
          if (static_cast<int128>(ratio.num) * d.op.den !=
              static_cast<int128>(ratio.den) * d.op.num) {
            return mismatch(unit_at + "is not its operand's " + symbol_of(doc, d.operands[0]) +
                            " converted by " + std::to_string(d.op.num) + "/" +
                            std::to_string(d.op.den));
          }
          break;
        }
        case op_kind::charge:
          if (!as_result(times(args[0], args[1]), *r, d.op.num, d.op.den)) {
            return mismatch(unit_at + "is not " + symbol_of(doc, d.operands[0]) + " x " +
                            symbol_of(doc, d.operands[1]) + " x " + std::to_string(d.op.num) + "/" +
                            std::to_string(d.op.den) +
                            ": a charge is its price times its usage, with its factor");
          }
          break;
        case op_kind::opaque:
          break;
      }
      if (want && !(*want == *r)) {
        std::string from;
        for (const auto& o : d.operands) {
          from += (from.empty() ? "" : ", ") + o + " in " + symbol_of(doc, o);
        }
        return mismatch(unit_at + "is not what " + std::string(to_string(d.op.kind)) +
                        " of its operands gives (" + from + ")");
      }
    } catch (const unit_out_of_range&) {
      return mismatch(unit_at +
                      "cannot be checked: the scale of its operands' units is out of "
                      "range");
    }
  }
  const unit_dimension usd{{{"USD", 1}}, 1, 1};
  for (std::size_t i = 0; i < doc.lines.size(); ++i) {
    const auto& l = doc.lines[i];
    bool money = false;
    try {
      money = as_result(times(units.at(l.price), units.at(l.quantity)), usd, l.num, l.den);
    } catch (const unit_out_of_range&) {
    }
    if (!money) {
      return mismatch(indexed("lines", i) + ": its price '" + l.price + "' in " +
                      symbol_of(doc, l.price) + " times its quantity '" + l.quantity + "' in " +
                      symbol_of(doc, l.quantity) + " is not USD x " + std::to_string(l.num) + "/" +
                      std::to_string(l.den) + " (a month is 730 h)");
    }
  }
  return {};
}

/// "a,b" -> {"a", "b"}: a value measured over several runs names them all.
inline std::vector<std::string> run_ids(const std::string& s) {
  std::vector<std::string> out;
  std::size_t from = 0;
  for (;;) {
    const auto comma = s.find(',', from);
    out.push_back(s.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
    if (comma == std::string::npos) return out;
    from = comma + 1;
  }
}

TRNCOST_DECL check_result check_runs(const document& doc) {
  std::map<std::string, std::size_t, std::less<>> archived;
  for (std::size_t i = 0; i < doc.runs.size(); ++i) {
    if (!archived.emplace(doc.runs[i].run_id, i).second) {
      return mismatch(indexed("protocol.runs", i) + ".run_id: '" + doc.runs[i].run_id +
                      "' is archived twice (first at " +
                      indexed("protocol.runs", archived[doc.runs[i].run_id]) + "; protocol-runs)");
    }
  }
  if (doc.version < identity_schema_version) return {};
  std::set<std::string, std::less<>> named;
  for (std::size_t i = 0; i < doc.inputs.size(); ++i) {
    const auto* m = std::get_if<measured>(&doc.inputs[i].origin);
    if (m == nullptr) continue;
    const auto ids = run_ids(m->run_id);
    named.insert(ids.begin(), ids.end());
    if (m->instance_type.empty()) continue;
    const std::string where = indexed("inputs", i) + ".provenance.";
    for (const auto& id : ids) {
      const auto it = archived.find(id);
      if (it == archived.end()) {
        return mismatch(where + "run_id: '" + id +
                        "' is not a run the protocol archives; a measurement that says where it "
                        "ran names its runs (protocol-runs)");
      }
      const auto& run = doc.runs[it->second];
      for (const auto& [key, mine, theirs] :
           {std::tuple<std::string_view, const std::string&, const std::string&>{
                "instance_type", m->instance_type, run.instance_type},
            {"region", m->region, run.region}}) {
        if (!mine.empty() && !theirs.empty() && mine != theirs) {
          return mismatch(where + std::string(key) + ": '" + mine + "', but run '" + id + "' (" +
                          indexed("protocol.runs", it->second) + ") ran on '" + theirs +
                          "' (protocol-runs)");
        }
      }
    }
  }
  for (std::size_t i = 0; i < doc.runs.size(); ++i) {
    if (named.count(doc.runs[i].run_id) == 0) {
      return mismatch(indexed("protocol.runs", i) + ".run_id: '" + doc.runs[i].run_id +
                      "' is named by no measured input; the protocol archives the runs the "
                      "measurements come from (protocol-runs)");
    }
  }
  return {};
}

/// The AWS services a quote's offer code names, as a line's identity names them; a Savings Plans
/// offer code prices a commitment, not a service's usage, and is not compared.
inline constexpr std::array<std::string_view, 10> service_codes{
    "AmazonEC2",     "AmazonS3",  "AWSDataTransfer", "AmazonCloudWatch", "AmazonSageMaker",
    "AmazonBedrock", "AmazonFSx", "AmazonEFS",       "AmazonEKS",        "AmazonECR"};

/// Whether a line's usage type is its quote's: the same, or the quote's without the region prefix
/// a price list writes before it ("USE1-DataTransfer-Regional-Bytes" is the line's
/// "DataTransfer-Regional-Bytes"; "USE1-USW2-AWS-Out-Bytes" its "USW2-AWS-Out-Bytes").
inline bool same_usage_type(std::string_view quoted_as, std::string_view line) {
  if (quoted_as == line) return true;
  if (quoted_as.size() <= line.size() + 1 || !quoted_as.ends_with(line)) return false;
  const std::string_view prefix = quoted_as.substr(0, quoted_as.size() - line.size());
  return prefix.size() >= 3 && prefix.back() == '-' &&
         std::all_of(prefix.begin(), prefix.end() - 1,
                     [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

TRNCOST_DECL check_result check_identities(const document& doc) {
  if (doc.version < identity_schema_version) return {};
  std::map<std::string, std::set<std::string, std::less<>>, std::less<>> upstream;
  for (const auto& in : doc.inputs) upstream[in.name] = {in.name};
  for (const auto& d : doc.derivations) {
    std::set<std::string, std::less<>> from{d.name};
    for (const auto& o : d.operands) from.insert(upstream.at(o).begin(), upstream.at(o).end());
    upstream[d.name] = std::move(from);
  }
  for (std::size_t i = 0; i < doc.lines.size(); ++i) {
    const auto& l = doc.lines[i];
    if (!l.identity) continue;
    const auto& id = *l.identity;
    const std::string opt = id.purchase ? std::string(to_string(*id.purchase)) : std::string();
    const auto& price = upstream.at(l.price);
    const auto& quantity = upstream.at(l.quantity);
    for (std::size_t k = 0; k < doc.inputs.size(); ++k) {
      const auto& in = doc.inputs[k];
      // (field, the input's value, the identity's value): compared when both say one
      std::vector<std::tuple<std::string_view, std::string, const std::string*>> fields;
      std::string_view kind;
      if (const auto* q = std::get_if<quoted>(&in.origin); q != nullptr && price.count(in.name)) {
        kind = spelling_of<quoted>.report;
        const bool service = std::find(service_codes.begin(), service_codes.end(), q->offer_code) !=
                             service_codes.end();
        // A purchase option is a price's: a quoted quantity (a Capacity Block's length) has none.
        const bool price_of = in.unit.rfind("USD", 0) == 0;
        // A line priced by another offer than its billing service's (a transfer AmazonS3
        // bills at the AWSDataTransfer offer's price) is compared with that offer.
        fields = {{id.offer.empty() ? "service" : "offer", service ? q->offer_code : std::string(),
                   id.offer.empty() ? &id.service : &id.offer},
                  {"region", q->region, &id.region},
                  {"instance_type", q->instance_type, &id.instance_type},
                  {"usage_type", q->usage_type, &id.usage_type},
                  {"purchase_option", price_of ? std::string(to_string(q->option)) : std::string(),
                   &opt}};
      } else if (const auto* m = std::get_if<measured>(&in.origin);
                 m != nullptr && (price.count(in.name) || quantity.count(in.name))) {
        kind = spelling_of<measured>.report;
        fields = {{"region", m->region, &id.region},
                  {"instance_type", m->instance_type, &id.instance_type}};
      } else {
        continue;
      }
      for (const auto& [key, value, mine] : fields) {
        if (value.empty() || mine->empty() || *mine == value) continue;
        if (key == "usage_type" && same_usage_type(value, *mine)) continue;
        return mismatch(indexed("lines", i) + ".identity." + std::string(key) + ": '" + *mine +
                        "', but " + std::string(kind) + " input '" + in.name + "' (" +
                        indexed("inputs", k) + ") is '" + value +
                        "' (identity-consistent: the inputs a line uses agree with what the line "
                        "is)");
      }
    }
  }
  return {};
}

/// The timeline and the quotes' rate codes, for every version (validate() may say it first).
TRNCOST_DECL check_result check_timeline(const document& doc) {
  for (std::size_t i = 0; i < doc.inputs.size(); ++i) {
    const std::string where = indexed("inputs", i) + ".provenance.";
    if (const auto* m = std::get_if<measured>(&doc.inputs[i].origin)) {
      for (const auto& [key, t] :
           {std::pair<std::string_view, timestamp>{"from", m->from}, {"to", m->to}}) {
        if (!(timestamp{} < t)) {
          return mismatch(where + std::string(key) + ": " + to_string(t) +
                          " is not after 1970-01-01T00:00:00Z; a measurement has its collection "
                          "period (measured-has-period)");
        }
      }
    } else if (const auto* q = std::get_if<quoted>(&doc.inputs[i].origin)) {
      if (!q->sku.empty() && !q->rate_code.empty()) {
        const bool of_sku = q->rate_code.rfind(q->sku + ".", 0) == 0;
        const bool of_term = q->offer_term_code.empty() || q->offer_term_code == q->sku ||
                             q->rate_code.rfind(q->sku + "." + q->offer_term_code + ".", 0) == 0;
        if (!of_sku || !of_term) {
          return mismatch(where + "rate_code: '" + q->rate_code + "' is not a rate of " +
                          (of_sku ? "offer term '" + q->sku + "." + q->offer_term_code + "'"
                                  : "SKU '" + q->sku + "'") +
                          " (sku-matches-rate-code: SKU.OfferTermCode.RateCode)");
        }
      }
      if (q->published && q->consulted < *q->published) {
        return mismatch(where + "consulted: " + to_string(q->consulted) +
                        " is before 'published' " + to_string(*q->published) +
                        "; a price cannot be read before it is published (timeline)");
      }
    }
  }
  return {};
}

}  // namespace report::detail

namespace report {

TRNCOST_DECL check_result check_consistency(const document& doc) {
  for (const auto rule : {detail::check_timeline, detail::check_units, detail::check_runs,
                          detail::check_identities}) {
    if (auto r = rule(doc); !r.ok) return r;
  }
  return {};
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_CONSISTENCY_IPP
