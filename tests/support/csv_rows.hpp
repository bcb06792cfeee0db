// The rows of a CSV text (the FOCUS export, a bill) as maps from column name to field, read with
// the library's own CSV reader: each row has the header's width.
#ifndef TRNCOST_TESTS_SUPPORT_CSV_ROWS_HPP
#define TRNCOST_TESTS_SUPPORT_CSV_ROWS_HPP

#include <doctest/doctest.h>

#include <map>
#include <sstream>
#include <string>
#include <trncost/readers/detail/csv.hpp>
#include <vector>

namespace trncost_support {

inline std::vector<std::map<std::string, std::string>> csv_rows(const std::string& text) {
  std::istringstream in(text);
  trncost::readers::detail::csv_reader reader(in, "focus.csv");
  REQUIRE(reader.next());
  std::vector<std::string> header;
  for (std::size_t i = 0; i < reader.size(); ++i) header.emplace_back(reader[i]);
  std::vector<std::map<std::string, std::string>> rows;
  while (reader.next()) {
    REQUIRE(reader.size() == header.size());
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size(); ++i) row[header[i]] = std::string(reader[i]);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace trncost_support

#endif  // TRNCOST_TESTS_SUPPORT_CSV_ROWS_HPP
