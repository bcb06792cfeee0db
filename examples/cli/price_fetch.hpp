// The transfers of `trncost prices fetch`: the one place of trncost that knows HTTP (libcurl,
// Debian libcurl4-openssl-dev), included by prices.cpp only. A URL is turned into a complete local
// file: local paths and file:// URLs are used where they are; http(s) URLs are downloaded into a
// cache under a name the caller derives from checked offer codes, regions and versions (never from
// the URL: nothing from the network names a local path: docs/security.md, "What trncost fetches"),
// through a ".part" file that is renamed only when the transfer is complete, so a complete-looking
// file is never a half-written one. Only the official price-list host, a mirror the user names and
// the URLs the user gives are fetched, redirects included (at most max_redirects of them, followed
// here one by one). A broken transfer resumes from the ".part" (a server that ignores the range
// restarts it); stalls, connection failures, 5xx answers and short transfers are retried with a
// growing pause; a 4xx answer is not. Without libcurl (built without TRNCOST_HAVE_CURL) only local
// files and file:// URLs are fetched, and an http URL says so. docs/security.md lists what is
// refused.
#ifndef TRNCOST_EXAMPLES_CLI_PRICE_FETCH_HPP
#define TRNCOST_EXAMPLES_CLI_PRICE_FETCH_HPP

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#ifdef TRNCOST_HAVE_CURL
#include <curl/curl.h>
#include <unistd.h>

#include <cctype>
#endif

namespace trncost_cli {

/// A download that failed or did not check out: one sentence, naming the URL (exit code 6).
class fetch_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Where AWS publishes the price list (scheme and host): fetched without being named.
inline constexpr std::string_view official_base = "https://pricing.us-east-1.amazonaws.com";

struct transfer_options {
  std::string base{official_base};
  bool mirror = false;             ///< base given by the user: its scheme and host are fetched too
  std::string cache;               ///< where downloads are kept
  double stall_timeout_s = 30;     ///< a transfer slower than min_speed for this long is given up
  std::uint64_t min_speed = 1000;  ///< bytes per second, averaged over stall_timeout_s
  double connect_timeout_s = 10;
  /// Every transfer of the command ends by then (4 hours: AWS's largest offer file, several GB,
  /// at about 1 MB/s).
  double deadline_s = 4 * 3600;
  /// Bytes a file may have once decoded (20 GiB: AWS's largest offer file is several GB).
  std::uint64_t max_size = std::uint64_t{20} << 30;
  int retries = 2;        ///< further attempts after a failed one (1 s, 2 s, 4 s... apart)
  int max_redirects = 5;  ///< redirects followed per transfer
  bool offline = false;   ///< only what the cache holds
  bool progress = false;  ///< progress lines on standard error (when it is a terminal)
};

/// "2", "0.5": seconds as the user wrote them, for messages.
inline std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

namespace detail_fetch {

inline bool is_http(std::string_view url) {
  return url.starts_with("http://") || url.starts_with("https://");
}

/// "https://host[:port]" of an http(s) URL, lower-cased, the default port left out; "" when the URL
/// is not http(s) or carries credentials ("user@host"), which trncost never sends.
inline std::string origin_of(std::string_view url) {
  std::string scheme;
  if (url.starts_with("http://")) {
    scheme = "http";
  } else if (url.starts_with("https://")) {
    scheme = "https";
  } else {
    return "";
  }
  url.remove_prefix(scheme.size() + 3);
  std::string host(url.substr(0, url.find_first_of("/?#")));
  if (host.empty() || host.find('@') != std::string::npos) return "";
  for (char& ch : host) {
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  }
  const std::string default_port = scheme == "https" ? ":443" : ":80";
  if (host.ends_with(default_port)) host.erase(host.size() - default_port.size());
  return scheme + "://" + host;
}

/// Why a path named by an index may not be fetched, or "": a path with "." or ".." segments (also
/// percent-encoded), a backslash, a query or fragment, or a control character could reach another
/// file than the one the index means (and, in a local --base, another file than the mirror's).
inline std::string path_problem(std::string_view path) {
  std::string decoded;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const auto ch = static_cast<unsigned char>(path[i]);
    if (ch < 0x21 || ch == 0x7f) return "a space or control character";
    if (ch == '\\') return "a backslash";
    if (ch == '?' || ch == '#') return "a query or fragment";
    if (ch == '%' && i + 2 < path.size() &&
        (path.substr(i + 1, 2) == "2e" || path.substr(i + 1, 2) == "2E")) {
      decoded += '.';
      i += 2;
      continue;
    }
    decoded += static_cast<char>(ch);
  }
  std::size_t start = 0;
  while (start <= decoded.size()) {
    const auto end = std::min(decoded.find('/', start), decoded.size());
    const std::string_view seg(decoded.data() + start, end - start);
    if (seg == "." || seg == "..") return "a \"" + std::string(seg) + "\" segment";
    start = end + 1;
  }
  return "";
}

/// Whether `name` is a cache name the caller composed from checked parts: relative, segments of
/// letters, digits, '.', '_' and '-', none of them "." or "..".
inline bool safe_local_name(std::string_view name) {
  if (name.empty() || name.starts_with('/')) return false;
  for (const char ch : name) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                    (ch >= '0' && ch <= '9') || ch == '.' || ch == '_' || ch == '-' || ch == '/';
    if (!ok) return false;
  }
  return path_problem(name).empty() && name.find("//") == std::string_view::npos;
}

#ifdef TRNCOST_HAVE_CURL
/// Set by SIGINT during a fetch (prices.cpp installs the handler): the transfer in progress stops,
/// keeps its ".part" only when it can be resumed, and the command ends by that signal.
inline volatile std::sig_atomic_t interrupted = 0;

/// What one response said about itself (its headers), and what its body did.
struct transfer_state {
  CURL* curl = nullptr;
  std::FILE* out = nullptr;
  std::uint64_t have = 0;     ///< bytes of the ".part" before this attempt
  std::uint64_t written = 0;  ///< bytes written by this attempt (decoded)
  std::uint64_t max_size = 0;
  bool over_size = false;
  bool is_file = false;  ///< the body is the file (200 or 206), not a redirect or an error page
  bool decided = false;
  bool restarted = false;  ///< a 200 to a range request: the file from its first byte
  bool write_failed = false;
  bool range_mismatch = false;  ///< a 206 for another range than the one asked
  // Headers of the current response (reset at each status line: redirects have their own).
  std::string etag, content_encoding, accept_ranges, content_range;
  // Progress, on a terminal only.
  bool show_progress = false;
  std::string what;
  std::chrono::steady_clock::time_point last{};
  bool shown = false;
};

inline std::string trimmed(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() &&
         (v.back() == ' ' || v.back() == '\t' || v.back() == '\r' || v.back() == '\n'))
    v.remove_suffix(1);
  return std::string(v);
}

inline std::size_t on_header(char* data, std::size_t size, std::size_t n, void* p) {
  auto& s = *static_cast<transfer_state*>(p);
  const std::string_view line(data, size * n);
  if (line.starts_with("HTTP/")) {
    s.etag.clear();
    s.content_encoding.clear();
    s.accept_ranges.clear();
    s.content_range.clear();
    return size * n;
  }
  const auto colon = line.find(':');
  if (colon == std::string_view::npos) return size * n;
  std::string name(line.substr(0, colon));
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  const std::string value = trimmed(line.substr(colon + 1));
  if (name == "etag") s.etag = value;
  if (name == "content-encoding") s.content_encoding = value == "identity" ? "" : value;
  if (name == "accept-ranges") s.accept_ranges = value;
  if (name == "content-range") s.content_range = value;
  return size * n;
}

inline int on_progress(void* p, curl_off_t total, curl_off_t now, curl_off_t, curl_off_t) {
  if (interrupted != 0) return 1;  // stops the transfer: CURLE_ABORTED_BY_CALLBACK
  auto& s = *static_cast<transfer_state*>(p);
  if (!s.show_progress || now == 0) return 0;
  const auto t = std::chrono::steady_clock::now();
  if (t - s.last < std::chrono::milliseconds(500)) return 0;
  s.last = t;
  s.shown = true;
  const double mb = static_cast<double>(s.have + static_cast<std::uint64_t>(now)) / 1e6;
  if (total > 0 && s.content_encoding.empty()) {
    const double all = static_cast<double>(s.have + static_cast<std::uint64_t>(total)) / 1e6;
    std::fprintf(stderr, "\r%s: %.1f of %.1f MB (%.0f %%)   ", s.what.c_str(), mb, all,
                 100.0 * mb / all);
  } else {
    std::fprintf(stderr, "\r%s: %.1f MB   ", s.what.c_str(), mb);
  }
  return 0;
}

/// The body goes into the ".part" only when the answer is the file (200 or 206); the body of a
/// redirect or an error page is dropped. A 200 to a range request restarts the file; more than
/// max_size bytes (decoded) stop the transfer.
inline std::size_t on_data(char* data, std::size_t size, std::size_t n, void* p) {
  auto& s = *static_cast<transfer_state*>(p);
  const std::size_t bytes = size * n;
  if (!s.decided) {
    long status = 0;
    curl_easy_getinfo(s.curl, CURLINFO_RESPONSE_CODE, &status);
    s.is_file = status == 200 || status == 206;
    s.decided = true;
    if (s.is_file && s.have > 0 && status == 206 &&
        !s.content_range.starts_with("bytes " + std::to_string(s.have) + "-")) {
      // Not the rest of what we have: never appended.
      s.range_mismatch = true;
      return 0;
    }
    if (s.is_file && s.have > 0 && status == 200) {
      // The whole file again (the server ignored the range, or If-Range found another version).
      if (std::fflush(s.out) != 0 || ::ftruncate(::fileno(s.out), 0) != 0 ||
          std::fseek(s.out, 0, SEEK_SET) != 0) {
        s.write_failed = true;
        return 0;
      }
      s.have = 0;
      s.restarted = true;
    }
  }
  if (!s.is_file) return bytes;
  if (s.have + s.written + bytes > s.max_size) {
    s.over_size = true;
    return 0;
  }
  const std::size_t done = std::fwrite(data, 1, bytes, s.out);
  if (done != bytes) s.write_failed = true;
  s.written += done;
  return done;
}

/// What became of one attempt.
struct attempt_result {
  std::string why;         ///< "" when the file is complete
  bool retry = false;      ///< another attempt may help
  bool keep_part = false;  ///< the ".part" may be resumed (a strong ETag, identity, byte ranges)
  std::string etag;        ///< the ETag to resume against
  bool restarted = false;
};

/// "W/..." ETags are weak: equal meaning, not equal bytes; a resumed file needs equal bytes.
inline bool strong_etag(const std::string& e) { return !e.empty() && !e.starts_with("W/"); }

/// One attempt: appends to `part` from its current size when `etag` says which version it holds,
/// following at most o.max_redirects redirects, each to an allowed origin, until `deadline`.
inline attempt_result attempt(const std::string& first_url, const std::vector<std::string>& allowed,
                              const std::filesystem::path& part, const std::string& etag,
                              const transfer_options& o,
                              std::chrono::steady_clock::time_point deadline,
                              const std::string& what) {
  attempt_result res;
  std::error_code ec;
  std::uint64_t have = 0;
  if (!etag.empty() && std::filesystem::exists(part, ec))
    have = std::filesystem::file_size(part, ec);
  std::FILE* out = std::fopen(part.c_str(), have > 0 ? "r+b" : "wb");
  if (out == nullptr) {
    res.why = "cannot write " + part.string();
    return res;
  }
  std::fseek(out, 0, SEEK_END);
  // Large buffers: an offer file is hundreds of MB, and small writes cost system time.
  std::setvbuf(out, nullptr, _IOFBF, 1 << 20);
  CURL* c = curl_easy_init();
  transfer_state st;
  st.curl = c;
  st.out = out;
  st.have = have;
  st.max_size = o.max_size;
  st.show_progress = o.progress;
  st.what = what;
  // The first report comes after half a second: small files download without a progress line.
  st.last = std::chrono::steady_clock::now();
  char err[CURL_ERROR_SIZE] = {0};
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, err);
  // Redirects are followed below, one by one, so that each target is checked before it is asked.
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_FAILONERROR, 0L);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  // gzip when the server offers it, for a whole file; a resumed one asks for the bytes as they are
  // (a range of a compressed answer is not a continuation of decoded bytes).
  if (have == 0) curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(o.connect_timeout_s * 1000));
  // Too slow: less than min_speed bytes per second over stall_timeout_s (a stall or a trickle).
  curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, static_cast<long>(o.min_speed));
  curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME,
                   static_cast<long>(o.stall_timeout_s < 1 ? 1 : o.stall_timeout_s));
  // A size announced beyond the cap is refused before its body arrives (the body is counted too).
  curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(o.max_size - have));
  curl_easy_setopt(c, CURLOPT_BUFFERSIZE, 512L * 1024L);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &st);
  curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(c, CURLOPT_HEADERDATA, &st);
  curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
  curl_easy_setopt(c, CURLOPT_XFERINFODATA, &st);
  curl_easy_setopt(c, CURLOPT_USERAGENT, "trncost-prices/1");
  curl_slist* headers = nullptr;
  const std::string range = std::to_string(have) + "-";
  if (have > 0) {
    // CURLOPT_RANGE rather than RESUME_FROM: a 200 (the whole file) is then an answer, written from
    // its first byte, not an error.
    curl_easy_setopt(c, CURLOPT_RANGE, range.c_str());
    // The rest of the version we have, or the whole file if it changed.
    headers = curl_slist_append(headers, ("If-Range: " + etag).c_str());
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
  }
  std::string url = first_url;
  CURLcode rc = CURLE_OK;
  long status = 0;
  std::string refused;
  bool past_deadline = false;
  for (int hops = 0;; ++hops) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      past_deadline = true;
      break;
    }
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(left.count()));
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    st.decided = false;
    rc = curl_easy_perform(c);
    status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    if (rc == CURLE_OPERATION_TIMEDOUT && std::chrono::steady_clock::now() >= deadline)
      past_deadline = true;
    if (rc != CURLE_OK || status < 300 || status >= 400) break;
    const char* location = nullptr;
    curl_easy_getinfo(c, CURLINFO_REDIRECT_URL, &location);
    if (location == nullptr)
      break;  // a 3xx without a usable Location: reported as its status below
    const std::string next = location;
    if (hops == o.max_redirects) {
      refused = "the server redirected more than " + std::to_string(o.max_redirects) +
                " times (the last time to " + next + "); a redirect loop?";
      break;
    }
    if (std::find(allowed.begin(), allowed.end(), origin_of(next)) == allowed.end()) {
      refused = "the server redirected to " + next + ", which is not on " + allowed.front() +
                (allowed.size() > 1 ? " or another host trncost was given" : "") +
                "; trncost fetches the price list only from the official host, a mirror named with "
                "--mirror "
                "and the URLs it is given";
      break;
    }
    url = next;
  }
  curl_off_t length = -1;
  curl_easy_getinfo(c, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
  curl_off_t wire = -1;  // body bytes as they came: compressed when the answer is
  curl_easy_getinfo(c, CURLINFO_SIZE_DOWNLOAD_T, &wire);
  curl_easy_cleanup(c);
  curl_slist_free_all(headers);
  const bool flushed = std::fflush(out) == 0;
  std::fclose(out);
  if (st.shown) std::fprintf(stderr, "\n");
  res.restarted = st.restarted;
  // What a later attempt may build on: the bytes of one version, as they are, from a server that
  // sends ranges. Anything else is deleted by the caller.
  res.etag = st.etag;
  res.keep_part = st.is_file && strong_etag(st.etag) && st.content_encoding.empty() &&
                  st.accept_ranges == "bytes" && !st.over_size && !st.write_failed && flushed;
  if (!refused.empty()) {
    res.why = refused;
    return res;
  }
  if (interrupted != 0) {
    res.why = "interrupted";
    return res;
  }
  if (st.range_mismatch) {
    res.keep_part = false;
    res.retry = true;
    res.why = "the server sent another range (" + st.content_range +
              ") than the one asked (bytes " + range + "); restarted";
    return res;
  }
  if (st.over_size || rc == CURLE_FILESIZE_EXCEEDED) {
    res.keep_part = false;
    res.why = "it is larger than the " + std::to_string(o.max_size) + "-byte cap (--max-size)";
    return res;
  }
  if (st.write_failed || !flushed) {
    res.keep_part = false;
    res.why = "cannot write " + part.string() + ": " + std::strerror(errno);
    return res;
  }
  if (past_deadline) {
    res.why =
        "it was not complete within the " + seconds_text(o.deadline_s) + " s deadline (--deadline)";
    return res;
  }
  if (have > 0 && status == 206 && (!st.etag.empty() && st.etag != etag)) {
    // Another version's bytes after ours: never mixed.
    res.keep_part = false;
    res.retry = true;
    res.why = "the server sent a range of another version (ETag " + st.etag + ", not " + etag +
              "); restarted";
    return res;
  }
  if (have > 0 && status == 206 && !st.content_encoding.empty()) {
    res.keep_part = false;
    res.retry = true;
    res.why = "the server sent a compressed range; restarted";
    return res;
  }
  if (status == 416) {  // the range is past the end: what we had is not a prefix of this file
    res.keep_part = false;
    res.retry = true;
    res.why = "the server refused to resume (416); restarted";
    return res;
  }
  if (status >= 300 && rc == CURLE_OK) {
    // The body of an error page is not the file (it was not written).
    res.keep_part = !etag.empty() && have > 0;  // what an earlier attempt kept stays resumable
    res.retry = status >= 500;
    res.why = "the server answered HTTP " + std::to_string(status);
    return res;
  }
  if (rc != CURLE_OK) {
    res.retry = rc != CURLE_UNSUPPORTED_PROTOCOL;
    std::string why = err[0] != '\0' ? err : curl_easy_strerror(rc);
    if (rc == CURLE_OPERATION_TIMEDOUT) {
      why = "slower than " + std::to_string(o.min_speed) + " bytes/s for " +
            seconds_text(o.stall_timeout_s) + " s (--min-speed, --timeout): " + why;
    }
    res.why = why;
    return res;
  }
  // Complete by libcurl's count; checked once more against the announced length: the decoded bytes
  // when the answer was sent as it is, the bytes received when it was compressed (gzip).
  const std::uint64_t now = std::filesystem::file_size(part, ec);
  if (length >= 0) {
    const bool encoded = !st.content_encoding.empty();
    const std::uint64_t got = encoded ? static_cast<std::uint64_t>(wire) : now - st.have;
    if (got != static_cast<std::uint64_t>(length)) {
      res.retry = true;
      res.why = "the transfer ended after " + std::to_string(got) + " of " +
                std::to_string(length) + (encoded ? " compressed" : "") + " bytes (truncated)";
      return res;
    }
  }
  return res;
}
#endif

}  // namespace detail_fetch

/// Turns URLs into complete local files (see the top of this file).
class fetcher {
 public:
  explicit fetcher(transfer_options o)
      : o_(std::move(o)),
        deadline_(std::chrono::steady_clock::now() +
                  std::chrono::milliseconds(static_cast<std::int64_t>(o_.deadline_s * 1000))) {
    allowed_.emplace_back(official_base);
    if (o_.mirror && detail_fetch::is_http(o_.base)) {
      const std::string m = detail_fetch::origin_of(o_.base);
      if (m.empty())
        throw fetch_error(o_.base +
                          ": not a mirror trncost can fetch from (credentials in the URL?)");
      allowed_.insert(allowed_.begin(), m);
    }
#ifdef TRNCOST_HAVE_CURL
    curl_global_init(CURL_GLOBAL_DEFAULT);
#endif
  }
  fetcher(const fetcher&) = delete;
  fetcher& operator=(const fetcher&) = delete;
  ~fetcher() {
#ifdef TRNCOST_HAVE_CURL
    curl_global_cleanup();
#endif
  }

  /// The URL of `path`, a path or URL that the index `from` names at `key`: a path is joined to the
  /// base (the official host or the mirror); a full URL must be on the official host or the mirror.
  /// A path with "." or ".." segments (or the like) is refused, naming the index and the key.
  [[nodiscard]] std::string url(const std::string& path, const std::string& from,
                                const std::string& key) const {
    const auto refuse = [&](const std::string& why) {
      return fetch_error(from + ": " + key + " names \"" + path + "\", " + why +
                         "; nothing was fetched from it");
    };
    if (path.find("://") != std::string::npos) {
      const std::string origin = detail_fetch::origin_of(path);
      if (std::find(allowed_.begin(), allowed_.end(), origin) == allowed_.end()) {
        throw refuse("which is not on " + allowed_.front() +
                     " (trncost fetches the price list only from the official host and a mirror "
                     "named with --mirror)");
      }
      const auto at = path.find('/', path.find("://") + 3);
      if (const auto p = detail_fetch::path_problem(at == std::string::npos ? "" : path.substr(at));
          !p.empty()) {
        throw refuse("a path with " + p);
      }
      return path;
    }
    if (!path.starts_with('/'))
      throw refuse("which is neither a URL nor a path from the host's root");
    if (const auto p = detail_fetch::path_problem(path); !p.empty())
      throw refuse("a path with " + p);
    return root_url(path);
  }

  /// The index at a path trncost knows ("/offers/v1.0/aws/index.json") on the base.
  [[nodiscard]] std::string root_url(const std::string& path) const {
    std::string b = o_.base;
    while (b.ends_with('/')) b.pop_back();
    return b + path;
  }

  /// The local path of the complete file behind `u`: a local file where it is; an http(s) file in
  /// the cache as `local_name` (composed by the caller from checked codes; never from the URL),
  /// downloaded afresh (indexes change) unless offline. `what` names it in progress and errors.
  /// A URL the user gave (`given`) may be on any http(s) host, and redirects may stay on it.
  std::string get(const std::string& u, std::string_view what, const std::string& local_name,
                  bool given = false) {
    if (!detail_fetch::is_http(u)) {
      const std::string path = u.starts_with("file://") ? u.substr(7) : u;
      std::error_code ec;
      if (!std::filesystem::is_regular_file(path, ec)) {
        throw fetch_error(u + ": the " + std::string(what) + " does not exist");
      }
      return path;
    }
    const std::filesystem::path local = cache_path(local_name);
    std::error_code ec;
    if (o_.offline) {
      if (!std::filesystem::is_regular_file(local, ec)) {
        throw fetch_error(u + ": offline, and the cache (" + o_.cache + ") does not hold the " +
                          std::string(what));
      }
      return local.string();
    }
#ifdef TRNCOST_HAVE_CURL
    if (detail_fetch::interrupted != 0)
      throw fetch_error(u + ": interrupted before it was fetched");
    if (detail_fetch::origin_of(u).empty()) {
      // "https://pricing.us-east-1.amazonaws.com@elsewhere/": not the host it seems to name.
      throw fetch_error(
          u + ": a URL with a user name or password before its host; trncost does not fetch it");
    }
    std::vector<std::string> allowed = allowed_;
    if (given) allowed.push_back(detail_fetch::origin_of(u));
    if (std::find(allowed.begin(), allowed.end(), detail_fetch::origin_of(u)) == allowed.end()) {
      throw fetch_error(u + ": not on " + allowed_.front() + "; nothing was fetched from it");
    }
    std::filesystem::create_directories(local.parent_path(), ec);
    std::filesystem::path part = local;
    part += ".part";
    std::filesystem::path etag_file = local;
    etag_file += ".part.etag";
    // A ".part" left by an earlier run is resumed only against the ETag it was received with.
    std::string etag = resumable_etag(part, etag_file);
    std::string why;
    for (int i = 0; i <= o_.retries; ++i) {
      if (i > 0) {
        const auto pause = std::chrono::seconds(1LL << (i - 1 < 5 ? i - 1 : 5));
        if (std::chrono::steady_clock::now() + pause >= deadline_) {
          why = "it was not complete within the " + seconds_text(o_.deadline_s) +
                " s deadline (--deadline); " + why;
          break;
        }
        std::fprintf(stderr, "%s: %s; retrying (%d of %d)\n", u.c_str(), why.c_str(), i,
                     o_.retries);
        std::this_thread::sleep_for(pause);
      }
      const auto res =
          detail_fetch::attempt(u, allowed, part, etag, o_, deadline_, std::string(what));
      why = res.why;
      if (why.empty()) {
        std::filesystem::remove(etag_file, ec);
        std::filesystem::rename(part, local, ec);
        if (ec) throw fetch_error(u + ": cannot rename " + part.string() + " to " + local.string());
        return local.string();
      }
      if (res.keep_part && write_etag(etag_file, res.etag)) {
        etag = res.etag;
      } else {
        // Nothing a later attempt could resume safely: no partial file is kept.
        std::filesystem::remove(part, ec);
        std::filesystem::remove(etag_file, ec);
        etag.clear();
      }
      if (!res.retry || detail_fetch::interrupted != 0) {
        throw fetch_error(u + ": the " + std::string(what) + " could not be downloaded: " + why +
                          kept(part));
      }
    }
    throw fetch_error(
        u + ": the " + std::string(what) + " could not be downloaded: " + why +
        (o_.retries > 0 ? " (after " + std::to_string(o_.retries) + " retries)" : "") + kept(part));
#else
    throw fetch_error(
        u +
        ": this trncost was built without libcurl (Debian: libcurl4-openssl-dev), so it fetches "
        "only local files and file:// URLs");
#endif
  }

  /// Drops the cached copy named `local_name` of `u` (a download that did not check out is not kept
  /// for reuse); a local file is never touched.
  void forget(const std::string& u, const std::string& local_name) {
    if (!detail_fetch::is_http(u)) return;
    std::error_code ec;
    std::filesystem::remove(cache_path(local_name), ec);
  }

 private:
  /// The ETag a ".part" may be resumed against, or "" (and the ".part" deleted) when there is none.
  static std::string resumable_etag(const std::filesystem::path& part,
                                    const std::filesystem::path& etag_file) {
    std::error_code ec;
    std::string etag;
    if (std::FILE* f = std::fopen(etag_file.c_str(), "rb")) {
      char buf[512];
      const std::size_t n = std::fread(buf, 1, sizeof buf, f);
      std::fclose(f);
      etag.assign(buf, n);
    }
    if (!detail_fetch::strong_etag(etag) || etag.find_first_of("\r\n") != std::string::npos ||
        !std::filesystem::is_regular_file(part, ec)) {
      std::filesystem::remove(part, ec);
      std::filesystem::remove(etag_file, ec);
      return "";
    }
    return etag;
  }

  static bool write_etag(const std::filesystem::path& etag_file, const std::string& etag) {
    if (etag.size() > 500 || etag.find_first_of("\r\n") != std::string::npos) return false;
    std::FILE* f = std::fopen(etag_file.c_str(), "wb");
    if (f == nullptr) return false;
    const bool ok = std::fwrite(etag.data(), 1, etag.size(), f) == etag.size();
    return std::fclose(f) == 0 && ok;
  }

  /// "; 1234 bytes are kept to resume" when a ".part" is kept, else "".
  static std::string kept(const std::filesystem::path& part) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(part, ec)) return "";
    return " (the " + std::to_string(std::filesystem::file_size(part, ec)) +
           " bytes received are kept in the cache, to be resumed against the same ETag)";
  }

  [[nodiscard]] std::filesystem::path cache_path(const std::string& local_name) const {
    // The caller's names are made of checked parts; this is the last guard before the file system.
    if (!detail_fetch::safe_local_name(local_name)) {
      throw std::logic_error("trncost prices fetch: unsafe cache name \"" + local_name + "\"");
    }
    // Nothing below the cache's folder is a symbolic link: one planted there ("offers" -> /etc)
    // would send a download outside the cache. trncost makes folders and files, never links, so a
    // link is refused, naming it; the folder the user named may itself be one.
    const std::filesystem::path root(o_.cache);
    std::filesystem::path at = root;
    const std::filesystem::path rel(local_name);
    std::vector<std::filesystem::path> checked;
    for (const auto& part : rel) checked.push_back(at /= part);
    for (const char* suffix : {".part", ".part.etag"}) {
      std::filesystem::path p = at;
      p += suffix;
      checked.push_back(p);
    }
    for (const auto& p : checked) {
      std::error_code ec;
      if (std::filesystem::is_symlink(std::filesystem::symlink_status(p, ec))) {
        throw fetch_error(p.string() +
                          ": is a symbolic link inside the cache; trncost writes only files and "
                          "folders it makes there and follows no link (remove it, or give "
                          "another --cache)");
      }
    }
    return at;
  }

  transfer_options o_;
  std::chrono::steady_clock::time_point deadline_;  ///< of every transfer of this fetcher
  std::vector<std::string>
      allowed_;  ///< origins fetched: the mirror (when given) first, the official host
};

}  // namespace trncost_cli

#endif  // TRNCOST_EXAMPLES_CLI_PRICE_FETCH_HPP
