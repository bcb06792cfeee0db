// `trncost prices`: official AWS Price List files into a local price store
// (readers/price_store.hpp) and out of it. `fetch` walks the bulk files (offer index, region index,
// version index) or takes offer files by path or URL, downloads what it needs into a cache (through
// price_fetch.hpp, the only place that knows HTTP), checks it, reads it with the offer readers and
// the user's filter, and stores the rows in one transaction; `list` shows the stored versions,
// `show` the prices in force on a date. docs/cli.md describes the options and the exit codes.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <trncost/pricing/regions.hpp>
#include <trncost/provenance.hpp>
#include <trncost/provenance/chrono.hpp>
#include <trncost/readers/detail/json.hpp>
#include <trncost/readers/price_list.hpp>
#include <trncost/readers/price_store.hpp>
#include <vector>

#include "cli.hpp"
#include "price_fetch.hpp"

namespace trncost_cli {

namespace {

constexpr std::string_view prices_usage =
    R"(trncost prices: official AWS Price List prices in a local price store (SQLite)

Usage:
  trncost prices fetch --store STORE --offer CODE --region REGION [filter] [version] [transfer]
      Walks the bulk files from https://pricing.us-east-1.amazonaws.com (or --mirror): the offer
      index, the offer's region index (or version index), then the region's offer file, and
      stores the rows the filter keeps.
  trncost prices fetch --store STORE FILE|URL... [filter] [--region REGION]
      Stores the rows of offer files given by path or URL (JSON or CSV, by extension), under
      REGION or else the region the kept products share.
  trncost prices list --store STORE
      The stored offer versions: offer, region, version, publication date, rows, source.
  trncost prices show --store STORE [--as-of DATE] [--where NAME=V1,V2]...
      The stored prices in force on DATE (default: today) that match every --where.
  trncost prices cheapest --store STORE --instance-type TYPE [--count N] [--hours H]
                          [--as-of DATE] [--max-age DAYS]
      Where TYPE is cheapest: its Linux on-demand price in each region whose AmazonEC2 offer the
      store holds, cheapest first, with N x H instance-hours priced (default 1 x 1), the offer's
      version and publication date (older than DAYS, default 30: marked stale); regions where
      the type is not offered are listed as such, never priced at zero.

Filter (the rows kept; repeatable, all must hold):
  --where NAME=V1,V2    an attribute (or productFamily) equal to one of the values
  --families F1,F2      instance families: instanceType starts with "F1." or "F2."
Version (index walk only; default: the current version):
  --version V           that version of the offer
  --as-of DATE          the version in force on DATE, by the version index's effective dates
  --savings-plans       the offer's Savings Plans file for the region instead of its offer file
  --format json|csv     the offer file's format (default json)
Transfer:
  --mirror URL          fetch the bulk files from URL instead (same layout: an http(s) mirror, a
                        directory or a file:// URL); its host is then fetched as well as AWS's
                        (--base is the same option). No other host is fetched, redirects included
  --max-redirects N     follow at most N redirects per transfer (default 5)
  --cache DIR           where downloads are kept (default STORE.cache), under names made of the
                        offer code, version and region; a broken transfer resumes by range
                        against the same ETag, and a partial file that cannot is deleted
  --timeout S           give up a transfer slower than --min-speed for S seconds (default 30)
  --min-speed B         bytes per second a transfer must keep up over --timeout (default 1000)
  --deadline S          every transfer of the command ends within S seconds (default 14400,
                        4 hours); what did not complete by then is given up
  --max-size B          refuse a file larger than B bytes once decoded (default 20G; suffixes
                        K, M, G); the partial file is deleted
  --connect-timeout S   give up connecting after S seconds (default 10)
  --retries N           retry a failed transfer N times, 1 s, 2 s, 4 s... apart (default 2)
  --offline             use only what the cache holds; no network
  --retrieved DATE      the day the prices were read (default: today), kept with every row

Exit codes:
  0  success
  1  internal error (a bug: please report it)
  2  usage error (unknown option, missing argument)
  3  bad input: an offer file or index was refused, the filter kept nothing; list and show: a
     store that is locked, damaged, newer than this trncost, not a store, or holds a changed price
  5  fetch: the price store could not be written or was refused (locked, damaged, newer, not a
     store), or standard output could not be written; the store is unchanged
  6  a download failed or what arrived did not check out (the store is unchanged); a fetch
     interrupted by SIGINT ends by that signal, the store unchanged
)";

/// A JSON index file (small), parsed whole; its member `key` as text, or the index's error.
const trncost::readers::detail::json_value& member(const trncost::readers::detail::json_value& v,
                                                   std::string_view key, const std::string& file,
                                                   const std::string& path) {
  const auto* m = v.find(key);
  if (m == nullptr) {
    throw fetch_error(file + ": " + path + (path.empty() ? "" : ".") + std::string(key) +
                      " is missing; this is not the index trncost expected");
  }
  return *m;
}

trncost::readers::detail::json_value read_index(const std::string& local, const std::string& url) {
  std::ifstream in = trncost::readers::open_input_file(local);
  try {
    return trncost::readers::detail::parse_json_stream(in, url);
  } catch (const trncost::parse_error& e) {
    std::string why = e.what();
    if (why.starts_with("trncost: ")) why.erase(0, 9);
    throw fetch_error(why + " (an index that does not parse is not used)");
  }
}

/// "/offers/v1.0/aws/AmazonEC2/20260910195514/us-east-1/index.json" -> "20260910195514".
std::string version_in_url(const std::string& url) {
  const auto parts_end = url.rfind('/');
  if (parts_end == std::string::npos) return "";
  const auto region_start = url.rfind('/', parts_end - 1);
  if (region_start == std::string::npos || region_start == 0) return "";
  const auto version_start = url.rfind('/', region_start - 1);
  if (version_start == std::string::npos) return "";
  return url.substr(version_start + 1, region_start - version_start - 1);
}

/// The names AWS gives offers, regions and versions, and nothing else: they name the cache's files,
/// so a name read from an index or typed by the user can never reach another folder.
/// Offer codes: AmazonEC2, AWSDataTransfer, AmazonS3, mobileanalytics...
bool valid_offer_code(std::string_view s) {
  if (s.empty() || s.size() > 64 || !std::isalpha(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) != 0 || ch == '-' || ch == '_';
  });
}

/// Region codes: us-east-1, eu-central-2, us-gov-west-1, us-east-1-mia-1 (a Local Zone),
/// us-west-2-wl1-den1 (a Wavelength Zone): lower-case words of letters and digits joined by single
/// hyphens, starting with two letters and a word, the third word a number.
bool valid_region(std::string_view s) {
  if (s.size() < 4 || s.size() > 64) return false;
  std::vector<std::string_view> words;
  std::size_t start = 0;
  while (true) {
    const auto end = s.find('-', start);
    words.push_back(
        s.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  const auto lower_alnum = [](std::string_view w) {
    return !w.empty() && std::all_of(w.begin(), w.end(), [](char ch) {
      return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9');
    });
  };
  const auto digits = [](std::string_view w) {
    return !w.empty() &&
           std::all_of(w.begin(), w.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  if (words.size() < 3 || words[0].size() != 2 ||
      !std::all_of(words.begin(), words.end(), lower_alnum))
    return false;
  // us-east-1 / us-gov-west-1: the first number ends the region proper; Local and Wavelength Zones
  // follow.
  std::size_t i = 1;
  while (i < words.size() && !digits(words[i])) ++i;
  return i >= 2 && i < words.size();
}

/// Versions: the publication's UTC time as 14 digits (20260910195514).
bool valid_version(std::string_view s) {
  return s.size() == 14 &&
         std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

/// The cache's names (transfer_options::cache), from checked codes only (docs/security.md).
namespace cache_name {
inline std::string offer_index() { return "offers/index.json"; }
inline std::string region_index(const std::string& offer) {
  return "offers/" + offer + "/region_index.json";
}
inline std::string version_index(const std::string& offer) {
  return "offers/" + offer + "/version_index.json";
}
inline std::string savings_plans_index(const std::string& offer) {
  return "offers/" + offer + "/savings_plans_region_index.json";
}
inline std::string offer_file(const std::string& offer, const std::string& version,
                              const std::string& region, const std::string& format) {
  return "offers/" + offer + "/" + version + "/" + region + "/index." + format;
}
inline std::string savings_plans_file(const std::string& offer, const std::string& version,
                                      const std::string& region) {
  return "offers/" + offer + "/savings_plans/" + version + "/" + region + "/index.json";
}
/// A file the user named by URL: by the URL's digest (the URL itself names nothing locally).
inline std::string given_url(const std::string& url) {
  return "urls/" + trncost::readers::detail::sha256_hex(url).substr(0, 32) +
         (url.ends_with(".csv") ? ".csv" : ".json");
}
}  // namespace cache_name

struct fetch_request {
  std::string store;
  std::vector<std::string> files;
  std::string offer;
  std::string region;
  std::string version;
  std::optional<trncost::date> as_of;
  bool savings_plans = false;
  std::string format = "json";
  trncost::pricing::offer_filter filter;
  bool filtered = false;
  transfer_options transfer;
  trncost::date retrieved{};
};

/// What the index walk says the offer file must be.
struct expected_file {
  std::string url;
  std::string local_name;                       ///< its name in the cache (cache_name)
  std::string version;                          ///< must equal the file's "version"
  std::optional<trncost::timestamp> published;  ///< must equal its publicationDate, when known
  std::optional<trncost::timestamp> effective_begin;
  std::optional<trncost::timestamp> effective_end;
};

std::optional<trncost::timestamp> timestamp_or_none(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return trncost::parse_timestamp(text);
}

/// A version read from an index names a folder of the cache: it must be a version.
void check_version(const std::string& v, const std::string& index_url, const std::string& key) {
  if (!valid_version(v)) {
    throw fetch_error(index_url + ": " + key + ": \"" + v +
                      "\" is not a price-list version (14 digits, the publication's UTC time); "
                      "nothing was fetched");
  }
}

expected_file walk_indexes(fetcher& net, const fetch_request& r) {
  using trncost::readers::detail::json_value;
  const std::string index_url = net.root_url("/offers/v1.0/aws/index.json");
  const json_value index =
      read_index(net.get(index_url, "offer index", cache_name::offer_index()), index_url);
  const json_value& offers = member(index, "offers", index_url, "");
  const json_value* offer = offers.find(r.offer);
  if (offer == nullptr) {
    throw fetch_error(index_url + ": offers." + r.offer +
                      " is missing: the offer index has no offer \"" + r.offer + "\" (" +
                      std::to_string(offers.keys().size()) + " offers; AmazonEC2, AmazonS3...)");
  }
  expected_file want;
  if (r.savings_plans) {
    const std::string sp_url =
        net.url(member(*offer, "currentSavingsPlanIndexUrl", index_url, "offers." + r.offer).text(),
                index_url, "offers." + r.offer + ".currentSavingsPlanIndexUrl");
    const json_value sp = read_index(
        net.get(sp_url, "Savings Plans region index", cache_name::savings_plans_index(r.offer)),
        sp_url);
    const json_value& regions = member(sp, "regions", sp_url, "");
    for (const auto& reg : regions.items()) {  // an array of {regionCode, versionUrl}
      const auto* code = reg.find("regionCode");
      if (code != nullptr && code->text() == r.region) {
        const std::string path = member(reg, "versionUrl", sp_url, "regions[]").text();
        want.url = net.url(path, sp_url, "regions[].versionUrl");
        // ".../AWSComputeSavingsPlan/<version>/<region>/index.json"
        const auto* v = sp.find("version");
        want.version = v != nullptr ? v->text() : version_in_url(path);
        check_version(want.version, sp_url, "the Savings Plans file of " + r.region);
        want.local_name = cache_name::savings_plans_file(r.offer, want.version, r.region);
        if (const auto* p = sp.find("publicationDate"))
          want.published = timestamp_or_none(p->text());
        return want;
      }
    }
    throw fetch_error(sp_url + ": the Savings Plans region index has no region \"" + r.region +
                      "\"");
  }
  if (!r.version.empty() || r.as_of) {
    const std::string vi_url =
        net.url(member(*offer, "versionIndexUrl", index_url, "offers." + r.offer).text(), index_url,
                "offers." + r.offer + ".versionIndexUrl");
    const json_value vi =
        read_index(net.get(vi_url, "version index", cache_name::version_index(r.offer)), vi_url);
    const json_value& versions = member(vi, "versions", vi_url, "");
    for (std::size_t i = 0; i < versions.keys().size(); ++i) {
      const std::string& v = versions.keys()[i];
      const json_value& entry = versions.items()[i];
      const auto begin = timestamp_or_none(
          member(entry, "versionEffectiveBeginDate", vi_url, "versions." + v).text());
      const auto* end_text = entry.find("versionEffectiveEndDate");
      const auto end = end_text != nullptr ? timestamp_or_none(end_text->text()) : std::nullopt;
      bool chosen = v == r.version;
      if (r.as_of) {
        const trncost::timestamp day = trncost::start_of(*r.as_of);
        chosen = begin && *begin <= day && (!end || day < *end);
      }
      if (!chosen) continue;
      check_version(v, vi_url, "versions." + v);
      want.version = v;
      want.effective_begin = begin;
      want.effective_end = end;
      want.url = net.root_url("/offers/v1.0/aws/" + r.offer + "/" + v + "/" + r.region + "/index." +
                              r.format);
      want.local_name = cache_name::offer_file(r.offer, v, r.region, r.format);
      return want;
    }
    throw fetch_error(
        vi_url + ": the version index has no version " +
        (r.as_of ? "in force on " + trncost::to_string(*r.as_of) : "\"" + r.version + "\"") + " (" +
        std::to_string(versions.keys().size()) + " versions)");
  }
  const std::string ri_url =
      net.url(member(*offer, "currentRegionIndexUrl", index_url, "offers." + r.offer).text(),
              index_url, "offers." + r.offer + ".currentRegionIndexUrl");
  const json_value ri =
      read_index(net.get(ri_url, "region index", cache_name::region_index(r.offer)), ri_url);
  const json_value& regions = member(ri, "regions", ri_url, "");
  const json_value* reg = regions.find(r.region);
  if (reg == nullptr) {
    throw fetch_error(ri_url + ": the region index of " + r.offer + " has no region \"" + r.region +
                      "\" (" + std::to_string(regions.keys().size()) + " regions)");
  }
  std::string path = member(*reg, "currentVersionUrl", ri_url, "regions." + r.region).text();
  if (r.format == "csv" && path.ends_with(".json")) path.replace(path.size() - 4, 4, "csv");
  want.url = net.url(path, ri_url, "regions." + r.region + ".currentVersionUrl");
  want.version = version_in_url(path);
  check_version(want.version, ri_url, "regions." + r.region + ".currentVersionUrl");
  want.local_name = cache_name::offer_file(r.offer, want.version, r.region, r.format);
  if (const auto* p = ri.find("publicationDate")) want.published = timestamp_or_none(p->text());
  return want;
}

trncost::pricing::offer read_checked_file(const std::string& local, const std::string& url,
                                          const fetch_request& r, const expected_file* want);

/// Reads a downloaded offer file with the filter and checks it against what the index said.
trncost::pricing::offer read_checked(fetcher& net, const std::string& local, const std::string& url,
                                     const std::string& local_name, const fetch_request& r,
                                     const expected_file* want) {
  try {
    return read_checked_file(local, url, r, want);
  } catch (const trncost::error& e) {
    // A downloaded file that does not read or check out is dropped from the cache, and the failure
    // is the download's (exit code 6); a local file keeps its reader's error (exit code 3).
    if (!detail_fetch::is_http(url)) throw;
    net.forget(url, local_name);
    std::string why = e.what();
    if (why.starts_with("trncost: ")) why.erase(0, 9);
    throw fetch_error(why + "; it was not stored");
  } catch (const fetch_error&) {
    net.forget(url, local_name);
    throw;
  }
}

trncost::pricing::offer read_checked_file(const std::string& local, const std::string& url,
                                          const fetch_request& r, const expected_file* want) {
  // The reader names the URL in its messages (the cached copy is an implementation detail).
  std::ifstream in = trncost::readers::open_input_file(local);
  const bool csv = url.ends_with(".csv") || local.ends_with(".csv");
  trncost::pricing::offer o;
  if (r.savings_plans) {
    // The filter applies to the rates (discountedInstanceType, discountedUsageType, regionCode...).
    const trncost::readers::savings_plan_filter f{{}, r.filter};
    o = csv ? trncost::readers::read_savings_plans_csv(in, url, f)
            : trncost::readers::read_savings_plans_json(in, url, f, r.region);
  } else {
    o = csv ? trncost::readers::read_offer_csv(in, url, r.filter)
            : trncost::readers::read_offer_json(in, url, r.filter);
  }
  o.header.source = url;
  if (want != nullptr) {
    if (!want->version.empty() && o.header.version != want->version) {
      throw fetch_error(url + ": the file says version " + o.header.version +
                        " but the index says " + want->version + "; it was not stored");
    }
    if (want->published && o.header.published && *o.header.published != *want->published) {
      throw fetch_error(url + ": the file says it was published " +
                        trncost::to_string(*o.header.published) + " but the index says " +
                        trncost::to_string(*want->published) + "; it was not stored");
    }
  }
  return o;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (const char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

std::optional<double> seconds_of(const std::string& v, double most = 86400) {
  try {
    std::size_t used = 0;
    const double d = std::stod(v, &used);
    if (used != v.size() || !(d > 0) || d > most) return std::nullopt;
    return d;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

/// "1000", "64K", "20G" (binary multiples) as bytes; nullopt when it is not one (or past 1 PiB).
std::optional<std::uint64_t> bytes_of(std::string v) {
  std::uint64_t unit = 1;
  if (!v.empty() && (v.back() == 'K' || v.back() == 'M' || v.back() == 'G')) {
    unit = std::uint64_t{1} << (v.back() == 'K' ? 10 : v.back() == 'M' ? 20 : 30);
    v.pop_back();
  }
  if (v.empty() || v.size() > 16 || v.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const std::uint64_t n = std::stoull(v);
  if (n > (std::uint64_t{1} << 50) / unit) return std::nullopt;
  return n * unit;
}

trncost::date today() { return trncost::from_chrono(std::chrono::system_clock::now()).day(); }

/// Parses the options every prices subcommand shares; returns an exit code when they are wrong.
std::optional<int> parse_prices_args(std::string_view program, const args_t& args, fetch_request& r,
                                     bool fetch) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool flag = a == "--offline" || a == "--savings-plans";
    if (!a.starts_with("--")) {
      if (!fetch) return usage_error(program, "unexpected argument \"" + a + "\"");
      r.files.push_back(a);
      continue;
    }
    if (flag) {
      if (!fetch) return usage_error(program, a + " is an option of fetch");
      if (a == "--offline") r.transfer.offline = true;
      if (a == "--savings-plans") r.savings_plans = true;
      continue;
    }
    if (i + 1 == args.size()) return usage_error(program, a + " needs a value");
    const std::string& v = args[++i];
    // The options of every prices command; the others are fetch's.
    if (!fetch && a != "--store" && a != "--where" && a != "--as-of" && a != "--retrieved") {
      return usage_error(program, "unknown option \"" + a + "\"");
    }
    if (a == "--store") {
      r.store = v;
    } else if (a == "--where") {
      const auto eq = v.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == v.size()) {
        return usage_error(program, "--where takes NAME=VALUE[,VALUE...], not \"" + v + "\"");
      }
      r.filter.where_any(v.substr(0, eq), split(v.substr(eq + 1), ','));
      r.filtered = true;
    } else if (a == "--as-of" || a == "--retrieved") {
      trncost::date d{};
      try {
        d = trncost::parse_date(v);
      } catch (const trncost::error&) {
        return usage_error(program, a + " takes a date YYYY-MM-DD, not \"" + v + "\"");
      }
      if (a == "--as-of") {
        r.as_of = d;
      } else {
        r.retrieved = d;
      }
    } else if (a == "--offer") {
      if (!valid_offer_code(v)) {
        return usage_error(program,
                           "--offer takes an offer code as AWS writes it (AmazonEC2, AmazonS3, "
                           "AWSDataTransfer...: letters, digits, '-' and '_'), not \"" +
                               v + "\"");
      }
      r.offer = v;
    } else if (a == "--region") {
      if (!valid_region(v)) {
        return usage_error(
            program,
            "--region takes a region code as AWS writes it (us-east-1, us-east-1-mia-1, "
            "us-west-2-wl1-den1...), not \"" +
                v + "\"");
      }
      r.region = v;
    } else if (a == "--version") {
      if (!valid_version(v)) {
        return usage_error(
            program, "--version takes a price-list version (14 digits, as 20260910195514), not \"" +
                         v + "\"");
      }
      r.version = v;
    } else if (a == "--families") {
      std::vector<std::string> prefixes;
      for (const auto& f : split(v, ',')) prefixes.push_back(f + ".");
      r.filter.where_prefix("instanceType", prefixes);
      r.filtered = true;
    } else if (a == "--format") {
      if (v != "json" && v != "csv")
        return usage_error(program, "--format is json or csv, not \"" + v + "\"");
      r.format = v;
    } else if (a == "--mirror" || a == "--base") {
      r.transfer.base = v;
      r.transfer.mirror = true;
    } else if (a == "--cache") {
      r.transfer.cache = v;
    } else if (a == "--timeout" || a == "--connect-timeout") {
      const auto s = seconds_of(v);
      if (!s)
        return usage_error(program, a + " takes a number of seconds above 0, not \"" + v + "\"");
      (a == "--timeout" ? r.transfer.stall_timeout_s : r.transfer.connect_timeout_s) = *s;
    } else if (a == "--deadline") {
      const auto s = seconds_of(v, 7 * 86400.0);
      if (!s)
        return usage_error(
            program,
            "--deadline takes a number of seconds above 0 (at most a week), not \"" + v + "\"");
      r.transfer.deadline_s = *s;
    } else if (a == "--min-speed" || a == "--max-size") {
      const auto n = bytes_of(v);
      if (!n || (a == "--max-size" && *n == 0)) {
        return usage_error(
            program,
            a + " takes a number of bytes (suffix K, M or G for KiB, MiB, GiB), not \"" + v + "\"");
      }
      (a == "--min-speed" ? r.transfer.min_speed : r.transfer.max_size) = *n;
    } else if (a == "--max-redirects") {
      if (v.empty() || v.size() > 2 || v.find_first_not_of("0123456789") != std::string::npos) {
        return usage_error(program,
                           "--max-redirects takes a whole number 0 to 99, not \"" + v + "\"");
      }
      r.transfer.max_redirects = std::stoi(v);
    } else if (a == "--retries") {
      if (v.empty() || v.size() > 2 || v.find_first_not_of("0123456789") != std::string::npos) {
        return usage_error(program, "--retries takes a whole number 0 to 99, not \"" + v + "\"");
      }
      r.transfer.retries = std::stoi(v);
    } else {
      return usage_error(program, "unknown option \"" + a + "\"");
    }
  }
  if (r.store.empty()) return usage_error(program, "--store STORE is required");
  return std::nullopt;
}

/// The region an offer's kept products share (regionCode, else fromRegionCode), or "" when they
/// name none or several: the store keeps versions apart by offer code and region, so two regional
/// files of one offer must not both be stored under "".
std::string region_of(const trncost::pricing::offer& o) {
  std::string region;
  for (const auto& p : o.products) {
    auto code = p.attribute("regionCode");
    if (!code) code = p.attribute("fromRegionCode");
    if (!code) continue;
    if (region.empty()) {
      region = std::string(*code);
    } else if (region != *code) {
      return "";
    }
  }
  return region;
}

/// While a fetch runs, SIGINT, SIGTERM and SIGHUP stop the transfer in progress (which keeps its
/// ".part" only when it can be resumed) instead of killing the command mid-write; the command then
/// says so and ends by the same signal, as the shell and a service manager expect, the store as it
/// was.
class interrupt_guard {
 public:
  interrupt_guard() {
    for (std::size_t i = 0; i < signals.size(); ++i)
      previous_[i] = std::signal(signals[i], on_signal);
  }
  interrupt_guard(const interrupt_guard&) = delete;
  interrupt_guard& operator=(const interrupt_guard&) = delete;
  ~interrupt_guard() {
    for (std::size_t i = 0; i < signals.size(); ++i) std::signal(signals[i], previous_[i]);
  }
  static bool caught() { return flag() != 0; }
  /// The signal caught (SIGINT when none was).
  static int which() { return caught_signal() != 0 ? caught_signal() : SIGINT; }
  static void on_signal(int sig) {
    caught_signal() = sig;
    flag() = 1;
  }
  static constexpr std::array<int, 3> signals{SIGINT, SIGTERM, SIGHUP};
  static volatile std::sig_atomic_t& caught_signal() {
    static volatile std::sig_atomic_t s = 0;
    return s;
  }
  static volatile std::sig_atomic_t& flag() {
#ifdef TRNCOST_HAVE_CURL
    return detail_fetch::interrupted;
#else
    static volatile std::sig_atomic_t f = 0;
    return f;
#endif
  }

 private:
  std::array<void (*)(int), signals.size()> previous_{};
};

int fetch_main(std::string_view program, const args_t& args) {
  fetch_request r;
  r.retrieved = today();
  if (const auto rc = parse_prices_args(program, args, r, true)) return *rc;
  const bool walk = !r.offer.empty();
  if (walk == !r.files.empty()) {
    return usage_error(program,
                       "give either --offer CODE --region REGION, or offer files (paths or URLs)");
  }
  if (walk && r.region.empty()) return usage_error(program, "--offer needs --region REGION");
  if (!r.version.empty() && r.as_of) return usage_error(program, "--version or --as-of, not both");
  if (!r.filtered && !r.savings_plans) {
    return usage_error(
        program,
        "give a filter (--where, --families): a store keeps the rows you price with, "
        "not a whole offer file");
  }
  if (r.transfer.cache.empty()) r.transfer.cache = r.store + ".cache";
  // The store is looked at before anything is downloaded: one that is locked, damaged, newer than
  // this trncost or no store at all (or no regular file) is refused now, unchanged, not after
  // gigabytes. A missing or empty file becomes a new store.
  {
    std::error_code ec;
    const auto st = std::filesystem::status(r.store, ec);
    if (std::filesystem::exists(st) &&
        (!std::filesystem::is_regular_file(st) || std::filesystem::file_size(r.store, ec) > 0)) {
      try {
        const trncost::readers::price_store existing(r.store);
      } catch (const trncost::error& e) {
        std::cerr << e.what() << "\n";
        return exit_cannot_write;
      }
    }
  }
  r.transfer.progress = ::isatty(STDERR_FILENO) != 0;
  const interrupt_guard on_sigint;
  fetcher net(r.transfer);

  // Everything is downloaded, checked and read before the store is opened for writing: a failure
  // anywhere leaves the store as it was.
  std::vector<std::pair<trncost::pricing::offer, trncost::readers::price_store_origin>> got;
  if (walk) {
    const expected_file want = walk_indexes(net, r);
    const std::string local =
        net.get(want.url, r.offer + " " + r.region + " offer file", want.local_name);
    trncost::readers::price_store_origin origin{
        r.region,          want.url, r.retrieved, r.filter.describe(), want.effective_begin,
        want.effective_end};
    got.emplace_back(read_checked(net, local, want.url, want.local_name, r, &want),
                     std::move(origin));
  } else {
    for (const auto& f : r.files) {
      const std::string name = cache_name::given_url(f);
      const std::string local = net.get(f, "offer file", name, true);
      auto o = read_checked(net, local, f, name, r, nullptr);
      // Without --region, the region the kept products share.
      std::string region = r.region.empty() ? region_of(o) : r.region;
      got.emplace_back(std::move(o),
                       trncost::readers::price_store_origin{
                           std::move(region), f, r.retrieved, r.filter.describe(), {}, {}});
    }
  }
  // Interrupted while reading: stop before the store is opened for writing.
  if (interrupt_guard::caught())
    throw fetch_error(r.store + ": interrupted before anything was stored");
  std::optional<trncost::readers::price_store> store;
  try {
    store.emplace(r.store, trncost::readers::price_store::mode::write);
  } catch (const trncost::error& e) {
    std::cerr << e.what() << "\n";
    return exit_cannot_write;
  }
  for (const auto& [o, origin] : got) {
    try {
      store->put(o, origin);
    } catch (const trncost::error& e) {
      std::cerr << e.what() << "\n";
      return exit_cannot_write;
    }
    std::uint64_t lines = 0;
    for (const auto& t : o.terms) lines += t.dimensions.size();
    std::cout << "stored " << o.header.offer_code << " " << o.header.version << " (published "
              << trncost::to_string(*o.header.published) << ")"
              << (origin.region.empty() ? "" : " " + origin.region) << ": " << o.products.size()
              << " products, " << lines << " prices from " << origin.source << "\n";
  }
  return exit_ok;
}

int list_main(std::string_view program, const args_t& args) {
  fetch_request r;
  if (const auto rc = parse_prices_args(program, args, r, false)) return *rc;
  const trncost::readers::price_store store(r.store);
  const auto versions = store.versions();
  if (versions.empty()) {
    std::cout << r.store << ": no offer version stored\n";
    return exit_ok;
  }
  std::cout
      << "offer\tregion\tversion\tpublished\teffective\tproducts\tprices\tretrieved\tsource\n";
  for (const auto& v : versions) {
    std::cout << v.offer_code << "\t" << (v.origin.region.empty() ? "-" : v.origin.region) << "\t"
              << v.version << "\t" << trncost::to_string(v.published) << "\t"
              << (v.origin.effective_begin
                      ? trncost::to_string(*v.origin.effective_begin) + " to " +
                            (v.origin.effective_end ? trncost::to_string(*v.origin.effective_end)
                                                    : std::string("now"))
                      : std::string("-"))
              << "\t" << v.products << "\t" << v.lines << "\t"
              << trncost::to_string(v.origin.retrieved) << "\t" << v.origin.source << "\n";
  }
  return exit_ok;
}

int show_main(std::string_view program, const args_t& args) {
  fetch_request r;
  if (const auto rc = parse_prices_args(program, args, r, false)) return *rc;
  const trncost::date as_of = r.as_of.value_or(today());
  std::size_t shown = 0;
  std::cout << "prices in force on " << trncost::to_string(as_of) << " in " << r.store << "\n";
  for (const auto& o : trncost::readers::price_store_offers(r.store, as_of)) {
    for (const auto& t : o.terms) {
      const auto* p = o.product(t.sku);
      if (p == nullptr) continue;
      for (const auto& d : t.dimensions) {
        auto attrs = p->attributes;
        attrs.insert(attrs.end(), d.attributes.begin(), d.attributes.end());
        if (!r.filter.matches(p->product_family, attrs)) continue;
        ++shown;
        std::cout << d.price.to_string() << " " << o.header.currency << " per " << d.unit << "  "
                  << t.type << "  SKU " << t.sku << ", rate " << d.rate_code << ", \""
                  << d.description << "\", " << o.header.offer_code << " " << o.header.version
                  << " published " << trncost::to_string(*o.header.published) << ", from "
                  << o.header.source << "\n";
      }
    }
  }
  if (shown == 0) {
    std::cerr << program << ": no stored price in force on " << trncost::to_string(as_of)
              << " matches (" << r.filter.describe() << ")\n";
    return exit_bad_input;
  }
  return exit_ok;
}

int cheapest_main(std::string_view program, const args_t& args) {
  std::string store;
  std::string instance_type;
  std::uint64_t count = 1;
  trncost::decimal hours(1);
  std::optional<trncost::date> as_of;
  std::int64_t max_age = 30;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a != "--store" && a != "--instance-type" && a != "--count" && a != "--hours" &&
        a != "--as-of" && a != "--max-age") {
      return usage_error(program, a.starts_with("--") ? "unknown option \"" + a + "\""
                                                      : "unexpected argument \"" + a + "\"");
    }
    if (i + 1 == args.size()) return usage_error(program, a + " needs a value");
    const std::string& v = args[++i];
    const auto whole = [&](std::int64_t& out) {
      const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
      return ec == std::errc{} && end == v.data() + v.size() && out > 0;
    };
    if (a == "--store") {
      store = v;
    } else if (a == "--instance-type") {
      instance_type = v;
    } else if (a == "--count" || a == "--max-age") {
      std::int64_t n = 0;
      if (!whole(n))
        return usage_error(program, a + " \"" + v + "\" is not a whole number of 1 or more");
      if (a == "--count") {
        count = static_cast<std::uint64_t>(n);
      } else {
        max_age = n;
      }
    } else if (a == "--hours") {
      try {
        hours = trncost::decimal::parse(v);
      } catch (const trncost::error&) {
        return usage_error(program, "--hours \"" + v + "\" is not a decimal number of hours");
      }
      if (!(hours > trncost::decimal(0)))
        return usage_error(program, "--hours must be more than 0");
    } else {
      try {
        as_of = trncost::parse_date(v);
      } catch (const trncost::error&) {
        return usage_error(program, "--as-of \"" + v + "\" is not a date (YYYY-MM-DD)");
      }
    }
  }
  if (store.empty()) return usage_error(program, "--store STORE is required");
  if (instance_type.empty()) return usage_error(program, "--instance-type TYPE is required");
  const trncost::date day = as_of.value_or(today());
  const auto offers = trncost::readers::price_store_offers(store, day);
  const auto ranked = trncost::pricing::on_demand_by_region(offers, instance_type, day);
  const std::string usage = std::to_string(count) + " x " + hours.to_string() + " h";
  std::cout << instance_type << ", Linux on-demand, in force on " << trncost::to_string(day) << ", "
            << usage << ", cheapest first (" << store << "):\n";
  std::size_t rank = 0;
  for (const auto& r : ranked) {
    if (!r.price) continue;
    const trncost::decimal rate = r.price->value().value();
    const trncost::decimal total = rate * hours * static_cast<std::int64_t>(count);
    const std::int64_t age = r.published ? trncost::days_between(*r.published, day) : 0;
    const auto* q = std::get_if<trncost::quoted>(&r.price->origin());
    std::cout << "  " << ++rank << "  " << r.region << "  " << rate.to_string() << " USD/h  "
              << total.to_fixed(trncost::cents) << " USD for " << usage << "  AmazonEC2 "
              << r.offer_version << " published "
              << (r.published ? trncost::to_string(*r.published) : std::string("(no date)"))
              << (age > max_age ? " (stale: " + std::to_string(age) + " days old, over " +
                                      std::to_string(max_age) + ")"
                                : std::string())
              << (q != nullptr ? ", SKU " + q->sku + ", rate " + q->rate_code : std::string())
              << "\n";
  }
  for (const auto& r : ranked) {
    if (!r.price) std::cout << "  -  " << r.region << "  " << r.why_not << "\n";
  }
  if (rank == 0) {
    std::cerr << program << ": no region of " << store << " prices " << instance_type
              << " on-demand on " << trncost::to_string(day)
              << (ranked.empty() ? " (the store holds no AmazonEC2 offer in force)" : "") << "\n";
    return exit_bad_input;
  }
  return exit_ok;
}

}  // namespace

int prices_main(std::string_view program, const args_t& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << prices_usage;
    return args.empty() ? exit_usage : exit_ok;
  }
  const std::string sub = args[0];
  const args_t rest(args.begin() + 1, args.end());
  for (const auto& a : rest) {
    if (a == "--help" || a == "-h") {
      std::cout << prices_usage;
      return exit_ok;
    }
  }
  const std::string name = std::string(program) + " " + sub;
  try {
    if (sub == "fetch") return fetch_main(name, rest);
    if (sub == "list") return list_main(name, rest);
    if (sub == "show") return show_main(name, rest);
    if (sub == "cheapest") return cheapest_main(name, rest);
  } catch (const fetch_error& e) {
    std::cerr << name << ": " << e.what() << "\n";
    if (interrupt_guard::caught()) {
      std::cerr << name << ": interrupted; the store is unchanged\n";
      std::cerr.flush();
      const int sig = interrupt_guard::which();
      std::signal(sig, SIG_DFL);
      std::raise(sig);
    }
    return exit_fetch_failed;
  }
  return usage_error(program, "unknown subcommand \"" + sub +
                                  "\"; the subcommands are fetch, list, show, cheapest");
}

}  // namespace trncost_cli
