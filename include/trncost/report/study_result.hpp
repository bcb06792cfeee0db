// A study, evaluated (scenario::run_study, docs/scenario.md "Studies"): each option's estimate and
// analyses, the comparison normalised by work and quality, and the decision. The study writers
// (report/*_study.hpp) render it from this header alone, without the study and scenario readers
// (scenario/study.hpp, scenario/scenario.hpp and toml++): a writer compiled alone costs a third of
// what it did.
#ifndef TRNCOST_REPORT_STUDY_RESULT_HPP
#define TRNCOST_REPORT_STUDY_RESULT_HPP

#include <optional>
#include <string>
#include <vector>

#include "../analysis/comparison.hpp"
#include "../analysis/decision.hpp"
#include "../model/estimate.hpp"
#include "../units/decimal.hpp"
#include "break_even.hpp"
#include "extras.hpp"
#include "what_if_result.hpp"

namespace trncost::report {

/// One option evaluated in one region of [study] regions (its scenario's region replaced).
struct regional_estimate {
  std::string region;
  std::optional<estimate> est;  ///< none: the option is not priced there (why_not says why)
  std::string why_not;          ///< the refusal: "no price matches EC2 Linux on-demand ..."
  decimal work{};               ///< in the study's unit of work (with est)
  /// est's total / work (with est): computed once where the study runs, read by every writer.
  decimal cost_per_work{};
};

/// One option, evaluated.
struct study_option_result {
  std::string name;
  std::string title;  ///< its scenario's title
  estimate est;
  report::extras
      extras;      ///< tornado, Monte Carlo and burn-down as its tables ask, and its decision
  decimal work{};  ///< in the study's unit of work
  analysis::protocol quality;
  /// In each region of [study] regions: the priced ones cheapest per unit of work first (ties in
  /// the order written), then those not priced, in the order written.
  std::vector<regional_estimate> regions{};
};

/// One ranked option by what it pays after credits (the study's grants applied to its spend).
struct cash_rank {
  std::string name;
  std::size_t rank = 0;       ///< by cash per unit of work, 1 the least (ties: the list rank)
  std::size_t list_rank = 0;  ///< its rank by list total in the comparison
  decimal total{};            ///< the list total (its estimate's)
  decimal credits{};          ///< what the grants pay of it (the burn-down's credits used)
  decimal cash{};             ///< total - credits: what is paid
  decimal lost_at_expiry{};   ///< credits lost at expiry (the burn-down's, projected)
  decimal work{};             ///< in the study's unit of work
  decimal cash_per_work{};    ///< cash / work (cash when the work is 0)
  /// The grants that pay it and how much, in the burn-down's order (those that pay nothing left
  /// out).
  std::vector<std::pair<std::string, decimal>> paid_by{};
};

/// The ranking by cash paid after credits, when the study has grants: the ranked options of the
/// comparison's first group, and one sentence on how it differs from the ranking by list total.
struct cash_ranking {
  std::vector<cash_rank> ranked;
  /// "Credits change the first option: by cash paid after credits, ...; by list total, ...".
  std::string effect;
};

/// "'AWS Activate' pays 30000.00" for each grant that pays the option, or "no grant pays it".
inline std::string paid_by_text(const cash_rank& c) {
  std::string out;
  for (const auto& [g, amount] : c.paid_by) {
    out += (out.empty() ? "'" : " and '") + g + "' pays " + amount.to_fixed(decimal_places{2});
  }
  return out.empty() ? std::string("no grant pays it") : out;
}

/// The sentence on how the ranking by cash differs from the ranking by list total, from the
/// ranked options (in cash order, as cash_ranking::ranked holds them; list rank 1 among them).
inline std::string credit_effect(const std::vector<cash_rank>& ranked) {
  const cash_rank& by_cash = ranked.front();
  const cash_rank* by_list = &by_cash;
  for (const auto& k : ranked) {
    if (k.list_rank == 1) by_list = &k;
  }
  const auto usd2 = [](decimal d) { return d.to_fixed(decimal_places{2}) + " USD"; };
  if (by_cash.name == by_list->name) {
    return "credits do not change the first option: '" + by_cash.name +
           "' ranks first by list total (" + usd2(by_cash.total) +
           ") and by cash paid after credits (" + usd2(by_cash.cash) + "; " +
           paid_by_text(by_cash) + ")";
  }
  return "credits change the first option: by cash paid after credits, '" + by_cash.name +
         "' ranks first (" + usd2(by_cash.cash) + ": " + paid_by_text(by_cash) + " of its " +
         usd2(by_cash.total) + " list total); by list total, '" + by_list->name +
         "' ranks first (" + usd2(by_list->total) + ", " + usd2(by_list->cash) +
         " in cash: " + paid_by_text(*by_list) + ")";
}

/// An option's runway in words: "credits stop paying on 2027-02-18", or "no grant pays it" when
/// no grant is usable by it.
inline std::string runway_text(const credits::burn_down_result& b) {
  return b.runway ? "credits stop paying on " + to_string(*b.runway)
                  : std::string("no grant pays it");
}

/// When each grant stops paying an option: "'AWS Activate' runs out on 2027-02-18; 'Bedrock model
/// credits' cannot pay it (covers AmazonBedrock only)".
inline std::string grant_stops(const credits::burn_down_result& b) {
  std::string out;
  for (const auto& g : b.grants) {
    out += (out.empty() ? "'" : "; '") + g.name + "' ";
    if (!g.usable) {
      std::string codes;
      for (const auto& c : g.services) codes += (codes.empty() ? "" : ", ") + c;
      out += "cannot pay it (covers " + codes + " only)";
    } else if (g.runs_out_on) {
      out += "runs out on " + to_string(*g.runs_out_on);
    } else {
      out += "pays to its last valid day, " + to_string(g.last_valid_day) + ", losing " +
             g.lost_at_expiry.to_fixed(decimal_places{2}) + " USD";
    }
  }
  return out;
}

/// The effect as a sentence of its own, for a paragraph ("Credits change the first option: ...").
inline std::string effect_sentence(const cash_ranking& c) {
  std::string s = c.effect;
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s + ".";
}

/// The reason the study's decision gives for its option when credits rank it: the effect,
/// prefixed so that a reader finds it among the reasons that hold.
inline std::string credit_reason(const cash_ranking& c) {
  return "ranked by cash paid after credits: " + c.effect;
}

/// A study, evaluated: each option, the comparison and the decision.
struct study_result {
  std::string file;
  std::string title;
  std::string work_unit;
  std::vector<study_option_result> options;
  analysis::comparison comparison;
  /// The option ranked first in the first group: by cash paid after credits when the study has
  /// grants (cash), by list total otherwise.
  std::optional<std::string> decided_for;
  /// That option's decision (with credit_reason(*cash) among the reasons that hold when credits
  /// rank it); suspend when none ranks.
  analysis::decision decision;
  /// When any option has a grant: the ranked options by cash paid after credits.
  std::optional<cash_ranking> cash;
  /// [study.what_if]: one input swept over a range (report::sweep).
  std::optional<report::what_if> what_if;
  /// Each self-hosted serving option against each hosted-API option sharing its demand.
  std::vector<report::break_even> break_evens;
};

}  // namespace trncost::report

#endif  // TRNCOST_REPORT_STUDY_RESULT_HPP
