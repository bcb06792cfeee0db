# Runs each Google Benchmark binary in BENCHMARKS (a ;-list) briefly and every kernel of the
# bench_instructions binary INSTRUCTIONS once; fails on a non-zero exit or a reported error.
# Usage: cmake -DBENCHMARKS=a;b -DINSTRUCTIONS=path -P smoke.cmake
if(NOT BENCHMARKS OR NOT INSTRUCTIONS)
  message(FATAL_ERROR "smoke.cmake: set BENCHMARKS and INSTRUCTIONS")
endif()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "'${ARGN}' exited with ${rc}")
  endif()
  if("${out}${err}" MATCHES "ERROR OCCURRED")
    message(FATAL_ERROR "'${ARGN}': a benchmark reported an error")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

foreach(binary IN LISTS BENCHMARKS)
  run("${binary}" --benchmark_min_time=0.01 --benchmark_filter=.)
endforeach()

run("${INSTRUCTIONS}" --list)
string(REGEX MATCHALL "[^\n]+" kernels "${out}")
list(LENGTH kernels n)
if(n EQUAL 0)
  message(FATAL_ERROR "${INSTRUCTIONS} lists no kernel")
endif()
foreach(line IN LISTS kernels)
  string(REGEX REPLACE " .*" "" name "${line}")
  run("${INSTRUCTIONS}" "${name}" 1)
endforeach()
