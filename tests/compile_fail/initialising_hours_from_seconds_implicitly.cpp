// expect: conversion from '(const )?quantity<.*' to non-scalar type '(const )?quantity<.*' requested|no viable conversion from '(const )?quantity<.*' to '(const )?quantity<
// No implicit unit conversion: a conversion that may have to divide (5399 s is not a whole number
// of hours) is written out, and then it is exact or throws.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto run = seconds(5400);
#ifdef TRNCOST_FAIL
  const quantity<units::hour_t> hours = run;
#else
  const quantity<units::hour_t> hours(run);
#endif
  (void)hours;
}
