#!/usr/bin/env python3
"""Writes trn1.2xlarge-3-reports-no-flops.jsonl: a neuron-monitor capture in the older report
layout, three reports of a trn1.2xlarge (1 device x 2 NeuronCores) with no `flops` counter beside
`neuroncore_utilization`, and the sections such a report carries that trncost does not read
(latency percentiles, memory per loaded model and subgraph, the runtime's vCPU usage, hardware ECC
counters, per-vCPU usage). All values are invented.

The utilizations are written as neuron-monitor writes them: the shortest text of a double (17
significant digits, an exponent for a small one) or an integer 0 for an idle core:
  core 0: 2.4617351865768433, 2.380371093750001, 2.5571441650390625
  core 1: 0, 1.9073486328125e-05, 0
The periods of the neuroncore_counters section: 0.999163146, 1.000204871, 0.999871523 s.
Run: python3 make_older_schema.py [output]."""
import json
import sys

CORE0 = ["2.4617351865768433", "2.380371093750001", "2.5571441650390625"]
CORE1 = ["0", "1.9073486328125e-05", "0"]
PERIODS = ["0.999163146", "1.000204871", "0.999871523"]


def number(text):
    """The JSON number of this text, checked to print back as the same text."""
    value = int(text) if text.isdigit() else float(text)
    assert json.dumps(value) == text, (text, json.dumps(value))
    return value


def report(k):
    period = number(PERIODS[k])
    near = 0.9991 + 0.0001 * k  # the other sections' periods, each measured on its own
    latency = {"p0": 0.00010204315185546875, "p1": 0.00010347366333007812,
               "p25": 0.00010728836059570312, "p50": 0.00010943412780761719,
               "p75": 0.00011157989501953125, "p99": 0.00014591217041015625,
               "p100": 0.0001678466796875}
    runtime = {
        "pid": 2718, "neuron_runtime_tag": "2718", "error": "",
        "report": {
            "execution_stats": {
                "period": near,
                "error_summary": {"generic": 0, "numerical": 0, "transient": 0, "model": 0,
                                  "runtime": 0, "hardware": 0},
                "execution_summary": {"completed": 301 + k, "completed_with_err": 0,
                                      "completed_with_num_err": 0, "timed_out": 0,
                                      "incorrect_input": 0, "failed_to_queue": 0},
                "latency_stats": {"total_latency": latency, "device_latency": latency},
                "error": ""},
            "memory_used": {
                "period": near,
                "neuron_runtime_used_bytes": {
                    "host": 524288000, "neuron_device": 88080384,
                    "usage_breakdown": {
                        "host": {"application_memory": 523239424, "constants": 0,
                                 "dma_buffers": 1048576, "tensors": 0},
                        "neuroncore_memory_usage": {
                            "0": {"constants": 131072, "model_code": 86507520,
                                  "model_shared_scratchpad": 0, "runtime_memory": 0,
                                  "tensors": 1441792},
                            "1": {"constants": 0, "model_code": 0, "model_shared_scratchpad": 0,
                                  "runtime_memory": 0, "tensors": 0}}}},
                "loaded_models": [{
                    "name": "/var/tmp/neuron-compile-cache/MODULE_4201/model.neff",
                    "uuid": "7c1e4a90b2d311ee9f3c0a58a9feac02", "model_id": 10001,
                    "is_running": k != 1,
                    "subgraphs": {"sg_00": {
                        "memory_used_bytes": {
                            "host": 16384, "neuron_device": 131072,
                            "usage_breakdown": {
                                "host": {"application_memory": 16384, "constants": 0,
                                         "dma_buffers": 0, "tensors": 0},
                                "neuron_device": {"constants": 65536, "model_code": 65536,
                                                  "runtime_memory": 0, "tensors": 0}}},
                        "neuroncore_index": 0, "neuron_device_index": 0}}}],
                "error": ""},
            "neuron_runtime_vcpu_usage": {"period": near,
                                          "vcpu_usage": {"user": 12.5, "system": 2.25},
                                          "error": ""},
            "neuroncore_counters": {
                "period": period,
                "neuroncores_in_use": {
                    "0": {"neuroncore_utilization": number(CORE0[k])},
                    "1": {"neuroncore_utilization": number(CORE1[k])}},
                "error": ""},
        },
    }
    vcpu = {"user": 10.5, "nice": 0, "system": 2.5, "idle": 87, "io_wait": 0, "irq": 0,
            "soft_irq": 0}
    return {
        "neuron_runtime_data": [runtime],
        "system_data": {
            "memory_info": {"period": near, "memory_total_bytes": 33285996544,
                            "memory_used_bytes": 9663676416, "swap_total_bytes": 0,
                            "swap_used_bytes": 0, "error": ""},
            "neuron_hw_counters": {"period": near, "neuron_devices": [{
                "neuron_device_index": 0, "mem_ecc_corrected": 0, "mem_ecc_uncorrected": 0,
                "sram_ecc_uncorrected": 0, "sram_ecc_corrected": 0}], "error": ""},
            "vcpu_usage": {"period": near, "average_usage": vcpu,
                           "usage_data": {str(i): vcpu for i in range(8)},
                           "context_switch_count": 61234 + 17 * k, "error": ""}},
        "instance_info": {"instance_name": "", "instance_id": "i-0c4d5e6f7a8b90123",
                          "instance_type": "trn1.2xlarge",
                          "instance_availability_zone": "us-west-2b",
                          "instance_availability_zone_id": "usw2-az1",
                          "instance_region": "us-west-2", "ami_id": "ami-0b1c2d3e4f5a6b7c8",
                          "subnet_id": "subnet-0e1f2a3b4c5d6e7f8", "error": ""},
        "neuron_hardware_info": {"neuron_device_count": 1, "neuroncore_per_device_count": 2,
                                 "error": ""},
    }


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "trn1.2xlarge-3-reports-no-flops.jsonl"
    with open(out, "w") as f:
        for k in range(3):
            f.write(json.dumps(report(k)) + "\n")


if __name__ == "__main__":
    main()
