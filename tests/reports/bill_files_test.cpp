// A bill as AWS delivers it (include/trncost/readers/bill_files.hpp): the shipped fine-tune bill in
// its three layouts (examples/data/bills/, tests/readers/data/bills/) gzip-compressed, split into
// parts with a header each, and named by a folder or by a legacy CUR or Data Exports manifest, each
// read as the plain CSV is; and the files that are refused (gzip corrupt or cut short, xz, bzip2,
// zstd, Parquet, a part missing or named twice), each with its message.
#include <doctest/doctest.h>
#include <zlib.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <trncost/readers/bill_files.hpp>
#include <trncost/report/reconcile.hpp>
#include <trncost/scenario/scenario.hpp>
#include <vector>

#include "../support/reconciliations.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_bill_files_test {

using namespace trncost;
namespace fs = std::filesystem;

namespace {

const std::string examples = TRNCOST_TESTS_DIR "/../examples/";
const std::string focus_bill = examples + "data/bills/fine-tune-8b-trn1-focus.csv";
const std::string bills = TRNCOST_TESTS_DIR "/readers/data/bills/";

/// The shipped bill in each layout.
const std::vector<std::string>& layouts() {
  static const std::vector<std::string> all{focus_bill, bills + "cur-legacy.csv",
                                            bills + "cur2.csv"};
  return all;
}

const report::document& fine_tune() {
  static const report::document doc = report::from_estimate(scenario::evaluate_scenario(
      scenario::read_scenario(examples + "scenarios/fine-tune-8b-trn1.toml")));
  return doc;
}

decimal d(std::string_view s) { return decimal::parse(s); }

/// A folder of its own under the system's temporary folder, removed at the end of the test.
struct temp_folder {
  fs::path path;
  temp_folder() {
    static std::atomic<int> n{0};
    path = fs::temp_directory_path() /
           ("trncost-bill-files-" +
            std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + "-" +
            std::to_string(n++));
    fs::create_directories(path);
  }
  temp_folder(const temp_folder&) = delete;
  temp_folder& operator=(const temp_folder&) = delete;
  ~temp_folder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  /// Writes `bytes` at `name` (folders made as needed); returns the file's path.
  [[nodiscard]] std::string write(const std::string& name, const std::string& bytes) const {
    const fs::path p = path / name;
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << bytes;
    REQUIRE(out.good());
    return p.string();
  }
};

/// `text` as one gzip member, as gzip(1) writes it (deflate in a gzip wrapper).
std::string gzip(const std::string& text) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, static_cast<uLong>(text.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

/// The bill's header and its rows, each with its line end.
struct csv_lines {
  std::string header;
  std::vector<std::string> rows;
};

csv_lines lines_of(const std::string& text) {
  csv_lines out;
  std::istringstream in(text);
  std::string line;
  std::getline(in, out.header);
  out.header += "\n";
  while (std::getline(in, line)) out.rows.push_back(line + "\n");
  return out;
}

/// Rows [from, to) of `l` after its header: one part.
std::string part(const csv_lines& l, std::size_t from, std::size_t to) {
  std::string s = l.header;
  for (std::size_t i = from; i < to && i < l.rows.size(); ++i) s += l.rows[i];
  return s;
}

report::reconciliation reconcile_plain(const std::string& path) {
  std::ifstream in = readers::open_input_file(path);
  readers::bill_reader bill(in, path);
  return report::reconcile(fine_tune(), "fine-tune.json", bill);
}

report::reconciliation reconcile_delivered(const std::string& path) {
  readers::bill_reader bill = readers::open_bill(path);
  return report::reconcile(fine_tune(), "fine-tune.json", bill);
}

/// Every total and every row of two reconciliations of one bill agree, counts of rows included.
void check_same(const report::reconciliation& a, const report::reconciliation& b) {
  trncost_support::check_same_figures(a, b);
  CHECK(a.rows_read == b.rows_read);
  CHECK(a.rows_kept == b.rows_kept);
  for (std::size_t i = 0; i < a.rows.size() && i < b.rows.size(); ++i) {
    CHECK(a.rows[i].bill_rows == b.rows[i].bill_rows);
  }
}

/// The totals of the shipped bill against the shipped estimate, in every layout
/// (tests/reports/reconcile_test.cpp computes them by hand): 14 rows, all kept (the t3.micro row of
/// us-west-2 as not in the estimate), usage billed 381.058 against 397.635212328767123288.
void check_shipped_totals(const report::reconciliation& r) {
  CHECK(r.rows_read == 14);
  CHECK(r.rows_kept == 14);
  CHECK(r.billed_usage == d("381.058"));
  CHECK(r.difference == d("-16.577212328767123288"));
}

std::string open_error(const std::string& path) {
  return trncost_support::error_message([&] {
    readers::bill_reader bill = readers::open_bill(path);
    while (bill.next()) {
    }
  });
}

}  // namespace

TEST_CASE("a gzip bill of each layout reads as its plain CSV") {
  temp_folder t;
  for (const auto& plain : layouts()) {
    CAPTURE(plain);
    const std::string text = trncost_support::slurp(plain);
    const std::string gz = t.write(fs::path(plain).filename().string() + ".gz", gzip(text));
    const report::reconciliation expected = reconcile_plain(plain);
    check_shipped_totals(expected);
    const report::reconciliation r = reconcile_delivered(gz);
    check_same(r, expected);
    CHECK(r.bill == gz);
    // Told by its bytes, not its name: the same gzip named .csv reads alike.
    check_same(reconcile_delivered(t.write("named-plain.csv", gzip(text))), expected);
    // Several gzip members one after the other (gzip a >> b) are one text.
    const std::size_t cut = text.size() / 2;
    check_same(reconcile_delivered(t.write("two-members.csv.gz",
                                           gzip(text.substr(0, cut)) + gzip(text.substr(cut)))),
               expected);
    // Row by row, the same rows from the same lines.
    std::ifstream in = readers::open_input_file(plain);
    readers::bill_reader a(in, plain);
    readers::bill_reader b = readers::open_bill(gz);
    while (a.next()) {
      REQUIRE(b.next());
      CHECK(a.row().line == b.row().line);
      CHECK(a.row().cost == b.row().cost);
      CHECK(a.row().usage_type == b.row().usage_type);
      CHECK(b.row().file == gz);
    }
    CHECK_FALSE(b.next());
  }
}

TEST_CASE("a bill in parts, each with its header, reads as one bill") {
  for (const auto& plain : layouts()) {
    CAPTURE(plain);
    temp_folder t;
    const csv_lines l = lines_of(trncost_support::slurp(plain));
    REQUIRE(l.rows.size() == 14);
    // Three parts: rows 1-5 plain, 6-10 gzip, 11-14 plain; listed by name.
    const std::string p1 = t.write("bill/part-1.csv", part(l, 0, 5));
    const std::string p2 = t.write("bill/part-2.csv.gz", gzip(part(l, 5, 10)));
    const std::string p3 = t.write("bill/part-3.csv", part(l, 10, 14));
    const report::reconciliation expected = reconcile_plain(plain);
    readers::bill_reader bill = readers::open_bill((t.path / "bill").string());
    CHECK(bill.parts() == std::vector<std::string>{p1, p2, p3});
    const report::reconciliation r = report::reconcile(fine_tune(), "fine-tune.json", bill);
    check_same(r, expected);
    check_shipped_totals(r);
    CHECK(r.bill == (t.path / "bill").string());
    // A FOCUS bill names its rows by file and line when it has parts (the trn1 hours are the
    // first two rows: lines 2 and 3 of part 1); a CUR by line item id, as in one file.
    for (const auto& row : r.rows) {
      if (row.identity.usage_type != "BoxUsage:trn1.32xlarge") continue;
      REQUIRE(row.billed_as.has_value());
      CHECK(row.billed_as->method.ends_with(plain == focus_bill
                                                ? " bill (" + p1 + " line 2, " + p1 + " line 3)"
                                                : " bill (line item li-0001, line item li-0002)"));
    }
  }
}

TEST_CASE("a legacy CUR manifest and a Data Exports manifest name the parts of one bill") {
  temp_folder t;
  // Legacy CUR: <prefix>/<report>/<yyyymmdd-yyyymmdd>/<assemblyId>/<report>-<n>.csv.gz, the
  // manifest in the period's folder with the keys in reportKeys.
  {
    const csv_lines l = lines_of(trncost_support::slurp(bills + "cur-legacy.csv"));
    const std::string period = "cur/fine-tune/20261101-20261201/";
    (void)t.write(period + "asm-1/fine-tune-1.csv.gz", gzip(part(l, 0, 7)));
    (void)t.write(period + "asm-1/fine-tune-2.csv.gz", gzip(part(l, 7, 14)));
    const std::string manifest = t.write(
        period + "fine-tune-Manifest.json",
        R"({"assemblyId": "asm-1", "bucket": "billing", "compression": "GZIP",
                    "contentType": "text/csv", "reportKeys": [
                    ")" +
            period + R"(asm-1/fine-tune-1.csv.gz", ")" + period + R"(asm-1/fine-tune-2.csv.gz"]})");
    const report::reconciliation expected = reconcile_plain(bills + "cur-legacy.csv");
    check_same(reconcile_delivered(manifest), expected);
    // The period's folder holds the manifest: naming the folder reads the manifest.
    const report::reconciliation by_folder = reconcile_delivered((t.path / period).string());
    check_same(by_folder, expected);
    CHECK(by_folder.bill == manifest);
  }
  // Data Exports (CUR 2.0, FOCUS): <prefix>/<export>/data/BILLING_PERIOD=2026-11/<export>-0000n
  // .csv.gz, the manifest under metadata/, the parts as s3:// URIs in dataFiles; only the export's
  // folder was downloaded here, so the keys' first folders are not on disk.
  for (const auto& export_bill : {std::pair{std::string("cur2"), bills + "cur2.csv"},
                                  std::pair{std::string("focus"), focus_bill}}) {
    const std::string& name = export_bill.first;
    const std::string& plain = export_bill.second;
    CAPTURE(name);
    const csv_lines l = lines_of(trncost_support::slurp(plain));
    const std::string data = name + "/data/BILLING_PERIOD=2026-11/";
    (void)t.write(data + name + "-00001.csv.gz", gzip(part(l, 0, 4)));
    (void)t.write(data + name + "-00002.csv.gz", gzip(part(l, 4, 14)));
    const std::string uri = "s3://billing/exports/" + data + name;
    const std::string manifest =
        t.write(name + "/metadata/BILLING_PERIOD=2026-11/" + name + "-Manifest.json",
                R"({"executionId": "e-1", "dataFiles": [")" + uri + R"(-00001.csv.gz", ")" + uri +
                    R"(-00002.csv.gz"]})");
    const report::reconciliation r = reconcile_delivered(manifest);
    check_same(r, reconcile_plain(plain));
    check_shipped_totals(r);
  }
}

TEST_CASE("gzip cut short or corrupt is refused, naming the file and the byte") {
  temp_folder t;
  const std::string gz = gzip(trncost_support::slurp(focus_bill));
  // Without its 8-byte trailer (CRC-32 and length): the stream never ends. The message names the
  // bytes read, the whole file.
  const std::string cut = gz.substr(0, gz.size() - 8);
  const std::string cut_path = t.write("cut.csv.gz", cut);
  CHECK(open_error(cut_path) == "trncost: " + cut_path + ": byte " + std::to_string(cut.size()) +
                                    ": the gzip data ends before its end (a truncated "
                                    "download?): fetch the file again");
  // A wrong CRC-32 in the trailer: the text inflates, but does not check out.
  std::string bad_crc = gz;
  bad_crc[gz.size() - 8] = static_cast<char>(bad_crc[gz.size() - 8] ^ 0x5A);
  const std::string crc_path = t.write("crc.csv.gz", bad_crc);
  CHECK(open_error(crc_path) == "trncost: " + crc_path + ": byte " + std::to_string(gz.size() - 4) +
                                    ": the gzip data is corrupt (zlib: incorrect data check): "
                                    "fetch the file again");
  // Garbage after a whole member is a member with a bad header.
  const std::string tail_path = t.write("tail.csv.gz", gz + "not gzip");
  CHECK(open_error(tail_path).starts_with("trncost: " + tail_path + ": byte "));
  CHECK(open_error(tail_path).find("the gzip data is corrupt (zlib: incorrect header check)") !=
        std::string::npos);
}

TEST_CASE("xz, bzip2, zstd and Parquet files are refused by their first bytes, each named") {
  temp_folder t;
  struct refused {
    const char* name;
    std::string bytes;
    std::string rule;
  };
  const std::string parquet = (t.path / "bill.parquet").string();
  const refused cases[] = {
      {"bill.csv.xz",
       std::string("\xfd"
                   "7zXZ\x00\x00\x04",
                   8),
       "is xz-compressed, not a CSV bill: decompress it first (unxz -k FILE); trncost reads gzip "
       "or plain CSV"},
      {"bill.csv.bz2", "BZh91AY&SY",
       "is bzip2-compressed, not a CSV bill: decompress it first (bunzip2 -k FILE); trncost "
       "reads gzip or plain CSV"},
      {"bill.csv.zst", std::string("\x28\xb5\x2f\xfd\x00\x58", 6),
       "is zstd-compressed, not a CSV bill: decompress it first (unzstd FILE); trncost reads "
       "gzip or plain CSV"},
      {"bill.parquet", "PAR1\x15\x04",
       "is a Parquet file, not a CSV bill: trncost reads no Parquet; convert it first with "
       "DuckDB: duckdb -c \"COPY (SELECT * FROM '" +
           parquet + "') TO '" + (t.path / "bill.csv").string() +
           "' (HEADER)\" (one command per part, then read the CSV files), or set the export's "
           "file format to CSV (gzip)"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name);
    const std::string path = t.write(c.name, c.bytes);
    CHECK(open_error(path) == "trncost: " + path + ": " + c.rule);
  }
}

TEST_CASE("a folder or a manifest that does not name one whole bill is refused") {
  temp_folder t;
  const csv_lines l = lines_of(trncost_support::slurp(focus_bill));
  const std::string folder = (t.path / "f").string();
  // A part missing from the download.
  const std::string manifest =
      t.write("m/x-Manifest.json", R"({"reportKeys": ["cur/x/20261101-20261201/a/x-1.csv.gz"]})");
  CHECK(open_error(manifest) ==
        "trncost: " + manifest +
            ": reportKeys[0]: \"cur/x/20261101-20261201/a/x-1.csv.gz\" is in no folder of " +
            (t.path / "m").string() +
            " or above it: download every part the manifest names, keeping the key's folders or "
            "putting the parts beside the manifest");
  // The same part named twice: its rows would count twice.
  (void)t.write("m/x-1.csv", part(l, 0, 14));
  const std::string twice =
      t.write("m/twice.json", R"({"dataFiles": ["s3://b/p/x-1.csv", "s3://b/q/x-1.csv"]})");
  CHECK(open_error(twice) == "trncost: " + twice + ": dataFiles[1]: \"s3://b/q/x-1.csv\" is " +
                                 (t.path / "m" / "x-1.csv").string() +
                                 ", which an earlier key names too: its rows would count twice");
  // A Parquet export's manifest: the conversion, per part.
  const std::string pq =
      t.write("m/pq.json", R"({"dataFiles": ["s3://b/p/x-00001.snappy.parquet"]})");
  CHECK(open_error(pq).starts_with("trncost: " + pq +
                                   ": dataFiles[0]: \"s3://b/p/x-00001.snappy.parquet\" is a "
                                   "Parquet part: trncost reads no Parquet; convert it first"));
  // Not a manifest of a bill.
  const std::string other = t.write("m/other.json", R"({"files": []})");
  CHECK(open_error(other) == "trncost: " + other +
                                 ": has neither reportKeys (a Cost and Usage Report manifest) nor "
                                 "dataFiles (a Data Exports manifest): not the manifest of a bill");
  // A folder with a stray file, a subfolder, nothing.
  (void)t.write("f/part-1.csv", part(l, 0, 14));
  const std::string stray = t.write("f/notes.txt", "to do");
  CHECK(open_error(folder) == "trncost: " + folder + ": holds " + stray +
                                  ", neither a part of a bill (.csv, .csv.gz) nor a manifest "
                                  "(...Manifest.json): a folder read as a bill holds its parts "
                                  "only");
  fs::remove(stray);
  fs::create_directories(t.path / "f" / "exec-2");
  CHECK(open_error(folder) == "trncost: " + folder + ": holds the folder " +
                                  (t.path / "f" / "exec-2").string() +
                                  " (another delivery of the export?): name the manifest, or a "
                                  "folder of one delivery's parts");
  fs::create_directories(t.path / "empty");
  CHECK(open_error((t.path / "empty").string()) ==
        "trncost: " + (t.path / "empty").string() +
            ": holds no part of a bill (no .csv or .csv.gz file, no manifest)");
}

TEST_CASE("parts of one bill: a row repeated in another part, or another layout, is refused") {
  temp_folder t;
  const csv_lines focus = lines_of(trncost_support::slurp(focus_bill));
  const csv_lines cur2 = lines_of(trncost_support::slurp(bills + "cur2.csv"));
  // Part 2 repeats part 1's first row (a part downloaded twice under two names, say).
  const std::string p1 = t.write("dup/a.csv", part(focus, 0, 5));
  const std::string p2 = t.write("dup/b.csv", part(focus, 0, 1) + focus.rows[5]);
  CHECK(open_error((t.path / "dup").string()) ==
        "trncost: " + p2 + ":2: repeats line 2 of " + p1 +
            " field for field (a bill concatenated with itself, or a row exported twice): its "
            "money would count twice; remove one");
  // A FOCUS part and a CUR 2.0 part are two bills.
  (void)t.write("mixed/a.csv", part(focus, 0, 5));
  const std::string c = t.write("mixed/b.csv", part(cur2, 5, 14));
  CHECK(open_error((t.path / "mixed").string()) ==
        "trncost: " + c + ":1: is a CUR 2.0 export, where " +
            (t.path / "mixed" / "a.csv").string() +
            " is a FOCUS 1.x one: the parts of one bill come from one export");
}

}  // namespace trncost_tests::reports_bill_files_test
