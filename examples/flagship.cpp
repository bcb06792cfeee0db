// The flagship example: a fine-tuning job on trn1.32xlarge estimated the way a budget review needs
// it (every term of the formula, every input sourced), then the same job measured on trn2.48xlarge
// but priced with a third-party figure, then the baseline with a category forgotten.
#include <trncost/io/fmt.hpp>

#include "flagship_model.hpp"

namespace {

void print(const trncost::estimate& est, const char* title) {
  using namespace trncost;
  fmt::print("== {}\n", title);
  fmt::print("status: {}\n", to_string(est.status));
  for (const auto& r : est.reasons) fmt::print("  because {}\n", r.text);
  fmt::print("\n{:<22} {:<16} {:<62} {:>10}\n", "category", "phase", "line", "USD");
  for (const auto& l : est.lines) {
    if (l.amount && l.amount->is_zero()) continue;  // a billing minimum that did not bind
    fmt::print("{:<22} {:<16} {:<62} {:>10}\n", to_string(l.cat),
               l.ph ? std::string(to_string(*l.ph)) : std::string("-"), l.description,
               l.amount ? l.amount->to_fixed(cents) : std::string("unpriced"));
  }
  fmt::print("\n");
  for (const auto& [c, amt] : est.by_category) {
    fmt::print("{:<22} {:>10.2f}\n", to_string(c), amt);
  }
  fmt::print("{:<22} {:>10.2f}   (exact {})\n", "total", est.total, est.total);
  fmt::print("{:<22} {:>10.2f}\n{:<22} {:>10.2f}\n", "useful instance time", est.useful,
             "overhead", est.overhead);
  fmt::print("findings:\n");
  for (const auto& f : est.findings) fmt::print("  - {}\n", f);
  fmt::print("\n");
}

}  // namespace

int main() {
  using namespace trncost;
  // [flagship]
  const model m = flagship::build(flagship::variant::baseline);
  const estimate est = m.evaluate(flagship::as_of);
  // [flagship]
  print(est, "fine-tune on 2 x trn1.32xlarge, official prices");

  const estimate trn2 = flagship::build(flagship::variant::trn2_third_party).evaluate(flagship::as_of);
  print(trn2, "the same job measured on 1 x trn2.48xlarge, third-party price");

  const estimate missing = flagship::build(flagship::variant::logs_missing).evaluate(flagship::as_of);
  print(missing, "the baseline with the logs category forgotten");

  fmt::print("every line of the baseline, with its formula and inputs:\n");
  for (const auto& l : est.lines) {
    fmt::print("  {} = {} USD\n", l.formula, l.amount ? l.amount->to_string() : "unpriced");
    for (const auto& in : l.inputs) {
      fmt::print("      {} = {} {} [{}]\n", in->name, in->value, in->unit, describe(in->origin));
    }
  }
  return 0;
}
