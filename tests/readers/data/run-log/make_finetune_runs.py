#!/usr/bin/env python3
"""Writes finetune-runs.csv and finetune-runs.jsonl: four runs of one fine-tune configuration
(Llama 3.1 8B on 2 x trn1.32xlarge), one interrupted by a node failure and restarted, one failed.
The rows are what a training script appends as it goes (one per phase or event). Run it from this
directory: python3 make_finetune_runs.py [output-stem]"""
import csv
import datetime as dt
import json
import sys

COLUMNS = ["run_id", "event", "name", "start", "duration_s", "value", "steps", "tokens", "samples",
           "work_lost_s", "note"]
TOKENS_PER_STEP = 240_000  # global batch 80 sequences x 3,000 tokens
SEQUENCE = 3_000


def meta(run):
    return [
        ("model_id", "meta-llama/Llama-3.1-8B"), ("code_version", "git:4f2a9c1"),
        ("dataset_id", "ft-v4"), ("instance_type", "trn1.32xlarge"), ("instance_count", "2"),
        ("region", "us-east-1"), ("purchase_option", "on-demand"), ("price_consulted", "2026-11-19"),
        ("param.learning_rate", "0.00002"), ("param.global_batch_size", "80"),
        ("param.sequence_length", str(SEQUENCE)), ("quality_metric", "eval_loss"),
        ("quality_target", "1.9"), ("quality_direction", "lower"),
        ("data_read_gib", "250"), ("data_written_gib", "600"), ("storage_kept_gib", "600"),
        ("log_volume_gib", "1.5"),
    ]


# (phase, seconds, tokens or None); each run starts at 09:00 UTC on its day.
RUNS = {
    "ft-8b-trn1-r1": ("2026-11-20", [("setup", 360, None), ("compilation", 1260, None),
                                     ("training", 3600, 216_000_000), ("evaluation", 1200, None),
                                     ("checkpointing", 540, None), ("waiting", 240, None)]),
    "ft-8b-trn1-r2": ("2026-11-21", [("setup", 300, None), ("compilation", 1200, None),
                                     ("training", 1800, 108_720_000),
                                     ("failed_work", 900, 54_480_000), ("restart", 900, None),
                                     ("training", 1800, 108_720_000), ("evaluation", 1200, None),
                                     ("checkpointing", 600, None), ("waiting", 300, None)]),
    "ft-8b-trn1-r3": ("2026-11-22", [("setup", 420, None), ("compilation", 1320, None),
                                     ("training", 3600, 212_400_000), ("evaluation", 1260, None),
                                     ("checkpointing", 480, None), ("waiting", 180, None)]),
    "ft-8b-trn1-r4": ("2026-11-23", [("setup", 360, None), ("compilation", 1260, None),
                                     ("training", 3600, 216_000_000), ("checkpointing", 540, None),
                                     ("failed_work", 1800, 108_000_000), ("waiting", 980, None)]),
}
# Quality evaluations: (run, time, eval_loss).
QUALITY = {"ft-8b-trn1-r1": ("10:47:00", "1.88"), "ft-8b-trn1-r2": ("11:15:00", "1.87"),
           "ft-8b-trn1-r3": ("10:50:00", "1.93")}
# Incidents: (run, kind, start, duration, work lost). r2's node failure is followed by a restart;
# r4's runtime error ends the run (the instances idle until torn down).
INCIDENTS = {"ft-8b-trn1-r2": ("node_failure", "10:10:00", 900, 900),
             "ft-8b-trn1-r4": ("neuron_runtime_error", "11:06:00", 980, 1800)}
OUTCOME = {"ft-8b-trn1-r4": "failed"}


def rows():
    for run, (day, phases) in RUNS.items():
        for key, value in meta(run):
            yield {"run_id": run, "event": "run", "name": key, "value": value}
        t = dt.datetime.fromisoformat(day + "T09:00:00")
        for phase, secs, tokens in phases:
            row = {"run_id": run, "event": "phase", "name": phase,
                   "start": t.strftime("%Y-%m-%dT%H:%M:%SZ"), "duration_s": str(secs)}
            if tokens is not None:
                row.update(steps=str(tokens // TOKENS_PER_STEP), tokens=str(tokens),
                           samples=str(tokens // SEQUENCE))
            yield row
            t += dt.timedelta(seconds=secs)
            if run in INCIDENTS and phase == "failed_work":
                # Appended when it happens: at the end of the work it made useless.
                kind, at, dur, lost = INCIDENTS[run]
                yield {"run_id": run, "event": "incident", "name": kind, "start": f"{day}T{at}Z",
                       "duration_s": str(dur), "work_lost_s": str(lost)}
            if run in QUALITY and (phase == "evaluation"):
                at, loss = QUALITY[run]
                yield {"run_id": run, "event": "quality", "name": "eval_loss",
                       "start": f"{day}T{at}Z", "value": loss}
        if run == "ft-8b-trn1-r1":
            yield {"run_id": run, "event": "utilization", "name": "neuron-monitor",
                   "duration_s": "1", "value": "87.5",
                   "note": "mean of 3600 reports, period 1 s, cores 0-31 (training phase)"}
        yield {"run_id": run, "event": "end", "name": OUTCOME.get(run, "completed"),
               "start": t.strftime("%Y-%m-%dT%H:%M:%SZ")}


def main():
    stem = sys.argv[1] if len(sys.argv) > 1 else "finetune-runs"
    all_rows = list(rows())
    with open(stem + ".csv", "w", newline="") as f:
        w = csv.DictWriter(f, COLUMNS, lineterminator="\n")
        w.writeheader()
        for r in all_rows:
            w.writerow(r)
    with open(stem + ".jsonl", "w") as f:
        for r in all_rows:
            # Counters and durations as JSON numbers, the rest as strings, as a script would write.
            out = {k: (int(v) if k in ("duration_s", "steps", "tokens", "samples", "work_lost_s")
                       else v) for k, v in r.items()}
            f.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
