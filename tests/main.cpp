// The doctest runner: every tests/**/*_test.cpp links into this one executable (trncost_tests).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
