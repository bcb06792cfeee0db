// A local price store: the rows of AWS Price List offer files that a filter selected, kept in one
// SQLite file with their offer code, region, offer version, publication date, SKU, term and rate
// codes and the file or URL they came from. Several versions of one offer sit side by side, so "the
// prices in force on the as-of date" is a query and an estimate made last month can be recomputed
// with last month's prices. Rows enter through the offer readers (price_list.hpp: the same filter,
// the same checks) and leave as the same pricing::offer the readers return, so a price book fed
// from the store holds exactly what it would hold fed from the files. SQLite (Debian
// libsqlite3-dev) is used here only; link with -lsqlite3.
#ifndef TRNCOST_READERS_PRICE_STORE_HPP
#define TRNCOST_READERS_PRICE_STORE_HPP

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../pricing/offer.hpp"
#include "../provenance/date.hpp"
#include "../units/decimal.hpp"
#include "detail/input.hpp"

namespace trncost::readers {

/// The layout this trncost writes (meta key "schema"). Layout 2 keeps a SHA-256 digest with every
/// price (of the row as read and the version it came from) and one per version (of its prices, in
/// order); layout 1 (before digests) is still read, and upgraded in place when opened for writing.
inline constexpr int price_store_schema = 2;

/// What a stored offer version came with, beyond the offer file itself.
struct price_store_origin {
  std::string region;  ///< the region the file covers ("us-east-1"); "" for a whole-offer file
  std::string source;  ///< the URL or path it was read from (becomes the prices' source)
  date retrieved{};    ///< the day it was downloaded or read
  std::string filter;  ///< the filter it was read with (offer_filter::describe())
  std::optional<timestamp> effective_begin;  ///< from the version index, when known
  std::optional<timestamp> effective_end;    ///< empty: open (the current version) or unknown
};

/// One offer version in the store.
struct stored_offer_version {
  std::int64_t id = 0;
  std::string offer_code;
  std::string version;
  timestamp published{};
  price_store_origin origin;
  std::uint64_t products = 0;
  std::uint64_t lines = 0;
};

namespace detail {

/// One prepared statement; finalized on destruction.
class sqlite_statement {
 public:
  sqlite_statement(sqlite3* db, std::string_view sql, const std::string& file);
  sqlite_statement(const sqlite_statement&) = delete;
  sqlite_statement& operator=(const sqlite_statement&) = delete;
  ~sqlite_statement() { sqlite3_finalize(st_); }

  sqlite_statement& bind(int i, std::string_view v);
  sqlite_statement& bind(int i, std::int64_t v) {
    check(sqlite3_bind_int64(st_, i, v));
    return *this;
  }
  sqlite_statement& bind_null(int i) {
    check(sqlite3_bind_null(st_, i));
    return *this;
  }
  /// true while a row is available.
  bool step();
  void run() {
    (void)step();
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
  }
  void reset() {
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
  }
  [[nodiscard]] std::string text(int col) const;
  [[nodiscard]] bool is_null(int col) const { return sqlite3_column_type(st_, col) == SQLITE_NULL; }
  [[nodiscard]] std::int64_t integer(int col) const { return sqlite3_column_int64(st_, col); }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) fail("cannot bind a value");
  }
  [[noreturn]] void fail(const std::string& what);
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
  const std::string& file_;
};

/// Attributes as one text: name, 0x1F, value, 0x1E per attribute (in the reader's order). Names and
/// values holding these two control characters are refused on the way in.
TRNCOST_DECL std::string attributes_text(const pricing::attribute_list& list);

TRNCOST_DECL pricing::attribute_list attributes_of(std::string_view text, const std::string& file);

TRNCOST_DECL bool has_separator(std::string_view s);

TRNCOST_DECL std::string opt_text(const std::optional<timestamp>& t);

/// SHA-256 (FIPS 180-4), for the digests the store keeps with each price and for names that must
/// not come from text read off the network (the command's cache). Fed in pieces; hex() finishes.
class sha256 {
 public:
  sha256& update(std::string_view data);
  /// The digest as 64 lower-case hex digits; the object is spent afterwards.
  [[nodiscard]] std::string hex();

 private:
  void block(const unsigned char* p);
  std::uint32_t h_[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                         0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
  unsigned char buf_[64] = {};
  std::size_t used_ = 0;
  std::uint64_t bytes_ = 0;
};

[[nodiscard]] TRNCOST_DECL std::string sha256_hex(std::string_view data);

/// The digest a stored price carries: its offer version (code, version, publication date, currency,
/// format, file region), the region it is stored under, its product (SKU, family, attributes), its
/// term (type, SKU, code, effective date, attributes) and the line itself (rate code, description,
/// range, unit, exact price, position in the file, attributes), each field length-prefixed. Not a
/// signature: it tells a row changed after trncost stored it from one trncost stored.
[[nodiscard]] TRNCOST_DECL std::string price_digest(const pricing::offer_header& h,
                                                    std::string_view region,
                                                    const pricing::offer_product* product,
                                                    const pricing::offer_term& term,
                                                    const pricing::price_dimension& line);

/// Who holds a lock on the file at `path` ("process 1234 (trncost)"), when the system says
/// (Linux: /proc/locks); "" otherwise.
[[nodiscard]] TRNCOST_DECL std::string lock_holder(const std::string& path);

}  // namespace detail

/// A price store file. Opening for writing creates it (and its tables) when missing or empty, and
/// nowhere else: a file that exists must already be a trncost price store. Opening refuses, each
/// with its own sentence and without changing the file: a path that is not a regular file, a file
/// that is not a SQLite database or not a trncost store, a damaged one (truncated, or failing
/// SQLite's quick_check: where), one locked by another program (which, when the system says), one
/// written by a newer trncost. load() refuses a price whose row no longer matches its digest
/// (docs/prices.md).
class price_store {
 public:
  enum class mode { read, write };

  explicit price_store(std::string path, mode m = mode::read);
  price_store(const price_store&) = delete;
  price_store& operator=(const price_store&) = delete;
  ~price_store() { sqlite3_close(db_); }

  [[nodiscard]] const std::string& path() const noexcept { return path_; }

  /// Adds an offer as the reader returned it, as one version: in one transaction, so a failure
  /// leaves the store as it was. The same offer code, region and version already stored are
  /// replaced (a re-fetch, perhaps with another filter). Returns the version's id.
  std::int64_t put(const pricing::offer& o, const price_store_origin& origin);

  /// Every stored version: by offer code, region, then publication date.
  [[nodiscard]] std::vector<stored_offer_version> versions() const;

  /// The versions in force on `as_of`: for each offer code and region, the version published
  /// last on or before that day (the price list's own rule: a version holds until the next one is
  /// published). Offers with no version published by then are left out.
  [[nodiscard]] std::vector<stored_offer_version> in_force(date as_of) const;

  /// One stored version as the offer the reader returned (its source: the stored URL or path).
  [[nodiscard]] pricing::offer load(std::int64_t id) const;

 private:
  void exec(const char* sql);

  void create();

  void check_file(bool exists, std::uint64_t size) const;

  void check_layout(mode m);

  void upgrade_from_layout_1();

  [[nodiscard]] pricing::offer load_rows(std::int64_t id, bool verify) const;

  /// Throws the sentence for SQLite's result `rc` while `doing`: locked, damaged or another
  /// failure.
  [[noreturn]] void refuse(int rc, const std::string& doing) const;

  [[nodiscard]] timestamp stored_timestamp(const std::string& text, std::string_view column) const;
  [[nodiscard]] date stored_date(const std::string& text, std::string_view column) const;

  std::string path_;
  sqlite3* db_ = nullptr;
  int layout_ = price_store_schema;
};

/// The offers a store holds in force on `as_of` (price_store::in_force), loaded; what a scenario's
/// `[prices] store` reads (scenario::build_model(spec, readers::price_store_offers)). A store with
/// nothing published by then is an input_error listing what it holds.
[[nodiscard]] TRNCOST_DECL std::vector<pricing::offer> price_store_offers(const std::string& path,
                                                                          date as_of);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/price_store.ipp"
#endif

#endif  // TRNCOST_READERS_PRICE_STORE_HPP
