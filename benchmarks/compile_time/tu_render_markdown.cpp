// Compile-time probe: a unit that renders an estimate it is given, including one writer header
// (report/markdown.hpp) and nothing else: the "render_markdown(est)" unit, whose
// writers once pulled in every analysis header. tu_markdown.cpp also builds and evaluates a model
// in the same unit. Compared with tu_anchor.cpp by measure.sh.
#include <string>
#include <trncost/report/markdown.hpp>

namespace tc = trncost;

std::string estimate_report(const tc::estimate& est) { return tc::report::render_markdown(est); }
