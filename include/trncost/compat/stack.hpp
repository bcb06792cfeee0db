// A software stack as the TorchNeuron model-support dataset records it (compiler, torch-neuronx,
// torch, the model library, NKI, Python, driver), and a comparison that names every difference.
#ifndef TRNCOST_COMPAT_STACK_HPP
#define TRNCOST_COMPAT_STACK_HPP

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

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
    "neuronx_cc",  "torch_neuronx", "torch", "library", "library_version",
    "transformers", "accelerate",   "nki",   "python",  "neuron_driver"};

/// The field of `s` named by stack_fields[i].
[[nodiscard]] inline const std::string& stack_field(const software_stack& s, std::size_t i) {
  const std::string* fields[] = {&s.neuronx_cc,   &s.torch_neuronx,   &s.torch,
                                 &s.library,      &s.library_version, &s.transformers,
                                 &s.accelerate,   &s.nki,             &s.python,
                                 &s.neuron_driver};
  return *fields[i];
}

/// One field on which two stacks differ.
struct stack_difference {
  std::string field{};   ///< the dataset's column name: "neuronx_cc"
  std::string target{};  ///< the version wanted (never empty: empty target fields are not compared)
  std::string tested{};  ///< the version the evidence ran with; empty when the row does not say

  friend bool operator==(const stack_difference&, const stack_difference&) = default;
};

/// "neuronx_cc: 2.21.33363.0 wanted, tested with 2.20.16736.0" (or "..., not given by the row").
[[nodiscard]] inline std::string describe(const stack_difference& d) {
  return d.field + ": " + d.target + " wanted, " +
         (d.tested.empty() ? std::string("not given by the evidence")
                           : "tested with " + d.tested);
}

/// Every field the target gives whose tested value differs, in stack_fields order. A field the target
/// leaves empty accepts any version and is not compared; a field the target gives but the tested
/// stack does not is a difference (nothing says the test ran with that version).
[[nodiscard]] inline std::vector<stack_difference> compare(const software_stack& target,
                                                           const software_stack& tested) {
  std::vector<stack_difference> out;
  for (std::size_t i = 0; i < stack_fields.size(); ++i) {
    const std::string& want = stack_field(target, i);
    const std::string& got = stack_field(tested, i);
    if (!want.empty() && want != got) out.push_back({std::string(stack_fields[i]), want, got});
  }
  return out;
}

/// True when the tested stack matches every field the target gives.
[[nodiscard]] inline bool same_stack(const software_stack& target, const software_stack& tested) {
  for (std::size_t i = 0; i < stack_fields.size(); ++i) {
    const std::string& want = stack_field(target, i);
    if (!want.empty() && want != stack_field(tested, i)) return false;
  }
  return true;
}

/// "neuronx_cc 2.21.33363.0, torch_neuronx 2.8.0.2.10.13553, ..." (fields given only).
[[nodiscard]] inline std::string describe(const software_stack& s) {
  std::string out;
  for (std::size_t i = 0; i < stack_fields.size(); ++i) {
    const std::string& v = stack_field(s, i);
    if (v.empty()) continue;
    if (!out.empty()) out += ", ";
    out += std::string(stack_fields[i]) + " " + v;
  }
  return out.empty() ? std::string("(no version given)") : out;
}

}  // namespace trncost::compat

#endif  // TRNCOST_COMPAT_STACK_HPP
