// Tests for compilation as a one-off line and the compiled-graph cache rule. Price: trn1.32xlarge
// on-demand 21.50 USD/h in us-east-1 (docs/domain.md#us-east-1-prices).
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <trncost/compat/compile_cost.hpp>
#include <trncost/compat/evidence.hpp>
#include <trncost/model.hpp>
#include <utility>

#include "../support/declared_categories.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::compat_compile_cost_test {

using namespace trncost;
using namespace trncost::compat;

namespace {

const date as_of = parse_date("2026-11-30");

sourced<quantity<units::usd_per_instance_hour_t>> trn1_price() {
  return sourced("trn1_price", make(units::usd_per_instance_hour, "21.50"),
                 quoted{.source = "https://aws.amazon.com/ec2/pricing/on-demand/",
                        .region = "us-east-1",
                        .consulted = as_of});
}
measured replay() {
  return measured{"replay-qwen-1", "neuronx-cc log timestamps of the first run",
                  parse_timestamp("2026-11-25T09:00:00Z"), parse_timestamp("2026-11-25T09:30:00Z")};
}
sourced<quantity<units::second_t>> compile_time() {
  return sourced("qwen_compile_time", make(units::second, 1800), replay());
}
sourced<quantity<units::instance_t>> one() {
  return sourced("instances", make(units::instance, 1), replay());
}
/// Qwen3-0.6B compiled by neuronx-cc `compiler` on one trn1.32xlarge in 1800 s at 21.50
/// USD/instance-h, offered `cache` if one is given.
compile_cost qwen_compile(const char* compiler = "2.21.33363.0",
                          std::optional<neff_cache> cache = std::nullopt) {
  return compile_cost("Qwen/Qwen3-0.6B", compiler, "trn1.32xlarge", one(), trn1_price(),
                      compile_time(), std::move(cache));
}

neff_cache public_cache(const char* version) {
  return neff_cache{
      std::string("hf://buckets/aws-neuron/torch-neuronx-neff-cache/neuronxcc-") + version, "",
      documented{"model-support tool: hf buckets sync of the public NEFF cache", as_of}};
}

estimate evaluate_alone(const compile_cost& c) {
  model m;
  m.add(c);
  trncost_support::declare_none_but(m, category::compute);
  return m.evaluate(as_of);
}

}  // namespace

TEST_CASE("a cache location names the compiler version that built it") {
  CHECK(cache_compiler_version(
            "hf://buckets/aws-neuron/torch-neuronx-neff-cache/neuronxcc-2.21.33363.0") ==
        "2.21.33363.0");
  CHECK(cache_compiler_version("/tmp/neff_cache/neuronxcc-2.20.16736.0/MODULE_123") ==
        "2.20.16736.0");
  CHECK(cache_compiler_version("/tmp/neff_cache").empty());
}

TEST_CASE("a cache is usable only for the compiler version that built it") {
  const auto same = check_cache(public_cache("2.21.33363.0"), "2.21.33363.0");
  CHECK(same.usable);
  CHECK(same.reason ==
        "cache hf://buckets/aws-neuron/torch-neuronx-neff-cache/neuronxcc-2.21.33363.0 "
        "was built by neuronx-cc 2.21.33363.0, the version this compilation uses");
  const auto other = check_cache(public_cache("2.20.16736.0"), "2.21.33363.0");
  CHECK_FALSE(other.usable);
  CHECK(other.reason ==
        "cache hf://buckets/aws-neuron/torch-neuronx-neff-cache/neuronxcc-2.20.16736.0 "
        "was built by neuronx-cc 2.20.16736.0; this compilation uses neuronx-cc "
        "2.21.33363.0, and compiled graphs are reusable only with the compiler that "
        "built them");
  // A shorter version string is another version: no prefix matching.
  CHECK_FALSE(check_cache(public_cache("2.21"), "2.21.33363.0").usable);
  auto unnamed = public_cache("x");
  unnamed.location = "/tmp/neff_cache";
  CHECK_FALSE(check_cache(unnamed, "2.21.33363.0").usable);
  CHECK(check_cache(unnamed, "2.21.33363.0").reason ==
        "cache /tmp/neff_cache does not say which neuronx-cc version built it (no "
        "neuronxcc-<version>)");
  unnamed.compiler_version = "2.21.33363.0";
  CHECK(check_cache(unnamed, "2.21.33363.0").usable);
  auto disagreeing = public_cache("2.20.16736.0");
  disagreeing.compiler_version = "2.21.33363.0";
  CHECK_FALSE(check_cache(disagreeing, "2.21.33363.0").usable);
  CHECK(check_cache(disagreeing, "2.21.33363.0")
            .reason.find("but its location says neuronxcc-2.20.16736.0") != std::string::npos);
}

TEST_CASE("a version with its build's commit and the bare release name the same build") {
  // `neuronx-cc --version` prints "2.19.8089.0+8ab9f450"; a user or a folder may write the release.
  CHECK(same_compiler_build("2.19.8089.0+8ab9f450", "2.19.8089.0"));
  CHECK(same_compiler_build("2.19.8089.0", "2.19.8089.0+8ab9f450"));
  CHECK(same_compiler_build("2.19.8089.0", "2.19.8089.0"));
  CHECK_FALSE(same_compiler_build("2.19.8089.0+8ab9f450", "2.19.8089.0+0acef03a"));
  CHECK_FALSE(same_compiler_build("2.19.8089.0", "2.19.8089.1"));
  CHECK_FALSE(same_compiler_build("2.19", "2.19.8089.0"));
  // A cache folder with the commit is usable for the bare release, and the reason says so.
  const neff_cache with_commit{
      "hf://aws-neuron/optimum-neuron-cache/neuronxcc-2.19.8089.0+8ab9f450", "",
      documented{"the cache repository's folder names", as_of}};
  const auto hit = check_cache(with_commit, "2.19.8089.0");
  CHECK(hit.usable);
  CHECK(hit.reason.find("built by neuronx-cc 2.19.8089.0+8ab9f450, the version") !=
        std::string::npos);
}

TEST_CASE("compilation is one line in the compilation phase, counted as overhead") {
  const compile_cost c = qwen_compile();
  CHECK(c.name() == "compilation of Qwen/Qwen3-0.6B with neuronx-cc 2.21.33363.0");
  CHECK_FALSE(c.cache());
  const auto est = evaluate_alone(c);
  REQUIRE(est.lines.size() == 1);
  // 21.50 USD/instance-h x 1 instance x 1800 s / 3600 = 10.75 USD.
  CHECK(*est.lines[0].amount == decimal("10.75"));
  CHECK(est.lines[0].ph == phase::compilation);
  CHECK(est.lines[0].description ==
        "compilation of Qwen/Qwen3-0.6B with neuronx-cc 2.21.33363.0 on 1 x trn1.32xlarge");
  CHECK(est.overhead == decimal("10.75"));
  CHECK(est.useful == decimal{});
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("one compile line per (model, compiler version): a second one for the pair is refused") {
  model m;
  m.add(qwen_compile());
  CHECK_THROWS_WITH_AS(
      m.add(qwen_compile()),
      "trncost: component 'compilation of Qwen/Qwen3-0.6B with neuronx-cc 2.21.33363.0' is already "
      "in the model (category compute)",
      input_error);
  // Another compiler version is another one-off compilation.
  m.add(qwen_compile("2.20.16736.0"));
  CHECK(m.data().lines.size() == 2);
}

TEST_CASE("a cache hit removes the compilation time, with the cache's provenance on the line") {
  const compile_cost c = qwen_compile("2.21.33363.0", public_cache("2.21.33363.0"));
  REQUIRE(c.cache());
  CHECK(c.cache()->usable);
  const auto est = evaluate_alone(c);
  REQUIRE(est.lines.size() == 1);
  // 21.50 x 1 x 0 s / 3600 = 0.
  CHECK(*est.lines[0].amount == decimal{});
  CHECK(est.total == decimal{});
  CHECK(est.lines[0].description.find(": skipped, cache hf://buckets/") != std::string::npos);
  // The quantity's leaf is the cache's record; the compile time is no longer an input.
  bool cache_record = false;
  for (const auto& in : est.inputs) {
    CHECK(in->name != "qwen_compile_time");
    if (in->name == "Qwen/Qwen3-0.6B.compile_time_with_cache") {
      cache_record = true;
      CHECK(describe(in->origin) ==
            "documented: model-support tool: hf buckets sync of the public NEFF cache, consulted "
            "2026-11-30");
    }
  }
  CHECK(cache_record);
}

TEST_CASE("a cache of another compiler version is rejected with the reason, the line stays") {
  const compile_cost c = qwen_compile("2.21.33363.0", public_cache("2.20.16736.0"));
  REQUIRE(c.cache());
  CHECK_FALSE(c.cache()->usable);
  const auto est = evaluate_alone(c);
  CHECK(*est.lines[0].amount == decimal("10.75"));
  CHECK(est.lines[0].description.find("was built by neuronx-cc 2.20.16736.0") != std::string::npos);
  CHECK(est.lines[0].description.find(": not reused)") != std::string::npos);
}

TEST_CASE("wall_s can be the compile time only as its derived upper bound") {
  evidence_row row;
  row.model_id = "Qwen/Qwen3-0.6B";
  row.line = 2;
  row.wall_s = 412;
  row.tested_at = parse_timestamp("2026-10-02T08:15:00Z");
  const dataset_ref src{.file = "support.csv", .consulted = as_of};
  const wall_time_including_compilation wall(row, src);
  const compile_cost c("Qwen/Qwen3-0.6B", "2.21.33363.0", "trn1.32xlarge", one(), trn1_price(),
                       wall.compile_upper_bound("qwen_compile_upper_bound"));
  const auto est = evaluate_alone(c);
  // 21.50 x 1 x 412 s / 3600 = 8858 / 3600 = 2.460555... -> 2.46 USD at the cent.
  CHECK(est.lines[0].amount->to_fixed(cents) == "2.46");
  // The leaf is the dataset's wall_s, documented.
  bool leaf = false;
  for (const auto& in : est.inputs) leaf = leaf || in->name == "Qwen/Qwen3-0.6B.wall_s";
  CHECK(leaf);
}

TEST_CASE("a compile_cost refuses empty names, a negative time and an unsourced cache") {
  CHECK_THROWS_WITH_AS(
      compile_cost("", "2.21", "trn1.32xlarge", one(), trn1_price(), compile_time()),
      "trncost: a compile_cost needs the model id", input_error);
  CHECK_THROWS_WITH_AS(compile_cost("m", "", "trn1.32xlarge", one(), trn1_price(), compile_time()),
                       "trncost: compile_cost for 'm': the compiler version is empty", input_error);
  CHECK_THROWS_WITH_AS(compile_cost("m", "2.21", "", one(), trn1_price(), compile_time()),
                       "trncost: compile_cost for 'm': the instance type is empty", input_error);
  CHECK_THROWS_AS(compile_cost("m", "2.21", "trn1.32xlarge", one(), trn1_price(),
                               sourced("t", make(units::second, -1), replay())),
                  input_error);
  auto unsourced = public_cache("2.21");
  unsourced.origin = documented{};
  CHECK_THROWS_AS(
      compile_cost("m", "2.21", "trn1.32xlarge", one(), trn1_price(), compile_time(), unsourced),
      input_error);
}

}  // namespace trncost_tests::compat_compile_cost_test
