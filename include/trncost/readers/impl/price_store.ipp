// The definitions of readers/price_store.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_PRICE_STORE_IPP
#define TRNCOST_READERS_IMPL_PRICE_STORE_IPP

#include "../price_store.hpp"

#if defined(__linux__)
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#endif

namespace trncost {

namespace readers::detail {

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
  for (std::size_t i = 0; i < 16; ++i) {
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
    const std::uint32_t t1 =
        h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
    const std::uint32_t t2 =
        (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
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

TRNCOST_DECL std::string price_digest(const pricing::offer_header& h, std::string_view region,
                                      const pricing::offer_product* product,
                                      const pricing::offer_term& term,
                                      const pricing::price_dimension& line) {
  sha256 d;
  // Each field as its length, ':', its bytes: no two different rows give the same text.
  const auto field = [&d](std::string_view v) {
    d.update(std::to_string(v.size())).update(":").update(v);
  };
  field("trncost.price_store.price/2");
  field(h.offer_code);
  field(h.version);
  field(h.published ? to_string(*h.published) : "");
  field(h.currency);
  field(h.format_version);
  field(h.region);
  field(region);
  field(product != nullptr ? product->sku : "");
  field(product != nullptr ? product->product_family : "");
  field(product != nullptr ? attributes_text(product->attributes) : "");
  field(term.type);
  field(term.sku);
  field(term.offer_term_code);
  field(term.effective ? to_string(*term.effective) : "");
  field(attributes_text(term.term_attributes));
  field(line.rate_code);
  field(line.description);
  field(line.begin_range);
  field(line.end_range);
  field(line.unit);
  field(line.price.to_string());
  field(std::to_string(line.offset));
  field(attributes_text(line.attributes));
  return d.hex();
}

TRNCOST_DECL std::string lock_holder(const std::string& path) {
#if defined(__linux__)
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";
  char want[80];
  std::snprintf(want, sizeof want, "%02x:%02x:%llu", static_cast<unsigned>(major(st.st_dev)),
                static_cast<unsigned>(minor(st.st_dev)),
                static_cast<unsigned long long>(st.st_ino));
  // "1: POSIX  ADVISORY  WRITE 1234 fd:00:10952860 1073741824 1073741825" (a waiter: "1: ->
  // POSIX...")
  std::ifstream locks("/proc/locks");
  std::string line;
  while (std::getline(locks, line)) {
    std::istringstream fields(line);
    std::vector<std::string> f;
    for (std::string w; fields >> w;) f.push_back(w);
    if (f.size() < 6 || f[1] == "->" || f[5] != want) continue;
    if (f[4] == "-1" || f[4] == std::to_string(::getpid())) continue;
    std::string comm;
    std::ifstream name("/proc/" + f[4] + "/comm");
    std::getline(name, comm);
    return "process " + f[4] + (comm.empty() ? "" : " (" + comm + ")");
  }
#else
  (void)path;
#endif
  return "";
}

}  // namespace readers::detail

namespace readers {

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

}  // namespace readers

namespace readers::detail {

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
  fail("was read or written");
}

TRNCOST_DECL auto sqlite_statement::text(int col) const -> std::string {
  const auto* p = sqlite3_column_text(st_, col);
  return p == nullptr ? std::string()
                      : std::string(reinterpret_cast<const char*>(p),
                                    static_cast<std::size_t>(sqlite3_column_bytes(st_, col)));
}

TRNCOST_DECL auto sqlite_statement::fail(const std::string& what) -> void {
  const int rc = sqlite3_errcode(db_);
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
    const std::string who = lock_holder(file_);
    throw input_error(
        file_ + ": price store: is locked by " + (who.empty() ? "another program" : who) +
        ", which is writing to it; nothing was read or changed: try again when it has "
        "finished");
  }
  if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB) {
    throw input_error(
        file_ + ": price store: is damaged (SQLite: " + sqlite3_errmsg(db_) + ", when it " + what +
        "); trncost will not use or change it: keep it for inspection and restore it from "
        "a backup");
  }
  throw input_error(file_ + ": price store: " + what + " (SQLite: " + sqlite3_errmsg(db_) + ")");
}

}  // namespace readers::detail

namespace readers {

TRNCOST_DECL price_store::price_store(std::string path, mode m) : path_(std::move(path)) {
  // What is at the path, before SQLite touches it: SQLite would open a FIFO or a device, and create
  // its tables in any database it is given.
  std::error_code ec;
  const auto status = std::filesystem::status(path_, ec);
  const bool exists = std::filesystem::exists(status);
  if (!exists && m == mode::read) {
    throw input_error(path_ +
                      ": price store: cannot be opened (SQLite: unable to open database file)");
  }
  const std::uint64_t size = exists && std::filesystem::is_regular_file(status)
                                 ? static_cast<std::uint64_t>(std::filesystem::file_size(path_, ec))
                                 : 0;
  if (exists) check_file(true, size);
  if (m == mode::read) read_log::note(path_);  // a store read is an input of the run
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
    // Tables are created only in a new or empty file; any other file must already be a store.
    if (m == mode::write && size == 0) create();
    check_layout(m);
  } catch (...) {
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw;
  }
}

TRNCOST_DECL auto price_store::check_file(bool, std::uint64_t size) const -> void {
  std::error_code ec;
  const auto type = std::filesystem::status(path_, ec).type();
  if (type != std::filesystem::file_type::regular) {
    const char* kind = type == std::filesystem::file_type::directory   ? "a directory"
                       : type == std::filesystem::file_type::fifo      ? "a FIFO (named pipe)"
                       : type == std::filesystem::file_type::character ? "a character device"
                       : type == std::filesystem::file_type::block     ? "a block device"
                       : type == std::filesystem::file_type::socket    ? "a socket"
                                                                       : "not a regular file";
    throw input_error(
        path_ + ": price store: is " + kind +
        ", not a regular file; trncost reads and writes a price store only as a regular "
        "file");
  }
  if (size == 0) return;  // empty: a store for writing, nothing for reading (check_layout says so)
  // SQLite's header (sqlite.org/fileformat.html): the magic text, the page size (bytes 16-17, 1 for
  // 65536), the page count (28-31), valid when "version-valid-for" (92-95) equals the change
  // counter (24-27).
  unsigned char h[100] = {};
  std::ifstream in(path_, std::ios::binary);
  in.read(reinterpret_cast<char*>(h), sizeof h);
  const auto got = static_cast<std::size_t>(in.gcount());
  static constexpr char magic[] = "SQLite format 3";
  if (got < 16 || std::memcmp(h, magic, 16) != 0) {
    throw input_error(
        path_ +
        ": is not a trncost price store: it is not a SQLite database (its first bytes are "
        "not SQLite's); trncost will not read or change it");
  }
  const auto be = [&h](std::size_t at, std::size_t n) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v = (v << 8) | h[at + i];
    return v;
  };
  const std::uint64_t page = be(16, 2) == 1 ? 65536 : be(16, 2);
  const std::uint64_t pages = be(28, 4);
  const bool count_valid = got == 100 && be(92, 4) == be(24, 4) && pages > 0;
  if (got < 100 || (count_valid && pages * page > size)) {
    throw input_error(
        path_ + ": price store: is damaged: the file has " + std::to_string(size) +
        " bytes but its SQLite header says " +
        (got < 100 ? std::string("at least 100")
                   : std::to_string(pages * page) + " (" + std::to_string(pages) + " pages of " +
                         std::to_string(page) + " bytes)") +
        ", so it was cut short (truncated?); trncost will not use or change it: keep it "
        "for inspection and restore it from a backup");
  }
}

TRNCOST_DECL auto price_store::refuse(int rc, const std::string& doing) const -> void {
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
    const std::string who = detail::lock_holder(path_);
    throw input_error(
        path_ + ": price store: is locked by " + (who.empty() ? "another program" : who) +
        ", which is writing to it; trncost waited 5 s and changed nothing: try again when "
        "it has finished");
  }
  const std::string why = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB) {
    throw input_error(path_ + ": price store: is damaged (SQLite: " + why + ", while " + doing +
                      "); trncost will not use or change it: keep it for inspection and restore it "
                      "from a backup");
  }
  throw input_error(path_ + ": price store: cannot be " +
                    (doing.starts_with("writing") ? "written" : "read") + " (SQLite: " + why +
                    ", while " + doing + ")");
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
        "file_region, source, retrieved, filter, effective_begin, effective_end, products, lines, "
        "digest) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
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
    // Each price's digest, and the version's: the digests of its prices in order (so a price
    // removed or added is seen too).
    std::vector<std::vector<std::string>> digests(o.terms.size());
    detail::sha256 all;
    for (std::size_t i = 0; i < o.terms.size(); ++i) {
      const auto& t = o.terms[i];
      for (const auto& d : t.dimensions) {
        digests[i].push_back(detail::price_digest(o.header, origin.region, o.product(t.sku), t, d));
        all.update(digests[i].back());
      }
    }
    ins.bind(15, all.hex());
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
        "end_range, unit, price, read_at, attributes, digest) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
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
        price.bind(10, detail::attributes_text(d.attributes)).bind(11, digests[i][j]).run();
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
    if (v.published.day() > as_of) {
      // Passed over for its publication date, which decides which version prices the estimate:
      // that date must be the one trncost stored (each price's digest holds it), or an edited
      // date would make an older version price the estimate as if it were the one in force.
      if (layout_ >= 2) (void)load_rows(v.id, true);
      continue;
    }
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
  return load_rows(id, layout_ >= 2);
}

TRNCOST_DECL auto price_store::load_rows(std::int64_t id, bool verify) const -> pricing::offer {
  pricing::offer o;
  std::string region, version_digest;
  {
    detail::sqlite_statement q(
        db_,
        verify ? "SELECT offer_code, version, format_version, published, currency, file_region, "
                 "source, region, digest FROM offer_versions WHERE id = ?1"
               : "SELECT offer_code, version, format_version, published, currency, file_region, "
                 "source, region, '' FROM offer_versions WHERE id = ?1",
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
    region = q.text(7);
    version_digest = q.text(8);
  }
  const std::string version_name =
      o.header.offer_code + " " + o.header.version + (region.empty() ? "" : " " + region);
  detail::sqlite_statement prod(
      db_, "SELECT sku, family, attributes FROM products WHERE version_id = ?1 ORDER BY ord",
      path_);
  prod.bind(1, id);
  while (prod.step()) {
    o.products.push_back({prod.text(0), prod.text(1), detail::attributes_of(prod.text(2), path_)});
  }
  detail::sqlite_statement term(
      db_,
      verify
          ? "SELECT t.id, t.type, t.sku, t.offer_term_code, t.effective, t.attributes, "
            "p.rate_code, p.description, p.begin_range, p.end_range, p.unit, p.price, "
            "p.read_at, p.attributes, p.digest FROM terms t LEFT JOIN prices p ON p.term_id = t.id "
            "WHERE t.version_id = ?1 ORDER BY t.ord, p.ord"
          : "SELECT t.id, t.type, t.sku, t.offer_term_code, t.effective, t.attributes, "
            "p.rate_code, p.description, p.begin_range, p.end_range, p.unit, p.price, "
            "p.read_at, p.attributes, '' FROM terms t LEFT JOIN prices p ON p.term_id = t.id "
            "WHERE t.version_id = ?1 ORDER BY t.ord, p.ord",
      path_);
  detail::sha256 all;
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
    if (verify) {
      // The row as trncost stored it, or not used at all.
      const auto& t = o.terms.back();
      const std::string digest = detail::price_digest(o.header, region, o.product(t.sku), t, d);
      if (digest != term.text(14)) {
        throw input_error(
            path_ + ": price store: " + version_name + ", SKU " + t.sku + ", rate code " +
            d.rate_code +
            ": the row no longer matches the digest trncost stored it with (it was "
            "changed after it was stored); trncost will not use it (fetching that offer "
            "version again replaces it)");
      }
      all.update(digest);
    }
    o.terms.back().dimensions.push_back(std::move(d));
  }
  if (verify && all.hex() != version_digest) {
    throw input_error(
        path_ + ": price store: " + version_name +
        ": its prices no longer match the version's digest (a price was added or "
        "removed after trncost stored them); trncost will not use them (fetching that "
        "offer version again replaces it)");
  }
  return o;
}

TRNCOST_DECL auto price_store::exec(const char* sql) -> void {
  const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) refuse(rc, "writing");
}

TRNCOST_DECL auto price_store::create() -> void {
  exec("PRAGMA foreign_keys = ON");
  exec("BEGIN IMMEDIATE");
  exec(
      "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
      "INSERT OR IGNORE INTO meta VALUES ('application', 'trncost.price_store');"
      "INSERT OR IGNORE INTO meta VALUES ('schema', '2');"
      "CREATE TABLE IF NOT EXISTS offer_versions (id INTEGER PRIMARY KEY, offer_code TEXT NOT "
      "NULL, "
      "region TEXT NOT NULL, version TEXT NOT NULL, format_version TEXT NOT NULL, published TEXT "
      "NOT NULL, "
      "currency TEXT NOT NULL, file_region TEXT NOT NULL, source TEXT NOT NULL, retrieved TEXT NOT "
      "NULL, "
      "filter TEXT NOT NULL, effective_begin TEXT NOT NULL, effective_end TEXT NOT NULL, "
      "products INTEGER NOT NULL, lines INTEGER NOT NULL, digest TEXT NOT NULL, "
      "UNIQUE (offer_code, region, version));"
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
      "attributes TEXT NOT NULL, digest TEXT NOT NULL, PRIMARY KEY (term_id, ord));");
  exec("COMMIT");
}

TRNCOST_DECL auto price_store::check_layout(mode m) -> void {
  std::string app, schema;
  bool has_meta = false;
  {
    sqlite3_stmt* st = nullptr;
    int rc = sqlite3_prepare_v2(db_, "SELECT key, value FROM meta", -1, &st, nullptr);
    if (rc == SQLITE_OK) {
      has_meta = true;
      while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const auto* k = sqlite3_column_text(st, 0);
        const auto* v = sqlite3_column_text(st, 1);
        if (k == nullptr || v == nullptr) continue;
        const std::string key = reinterpret_cast<const char*>(k);
        if (key == "application") app = reinterpret_cast<const char*>(v);
        if (key == "schema") schema = reinterpret_cast<const char*>(v);
      }
      sqlite3_finalize(st);
      if (rc != SQLITE_DONE) refuse(sqlite3_errcode(db_), "reading its meta table");
    } else {
      sqlite3_finalize(st);
      const int code = sqlite3_errcode(db_);
      // "no such table" is SQLITE_ERROR; a lock, damage or a file that is no database are their
      // own.
      if (code != SQLITE_ERROR) refuse(code, "reading its meta table");
    }
  }
  std::error_code ec;
  if (!has_meta || app != "trncost.price_store") {
    if (std::filesystem::file_size(path_, ec) == 0) {
      throw input_error(
          path_ +
          ": is not a trncost price store yet: the file is empty (trncost prices fetch "
          "--store stores offers in it)");
    }
    throw input_error(
        path_ +
        ": is not a trncost price store: it is a SQLite database without trncost's mark "
        "(a meta table naming trncost.price_store); trncost will not read or change it");
  }
  int layout = 0;
  if (schema.empty() || schema.size() > 6 ||
      schema.find_first_not_of("0123456789") != std::string::npos ||
      (layout = std::stoi(schema)) < 1) {
    throw input_error(
        path_ + ": price store: is damaged: its layout mark (meta schema) is \"" + schema +
        "\", which no trncost writes (changed by hand?); trncost will not use or change "
        "it");
  }
  if (layout > price_store_schema) {
    throw input_error(path_ + ": price store: was written by a newer trncost (store layout " +
                      schema + "; this trncost reads layouts 1 to " +
                      std::to_string(price_store_schema) +
                      "): use that trncost or a newer one; the store was not changed");
  }
  // Damage inside the file (a page that does not parse, an index out of step with its table):
  // where.
  {
    sqlite3_stmt* st = nullptr;
    std::string found;
    int rc = sqlite3_prepare_v2(db_, "PRAGMA quick_check(3)", -1, &st, nullptr);
    if (rc == SQLITE_OK) {
      while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const auto* t = sqlite3_column_text(st, 0);
        const std::string line = t != nullptr ? reinterpret_cast<const char*>(t) : "";
        if (line != "ok") found += (found.empty() ? "" : "; ") + line;
      }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_OK) refuse(sqlite3_errcode(db_), "checking its pages");
    if (!found.empty()) {
      throw input_error(
          path_ + ": price store: is damaged (SQLite's quick_check: " + found +
          "); trncost will not use or change it: keep it for inspection and restore it "
          "from a backup");
    }
  }
  layout_ = layout;
  exec("PRAGMA foreign_keys = ON");
  if (layout_ == 1 && m == mode::write) upgrade_from_layout_1();
}

TRNCOST_DECL auto price_store::upgrade_from_layout_1() -> void {
  // Layout 1 stores predate digests: their rows are taken as trncost wrote them, and digested now,
  // in one transaction (a failure leaves layout 1 as it was).
  exec("BEGIN IMMEDIATE");
  try {
    exec(
        "ALTER TABLE prices ADD COLUMN digest TEXT NOT NULL DEFAULT '';"
        "ALTER TABLE offer_versions ADD COLUMN digest TEXT NOT NULL DEFAULT ''");
    std::vector<std::pair<std::int64_t, std::string>> ids;
    {
      detail::sqlite_statement q(db_, "SELECT id, region FROM offer_versions", path_);
      while (q.step()) ids.emplace_back(q.integer(0), q.text(1));
    }
    detail::sqlite_statement upd(
        db_,
        "UPDATE prices SET digest = ?1 WHERE term_id = (SELECT id FROM terms WHERE version_id = ?2 "
        "AND ord = ?3) AND ord = ?4",
        path_);
    detail::sqlite_statement ver(db_, "UPDATE offer_versions SET digest = ?1 WHERE id = ?2", path_);
    for (const auto& [id, region] : ids) {
      const pricing::offer o = load_rows(id, false);
      detail::sha256 all;
      for (std::size_t i = 0; i < o.terms.size(); ++i) {
        const auto& t = o.terms[i];
        for (std::size_t j = 0; j < t.dimensions.size(); ++j) {
          const std::string d =
              detail::price_digest(o.header, region, o.product(t.sku), t, t.dimensions[j]);
          all.update(d);
          upd.bind(1, d)
              .bind(2, id)
              .bind(3, static_cast<std::int64_t>(i))
              .bind(4, static_cast<std::int64_t>(j));
          upd.run();
        }
      }
      ver.bind(1, all.hex()).bind(2, id).run();
    }
    exec("UPDATE meta SET value = '2' WHERE key = 'schema'");
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  layout_ = 2;
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

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_PRICE_STORE_IPP
