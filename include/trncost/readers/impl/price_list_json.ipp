// The definitions of readers/price_list_json.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_PRICE_LIST_JSON_IPP
#define TRNCOST_READERS_IMPL_PRICE_LIST_JSON_IPP

#include "../price_list_json.hpp"

namespace trncost {

namespace readers {

[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_json(std::istream& in, std::string_view file,
                                                          const pricing::offer_filter& filter,
                                                          offer_read_stats* stats) {
  pricing::offer out;
  out.header.source = std::string(file);
  detail::istream_input input(in);
  detail::offer_json_handler handler(filter, input, out);
  detail::unique_keys<detail::offer_json_handler> guard(handler);
  const rapidjson::ParseResult result = detail::parse_json_stream_with(input, guard);
  if (result.IsError()) {
    if (guard.duplicate()) detail::fail_duplicate_key(file, 0, guard, result.Offset());
    if (handler.failed) {
      fail(input_position::at_byte(file, handler.error_offset), handler.error_field,
           handler.error_rule);
    }
    std::string rule = "invalid JSON: ";
    rule += detail::json_error_text(result.Code());
    if (input.Peek() == '\0') rule += " (the input ends early: truncated file?)";
    fail(input_position::at_byte(file, result.Offset()), handler.context(), rule);
  }
  handler.stats.bytes = input.Tell();
  if (stats != nullptr) *stats = handler.stats;
  if (out.products.empty()) {
    throw input_error(std::string(file) + ": no product matches the filter (" + filter.describe() +
                      ") among the " + std::to_string(handler.stats.products) +
                      " products of the file");
  }
  return out;
}

[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_json_file(const std::string& path,
                                                               const pricing::offer_filter& filter,
                                                               offer_read_stats* stats) {
  std::ifstream in = open_input_file(path);
  return read_offer_json(in, path, filter, stats);
}

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_PRICE_LIST_JSON_IPP
