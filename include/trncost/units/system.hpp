// The trncost unit system: base dimensions and base units for money, counts of things people pay
// for, and the billing month, next to Boost.Units' SI second and a byte of information.
#ifndef TRNCOST_UNITS_SYSTEM_HPP
#define TRNCOST_UNITS_SYSTEM_HPP

#include <boost/units/base_dimension.hpp>
#include <boost/units/base_unit.hpp>
#include <boost/units/base_units/si/second.hpp>
#include <boost/units/derived_dimension.hpp>
#include <boost/units/heterogeneous_system.hpp>
#include <boost/units/make_scaled_unit.hpp>
#include <boost/units/make_system.hpp>
#include <boost/units/physical_dimensions/information.hpp>
#include <boost/units/physical_dimensions/time.hpp>
#include <boost/units/scale.hpp>
#include <boost/units/static_rational.hpp>
#include <boost/units/unit.hpp>
#include <string_view>
#include <type_traits>

namespace trncost::units {

// Base dimensions. Ordinals 7301-7399 are trncost's (and -7311, the byte unit's, below); Boost's
// own are below 0 and users pick theirs outside these (docs/units.md shows how to add a dimension).
struct money_dimension : boost::units::base_dimension<money_dimension, 7301> {};
struct token_dimension : boost::units::base_dimension<token_dimension, 7302> {};
struct instance_dimension : boost::units::base_dimension<instance_dimension, 7303> {};
struct chip_dimension : boost::units::base_dimension<chip_dimension, 7304> {};
struct neuron_core_dimension : boost::units::base_dimension<neuron_core_dimension, 7305> {};
struct request_dimension : boost::units::base_dimension<request_dimension, 7306> {};
struct step_dimension : boost::units::base_dimension<step_dimension, 7307> {};
struct sample_dimension : boost::units::base_dimension<sample_dimension, 7308> {};
struct flop_dimension : boost::units::base_dimension<flop_dimension, 7309> {};
/// A billing month is a dimension of its own, not a time: how many hours it has is a convention
/// (730 for the AWS calculator and Infracost) that a call site names (month_convention,
/// units/amount.hpp).
struct billing_month_dimension : boost::units::base_dimension<billing_month_dimension, 7310> {};
/// Input/output operations of a block device (provisioned IOPS are these per second).
struct io_operation_dimension : boost::units::base_dimension<io_operation_dimension, 7312> {};
/// Monitoring metrics (CloudWatch custom metrics are billed per metric-month).
struct metric_dimension : boost::units::base_dimension<metric_dimension, 7313> {};
/// Jobs (a data-preparation job whose cost was measured as a whole).
struct job_dimension : boost::units::base_dimension<job_dimension, 7314> {};
/// Interruptions of a running job (hardware faults, spot reclaims, crashes that force a restart).
struct interruption_dimension : boost::units::base_dimension<interruption_dimension, 7315> {};

#define TRNCOST_DETAIL_BASE_UNIT(name_, dim_, ordinal_, long_name_, symbol_)         \
  struct name_##_base_unit                                                           \
      : boost::units::base_unit<name_##_base_unit, dim_::dimension_type, ordinal_> { \
    static constexpr const char* name() { return long_name_; }                       \
    static constexpr const char* symbol() { return symbol_; }                        \
  }

TRNCOST_DETAIL_BASE_UNIT(usd, money_dimension, 7301, "US dollar", "USD");
TRNCOST_DETAIL_BASE_UNIT(token, token_dimension, 7302, "token", "token");
TRNCOST_DETAIL_BASE_UNIT(instance, instance_dimension, 7303, "instance", "instance");
TRNCOST_DETAIL_BASE_UNIT(chip, chip_dimension, 7304, "accelerator chip", "chip");
TRNCOST_DETAIL_BASE_UNIT(neuron_core, neuron_core_dimension, 7305, "NeuronCore", "NeuronCore");
TRNCOST_DETAIL_BASE_UNIT(request, request_dimension, 7306, "request", "request");
TRNCOST_DETAIL_BASE_UNIT(step, step_dimension, 7307, "training step", "step");
TRNCOST_DETAIL_BASE_UNIT(sample, sample_dimension, 7308, "sample", "sample");
TRNCOST_DETAIL_BASE_UNIT(flop, flop_dimension, 7309, "floating-point operation", "FLOP");
TRNCOST_DETAIL_BASE_UNIT(billing_month, billing_month_dimension, 7310, "billing month", "mo");
TRNCOST_DETAIL_BASE_UNIT(io_operation, io_operation_dimension, 7312, "I/O operation", "I/O");
TRNCOST_DETAIL_BASE_UNIT(metric, metric_dimension, 7313, "monitoring metric", "metric");
TRNCOST_DETAIL_BASE_UNIT(job, job_dimension, 7314, "job", "job");
TRNCOST_DETAIL_BASE_UNIT(interruption, interruption_dimension, 7315, "interruption",
                         "interruption");

/// The byte's ordinal. Negative, unlike trncost's others: Boost.Units sorts a system's base units
/// by ordinal, and when their base dimensions then come in ordinal order too (information, -700,
/// before time, -7, before trncost's 7301-7399) it finds a unit's exponents by reading them off
/// (its "simple system" path) instead of inverting a 16 x 16 matrix of rationals at compile time
/// for every derived unit, which cost about 10 % of g++'s front-end memory for
/// <trncost/trncost.hpp>. tests/static/units_static_test.cpp checks that
/// trncost::units::system is such a system.
inline constexpr long byte_ordinal = -7311;

/// A byte of stored or transferred data. It is trncost's own base unit of Boost's information
/// dimension (not a scaled bit), so byte counts stay whole numbers.
struct byte_base_unit
    : boost::units::base_unit<byte_base_unit, boost::units::information_dimension, byte_ordinal> {
  static constexpr const char* name() { return "byte"; }
  static constexpr const char* symbol() { return "B"; }
};

#undef TRNCOST_DETAIL_BASE_UNIT

namespace detail {
template <class... BaseUnits>
struct base_unit_list {
  using type = boost::units::dimensionless_type;
};
template <class First, class... Rest>
struct base_unit_list<First, Rest...> {
  using type = boost::units::list<First, typename base_unit_list<Rest...>::type>;
};
}  // namespace detail

/// The system every trncost unit lives in. Boost's make_system takes at most ten base units, so the
/// sorted list is built the way make_system builds it.
using system = boost::units::homogeneous_system<
    typename boost::units::detail::insertion_sort<typename detail::base_unit_list<
        boost::units::si::second_base_unit, byte_base_unit, usd_base_unit, token_base_unit,
        instance_base_unit, chip_base_unit, neuron_core_base_unit, request_base_unit,
        step_base_unit, sample_base_unit, flop_base_unit, billing_month_base_unit,
        io_operation_base_unit, metric_base_unit, job_base_unit,
        interruption_base_unit>::type>::type>;

template <class Dimension>
using unit_of = boost::units::unit<Dimension, system>;

template <class Unit, long Base, long Exponent>
using scaled = typename boost::units::make_scaled_unit<
    Unit, boost::units::scale<Base, boost::units::static_rational<Exponent>>>::type;

namespace detail {

/// Whether a base dimension or base unit is one of trncost's (ordinals 7301-7399, and the byte's).
template <class Tag>
constexpr bool own_ordinal() {
  if constexpr (requires { Tag::value; }) {
    return (Tag::value >= 7301 && Tag::value <= 7399) || std::is_same_v<Tag, byte_base_unit>;
  } else {
    return false;  // a scaled base unit (Boost's metric hour) has no ordinal of its own
  }
}

/// Whether a Boost.Units list of dim<BaseDimension, Exponent> (a dimension) or of
/// heterogeneous_system_dim<BaseUnit, Exponent> (a scaled or mixed system) names one of trncost's.
template <class List>
struct mentions_own : std::false_type {};
template <class First, class Rest>
struct mentions_own<boost::units::list<First, Rest>>
    : std::bool_constant<own_ordinal<typename First::tag_type>() || mentions_own<Rest>::value> {};

template <class System>
inline constexpr bool is_own_system = false;
template <class L, class D, class S>
inline constexpr bool is_own_system<
    boost::units::heterogeneous_system<boost::units::heterogeneous_system_impl<L, D, S>>> =
    mentions_own<L>::value;

}  // namespace detail

/// Whether a unit belongs to trncost: its dimension has one of trncost's base dimensions (money,
/// tokens, instances, chips, requests, billing months...), or it is expressed in
/// trncost::units::system (the second, the byte, dimensionless) or scaled from one of trncost's
/// base units (GB, GiB are scaled trncost bytes). Units of Boost's own systems (SI, metric,
/// information) are not.
///
/// trncost's readable refusals (units/refusals.hpp) apply only when at least one side is trncost's,
/// so a program that also uses Boost.Units SI keeps Boost's own diagnostics for its own units.
/// A unit that is only a scaled second (trncost's minute, hour, day) is the same type as the scaled
/// SI second Boost.Units builds from si::time, so on its own it is not trncost's: hours against
/// seconds or against instance-hours is caught, hours against minutes is left to Boost.Units.
template <class Unit>
inline constexpr bool is_trncost_unit = false;
template <class Dimension, class System>
inline constexpr bool is_trncost_unit<boost::units::unit<Dimension, System>> =
    detail::mentions_own<Dimension>::value || std::is_same_v<System, system> ||
    detail::is_own_system<System>;

/// The symbol trncost prints after a value of this unit ("USD/instance-h", "GiB"). Specialise it
/// for a unit of your own; units without one print Boost's generated symbol through
/// readers/fmt.hpp.
template <class Unit>
inline constexpr std::string_view symbol_v{};

}  // namespace trncost::units

#endif  // TRNCOST_UNITS_SYSTEM_HPP
