// Forward declarations of trncost's main types, for a host header that only names them (a function
// taking `const trncost::estimate&`, a member `std::unique_ptr<trncost::model>`): it includes this
// instead of the layers, which cost seconds of compile time per translation unit. Only standard
// <cstdint> and Boost.Units' own forward declarations are included. The definitions are in the
// headers named beside each group.
#ifndef TRNCOST_FWD_HPP
#define TRNCOST_FWD_HPP

#include <boost/units/units_fwd.hpp>
#include <cstdint>

namespace trncost {

// error.hpp
class error;
class parse_error;
class overflow_error;
class inexact_error;
class input_error;

// units/decimal.hpp, units/units.hpp, units/amount.hpp
class decimal;
/// A quantity of `Unit` with an exact decimal value (defined here, where units/units.hpp takes it).
template <class Unit>
using quantity = boost::units::quantity<Unit, decimal>;
struct month_convention;

// provenance/provenance.hpp (provenance itself is a std::variant of the kinds: include the header)
enum class purchase_option;
struct measured;
struct quoted;
struct documented;
struct third_party;
struct derived;
struct assumption;
struct declared_none;
struct choice;
struct forecast;
struct tool_default;
struct source_record;
// provenance/sourced.hpp, model/inputs.hpp: the inputs a component's signature names
template <class Q>
class sourced;
template <class Q>
class input_of;
struct unknown_input;

// model/category.hpp, model/model.hpp, model/estimate.hpp, model/tiers.hpp, model/work.hpp
enum class category;
enum class phase;
enum class work_kind : std::uint8_t;
struct work_delivered;
class model;
class evaluator;
class component_builder;
template <class Unit>
class node;            // model/model.hpp: a typed handle that component_builder returns
struct line_identity;  // model/identity.hpp
struct estimate;
struct aws_service;  // model/aws_service.hpp
struct estimate_options;
struct line_item;
enum class estimate_status;
struct status_reason;
struct migration_uncertainty;
class usage_period;

// catalog/catalog.hpp, catalog/instance_spec.hpp
class catalog;
struct instance_spec;

namespace analysis {
// analysis/monte_carlo.hpp
class distribution;
}  // namespace analysis

namespace report {
// report/report.hpp, report/extras.hpp
struct document;
struct extras;
}  // namespace report

namespace measure {
// measure/run.hpp
struct run_record;
enum class run_outcome;
}  // namespace measure

namespace pricing {
// pricing/offer.hpp, pricing/price_book.hpp
struct offer;
class offer_filter;
class price_book;
struct price_entry;
struct price_query;
}  // namespace pricing

namespace credits {
// credits/grant.hpp, credits/burn_down.hpp
struct last_day;
class grant;
struct spend_rate;
class spend_schedule;
struct burn_down_result;
}  // namespace credits

namespace workload {
// workload/serving.hpp, workload/autoscaled_serving.hpp, workload/sweep.hpp, ...
template <class Rate>
struct serving_inputs;
template <class Rate>
struct autoscaled_serving_inputs;
struct batch_inference_inputs;
struct continued_pretraining_inputs;
struct training_to_target_inputs;
struct frontier_inputs;
struct sweep_inputs;
enum class archetype;
}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_FWD_HPP
