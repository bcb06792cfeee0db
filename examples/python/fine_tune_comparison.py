"""Fine-tune 8B: trn1 or trn2? Both shipped scenarios estimated from Python, compared on the cost to
reach the same evaluation loss, with the uncertainty of the trn1 run and the credits that pay it.

    PYTHONPATH=build/python python3 examples/python/fine_tune_comparison.py

Run from the repository root (the scenario paths are relative to it). python/tests/test_examples.py
runs it and checks what it prints.
"""

from decimal import Decimal

import trncost

CENT = Decimal("0.01")  # for printing only: the totals themselves stay exact

trn1 = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
trn2 = trncost.load("examples/scenarios/fine-tune-8b-trn2.toml").estimate()

for name, est in (("trn1.32xlarge x 2", trn1), ("trn2.48xlarge x 1", trn2)):
    print(f"{name}: {est.total.quantize(CENT)} USD ({est.status.value})")
    for reason in est.reasons:
        print(f"  - {reason.text}")

# Both runs reached the same eval loss on the same held-out set (an assumption of this example:
# the quality numbers would come from the run logs).
quality = trncost.Protocol("ft-v4-eval", "eval_loss", "1.9", reached="1.85",
                           stack="neuronx-cc 2.21, torch-neuronx 2.8")
(group,) = trncost.compare([trncost.Option("trn1.32xlarge x 2", trn1, quality),
                            trncost.Option("trn2.48xlarge x 1", trn2, quality)])
print("cheapest to reach eval_loss <= 1.9:")
for r in group.ranked:
    print(f"  {r.cost_rank}. {r.name}: {r.cost.quantize(CENT)} USD (x{r.cost_ratio})")

# How sure is the trn1 figure? The budget scenario's own uncertain inputs.
budget = trncost.load("examples/scenarios/fine-tune-8b-trn1-budget.toml")
mc = budget.monte_carlo({"useful_throughput": trncost.uniform("59000", "60400"),
                         "compilation_s": trncost.lognormal_90("1100", "1800"),
                         "work_lost_seen": trncost.triangular("1800", "2700", "4500")},
                        samples=100_000, seed=2026, budget="420")
print(f"trn1 Monte Carlo: p5 {mc.p5:.2f}, p50 {mc.p50:.2f}, p95 {mc.p95:.2f} USD; "
      f"P(total > 420 USD) = {mc.p_over_budget:.4f}")

decision = trncost.decide(trn1, quality=quality, region="us-east-1",
                          stated_check="replayed 200 steps on neuronx-cc 2.21: ok")
print(f"trn1 decision: {decision.outcome}")
