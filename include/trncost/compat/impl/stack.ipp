// The definitions of compat/stack.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_COMPAT_IMPL_STACK_IPP
#define TRNCOST_COMPAT_IMPL_STACK_IPP

#include "../stack.hpp"

namespace trncost {

namespace compat {

[[nodiscard]] TRNCOST_DECL const std::string& stack_field(const software_stack& s, std::size_t i) {
  const std::string* fields[] = {&s.neuronx_cc,      &s.torch_neuronx, &s.torch,      &s.library,
                                 &s.library_version, &s.transformers,  &s.accelerate, &s.nki,
                                 &s.python,          &s.neuron_driver};
  return *fields[i];
}

[[nodiscard]] TRNCOST_DECL std::string describe(const stack_difference& d) {
  return d.field + ": " + d.target + " wanted, " +
         (d.tested.empty() ? std::string("not given by the evidence") : "tested with " + d.tested);
}

[[nodiscard]] TRNCOST_DECL std::vector<stack_difference> compare(const software_stack& target,
                                                                 const software_stack& tested) {
  std::vector<stack_difference> out;
  for (std::size_t i = 0; i < stack_fields.size(); ++i) {
    const std::string& want = stack_field(target, i);
    const std::string& got = stack_field(tested, i);
    if (!want.empty() && want != got) out.push_back({std::string(stack_fields[i]), want, got});
  }
  return out;
}

[[nodiscard]] TRNCOST_DECL bool same_stack(const software_stack& target,
                                           const software_stack& tested) {
  for (std::size_t i = 0; i < stack_fields.size(); ++i) {
    const std::string& want = stack_field(target, i);
    if (!want.empty() && want != stack_field(tested, i)) return false;
  }
  return true;
}

[[nodiscard]] TRNCOST_DECL std::string describe(const software_stack& s) {
  std::string out;
  for (std::size_t i = 0; i < stack_fields.size(); ++i) {
    const std::string& v = stack_field(s, i);
    if (v.empty()) continue;
    if (!out.empty()) out += ", ";
    out += std::string(stack_fields[i]) + " " + v;
  }
  return out.empty() ? std::string("(no version given)") : out;
}

}  // namespace compat

}  // namespace trncost

#endif  // TRNCOST_COMPAT_IMPL_STACK_IPP
