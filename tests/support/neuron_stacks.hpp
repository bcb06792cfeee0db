// Software stacks the compatibility tests look evidence up with: the neuronx-cc 2.21 and 2.20
// releases with the torch-neuronx, torch and transformers versions they shipped with.
#ifndef TRNCOST_TESTS_SUPPORT_NEURON_STACKS_HPP
#define TRNCOST_TESTS_SUPPORT_NEURON_STACKS_HPP

#include <string>
#include <trncost/compat/stack.hpp>
#include <utility>

namespace trncost_support {

/// A stack running Hugging Face transformers `transformers` (the library and its version) on
/// Python 3.11.13; the fields not named here are left empty.
inline trncost::compat::software_stack transformers_stack(std::string neuronx_cc,
                                                          std::string torch_neuronx,
                                                          std::string torch,
                                                          const std::string& transformers) {
  return trncost::compat::software_stack{.neuronx_cc = std::move(neuronx_cc),
                                         .torch_neuronx = std::move(torch_neuronx),
                                         .torch = std::move(torch),
                                         .library = "transformers",
                                         .library_version = transformers,
                                         .transformers = transformers,
                                         .python = "3.11.13"};
}

inline trncost::compat::software_stack stack_2_21() {
  return transformers_stack("2.21.33363.0", "2.8.0.2.10.13553", "2.8.0", "4.57.1");
}

inline trncost::compat::software_stack stack_2_20() {
  return transformers_stack("2.20.16736.0", "2.7.0.2.9.9357", "2.7.1", "4.55.4");
}

}  // namespace trncost_support

#endif  // TRNCOST_TESTS_SUPPORT_NEURON_STACKS_HPP
