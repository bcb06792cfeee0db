// The transfers of `trncost prices fetch`: the one place of trncost that knows HTTP (libcurl, Debian
// libcurl4-openssl-dev), included by prices.cpp only. A URL is turned into a complete local file:
// local paths and file:// URLs are used where they are; http(s) URLs are downloaded into a cache
// (CACHE/host/path) through a ".part" file that is renamed only when the transfer is complete, so a
// complete-looking file is never a half-written one. A broken transfer resumes from the ".part" (a
// server that ignores the range restarts it); stalls, connection failures, 5xx answers and short
// transfers are retried with a growing pause; a 4xx answer is not. Without libcurl (built without
// TRNCOST_HAVE_CURL) only local files and file:// URLs are fetched, and an http URL says so.
#ifndef TRNCOST_EXAMPLES_CLI_PRICE_FETCH_HPP
#define TRNCOST_EXAMPLES_CLI_PRICE_FETCH_HPP

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

#ifdef TRNCOST_HAVE_CURL
#include <curl/curl.h>
#endif

namespace trncost_cli {

/// A download that failed or did not check out: one sentence, naming the URL (exit code 6).
class fetch_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct transfer_options {
  std::string base = "https://pricing.us-east-1.amazonaws.com";
  std::string cache;                ///< where downloads are kept
  double stall_timeout_s = 30;      ///< a transfer receiving nothing for this long is given up
  double connect_timeout_s = 10;
  int retries = 2;                  ///< further attempts after a failed one (1 s, 2 s, 4 s... apart)
  bool offline = false;             ///< only what the cache holds
};

namespace detail_fetch {

inline bool is_http(std::string_view url) { return url.starts_with("http://") || url.starts_with("https://"); }

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

inline std::size_t on_data(char* data, std::size_t size, std::size_t n, void* out) {
  return std::fwrite(data, size, n, static_cast<std::FILE*>(out)) * size;
}

/// One attempt: appends to `part` from its current size. Returns "" when complete, else why not;
/// `retry` says whether another attempt may help.
inline std::string attempt(const std::string& url, const std::filesystem::path& part, const transfer_options& o,
                           const std::string& what, bool& retry) {
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
  char err[CURL_ERROR_SIZE] = {0};
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, err);
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(c, CURLOPT_FAILONERROR, 0L);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");  // gzip when the server offers it
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(o.connect_timeout_s * 1000));
  // A stall: less than 1 byte per second for the whole timeout.
  curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, static_cast<long>(o.stall_timeout_s < 1 ? 1 : o.stall_timeout_s));
  curl_easy_setopt(c, CURLOPT_BUFFERSIZE, 512L * 1024L);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, out);
  curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
  curl_easy_setopt(c, CURLOPT_XFERINFODATA, &pr);
  curl_easy_setopt(c, CURLOPT_USERAGENT, "trncost-prices/1");
  if (have > 0) curl_easy_setopt(c, CURLOPT_RESUME_FROM_LARGE, static_cast<curl_off_t>(have));
  const CURLcode rc = curl_easy_perform(c);
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  curl_off_t length = -1;
  curl_easy_getinfo(c, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
  curl_easy_cleanup(c);
  const bool wrote = std::fflush(out) == 0;
  std::fclose(out);
  if (pr.shown) std::fprintf(stderr, "\n");
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
  if (status >= 400) {
    // The body of an error page is not the file.
    std::filesystem::remove(part, ec);
    retry = status >= 500;
    return "the server answered HTTP " + std::to_string(status);
  }
  if (rc != CURLE_OK) {
    retry = true;
    std::string why = err[0] != '\0' ? err : curl_easy_strerror(rc);
    if (rc == CURLE_OPERATION_TIMEDOUT) why = "no data for " + std::to_string(static_cast<long>(o.stall_timeout_s)) + " s (timeout): " + why;
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

  /// An index's path ("/offers/v1.0/aws/index.json") joined to the base; a full URL unchanged.
  [[nodiscard]] std::string url(const std::string& path) const {
    if (path.find("://") != std::string::npos) return path;
    std::string b = o_.base;
    while (b.ends_with('/')) b.pop_back();
    return b + (path.starts_with('/') ? "" : "/") + path;
  }

  /// The local path of the complete file behind `url`. `what` names it in progress and errors.
  /// An http(s) file is downloaded afresh (indexes change) unless offline.
  std::string get(const std::string& u, std::string_view what) {
    if (!detail_fetch::is_http(u)) {
      const std::string path = u.starts_with("file://") ? u.substr(7) : u;
      std::error_code ec;
      if (!std::filesystem::is_regular_file(path, ec)) {
        throw fetch_error(u + ": the " + std::string(what) + " does not exist");
      }
      return path;
    }
    const std::filesystem::path local = cache_path(u);
    std::error_code ec;
    if (o_.offline) {
      if (!std::filesystem::is_regular_file(local, ec)) {
        throw fetch_error(u + ": offline, and the cache (" + o_.cache + ") does not hold the " + std::string(what));
      }
      return local.string();
    }
#ifdef TRNCOST_HAVE_CURL
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
      why = detail_fetch::attempt(u, part, o_, std::string(what), retry);
      if (why.empty()) {
        std::filesystem::rename(part, local, ec);
        if (ec) throw fetch_error(u + ": cannot rename " + part.string() + " to " + local.string());
        return local.string();
      }
      if (!retry) break;
    }
    throw fetch_error(u + ": the " + std::string(what) + " could not be downloaded: " + why +
                      (o_.retries > 0 ? " (after " + std::to_string(o_.retries) + " retries)" : ""));
#else
    throw fetch_error(u + ": this trncost was built without libcurl (Debian: libcurl4-openssl-dev), so it fetches "
                          "only local files and file:// URLs");
#endif
  }

  /// Drops the cached copy of `url` (a download that did not check out is not kept for reuse).
  void forget(const std::string& u) {
    if (!detail_fetch::is_http(u)) return;
    std::error_code ec;
    std::filesystem::remove(cache_path(u), ec);
  }

 private:
  [[nodiscard]] std::filesystem::path cache_path(const std::string& u) const {
    const auto scheme_end = u.find("://");
    std::string rest = u.substr(scheme_end + 3);
    for (char& ch : rest) {
      if (ch == ':' || ch == '?' || ch == '&') ch = '_';
    }
    return std::filesystem::path(o_.cache) / rest;
  }

  transfer_options o_;
};

}  // namespace trncost_cli

#endif  // TRNCOST_EXAMPLES_CLI_PRICE_FETCH_HPP
