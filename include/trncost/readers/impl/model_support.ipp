// The definitions of readers/model_support.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_MODEL_SUPPORT_IPP
#define TRNCOST_READERS_IMPL_MODEL_SUPPORT_IPP

#include "../model_support.hpp"

namespace trncost {

namespace readers::detail {

TRNCOST_DECL std::optional<ms_col> find_ms_column(std::string_view name) noexcept {
  for (std::size_t i = 0; i < model_support_columns.size(); ++i) {
    if (model_support_columns[i] == name) return static_cast<ms_col>(i);
  }
  return std::nullopt;
}

TRNCOST_DECL bool is_required(ms_col c) noexcept {
  return c == ms_col::model_id || c == ms_col::result || c == ms_col::tp ||
         c == ms_col::neuronx_cc || c == ms_col::tested_at;
}

[[noreturn]] TRNCOST_DECL void fail_cell(std::string_view file, std::uint64_t line, ms_col c,
                                         std::string_view rule) {
  readers::fail(input_position::at_line(file, line),
                "column '" + std::string(model_support_columns[static_cast<std::size_t>(c)]) + "'",
                rule);
}

TRNCOST_DECL std::optional<std::int64_t> parse_whole(std::string_view text) noexcept {
  if (const auto dot = text.find('.'); dot != std::string_view::npos) {
    for (std::size_t i = dot + 1; i < text.size(); ++i) {
      if (text[i] != '0') return std::nullopt;
    }
    if (dot + 1 == text.size()) return std::nullopt;
    text = text.substr(0, dot);
  }
  if (text.empty() || text.size() > 15) return std::nullopt;
  std::int64_t v = 0;
  for (const char ch : text) {
    if (ch < '0' || ch > '9') return std::nullopt;
    v = v * 10 + (ch - '0');
  }
  return v;
}

TRNCOST_DECL bool digits(std::string_view t, std::size_t at, std::size_t n, int& out) noexcept {
  if (at + n > t.size()) return false;
  out = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (t[i] < '0' || t[i] > '9') return false;
    out = out * 10 + (t[i] - '0');
  }
  return true;
}

TRNCOST_DECL std::optional<timestamp> parse_tested_at(std::string_view t) noexcept {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (!digits(t, 0, 4, y) || t.size() < 10 || t[4] != '-' || !digits(t, 5, 2, mo) || t[7] != '-' ||
      !digits(t, 8, 2, d)) {
    return std::nullopt;
  }
  const date day{y, static_cast<unsigned>(mo), static_cast<unsigned>(d)};
  if (!day.ok()) return std::nullopt;
  std::size_t i = 10;
  if (i < t.size()) {
    if ((t[i] != 'T' && t[i] != ' ') || !digits(t, i + 1, 2, h) || i + 3 >= t.size() ||
        t[i + 3] != ':' || !digits(t, i + 4, 2, mi)) {
      return std::nullopt;
    }
    i += 6;
    if (i < t.size() && t[i] == ':') {
      if (!digits(t, i + 1, 2, s)) return std::nullopt;
      i += 3;
      if (i < t.size() && t[i] == '.') {
        ++i;
        const std::size_t start = i;
        while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
        if (i == start) return std::nullopt;
      }
    }
    if (h > 23 || mi > 59 || s > 59) return std::nullopt;
  }
  int offset_minutes = 0;
  if (i < t.size()) {
    if (t[i] == 'Z' && i + 1 == t.size()) {
      ++i;
    } else if (t[i] == '+' || t[i] == '-') {
      const int sign = t[i] == '-' ? -1 : 1;
      int oh = 0, om = 0;
      if (!digits(t, i + 1, 2, oh)) return std::nullopt;
      i += 3;
      if (i < t.size()) {
        if (t[i] == ':') ++i;
        if (!digits(t, i, 2, om)) return std::nullopt;
        i += 2;
      }
      if (oh > 23 || om > 59) return std::nullopt;
      offset_minutes = sign * (oh * 60 + om);
    }
  }
  if (i != t.size()) return std::nullopt;
  return timestamp(
      day, std::int64_t{h} * 3600 + std::int64_t{mi} * 60 + s - std::int64_t{offset_minutes} * 60);
}

TRNCOST_DECL void assign(compat::evidence_row& row, compat::software_stack& stack, ms_col c,
                         std::string_view v, std::string_view file, std::uint64_t line) {
  switch (c) {
    case ms_col::model_id:
      row.model_id.assign(v);
      break;
    case ms_col::library:
      stack.library.assign(v);
      break;
    case ms_col::runner:
      row.runner.assign(v);
      break;
    case ms_col::result:
      row.result.assign(v);
      break;
    case ms_col::notes:
      row.notes.assign(v);
      break;
    case ms_col::error:
      row.error.assign(v);
      break;
    case ms_col::exclusion:
      row.exclusion.assign(v);
      break;
    case ms_col::cpu_match:
      row.cpu_match.assign(v);
      break;
    case ms_col::english:
      row.english.assign(v);
      break;
    case ms_col::neuronx_cc:
      stack.neuronx_cc.assign(v);
      break;
    case ms_col::library_version:
      stack.library_version.assign(v);
      break;
    case ms_col::transformers:
      stack.transformers.assign(v);
      break;
    case ms_col::accelerate:
      stack.accelerate.assign(v);
      break;
    case ms_col::torch_neuronx:
      stack.torch_neuronx.assign(v);
      break;
    case ms_col::torch:
      stack.torch.assign(v);
      break;
    case ms_col::nki:
      stack.nki.assign(v);
      break;
    case ms_col::python:
      stack.python.assign(v);
      break;
    case ms_col::neuron_driver:
      stack.neuron_driver.assign(v);
      break;
    case ms_col::run_py:
      row.run_py.assign(v);
      break;
    case ms_col::tp:
      if (v.empty()) break;
      row.tp = parse_whole(v);
      if (!row.tp || *row.tp < 1) {
        fail_cell(file, line, c,
                  "'" + std::string(v) + "' is not a whole number of NeuronCores (1 or more)");
      }
      break;
    case ms_col::wall_s:
      if (v.empty()) break;
      row.wall_s = parse_whole(v);
      if (!row.wall_s) {
        fail_cell(file, line, c, "'" + std::string(v) + "' is not a whole number of seconds");
      }
      break;
    case ms_col::hbm_peak_gb:
    case ms_col::hbm_capacity_gb: {
      if (v.empty()) break;
      try {
        const decimal gb = decimal::parse(v);
        if (gb.is_negative()) throw parse_error("negative");
        (c == ms_col::hbm_peak_gb ? row.hbm_peak_gb : row.hbm_capacity_gb) = gb;
      } catch (const error&) {
        fail_cell(file, line, c,
                  "'" + std::string(v) + "' is not a non-negative decimal number of GB");
      }
      break;
    }
    case ms_col::tested_at: {
      const auto at = parse_tested_at(v);
      if (!at) {
        fail_cell(file, line, c,
                  "'" + std::string(v) +
                      "' is not a UTC timestamp (YYYY-MM-DD[ HH:MM[:SS[.fff]]][Z|+HH[:MM]])");
      }
      row.tested_at = *at;
      row.tested_at_text.assign(v);
      break;
    }
    case ms_col::count:
      break;
  }
}

TRNCOST_DECL void clear(compat::software_stack& s) noexcept {
  for (auto* f : {&s.neuronx_cc, &s.torch_neuronx, &s.torch, &s.library, &s.library_version,
                  &s.transformers, &s.accelerate, &s.nki, &s.python, &s.neuron_driver}) {
    f->clear();
  }
}

TRNCOST_DECL void finish_row(compat::evidence_row& row, const std::array<bool, 24>& seen,
                             std::string_view file, std::uint64_t line) {
  for (std::size_t i = 0; i < seen.size(); ++i) {
    const auto c = static_cast<ms_col>(i);
    if (!is_required(c)) continue;
    if (!seen[i]) fail_cell(file, line, c, "is required but missing from the record");
  }
  if (row.model_id.empty()) fail_cell(file, line, ms_col::model_id, "is empty");
  if (row.tested_at_text.empty()) fail_cell(file, line, ms_col::tested_at, "is empty");
  row.kind = compat::classify_result(row.result);
  if (row.result.empty() && !row.exclusion.empty()) row.kind = compat::test_result::excluded;
  row.line = line;
}

TRNCOST_DECL void note_missing_optional(compat::evidence_set& set,
                                        const std::array<bool, 24>& present,
                                        std::string_view where) {
  std::string missing;
  for (std::size_t i = 0; i < present.size(); ++i) {
    if (present[i]) continue;
    missing += (missing.empty() ? "'" : ", '") + std::string(model_support_columns[i]) + "'";
  }
  if (!missing.empty()) {
    set.note(std::string(where) + ": optional columns absent (files differ): " + missing +
             "; their values are empty, never zero");
  }
}

}  // namespace readers::detail

namespace readers {

[[nodiscard]] TRNCOST_DECL compat::evidence_set read_model_support_csv(std::istream& in,
                                                                       compat::dataset_ref source) {
  compat::evidence_set set(source);
  const std::string& file = set.source().file;
  detail::csv_reader reader(in, file);
  if (!reader.next())
    readers::fail(input_position::whole(file), "", "the export is empty (no header)");
  const detail::csv_header header(reader);
  for (const auto name : model_support_required_columns) (void)header.require(name);
  std::vector<std::optional<detail::ms_col>> by_index(header.size());
  std::array<bool, 24> present{};
  std::string ignored;
  for (std::size_t i = 0; i < header.size(); ++i) {
    by_index[i] = detail::find_ms_column(header.name(i));
    if (by_index[i]) {
      present[static_cast<std::size_t>(*by_index[i])] = true;
    } else {
      ignored += (ignored.empty() ? "'" : ", '") + header.name(i) + "'";
    }
  }
  const std::string header_at = file + ":" + std::to_string(reader.line());
  detail::note_missing_optional(set, present, header_at);
  if (!ignored.empty()) {
    set.note(header_at + ": columns trncost does not read, ignored: " + ignored);
  }
  compat::software_stack stack;  // scratch: the set keeps one shared copy per distinct stack
  while (reader.next()) {
    if (reader.blank()) continue;
    header.check_width(reader);
    compat::evidence_row row;
    for (std::size_t i = 0; i < by_index.size(); ++i) {
      if (by_index[i]) detail::assign(row, stack, *by_index[i], reader[i], file, reader.line());
    }
    detail::finish_row(row, present, file, reader.line());
    row.stack = set.intern(stack);
    set.add(std::move(row));
  }
  return set;
}

[[nodiscard]] TRNCOST_DECL compat::evidence_set read_model_support_jsonl(
    std::istream& in, compat::dataset_ref source) {
  compat::evidence_set set(source);
  const std::string& file = set.source().file;
  std::array<std::uint64_t, 24> first_absent{};
  detail::json_lines lines(in, file);
  std::size_t records = 0;
  compat::software_stack stack;  // scratch, as in the CSV reader
  rapidjson::Reader parser;
  while (lines.next()) {
    const std::uint64_t line = lines.line();
    const std::string& text = lines.text();
    if (lines.blank()) continue;
    ++records;
    compat::evidence_row row;
    detail::clear(stack);
    std::array<bool, 24> seen{};
    detail::model_support_record_handler handler(row, stack, seen, file, line);
    detail::unique_keys<detail::model_support_record_handler> guard(handler);
    rapidjson::MemoryStream memory(text.data(), text.size());
    const rapidjson::ParseResult result = parser.Parse<detail::json_parse_flags>(memory, guard);
    if (guard.duplicate()) detail::fail_duplicate_key(file, line, guard, result.Offset());
    if (result.IsError()) {
      readers::fail(input_position::at_line(file, line), "",
                    "invalid JSON at byte " + std::to_string(result.Offset()) +
                        " of the line: " + std::string(detail::json_error_text(result.Code())));
    }
    for (std::size_t i = 0; i < 24; ++i) {
      if (!seen[i] && first_absent[i] == 0) first_absent[i] = line;
    }
    detail::finish_row(row, seen, file, line);
    row.stack = set.intern(stack);
    set.add(std::move(row));
  }
  if (records == 0) readers::fail(input_position::whole(file), "", "the export holds no record");
  std::array<bool, 24> present{};
  for (std::size_t i = 0; i < 24; ++i) present[i] = first_absent[i] == 0;
  detail::note_missing_optional(set, present, file);
  return set;
}

[[nodiscard]] TRNCOST_DECL compat::evidence_set read_model_support_file(const std::string& path,
                                                                        date consulted) {
  std::ifstream in = open_input_file(path);
  compat::dataset_ref src{std::string(compat::model_support_dataset), path, consulted};
  const auto ends_with = [&](std::string_view ext) {
    return path.size() >= ext.size() &&
           path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  if (ends_with(".csv")) return read_model_support_csv(in, std::move(src));
  if (ends_with(".jsonl") || ends_with(".json"))
    return read_model_support_jsonl(in, std::move(src));
  readers::fail(input_position::whole(path), "",
                "unknown extension (expected .csv, .jsonl or .json)");
}

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_MODEL_SUPPORT_IPP
