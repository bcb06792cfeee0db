// The `compilation` component of a scenario file (docs/scenario.md, "Compilation and the graph
// cache"): a one-off compilation billed on its instances, and a compiled-graph cache reused only
// when the compiler version that built it is the compilation's.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_compilation_test {

using namespace trncost;

namespace {

const std::string shipped = trncost_support::example_scenarios + "compile-8b-trn1.toml";

/// A compilation of one model on 1 x trn1.32xlarge for 1,800 s at a quoted 21.50 USD/instance-h,
/// with `extra` lines added to the component (a cache, another version...).
std::string one_compile(const std::string& extra,
                        const std::string& time =
                            "compile_seconds = { value = \"1800\", measured "
                            "= { run = \"c1\", method = \"wall clock\", on "
                            "= 2026-11-20 } }\n") {
  return trncost_support::scenario_head + trncost_support::component_head("compilation", "c") +
         "model = \"Qwen/Qwen3-0.6B\"\ncompiler_version = \"2.21.33363.0\"\n"
         "instance_type = \"trn1.32xlarge\"\n"
         "instances = { value = \"1\", choice = { why = \"one compiles\", by = \"us\" } }\n"
         "price = { value = \"21.5\", quoted = { source = \"the EC2 pricing page\", region = "
         "\"us-east-1\", consulted = 2026-11-29 } }\n" +
         time + extra + trncost_support::declare_none_but({"compute"});
}

estimate run(const std::string& text) {
  return scenario::evaluate_scenario(
      scenario::parse_scenario(text, trncost_support::example_scenarios + "compile.toml"));
}

const line_item& line_starting(const estimate& e, std::string_view starts) {
  const auto it = std::find_if(e.lines.begin(), e.lines.end(), [&](const line_item& l) {
    return l.description.rfind(starts, 0) == 0;
  });
  REQUIRE(it != e.lines.end());
  return *it;
}

}  // namespace

TEST_CASE("the shipped compilation: a cache of an older compiler is billed, its own is not") {
  const estimate e = scenario::evaluate_scenario(scenario::read_scenario(shipped));
  // compile-base: 1 instance x 2,700 s x 21.50 USD/instance-h = 2,700 / 3,600 x 21.50 = 16.125.
  // compile-instruct: its cache was built by 2.21.33363.0, the compilation's version: 0 s, 0 USD.
  CHECK(e.total == decimal::parse("16.125"));
  CHECK(e.status == estimate_status::verified);
  REQUIRE(e.lines.size() == 2);
  const auto& base = line_starting(e, "compilation of meta-llama/Llama-3.1-8B with neuronx-cc");
  CHECK(base.amount == decimal::parse("16.125"));
  CHECK(base.description.find("was built by neuronx-cc 2.19.8089.0+8ab9f450; this compilation "
                              "uses neuronx-cc 2.21.33363.0") != std::string::npos);
  CHECK(base.description.find("not reused") != std::string::npos);
  const auto& instruct = line_starting(
      e, "compilation of meta-llama/Llama-3.1-8B-Instruct with neuronx-cc 2.21.33363.0");
  CHECK(instruct.amount == decimal{});
  CHECK(instruct.description.find(": skipped, cache s3://ml-platform-neff-cache/") !=
        std::string::npos);
  CHECK(instruct.ph == phase::compilation);
  CHECK(instruct.cat == category::compute);
}

TEST_CASE("a cache's provenance is the skipped line's: an assumed cache keeps it provisional") {
  // 1 x 1,800 s x 21.50 = 10.75 USD without the cache.
  CHECK(run(one_compile("")).total == decimal::parse("10.75"));
  const estimate assumed = run(one_compile(
      "cache = { location = \"/mnt/neff/neuronxcc-2.21.33363.0\", assumption = \"the team "
      "says it compiled there\" }\n"));
  CHECK(assumed.total == decimal{});
  CHECK(assumed.status == estimate_status::provisional);
  // A declared version with a location that names none: usable, as declared.
  const estimate declared = run(
      one_compile("cache = { location = \"/mnt/neff\", compiler_version = \"2.21.33363.0\", "
                  "documented = { source = \"the cache's README\", consulted = 2026-11-29 } }\n"));
  CHECK(declared.total == decimal{});
  CHECK(declared.status == estimate_status::verified);
  // The compile time in hours: 0.5 h x 21.50 = 10.75.
  CHECK(run(one_compile("",
                        "compile_hours = { value = \"0.5\", measured = { run = \"c1\", method "
                        "= \"wall clock\", on = 2026-11-20 } }\n"))
            .total == decimal::parse("10.75"));
  // An unknown compile time: the line is unpriced, never 0; a usable cache still skips it.
  const estimate unknown =
      run(one_compile("", "compile_seconds = { unknown = \"not compiled yet\" }\n"));
  CHECK(unknown.status == estimate_status::unpriced);
  CHECK(unknown.total == decimal{});
  REQUIRE(unknown.lines.size() == 1);
  CHECK_FALSE(unknown.lines[0].amount.has_value());
}

TEST_CASE("a compilation is refused at its line when a key is missing, doubled or malformed") {
  using trncost_support::parse_error_of;
  CHECK(parse_error_of(one_compile("", ""))
            .find("component[0].compile_seconds: is missing: write exactly one of "
                  "compile_seconds, compile_hours (the compile time without a cache)") !=
        std::string::npos);
  CHECK(parse_error_of(one_compile("compile_hours = { value = \"1\", assumption = \"x\" }\n"))
            .find("compile_hours: is given with compile_seconds") != std::string::npos);
  CHECK(parse_error_of(
            trncost_support::with_changes(one_compile(""), {{"\"2.21.33363.0\"", "\"latest\""}}))
            .find("compiler_version: \"latest\" is not a neuronx-cc version") != std::string::npos);
  CHECK(
      parse_error_of(one_compile("cache = \"/mnt/neff\"\n")).find("cache: must be { location = ") !=
      std::string::npos);
  CHECK(parse_error_of(one_compile("cache = { location = \"/mnt/neff/neuronxcc-2.21.33363.0\" }\n"))
            .find("cache: has no provenance") != std::string::npos);
  CHECK(parse_error_of(one_compile("cache = { location = \"/mnt/neff\", assumption = \"a\", "
                                   "choice = { why = \"b\", by = \"c\" } }\n"))
            .find("a cache has exactly one provenance") != std::string::npos);
  CHECK(parse_error_of(one_compile("cache = { locaton = \"/mnt/neff\", assumption = \"a\" }\n"))
            .find("cache.locaton: unknown") != std::string::npos);
  CHECK(parse_error_of(one_compile("cache = { location = \"/mnt/neff\", compiler_version = "
                                   "\"v2\", assumption = \"a\" }\n"))
            .find("cache.compiler_version: \"v2\" is not a neuronx-cc version") !=
        std::string::npos);
}

}  // namespace trncost_tests::cli_scenario_compilation_test
