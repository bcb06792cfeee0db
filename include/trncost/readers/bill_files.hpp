// A bill as AWS delivers it: a CSV file, plain or gzip-compressed (told by its first bytes, not its
// name), a folder of parts, or the manifest of an export delivered in parts (a legacy Cost and
// Usage Report's reportKeys; a Data Exports manifest's dataFiles, for CUR 2.0 and FOCUS 1.x), read
// as one bill through bill_reader (readers/bill.hpp). gzip is decompressed as it is read (zlib,
// which only this header's bodies use: a program that includes it links zlib), so memory stays one
// record whatever the size of the export. Parquet, xz, bzip2 and zstd files are refused, each with
// what to do. How AWS lays out the files:
// https://docs.aws.amazon.com/cur/latest/userguide/understanding-report-versions.html (legacy CUR)
// and https://docs.aws.amazon.com/cur/latest/userguide/dataexports-export-delivery.html (Data
// Exports). docs/io.md#bills has the rules.
#ifndef TRNCOST_READERS_BILL_FILES_HPP
#define TRNCOST_READERS_BILL_FILES_HPP

#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "../config.hpp"
#include "bill.hpp"

namespace trncost::readers {

/// The files a bill is read from.
struct bill_files {
  std::string name;                ///< what was named: the file, the folder or the manifest
  std::vector<std::string> parts;  ///< the files of its rows, in reading order
};

/// The files `path` names, in reading order:
/// - a file: itself (plain or gzip CSV), unless its name ends in ".json": then a manifest;
/// - a manifest (JSON): the parts its reportKeys (legacy CUR) or dataFiles (Data Exports) name,
///   each found beside the manifest or under a folder above it by the longest end of its S3 key
///   (a download of the bucket keeps the keys' folders: data/BILLING_PERIOD=2026-11/...);
/// - a folder: its manifest when it holds one ("...Manifest.json"), else its .csv and .csv.gz
///   files in the order of their names.
/// parse_error naming the file and the rule for anything else: a part the manifest names that is
/// not there, a part named twice, a Parquet part (with the command that converts it), a folder that
/// holds another file, a subfolder or two manifests, a manifest of no part.
[[nodiscard]] TRNCOST_DECL bill_files find_bill_files(const std::string& path);

/// Opens one part for bill_reader: decompressed as it is read when it begins with gzip's magic
/// bytes (several gzip members one after the other read as one text), as it is otherwise.
/// parse_error naming the file and the byte for gzip data that is corrupt or ends early
/// (truncated), and for more than max_streamed_input_bytes of text.
[[nodiscard]] TRNCOST_DECL std::unique_ptr<std::istream> open_bill_part(const std::string& file);

/// The bill `path` names (find_bill_files), read through open_bill_part:
///
///     bill_reader bill = open_bill("cur/20261101-20261201/fine-tune-Manifest.json");
///     while (bill.next()) use(bill.row());
[[nodiscard]] TRNCOST_DECL bill_reader open_bill(const std::string& path);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/bill_files.ipp"
#endif

#endif  // TRNCOST_READERS_BILL_FILES_HPP
