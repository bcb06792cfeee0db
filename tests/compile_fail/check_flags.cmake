# Included by run_case.cmake and pch.cmake (cmake -P): trncost_require_inputs(), and the compiler's
# inputs from the -D variables FLAGS, INCLUDES and IMPLICIT ("|"-separated, so that they survive
# add_test):
#   flags         FLAGS as a list
#   include_dirs  the directories of INCLUDES, once each, without those of IMPLICIT (the compiler
#                 searches those anyway: passing them again with -I breaks libstdc++'s #include_next)
#   include_flags -I<dir> for each of include_dirs
string(REPLACE "|" ";" flags "${FLAGS}")
string(REPLACE "|" ";" includes "${INCLUDES}")
string(REPLACE "|" ";" implicit "${IMPLICIT}")
list(REMOVE_DUPLICATES includes)
set(include_dirs "")
set(include_flags "")
foreach(dir IN LISTS includes)
  if(dir STREQUAL "" OR dir IN_LIST implicit)
    continue()
  endif()
  list(APPEND include_dirs "${dir}")
  list(APPEND include_flags "-I${dir}")
endforeach()

# Stops with an error naming SCRIPT unless each variable named after it is set and not empty.
function(trncost_require_inputs script)
  foreach(var IN LISTS ARGN)
    if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
      message(FATAL_ERROR "${script}: ${var} is not set")
    endif()
  endforeach()
endfunction()
