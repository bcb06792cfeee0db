// Writes the HTML report of the flagship estimate to the file named by argv[1], for the headless
// Chromium test (tests/html/check_html.sh).
#include <fstream>
#include <iostream>
#include <trncost/io/html.hpp>

#include "../../examples/flagship_model.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: trncost_html_render OUTPUT.html\n";
    return 2;
  }
  try {
    const auto est = flagship::build().evaluate(flagship::as_of);
    const std::string html = trncost::io::render_html(est, "Fine-tune on 2 x trn1.32xlarge");
    std::ofstream out(argv[1], std::ios::binary);
    out << html;
    return out.good() ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
}
