// The definitions of io/price_store.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_IO_IMPL_PRICE_STORE_IPP
#define TRNCOST_IO_IMPL_PRICE_STORE_IPP

#include "../price_store.hpp"

namespace trncost {

namespace io::detail {

TRNCOST_DECL std::string attributes_text(const pricing::attribute_list& list) {
  std::string s;
  for (const auto& a : list) {
    s += a.name;
    s += '\x1f';
    s += a.value;
    s += '\x1e';
  }
  return s;
}

TRNCOST_DECL pricing::attribute_list attributes_of(std::string_view text, const std::string& file) {
  pricing::attribute_list out;
  while (!text.empty()) {
    const auto end = text.find('\x1e');
    const auto sep = text.find('\x1f');
    if (end == std::string_view::npos || sep == std::string_view::npos || sep > end) {
      throw input_error(file +
                        ": price store: an attribute list is damaged (not name/value pairs)");
    }
    out.push_back(
        {std::string(text.substr(0, sep)), std::string(text.substr(sep + 1, end - sep - 1))});
    text.remove_prefix(end + 1);
  }
  return out;
}

TRNCOST_DECL bool has_separator(std::string_view s) {
  return s.find('\x1e') != std::string_view::npos || s.find('\x1f') != std::string_view::npos;
}

TRNCOST_DECL std::string opt_text(const std::optional<timestamp>& t) {
  return t ? to_string(*t) : "";
}

TRNCOST_DECL auto sha256::update(std::string_view data) -> sha256& {
  bytes_ += data.size();
  for (const char ch : data) {
    buf_[used_++] = static_cast<unsigned char>(ch);
    if (used_ == 64) {
      block(buf_);
      used_ = 0;
    }
  }
  return *this;
}

TRNCOST_DECL auto sha256::hex() -> std::string {
  const std::uint64_t bits = bytes_ * 8;
  buf_[used_++] = 0x80;
  if (used_ > 56) {
    while (used_ < 64) buf_[used_++] = 0;
    block(buf_);
    used_ = 0;
  }
  while (used_ < 56) buf_[used_++] = 0;
  for (int i = 7; i >= 0; --i) buf_[used_++] = static_cast<unsigned char>(bits >> (8 * i));
  block(buf_);
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (const std::uint32_t w : h_) {
    for (int i = 28; i >= 0; i -= 4) out += digits[(w >> i) & 0xfu];
  }
  return out;
}

TRNCOST_DECL auto sha256::block(const unsigned char* p) -> void {
  static constexpr std::uint32_t k[64] = {
      0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u,
      0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu,
      0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu,
      0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
      0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
      0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
      0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u,
      0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
      0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u,
      0xc67178f2u};
  const auto rotr = [](std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
  std::uint32_t w[64];
  for (int i = 0; i < 16; ++i) {
    w[i] = (std::uint32_t{p[4 * i]} << 24) | (std::uint32_t{p[4 * i + 1]} << 16) |
           (std::uint32_t{p[4 * i + 2]} << 8) | std::uint32_t{p[4 * i + 3]};
  }
  for (int i = 16; i < 64; ++i) {
    const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
    const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  std::uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3], e = h_[4], f = h_[5], g = h_[6],
                h = h_[7];
  for (int i = 0; i < 64; ++i) {
    const std::uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
    const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  h_[0] += a;
  h_[1] += b;
  h_[2] += c;
  h_[3] += d;
  h_[4] += e;
  h_[5] += f;
  h_[6] += g;
  h_[7] += h;
}

TRNCOST_DECL std::string sha256_hex(std::string_view data) { return sha256{}.update(data).hex(); }

}  // namespace io::detail

namespace io {

[[nodiscard]] TRNCOST_DECL std::vector<pricing::offer> price_store_offers(const std::string& path,
                                                                          date as_of) {
  const price_store store(path);
  const auto versions = store.in_force(as_of);
  if (versions.empty()) {
    std::string held;
    for (const auto& v : store.versions()) {
      held += (held.empty() ? "" : ", ") + v.offer_code + " " + v.version + " (published " +
              to_string(v.published) + ")";
    }
    throw input_error(path + ": the price store holds no offer version published on or before " +
                      to_string(as_of) +
                      (held.empty() ? " (it is empty)" : " (it holds " + held + ")"));
  }
  std::vector<pricing::offer> out;
  out.reserve(versions.size());
  for (const auto& v : versions) out.push_back(store.load(v.id));
  return out;
}

}  // namespace io

namespace io::detail {

TRNCOST_DECL sqlite_statement::sqlite_statement(sqlite3* db, std::string_view sql,
                                                const std::string& file)
    : db_(db), file_(file) {
  if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &st_, nullptr) !=
      SQLITE_OK) {
    fail("cannot prepare \"" + std::string(sql) + "\"");
  }
}

TRNCOST_DECL auto sqlite_statement::bind(int i, std::string_view v) -> sqlite_statement& {
  check(sqlite3_bind_text(st_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  return *this;
}

TRNCOST_DECL auto sqlite_statement::step() -> bool {
  const int rc = sqlite3_step(st_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail("cannot be read or written");
}

TRNCOST_DECL auto sqlite_statement::text(int col) const -> std::string {
  const auto* p = sqlite3_column_text(st_, col);
  return p == nullptr ? std::string()
                      : std::string(reinterpret_cast<const char*>(p),
                                    static_cast<std::size_t>(sqlite3_column_bytes(st_, col)));
}

TRNCOST_DECL auto sqlite_statement::fail(const std::string& what) -> void {
  throw input_error(file_ + ": price store: " + what + " (SQLite: " + sqlite3_errmsg(db_) + ")");
}

}  // namespace io::detail

namespace io {

TRNCOST_DECL price_store::price_store(std::string path, mode m) : path_(std::move(path)) {
  const int flags =
      m == mode::read ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (sqlite3_open_v2(path_.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string why = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw input_error(path_ + ": price store: cannot be opened (SQLite: " + why + ")");
  }
  sqlite3_busy_timeout(db_, 5000);
  // A constructor that throws runs no destructor: the connection is closed here (LeakSanitizer
  // found it left open when a store's layout was refused).
  try {
    if (m == mode::write) create();
    check_layout();
  } catch (...) {
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw;
  }
}

TRNCOST_DECL auto price_store::put(const pricing::offer& o, const price_store_origin& origin)
    -> std::int64_t {
  if (o.header.offer_code.empty() || o.header.version.empty() || !o.header.published) {
    throw input_error(
        path_ + ": price store: the offer from " + origin.source +
        " lacks its offer code, version or publication date; a stored price needs all three");
  }
  for (const auto& p : o.products) {
    for (const auto& a : p.attributes) {
      if (detail::has_separator(a.name) || detail::has_separator(a.value)) {
        throw input_error(path_ + ": price store: SKU " + p.sku + ", attribute " + a.name +
                          ": holds a control character (0x1E or 0x1F) the store cannot keep");
      }
    }
  }
  exec("BEGIN IMMEDIATE");
  try {
    {
      detail::sqlite_statement del(
          db_, "DELETE FROM offer_versions WHERE offer_code = ?1 AND region = ?2 AND version = ?3",
          path_);
      del.bind(1, o.header.offer_code).bind(2, origin.region).bind(3, o.header.version).run();
    }
    std::uint64_t lines = 0;
    for (const auto& t : o.terms) lines += t.dimensions.size();
    detail::sqlite_statement ins(
        db_,
        "INSERT INTO offer_versions (offer_code, region, version, format_version, published, "
        "currency, "
        "file_region, source, retrieved, filter, effective_begin, effective_end, products, lines) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        path_);
    ins.bind(1, o.header.offer_code).bind(2, origin.region).bind(3, o.header.version);
    ins.bind(4, o.header.format_version)
        .bind(5, to_string(*o.header.published))
        .bind(6, o.header.currency);
    ins.bind(7, o.header.region).bind(8, origin.source).bind(9, to_string(origin.retrieved));
    ins.bind(10, origin.filter).bind(11, detail::opt_text(origin.effective_begin));
    ins.bind(12, detail::opt_text(origin.effective_end));
    ins.bind(13, static_cast<std::int64_t>(o.products.size()))
        .bind(14, static_cast<std::int64_t>(lines));
    ins.run();
    const std::int64_t id = sqlite3_last_insert_rowid(db_);

    detail::sqlite_statement prod(db_,
                                  "INSERT INTO products (version_id, ord, sku, family, attributes) "
                                  "VALUES (?1, ?2, ?3, ?4, ?5)",
                                  path_);
    for (std::size_t i = 0; i < o.products.size(); ++i) {
      const auto& p = o.products[i];
      prod.bind(1, id)
          .bind(2, static_cast<std::int64_t>(i))
          .bind(3, p.sku)
          .bind(4, p.product_family);
      prod.bind(5, detail::attributes_text(p.attributes)).run();
    }
    detail::sqlite_statement term(
        db_,
        "INSERT INTO terms (version_id, ord, type, sku, offer_term_code, effective, "
        "attributes) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        path_);
    detail::sqlite_statement price(
        db_,
        "INSERT INTO prices (term_id, ord, rate_code, description, begin_range, "
        "end_range, unit, price, read_at, attributes) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        path_);
    for (std::size_t i = 0; i < o.terms.size(); ++i) {
      const auto& t = o.terms[i];
      term.bind(1, id).bind(2, static_cast<std::int64_t>(i)).bind(3, t.type).bind(4, t.sku);
      term.bind(5, t.offer_term_code);
      if (t.effective) {
        term.bind(6, to_string(*t.effective));
      } else {
        term.bind_null(6);
      }
      term.bind(7, detail::attributes_text(t.term_attributes)).run();
      const std::int64_t term_id = sqlite3_last_insert_rowid(db_);
      for (std::size_t j = 0; j < t.dimensions.size(); ++j) {
        const auto& d = t.dimensions[j];
        price.bind(1, term_id).bind(2, static_cast<std::int64_t>(j)).bind(3, d.rate_code);
        price.bind(4, d.description).bind(5, d.begin_range).bind(6, d.end_range).bind(7, d.unit);
        price.bind(8, d.price.to_string()).bind(9, static_cast<std::int64_t>(d.offset));
        price.bind(10, detail::attributes_text(d.attributes)).run();
      }
    }
    exec("COMMIT");
    return id;
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

TRNCOST_DECL auto price_store::versions() const -> std::vector<stored_offer_version> {
  std::vector<stored_offer_version> out;
  detail::sqlite_statement q(
      db_,
      "SELECT id, offer_code, region, version, published, source, retrieved, filter, "
      "effective_begin, effective_end, products, lines FROM offer_versions "
      "ORDER BY offer_code, region, published, version",
      path_);
  while (q.step()) {
    stored_offer_version v;
    v.id = q.integer(0);
    v.offer_code = q.text(1);
    v.origin.region = q.text(2);
    v.version = q.text(3);
    v.published = stored_timestamp(q.text(4), "published");
    v.origin.source = q.text(5);
    v.origin.retrieved = stored_date(q.text(6), "retrieved");
    v.origin.filter = q.text(7);
    if (const auto b = q.text(8); !b.empty())
      v.origin.effective_begin = stored_timestamp(b, "effective_begin");
    if (const auto e = q.text(9); !e.empty())
      v.origin.effective_end = stored_timestamp(e, "effective_end");
    v.products = static_cast<std::uint64_t>(q.integer(10));
    v.lines = static_cast<std::uint64_t>(q.integer(11));
    out.push_back(std::move(v));
  }
  return out;
}

TRNCOST_DECL auto price_store::in_force(date as_of) const -> std::vector<stored_offer_version> {
  std::map<std::pair<std::string, std::string>, stored_offer_version> last;
  for (auto& v : versions()) {
    if (v.published.day() > as_of) continue;
    auto key = std::make_pair(v.offer_code, v.origin.region);
    auto it = last.find(key);
    if (it == last.end()) {
      last.emplace(std::move(key), std::move(v));
    } else if (std::tie(v.published, v.version) >
               std::tie(it->second.published, it->second.version)) {
      it->second = std::move(v);
    }
  }
  std::vector<stored_offer_version> out;
  for (auto& [k, v] : last) out.push_back(std::move(v));
  return out;
}

TRNCOST_DECL auto price_store::load(std::int64_t id) const -> pricing::offer {
  pricing::offer o;
  {
    detail::sqlite_statement q(
        db_,
        "SELECT offer_code, version, format_version, published, currency, file_region, "
        "source FROM offer_versions WHERE id = ?1",
        path_);
    q.bind(1, id);
    if (!q.step())
      throw input_error(path_ + ": price store: no offer version " + std::to_string(id));
    o.header.offer_code = q.text(0);
    o.header.version = q.text(1);
    o.header.format_version = q.text(2);
    o.header.published = stored_timestamp(q.text(3), "published");
    o.header.currency = q.text(4);
    o.header.region = q.text(5);
    o.header.source = q.text(6);
  }
  detail::sqlite_statement prod(
      db_, "SELECT sku, family, attributes FROM products WHERE version_id = ?1 ORDER BY ord",
      path_);
  prod.bind(1, id);
  while (prod.step()) {
    o.products.push_back({prod.text(0), prod.text(1), detail::attributes_of(prod.text(2), path_)});
  }
  detail::sqlite_statement term(
      db_,
      "SELECT t.id, t.type, t.sku, t.offer_term_code, t.effective, t.attributes, "
      "p.rate_code, p.description, p.begin_range, p.end_range, p.unit, p.price, "
      "p.read_at, p.attributes FROM terms t LEFT JOIN prices p ON p.term_id = t.id "
      "WHERE t.version_id = ?1 ORDER BY t.ord, p.ord",
      path_);
  term.bind(1, id);
  std::int64_t current = -1;
  while (term.step()) {
    if (term.integer(0) != current) {
      current = term.integer(0);
      pricing::offer_term t;
      t.type = term.text(1);
      t.sku = term.text(2);
      t.offer_term_code = term.text(3);
      if (!term.is_null(4)) t.effective = stored_date(term.text(4), "effective");
      t.term_attributes = detail::attributes_of(term.text(5), path_);
      o.terms.push_back(std::move(t));
    }
    if (term.is_null(6)) continue;  // a term without priced lines
    pricing::price_dimension d;
    d.rate_code = term.text(6);
    d.description = term.text(7);
    d.begin_range = term.text(8);
    d.end_range = term.text(9);
    d.unit = term.text(10);
    try {
      d.price = decimal::parse(term.text(11));
    } catch (const error&) {
      throw input_error(path_ + ": price store: rate " + d.rate_code + ": price \"" +
                        term.text(11) + "\" is not a decimal (the store was changed by hand?)");
    }
    d.offset = static_cast<std::uint64_t>(term.integer(12));
    d.attributes = detail::attributes_of(term.text(13), path_);
    o.terms.back().dimensions.push_back(std::move(d));
  }
  return o;
}

TRNCOST_DECL auto price_store::exec(const char* sql) -> void {
  char* msg = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
    const std::string why = msg != nullptr ? msg : "unknown";
    sqlite3_free(msg);
    throw input_error(path_ + ": price store: cannot be written (SQLite: " + why + ")");
  }
}

TRNCOST_DECL auto price_store::create() -> void {
  exec("PRAGMA foreign_keys = ON");
  exec("BEGIN IMMEDIATE");
  exec(
      "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
      "INSERT OR IGNORE INTO meta VALUES ('application', 'trncost.price_store');"
      "INSERT OR IGNORE INTO meta VALUES ('schema', '1');"
      "CREATE TABLE IF NOT EXISTS offer_versions (id INTEGER PRIMARY KEY, offer_code TEXT NOT "
      "NULL, "
      "region TEXT NOT NULL, version TEXT NOT NULL, format_version TEXT NOT NULL, published TEXT "
      "NOT NULL, "
      "currency TEXT NOT NULL, file_region TEXT NOT NULL, source TEXT NOT NULL, retrieved TEXT NOT "
      "NULL, "
      "filter TEXT NOT NULL, effective_begin TEXT NOT NULL, effective_end TEXT NOT NULL, "
      "products INTEGER NOT NULL, lines INTEGER NOT NULL, UNIQUE (offer_code, region, version));"
      "CREATE TABLE IF NOT EXISTS products (version_id INTEGER NOT NULL REFERENCES "
      "offer_versions(id) "
      "ON DELETE CASCADE, ord INTEGER NOT NULL, sku TEXT NOT NULL, family TEXT NOT NULL, "
      "attributes TEXT NOT NULL, PRIMARY KEY (version_id, ord));"
      "CREATE TABLE IF NOT EXISTS terms (id INTEGER PRIMARY KEY, version_id INTEGER NOT NULL "
      "REFERENCES offer_versions(id) ON DELETE CASCADE, ord INTEGER NOT NULL, type TEXT NOT NULL, "
      "sku TEXT NOT NULL, offer_term_code TEXT NOT NULL, effective TEXT, attributes TEXT NOT NULL);"
      "CREATE INDEX IF NOT EXISTS terms_by_version ON terms (version_id, ord);"
      "CREATE TABLE IF NOT EXISTS prices (term_id INTEGER NOT NULL REFERENCES terms(id) ON DELETE "
      "CASCADE, "
      "ord INTEGER NOT NULL, rate_code TEXT NOT NULL, description TEXT NOT NULL, begin_range TEXT "
      "NOT NULL, "
      "end_range TEXT NOT NULL, unit TEXT NOT NULL, price TEXT NOT NULL, read_at INTEGER NOT NULL, "
      "attributes TEXT NOT NULL, PRIMARY KEY (term_id, ord));");
  exec("COMMIT");
}

TRNCOST_DECL auto price_store::check_layout() -> void {
  sqlite3_stmt* st = nullptr;
  std::string app, schema;
  if (sqlite3_prepare_v2(db_, "SELECT key, value FROM meta", -1, &st, nullptr) == SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      const std::string k = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
      const std::string v = reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
      if (k == "application") app = v;
      if (k == "schema") schema = v;
    }
  }
  sqlite3_finalize(st);
  if (app != "trncost.price_store") {
    throw input_error(path_ +
                      ": is not a trncost price store (no trncost.price_store mark; "
                      "create one with `trncost prices fetch --store`)");
  }
  if (schema != std::to_string(price_store_schema)) {
    throw input_error(path_ + ": price store layout " + schema + ", not the layout " +
                      std::to_string(price_store_schema) +
                      " this trncost reads; use a newer trncost");
  }
  exec("PRAGMA foreign_keys = ON");
}

TRNCOST_DECL auto price_store::stored_timestamp(const std::string& text,
                                                std::string_view column) const -> timestamp {
  try {
    return parse_timestamp(text);
  } catch (const error&) {
    throw input_error(path_ + ": price store: " + std::string(column) + " \"" + text +
                      "\" is not a UTC timestamp (the store was changed by hand?)");
  }
}

TRNCOST_DECL auto price_store::stored_date(const std::string& text, std::string_view column) const
    -> date {
  try {
    return parse_date(text);
  } catch (const error&) {
    throw input_error(path_ + ": price store: " + std::string(column) + " \"" + text +
                      "\" is not a date (the store was changed by hand?)");
  }
}

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_IO_IMPL_PRICE_STORE_IPP
