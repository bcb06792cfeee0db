// Compile-time probe: the scenario file's header alone (scenario/scenario.hpp, with toml++ and
// every layer a scenario builds a model from), as a host that reads scenarios includes it (target:
// at most 3x tu_anchor.cpp). Compared with tu_anchor.cpp by measure.sh.
#include <trncost/scenario/scenario.hpp>

int main() {}
