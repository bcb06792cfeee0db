#!/usr/bin/env python3
"""Writes trn1.32xlarge-24-reports.jsonl: a neuron-monitor capture of a training job on a
trn1.32xlarge (16 devices x 2 NeuronCores = cores 0-31), one JSON report per line, in the layout of
neuron-monitor 2.x (the `flops` counter next to `neuroncore_utilization`). Reports 6 and 15 (0-based)
carry an `error`, as neuron-monitor writes when it cannot read the runtime.

Values are chosen so the expected means can be computed by hand:
  utilization(core c, report k) = 70 + 0.5 c + (k mod 2)        (percent)
  period(k) = 0.9995, 1, 1.0005 s for k mod 3 = 0, 1, 2
  flops(c, k) = (50 + c) x 10^12 x period(k)                    (FLOPs in the period)
Run: python3 make_capture.py [output] [reports]  (the benchmark uses it with more reports)."""
import json
from decimal import Decimal
import sys

PERIODS = ["0.9995", "1", "1.0005"]
ERRORS = {6: "failed to read runtime counters: connection reset by peer",
          15: "neuron runtime 4242 is not responding"}


def report(k, cores=32):
    period = PERIODS[k % 3]
    error = ERRORS.get(k, "")
    in_use = {}
    for c in range(cores):
        util = 70 + 0.5 * c + (k % 2) if not error else 0
        flops = int((50 + c) * 10**12 * Decimal(period)) if not error else 0
        in_use[str(c)] = {"neuroncore_utilization": util, "flops": flops}
    counters = {"period": float(period), "neuroncores_in_use": in_use, "error": ""}
    runtime = {
        "pid": 4242, "neuron_runtime_tag": "4242", "error": error,
        "report": {
            "execution_stats": {
                "period": float(period),
                "error_summary": {"generic": 0, "numerical": 0, "transient": 0, "model": 0,
                                  "runtime": 0, "hardware": 0},
                "execution_summary": {"completed": 96, "completed_with_err": 0,
                                      "completed_with_num_err": 0, "timed_out": 0,
                                      "incorrect_input": 0, "failed_to_queue": 0},
                "latency_stats": {"total_latency": {"p0": 0.3101, "p50": 0.3312, "p99": 0.3529,
                                                    "p100": 0.3611}},
                "error": ""},
            "memory_used": {"period": float(period),
                            "neuron_runtime_used_bytes": {"host": 6103285760,
                                                          "neuron_device": 27487790694},
                            "error": ""},
            "neuroncore_counters": counters,
        },
    }
    return {
        "neuron_runtime_data": [runtime],
        "system_data": {"memory_info": {"period": float(period), "memory_total_bytes": 549755813888,
                                        "memory_used_bytes": 171798691840, "swap_total_bytes": 0,
                                        "swap_used_bytes": 0, "error": ""},
                        "vcpu_usage": {"period": float(period),
                                       "average_usage": {"user": 31.2, "nice": 0, "system": 4.1,
                                                         "idle": 64.7, "io_wait": 0, "irq": 0,
                                                         "soft_irq": 0},
                                       "error": ""}},
        "instance_info": {"instance_name": "", "instance_id": "i-0a1b2c3d4e5f60718",
                          "instance_type": "trn1.32xlarge",
                          "instance_availability_zone": "us-east-1a",
                          "instance_availability_zone_id": "use1-az6",
                          "instance_region": "us-east-1", "ami_id": "ami-0f3c9a7d21e8b4c55",
                          "subnet_id": "subnet-0d4e5f6a7b8c9d0e1", "error": ""},
        "neuron_hardware_info": {"neuron_device_count": 16, "neuroncore_per_device_count": 2,
                                 "error": ""},
    }


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "trn1.32xlarge-24-reports.jsonl"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 24
    with open(out, "w") as f:
        for k in range(n):
            f.write(json.dumps(report(k)) + "\n")


if __name__ == "__main__":
    main()
