// bench_instructions: runs one kernel of kernels.hpp a fixed number of times, for instruction
// counts that a shared, noisy machine cannot disturb. instructions.sh runs it under valgrind twice
// (0 and N runs) and divides the difference by the number of operations.
//
//   bench_instructions --list            one line per kernel: name, operations per run, anchors
//   bench_instructions <kernel> <runs>   prepares the kernel's inputs, runs it once to warm up
//                                        (first-call allocations), then <runs> more times
//   bench_instructions --compiler        the compiler that built it (instruction counts are
//                                        compared only between builds of the same compiler)
// TRNCOST_DELIBERATE_SLOWDOWN=<kernel> makes that kernel do its work twice per run: the test of
// check_instructions uses it to show that the guard fails on a slowdown.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string_view>

#include "guard_kernels.hpp"

int main(int argc, char** argv) {
  const auto& all = trncost_bench::all_kernels();
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const auto& k : all) std::cout << k.name << ' ' << k.ops << ' ' << k.compare << '\n';
    return 0;
  }
  if (argc == 2 && std::strcmp(argv[1], "--compiler") == 0) {
#if defined(__clang__)
    std::cout << "clang++ " << __clang_major__ << '.' << __clang_minor__ << '\n';
#elif defined(__GNUC__)
    std::cout << "g++ " << __GNUC__ << '.' << __GNUC_MINOR__ << '\n';
#else
    std::cout << "unknown\n";
#endif
    return 0;
  }
  if (argc != 3) {
    std::cerr << "usage: " << argv[0] << " --list | <kernel> <runs>\n";
    return 2;
  }
  const std::string_view name = argv[1];
  char* end = nullptr;
  const unsigned long runs = std::strtoul(argv[2], &end, 10);
  if (end == argv[2] || *end != '\0') {
    std::cerr << "runs must be a whole number: " << argv[2] << '\n';
    return 2;
  }
  for (const auto& k : all) {
    if (name != k.name) continue;
    const char* slow = std::getenv("TRNCOST_DELIBERATE_SLOWDOWN");
    const bool twice = slow != nullptr && name == slow;
    k.prepare();
    k.run();
    for (unsigned long i = 0; i < runs; ++i) {
      k.run();
      if (twice) k.run();
    }
    return 0;
  }
  std::cerr << "no kernel named " << name << " (see --list)\n";
  return 2;
}
