// Compatibility first: a handful of model ids taken through the four steps of docs/compat.md with
// the model-support dataset's export (examples/data/model_support_sample.csv): 1. is the model
// present? 2. is the stack aligned? 3. is a replay needed (and what does compiling cost once)?
// 4. what must still be measured on the real load? Prints what is known for each, and what is not.
#include <fmt/core.h>

#include <cstdio>
#include <exception>
#include <string>
#include <trncost/catalog.hpp>
#include <trncost/compat.hpp>
#include <trncost/model.hpp>
#include <trncost/readers/model_support.hpp>
#include <vector>

int main() try {
  using namespace trncost;
  using namespace trncost::compat;
  const date as_of = parse_date("2026-11-30");

  const evidence_set set =
      readers::read_model_support_file("examples/data/model_support_sample.csv", as_of);
  fmt::print("{} rows from {} ({})\n", set.size(), set.source().dataset, set.source().file);
  for (const auto& f : set.findings()) fmt::print("  finding: {}\n", f);

  // The stack we deploy on.
  const software_stack target{.neuronx_cc = "2.21.33363.0",
                              .torch_neuronx = "2.8.0.2.10.13553",
                              .torch = "2.8.0",
                              .library = "transformers",
                              .library_version = "4.57.1"};
  fmt::print("target stack: {}\n", describe(target));

  const std::vector<std::string> models{"Qwen/Qwen3-0.6B", "meta-llama/Llama-3.1-8B",
                                        "google/gemma-3-4b-it", "deepseek-ai/DeepSeek-V3",
                                        "my-org/support-bot-7b"};
  std::vector<evidence_outcome> outcomes;
  bool continue_blocked_somewhere = false;
  for (const auto& id : models) {
    fmt::print("\n== {}\n", id);
    const lookup_result r = set.lookup(id, target);
    outcomes.push_back(r.outcome);

    // 1. Present? Absent is no evidence, not incompatible.
    fmt::print("1. present: {} row(s); outcome: {}\n", r.rows.size(), to_string(r.outcome));
    fmt::print("   proves: {}\n   does not prove: {}\n", r.proves(), r.does_not_prove());
    for (const auto& f : r.findings) fmt::print("   finding: {}\n", f);
    if (r.deciding) fmt::print("   source: {}\n", trncost::describe(r.deciding->origin));

    // 2. Stack aligned? Each difference named.
    if (r.deciding) {
      if (r.deciding->differences.empty()) {
        fmt::print("2. stack aligned with the evidence\n");
      } else {
        fmt::print("2. stack differs from the evidence:\n");
        for (const auto& d : r.deciding->differences) fmt::print("   - {}\n", describe(d));
      }
      if (!r.deciding->row.error.empty()) fmt::print("   error: {}\n", r.deciding->row.error);
      if (!r.deciding->row.exclusion.empty()) {
        fmt::print("   exclusion: {}\n", r.deciding->row.exclusion);
      }
    } else {
      fmt::print("2. no stack to compare with\n");
    }

    // 3. Replay: where to run it (sizing hint), what compiling costs once, which cache is usable.
    model m;
    const bool passed = r.outcome == evidence_outcome::passed_same_stack ||
                        r.outcome == evidence_outcome::passed_other_stack;
    if (passed && r.deciding->row.tp && r.deciding->row.hbm_peak_gb) {
      const auto& row = r.deciding->row;
      const auto hint = suggest_instance(
          catalog::builtin(), sizing_need{tp_of(row, set.source()), hbm_peak_of(row, set.source()),
                                          trainium2_default_logical_core_size()});
      if (hint) {
        fmt::print("3. replay run.py on {} (tp {}, peak {} GB)\n", hint->spec->name, *row.tp,
                   row.hbm_peak_gb->to_string());
        if (!row.run_py.empty()) fmt::print("   script: {}\n", row.run_py);
        // trn2 has no on-demand row in the official price list (docs/domain.md#us-east-1-prices):
        // the price is unknown, so the compile line is unpriced rather than zero.
        const unknown_input price{hint->spec->name + "_price",
                                  "no on-demand row in the official price list"};
        const neff_cache cache{
            "hf://buckets/aws-neuron/torch-neuronx-neff-cache/neuronxcc-" + row.tested().neuronx_cc,
            "",
            documented{"model-support tool: the public NEFF cache per compiler version", as_of}};
        const wall_time_including_compilation wall(row, set.source());
        const compile_cost compile(id, target.neuronx_cc, hint->spec->name, hint->instances, price,
                                   wall.compile_upper_bound(id + ".compile_upper_bound"), cache);
        fmt::print("   compile once (upper bound: wall_s {} s includes loading and 32 tokens)\n",
                   wall.seconds().to_string());
        fmt::print("   cache {}: {}\n", compile.cache()->usable ? "usable" : "rejected",
                   compile.cache()->reason);
        m.add(compile);
      }
    } else {
      fmt::print("3. replay needed before any budget: no passing run to size from\n");
    }
    if (const auto u = uncertainty_from(r, "ml-platform team")) m.add_uncertainty(*u);

    // 4. What the dataset never measures: the real load.
    fmt::print("4. measure on the real load: throughput, latency, context lengths, concurrency\n");
    for (const auto c : all_categories) {
      if (m.data().components.count(c) == 0) {
        m.declare_none(c, declared_none{"compatibility check only: no run costed yet"});
      }
    }
    const estimate est = m.evaluate(as_of);
    fmt::print("   estimate status: {}; continue blocked: {}\n", to_string(est.status),
               blocks_continue(est) ? "yes" : "no");
    for (const auto& l : est.lines) {
      fmt::print("   line: {}: {}\n", l.description,
                 l.amount ? l.amount->to_fixed(cents) + " USD" : std::string("unpriced"));
    }
    for (const auto& u : est.uncertainties) fmt::print("   uncertainty: {}\n", describe(u));
    continue_blocked_somewhere = continue_blocked_somewhere || blocks_continue(est);
  }

  const std::vector<evidence_outcome> expected{
      evidence_outcome::passed_same_stack, evidence_outcome::passed_same_stack,
      evidence_outcome::failed_same_stack, evidence_outcome::excluded,
      evidence_outcome::no_evidence};
  return outcomes == expected && continue_blocked_somewhere ? 0 : 1;
} catch (const std::exception& e) {  // an example says what went wrong, then fails
  std::fprintf(stderr, "compat_check: %s\n", e.what());
  return 1;
}
