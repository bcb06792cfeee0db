// Tests for the local price store (readers/price_store.hpp): an offer read through the offer
// readers goes in and comes out the same, several versions sit side by side and the as-of date
// picks one, a refused write leaves the store as it was, and a scenario naming the store gives the
// same report as the scenario naming the offer files. Part of the test program only when SQLite is
// found (tests/CMakeLists.txt), as the store itself: not named *_test.cpp for that reason.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <system_error>
#include <trncost/pricing.hpp>
#include <trncost/readers/price_list.hpp>
#include <trncost/readers/price_store.hpp>
#include <trncost/report/json_extras.hpp>
#include <trncost/scenario/scenario.hpp>
#include <utility>

#include "../support/text.hpp"

namespace trncost_tests::store_price_store_tests {

using namespace trncost;
using namespace trncost::pricing;

namespace {

const std::string fixture = TRNCOST_TESTS_DIR "/prices/data/ec2-us-east-1-small.json";

/// A store file of its own under the temporary directory, absent at first and removed at the end
/// of the test: its name carries a random tag, so that two runs of the tests at once (a developer's
/// and CI's) never share a file, and nothing is left behind.
class fresh_store {
 public:
  explicit fresh_store(const std::string& name)
      : path_((std::filesystem::temp_directory_path() /
               ("trncost-store-test-" + name + "-" + std::to_string(std::random_device{}()) +
                ".sqlite"))
                  .string()) {
    std::filesystem::remove(path_);
  }
  ~fresh_store() {
    std::error_code ignored;  // a test that failed may have left no file
    std::filesystem::remove(path_, ignored);
  }
  fresh_store(const fresh_store&) = delete;
  fresh_store& operator=(const fresh_store&) = delete;
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  std::string path_;
};

readers::price_store_origin origin_of(const std::string& source) {
  return {.region = "us-east-1",
          .source = source,
          .retrieved = parse_date("2026-11-30"),
          .filter = "test",
          .effective_begin = std::nullopt,
          .effective_end = std::nullopt};
}

offer read_fixture() {
  return readers::read_offer_json_file(
      fixture, ec2_linux_shared("us-east-1", {"trn1.32xlarge", "p5.48xlarge"}));
}

/// Writes the fixture's offer into the store at `path` (made if absent) and returns the id of the
/// version it stored.
std::int64_t store_fixture(const std::string& path) {
  readers::price_store store(path, readers::price_store::mode::write);
  return store.put(read_fixture(), origin_of(fixture));
}

void check_same(const offer& a, const offer& b) {
  CHECK(a.header.source == b.header.source);
  CHECK(a.header.offer_code == b.header.offer_code);
  CHECK(a.header.version == b.header.version);
  CHECK(a.header.format_version == b.header.format_version);
  CHECK(a.header.published == b.header.published);
  CHECK(a.header.currency == b.header.currency);
  REQUIRE(a.products.size() == b.products.size());
  for (std::size_t i = 0; i < a.products.size(); ++i) {
    CHECK(a.products[i].sku == b.products[i].sku);
    CHECK(a.products[i].product_family == b.products[i].product_family);
    REQUIRE(a.products[i].attributes.size() == b.products[i].attributes.size());
    for (std::size_t k = 0; k < a.products[i].attributes.size(); ++k) {
      CHECK(a.products[i].attributes[k].name == b.products[i].attributes[k].name);
      CHECK(a.products[i].attributes[k].value == b.products[i].attributes[k].value);
    }
  }
  REQUIRE(a.terms.size() == b.terms.size());
  for (std::size_t i = 0; i < a.terms.size(); ++i) {
    const auto& x = a.terms[i];
    const auto& y = b.terms[i];
    CHECK(x.type == y.type);
    CHECK(x.sku == y.sku);
    CHECK(x.offer_term_code == y.offer_term_code);
    CHECK(x.effective == y.effective);
    CHECK(x.term_attributes.size() == y.term_attributes.size());
    REQUIRE(x.dimensions.size() == y.dimensions.size());
    for (std::size_t j = 0; j < x.dimensions.size(); ++j) {
      CHECK(x.dimensions[j].rate_code == y.dimensions[j].rate_code);
      CHECK(x.dimensions[j].description == y.dimensions[j].description);
      CHECK(x.dimensions[j].begin_range == y.dimensions[j].begin_range);
      CHECK(x.dimensions[j].end_range == y.dimensions[j].end_range);
      CHECK(x.dimensions[j].unit == y.dimensions[j].unit);
      CHECK(x.dimensions[j].price == y.dimensions[j].price);
      CHECK(x.dimensions[j].offset == y.dimensions[j].offset);
    }
  }
}

/// The fixture's September version and a November one (published 2026-11-01, the trn1 on-demand
/// rate at 20.0), both stored in `path`, November's first.
void store_two_versions(const std::string& path) {
  offer september = read_fixture();
  offer november = september;
  november.header.version = "20261101000000";
  november.header.published = parse_timestamp("2026-11-01T00:00:00Z");
  for (auto& t : november.terms) {
    for (auto& d : t.dimensions) {
      if (d.rate_code.starts_with("WVVQPJVCQU4SR8XF.JRTCKXETXF")) d.price = decimal("20.0");
    }
  }
  readers::price_store store(path, readers::price_store::mode::write);
  store.put(november, origin_of("nov.json"));
  store.put(september, origin_of("sep.json"));
  store.put(september, origin_of("sep.json"));  // the same version again replaces, never doubles
}

}  // namespace

TEST_CASE("an offer goes into the store and comes out as the reader returned it") {
  const fresh_store path_file("roundtrip");
  const std::string& path = path_file.path();
  const offer read = read_fixture();
  REQUIRE(read.products.size() == 2);
  std::int64_t id = 0;
  {
    readers::price_store store(path, readers::price_store::mode::write);
    id = store.put(read, origin_of(fixture));
  }
  const readers::price_store store(path);
  const auto versions = store.versions();
  REQUIRE(versions.size() == 1);
  CHECK(versions[0].offer_code == "AmazonEC2");
  CHECK(versions[0].version == "20260910195514");
  CHECK(versions[0].products == 2);
  CHECK(versions[0].origin.source == fixture);
  check_same(store.load(id), read);
  // The same quote from a book fed by the store: 21.5 USD/instance-h, SKU WVVQPJVCQU4SR8XF.
  price_book book(parse_date("2026-11-30"), day_count{120});
  book.add(store.load(id), parse_date("2026-11-30"));
  const auto trn1 = ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1");
  CHECK(trn1.value().value() == decimal("21.5"));
  CHECK(std::get<quoted>(trn1.origin()).sku == "WVVQPJVCQU4SR8XF");
  CHECK(std::get<quoted>(trn1.origin()).source == fixture);
}

TEST_CASE("two versions side by side: the as-of date picks the one published last by then") {
  const fresh_store path_file("versions");
  const std::string& path = path_file.path();
  store_two_versions(path);
  const readers::price_store store(path);
  CHECK(store.versions().size() == 2);
  const auto quote_on = [&](const char* day) {
    price_book book(parse_date(day), day_count{120});
    for (const auto& o : readers::price_store_offers(path, parse_date(day)))
      book.add(o, parse_date(day));
    return ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1").value().value();
  };
  CHECK(quote_on("2026-10-31") == decimal("21.5"));  // September's version
  CHECK(quote_on("2026-11-01") == decimal("20"));    // November's, from its publication day
  // Before anything was published: one sentence naming what the store holds.
  try {
    (void)readers::price_store_offers(path, parse_date("2026-01-01"));
    FAIL("expected an input_error");
  } catch (const input_error& e) {
    CHECK(std::string(e.what()) ==
          "trncost: " + path +
              ": the price store holds no offer version published on or before 2026-01-01 "
              "(it holds AmazonEC2 20260910195514 (published 2026-09-10T19:55:14Z), AmazonEC2 "
              "20261101000000 "
              "(published 2026-11-01T00:00:00Z))");
  }
}

TEST_CASE("a refused write leaves the store as it was") {
  const fresh_store path_file("refused");
  const std::string& path = path_file.path();
  offer good = read_fixture();
  {
    readers::price_store store(path, readers::price_store::mode::write);
    store.put(good, origin_of(fixture));
    offer undated = good;
    undated.header.version = "20261201000000";
    undated.header.published.reset();
    CHECK_THROWS_WITH_AS(store.put(undated, origin_of("undated.json")),
                         ("trncost: " + path +
                          ": price store: the offer from undated.json lacks its offer code, "
                          "version or publication date; a stored price needs all three")
                             .c_str(),
                         input_error);
    offer odd = good;
    odd.header.version = "20261201000000";
    odd.products[0].attributes[0].value += '\x1e';
    CHECK_THROWS_AS(store.put(odd, origin_of("odd.json")), input_error);
  }
  const readers::price_store store(path);
  REQUIRE(store.versions().size() == 1);
  check_same(store.load(store.versions()[0].id), good);
}

/// Runs `sql` on the store directly, as a hand (or a tool) changing it behind trncost's back would.
void change_by_hand(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* msg = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &msg);
  const std::string why = msg != nullptr ? msg : "";
  sqlite3_free(msg);
  sqlite3_close(db);
  REQUIRE_MESSAGE(rc == SQLITE_OK, why);
}

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The message of the input_error `f` throws ("no error" when it throws none).
template <class F>
std::string refusal(F&& f) {
  return trncost_support::error_message<input_error>(std::forward<F>(f));
}

/// Opening the file at `path` as a store is refused with `said`, to read and to write alike, and
/// the file keeps the bytes it had, `before`.
void check_refused_and_kept(const std::string& path, const std::string& said,
                            const std::string& before) {
  CAPTURE(path);
  CHECK(refusal([&] { readers::price_store{path}; }) == said);
  CHECK(refusal([&] { readers::price_store(path, readers::price_store::mode::write); }) == said);
  CHECK(bytes_of(path) == before);
}

TEST_CASE("a file that is not a price store is refused by name, and never changed") {
  const fresh_store path_file("not-a-store");
  const std::string& path = path_file.path();
  {
    std::ofstream out(path);
    out << "SKU,Price\n";
  }
  const std::string not_sqlite =
      "trncost: " + path +
      ": is not a trncost price store: it is not a SQLite database (its first bytes are not "
      "SQLite's); trncost will not read or change it";
  check_refused_and_kept(path, not_sqlite, "SKU,Price\n");
  // Another program's SQLite database: read or written, refused; trncost adds no table to it.
  const fresh_store other_file("other-db");
  const std::string& other = other_file.path();
  change_by_hand(other, "CREATE TABLE t (x); INSERT INTO t VALUES (1)");
  const std::string before = bytes_of(other);
  const std::string foreign =
      "trncost: " + other +
      ": is not a trncost price store: it is a SQLite database without trncost's mark (a "
      "meta table naming trncost.price_store); trncost will not read or change it";
  check_refused_and_kept(other, foreign, before);
  // A missing store, for reading.
  const fresh_store missing_file("missing");
  const std::string& missing = missing_file.path();
  CHECK_THROWS_WITH_AS(readers::price_store{missing},
                       ("trncost: " + missing +
                        ": price store: cannot be opened (SQLite: unable to open database file)")
                           .c_str(),
                       input_error);
  // No refusal suggests making a store where one exists.
  for (const auto& m : {not_sqlite, foreign}) CHECK(m.find("create") == std::string::npos);
}

TEST_CASE("a store of a newer layout is refused, naming both layouts, and left as it was") {
  const fresh_store newer_file("newer");
  const std::string& newer = newer_file.path();
  store_fixture(newer);
  change_by_hand(newer, "UPDATE meta SET value = '3' WHERE key = 'schema'");
  const std::string before = bytes_of(newer);
  CHECK(readers::price_store_schema == 2);
  const std::string said =
      "trncost: " + newer +
      ": price store: was written by a newer trncost (store layout 3; this trncost reads layouts "
      "1 to 2): use that trncost or a newer one; the store was not changed";
  check_refused_and_kept(newer, said, before);
  change_by_hand(newer, "UPDATE meta SET value = 'two' WHERE key = 'schema'");
  CHECK(refusal([&] {
          readers::price_store{newer};
        }).find("is damaged: its layout mark (meta schema) is \"two\"") != std::string::npos);
}

TEST_CASE("a damaged store says it is damaged and where, and is never offered to be made again") {
  const fresh_store path_file("damaged");
  const std::string& path = path_file.path();
  store_fixture(path);
  const std::string whole = bytes_of(path);
  REQUIRE(whole.size() > 8192);
  // Cut short: the header still says how long the file was.
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << whole.substr(0, 4096);
  }
  const std::string truncated = refusal([&] { readers::price_store{path}; });
  CHECK(truncated.find(
            ": price store: is damaged: the file has 4096 bytes but its SQLite header says " +
            std::to_string(whole.size())) != std::string::npos);
  CHECK(truncated.find("truncated?") != std::string::npos);
  CHECK(refusal([&] { readers::price_store(path, readers::price_store::mode::write); }) ==
        truncated);
  CHECK(bytes_of(path).size() == 4096);
  CHECK(truncated.find("create") == std::string::npos);
  // The second page's header overwritten (the meta table's page): SQLite says the file is
  // malformed.
  std::string scribbled = whole;
  for (std::size_t i = 4096; i < 4096 + 8; ++i) scribbled[i] = '\x5a';
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << scribbled;
  }
  const std::string inside = refusal([&] {
    const readers::price_store store(path);
    for (const auto& v : store.versions()) (void)store.load(v.id);
  });
  CHECK(inside.find(": price store: is damaged (") != std::string::npos);
  CHECK(inside.find("create") == std::string::npos);
}

TEST_CASE("a stored price changed by hand is refused, never used") {
  const fresh_store path_file("tampered");
  const std::string& path = path_file.path();
  const std::int64_t id = store_fixture(path);
  const std::string pristine = bytes_of(path);
  const auto reopen = [&] {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << pristine;
  };
  const std::string head =
      "trncost: " + path + ": price store: AmazonEC2 20260910195514 us-east-1, SKU ";
  const std::string tail =
      ": the row no longer matches the digest trncost stored it with (it was changed after it was "
      "stored); trncost will not use it (fetching that offer version again replaces it)";
  // The price itself, 21.5 -> 2.15.
  change_by_hand(path, "UPDATE prices SET price = '2.15' WHERE price = '21.5'");
  CHECK(refusal([&] { (void)readers::price_store(path).load(id); }) ==
        head + "WVVQPJVCQU4SR8XF, rate code WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7" + tail);
  CHECK_THROWS_AS((void)readers::price_store_offers(path, parse_date("2026-11-30")), input_error);
  // The product it prices (another instance type), and its term (another date).
  reopen();
  change_by_hand(
      path,
      "UPDATE products SET attributes = replace(attributes, 'trn1.32xlarge', 'trn1.2xlarge')");
  CHECK(refusal([&] { (void)readers::price_store(path).load(id); }).find(tail) !=
        std::string::npos);
  reopen();
  change_by_hand(path, "UPDATE terms SET effective = '2020-01-01'");
  CHECK(refusal([&] { (void)readers::price_store(path).load(id); }).find(tail) !=
        std::string::npos);
  // A price removed: each row left matches, the version's digest does not.
  reopen();
  change_by_hand(path, "DELETE FROM prices WHERE price = '21.5'");
  CHECK(refusal([&] { (void)readers::price_store(path).load(id); }) ==
        "trncost: " + path +
            ": price store: AmazonEC2 20260910195514 us-east-1: its prices no longer match the "
            "version's digest (a "
            "price was added or removed after trncost stored them); trncost will not use them "
            "(fetching that offer "
            "version again replaces it)");
  // Untouched, it loads.
  reopen();
  check_same(readers::price_store(path).load(id), read_fixture());
}

TEST_CASE("a publication date changed by hand cannot put an older version in force") {
  // November's version published past the as-of date by hand would make September's price the
  // one in force on 2026-11-30: the date is in each of November's digests, so the store is
  // refused rather than priced with the older version.
  const fresh_store path_file("published");
  const std::string& path = path_file.path();
  store_two_versions(path);
  CHECK(readers::price_store_offers(path, parse_date("2026-11-30")).front().header.version ==
        "20261101000000");
  change_by_hand(path,
                 "UPDATE offer_versions SET published = '2026-12-31T00:00:00Z' WHERE version = "
                 "'20261101000000'");
  CHECK(refusal([&] {
          (void)readers::price_store_offers(path, parse_date("2026-11-30"));
        }).find("AmazonEC2 20261101000000 us-east-1, SKU ") != std::string::npos);
}

TEST_CASE("a store of layout 1 (before digests) is read, and gets its digests when next written") {
  const fresh_store path_file("layout-1");
  const std::string& path = path_file.path();
  const std::int64_t id = store_fixture(path);
  change_by_hand(
      path,
      "ALTER TABLE prices DROP COLUMN digest; ALTER TABLE offer_versions DROP COLUMN digest; "
      "UPDATE meta SET value = '1' WHERE key = 'schema'");
  check_same(readers::price_store(path).load(id), read_fixture());
  { readers::price_store upgraded(path, readers::price_store::mode::write); }
  change_by_hand(path, "SELECT 1");  // the file still opens
  check_same(readers::price_store(path).load(id), read_fixture());
  // Now layout 2: a change is seen.
  change_by_hand(path, "UPDATE prices SET price = '2.15' WHERE price = '21.5'");
  CHECK(refusal([&] {
          (void)readers::price_store(path).load(id);
        }).find("no longer matches the digest") != std::string::npos);
}

TEST_CASE("SHA-256 gives FIPS 180-4's digests") {
  CHECK(readers::detail::sha256_hex("") ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(readers::detail::sha256_hex("abc") ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(readers::detail::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  readers::detail::sha256 pieces;
  for (int i = 0; i < 1000; ++i) pieces.update(std::string(1000, 'a'));
  CHECK(pieces.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("a scenario naming the store gives the report of the scenario naming the offer files") {
  // The flagship scenario reads four offer files with a filter each; a store filled from the same
  // files with the same filters (and the same paths, which become the prices' sources) must give a
  // byte-identical JSON report.
  const std::string scenarios = TRNCOST_TESTS_DIR "/../examples/scenarios/";
  const auto spec = scenario::read_scenario(scenarios + "fine-tune-8b-trn1.toml");
  REQUIRE(spec.price_files.size() == 4);
  const fresh_store path_file("scenario");
  const std::string& path = path_file.path();
  {
    readers::price_store store(path, readers::price_store::mode::write);
    for (const auto& f : spec.price_files) {
      offer_filter filter;
      for (const auto& [name, values] : f.where) filter.where_any(name, values);
      const std::string file = (std::filesystem::path(spec.file).parent_path() / f.path).string();
      store.put(readers::read_offer_file(file, filter), origin_of(file));
    }
  }
  auto with_store = spec;
  with_store.price_files.clear();
  with_store.price_store = std::filesystem::relative(path, scenarios).string();
  with_store.price_store_line = 1;
  const auto render = [](const scenario::scenario_spec& s,
                         const scenario::price_store_reader& reader) {
    const model m = scenario::build_model(s, reader);
    const estimate est = m.evaluate(s.as_of, scenario::scenario_options(s));
    return report::render_json(est, scenario::scenario_extras(s, m, est));
  };
  const std::string from_files = render(spec, {});
  CHECK(render(with_store, readers::price_store_offers) == from_files);
  CHECK(from_files.find("\"total\": \"397.635212328767123288\"") != std::string::npos);
  // Without a reader, a scenario naming a store is refused at its line.
  CHECK_THROWS_WITH_AS((void)scenario::build_model(with_store),
                       ("trncost: " + spec.file +
                        ":1: prices.store: names a price store, which this program does "
                        "not read (build_model(spec, readers::price_store_offers) reads one; "
                        "readers/price_store.hpp, SQLite)")
                           .c_str(),
                       parse_error);
}

TEST_CASE("the scenario key prices.store: read with its line and refused when it names no file") {
  const std::string head =
      "format = 1\n[estimate]\ntitle = \"t\"\nas_of = 2026-11-30\nregion = "
      "\"us-east-1\"\n[prices]\n";
  const std::string tail =
      "[[component]]\nkind = \"data_preparation\"\nname = \"tokenize\"\n"
      "cost = { value = \"38.40\", assumption = \"last month's bill\" }\n";
  const auto spec = scenario::parse_scenario(head + "store = \"prices.sqlite\"\n" + tail, "s.toml");
  CHECK(spec.price_store == "prices.sqlite");
  CHECK(spec.price_store_line == 7);
  CHECK(spec.price_files.empty());
  // Neither files nor a store: files is required, as before.
  CHECK_THROWS_WITH_AS((void)scenario::parse_scenario(head + tail, "s.toml"),
                       "trncost: s.toml:6: prices.files: is missing (required)", parse_error);
  // A store that does not exist is named with the path looked for, at the key's line.
  const auto missing =
      scenario::parse_scenario(head + "store = \"nowhere.sqlite\"\n" + tail, "dir/s.toml");
  CHECK_THROWS_WITH_AS(
      (void)scenario::build_model(missing, readers::price_store_offers),
      "trncost: dir/s.toml:7: prices.store: price store \"nowhere.sqlite\" does not exist "
      "(looked for dir/nowhere.sqlite, relative to the scenario file)",
      parse_error);
}

}  // namespace trncost_tests::store_price_store_tests
