// A software stack as the TorchNeuron model-support dataset records it (compiler, torch-neuronx,
// torch, the model library, NKI, Python, driver), and a comparison that names every difference.
#ifndef TRNCOST_COMPAT_STACK_HPP
#define TRNCOST_COMPAT_STACK_HPP

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "../config.hpp"

namespace trncost::compat {

/// The versions a test ran with, as the dataset's columns give them (text, compared verbatim:
/// "2.21.33363.0" and "2.21" are different versions). An empty field is "not given".
struct software_stack {
  std::string neuronx_cc{};       ///< the Neuron compiler, e.g. "2.21.33363.0"
  std::string torch_neuronx{};    ///< e.g. "2.8.0.2.10.13553"
  std::string torch{};            ///< e.g. "2.8.0"
  std::string library{};          ///< the model library, e.g. "transformers"
  std::string library_version{};  ///< its version, e.g. "4.57.1"
  std::string transformers{};     ///< transformers, also when `library` is another one
  std::string accelerate{};
  std::string nki{};
  std::string python{};
  std::string neuron_driver{};

  friend bool operator==(const software_stack&, const software_stack&) = default;
};

/// The fields of a stack with the dataset's column names, in the order differences are listed.
inline constexpr std::array<std::string_view, 10> stack_fields{
    "neuronx_cc",   "torch_neuronx", "torch", "library", "library_version",
    "transformers", "accelerate",    "nki",   "python",  "neuron_driver"};

/// The field of `s` named by stack_fields[i].
[[nodiscard]] TRNCOST_DECL const std::string& stack_field(const software_stack& s, std::size_t i);

/// One field on which two stacks differ.
struct stack_difference {
  std::string field{};   ///< the dataset's column name: "neuronx_cc"
  std::string target{};  ///< the version wanted (never empty: empty target fields are not compared)
  std::string tested{};  ///< the version the evidence ran with; empty when the row does not say

  friend bool operator==(const stack_difference&, const stack_difference&) = default;
};

/// "neuronx_cc: 2.21.33363.0 wanted, tested with 2.20.16736.0" (or "..., not given by the row").
[[nodiscard]] TRNCOST_DECL std::string describe(const stack_difference& d);

/// Every field the target gives whose tested value differs, in stack_fields order. A field the
/// target leaves empty accepts any version and is not compared; a field the target gives but the
/// tested stack does not is a difference (nothing says the test ran with that version).
[[nodiscard]] TRNCOST_DECL std::vector<stack_difference> compare(const software_stack& target,
                                                                 const software_stack& tested);

/// True when the tested stack matches every field the target gives.
[[nodiscard]] TRNCOST_DECL bool same_stack(const software_stack& target,
                                           const software_stack& tested);

/// "neuronx_cc 2.21.33363.0, torch_neuronx 2.8.0.2.10.13553, ..." (fields given only).
[[nodiscard]] TRNCOST_DECL std::string describe(const software_stack& s);

}  // namespace trncost::compat

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/stack.ipp"
#endif

#endif  // TRNCOST_COMPAT_STACK_HPP
