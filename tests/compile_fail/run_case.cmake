# Runs one compile-fail case (cmake -P): compiles SRC with -fsyntax-only, with or without
# -DTRNCOST_FAIL, and checks the outcome. Registered twice per case by CMakeLists.txt:
#
#   EXPECT_FAIL=ON   -DTRNCOST_FAIL: the compiler must reject the file, its output matching REGEX.
#   EXPECT_FAIL=OFF  the twins (twins.cpp, every case's twin in one unit): they must compile with the
#                    project's warnings and -Werror, so a case cannot pass because both variants are
#                    broken. REGEX is unused.
#
# Inputs (-D): CXX (compiler), SRC (case file), FLAGS and INCLUDES ("|"-separated, so that they
# survive add_test), IMPLICIT ("|"-separated include directories the compiler searches anyway:
# passing them again with -I breaks libstdc++'s #include_next), REGEX, EXPECT_FAIL; optionally WHAT,
# what a unit that must compile checks (tests/headers: "<header> compiles on its own"), and PCH_DIR.

cmake_minimum_required(VERSION 3.25) # script mode: policies of this version (IN_LIST)

foreach(var IN ITEMS CXX SRC REGEX EXPECT_FAIL)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_case.cmake: ${var} is not set")
  endif()
endforeach()

string(REPLACE "|" ";" flags "${FLAGS}")
string(REPLACE "|" ";" includes "${INCLUDES}")
string(REPLACE "|" ";" implicit "${IMPLICIT}")
list(REMOVE_DUPLICATES includes)
set(include_flags "")
foreach(dir IN LISTS includes)
  if(dir STREQUAL "" OR dir IN_LIST implicit)
    continue()
  endif()
  list(APPEND include_flags "-I${dir}")
endforeach()

if(EXPECT_FAIL)
  set(variant_flags -DTRNCOST_FAIL)
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
get_filename_component(case_name "${SRC}" NAME_WE)

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
