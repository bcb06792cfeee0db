// The transfers of `trncost prices fetch`: the one place of trncost that knows HTTP (libcurl, Debian
// libcurl4-openssl-dev), included by prices.cpp only. A URL is turned into a complete local file:
// local paths and file:// URLs are used where they are; http(s) URLs are downloaded into a cache
// under a name the caller derives from checked offer codes, regions and versions (never from the
// URL: nothing from the network names a local path, DESIGN.md invariant 11), through a ".part" file
// that is renamed only when the transfer is complete, so a complete-looking file is never a
// half-written one. Only the official price-list host, a mirror the user names and the URLs the user
// gives are fetched, redirects included (at most max_redirects of them, followed here one by one).
// A broken transfer resumes from the ".part" (a server that ignores the range restarts it); stalls,
// connection failures, 5xx answers and short transfers are retried with a growing pause; a 4xx
// answer is not. Without libcurl (built without TRNCOST_HAVE_CURL) only local files and file:// URLs
// are fetched, and an http URL says so. docs/security.md lists what is refused.
#ifndef TRNCOST_EXAMPLES_CLI_PRICE_FETCH_HPP
#define TRNCOST_EXAMPLES_CLI_PRICE_FETCH_HPP

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
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
  bool mirror = false;              ///< base given by the user: its scheme and host are fetched too
  std::string cache;                ///< where downloads are kept
  double stall_timeout_s = 30;      ///< a transfer receiving nothing for this long is given up
  double connect_timeout_s = 10;
  int retries = 2;                  ///< further attempts after a failed one (1 s, 2 s, 4 s... apart)
  int max_redirects = 5;            ///< redirects followed per transfer
  bool offline = false;             ///< only what the cache holds
};

namespace detail_fetch {

inline bool is_http(std::string_view url) { return url.starts_with("http://") || url.starts_with("https://"); }

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
    if (ch == '%' && i + 2 < path.size() && (path.substr(i + 1, 2) == "2e" || path.substr(i + 1, 2) == "2E")) {
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
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                    ch == '.' || ch == '_' || ch == '-' || ch == '/';
    if (!ok) return false;
  }
  return path_problem(name).empty() && name.find("//") == std::string_view::npos;
}

#ifdef TRNCOST_HAVE_CURL
struct progress {
  std::string what;
  std::uint64_t resumed_at = 0;
  std::chrono::steady_clock::time_point last{};
  bool shown = false;
};

inline int on_progress(void* p, curl_off_t total, curl_off_t now, curl_off_t, curl_off_t) {
  auto& pr = *static_cast<progress*>(p);
  const auto t = std::chrono::steady_clock::now();
  if (t - pr.last < std::chrono::milliseconds(500) || now == 0) return 0;
  pr.last = t;
  pr.shown = true;
  const double mb = static_cast<double>(pr.resumed_at + static_cast<std::uint64_t>(now)) / 1e6;
  if (total > 0) {
    const double all = static_cast<double>(pr.resumed_at + static_cast<std::uint64_t>(total)) / 1e6;
    std::fprintf(stderr, "\r%s: %.1f of %.1f MB (%.0f %%)   ", pr.what.c_str(), mb, all, 100.0 * mb / all);
  } else {
    std::fprintf(stderr, "\r%s: %.1f MB   ", pr.what.c_str(), mb);
  }
  return 0;
}

/// Where a response's body goes: into the ".part" file only when the answer is the file (200 or
/// 206); the body of a redirect or an error page is counted and dropped.
struct sink {
  CURL* curl = nullptr;
  std::FILE* out = nullptr;
  bool is_file = false;
  bool decided = false;
};

inline std::size_t on_data(char* data, std::size_t size, std::size_t n, void* p) {
  auto& s = *static_cast<sink*>(p);
  if (!s.decided) {
    long status = 0;
    curl_easy_getinfo(s.curl, CURLINFO_RESPONSE_CODE, &status);
    s.is_file = status == 200 || status == 206;
    s.decided = true;
  }
  if (!s.is_file) return size * n;
  return std::fwrite(data, size, n, s.out) * size;
}

/// One attempt: appends to `part` from its current size, following at most o.max_redirects
/// redirects, each to an allowed origin. Returns "" when complete, else why not; `retry` says
/// whether another attempt may help.
inline std::string attempt(const std::string& first_url, const std::vector<std::string>& allowed,
                           const std::filesystem::path& part, const transfer_options& o, const std::string& what,
                           bool& retry) {
  std::error_code ec;
  std::uint64_t have = std::filesystem::exists(part, ec) ? std::filesystem::file_size(part, ec) : 0;
  std::FILE* out = std::fopen(part.c_str(), have > 0 ? "ab" : "wb");
  if (out == nullptr) {
    retry = false;
    return "cannot write " + part.string();
  }
  // Large buffers: an offer file is hundreds of MB, and small writes cost system time.
  std::setvbuf(out, nullptr, _IOFBF, 1 << 20);
  CURL* c = curl_easy_init();
  // The first report comes after half a second: small files download without a progress line.
  progress pr{what, have, std::chrono::steady_clock::now(), false};
  sink body{c, out, false, false};
  char err[CURL_ERROR_SIZE] = {0};
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, err);
  // Redirects are followed below, one by one, so that each target is checked before it is asked.
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_FAILONERROR, 0L);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");  // gzip when the server offers it
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(o.connect_timeout_s * 1000));
  // A stall: less than 1 byte per second for the whole timeout.
  curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, static_cast<long>(o.stall_timeout_s < 1 ? 1 : o.stall_timeout_s));
  curl_easy_setopt(c, CURLOPT_BUFFERSIZE, 512L * 1024L);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
  curl_easy_setopt(c, CURLOPT_XFERINFODATA, &pr);
  curl_easy_setopt(c, CURLOPT_USERAGENT, "trncost-prices/1");
  if (have > 0) curl_easy_setopt(c, CURLOPT_RESUME_FROM_LARGE, static_cast<curl_off_t>(have));
  std::string url = first_url;
  CURLcode rc = CURLE_OK;
  long status = 0;
  std::string refused;
  for (int hops = 0;; ++hops) {
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    body.decided = false;
    rc = curl_easy_perform(c);
    status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    if (rc != CURLE_OK || status < 300 || status >= 400) break;
    const char* location = nullptr;
    curl_easy_getinfo(c, CURLINFO_REDIRECT_URL, &location);
    if (location == nullptr) break;  // a 3xx without a usable Location: reported as its status below
    const std::string next = location;
    if (hops == o.max_redirects) {
      refused = "the server redirected more than " + std::to_string(o.max_redirects) +
                " times (the last time to " + next + "); a redirect loop?";
      break;
    }
    if (std::find(allowed.begin(), allowed.end(), origin_of(next)) == allowed.end()) {
      refused = "the server redirected to " + next + ", which is not on " + allowed.front() +
                (allowed.size() > 1 ? " or another host trncost was given" : "") +
                "; trncost fetches the price list only from the official host, a mirror named with --mirror "
                "and the URLs it is given";
      break;
    }
    url = next;
  }
  curl_off_t length = -1;
  curl_easy_getinfo(c, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
  curl_easy_cleanup(c);
  const bool wrote = std::fflush(out) == 0;
  std::fclose(out);
  if (pr.shown) std::fprintf(stderr, "\n");
  if (!refused.empty()) {
    retry = false;
    return refused;
  }
  if (!wrote) {
    retry = false;
    return "cannot write " + part.string() + " (disk full?)";
  }
  if (have > 0 && status == 200) {
    // The server ignored the range and sent the whole file after what we had: start again.
    std::filesystem::remove(part, ec);
    retry = true;
    return "the server does not resume transfers; restarted";
  }
  if (status == 416) {  // the range is past the end: what we had is not a prefix of this file
    std::filesystem::remove(part, ec);
    retry = true;
    return "the server refused to resume (416); restarted";
  }
  if (status >= 300 && rc == CURLE_OK) {
    // The body of an error page is not the file (it was not written).
    retry = status >= 500;
    return "the server answered HTTP " + std::to_string(status);
  }
  if (rc != CURLE_OK) {
    retry = true;
    std::string why = err[0] != '\0' ? err : curl_easy_strerror(rc);
    if (rc == CURLE_OPERATION_TIMEDOUT) why = "no data for " + std::to_string(static_cast<long>(o.stall_timeout_s)) + " s (timeout): " + why;
    if (rc == CURLE_UNSUPPORTED_PROTOCOL) retry = false;
    return why;
  }
  const std::uint64_t now = std::filesystem::file_size(part, ec);
  if (length >= 0 && now != have + static_cast<std::uint64_t>(length)) {
    retry = true;
    return "the transfer ended after " + std::to_string(now) + " of " +
           std::to_string(have + static_cast<std::uint64_t>(length)) + " bytes (truncated)";
  }
  return "";
}
#endif

}  // namespace detail_fetch

/// Turns URLs into complete local files (see the top of this file).
class fetcher {
 public:
  explicit fetcher(transfer_options o) : o_(std::move(o)) {
    allowed_.emplace_back(official_base);
    if (o_.mirror && detail_fetch::is_http(o_.base)) {
      const std::string m = detail_fetch::origin_of(o_.base);
      if (m.empty()) throw fetch_error(o_.base + ": not a mirror trncost can fetch from (credentials in the URL?)");
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
  [[nodiscard]] std::string url(const std::string& path, const std::string& from, const std::string& key) const {
    const auto refuse = [&](const std::string& why) {
      return fetch_error(from + ": " + key + " names \"" + path + "\", " + why + "; nothing was fetched from it");
    };
    if (path.find("://") != std::string::npos) {
      const std::string origin = detail_fetch::origin_of(path);
      if (std::find(allowed_.begin(), allowed_.end(), origin) == allowed_.end()) {
        throw refuse("which is not on " + allowed_.front() +
                     " (trncost fetches the price list only from the official host and a mirror named with --mirror)");
      }
      const auto at = path.find('/', path.find("://") + 3);
      if (const auto p = detail_fetch::path_problem(at == std::string::npos ? "" : path.substr(at)); !p.empty()) {
        throw refuse("a path with " + p);
      }
      return path;
    }
    if (!path.starts_with('/')) throw refuse("which is neither a URL nor a path from the host's root");
    if (const auto p = detail_fetch::path_problem(path); !p.empty()) throw refuse("a path with " + p);
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
  std::string get(const std::string& u, std::string_view what, const std::string& local_name, bool given = false) {
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
        throw fetch_error(u + ": offline, and the cache (" + o_.cache + ") does not hold the " + std::string(what));
      }
      return local.string();
    }
#ifdef TRNCOST_HAVE_CURL
    std::vector<std::string> allowed = allowed_;
    if (given) allowed.push_back(detail_fetch::origin_of(u));
    if (std::find(allowed.begin(), allowed.end(), detail_fetch::origin_of(u)) == allowed.end()) {
      throw fetch_error(u + ": not on " + allowed_.front() + "; nothing was fetched from it");
    }
    std::filesystem::create_directories(local.parent_path(), ec);
    std::filesystem::path part = local;
    part += ".part";
    std::string why;
    for (int i = 0; i <= o_.retries; ++i) {
      if (i > 0) {
        std::fprintf(stderr, "%s: %s; retrying (%d of %d)\n", u.c_str(), why.c_str(), i, o_.retries);
        std::this_thread::sleep_for(std::chrono::seconds(1LL << (i - 1 < 5 ? i - 1 : 5)));
      }
      bool retry = false;
      why = detail_fetch::attempt(u, allowed, part, o_, std::string(what), retry);
      if (why.empty()) {
        std::filesystem::rename(part, local, ec);
        if (ec) throw fetch_error(u + ": cannot rename " + part.string() + " to " + local.string());
        return local.string();
      }
      if (!retry) {
        std::filesystem::remove(part, ec);
        throw fetch_error(u + ": the " + std::string(what) + " could not be downloaded: " + why);
      }
    }
    throw fetch_error(u + ": the " + std::string(what) + " could not be downloaded: " + why +
                      (o_.retries > 0 ? " (after " + std::to_string(o_.retries) + " retries)" : ""));
#else
    throw fetch_error(u + ": this trncost was built without libcurl (Debian: libcurl4-openssl-dev), so it fetches "
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
  [[nodiscard]] std::filesystem::path cache_path(const std::string& local_name) const {
    // The caller's names are made of checked parts; this is the last guard before the file system.
    if (!detail_fetch::safe_local_name(local_name)) {
      throw std::logic_error("trncost prices fetch: unsafe cache name \"" + local_name + "\"");
    }
    return std::filesystem::path(o_.cache) / local_name;
  }

  transfer_options o_;
  std::vector<std::string> allowed_;  ///< origins fetched: the mirror (when given) first, the official host
};

}  // namespace trncost_cli

#endif  // TRNCOST_EXAMPLES_CLI_PRICE_FETCH_HPP
