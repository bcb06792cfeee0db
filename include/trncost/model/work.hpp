// What a workload delivers (tokens served, tokens trained, runs to the target, trials): the
// denominator of an estimate's cost per unit of work, and the unit that cost is quoted in.
#ifndef TRNCOST_MODEL_WORK_HPP
#define TRNCOST_MODEL_WORK_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace trncost {

/// The kinds of work an estimate can divide its total by.
enum class work_kind : std::uint8_t {
  tokens_served,     ///< serving: average demand x period (tokens)
  requests_served,   ///< serving sized in requests/s (requests)
  tokens_trained,    ///< training or continued pre-training (tokens)
  tokens_processed,  ///< batch inference (tokens)
  runs_to_target,    ///< training runs that reach the target quality (jobs)
  trials,            ///< the trials of a sweep (jobs)
};

inline constexpr std::array<work_kind, 6> all_work_kinds{
    work_kind::tokens_served,    work_kind::requests_served, work_kind::tokens_trained,
    work_kind::tokens_processed, work_kind::runs_to_target,  work_kind::trials};

constexpr std::string_view to_string(work_kind k) noexcept {
  switch (k) {
    case work_kind::tokens_served:
      return "tokens served";
    case work_kind::requests_served:
      return "requests served";
    case work_kind::tokens_trained:
      return "tokens trained";
    case work_kind::tokens_processed:
      return "tokens processed";
    case work_kind::runs_to_target:
      return "runs to target";
    case work_kind::trials:
      return "trials";
  }
  return "unknown";
}

/// How a cost per unit of this work is quoted: per `per` units, with the unit's symbol. Tokens are
/// priced per million (as serving prices are), requests per thousand, runs and trials one by one
/// (a run or a trial is a job). The symbols are those of units::usd_per_million_tokens and kin.
struct work_quote {
  std::uint64_t per = 1;
  std::string_view unit;  ///< "USD/1M tokens"
};

constexpr work_quote quote_of(work_kind k) noexcept {
  switch (k) {
    case work_kind::tokens_served:
    case work_kind::tokens_trained:
    case work_kind::tokens_processed:
      return {1'000'000, "USD/1M tokens"};
    case work_kind::requests_served:
      return {1'000, "USD/1000 requests"};
    case work_kind::runs_to_target:
    case work_kind::trials:
      return {1, "USD/job"};
  }
  return {1, "USD"};
}

/// Every quote a cost per unit of this work may be given in, the default (quote_of()) first:
/// tokens per thousand, million or billion; requests one by one or per thousand; runs and trials
/// per job. The symbols are those of units::usd_per_thousand_tokens and kin.
inline constexpr std::array<work_quote, 3> token_quotes{
    {{1'000'000, "USD/1M tokens"}, {1'000, "USD/1K tokens"}, {1'000'000'000, "USD/1B tokens"}}};
inline constexpr std::array<work_quote, 2> request_quotes{
    {{1'000, "USD/1000 requests"}, {1, "USD/request"}}};
inline constexpr std::array<work_quote, 1> job_quotes{{{1, "USD/job"}}};

constexpr std::span<const work_quote> quotes_of(work_kind k) noexcept {
  switch (k) {
    case work_kind::tokens_served:
    case work_kind::tokens_trained:
    case work_kind::tokens_processed:
      return token_quotes;
    case work_kind::requests_served:
      return request_quotes;
    case work_kind::runs_to_target:
    case work_kind::trials:
      return job_quotes;
  }
  return {};
}

/// Every unit a cost per unit of work may be quoted in, over every kind of work, as a user names it
/// (the quote's symbol after "USD/"): "1M tokens", "1K tokens", "1B tokens", "1000 requests",
/// "request", "job". What `[estimate] cost_per` accepts.
inline constexpr auto cost_per_units = [] {
  std::array<std::string_view, token_quotes.size() + request_quotes.size() + job_quotes.size()>
      out{};
  std::size_t i = 0;
  for (const auto& q : token_quotes) out[i++] = q.unit.substr(4);
  for (const auto& q : request_quotes) out[i++] = q.unit.substr(4);
  for (const auto& q : job_quotes) out[i++] = q.unit.substr(4);
  return out;
}();

/// The quote of `k` in the unit a user names: "1B tokens", "1K tokens", "1M tokens", "request",
/// "1000 requests", "job" (the quote's symbol after "USD/"); none when `k` is not counted so.
constexpr std::optional<work_quote> quote_named(work_kind k, std::string_view unit) noexcept {
  for (const auto& q : quotes_of(k)) {
    if (q.unit.substr(4) == unit) return q;
  }
  return std::nullopt;
}

/// The unit the work itself is counted in ("token", "request", "job").
constexpr std::string_view work_unit(work_kind k) noexcept {
  switch (k) {
    case work_kind::tokens_served:
    case work_kind::tokens_trained:
    case work_kind::tokens_processed:
      return "token";
    case work_kind::requests_served:
      return "request";
    case work_kind::runs_to_target:
    case work_kind::trials:
      return "job";
  }
  return "";
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_WORK_HPP
