# Runs one compile-fail case (cmake -P): compiles SRC with -fsyntax-only, with or without
# -D<FAIL_MACRO>, and checks the outcome. Registered once per case by CMakeLists.txt, and once for
# all the twins:
#
#   EXPECT_FAIL=ON   -D<FAIL_MACRO> (TRNCOST_FAIL unless given; TRNCOST_FAIL_<case> in a file of
#                    several cases): the compiler must reject the file, its output matching REGEX.
#   EXPECT_FAIL=OFF  the twins (twins.cpp, every case's twin in one unit): they must compile with the
#                    project's warnings and -Werror, so a case cannot pass because both variants are
#                    broken. REGEX is unused.
#
# Inputs (-D): CXX (compiler), SRC (case file), FLAGS and INCLUDES ("|"-separated, so that they
# survive add_test), IMPLICIT ("|"-separated include directories the compiler searches anyway:
# passing them again with -I breaks libstdc++'s #include_next), REGEX, EXPECT_FAIL; optionally WHAT,
# what a unit that must compile checks (tests/headers: "<header> compiles on its own"), PCH_DIR,
# FAIL_MACRO and CASE, the case's name in messages (SRC's name unless given).

cmake_minimum_required(VERSION 3.25) # script mode: policies of this version (IN_LIST)

include("${CMAKE_CURRENT_LIST_DIR}/check_flags.cmake") # flags, include_flags
trncost_require_inputs(run_case.cmake CXX SRC REGEX EXPECT_FAIL)
if(NOT DEFINED FAIL_MACRO OR FAIL_MACRO STREQUAL "")
  set(FAIL_MACRO TRNCOST_FAIL)
endif()
if(NOT DEFINED CASE OR CASE STREQUAL "")
  get_filename_component(CASE "${SRC}" NAME_WE)
endif()

if(EXPECT_FAIL)
  set(variant_flags -D${FAIL_MACRO})
else()
  set(variant_flags -Werror)
endif()

# LC_ALL=C: g++ otherwise quotes with U+2018/U+2019, which the expected-error regexes do not use.
# The precompiled first headers of pch.cmake, when the build made them: searched first, so that g++
# uses <dir>/trncost/units.hpp.gch for a case's first #include <trncost/units.hpp>. A header without
# a .gch there is found in the next directory as usual.
set(pch_flags "")
if(DEFINED PCH_DIR AND NOT PCH_DIR STREQUAL "" AND IS_DIRECTORY "${PCH_DIR}")
  set(pch_flags "-I${PCH_DIR}")
endif()

set(ENV{LC_ALL} C)
set(ENV{LANG} C)
execute_process(
  COMMAND "${CXX}" -fsyntax-only -std=c++20 ${flags} ${pch_flags} ${include_flags} ${variant_flags} "${SRC}"
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE out)

string(LENGTH "${out}" out_bytes)
string(REGEX MATCH "[^\n]*(error|warning): [^\n]*" first_line "${out}")
string(LENGTH "${first_line}" first_len)
if(first_len GREATER 400)
  string(SUBSTRING "${first_line}" 0 400 first_line)
  string(APPEND first_line " [...]")
endif()
set(case_name "${CASE}")

if(EXPECT_FAIL)
  if(rc EQUAL 0)
    message(FATAL_ERROR "${case_name}: compiled with -DTRNCOST_FAIL, but must not compile")
  endif()
  if(NOT out MATCHES "${REGEX}")
    message(FATAL_ERROR "${case_name}: rejected, but no diagnostic matches the expected regex\n"
                        "  expect: ${REGEX}\n  first diagnostic: ${first_line}\n"
                        "--- compiler output (${out_bytes} bytes) ---\n${out}")
  endif()
  message(STATUS "${case_name}: rejected as expected (${out_bytes} bytes of diagnostics)\n"
                 "  first diagnostic: ${first_line}")
else()
  if(NOT DEFINED WHAT OR WHAT STREQUAL "")
    set(WHAT "the twins (the cases without -DTRNCOST_FAIL) compile cleanly")
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${case_name}: expected that ${WHAT} with -Werror, and it does not (the "
                        "diagnostics name the file)\n"
                        "--- compiler output (${out_bytes} bytes) ---\n${out}")
  endif()
  message(STATUS "${case_name}: ${WHAT}")
endif()
