// Tests for the instance catalog: the built-in figures against their sources, the derived totals,
// provenance, user entries, and the errors for duplicate and unknown names.
#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <trncost/catalog.hpp>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::catalog_test {

using namespace trncost;

namespace {

/// `text` TFLOP/s in FLOP/s, exactly.
decimal tera(const char* text) { return decimal(text) * std::int64_t{1'000'000'000'000}; }

const instance_spec& builtin(const char* name) { return catalog::builtin().at(name); }

/// The figures of one entry, as its sources give them (see each use for the source).
struct expected {
  int chips;
  int cores_per_chip;  // 0: none (GPU)
  int memory_gib_per_chip;
  int vcpus;            // 0: not given
  int host_memory_gib;  // 0: not given
  const char* bf16_tflops;
  const char* fp8_tflops;  // nullptr: none
};

/// One figure an entry may lack: absent when `want` is nullopt, else present and equal to it.
template <class Optional>
void check_optional_figure(const char* figure, const Optional& field,
                           const std::optional<decimal>& want) {
  CAPTURE(figure);
  if (!want.has_value()) {
    CHECK_FALSE(field.has_value());
  } else {
    REQUIRE(field.has_value());
    CHECK(field->value().value() == *want);
  }
}

/// `count` as a figure, nullopt for 0 (the `expected` rows' "not given").
std::optional<decimal> given(int count) {
  return count == 0 ? std::nullopt : std::optional<decimal>(decimal(count));
}

void check_entry(const char* name, const char* accelerator, const expected& e) {
  CAPTURE(name);
  const instance_spec& s = builtin(name);
  CHECK(s.name == name);
  CHECK(s.accelerator == accelerator);
  CHECK(s.chips.value().value() == decimal(e.chips));
  check_optional_figure("cores per chip", s.cores_per_chip, given(e.cores_per_chip));
  CHECK(s.accelerator_memory_per_chip.value().value() == decimal(e.memory_gib_per_chip));
  check_optional_figure("vCPUs", s.vcpus, given(e.vcpus));
  check_optional_figure("host memory", s.host_memory, given(e.host_memory_gib));
  CHECK(s.peak_bf16.value().value() == tera(e.bf16_tflops));
  check_optional_figure(
      "peak FP8", s.peak_fp8,
      e.fp8_tflops == nullptr ? std::nullopt : std::optional<decimal>(tera(e.fp8_tflops)));
}

std::string documented_source(const provenance& p) { return std::get<documented>(p).source; }

/// Every leaf record under `p` (inputs of derivations, recursively).
void leaves(const provenance& p, std::vector<const source_record*>& out,
            const source_record* self) {
  if (const auto* d = std::get_if<derived>(&p)) {
    for (const auto& in : d->inputs) leaves(in->origin, out, in.get());
  } else {
    out.push_back(self);
  }
}

/// A user's own machine, as docs/catalog.md and examples/custom_catalog.cpp add one.
instance_spec dgx_h100() {
  const auto quote = documented{"NVIDIA DGX H100 datasheet", parse_date("2026-11-30")};
  const sourced gpus("dgx-h100.chips", make(units::chip, 8), quote);
  const sourced per_gpu("dgx-h100.peak_bf16_per_chip",
                        make<units::flops_per_second_per_chip_t>("989400000000000"),
                        assumption{"dense BF16 of an H100 SXM at its boost clock"});
  return instance_spec{
      .name = "dgx-h100",
      .accelerator = "NVIDIA H100 80GB",
      .chips = gpus,
      .accelerator_memory_per_chip =
          sourced("dgx-h100.memory_per_chip", make<units::gibibytes_per_chip_t>("80"), quote),
      .host_memory = sourced("dgx-h100.host_memory", make(units::gibibyte, 2048), quote),
      .peak_bf16 = product_as<units::flops_per_second_t>("dgx-h100.peak_bf16", gpus, per_gpu)};
}

}  // namespace

TEST_CASE("the built-in catalog holds the Trainium, Inferentia and GPU types, in name order") {
  std::vector<std::string> names;
  for (const auto& spec : catalog::builtin()) names.push_back(spec.name);
  // Byte-wise order: '-' < '.' < digits < letters.
  CHECK(names ==
        std::vector<std::string>{"inf2.24xlarge", "inf2.48xlarge", "inf2.8xlarge", "inf2.xlarge",
                                 "p4d.24xlarge", "p5.48xlarge", "p5e.48xlarge", "p5en.48xlarge",
                                 "trn1.2xlarge", "trn1.32xlarge", "trn1n.32xlarge", "trn2.3xlarge",
                                 "trn2.48xlarge", "trn2u.48xlarge", "trn3-gen1-ultraserver",
                                 "trn3-gen2-ultraserver", "u-trn2x64"});
  CHECK(catalog::builtin().size() == 17);
  CHECK_FALSE(catalog::builtin().empty());
  // Built once: every call returns the same object.
  CHECK(&catalog::builtin() == &catalog::builtin());
}

TEST_CASE("the catalog's Trn1 entries match the Neuron documentation's figures") {
  // docs/domain.md#trainium-instance-catalog: trn1.2xlarge 1 chip (Neuron "Trn1/Trn1n
  // Architecture" page), 2 NeuronCores/chip, 32 GiB HBM/chip, 190 TFLOPS dense BF16 and 190 cFP8
  // per chip (Neuron "Trainium Architecture" page: "190 FP16/BF16/cFP8/TF32 TFLOPS"); 8 vCPU /
  // 32 GiB (EC2 specifications page).
  check_entry("trn1.2xlarge", "Trainium", {1, 2, 32, 8, 32, "190", "190"});
  // trn1.32xlarge and trn1n.32xlarge: 16 chips, 128 vCPU / 512 GiB, 3,040 TFLOPS = 16 x 190.
  check_entry("trn1.32xlarge", "Trainium", {16, 2, 32, 128, 512, "3040", "3040"});
  check_entry("trn1n.32xlarge", "Trainium", {16, 2, 32, 128, 512, "3040", "3040"});
}

TEST_CASE("the catalog's Inf2 entries are the Neuron Inf2 page's table") {
  // The Neuron "Amazon EC2 Inf2 Architecture" page: inf2.xlarge 1 chip, 4 vCPU, 16 GiB;
  // inf2.8xlarge 1, 32, 128; inf2.24xlarge 6, 96, 384; inf2.48xlarge 12, 192, 768;
  // FP8/FP16/BF16/TF32 TFLOPS 190, 190, 1,140, 2,280 (= chips x 190); device memory 32 GiB a chip.
  // The "Inferentia2 Architecture" page: 2 NeuronCore-v2 a chip, "190 FP16/BF16/cFP8/TF32 TFLOPS".
  check_entry("inf2.xlarge", "Inferentia2", {1, 2, 32, 4, 16, "190", "190"});
  check_entry("inf2.8xlarge", "Inferentia2", {1, 2, 32, 32, 128, "190", "190"});
  check_entry("inf2.24xlarge", "Inferentia2", {6, 2, 32, 96, 384, "1140", "1140"});
  check_entry("inf2.48xlarge", "Inferentia2", {12, 2, 32, 192, 768, "2280", "2280"});
  // 12 x 32 = 384 GiB of device memory, the page's "384"; 12 x 2 = 24 NeuronCores.
  CHECK(total_accelerator_memory(builtin("inf2.48xlarge")).value().value() == decimal(384));
  CHECK(total_neuron_cores(builtin("inf2.48xlarge"))->value().value() == decimal(24));
}

TEST_CASE(
    "the catalog's Trn2 entries are 667 TFLOPS per chip times the chips, not rounded PFLOPS") {
  // Neuron "Trainium2 Architecture" page: Trainium2 has 8 NeuronCores, 96 GiB HBM, 667 BF16 /
  // 1,299 FP8 TFLOPS per chip. trn2.3xlarge: 1 chip, 12 vCPU / 128 GiB, 667 TFLOPS
  // (docs/domain.md#trainium-instance-catalog).
  check_entry("trn2.3xlarge", "Trainium2", {1, 8, 96, 12, 128, "667", "1299"});
  // trn2.48xlarge: 16 chips, 192 vCPU / 2,048 GiB. The Neuron Trn2 page prints "10.7 PFLOPS", a
  // rounding of 16 x 667 = 10,672 TFLOPS; FP8 "20.8 PFLOPS" is 16 x 1,299 = 20,784.
  check_entry("trn2.48xlarge", "Trainium2", {16, 8, 96, 192, 2048, "10672", "20784"});
  // trn2u.48xlarge: the Neuron Trn2 page gives it the trn2.48xlarge column, the EC2 specifications
  // page the same 192 vCPU / 2,048 GiB.
  check_entry("trn2u.48xlarge", "Trainium2", {16, 8, 96, 192, 2048, "10672", "20784"});
  // Trn2 UltraServer: 64 chips, 768 vCPU / 8,192 GiB (Neuron Trn2 page: 4 x trn2u).
  // 64 x 667 = 42,688 TFLOPS; the published "42.8 PFLOPS" is 4 x the rounded 10.7, and 42.688
  // rounds to 42.7, not 42.8. FP8: 64 x 1,299 = 83,136 (published "83.2", which is 4 x 20.8).
  check_entry("u-trn2x64", "Trainium2", {64, 8, 96, 768, 8192, "42688", "83136"});

  const auto published = [](const char* pflops) {
    return decimal(pflops) * std::int64_t{1'000'000'000'000'000};
  };
  const decimal trn2 = builtin("trn2.48xlarge").peak_bf16.value().value();
  CHECK(trn2 != published("10.7"));
  CHECK(round(trn2 / std::int64_t{1'000'000'000'000'000}, decimal_places{1}) == decimal("10.7"));
  const decimal ultra = builtin("u-trn2x64").peak_bf16.value().value();
  CHECK(round(ultra / std::int64_t{1'000'000'000'000'000}, decimal_places{1}) == decimal("42.7"));
  CHECK(ultra != published("42.8"));
}

TEST_CASE(
    "the catalog's Trn3 UltraServers are 671 BF16 / 2,517 MXFP8 TFLOPS per chip times the chips") {
  // Neuron "Trainium3 Architecture" page: 8 NeuronCores and 144 GiB per chip, 671 BF16 / 2,517
  // MXFP8 TFLOPS per chip. Neuron "Amazon EC2 Trn3 Architecture" page: the Trn3 UltraServer
  // (gen 2) has up to 144 chips, 2,304 vCPU / 27,648 GiB; 144 x 671 = 96,624 (the page prints
  // 96,624 exactly, quoted elsewhere as "96.6 PFLOPS"); 144 x 2,517 = 362,448.
  check_entry("trn3-gen2-ultraserver", "Trainium3", {144, 8, 144, 2304, 27648, "96624", "362448"});
  // Gen 1 (same page): 64 chips, 768 vCPU / 8,192 GiB; 64 x 671 = 42,944; 64 x 2,517 = 161,088.
  check_entry("trn3-gen1-ultraserver", "Trainium3", {64, 8, 144, 768, 8192, "42944", "161088"});
}

TEST_CASE("the catalog's GPU entries are NVIDIA per-GPU peaks times 8, without NeuronCores") {
  // p4d.24xlarge: 8 A100 40GB, 96 vCPU, 1,152 GiB (EC2 specifications page); 8 x 312 = 2,496 TFLOPS
  // dense BF16 (A100 datasheet); no FP8 on an A100.
  check_entry("p4d.24xlarge", "NVIDIA A100 40GB", {8, 0, 40, 96, 1152, "2496", nullptr});
  // p5.48xlarge: 8 H100 80GB, 192 vCPU, 2,048 GiB. The H100 datasheet prints 1,979 BF16 / 3,958 FP8
  // TFLOPS with sparsity; dense is half: 989.5 and 1,979; x 8 = 7,916 and 15,832.
  check_entry("p5.48xlarge", "NVIDIA H100 80GB", {8, 0, 80, 192, 2048, "7916", "15832"});
  // p5en.48xlarge: 8 H200 141GB (141 GiB each on the EC2 page), same compute as the H100.
  check_entry("p5en.48xlarge", "NVIDIA H200 141GB", {8, 0, 141, 192, 2048, "7916", "15832"});
  // p5e.48xlarge: the same 8 H200 GPUs, 192 vCPU / 2,048 GiB on the EC2 page; its per-GPU
  // records are the p5en's (one H200, one set of facts).
  check_entry("p5e.48xlarge", "NVIDIA H200 141GB", {8, 0, 141, 192, 2048, "7916", "15832"});
  CHECK(builtin("p5e.48xlarge").accelerator_memory_per_chip.record() ==
        builtin("p5en.48xlarge").accelerator_memory_per_chip.record());
}

TEST_CASE(
    "catalog totals of accelerator memory and NeuronCores derive from chips and per-chip figures") {
  const instance_spec& trn1 = builtin("trn1.32xlarge");
  const auto memory = total_accelerator_memory(trn1);
  // 16 chips x 32 GiB = 512 GiB.
  CHECK(memory.value().value() == decimal(512));
  CHECK(memory.name() == "trn1.32xlarge.total_accelerator_memory");
  CHECK(memory.record()->unit == "GiB");
  const auto& how = std::get<derived>(memory.origin());
  CHECK(how.formula == "trn1.32xlarge.chips * trainium.memory_per_chip");
  REQUIRE(how.inputs.size() == 2);
  CHECK(how.inputs[0] == trn1.chips.record());
  CHECK(how.inputs[1] == trn1.accelerator_memory_per_chip.record());
  CHECK(describe(memory.origin()) ==
        "derived: trn1.32xlarge.chips * trainium.memory_per_chip from trn1.32xlarge.chips = 16 "
        "chip, trainium.memory_per_chip = 32 GiB/chip");

  const auto cores = total_neuron_cores(trn1);
  REQUIRE(cores.has_value());
  // 16 chips x 2 NeuronCores = 32 NeuronCores.
  CHECK(cores->value().value() == decimal(32));
  CHECK(cores->record()->unit == "NeuronCore");
  CHECK(std::get<derived>(cores->origin()).formula ==
        "trn1.32xlarge.chips * trainium.cores_per_chip");

  // trn2.48xlarge: 16 x 96 = 1,536 GiB (the Neuron Trn2 page's "Device Memory 1,536"), 16 x 8 = 128
  // NeuronCores; the Trn3 gen 2 UltraServer: 144 x 144 = 20,736 GiB (the Trn3 page's figure).
  CHECK(total_accelerator_memory(builtin("trn2.48xlarge")).value().value() == decimal(1536));
  CHECK(total_neuron_cores(builtin("trn2.48xlarge"))->value().value() == decimal(128));
  CHECK(total_accelerator_memory(builtin("trn3-gen2-ultraserver")).value().value() ==
        decimal(20736));
  // p5en.48xlarge: 8 x 141 = 1,128 GiB; a GPU has no NeuronCores.
  CHECK(total_accelerator_memory(builtin("p5en.48xlarge")).value().value() == decimal(1128));
  CHECK_FALSE(total_neuron_cores(builtin("p5en.48xlarge")).has_value());
}

TEST_CASE("catalog instance peaks are derived from the chips and the documented per-chip peak") {
  const instance_spec& trn2 = builtin("trn2.48xlarge");
  const auto& how = std::get<derived>(trn2.peak_bf16.origin());
  CHECK(trn2.peak_bf16.name() == "trn2.48xlarge.peak_bf16");
  CHECK(trn2.peak_bf16.record()->unit == "FLOP/s");
  CHECK(how.formula == "trn2.48xlarge.chips * trainium2.peak_bf16_per_chip");
  REQUIRE(how.inputs.size() == 2);
  CHECK(how.inputs[0] == trn2.chips.record());
  CHECK(how.inputs[1]->value == "667000000000000");
  CHECK(how.inputs[1]->unit == "FLOP/s/chip");
  CHECK(documented_source(how.inputs[1]->origin) ==
        "AWS Neuron documentation: Trainium2 Architecture, "
        "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
        "neuron-hardware/trainium2.html");
  // Instances on the same chip share its per-chip records.
  const auto& how_u = std::get<derived>(builtin("trn2u.48xlarge").peak_bf16.origin());
  CHECK(how_u.inputs[1] == how.inputs[1]);
  CHECK(builtin("trn2.3xlarge").accelerator_memory_per_chip.record() ==
        trn2.accelerator_memory_per_chip.record());
}

TEST_CASE("built-in catalog figures are documented, with the page they come from") {
  namespace src = catalog_sources;
  const instance_spec& trn1 = builtin("trn1.32xlarge");
  CHECK(kind_name(trn1.chips.origin()) == "documented");
  CHECK(documented_source(trn1.chips.origin()) ==
        "AWS Neuron documentation: Trn1/Trn1n Architecture, "
        "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
        "neuron-hardware/trn1-arch.html");
  CHECK(std::get<documented>(trn1.chips.origin()).consulted == parse_date("2026-11-30"));
  CHECK(documented_source(trn1.cores_per_chip->origin()) == src::trainium_architecture);
  CHECK(documented_source(trn1.accelerator_memory_per_chip.origin()) ==
        "AWS Neuron documentation: Trainium Architecture, "
        "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
        "neuron-hardware/trainium.html");
  CHECK(documented_source(trn1.vcpus->origin()) ==
        "AWS EC2 documentation: Specifications for Amazon EC2 accelerated computing instances, "
        "https://docs.aws.amazon.com/ec2/latest/instancetypes/ac.html");
  CHECK(documented_source(trn1.host_memory->origin()) == src::ec2_accelerated_computing);
  CHECK(kind_name(trn1.peak_bf16.origin()) == "derived");

  CHECK(documented_source(builtin("trn2.3xlarge").chips.origin()) ==
        "AWS Neuron documentation: Amazon EC2 Trn2 Architecture, "
        "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
        "neuron-hardware/trn2-arch.html");
  CHECK(documented_source(builtin("u-trn2x64").vcpus->origin()) == src::trn2_architecture);
  CHECK(documented_source(builtin("trn3-gen2-ultraserver").host_memory->origin()) ==
        "AWS Neuron documentation: Amazon EC2 Trn3 Architecture, "
        "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
        "neuron-hardware/trn3-arch.html");
  CHECK(documented_source(builtin("trn3-gen2-ultraserver").cores_per_chip->origin()) ==
        "AWS Neuron documentation: Trainium3 Architecture, "
        "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
        "neuron-hardware/trainium3.html");
  CHECK(documented_source(builtin("p4d.24xlarge").chips.origin()) ==
        src::ec2_accelerated_computing);
  CHECK(documented_source(builtin("p4d.24xlarge").accelerator_memory_per_chip.origin()) ==
        src::ec2_accelerated_computing);

  // The A100 peak rests on its datasheet alone.
  std::vector<const source_record*> a100;
  leaves(builtin("p4d.24xlarge").peak_bf16.origin(), a100, nullptr);
  REQUIRE(a100.size() == 2);
  CHECK(documented_source(a100[1]->origin) ==
        "NVIDIA A100 Tensor Core GPU datasheet (linked from its product page), "
        "https://www.nvidia.com/en-us/data-center/a100/");
}

TEST_CASE(
    "the catalog's Hopper dense peaks are the datasheet's with-sparsity figures halved, by "
    "assumption") {
  const instance_spec& p5 = builtin("p5.48xlarge");
  std::vector<const source_record*> in;
  leaves(p5.peak_bf16.origin(), in, nullptr);
  // p5.48xlarge.chips * (h100_sxm.peak_bf16_sparse_per_chip / nvidia.sparsity_speedup).
  REQUIRE(in.size() == 3);
  CHECK(in[0]->name == "p5.48xlarge.chips");
  CHECK(in[1]->name == "h100_sxm.peak_bf16_sparse_per_chip");
  CHECK(in[1]->value == "1979000000000000");
  CHECK(documented_source(in[1]->origin) ==
        "NVIDIA H100 Tensor Core GPU datasheet (H100 SXM, with sparsity; linked from its product "
        "page), "
        "https://www.nvidia.com/en-us/data-center/h100/");
  CHECK(in[2]->name == "nvidia.sparsity_speedup");
  CHECK(in[2]->value == "2");
  CHECK(kind_name(in[2]->origin) == "assumption");
  const auto& per_gpu = std::get<derived>(p5.peak_bf16.origin()).inputs[1];
  CHECK(per_gpu->name == "h100_sxm.peak_bf16_per_chip");
  CHECK(per_gpu->value == "989500000000000");  // 1,979 / 2 TFLOPS
  CHECK(std::get<derived>(per_gpu->origin).formula ==
        "h100_sxm.peak_bf16_sparse_per_chip / nvidia.sparsity_speedup");

  std::vector<const source_record*> h200;
  leaves(builtin("p5en.48xlarge").peak_fp8->origin(), h200, nullptr);
  REQUIRE(h200.size() == 3);
  CHECK(h200[1]->value == "3958000000000000");
  CHECK(documented_source(h200[1]->origin) ==
        "NVIDIA H200 Tensor Core GPU datasheet (H200 SXM, with sparsity; linked from its product "
        "page), "
        "https://www.nvidia.com/en-us/data-center/h200/");
}

TEST_CASE(
    "every built-in catalog figure traces back to documentation with its URL or the one named "
    "assumption") {
  std::set<std::string> kinds;
  for (const auto& s : catalog::builtin()) {
    CAPTURE(s.name);
    std::vector<const source_record*> all;
    const auto collect = [&](const auto& v) {
      all.push_back(v.record().get());
      leaves(v.origin(), all, v.record().get());
    };
    collect(s.chips);
    collect(s.accelerator_memory_per_chip);
    collect(s.peak_bf16);
    if (s.cores_per_chip) collect(*s.cores_per_chip);
    if (s.vcpus) collect(*s.vcpus);
    if (s.host_memory) collect(*s.host_memory);
    if (s.peak_fp8) collect(*s.peak_fp8);
    for (const source_record* r : all) {
      CHECK_NOTHROW(validate(r->origin, r->name));
      kinds.insert(std::string(kind_name(r->origin)));
      if (const auto* d = std::get_if<documented>(&r->origin)) {
        CHECK(d->consulted == builtin_catalog_consulted);
        // The page's title, then its URL, which ends the text.
        CAPTURE(d->source);
        const auto url = d->source.find(", https://");
        REQUIRE(url != std::string::npos);
        CHECK(url > 0);
        CHECK(d->source.find(' ', url + 2) == std::string::npos);
      }
      if (std::holds_alternative<assumption>(r->origin))
        CHECK(r->name == "nvidia.sparsity_speedup");
    }
  }
  CHECK(kinds == std::set<std::string>{"documented", "derived", "assumption"});
}

TEST_CASE("a user adds an entry to a copy of the built-in catalog and looks it up") {
  catalog mine = catalog::with_builtin();
  const instance_spec& trn1 = mine.at("trn1.32xlarge");  // stays valid across add()
  mine.add(dgx_h100());
  CHECK(mine.size() == 18);
  CHECK(catalog::builtin().size() == 17);  // the built-in catalog is untouched
  CHECK_FALSE(catalog::builtin().contains("dgx-h100"));
  CHECK(catalog::builtin().find("dgx-h100") == nullptr);
  CHECK(&trn1 == mine.find("trn1.32xlarge"));
  // The copy shares the built-in records rather than copying them.
  CHECK(trn1.chips.record() == catalog::builtin().at("trn1.32xlarge").chips.record());

  const instance_spec& dgx = mine.at("dgx-h100");
  CHECK(dgx.accelerator == "NVIDIA H100 80GB");
  CHECK_FALSE(dgx.vcpus.has_value());
  CHECK_FALSE(dgx.peak_fp8.has_value());
  // 8 x 989.4 = 7,915.2 TFLOPS; 8 x 80 = 640 GiB.
  CHECK(dgx.peak_bf16.value().value() == tera("7915.2"));
  CHECK(total_accelerator_memory(dgx).value().value() == decimal(640));

  // In name order: "dgx-h100" sorts before "inf2.24xlarge", the first built-in entry.
  CHECK(mine.begin()->name == "dgx-h100");
  CHECK((++mine.begin())->name == "inf2.24xlarge");
}

TEST_CASE("an empty catalog holds only the user's entries") {
  catalog own;
  CHECK(own.empty());
  CHECK(own.begin() == own.end());
  own.add(dgx_h100());
  CHECK(own.size() == 1);
  CHECK(own.at("dgx-h100").name == "dgx-h100");
  CHECK(own.find("trn1.32xlarge") == nullptr);
}

TEST_CASE(
    "adding a duplicate, unnamed or chipless entry to a catalog is refused, naming the entry") {
  catalog mine = catalog::with_builtin();
  instance_spec dup = catalog::builtin().at("trn1.32xlarge");
  CHECK_THROWS_WITH_AS(mine.add(dup),
                       "trncost: instance type 'trn1.32xlarge' is already in the catalog",
                       input_error);
  instance_spec unnamed = dgx_h100();
  unnamed.name.clear();
  CHECK_THROWS_WITH_AS(mine.add(unnamed),
                       "trncost: cannot add an instance spec with an empty name (accelerator "
                       "'NVIDIA H100 80GB')",
                       input_error);
  instance_spec none = dgx_h100();
  none.chips = sourced("dgx-h100.chips", make(units::chip, 0), assumption{"not yet delivered"});
  CHECK_THROWS_WITH_AS(mine.add(none),
                       "trncost: instance type 'dgx-h100': chips must be positive, not 0",
                       input_error);
  CHECK(mine.size() == 17);
}

TEST_CASE("a catalog refuses an unknown name and suggests the closest known one") {
  const catalog& c = catalog::builtin();
  CHECK_THROWS_WITH_AS((void)c.at("trn1.32xl"),
                       "trncost: unknown instance type 'trn1.32xl'; did you mean 'trn1.32xlarge'?",
                       input_error);
  // Case is ignored when choosing the suggestion, not when looking up.
  CHECK(c.find("TRN2.48XLARGE") == nullptr);
  CHECK_THROWS_WITH_AS(
      (void)c.at("TRN2.48XLARGE"),
      "trncost: unknown instance type 'TRN2.48XLARGE'; did you mean 'trn2.48xlarge'?", input_error);
  // "trn2.48xl" is 4 edits from trn2.48xlarge, 5 from trn2u.48xlarge.
  CHECK_THROWS_WITH_AS((void)c.at("trn2.48xl"),
                       "trncost: unknown instance type 'trn2.48xl'; did you mean 'trn2.48xlarge'?",
                       input_error);
  // A tie (1 edit from p5.48xlarge and from p5e.48xlarge) goes to the first in name order.
  CHECK_THROWS_WITH_AS((void)c.at("p5f.48xlarge"),
                       "trncost: unknown instance type 'p5f.48xlarge'; did you mean 'p5.48xlarge'?",
                       input_error);
  // A truncation is suggested even when many letters are missing (6 edits here).
  CHECK_THROWS_WITH_AS((void)c.at("trn2.48"),
                       "trncost: unknown instance type 'trn2.48'; did you mean 'trn2.48xlarge'?",
                       input_error);
  // Sharing "xlarge" or ".large" is not being close (m7i.large is 6 edits from p4d.24xlarge, more
  // than a third of 12): the known names are listed instead.
  CHECK_THROWS_WITH_AS(
      (void)c.at("m7i.large"),
      "trncost: unknown instance type 'm7i.large'; known types: inf2.24xlarge, inf2.48xlarge, "
      "inf2.8xlarge, inf2.xlarge, p4d.24xlarge, p5.48xlarge, "
      "p5e.48xlarge, p5en.48xlarge, trn1.2xlarge, trn1.32xlarge, trn1n.32xlarge, trn2.3xlarge, "
      "trn2.48xlarge, "
      "trn2u.48xlarge, trn3-gen1-ultraserver, trn3-gen2-ultraserver, u-trn2x64",
      input_error);
  CHECK_THROWS_WITH_AS((void)catalog().at("trn1.32xlarge"),
                       "trncost: unknown instance type 'trn1.32xlarge'; the catalog is empty",
                       input_error);
}

TEST_CASE(
    "the catalog's edit distance counts insertions, deletions and substitutions, ignoring case") {
  CHECK(detail::edit_distance("", "") == 0);
  CHECK(detail::edit_distance("", "abc") == 3);
  CHECK(detail::edit_distance("abc", "") == 3);
  // kitten -> sitten -> sittin -> sitting.
  CHECK(detail::edit_distance("kitten", "sitting") == 3);
  CHECK(detail::edit_distance("TRN1", "trn1") == 0);
  // Four letters missing ("arge").
  CHECK(detail::edit_distance("trn1.32xl", "trn1.32xlarge") == 4);
  // One insertion ('e').
  CHECK(detail::edit_distance("p5.48xlarge", "p5e.48xlarge") == 1);
  // m7i. -> p4d.24x: substitute m, 7, i for p, 4, d; insert 2, 4, x.
  CHECK(detail::edit_distance("m7i.large", "p4d.24xlarge") == 6);
  CHECK(detail::starts_with_ignoring_case("trn2.48xlarge", "TRN2.48"));
  CHECK_FALSE(detail::starts_with_ignoring_case("trn2", "trn2.48"));
}

TEST_CASE("every thread sees the same built-in catalog") {
  std::vector<const catalog*> seen(4, nullptr);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    threads.emplace_back([&seen, i] { seen[i] = &catalog::builtin(); });
  }
  for (auto& t : threads) t.join();
  for (const catalog* c : seen) CHECK(c == &catalog::builtin());
}

}  // namespace trncost_tests::catalog_test
