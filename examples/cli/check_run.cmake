# Runs trncost (or trncost-estimate) once and checks what it did (used by examples/cli/CMakeLists.txt):
#   -DPROGRAM=<binary> -DARGS=<arguments separated by |> -DEXPECT_RC=<exit code>
#   [-DEXPECT_STDERR_FILE=<file whose text stderr must equal, after "@SOURCE_DIR@" is replaced>]
#   [-DEXPECT_STDOUT_FILE=<file stdout must equal byte for byte>]
#   [-DEXPECT_STDOUT_REGEX=<regex stdout must match>]
#   [-DEXPECT_STDERR_REGEX=<regex stderr must match>]
#   [-DOUTPUT=<file that must exist afterwards and begin with OUTPUT_PREFIX>] [-DOUTPUT_PREFIX=...]
#   [-DABSENT=<file removed first, that must still not exist afterwards, nor a temporary file for it
#   (.NAME.trncost-XXXXXX in its folder, output.cpp)>]
#   [-DTAMPER_FROM=<file> -DTAMPER_TO=<file> -DTAMPER_OLD=<text> -DTAMPER_NEW=<text>]: first writes
#   TAMPER_TO, a copy of TAMPER_FROM with TAMPER_OLD (which must occur) replaced by TAMPER_NEW
cmake_minimum_required(VERSION 3.25)
if(DEFINED TAMPER_FROM)
  file(READ "${TAMPER_FROM}" text)
  string(FIND "${text}" "${TAMPER_OLD}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${TAMPER_FROM} does not contain ${TAMPER_OLD}")
  endif()
  string(REPLACE "${TAMPER_OLD}" "${TAMPER_NEW}" text "${text}")
  file(WRITE "${TAMPER_TO}" "${text}")
endif()
string(REPLACE "|" ";" args "${ARGS}")
if(DEFINED ABSENT)
  get_filename_component(absent_dir "${ABSENT}" DIRECTORY)
  get_filename_component(absent_name "${ABSENT}" NAME)
  file(GLOB absent_temporaries "${absent_dir}/.${absent_name}.trncost-*")
  file(REMOVE "${ABSENT}" ${absent_temporaries})
endif()
if(DEFINED OUTPUT)
  file(REMOVE "${OUTPUT}")
endif()
execute_process(
  COMMAND "${PROGRAM}" ${args}
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
set(failed "")
if(NOT rc STREQUAL EXPECT_RC)
  string(APPEND failed "exit code ${rc}, expected ${EXPECT_RC}\n")
endif()
if(DEFINED EXPECT_STDERR_FILE)
  file(READ "${EXPECT_STDERR_FILE}" want)
  if(NOT err STREQUAL want)
    string(APPEND failed "stderr is:\n${err}expected:\n${want}")
  endif()
endif()
if(DEFINED EXPECT_STDOUT_FILE)
  file(READ "${EXPECT_STDOUT_FILE}" want)
  if(NOT out STREQUAL want)
    string(APPEND failed "stdout differs from ${EXPECT_STDOUT_FILE}\n")
  endif()
endif()
if(DEFINED EXPECT_STDERR_REGEX AND NOT err MATCHES "${EXPECT_STDERR_REGEX}")
  string(APPEND failed "stderr does not match ${EXPECT_STDERR_REGEX}:\n${err}")
endif()
if(DEFINED EXPECT_STDOUT_REGEX AND NOT out MATCHES "${EXPECT_STDOUT_REGEX}")
  string(APPEND failed "stdout does not match ${EXPECT_STDOUT_REGEX}:\n${out}")
endif()
if(DEFINED OUTPUT)
  if(NOT EXISTS "${OUTPUT}")
    string(APPEND failed "${OUTPUT} was not written\n")
  else()
    string(LENGTH "${OUTPUT_PREFIX}" n)
    file(READ "${OUTPUT}" written)
    string(SUBSTRING "${written}" 0 ${n} head)
    if(NOT head STREQUAL OUTPUT_PREFIX)
      string(APPEND failed "${OUTPUT} begins with \"${head}\", expected \"${OUTPUT_PREFIX}\"\n")
    endif()
  endif()
endif()
if(DEFINED ABSENT)
  file(GLOB absent_temporaries "${absent_dir}/.${absent_name}.trncost-*")
  if(EXISTS "${ABSENT}" OR absent_temporaries)
    string(APPEND failed "${ABSENT} (or a temporary file for it) was written although the command failed\n")
  endif()
endif()
if(failed)
  message(FATAL_ERROR "${PROGRAM} ${args}:\n${failed}")
endif()
