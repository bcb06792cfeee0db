// The definitions of io/run_log.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_IO_IMPL_RUN_LOG_IPP
#define TRNCOST_IO_IMPL_RUN_LOG_IPP

#include "../run_log.hpp"

namespace trncost {

namespace io::detail {

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

}  // namespace io::detail

namespace io {

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

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_IO_IMPL_RUN_LOG_IPP
