# Builds the precompiled first headers of the compile-fail cases (CMakeLists.txt): for each header
# H in HEADERS, PCH_DIR/H.gch, with the flags the cases use. Written to a temporary name and renamed,
# so a case never sees half a file. Run by the fixture test compile_fail_pch.
cmake_minimum_required(VERSION 3.25) # script mode

include("${CMAKE_CURRENT_LIST_DIR}/check_flags.cmake") # flags, include_dirs, include_flags
trncost_require_inputs(pch.cmake CXX HEADERS PCH_DIR)
string(REPLACE "|" ";" headers "${HEADERS}")

set(ENV{LC_ALL} C)
foreach(header IN LISTS headers)
  set(found "")
  foreach(dir IN LISTS include_dirs)
    if(EXISTS "${dir}/${header}")
      set(found "${dir}/${header}")
      break()
    endif()
  endforeach()
  if(found STREQUAL "")
    message(FATAL_ERROR "pch.cmake: ${header} is in none of the include directories: ${include_dirs}")
  endif()
  set(out "${PCH_DIR}/${header}.gch")
  get_filename_component(out_dir "${out}" DIRECTORY)
  file(MAKE_DIRECTORY "${out_dir}")
  execute_process(
    COMMAND "${CXX}" -std=c++20 ${flags} ${include_flags} -x c++-header "${found}" -o "${out}.tmp"
    RESULT_VARIABLE rc
    OUTPUT_VARIABLE log
    ERROR_VARIABLE log)
  if(NOT rc EQUAL 0)
    file(REMOVE "${out}.tmp")
    message(FATAL_ERROR "pch.cmake: ${header} does not compile as a header on its own:\n${log}")
  endif()
  file(RENAME "${out}.tmp" "${out}")
  message(STATUS "precompiled ${header}")
endforeach()
