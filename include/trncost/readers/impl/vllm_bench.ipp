// The definitions of readers/vllm_bench.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_VLLM_BENCH_IPP
#define TRNCOST_READERS_IMPL_VLLM_BENCH_IPP

#include "../vllm_bench.hpp"

namespace trncost {

namespace readers::detail {

TRNCOST_DECL timestamp parse_bench_date(std::string_view text, const input_position& where) {
  const auto bad = [&](std::string_view why) -> void {
    fail(where, "column 'Date'",
         trncost::detail::quoted_for_message(text) +
             " is not a benchmark date (YYYY-MM-DD-HH-MM-SS)" + std::string(why));
  };
  if (text.size() != 19 || text[10] != '-' || text[13] != '-' || text[16] != '-') bad("");
  std::string iso(text);
  iso[10] = 'T';
  iso[13] = ':';
  iso[16] = ':';
  iso += 'Z';
  try {
    return parse_timestamp(iso);
  } catch (const error&) {
    bad(": no such day or time");
  }
  return {};
}

TRNCOST_DECL vllm_load_level parse_input_type(std::string_view text, const input_position& where) {
  const auto bad = [&](std::string_view why) {
    fail(where, "column 'Input type'",
         trncost::detail::quoted_for_message(text) + " is not a load level (" + std::string(why) +
             "; expected a mode such as synchronous or throughput, or a mode at a rate such as "
             "asynchronous@2.46 req/sec)");
  };
  vllm_load_level level;
  const auto at = text.find('@');
  const std::string_view mode = text.substr(0, at);
  if (mode.empty()) bad("no mode");
  for (char c : mode) {
    if (!((c >= 'a' && c <= 'z') || c == '_')) bad("the mode has a character other than a-z or _");
  }
  level.mode = std::string(mode);
  if (at != std::string_view::npos) {
    std::string_view rate = text.substr(at + 1);
    constexpr std::string_view suffix = " req/sec";
    if (rate.size() <= suffix.size() || rate.substr(rate.size() - suffix.size()) != suffix) {
      bad("the rate does not end in \" req/sec\"");
    }
    rate.remove_suffix(suffix.size());
    decimal r;
    if (!measurement_decimal(rate, r) || r.signum() <= 0) bad("the rate is not a positive number");
    level.rate = r;
  }
  if (level.mode == "synchronous") level.concurrency = 1;
  return level;
}

TRNCOST_DECL decimal bench_number(const csv_reader& reader, std::size_t index,
                                  std::string_view column) {
  const std::string_view text = reader[index];
  const std::string field = "column '" + std::string(column) + "'";
  if (text.empty()) fail(reader.position(), field, "is empty; every result row gives it");
  decimal v;
  if (!measurement_decimal(text, v)) {
    // A number all the same ("1e30", 40 digits): say it is out of range, not that it is none.
    std::size_t i = 0;
    if (text[0] == '-' || text[0] == '+') ++i;
    std::size_t digits = 0;
    while (i < text.size() && ((text[i] >= '0' && text[i] <= '9') || text[i] == '.')) {
      if (text[i] != '.') ++digits;
      ++i;
    }
    if (digits > 0 && i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
      std::size_t j = i + 1;
      if (j < text.size() && (text[j] == '-' || text[j] == '+')) ++j;
      const std::size_t from = j;
      while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
      if (j > from) i = j;
    }
    if (digits > 0 && i == text.size()) {
      fail(reader.position(), field,
           trncost::detail::quoted_for_message(text) +
               " is out of the decimal range (about +/-1.7e20, 18 fractional digits); a measured "
               "figure must lie within it");
    }
    fail(reader.position(), field, trncost::detail::quoted_for_message(text) + " is not a number");
  }
  if (v.is_negative()) {
    fail(reader.position(), field,
         "is " + v.to_string() + "; a measured rate or latency cannot be negative");
  }
  return v;
}

}  // namespace readers::detail

namespace readers {

TRNCOST_DECL vllm_run_config read_vllm_run_config(std::istream& in, std::string file) {
  vllm_run_config c;
  c.file = file;
  std::string line;
  std::uint64_t n = 0;
  std::vector<std::uint64_t> lines;
  while (std::getline(in, line)) {
    ++n;
    if (n == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
    if (n == 1 && (line.rfind("\xFF\xFE", 0) == 0 || line.rfind("\xFE\xFF", 0) == 0)) {
      fail(input_position::at_line(file, 1), "",
           "the file is UTF-16 (it begins with a UTF-16 byte-order mark); save it as UTF-8");
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto where = input_position::at_line(file, n);
    std::string_view s = line;
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    if (s.empty() || s.front() == '#') continue;
    if (s.rfind("export ", 0) == 0) s.remove_prefix(7);
    const auto eq = s.find('=');
    if (eq == std::string_view::npos) {
      fail(where, "", "expected KEY=VALUE (a run configuration line)");
    }
    const std::string key(s.substr(0, eq));
    bool key_ok = !key.empty() && !(key[0] >= '0' && key[0] <= '9');
    for (char ch : key) {
      key_ok = key_ok && ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
                          (ch >= '0' && ch <= '9') || ch == '_');
    }
    if (!key_ok) {
      fail(where, "",
           trncost::detail::quoted_for_message(key) +
               " is not a variable name (letters, digits and _, not starting with a "
               "digit)");
    }
    std::string_view v = s.substr(eq + 1);
    if (!v.empty() && (v.front() == '\'' || v.front() == '"')) {
      if (v.size() < 2 || v.back() != v.front()) {
        fail(where, key, "the quote that opens the value is not closed on its line");
      }
      v = v.substr(1, v.size() - 2);
    }
    for (std::size_t i = 0; i < c.entries.size(); ++i) {
      if (c.entries[i].first == key) {
        fail(where, key,
             "is set twice (first on line " + std::to_string(lines[i]) +
                 "); which value the server used is unknown");
      }
    }
    c.entries.emplace_back(key, std::string(v));
    lines.push_back(n);
  }
  if (c.entries.empty()) fail(input_position::whole(file), "", "the run configuration is empty");
  const auto model = c.value("MODEL_ID");
  if (!model || model->empty()) {
    fail(input_position::whole(file), "MODEL_ID",
         "is missing; the run configuration names the model served");
  }
  c.model_id = *model;
  return c;
}

TRNCOST_DECL vllm_run_config read_vllm_run_config(const std::string& path) {
  std::ifstream in = open_input_file(path);
  return read_vllm_run_config(in, path);
}

TRNCOST_DECL vllm_bench_results read_vllm_bench(std::istream& in, std::string file,
                                                std::uint64_t instances,
                                                std::optional<vllm_run_config> config) {
  using namespace detail;
  if (instances == 0) {
    throw input_error("vLLM benchmark " + file +
                      ": instances is 0; say how many instances the benchmarked server ran on");
  }
  vllm_bench_results out;
  out.file = file;
  out.instances = instances;
  csv_reader reader(in, file);
  if (!reader.next()) fail(input_position::whole(file), "", "the result file is empty (no header)");
  const csv_header header(reader);
  std::size_t at[std::size(vllm_columns)];
  for (std::size_t c = 0; c < std::size(vllm_columns); ++c) at[c] = header.require(vllm_columns[c]);

  std::string expected_model;
  std::string config_text;
  if (config) {
    expected_model = config->model_id;
    for (char& ch : expected_model) {
      if (ch == '/') ch = '_';
    }
    config_text = "; run configuration " + config->file + ": " + config->summary();
  }
  const std::string per_instance =
      instances == 1 ? "served from 1 instance"
                     : "divided by the " + std::to_string(instances) + " instances served from";

  struct seen_row {
    std::string figures;
    std::string origin;
  };
  std::map<std::string, seen_row, std::less<>> seen;  // by model_id, Date, Input type
  while (reader.next()) {
    if (reader.blank()) continue;
    header.check_width(reader);
    const input_position where = reader.position();
    const std::string origin = where.to_string();
    const std::string model(reader[at[v_model]]);
    if (model.empty())
      fail(where, "column 'model_id'", "is empty; every result row names its model");
    if (config && model != expected_model) {
      fail(where, "column 'model_id'",
           "'" + model + "' is not the model of the run configuration " + config->file +
               " (MODEL_ID " + config->model_id + ", written '" + expected_model +
               "' in results); the configuration is not this run's");
    }
    const std::string date_text(reader[at[v_date]]);
    const std::string input(reader[at[v_input]]);
    std::string figures;
    for (vllm_column c : {v_rps, v_request_latency, v_ttft, v_itl, v_output_tps}) {
      figures += std::string(reader[at[c]]) + ",";
    }
    std::string key = model + '\n' + date_text + '\n' + input;
    if (const auto it = seen.find(key); it != seen.end()) {
      if (it->second.figures != figures) {
        fail(where, "",
             "gives other figures than " + it->second.origin +
                 " for the same model_id, Date and Input type ('" + input +
                 "'); which one was measured is unknown");
      }
      out.duplicates.push_back(origin + " repeats " + it->second.origin);
      continue;
    }
    seen.emplace(std::move(key), seen_row{figures, origin});

    const timestamp started = parse_bench_date(date_text, where);
    vllm_load_level level = parse_input_type(input, where);
    const std::string run_id = model + "#" + date_text;
    const auto from_row = [&](vllm_column c, std::string_view what) {
      return provenance{measured{.run_id = run_id,
                                 .method = "vLLM benchmark " + origin + ", column '" +
                                           std::string(vllm_columns[c]) + "', Input type '" +
                                           input + "': " + std::string(what) + "; Date " +
                                           date_text + " read as UTC" + config_text,
                                 .from = started,
                                 .to = started}};
    };
    const auto number = [&](vllm_column c) { return bench_number(reader, at[c], vllm_columns[c]); };
    const auto per = [&](decimal v) { return instances == 1 ? v : v / decimal(instances); };
    out.points.push_back(vllm_operating_point{
        .origin = origin,
        .model_id = model,
        .run_id = run_id,
        .started = started,
        .input_type = input,
        .mode = std::move(level.mode),
        .offered_rate = level.rate,
        .concurrency = level.concurrency,
        .output_tokens_per_second = sourced(
            "serving_output_tokens_per_second",
            quantity<units::tokens_per_second_t>::from_value(per(number(v_output_tps))),
            from_row(v_output_tps, "output tokens over the level's duration, " + per_instance)),
        .requests_per_second = sourced(
            "serving_requests_per_second",
            quantity<units::requests_per_second_t>::from_value(per(number(v_rps))),
            from_row(v_rps, "completed requests over the level's duration, " + per_instance)),
        .request_latency = sourced("serving_request_latency",
                                   quantity<units::second_t>::from_value(number(v_request_latency)),
                                   from_row(v_request_latency, "mean over the level's requests")),
        .time_to_first_token = sourced("serving_time_to_first_token",
                                       quantity<units::millisecond_t>::from_value(number(v_ttft)),
                                       from_row(v_ttft, "mean over the level's requests")),
        .inter_token_latency = sourced("serving_inter_token_latency",
                                       quantity<units::millisecond_t>::from_value(number(v_itl)),
                                       from_row(v_itl, "mean over the level's tokens"))});
  }
  if (out.points.empty()) {
    fail(input_position::whole(file), "", "the result file has a header but no result row");
  }
  out.config = std::move(config);
  return out;
}

TRNCOST_DECL vllm_bench_results read_vllm_bench(const std::string& path, std::uint64_t instances,
                                                const std::string& config_path) {
  std::optional<vllm_run_config> config;
  if (!config_path.empty()) config = read_vllm_run_config(config_path);
  std::ifstream in = open_input_file(path);
  return read_vllm_bench(in, path, instances, std::move(config));
}

}  // namespace readers

namespace readers::detail {

TRNCOST_DECL std::string latency_breach(const vllm_operating_point& p, const latency_target& t) {
  const std::string stat(statistic_name(t.statistic));
  std::string out;
  const auto add = [&](std::string_view what, const decimal& v, const decimal& max,
                       std::string_view unit) {
    if (v > max) {
      if (!out.empty()) out += ", ";
      out += stat + " " + std::string(what) + " " + v.to_string() + " " + std::string(unit) +
             " > " + max.to_string() + " " + std::string(unit);
    }
  };
  if (t.max_time_to_first_token) {
    add("TTFT", p.time_to_first_token.value().value(), t.max_time_to_first_token->value(), "ms");
  }
  if (t.max_inter_token_latency) {
    add("ITL", p.inter_token_latency.value().value(), t.max_inter_token_latency->value(), "ms");
  }
  if (t.max_request_latency) {
    add("request latency", p.request_latency.value().value(), t.max_request_latency->value(), "s");
  }
  return out;
}

TRNCOST_DECL std::string describe_target(const latency_target& t) {
  const std::string stat(statistic_name(t.statistic));
  std::string out;
  const auto add = [&](std::string part) {
    if (!out.empty()) out += " and ";
    out += stat + " " + part;
  };
  if (t.max_time_to_first_token)
    add("TTFT <= " + t.max_time_to_first_token->value().to_string() + " ms");
  if (t.max_inter_token_latency)
    add("ITL <= " + t.max_inter_token_latency->value().to_string() + " ms");
  if (t.max_request_latency) {
    add("request latency <= " + t.max_request_latency->value().to_string() + " s");
  }
  return out;
}

}  // namespace readers::detail

namespace readers {

TRNCOST_DECL vllm_operating_point select_operating_point(const vllm_bench_results& results,
                                                         const latency_target& target,
                                                         std::string_view model_id) {
  const std::string where = "vLLM benchmark " + results.file + ": ";
  if (!target.max_time_to_first_token && !target.max_inter_token_latency &&
      !target.max_request_latency) {
    throw input_error(where + "the latency target sets no bound (TTFT, ITL or request latency)");
  }
  if (target.statistic != latency_statistic::mean) {
    throw input_error(where + "the target bounds the " +
                      std::string(statistic_name(target.statistic)) +
                      " latency, but the results give means (guidellm's averages over each "
                      "level's requests); state the target on the mean");
  }
  std::vector<const vllm_operating_point*> candidates;
  std::string models;
  for (const auto& p : results.points) {
    if (models.find("'" + p.model_id + "'") == std::string::npos) {
      models += (models.empty() ? "" : ", ") + ("'" + p.model_id + "'");
    }
    if (model_id.empty() || p.model_id == model_id) candidates.push_back(&p);
  }
  if (model_id.empty() && models.find(',') != std::string::npos) {
    throw input_error(where + "the results hold several models (" + models +
                      "); name the one to serve");
  }
  if (candidates.empty()) {
    throw input_error(where + "no result for model '" + std::string(model_id) + "' (the file has " +
                      models + ")");
  }
  const vllm_operating_point* best = nullptr;
  std::string rejected;
  std::size_t meeting = 0;
  for (const auto* p : candidates) {
    const std::string breach = detail::latency_breach(*p, target);
    if (!breach.empty()) {
      rejected +=
          (rejected.empty() ? "" : "; ") + p->origin + " '" + p->input_type + "': " + breach;
      continue;
    }
    ++meeting;
    if (best == nullptr || p->output_tokens_per_second.value().value() >
                               best->output_tokens_per_second.value().value()) {
      best = p;
    }
  }
  const std::string wanted = detail::describe_target(target);
  if (best == nullptr) {
    throw input_error(where + "no operating point meets " + wanted + " (" + rejected + ")");
  }
  const std::string reason = "chosen as the highest output throughput per instance meeting " +
                             wanted + ": " + best->origin + " '" + best->input_type + "' at " +
                             best->output_tokens_per_second.value().value().to_string() +
                             " token/s, among " + std::to_string(meeting) + " of " +
                             std::to_string(candidates.size()) + " points meeting it" +
                             (rejected.empty() ? std::string() : "; left out: " + rejected);
  vllm_operating_point chosen = *best;
  chosen.output_tokens_per_second = detail::with_reason(best->output_tokens_per_second, reason);
  chosen.requests_per_second = detail::with_reason(best->requests_per_second, reason);
  chosen.request_latency = detail::with_reason(best->request_latency, reason);
  chosen.time_to_first_token = detail::with_reason(best->time_to_first_token, reason);
  chosen.inter_token_latency = detail::with_reason(best->inter_token_latency, reason);
  return chosen;
}

}  // namespace readers

namespace readers {

TRNCOST_DECL auto vllm_run_config::value(std::string_view key) const -> std::optional<std::string> {
  for (const auto& [k, v] : entries) {
    if (k == key) return v;
  }
  return std::nullopt;
}

TRNCOST_DECL auto vllm_run_config::summary() const -> std::string {
  std::string s;
  for (const auto& [k, v] : entries) {
    if (!s.empty()) s += ", ";
    s += k + "=" + v;
  }
  return s;
}

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_VLLM_BENCH_IPP
