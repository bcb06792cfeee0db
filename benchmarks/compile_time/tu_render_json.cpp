// Compile-time probe: a unit that renders an estimate it is given, including one writer header
// (report/json.hpp) and nothing else: the "render_json(est)" unit, whose
// writers once pulled in every analysis header. tu_report_json.cpp also builds and evaluates a
// model in the same unit. Compared with tu_anchor.cpp by measure.sh.
#include <string>
#include <trncost/report/json.hpp>

namespace tc = trncost;

std::string estimate_report(const tc::estimate& est) { return tc::report::render_json(est); }
