// trncost/io/vllm_bench.hpp moved to trncost/readers/vllm_bench.hpp in 0.1 (the readers and the
// scenario files have a folder each, docs/architecture.md, "Layers"); this header forwards to it
// until 0.2. Include the new path.
#ifndef TRNCOST_IO_VLLM_BENCH_HPP
#define TRNCOST_IO_VLLM_BENCH_HPP

#include "../readers/vllm_bench.hpp"

#endif  // TRNCOST_IO_VLLM_BENCH_HPP
