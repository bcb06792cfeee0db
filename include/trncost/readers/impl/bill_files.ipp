// The definitions of readers/bill_files.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/readers/src_bill_files.hpp> (TRNCOST_SEPARATE_COMPILATION). The only
// file of trncost that includes zlib.
#ifndef TRNCOST_READERS_IMPL_BILL_FILES_IPP
#define TRNCOST_READERS_IMPL_BILL_FILES_IPP

#include <zlib.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <set>
#include <streambuf>

#include "../bill_files.hpp"
#include "../detail/input.hpp"
#include "../detail/json.hpp"

namespace trncost::readers {

namespace detail {

namespace {

/// A gzip file's text, inflated as it is read. Errors are thrown from underflow(); the stream that
/// owns it (gzip_istream) rethrows them, so a reader sees the parse_error, not a stream gone bad.
class gzip_buffer final : public std::streambuf {
 public:
  explicit gzip_buffer(std::string file) : file_(std::move(file)), in_(open_input_file(file_)) {
    // 16 + 15: a gzip wrapper (not zlib's, not raw deflate), the largest window.
    if (inflateInit2(&z_, 16 + MAX_WBITS) != Z_OK) {
      readers::fail(input_position::whole(file_), "", "zlib could not start (out of memory)");
    }
  }
  gzip_buffer(const gzip_buffer&) = delete;
  gzip_buffer& operator=(const gzip_buffer&) = delete;
  ~gzip_buffer() override { inflateEnd(&z_); }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (done_) return traits_type::eof();
    for (;;) {
      if (z_.avail_in == 0) {
        in_.read(input_.data(), static_cast<std::streamsize>(input_.size()));
        const auto n = static_cast<std::size_t>(in_.gcount());
        if (n == 0) {
          if (member_ended_) {
            done_ = true;
            return traits_type::eof();
          }
          readers::fail(input_position::at_byte(file_, read_), "",
                        "the gzip data ends before its end (a truncated download?): fetch the file "
                        "again");
        }
        read_ += n;
        z_.next_in = reinterpret_cast<Bytef*>(input_.data());
        z_.avail_in = static_cast<uInt>(n);
      }
      if (member_ended_) {  // another gzip member follows: its text continues the file's
        inflateReset(&z_);
        member_ended_ = false;
      }
      z_.next_out = reinterpret_cast<Bytef*>(output_.data());
      z_.avail_out = static_cast<uInt>(output_.size());
      const int rc = inflate(&z_, Z_NO_FLUSH);
      if (rc == Z_STREAM_END) {
        member_ended_ = true;
      } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        readers::fail(input_position::at_byte(file_, read_ - z_.avail_in), "",
                      std::string("the gzip data is corrupt (zlib: ") +
                          (z_.msg != nullptr ? z_.msg : "error " + std::to_string(rc)) +
                          "): fetch the file again");
      }
      const std::size_t produced = output_.size() - z_.avail_out;
      if (produced > 0) {
        text_ += produced;
        if (text_ > max_streamed_input_bytes) {
          readers::fail(input_position::whole(file_), "",
                        "inflates to more than " + size_text(max_streamed_input_bytes) +
                            " of text: not a bill trncost reads whole");
        }
        setg(output_.data(), output_.data(), output_.data() + produced);
        return traits_type::to_int_type(*gptr());
      }
    }
  }

 private:
  std::string file_;
  std::ifstream in_;
  z_stream z_{};
  std::array<char, 1 << 16> input_{};
  std::array<char, 1 << 16> output_{};
  std::uint64_t read_ = 0;  ///< compressed bytes read
  std::uint64_t text_ = 0;  ///< text bytes produced
  bool member_ended_ = false;
  bool done_ = false;
};

class gzip_istream final : public std::istream {
 public:
  explicit gzip_istream(std::string file) : std::istream(nullptr), buffer_(std::move(file)) {
    rdbuf(&buffer_);
    exceptions(std::ios::badbit);  // a refusal thrown by the buffer reaches the reader
  }

 private:
  gzip_buffer buffer_;
};

bool is_manifest_name(const std::string& name) {
  return name.size() > 13 && name.ends_with("Manifest.json");
}

bool is_part_name(const std::string& name) {
  return name.ends_with(".csv") || name.ends_with(".csv.gz");
}

/// An S3 key or URI without "s3://bucket/", as folders.
std::vector<std::string> key_folders(std::string_view key) {
  if (key.starts_with("s3://")) {
    key.remove_prefix(5);
    const std::size_t slash = key.find('/');
    key = slash == std::string_view::npos ? std::string_view{} : key.substr(slash + 1);
  }
  std::vector<std::string> out;
  while (!key.empty()) {
    const std::size_t slash = key.find('/');
    const std::string_view part = key.substr(0, slash);
    if (!part.empty()) out.emplace_back(part);
    if (slash == std::string_view::npos) break;
    key.remove_prefix(slash + 1);
  }
  return out;
}

/// Where a manifest's key is on disk: the longest end of the key under the manifest's folder or
/// a folder above it (nearest first). Empty when it is in none.
std::string find_key(const std::filesystem::path& manifest_dir,
                     const std::vector<std::string>& key) {
  namespace fs = std::filesystem;
  std::vector<fs::path> bases{manifest_dir};
  for (fs::path p = manifest_dir; bases.size() < 8;) {
    const fs::path up = p.parent_path();
    if (up == p || p.empty()) break;
    bases.push_back(up);
    p = up;
  }
  for (std::size_t from = 0; from < key.size(); ++from) {
    fs::path end;
    for (std::size_t i = from; i < key.size(); ++i) end /= key[i];
    for (const auto& base : bases) {
      const fs::path candidate = base.empty() ? end : base / end;
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec)) return candidate.string();
    }
  }
  return {};
}

bill_files manifest_parts(const std::string& path) {
  namespace fs = std::filesystem;
  const json_value m = parse_json_text(read_input_file(path), path);
  const char* member = "reportKeys";
  const json_value* keys = m.is_object() ? m.find(member) : nullptr;
  if (keys == nullptr && m.is_object()) {
    member = "dataFiles";
    keys = m.find(member);
  }
  if (keys == nullptr) {
    readers::fail(input_position::whole(path), "",
                  "has neither reportKeys (a Cost and Usage Report manifest) nor dataFiles (a Data "
                  "Exports manifest): not the manifest of a bill");
  }
  if (!keys->is_array() || keys->items().empty()) {
    readers::fail(input_position::whole(path), member,
                  "names no part (an array of S3 keys is needed)");
  }
  bill_files out{path, {}};
  const fs::path dir = fs::path(path).parent_path();
  std::set<std::string> seen;
  for (std::size_t i = 0; i < keys->items().size(); ++i) {
    const json_value& k = keys->items()[i];
    const std::string field = std::string(member) + "[" + std::to_string(i) + "]";
    if (!k.is_string() || k.text().empty()) {
      readers::fail(input_position::whole(path), field, "is not an S3 key (a non-empty string)");
    }
    if (k.text().ends_with(".parquet")) {
      readers::fail(input_position::whole(path), field,
                    "\"" + k.text() + "\" is a Parquet part: " +
                        parquet_conversion(fs::path(k.text()).filename().string()));
    }
    const std::string file = find_key(dir, key_folders(k.text()));
    if (file.empty()) {
      readers::fail(input_position::whole(path), field,
                    "\"" + k.text() + "\" is in no folder of " +
                        (dir.empty() ? "." : dir.string()) +
                        " or above it: download every part the manifest names, keeping the key's "
                        "folders or putting the parts beside the manifest");
    }
    std::error_code ec;
    if (!seen.insert(fs::weakly_canonical(file, ec).string()).second) {
      readers::fail(input_position::whole(path), field,
                    "\"" + k.text() + "\" is " + file +
                        ", which an earlier key names too: its rows would count twice");
    }
    out.parts.push_back(file);
  }
  return out;
}

}  // namespace

}  // namespace detail

TRNCOST_DECL bill_files find_bill_files(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    if (path.ends_with(".json")) return detail::manifest_parts(path);
    return {path, {path}};
  }
  std::vector<std::string> manifests;
  std::vector<std::string> parts;
  std::vector<std::pair<std::string, bool>> others;  // (path, is a folder)
  std::error_code listing;
  for (const auto& entry : fs::directory_iterator(path, listing)) {
    const std::string name = entry.path().filename().string();
    const std::string file = entry.path().string();
    if (entry.is_directory(ec)) {
      others.emplace_back(file, true);
    } else if (detail::is_manifest_name(name)) {
      manifests.push_back(file);
    } else if (detail::is_part_name(name)) {
      parts.push_back(file);
    } else {
      others.emplace_back(file, false);
    }
  }
  if (listing) {
    readers::fail(input_position::whole(path), "", "cannot be listed: " + listing.message());
  }
  std::sort(manifests.begin(), manifests.end());
  std::sort(parts.begin(), parts.end());
  std::sort(others.begin(), others.end());
  if (manifests.size() > 1) {
    readers::fail(
        input_position::whole(path), "",
        "holds two manifests (" + manifests[0] + ", " + manifests[1] + "): name the one to read");
  }
  if (manifests.size() == 1) return detail::manifest_parts(manifests.front());
  for (const auto& [other, folder] : others) {
    if (folder) {
      readers::fail(input_position::whole(path), "",
                    "holds the folder " + other +
                        " (another delivery of the export?): name the manifest, or a folder of one "
                        "delivery's parts");
    }
    if (other.ends_with(".parquet")) {
      readers::fail(input_position::whole(other), "",
                    "is a Parquet part: " + parquet_conversion(other));
    }
    readers::fail(
        input_position::whole(path), "",
        "holds " + other +
            ", neither a part of a bill (.csv, .csv.gz) nor a manifest (...Manifest.json): "
            "a folder read as a bill holds its parts only");
  }
  if (parts.empty()) {
    readers::fail(input_position::whole(path), "",
                  "holds no part of a bill (no .csv or .csv.gz file, no manifest)");
  }
  return {path, std::move(parts)};
}

TRNCOST_DECL std::unique_ptr<std::istream> open_bill_part(const std::string& file) {
  auto in = std::make_unique<std::ifstream>(open_input_file(file));
  char magic[2] = {};
  in->read(magic, 2);
  if (in->gcount() == 2 && magic[0] == '\x1f' && magic[1] == '\x8b') {
    return std::make_unique<detail::gzip_istream>(file);
  }
  in->clear();
  in->seekg(0);
  return in;
}

TRNCOST_DECL bill_reader open_bill(const std::string& path) {
  bill_files files = find_bill_files(path);
  return bill_reader(std::move(files.name), std::move(files.parts), &open_bill_part);
}

}  // namespace trncost::readers

#endif  // TRNCOST_READERS_IMPL_BILL_FILES_IPP
