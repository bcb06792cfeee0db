// A consumer's reader program (the `readers` component: RapidJSON): a JSON Lines record that is not
// JSON is refused with trncost's error naming the file and the line.
#include <sstream>
#include <string>
#include <trncost/readers/model_support.hpp>

int main() {
  std::istringstream in("{\"model_id\": \n");
  try {
    (void)trncost::readers::read_model_support_jsonl(
        in, {.file = "export.jsonl", .consulted = trncost::parse_date("2026-11-30")});
  } catch (const trncost::error& e) {
    return std::string(e.what()).starts_with("trncost: export.jsonl:1") ? 0 : 1;
  }
  return 1;
}
