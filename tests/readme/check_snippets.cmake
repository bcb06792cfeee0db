# Checks that every README code block marked `<!-- snippet: examples/FILE.cpp#TAG -->` is, line for
# line, the region of that example between two `// [TAG]` lines (so README code always compiles).
# Usage: cmake -DSOURCE_DIR=<repo> -P check_snippets.cmake
# Written with string(FIND) rather than lists: CMake lists split at ';', which C++ is full of.
cmake_minimum_required(VERSION 3.25)

# Sets OUT to what follows the first NEEDLE in TEXT; stops with ERROR when TEXT holds no NEEDLE.
function(text_after out text needle error)
  string(FIND "${text}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${error}")
  endif()
  string(LENGTH "${needle}" needle_length)
  math(EXPR at "${at} + ${needle_length}")
  string(SUBSTRING "${text}" ${at} -1 after)
  set(${out} "${after}" PARENT_SCOPE)
endfunction()

# Sets OUT to what precedes the first NEEDLE in TEXT; stops with ERROR when TEXT holds no NEEDLE.
function(text_before out text needle error)
  string(FIND "${text}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${error}")
  endif()
  string(SUBSTRING "${text}" 0 ${at} before)
  set(${out} "${before}" PARENT_SCOPE)
endfunction()

file(READ "${SOURCE_DIR}/README.md" readme)
set(marker "<!-- snippet: ")
set(checked 0)
while(TRUE)
  string(FIND "${readme}" "${marker}" at)
  if(at EQUAL -1)
    break()
  endif()
  text_after(readme "${readme}" "${marker}" "")
  text_before(ref "${readme}" " -->" "README.md: a snippet marker is not closed with ' -->'")
  text_before(path "${ref}" "#" "README.md: snippet ${ref} names no #tag")
  text_after(tag "${ref}" "#" "")
  text_after(readme "${readme}" "```cpp\n"
             "README.md: snippet ${ref} is not followed by a ```cpp block")
  text_before(shown "${readme}" "```" "README.md: the ```cpp block of snippet ${ref} is not closed")

  file(READ "${SOURCE_DIR}/${path}" source)
  text_after(rest "${source}" "// [${tag}]\n" "README.md: ${path} has no region marked // [${tag}]")
  text_before(region "${rest}" "// [${tag}]" "README.md: ${path} region // [${tag}] is not closed")
  string(REGEX REPLACE "[ ]+$" "" region "${region}")
  if(NOT "${shown}" STREQUAL "${region}")
    message(FATAL_ERROR "README.md: the snippet ${path}#${tag} differs from the example; copy the "
                        "region between the // [${tag}] markers into README.md.\n"
                        "--- README ---\n${shown}--- ${path} ---\n${region}")
  endif()
  message(STATUS "README snippet ${path}#${tag} matches")
  math(EXPR checked "${checked} + 1")
endwhile()
if(checked EQUAL 0)
  message(FATAL_ERROR "README.md: no snippet blocks found (expected <!-- snippet: examples/X.cpp#tag -->)")
endif()
