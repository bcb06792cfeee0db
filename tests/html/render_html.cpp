// Writes the HTML report of the flagship estimate to the file named by argv[1], for the headless
// Chromium test (tests/html/check_html.sh); with a second file name, also the small estimate's
// report with every analysis extra (tornado, comparison, credit burn-down, decision) drawn.
#include <fstream>
#include <iostream>
#include <trncost/report/html_extras.hpp>

#include "../../examples/flagship_model.hpp"
#include "../reports/extras_fixtures.hpp"

namespace {

bool write(const char* path, const std::string& html) {
  std::ofstream out(path, std::ios::binary);
  out << html;
  return out.good();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::cerr << "usage: trncost_html_render OUTPUT.html [WITH_EXTRAS.html]\n";
    return 2;
  }
  try {
    const auto est = flagship::build().evaluate(flagship::as_of);
    if (!write(argv[1], trncost::report::render_html(est, "Fine-tune on 2 x trn1.32xlarge")))
      return 1;
    if (argc == 3) {
      const extras_test::bundle b;
      if (!write(argv[2],
                 trncost::report::render_html(b.est, b.x, "Small model with its analysis"))) {
        return 1;
      }
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
}
