// Tests for the sizing hint against the built-in catalog. Trainium2 (docs/catalog.md): 8
// NeuronCores and 96 GiB per chip; trn2.3xlarge has 1 chip, trn2.48xlarge and trn2u.48xlarge 16,
// u-trn2x64 64.
#include <doctest/doctest.h>

#include <trncost/compat/sizing.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::compat_sizing_test {

using namespace trncost;
using namespace trncost::compat;

namespace {
documented row_doc() {
  return documented{"aws-neuron/torch-neuronx-model-support (export t.csv), line 4",
                    parse_date("2026-11-30")};
}
sizing_need need(int tp, const char* gb) {
  return sizing_need{sourced("m.tp", make(units::neuron_core, tp), row_doc()),
                     sourced("m.hbm_peak", make(units::gigabyte, gb), row_doc()),
                     trainium2_default_logical_core_size()};
}
}  // namespace

TEST_CASE("a one-core model that fits one chip gets trn2.3xlarge, derived from every figure used") {
  // 1 core x LNC 2 = 2 physical cores <= 8; 3.1 GB = 3.1e9 B <= 96 GiB = 103,079,215,104 B.
  const auto hint = suggest_instance(catalog::builtin(), need(1, "3.1"));
  REQUIRE(hint);
  CHECK(hint->spec->name == "trn2.3xlarge");
  CHECK(hint->instances.value().value() == decimal(1));
  CHECK(hint->rejected.empty());
  const auto* how = std::get_if<derived>(&hint->instances.origin());
  REQUIRE(how != nullptr);
  REQUIRE(how->inputs.size() == 6);
  CHECK(how->inputs[0]->name == "m.tp");
  CHECK(how->inputs[1]->name == "trainium2.logical_core_size");
  CHECK(how->inputs[2]->name == "m.hbm_peak");
  CHECK(how->inputs[3]->name == "trn2.3xlarge.chips");
  CHECK(how->formula.find("chips * cores_per_chip >= m.tp * trainium2.logical_core_size") !=
        std::string::npos);
  CHECK(how->formula.substr(how->formula.size() - 12) == "trn2.3xlarge");
}

TEST_CASE("tp 4 (8 physical cores) still fits one Trainium2 chip, tp 16 needs trn2.48xlarge") {
  CHECK(suggest_instance(catalog::builtin(), need(4, "21.75"))->spec->name == "trn2.3xlarge");
  // 16 x 2 = 32 physical cores > 8 on trn2.3xlarge; trn2.48xlarge has 128 (and comes before
  // trn2u.48xlarge by name at the same 16 chips).
  const auto hint = suggest_instance(catalog::builtin(), need(16, "300"));
  REQUIRE(hint);
  CHECK(hint->spec->name == "trn2.48xlarge");
  REQUIRE(hint->rejected.size() == 1);
  CHECK(hint->rejected[0] == "trn2.3xlarge: 8 NeuronCores < 32 needed; 96 GiB < 300 GB needed");
}

TEST_CASE("memory alone can rule an instance out, compared in bytes (GB vs GiB)") {
  // 96 GiB = 103.079215104 GB: 103 GB fits, 103.1 GB does not.
  CHECK(suggest_instance(catalog::builtin(), need(1, "103"))->spec->name == "trn2.3xlarge");
  const auto hint = suggest_instance(catalog::builtin(), need(1, "103.1"));
  REQUIRE(hint);
  CHECK(hint->spec->name == "trn2.48xlarge");
  CHECK(hint->rejected.at(0) == "trn2.3xlarge: 96 GiB < 103.1 GB needed");
}

TEST_CASE("nothing in the catalog holds it: no hint rather than a guess") {
  // 600 x 2 = 1200 physical cores > 512 on u-trn2x64.
  CHECK_FALSE(suggest_instance(catalog::builtin(), need(600, "10")));
  auto other = need(1, "1");
  other.accelerator = "Trainium9";
  CHECK_FALSE(suggest_instance(catalog::builtin(), other));
}

TEST_CASE("Trainium (trn1) is sized with its own logical core size") {
  auto n = need(2, "20");
  n.accelerator = "Trainium";
  n.cores_per_rank = sourced("trn1.lnc", make(units::dimensionless, 1), row_doc());
  // trn1.2xlarge: 1 chip, 2 cores, 32 GiB: 2 cores >= 2, 34.36 GB >= 20 GB.
  CHECK(suggest_instance(catalog::builtin(), n)->spec->name == "trn1.2xlarge");
}

TEST_CASE("a non-positive tp or logical core size is refused") {
  auto n = need(1, "1");
  n.cores_per_rank = sourced("lnc", make(units::dimensionless, 0), row_doc());
  CHECK_THROWS_WITH_AS((void)suggest_instance(catalog::builtin(), n),
                       "trncost: sizing: 'lnc' must be positive", input_error);
  CHECK_THROWS_WITH_AS((void)suggest_instance(catalog::builtin(), need(0, "1")),
                       "trncost: sizing: 'm.tp' must be positive", input_error);
}

TEST_CASE("the default Trainium2 logical core size is documented") {
  const auto lnc = trainium2_default_logical_core_size();
  CHECK(lnc.value().value() == decimal(2));
  CHECK(kind_name(lnc.origin()) == "documented");
  CHECK(compat::detail::bytes_of_gib(decimal(96)) == decimal("103079215104"));
  CHECK(compat::detail::bytes_of_gb(decimal("3.1")) == decimal("3100000000"));
}

}  // namespace trncost_tests::compat_sizing_test
