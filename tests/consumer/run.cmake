# Driver for the consumer tests, run by ctest as `cmake -D MODE=... -P run.cmake`:
#   MODE=find_package      installs the configured trncost build tree into WORK_DIR/prefix, then builds
#                          and runs find_package/ against it with CMAKE_PREFIX_PATH (the core, a reader
#                          and a scenario program), and builds the same programs with the flags from
#                          the installed trncost.pc, trncost-readers.pc and trncost-scenario.pc;
#   MODE=add_subdirectory  builds and runs add_subdirectory/, which add_subdirectory()s the source tree.
# Each run starts from an empty WORK_DIR so no cache from an earlier run can hide a problem.
cmake_minimum_required(VERSION 3.25)

foreach(var IN ITEMS MODE TRNCOST_SOURCE_DIR TRNCOST_BINARY_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "consumer: run.cmake needs -D ${var}=...")
  endif()
endforeach()

# Runs one step, streaming its output to ctest; stops with the step's name if it fails.
function(step what)
  message(STATUS "consumer_${MODE}: ${what}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "consumer_${MODE}: failed to ${what} (exit ${result}):\n  ${ARGN}")
  endif()
endfunction()

set(project_dir "${CMAKE_CURRENT_LIST_DIR}/${MODE}")
set(build_dir "${WORK_DIR}/build")
set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

set(config_args "")
if(NOT "${CONFIG}" STREQUAL "")
  set(config_args --config "${CONFIG}")
endif()
# The consumer is built with the same generator and compiler as trncost, no build type (fastest), and
# CMake's default language mode (-std=gnu++20 from trncost's cxx_std_20 requirement).
set(configure_args -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
                   -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON)

if(MODE STREQUAL "find_package")
  step("install trncost into ${prefix}" "${CMAKE_COMMAND}" --install "${TRNCOST_BINARY_DIR}" --prefix
       "${prefix}" ${config_args})
  step("configure the consumer with CMAKE_PREFIX_PATH=${prefix}" "${CMAKE_COMMAND}" -S
       "${project_dir}" -B "${build_dir}" ${configure_args} "-DCMAKE_PREFIX_PATH=${prefix}")
elseif(MODE STREQUAL "add_subdirectory")
  step("configure the consumer with add_subdirectory(${TRNCOST_SOURCE_DIR})" "${CMAKE_COMMAND}" -S
       "${project_dir}" -B "${build_dir}" ${configure_args} "-DTRNCOST_SOURCE_DIR=${TRNCOST_SOURCE_DIR}")
else()
  message(FATAL_ERROR "consumer: unknown MODE '${MODE}' (find_package or add_subdirectory)")
endif()
step("build the consumer" "${CMAKE_COMMAND}" --build "${build_dir}" --parallel 2 ${config_args})
# app: the core alone; app_reader: a JSON reader (component readers); app_scenario: a scenario file
# (component scenario; with find_package, built with TRNCOST_SEPARATE_COMPILATION).
foreach(program IN ITEMS app app_reader app_scenario)
  if(NOT "${CONFIG}" STREQUAL ""
     AND EXISTS "${build_dir}/${CONFIG}/${program}${CMAKE_EXECUTABLE_SUFFIX}")
    set(app "${build_dir}/${CONFIG}/${program}")
  else()
    set(app "${build_dir}/${program}")
  endif()
  step("run the consumer's ${program}" "${app}")
endforeach()

if(MODE STREQUAL "find_package")
  if(NOT PKG_CONFIG)
    message(WARNING "consumer_find_package: pkg-config not found; trncost.pc not checked")
    return()
  endif()
  # trncost.pc must be found in the prefix, point at the installed headers and bring in fmt.
  set(ENV{PKG_CONFIG_PATH} "${prefix}/share/pkgconfig")
  execute_process(
    COMMAND "${PKG_CONFIG}" --cflags --libs trncost
    RESULT_VARIABLE result
    OUTPUT_VARIABLE flags
    ERROR_VARIABLE error
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  message(STATUS "consumer_find_package: pkg-config --cflags --libs trncost: ${flags}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "consumer_find_package: pkg-config does not find trncost in "
                        "${prefix}/share/pkgconfig:\n${error}")
  endif()
  file(REAL_PATH "${prefix}/include" include_dir)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(found_include FALSE)
  foreach(flag IN LISTS flags)
    if(flag MATCHES "^-I(.+)$")
      file(REAL_PATH "${CMAKE_MATCH_1}" dir)
      if(dir STREQUAL include_dir)
        set(found_include TRUE)
      endif()
    endif()
  endforeach()
  if(NOT found_include)
    message(FATAL_ERROR "consumer_find_package: trncost.pc does not give -I${include_dir}")
  endif()
  step("build the consumer with the flags from trncost.pc" "${CXX_COMPILER}" -std=c++20
       "${CMAKE_CURRENT_LIST_DIR}/programs/main.cpp" ${flags} -o "${WORK_DIR}/app_pkg_config")
  step("run the consumer built with pkg-config" "${WORK_DIR}/app_pkg_config")
  # The components' .pc files bring in their parsers (RapidJSON.pc, tomlplusplus.pc) and the core.
  foreach(component IN ITEMS readers scenario)
    execute_process(
      COMMAND "${PKG_CONFIG}" --cflags --libs trncost-${component}
      RESULT_VARIABLE result
      OUTPUT_VARIABLE component_flags
      ERROR_VARIABLE error
      OUTPUT_STRIP_TRAILING_WHITESPACE)
    message(STATUS "consumer_find_package: pkg-config --cflags --libs trncost-${component}: "
                   "${component_flags}")
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "consumer_find_package: pkg-config does not find trncost-${component} "
                          "in ${prefix}/share/pkgconfig:\n${error}")
    endif()
    if(component STREQUAL "readers")
      set(source reader.cpp)
    else()
      set(source scenario.cpp)
    endif()
    separate_arguments(component_flags UNIX_COMMAND "${component_flags}")
    step("build the ${component} program with the flags from trncost-${component}.pc"
         "${CXX_COMPILER}" -std=c++20 "${CMAKE_CURRENT_LIST_DIR}/programs/${source}" ${component_flags} -o
         "${WORK_DIR}/app_${component}_pkg_config")
    step("run the ${component} program built with pkg-config"
         "${WORK_DIR}/app_${component}_pkg_config")
  endforeach()
endif()
