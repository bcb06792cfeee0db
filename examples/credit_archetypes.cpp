// The five workload archetypes of docs/credits.md, each with one credit grant: what the credits
// pay, what is paid in cash, the runway and the waste at expiry (both projected past the schedule
// at its rate while a grant still has a valid balance).
// Run: build/examples/example_credit_archetypes
#include "credit_archetypes.hpp"

#include <iostream>
#include <string>

int main() {
  using namespace trncost;
  // [table]
  std::cout
      << "| archetype | grant | spend (USD) | credits used | paid in cash | share covered | "
         "runway | lost at expiry | left at the end |\n|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& a : archetypes::all()) {
    const auto r = credits::burn_down(a.grants, a.schedule);
    const decimal share = r.total_credits * decimal(100) / r.total_spend;
    decimal left{};
    for (const auto& g : r.grants) left = left + g.unused_at_schedule_end;
    std::cout << "| " << a.name << " | " << a.grants.front().name() << " | "
              << r.total_spend.to_fixed(decimal_places{2}) << " | "
              << r.total_credits.to_fixed(decimal_places{2}) << " | "
              << r.total_uncovered.to_fixed(decimal_places{2}) << " | "
              << share.to_fixed(decimal_places{1}) << " % | "
              << (r.runway ? to_string(*r.runway) : std::string("none")) << " | "
              << r.total_lost_at_expiry.to_fixed(decimal_places{2}) << " | "
              << left.to_fixed(decimal_places{2}) << " |\n";
  }
  // [table]
  std::cout << "\nWhat each archetype shows:\n";
  for (const auto& a : archetypes::all()) {
    std::cout << "- " << a.name << ": " << a.behaviour << "\n";
    for (const auto& f : credits::burn_down(a.grants, a.schedule).findings) {
      std::cout << "    " << f << "\n";
    }
  }
  return 0;
}
