// A consumer's scenario program (the `scenario` component: toml++ and the readers): the smallest
// scenario is read back with its title and its one component.
#include <trncost/scenario/scenario.hpp>

int main() {
  const auto spec = trncost::scenario::parse_scenario(
      "format = 1\n[estimate]\ntitle = \"Tokenize only\"\nas_of = 2026-11-30\n"
      "region = \"us-east-1\"\n[prices]\nfiles = []\n[[component]]\nkind = \"data_preparation\"\n"
      "name = \"tokenize\"\ncost = { value = \"38.40\", assumption = \"last month's bill\" }\n",
      "s.toml");
  return spec.title == "Tokenize only" && spec.components.size() == 1 ? 0 : 1;
}
