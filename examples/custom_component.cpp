// Extension example: a cost component of your own (an FSx for Lustre scratch file system) that
// takes part in an estimate, its totals and its status exactly like trncost's built-in components.
#include <cstdio>
#include <exception>
#include <trncost/model.hpp>
#include <trncost/readers/fmt.hpp>

#include "json_reports.hpp"

// [custom-component]
// A component is any type with name(), cost_category() and build(component_builder&).
class fsx_lustre {
 public:
  fsx_lustre(trncost::sourced<trncost::quantity<trncost::units::gibibyte_t>> capacity,
             trncost::sourced<trncost::quantity<trncost::units::hour_t>> kept_for,
             trncost::sourced<trncost::quantity<trncost::units::usd_per_gibibyte_month_t>> price)
      : capacity_(std::move(capacity)), kept_for_(std::move(kept_for)), price_(std::move(price)) {}

  std::string_view name() const { return "FSx for Lustre scratch"; }
  trncost::category cost_category() const { return trncost::category::storage; }

  void build(trncost::component_builder& b) const {
    // Capacity x time kept, priced per GiB-month under the named 730-hour month.
    b.line({std::nullopt, "file system capacity"}, b.input(price_),
           b.input(capacity_) * b.input(kept_for_), trncost::month_730h);
  }

 private:
  trncost::sourced<trncost::quantity<trncost::units::gibibyte_t>> capacity_;
  trncost::sourced<trncost::quantity<trncost::units::hour_t>> kept_for_;
  trncost::sourced<trncost::quantity<trncost::units::usd_per_gibibyte_month_t>> price_;
};
static_assert(trncost::cost_component<fsx_lustre>);
// [custom-component]

int main(int argc, char** argv) try {
  using namespace trncost;
  const auto as_of = parse_date("2026-11-30");
  const measured run{.run_id = "ft-ref-1",
                     .method = "run log timestamps",
                     .from = parse_timestamp("2026-11-20T10:00:00Z"),
                     .to = parse_timestamp("2026-11-20T13:00:00Z")};

  model m;
  m.add(fsx_lustre(sourced("fsx_capacity", make(units::gibibyte, 1200), run),
                   sourced("fsx_kept", make(units::hour, 73), run),
                   sourced("fsx_price", make(units::usd_per_gibibyte_month, "0.14"),
                           assumption{"illustrative figure: read the FSx for Lustre pricing "
                                      "page for your region and deployment type"})));
  for (const auto c : all_categories) {
    if (c != category::storage) m.declare_none(c, declared_none{"outside this example"});
  }
  const estimate est = m.evaluate(as_of);
  examples::write_json_report(examples::json_dir(argc, argv), "custom_component", est);
  // 0.14 * 1200 * 73 / 730 = 16.8 USD, exactly.
  for (const auto& line : est.lines) {
    fmt::print("{} ({}): {} USD = {}\n", line.description, line.component, line.amount->to_string(),
               line.formula);
  }
  fmt::print("status: {}\n", to_string(est.status));
  for (const auto& f : est.findings) fmt::print("  - {}\n", f);
  const bool ok = est.total == decimal("16.8") && est.status == estimate_status::provisional;
  return ok ? 0 : 1;
} catch (const std::exception& e) {  // an example says what went wrong, then fails
  std::fprintf(stderr, "custom_component: %s\n", e.what());
  return 1;
}
