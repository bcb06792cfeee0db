// The definitions of readers/run_log.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_RUN_LOG_IPP
#define TRNCOST_READERS_IMPL_RUN_LOG_IPP

#include "../run_log.hpp"

namespace trncost {

namespace readers::detail {

[[noreturn]] TRNCOST_DECL void row_fail(const run_log_row& r, std::string_view field,
                                        std::string_view rule) {
  throw parse_error(r.origin + ": " + std::string(field) + ": " + std::string(rule));
}

TRNCOST_DECL std::string bare(const std::exception& e) {
  std::string_view w = e.what();
  constexpr std::string_view prefix = "trncost: ";
  if (w.substr(0, prefix.size()) == prefix) w.remove_prefix(prefix.size());
  return std::string(w);
}

TRNCOST_DECL const std::string& need(const run_log_row& r, column c, std::string_view what) {
  if (r.get(c).empty()) {
    row_fail(r, run_log_columns[c], "is missing; " + std::string(what));
  }
  return r.get(c);
}

TRNCOST_DECL decimal number(const run_log_row& r, column c) {
  try {
    return decimal::parse(r.get(c));
  } catch (const error& e) {
    row_fail(r, run_log_columns[c], bare(e));
  }
}

TRNCOST_DECL timestamp time_of(const run_log_row& r, column c) {
  try {
    return parse_timestamp(r.get(c));
  } catch (const error& e) {
    row_fail(r, run_log_columns[c], bare(e));
  }
}

TRNCOST_DECL std::optional<purchase_option> parse_option(std::string_view s) {
  if (s == "on-demand") return purchase_option::on_demand;
  if (s == "reserved") return purchase_option::reserved;
  if (s == "savings-plan") return purchase_option::savings_plan;
  if (s == "spot") return purchase_option::spot;
  if (s == "capacity-block") return purchase_option::capacity_block;
  return std::nullopt;
}

}  // namespace readers::detail

namespace readers {

TRNCOST_DECL std::vector<measure::run_record> read_run_log_csv(std::istream& in, std::string file) {
  using namespace detail;
  csv_reader reader(in, file);
  if (!reader.next()) fail(input_position::whole(file), "", "the run log is empty (no header)");
  const csv_header header(reader);
  std::array<std::optional<std::size_t>, std::size(run_log_columns)> at{};
  for (std::size_t c = 0; c < std::size(run_log_columns); ++c) {
    at[c] = c < run_log_required_columns ? std::optional(header.require(run_log_columns[c]))
                                         : header.find(run_log_columns[c]);
  }
  run_log_assembler runs;
  run_log_row row;
  std::uint64_t records = 0;
  while (reader.next()) {
    if (reader.blank()) continue;
    ++records;
    header.check_width(reader);
    row.origin = reader.position().to_string();
    for (std::size_t c = 0; c < at.size(); ++c) {
      row.field[c] = at[c] ? std::string(reader[*at[c]]) : std::string();
    }
    runs.add(row);
  }
  if (records == 0) {
    fail(input_position::whole(file), "", "the run log has a header but no record");
  }
  return runs.finish();
}

TRNCOST_DECL std::vector<measure::run_record> read_run_log_json(std::istream& in,
                                                                std::string file) {
  using namespace detail;
  run_log_assembler runs;
  run_log_row row;
  json_lines lines(in, file);
  std::uint64_t records = 0;
  while (lines.next()) {
    const std::uint64_t n = lines.line();
    if (lines.blank()) continue;
    const auto where = input_position::at_line(file, n);
    const json_value v = parse_json_text(lines.text(), file, n);
    ++records;
    if (!v.is_object()) fail(where, "", "a run log line must be a JSON object");
    row.origin = where.to_string();
    for (auto& f : row.field) f.clear();
    for (std::size_t i = 0; i < v.keys().size(); ++i) {
      std::size_t c = 0;
      while (c < std::size(run_log_columns) && run_log_columns[c] != v.keys()[i]) ++c;
      if (c == std::size(run_log_columns)) {
        fail(where, v.keys()[i], "is not a run log field");
      }
      const json_value& item = v.items()[i];
      if (item.is_null()) continue;
      if (!item.is_string() && !item.is_number()) {
        fail(where, v.keys()[i],
             "expected a string or a number, not " +
                 std::string(json_value::kind_name(item.type())));
      }
      row.field[c] = item.text();
    }
    runs.add(row);
  }
  if (records == 0) fail(input_position::whole(file), "", "the run log is empty (no record)");
  return runs.finish();
}

TRNCOST_DECL std::vector<measure::run_record> read_run_log(const std::string& path) {
  std::ifstream in = open_input_file(path);
  const auto ends_with = [&](std::string_view s) {
    return path.size() >= s.size() && path.compare(path.size() - s.size(), s.size(), s) == 0;
  };
  if (ends_with(".jsonl") || ends_with(".json")) return read_run_log_json(in, path);
  return read_run_log_csv(in, path);
}

TRNCOST_DECL void append_runs(std::vector<measure::run_record>& runs,
                              std::vector<measure::run_record> more) {
  for (const auto& r : more) {
    for (const auto& have : runs) {
      if (have.id == r.id && have.origin == r.origin) {
        throw parse_error(r.origin + ": run_id: run '" + r.id +
                          "' is read twice from this line: the same run log is given twice; "
                          "a run is read once (read twice, its time, incidents and cost would "
                          "count twice)");
      }
      if (have.id == r.id) {
        throw parse_error(r.origin + ": run_id: run '" + r.id + "' is also logged in " +
                          have.origin +
                          "; a run is logged in one file (read twice, its time, incidents and "
                          "cost would count twice)");
      }
    }
  }
  runs.insert(runs.end(), std::make_move_iterator(more.begin()),
              std::make_move_iterator(more.end()));
}

TRNCOST_DECL std::vector<measure::run_record> read_run_logs(const std::vector<std::string>& paths) {
  std::vector<measure::run_record> runs;
  for (const auto& path : paths) append_runs(runs, read_run_log(path));
  return runs;
}

}  // namespace readers

namespace readers::detail {

TRNCOST_DECL auto run_log_assembler::add(const run_log_row& row) -> void {
  const std::string& id = need(row, c_run_id, "every row names its run");
  const std::string& event = need(row, c_event, "every row says what it records");
  auto it = index_.find(id);
  if (it == index_.end()) {
    it = index_.emplace(id, runs_.size()).first;
    runs_.push_back(partial{});
    runs_.back().record.id = id;
    runs_.back().record.origin = row.origin;
  }
  partial& p = runs_[it->second];
  if (p.end_origin) {
    row_fail(row, "event",
             "run '" + id + "' already ended (" + *p.end_origin + "); a row after its end row");
  }
  measure::run_record& r = p.record;
  const std::string& name = row.get(c_name);
  if (event == "run") {
    set_meta(p, row, need(row, c_name, "a run row names the field it sets"));
  } else if (event == "phase") {
    const auto ph = measure::parse_phase(need(row, c_name, "a phase row names its phase"));
    if (!ph) {
      std::string names;
      for (const phase q : all_phases) {
        names += (names.empty() ? "" : ", ") + std::string(measure::log_name(q));
      }
      row_fail(row, "name", "'" + name + "' is not a phase (" + names + ")");
    }
    need(row, c_duration, "a phase row needs its duration");
    measure::phase_interval x{
        .ph = *ph,
        .duration = quantity<units::second_t>::from_value(number(row, c_duration)),
        .steps = optional_quantity<units::step_t>(row, c_steps),
        .tokens = optional_quantity<units::token_t>(row, c_tokens),
        .samples = optional_quantity<units::sample_t>(row, c_samples),
        .origin = row.origin};
    if (!row.get(c_start).empty()) x.start = time_of(row, c_start);
    r.phases.push_back(std::move(x));
  } else if (event == "incident") {
    need(row, c_name, "an incident row names its kind");
    need(row, c_start, "an incident row says when it happened");
    need(row, c_duration, "an incident row says how long it lasted (0 if not known apart)");
    need(row, c_work_lost, "an incident row says how much work was lost");
    const timestamp at = time_of(row, c_start);
    for (const auto& seen : r.incidents) {
      if (seen.kind == name && seen.start == at) {
        row_fail(row, "start",
                 "incident " + trncost::detail::quoted_for_message(name) + " at " + to_string(at) +
                     " is already recorded on " + seen.origin + " (run '" + id +
                     "'); an incident is recorded once (counted twice, it would double the "
                     "interruptions and the work lost)");
      }
    }
    r.incidents.push_back(
        {.kind = name,
         .start = at,
         .duration = quantity<units::second_t>::from_value(number(row, c_duration)),
         .work_lost = quantity<units::second_t>::from_value(number(row, c_work_lost)),
         .origin = row.origin});
  } else if (event == "quality") {
    need(row, c_name, "a quality row names its metric");
    need(row, c_start, "a quality row says when the metric was evaluated");
    need(row, c_value, "a quality row gives the metric's value");
    const timestamp at = time_of(row, c_start);
    for (const auto& seen : r.quality) {
      if (seen.metric == name && seen.at == at) {
        row_fail(row, "start",
                 "evaluation of " + trncost::detail::quoted_for_message(name) + " at " +
                     to_string(at) + " is already recorded on " + seen.origin + " (run '" + id +
                     "'); an evaluation is recorded once");
      }
    }
    r.quality.push_back(
        {.metric = name, .at = at, .value = number(row, c_value), .origin = row.origin});
  } else if (event == "utilization") {
    need(row, c_name, "a utilization row names its instrument");
    need(row, c_value, "a utilization row gives the percentage");
    need(row, c_duration, "a utilization row gives the collection period");
    need(row, c_note, "a utilization row says how the figure was obtained");
    r.utilization.push_back(
        {.instrument = name,
         .method = row.get(c_note),
         .period = quantity<units::second_t>::from_value(number(row, c_duration)),
         .percent = number(row, c_value),
         .origin = row.origin});
  } else if (event == "end") {
    const auto o = measure::parse_run_outcome(need(row, c_name, "an end row gives the outcome"));
    if (!o) row_fail(row, "name", "'" + name + "' is not an outcome (completed, failed, stopped)");
    r.outcome = *o;
    if (!row.get(c_start).empty()) r.ended = time_of(row, c_start);
    r.ended_origin = row.origin;
    p.end_origin = row.origin;
  } else {
    row_fail(row, "event",
             "'" + event + "' is not an event (run, phase, incident, quality, utilization, end)");
  }
}

TRNCOST_DECL auto run_log_assembler::finish() -> std::vector<measure::run_record> {
  std::vector<measure::run_record> out;
  out.reserve(runs_.size());
  for (auto& p : runs_) {
    auto& r = p.record;
    if (!p.end_origin) {
      throw parse_error(r.origin + ": run_id: run '" + r.id +
                        "' has no end row: the log is cut short or the run is still going");
    }
    if (p.target_origin) {
      if (!p.metric) {
        throw parse_error(*p.target_origin +
                          ": quality_metric: a quality target is given but no metric names "
                          "what it measures");
      }
      r.target = measure::quality_target{.metric = *p.metric,
                                         .target = *p.target,
                                         .higher_is_better = p.higher_is_better,
                                         .origin = *p.target_origin};
    } else if (p.metric) {
      throw parse_error(r.origin + ": quality_target: run '" + r.id +
                        "' names a quality metric but no target");
    }
    if (!p.instances_seen) {
      throw parse_error(r.origin + ": instance_count: run '" + r.id +
                        "' does not say how many instances it ran on");
    }
    measure::validate(r);
    // The run's instance-seconds are what the model multiplies: a count that overflows them is
    // refused at its row, not left to overflow in the model without a place.
    decimal seconds;
    for (const auto& ph : r.phases) seconds = seconds + ph.duration.value();
    try {
      (void)(r.instances.value() * seconds);
    } catch (const overflow_error&) {
      const auto& row = p.given.at("instance_count");
      throw parse_error(row.second + ": instance_count: " + r.instances.value().to_string() +
                        " instances for the run's " + seconds.to_string() +
                        " s of phases overflow the decimal range of instance-seconds; no run "
                        "is that large");
    }
    out.push_back(std::move(r));
  }
  return out;
}

TRNCOST_DECL auto run_log_assembler::canonical_value(const run_log_row& row, const std::string& key)
    -> std::string {
  const std::string& v = row.get(c_value);
  for (const char* numeric : {"instance_count", "quality_target", "data_read_gib",
                              "data_written_gib", "storage_kept_gib", "log_volume_gib"}) {
    if (key == numeric) return number(row, c_value).to_string();
  }
  if (key == "price_consulted") {
    try {
      return to_string(parse_date(v));
    } catch (const error& e) {
      row_fail(row, "value", bare(e));
    }
  }
  if (key == "first_data_touch") return to_string(time_of(row, c_value));
  return v;
}

TRNCOST_DECL auto run_log_assembler::set_meta(partial& p, const run_log_row& row,
                                              const std::string& key) -> void {
  auto& r = p.record;
  const std::string& v = need(row, c_value, "a run row gives the value of '" + key + "'");
  {
    std::string value = canonical_value(row, key);
    const auto [it, first] = p.given.try_emplace(key, value, row.origin);
    if (!first) {
      // The same value again (a launcher that logs its configuration on each restart) says
      // nothing new; another value contradicts the first, and neither is known to be right.
      if (it->second.first == value) return;
      row_fail(row, key,
               "is " + trncost::detail::quoted_for_message(value) + " here but " +
                   trncost::detail::quoted_for_message(it->second.first) + " on " +
                   it->second.second + " (run '" + r.id +
                   "'); a run field holds one value, and trncost will not choose between two");
    }
  }
  if (key == "model_id")
    r.model_id = v;
  else if (key == "code_version")
    r.code_version = v;
  else if (key == "dataset_id")
    r.dataset_id = v;
  else if (key == "instance_type")
    r.instance_type = v;
  else if (key == "region")
    r.region = v;
  else if (key == "instance_count") {
    r.instances = quantity<units::instance_t>::from_value(number(row, c_value));
    p.instances_seen = true;
  } else if (key == "purchase_option") {
    r.option = parse_option(v);
    if (!r.option) {
      row_fail(row, "value",
               "'" + v +
                   "' is not a purchase option (on-demand, reserved, savings-plan, spot, "
                   "capacity-block)");
    }
  } else if (key == "price_consulted") {
    try {
      r.price_consulted = parse_date(v);
    } catch (const error& e) {
      row_fail(row, "value", bare(e));
    }
  } else if (key == "first_data_touch") {
    r.first_data_touch = time_of(row, c_value);
  } else if (key == "quality_metric") {
    p.metric = v;
  } else if (key == "quality_target") {
    p.target = number(row, c_value);
    p.target_origin = row.origin;
  } else if (key == "quality_direction") {
    if (v != "lower" && v != "higher") {
      row_fail(row, "value", "'" + v + "' is not a direction (lower, higher)");
    }
    p.higher_is_better = v == "higher";
  } else if (key == "data_read_gib")
    r.data.read = gib(row);
  else if (key == "data_written_gib")
    r.data.written = gib(row);
  else if (key == "storage_kept_gib")
    r.data.storage_kept = gib(row);
  else if (key == "log_volume_gib")
    r.data.logs = gib(row);
  else if (key.rfind("param.", 0) == 0 && key.size() > 6)
    r.parameters.emplace_back(key.substr(6), v);
  else if (key.rfind("stack.", 0) == 0 && key.size() > 6) {
    r.software_stack.emplace_back(key.substr(6), v);
  } else {
    row_fail(row, "name",
             "'" + key +
                 "' is not a run field (model_id, code_version, dataset_id, "
                 "instance_type, instance_count, region, purchase_option, price_consulted, "
                 "first_data_touch, quality_metric, quality_target, quality_direction, "
                 "data_read_gib, data_written_gib, storage_kept_gib, log_volume_gib, param.<name>, "
                 "stack.<component>)");
  }
}

}  // namespace readers::detail

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_RUN_LOG_IPP
