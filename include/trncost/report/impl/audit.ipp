// The definitions of report/audit.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_AUDIT_IPP
#define TRNCOST_REPORT_IMPL_AUDIT_IPP

#include "../audit.hpp"

namespace trncost {

namespace io::detail {

TRNCOST_DECL bool parse_whole(std::string_view s, std::int64_t& out) {
  if (s.empty()) return false;
  std::size_t i = 0;
  bool neg = false;
  if (s[0] == '-') {
    neg = true;
    i = 1;
  }
  if (i == s.size()) return false;
  constexpr std::int64_t limit = std::numeric_limits<std::int64_t>::max();
  std::int64_t v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    const int digit = s[i] - '0';
    if (v > (limit - digit) / 10) return false;
    v = v * 10 + digit;
  }
  out = neg ? -v : v;
  return true;
}

TRNCOST_DECL std::string decimal_text_rule(std::string_view s) {
  std::size_t i = s.empty() || s[0] != '-' ? 0 : 1;
  const std::size_t int_start = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  bool ok = i > int_start;
  std::size_t frac = 0;
  if (ok && i < s.size() && s[i] == '.') {
    const std::size_t frac_start = ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    frac = i - frac_start;
    ok = frac > 0;
  }
  if (ok && i == s.size()) {
    if (frac <= 18) return {};
    return "has more than 18 fractional digits";
  }
  return "is not a decimal number (-?digits(.digits)?)";
}

TRNCOST_DECL std::string read_all(std::istream& in) {
  std::string text;
  char block[1 << 16];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
  }
  return text;
}

/// The SAX handler of parse_report_json: builds the tree (json_tree_builder) and keeps the path
/// of the value being read, to refuse a repeated member, nesting deeper than report_max_depth and
/// a lone surrogate where they are.
class strict_report_handler
    : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, strict_report_handler> {
 public:
  explicit strict_report_handler(json_tree_builder& inner) : inner_(&inner) {}

  bool Null() { return done(inner_->Null()); }
  bool Bool(bool b) { return done(inner_->Bool(b)); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool copy) {
    return done(inner_->RawNumber(s, n, copy));
  }
  bool String(const char* s, rapidjson::SizeType n, bool copy) {
    if (holds_surrogate(std::string_view(s, n)))
      return refuse(value_path(), std::string(surrogate_rule));
    return done(inner_->String(s, n, copy));
  }
  bool StartObject() { return open(true) && inner_->StartObject(); }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) {
    frame& f = frames_.back();
    const std::string_view k(s, n);
    if (holds_surrogate(k)) return refuse(f.path, std::string(surrogate_rule));
    if (!f.keys.insert(std::string(k)).second) {
      return refuse(join(f.path, k),
                    "appears twice in one object; a repeated member is refused (the last value "
                    "would silently replace the first)");
    }
    f.key.assign(k);
    f.after_key = true;
    return inner_->Key(s, n, copy);
  }
  bool EndObject(rapidjson::SizeType n) {
    frames_.pop_back();
    return done(inner_->EndObject(n));
  }
  bool StartArray() { return open(false) && inner_->StartArray(); }
  bool EndArray(rapidjson::SizeType n) {
    frames_.pop_back();
    return done(inner_->EndArray(n));
  }

  /// The path of the value or key being read: where a parse error inside a string is.
  [[nodiscard]] std::string string_path() const {
    if (!frames_.empty() && frames_.back().object && !frames_.back().after_key) {
      return frames_.back().path;  // a member's name: the object holding it
    }
    return value_path();
  }
  [[nodiscard]] const std::string& refused_path() const noexcept { return refused_path_; }
  [[nodiscard]] const std::string& refused_rule() const noexcept { return refused_rule_; }

  static constexpr std::string_view surrogate_rule =
      "holds a lone UTF-16 surrogate (\\ud800-\\udfff not in a pair); a report's text is Unicode";

 private:
  struct frame {
    bool object = false;
    std::string path;
    std::set<std::string, std::less<>> keys;
    std::string key;
    bool after_key = false;
    std::size_t items = 0;
  };

  static std::string join(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
  }
  /// A lone surrogate, which RapidJSON writes as the 3 bytes ED A0-BF xx (an escaped low surrogate
  /// alone; a high one alone is a parse error): never valid UTF-8, so never in the file itself.
  static bool holds_surrogate(std::string_view s) {
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
      if (static_cast<unsigned char>(s[i]) == 0xED && static_cast<unsigned char>(s[i + 1]) >= 0xA0)
        return true;
    }
    return false;
  }
  [[nodiscard]] std::string value_path() const {
    if (frames_.empty()) return {};
    const frame& f = frames_.back();
    if (f.object) return join(f.path, f.key);
    return f.path + "[" + std::to_string(f.items) + "]";
  }
  bool open(bool object) {
    std::string path = value_path();
    if (frames_.size() >= report_max_depth) {
      return refuse(path, "nests arrays and objects more than " + std::to_string(report_max_depth) +
                              " deep (refused)");
    }
    frames_.push_back(frame{object, std::move(path), {}, {}, false, 0});
    return true;
  }
  /// A value ended: the next in its array, or the next member's name in its object.
  bool done(bool ok) {
    if (!frames_.empty()) {
      frame& f = frames_.back();
      if (f.object) {
        f.after_key = false;
      } else {
        ++f.items;
      }
    }
    return ok;
  }
  bool refuse(std::string path, std::string rule) {
    refused_path_ = path.empty() ? std::string("(document)") : std::move(path);
    refused_rule_ = std::move(rule);
    return false;
  }

  json_tree_builder* inner_;
  std::vector<frame> frames_;
  std::string refused_path_;
  std::string refused_rule_;
};

TRNCOST_DECL json_value parse_report_json(std::string_view text, std::string_view file) {
  if (starts_with_utf8_bom(text)) {
    io::fail(input_position::whole(file), "(document)",
             "begins with a UTF-8 byte-order mark; a report is UTF-8 without one");
  }
  rapidjson::Reader reader;
  json_tree_builder builder;
  strict_report_handler handler(builder);
  rapidjson::MemoryStream memory(text.data(), text.size());
  const rapidjson::ParseResult result = reader.Parse<json_parse_flags>(memory, handler);
  if (result.IsError()) {
    if (!handler.refused_rule().empty()) {
      io::fail(input_position::whole(file), handler.refused_path(), handler.refused_rule());
    }
    if (result.Code() == rapidjson::kParseErrorStringUnicodeSurrogateInvalid) {
      const std::string path = handler.string_path();
      io::fail(input_position::whole(file), path.empty() ? "(document)" : path,
               strict_report_handler::surrogate_rule);
    }
    fail_json(file, result, "", "");
  }
  return builder.take();
}

}  // namespace io::detail

namespace io {

TRNCOST_DECL int report_version(const detail::json_value& root, std::string_view file) {
  const detail::report_reader r(file);
  if (!root.is_object()) r.fail_at("", "a report is a JSON object");
  const auto v = static_cast<int>(r.signed_whole(root, "", "schema_version"));
  if (v > report::newest_schema_version) {
    r.fail_at("schema_version", "the report has schema version " + std::to_string(v) +
                                    ", newer than version " +
                                    std::to_string(report::newest_schema_version) +
                                    " that this trncost reads; upgrade trncost to audit it");
  }
  return v;
}

TRNCOST_DECL report::document read_report(std::string_view json_text, std::string_view file) {
  const auto root = detail::parse_report_json(json_text, file);
  (void)report_version(root, file);
  return detail::report_reader(file).read(root);
}

TRNCOST_DECL report::document read_report(std::istream& in, std::string_view file) {
  const auto root = detail::parse_report_json(detail::read_all(in), file);
  (void)report_version(root, file);
  return detail::report_reader(file).read(root);
}

TRNCOST_DECL full_report read_full_report(std::string_view json_text, std::string_view file) {
  const auto root = detail::parse_report_json(json_text, file);
  (void)report_version(root, file);
  const detail::report_reader r(file);
  full_report out{r.read(root), {}};
  out.extras = r.read_extras(root, out.doc.version);
  return out;
}

TRNCOST_DECL full_report read_full_report(std::istream& in, std::string_view file) {
  const auto root = detail::parse_report_json(detail::read_all(in), file);
  (void)report_version(root, file);
  const detail::report_reader r(file);
  full_report out{r.read(root), {}};
  out.extras = r.read_extras(root, out.doc.version);
  return out;
}

TRNCOST_DECL audit_result check(const full_report& r) {
  auto result = report::check(r.doc);
  if (!result.ok) return result;
  const auto extra = report::check(r.extras);
  if (!extra.ok) return extra;
  return result;
}

TRNCOST_DECL audit_result audit(std::string_view json_text, std::string_view file) {
  return check(read_full_report(json_text, file));
}

TRNCOST_DECL audit_result audit(std::istream& in, std::string_view file) {
  return check(read_full_report(in, file));
}

}  // namespace io

namespace io::detail {

TRNCOST_DECL auto report_reader::member(const json_value& obj, const std::string& path,
                                        std::string_view key, json_value::kind want) const
    -> const json_value& {
  const json_value* v = obj.find(key);
  const std::string at = path.empty() ? std::string(key) : path + "." + std::string(key);
  if (v == nullptr) fail_at(at, "is missing");
  if (v->type() != want) {
    fail_at(at, "is " + std::string(json_value::kind_name(v->type())) + ", expected " +
                    std::string(json_value::kind_name(want)));
  }
  return *v;
}

TRNCOST_DECL auto report_reader::closed(const json_value& obj, const std::string& path,
                                        std::initializer_list<std::string_view> members,
                                        std::string_view what,
                                        const std::vector<std::string_view>& more) const -> void {
  for (const auto& key : obj.keys()) {
    const auto is = [&](std::string_view m) { return m == key; };
    if (std::none_of(members.begin(), members.end(), is) &&
        std::none_of(more.begin(), more.end(), is)) {
      fail_at(path.empty() ? key : path + "." + key,
              "is not a member of " + std::string(what) +
                  "; the audit does not pass what it does not check");
    }
  }
}

TRNCOST_DECL auto report_reader::str_or_null(const json_value& obj, const std::string& path,
                                             std::string_view key) const
    -> std::optional<std::string> {
  const json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return str(obj, path, key);
}

TRNCOST_DECL auto report_reader::whole(const json_value& obj, const std::string& path,
                                       std::string_view key, bool allow_negative) const
    -> std::uint64_t {
  const auto& v = member(obj, path, key, json_value::kind::number);
  std::int64_t out = 0;
  if (!detail::parse_whole(v.text(), out) || (!allow_negative && out < 0)) {
    fail_at(join_path(path, key),
            "'" + v.text() + "' is not a whole number" + (allow_negative ? "" : " >= 0"));
  }
  return static_cast<std::uint64_t>(out);
}

TRNCOST_DECL auto report_reader::dec(const json_value& obj, const std::string& path,
                                     std::string_view key) const -> decimal {
  const auto text = str(obj, path, key);
  const std::string at = path.empty() ? std::string(key) : path + "." + std::string(key);
  if (const auto why = decimal_text_rule(text); !why.empty()) fail_at(at, "'" + text + "' " + why);
  try {
    return decimal::parse(text);
  } catch (const error& e) {
    fail_at(at, e.what());
  }
}

TRNCOST_DECL auto report_reader::dec_or_null(const json_value& obj, const std::string& path,
                                             std::string_view key) const -> std::optional<decimal> {
  const json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return dec(obj, path, key);
}

TRNCOST_DECL auto report_reader::day(const json_value& obj, const std::string& path,
                                     std::string_view key) const -> date {
  const auto text = str(obj, path, key);
  try {
    return parse_date(text);
  } catch (const error& e) {
    fail_at(join_path(path, key), e.what());
  }
}

TRNCOST_DECL auto report_reader::instant(const json_value& obj, const std::string& path,
                                         std::string_view key) const -> timestamp {
  const auto text = str(obj, path, key);
  try {
    return parse_timestamp(text);
  } catch (const error& e) {
    fail_at(join_path(path, key), e.what());
  }
}

TRNCOST_DECL auto report_reader::object_at(const std::vector<json_value>& items, std::size_t i,
                                           const std::string& path) const -> const json_value& {
  if (!items[i].is_object())
    fail_at(path,
            "is " + std::string(json_value::kind_name(items[i].type())) + ", expected an object");
  return items[i];
}

TRNCOST_DECL auto report_reader::strings(const json_value& obj, const std::string& path,
                                         std::string_view key) const -> std::vector<std::string> {
  std::vector<std::string> out;
  const auto& items = array(obj, path, key);
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is_string()) {
      fail_at(join_path(path, key) + "[" + std::to_string(i) + "]", "is not a string");
    }
    out.push_back(items[i].text());
  }
  return out;
}

TRNCOST_DECL auto report_reader::origin(const json_value& p, const std::string& path,
                                        int version) const -> provenance {
  const auto kind = str(p, path, "kind");
  // From version 5 a measurement says where it ran, a quote what it prices.
  const bool v5 = version >= report::identity_schema_version;
  const std::string what = "a " + kind + " provenance in schema version " + std::to_string(version);
  if (kind == spelling_of<measured>.report) {
    closed(p, path, {"kind", "run_id", "method", "from", "to"}, what,
           v5 ? std::vector<std::string_view>{"instance_type", "region"}
              : std::vector<std::string_view>{});
    measured m{str(p, path, "run_id"), str(p, path, "method"), instant(p, path, "from"),
               instant(p, path, "to")};
    if (v5) {
      m.instance_type = str(p, path, "instance_type");
      m.region = str(p, path, "region");
    }
    return m;
  }
  if (kind == spelling_of<quoted>.report) {
    closed(p, path,
           {"kind", "source", "offer_code", "offer_version", "published", "sku", "offer_term_code",
            "rate_code", "region", "purchase_option", "consulted"},
           what,
           v5 ? std::vector<std::string_view>{"instance_type", "usage_type"}
              : std::vector<std::string_view>{});
    quoted q;
    q.source = str(p, path, "source");
    q.offer_code = str(p, path, "offer_code");
    q.offer_version = str(p, path, "offer_version");
    if (const auto pub = str_or_null(p, path, "published")) {
      try {
        q.published = parse_date(*pub);
      } catch (const error& e) {
        fail_at(path + ".published", e.what());
      }
    }
    q.sku = str(p, path, "sku");
    q.offer_term_code = str(p, path, "offer_term_code");
    q.rate_code = str(p, path, "rate_code");
    q.region = str(p, path, "region");
    q.option = named<purchase_option>(p, path, "purchase_option", report::parse_purchase_option,
                                      "purchase option");
    q.consulted = day(p, path, "consulted");
    if (v5) {
      q.instance_type = str(p, path, "instance_type");
      q.usage_type = str(p, path, "usage_type");
    }
    return q;
  }
  if (kind == spelling_of<documented>.report) {
    closed(p, path, {"kind", "source", "consulted"}, what);
    return documented{str(p, path, "source"), day(p, path, "consulted")};
  }
  if (kind == spelling_of<third_party>.report) {
    closed(p, path, {"kind", "source", "seen"}, what);
    return third_party{str(p, path, "source"), day(p, path, "seen")};
  }
  if (kind == spelling_of<assumption>.report) {
    closed(p, path, {"kind", "rationale"}, what);
    return assumption{str(p, path, "rationale")};
  }
  if (kind == spelling_of<declared_none>.report) {
    closed(p, path, {"kind", "justification"}, what);
    return declared_none{str(p, path, "justification")};
  }
  // The given kinds, from the version that knows them (an older report cannot hold one).
  const bool v6 = version >= report::roles_schema_version;
  if (v6 && kind == spelling_of<choice>.report) {
    closed(p, path, {"kind", "reason", "by"}, what);
    return choice{str(p, path, "reason"), str(p, path, "by")};
  }
  if (v6 && kind == spelling_of<forecast>.report) {
    closed(p, path, {"kind", "basis", "by"}, what);
    return forecast{str(p, path, "basis"), str(p, path, "by")};
  }
  if (v6 && kind == spelling_of<tool_default>.report) {
    closed(p, path, {"kind", "reason"}, what);
    return tool_default{str(p, path, "reason")};
  }
  // Every kind but derived, which a report writes as a derivation, not as an input's origin.
  std::string kinds;
  for (const auto& k : provenance_kinds) {
    if (k.report == spelling_of<derived>.report) continue;
    const bool given = k.report == spelling_of<choice>.report ||
                       k.report == spelling_of<forecast>.report ||
                       k.report == spelling_of<tool_default>.report;
    if (given && !v6) continue;  // not a kind of this version
    kinds += (kinds.empty() ? "" : ", ") + std::string(k.report);
  }
  fail_at(path + ".kind", "'" + kind + "' is not a provenance an input can have (" + kinds + ")");
}

TRNCOST_DECL auto report_reader::read(const json_value& root) const -> report::document {
  if (!root.is_object()) fail_at("", "a report is a JSON object");
  report::document doc;
  const auto schema = str(root, "", "schema");
  if (schema != report::schema_name) {
    fail_at("schema", "'" + schema + "' is not " + std::string(report::schema_name));
  }
  doc.version = static_cast<int>(signed_whole(root, "", "schema_version"));
  if (doc.version > report::newest_schema_version) {
    fail_at("schema_version", "the report has schema version " + std::to_string(doc.version) +
                                  ", newer than version " +
                                  std::to_string(report::newest_schema_version) +
                                  " that this trncost reads; upgrade trncost to audit it");
  }
  if (doc.version < 1) fail_at("schema_version", "must be 1 or more");
  // The sections of later versions are named as such; anything else unknown is refused too.
  for (const auto& key : root.keys()) {
    const int since = key == "analysis" || key == "credits" ? report::extras_schema_version
                      : key == "work"                       ? report::work_schema_version
                      : key == "figures"                    ? report::figures_schema_version
                                                            : 0;
    if (since > doc.version) {
      fail_at(key, std::string(key == "work" || key == "figures" ? "is a member" : "is a section") +
                       " of schema version " + std::to_string(since) +
                       "; the report declares version " + std::to_string(doc.version));
    }
  }
  closed(root, "",
         {"schema", "schema_version", "as_of", "freshness_window_days", "currency", "status",
          "reasons", "totals", "categories", "uncertainties", "lines", "derivations", "inputs",
          "findings", "protocol", "analysis", "credits", "work", "figures"},
         "a report of schema version " + std::to_string(doc.version));
  doc.as_of = day(root, "", "as_of");
  doc.freshness_window_days = static_cast<std::int64_t>(whole(root, "", "freshness_window_days"));
  doc.currency = str(root, "", "currency");
  if (doc.currency != "USD")
    fail_at("currency", "only USD reports exist (got '" + doc.currency + "')");
  doc.status = named<estimate_status>(root, "", "status", report::parse_status, "status");
  const auto& reasons = array(root, "", "reasons");
  for (std::size_t i = 0; i < reasons.size(); ++i) {
    const std::string path = "reasons[" + std::to_string(i) + "]";
    const auto& r = object_at(reasons, i, path);
    closed(r, path, {"status", "text", "rule", "category"}, "a status reason");
    status_reason reason{named<estimate_status>(r, path, "status", report::parse_status, "status"),
                         str(r, path, "text")};
    if (doc.version >= report::reasons_schema_version) {
      reason.rule = named<verified_rule>(r, path, "rule", report::parse_rule,
                                         "rule of verified (docs/model.md#what-verified-claims)");
      if (r.find("category") != nullptr) {
        reason.missing_category =
            named<category>(r, path, "category", report::parse_category, "category");
      }
    } else {
      for (const std::string_view key : {"rule", "category"}) {
        if (r.find(key) != nullptr) {
          fail_at(join_path(path, key), "is a member of schema version " +
                                            std::to_string(report::reasons_schema_version) +
                                            "; the report declares version " +
                                            std::to_string(doc.version));
        }
      }
    }
    doc.reasons.push_back(std::move(reason));
  }

  const auto& totals = member(root, "", "totals", json_value::kind::object);
  closed(totals, "totals", {"total", "by_category", "by_phase", "useful", "overhead"}, "'totals'");
  doc.totals.total = dec(totals, "totals", "total");
  const auto& by_cat = array(totals, "totals", "by_category");
  for (std::size_t i = 0; i < by_cat.size(); ++i) {
    const std::string path = "totals.by_category[" + std::to_string(i) + "]";
    const auto& e = object_at(by_cat, i, path);
    closed(e, path, {"category", "amount"}, "an entry of 'by_category'");
    doc.totals.by_category.emplace_back(
        named<category>(e, path, "category", report::parse_category, "category"),
        dec(e, path, "amount"));
  }
  const auto& by_phase = array(totals, "totals", "by_phase");
  for (std::size_t i = 0; i < by_phase.size(); ++i) {
    const std::string path = "totals.by_phase[" + std::to_string(i) + "]";
    const auto& e = object_at(by_phase, i, path);
    closed(e, path, {"phase", "amount"}, "an entry of 'by_phase'");
    doc.totals.by_phase.emplace_back(
        named<trncost::phase>(e, path, "phase", report::parse_phase, "phase"),
        dec(e, path, "amount"));
  }
  doc.totals.useful = dec(totals, "totals", "useful");
  doc.totals.overhead = dec(totals, "totals", "overhead");

  const auto& cats = array(root, "", "categories");
  for (std::size_t i = 0; i < cats.size(); ++i) {
    const std::string path = "categories[" + std::to_string(i) + "]";
    const auto& e = object_at(cats, i, path);
    closed(e, path, {"category", "coverage", "justification"}, "a category entry");
    report::category_entry c;
    c.cat = named<category>(e, path, "category", report::parse_category, "category");
    c.cov = named<report::coverage>(e, path, "coverage", report::parse_coverage, "coverage");
    if (c.cov == report::coverage::declared_none) {
      c.justification = str(e, path, "justification");
    } else if (e.find("justification") != nullptr) {
      fail_at(path + ".justification", "is not a member of a category entry whose coverage is '" +
                                           std::string(report::to_string(c.cov)) +
                                           "' (only declared-none is justified)");
    }
    doc.categories.push_back(std::move(c));
  }

  const auto& uncertainties = array(root, "", "uncertainties");
  for (std::size_t i = 0; i < uncertainties.size(); ++i) {
    const std::string path = "uncertainties[" + std::to_string(i) + "]";
    const auto& e = object_at(uncertainties, i, path);
    closed(e, path, {"subject", "kind", "status", "owner", "detail"}, "a migration uncertainty");
    migration_uncertainty u;
    u.subject = str(e, path, "subject");
    u.what = named<migration_uncertainty::kind>(e, path, "kind", report::parse_uncertainty_kind,
                                                "uncertainty kind");
    u.status = named<migration_uncertainty::state>(
        e, path, "status", report::parse_uncertainty_state, "uncertainty status (open, resolved)");
    u.owner = str(e, path, "owner");
    u.detail = str(e, path, "detail");
    doc.uncertainties.push_back(std::move(u));
  }

  const auto& lines = array(root, "", "lines");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string path = "lines[" + std::to_string(i) + "]";
    const auto& e = object_at(lines, i, path);
    const bool v5 = doc.version >= report::identity_schema_version;
    closed(e, path,
           {"category", "component", "phase", "description", "price", "quantity", "num", "den",
            "rounding", "formula", "amount", "inputs"},
           "a line in schema version " + std::to_string(doc.version),
           v5 ? std::vector<std::string_view>{"identity"} : std::vector<std::string_view>{});
    report::line_entry l;
    l.cat = named<category>(e, path, "category", report::parse_category, "category");
    l.component = str(e, path, "component");
    if (const auto ph = str_or_null(e, path, "phase")) {
      const auto p = report::parse_phase(*ph);
      if (!p) fail_at(path + ".phase", "'" + *ph + "' is not a known phase");
      l.ph = *p;
    }
    l.description = str(e, path, "description");
    l.price = str(e, path, "price");
    l.quantity = str(e, path, "quantity");
    l.num = whole(e, path, "num");
    l.den = whole(e, path, "den");
    if (l.num == 0 || l.den == 0) fail_at(path + (l.num == 0 ? ".num" : ".den"), "is 0");
    const auto rounding_text = str(e, path, "rounding");
    if (rounding_text != report::line_rounding) {
      fail_at(path + ".rounding", "'" + rounding_text + "' is not the rounding trncost applies ('" +
                                      std::string(report::line_rounding) + "')");
    }
    l.formula = str(e, path, "formula");
    l.amount = dec_or_null(e, path, "amount");
    l.inputs = strings(e, path, "inputs");
    if (v5) l.identity = identity(e, path);
    doc.lines.push_back(std::move(l));
  }

  const auto& ders = array(root, "", "derivations");
  for (std::size_t i = 0; i < ders.size(); ++i) {
    const std::string path = "derivations[" + std::to_string(i) + "]";
    const auto& e = object_at(ders, i, path);
    report::derivation_entry d;
    d.op.kind = named<op_kind>(e, path, "op", report::parse_op, "operation");
    const auto op_members = [&]() -> std::vector<std::string_view> {
      switch (d.op.kind) {
        case op_kind::scale:
          return {"factor"};
        case op_kind::band:
          return {"lower", "upper"};
        case op_kind::ceil_to:
          return {"step"};
        case op_kind::convert:
        case op_kind::charge:
          return {"num", "den"};
        default:
          return {};
      }
    };
    closed(e, path, {"name", "value", "unit", "known", "formula", "op", "operands"},
           "a derivation of '" + str(e, path, "op") + "'", op_members());
    d.name = str(e, path, "name");
    d.value = str(e, path, "value");
    d.unit = str(e, path, "unit");
    d.known = boolean(e, path, "known");
    d.formula = str(e, path, "formula");
    d.operands = strings(e, path, "operands");
    switch (d.op.kind) {
      case op_kind::scale:
        d.op.factor = signed_whole(e, path, "factor");
        break;
      case op_kind::band:
        d.op.lower = dec(e, path, "lower");
        d.op.upper = dec_or_null(e, path, "upper");
        break;
      case op_kind::ceil_to:
        d.op.step = dec(e, path, "step");
        break;
      case op_kind::convert:
      case op_kind::charge:
        d.op.num = whole(e, path, "num");
        d.op.den = whole(e, path, "den");
        if (d.op.num == 0 || d.op.den == 0) {
          fail_at(path + (d.op.num == 0 ? ".num" : ".den"), "is 0");
        }
        break;
      default:
        break;
    }
    doc.derivations.push_back(std::move(d));
  }

  const auto& inputs = array(root, "", "inputs");
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::string path = "inputs[" + std::to_string(i) + "]";
    const auto& e = object_at(inputs, i, path);
    closed(e, path, {"name", "value", "unit", "known", "provenance"}, "an input");
    report::input_entry in;
    in.name = str(e, path, "name");
    in.value = str(e, path, "value");
    in.unit = str(e, path, "unit");
    in.known = boolean(e, path, "known");
    in.origin = origin(member(e, path, "provenance", json_value::kind::object),
                       path + ".provenance", doc.version);
    doc.inputs.push_back(std::move(in));
  }
  doc.findings = strings(root, "", "findings");
  if (root.find("protocol") != nullptr) read_protocol(root, doc);
  if (root.find("work") != nullptr) {
    if (doc.version < report::work_schema_version) {
      fail_at("work", "is a member of schema version " +
                          std::to_string(report::work_schema_version) +
                          "; the report declares version " + std::to_string(doc.version));
    }
    const auto& w = member(root, "", "work", json_value::kind::object);
    closed(w, "work", {"kind", "amount", "per", "unit", "full", "compute_only"}, "'work'");
    report::work_entry e;
    e.kind = named<work_kind>(w, "work", "kind", report::parse_work_kind,
                              "kind of work ('tokens served', 'runs to target'...)");
    e.amount = str(w, "work", "amount");
    e.per = whole(w, "work", "per");
    e.unit = str(w, "work", "unit");
    e.full = dec_or_null(w, "work", "full");
    e.compute_only = dec_or_null(w, "work", "compute_only");
    doc.work = std::move(e);
  }
  if (root.find("figures") != nullptr) {
    const auto& figures = array(root, "", "figures");
    for (std::size_t i = 0; i < figures.size(); ++i) {
      const std::string path = "figures[" + std::to_string(i) + "]";
      const auto& f = object_at(figures, i, path);
      closed(f, path, {"workload", "what", "value"}, "a figure");
      doc.figures.push_back(report::figure_entry{str(f, path, "workload"), str(f, path, "what"),
                                                 str(f, path, "value")});
    }
  }
  return doc;
}

TRNCOST_DECL auto report_reader::identity(const json_value& line, const std::string& path) const
    -> line_identity {
  const std::string at = path + ".identity";
  const auto& o = member(line, path, "identity", json_value::kind::object);
  closed(o, at, {"service", "region", "instance_type", "usage_type", "purchase_option", "offer"},
         "a line's identity");
  const auto field = [&](std::string_view key) -> std::string {
    const json_value* v = o.find(key);
    if (v == nullptr) fail_at(join_path(at, key), "is missing");
    if (v->is_null()) return {};
    if (!v->is_string()) {
      fail_at(join_path(at, key), "is " + std::string(json_value::kind_name(v->type())) +
                                      ", expected a string or null");
    }
    if (v->text().empty()) {
      fail_at(join_path(at, key), "is empty; an identity field that is not known is null");
    }
    return v->text();
  };
  line_identity id;
  id.service = field("service");
  id.region = field("region");
  id.instance_type = field("instance_type");
  id.usage_type = field("usage_type");
  if (const auto option = field("purchase_option"); !option.empty()) {
    const auto p = report::parse_purchase_option(option);
    if (!p) fail_at(at + ".purchase_option", "'" + option + "' is not a known purchase option");
    id.purchase = *p;
  }
  if (const json_value* offer = o.find("offer"); offer != nullptr) {
    // Written only when known: null or empty is no offer of its own, and is refused.
    if (!offer->is_string() || offer->text().empty()) {
      fail_at(at + ".offer",
              "is not an offer code (a non-empty string; left out when the "
              "price is the service's own offer's)");
    }
    id.offer = offer->text();
  }
  return id;
}

TRNCOST_DECL auto report_reader::read_protocol(const json_value& root, report::document& doc) const
    -> void {
  const auto& p = member(root, "", "protocol", json_value::kind::object);
  closed(p, "protocol", {"trncost_version", "as_of", "freshness_window_days", "runs"},
         "the protocol");
  doc.trncost_version = str(p, "protocol", "trncost_version");
  if (day(p, "protocol", "as_of") != doc.as_of) {
    fail_at("protocol.as_of", "is not the report's as_of " + to_string(doc.as_of));
  }
  if (static_cast<std::int64_t>(whole(p, "protocol", "freshness_window_days")) !=
      doc.freshness_window_days) {
    fail_at("protocol.freshness_window_days", "is not the report's freshness_window_days " +
                                                  std::to_string(doc.freshness_window_days));
  }
  const auto pairs = [&](const json_value& e, const std::string& at, std::string_view key,
                         std::string_view first, std::string_view second) {
    std::vector<std::pair<std::string, std::string>> out;
    const auto& items = array(e, at, key);
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::string here = at + "." + std::string(key) + "[" + std::to_string(i) + "]";
      const auto& item = object_at(items, i, here);
      closed(item, here, {first, second}, "an entry of '" + std::string(key) + "'");
      out.emplace_back(str(item, here, first), str(item, here, second));
    }
    return out;
  };
  const auto& runs = array(p, "protocol", "runs");
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::string at = "protocol.runs[" + std::to_string(i) + "]";
    const auto& e = object_at(runs, i, at);
    const bool v5 = doc.version >= report::identity_schema_version;
    closed(e, at, {"run_id", "model", "code_version", "dataset_id", "parameters", "software_stack"},
           "a protocol run in schema version " + std::to_string(doc.version),
           v5 ? std::vector<std::string_view>{"instance_type", "region"}
              : std::vector<std::string_view>{});
    run_protocol run{str(e, at, "run_id"),
                     str(e, at, "model"),
                     str(e, at, "code_version"),
                     str(e, at, "dataset_id"),
                     pairs(e, at, "parameters", "name", "value"),
                     pairs(e, at, "software_stack", "component", "version")};
    if (v5) {
      run.instance_type = str(e, at, "instance_type");
      run.region = str(e, at, "region");
    }
    doc.runs.push_back(std::move(run));
  }
}

TRNCOST_DECL auto report_reader::index_or_null(const json_value& obj, const std::string& path,
                                               std::string_view key) const
    -> std::optional<std::size_t> {
  const json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return static_cast<std::size_t>(whole(obj, path, key));
}

TRNCOST_DECL auto report_reader::day_or_null(const json_value& obj, const std::string& path,
                                             std::string_view key) const -> std::optional<date> {
  const json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return day(obj, path, key);
}

TRNCOST_DECL auto report_reader::decimals_or_null(const json_value& obj, const std::string& path,
                                                  std::string_view key) const
    -> std::vector<std::optional<decimal>> {
  std::vector<std::optional<decimal>> out;
  const auto& items = array(obj, path, key);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string at = path + "." + std::string(key) + "[" + std::to_string(i) + "]";
    if (items[i].is_null()) {
      out.emplace_back(std::nullopt);
      continue;
    }
    if (!items[i].is_string()) fail_at(at, "is neither a decimal string nor null");
    if (const auto why = decimal_text_rule(items[i].text()); !why.empty()) {
      fail_at(at, "'" + items[i].text() + "' " + why);
    }
    try {
      out.emplace_back(decimal::parse(items[i].text()));
    } catch (const error& e) {
      fail_at(at, e.what());
    }
  }
  return out;
}

TRNCOST_DECL auto report_reader::bar(const json_value& e, const std::string& path) const
    -> analysis::tornado_bar {
  closed(e, path,
         {"input", "kind", "basis", "baseline_value", "low", "high", "total_at_low",
          "total_at_high", "swing"},
         "a tornado bar");
  return {str(e, path, "input"),          str(e, path, "kind"),          str(e, path, "basis"),
          dec(e, path, "baseline_value"), dec(e, path, "low"),           dec(e, path, "high"),
          dec(e, path, "total_at_low"),   dec(e, path, "total_at_high"), dec(e, path, "swing")};
}

TRNCOST_DECL auto report_reader::tornado(const json_value& o, const std::string& path) const
    -> analysis::tornado {
  analysis::tornado t;
  closed(o, path, {"baseline_total", "observed", "assumptions"}, "the tornado");
  t.baseline_total = dec(o, path, "baseline_total");
  each(o, path, "observed",
       [&](const json_value& e, const std::string& at) { t.observed.push_back(bar(e, at)); });
  each(o, path, "assumptions",
       [&](const json_value& e, const std::string& at) { t.assumptions.push_back(bar(e, at)); });
  return t;
}

TRNCOST_DECL auto report_reader::scenarios(const json_value& o, const std::string& path) const
    -> analysis::scenario_table {
  analysis::scenario_table t;
  closed(o, path, {"lines", "scenarios"}, "the scenarios");
  each(o, path, "lines", [&](const json_value& e, const std::string& at) {
    closed(e, at, {"name", "category"}, "an entry of 'lines'");
    t.line_names.push_back(str(e, at, "name"));
    t.line_categories.push_back(
        named<category>(e, at, "category", report::parse_category, "category"));
  });
  each(o, path, "scenarios", [&](const json_value& e, const std::string& at) {
    analysis::scenario_result r;
    closed(e, at,
           {"name", "overrides", "total", "gap", "by_category", "lines", "parts", "interaction"},
           "a scenario");
    r.name = str(e, at, "name");
    each(e, at, "overrides", [&](const json_value& v, const std::string& vat) {
      closed(v, vat, {"input", "value", "rationale"}, "an entry of 'overrides'");
      r.overrides.push_back({str(v, vat, "input"), dec(v, vat, "value"), str(v, vat, "rationale")});
    });
    r.total = dec(e, at, "total");
    r.gap = dec(e, at, "gap");
    each(e, at, "by_category", [&](const json_value& v, const std::string& vat) {
      closed(v, vat, {"category", "amount"}, "an entry of 'by_category'");
      const auto c = named<category>(v, vat, "category", report::parse_category, "category");
      if (!r.by_category.emplace(c, dec(v, vat, "amount")).second) {
        fail_at(vat + ".category", "appears twice");
      }
    });
    r.lines = decimals_or_null(e, at, "lines");
    each(e, at, "parts", [&](const json_value& v, const std::string& vat) {
      closed(v, vat, {"input", "from", "to", "effect"}, "an entry of 'parts'");
      r.parts.push_back(
          {str(v, vat, "input"), dec(v, vat, "from"), dec(v, vat, "to"), dec(v, vat, "effect")});
    });
    r.interaction = dec(e, at, "interaction");
    t.scenarios.push_back(std::move(r));
  });
  return t;
}

TRNCOST_DECL auto report_reader::monte_carlo(const json_value& o, const std::string& path) const
    -> analysis::monte_carlo_result {
  analysis::monte_carlo_result m;
  closed(o, path,
         {"samples", "seed", "format", "baseline", "mean", "min", "p5", "p50", "p95", "max",
          "p_over_budget", "varied", "correlations"},
         "the Monte Carlo band");
  (void)str(o, path, "format");
  m.samples = whole(o, path, "samples");
  m.seed = whole(o, path, "seed");
  m.baseline = figure(o, path, "baseline");
  m.mean = figure(o, path, "mean");
  m.min = figure(o, path, "min");
  m.p5 = figure(o, path, "p5");
  m.p50 = figure(o, path, "p50");
  m.p95 = figure(o, path, "p95");
  m.max = figure(o, path, "max");
  if (const auto p = dec_or_null(o, path, "p_over_budget")) m.p_over_budget = p->to_double();
  m.varied = strings(o, path, "varied");
  if (o.find("correlations") != nullptr) m.correlations = strings(o, path, "correlations");
  return m;
}

TRNCOST_DECL auto report_reader::comparison(const json_value& o, const std::string& path) const
    -> analysis::comparison {
  analysis::comparison c;
  closed(o, path, {"groups"}, "the comparison");
  each(o, path, "groups", [&](const json_value& e, const std::string& at) {
    closed(e, at, {"dataset_id", "metric", "target", "direction", "differences", "ranked", "apart"},
           "a comparison group");
    analysis::comparison_group g;
    g.dataset_id = str(e, at, "dataset_id");
    g.metric = str(e, at, "metric");
    g.target = dec(e, at, "target");
    const auto dir = str(e, at, "direction");
    if (dir == "lower is better") {
      g.direction = analysis::quality_direction::lower_is_better;
    } else if (dir == "higher is better") {
      g.direction = analysis::quality_direction::higher_is_better;
    } else {
      fail_at(at + ".direction",
              "'" + dir + "' is neither 'lower is better' nor 'higher is better'");
    }
    g.differences = strings(e, at, "differences");
    each(e, at, "ranked", [&](const json_value& v, const std::string& vat) {
      closed(v, vat,
             {"name", "cost", "seconds", "cost_rank", "time_rank", "cost_ratio", "time_ratio",
              "stack", "work", "cost_per_work"},
             "a ranked option");
      analysis::ranked_option r;
      r.name = str(v, vat, "name");
      r.cost = dec(v, vat, "cost");
      r.seconds = dec_or_null(v, vat, "seconds");
      r.cost_rank = static_cast<std::size_t>(whole(v, vat, "cost_rank"));
      r.time_rank = index_or_null(v, vat, "time_rank");
      r.cost_ratio = dec(v, vat, "cost_ratio");
      r.time_ratio = dec_or_null(v, vat, "time_ratio");
      r.stack = str(v, vat, "stack");
      if (v.find("work") != nullptr) r.work = dec(v, vat, "work");
      if (v.find("cost_per_work") != nullptr) r.cost_per_work = dec(v, vat, "cost_per_work");
      g.ranked.push_back(std::move(r));
    });
    each(e, at, "apart", [&](const json_value& v, const std::string& vat) {
      closed(v, vat, {"name", "reason"}, "an entry of 'apart'");
      g.apart.push_back({str(v, vat, "name"), str(v, vat, "reason")});
    });
    c.groups.push_back(std::move(g));
  });
  return c;
}

TRNCOST_DECL auto report_reader::decision(const json_value& o, const std::string& path) const
    -> analysis::decision {
  analysis::decision d;
  closed(o, path, {"outcome", "suspend_reasons", "compare_reasons", "continue_reasons"},
         "the decision");
  d.outcome = named<analysis::verdict>(
      o, path, "outcome",
      [](std::string_view s) -> std::optional<analysis::verdict> {
        for (const auto v : {analysis::verdict::continue_on, analysis::verdict::compare_another,
                             analysis::verdict::suspend}) {
          if (analysis::to_string(v) == s) return v;
        }
        return std::nullopt;
      },
      "decision outcome ('continue', 'compare another option', 'suspend')");
  d.suspend_reasons = strings(o, path, "suspend_reasons");
  d.compare_reasons = strings(o, path, "compare_reasons");
  d.continue_reasons = strings(o, path, "continue_reasons");
  return d;
}

TRNCOST_DECL auto report_reader::burn_periods(const json_value& o, const std::string& path,
                                              std::string_view key) const
    -> std::vector<credits::period_burn> {
  std::vector<credits::period_burn> out;
  each(o, path, key, [&](const json_value& e, const std::string& at) {
    closed(e, at,
           {"start", "end", "spend", "credits_used", "uncovered", "uncovered_by_reason",
            "balance_after"},
           key == "periods" && path.find("projection") != std::string::npos
               ? "a projected period"
               : "a period of the burn-down");
    credits::period_burn p;
    p.start = day(e, at, "start");
    p.end = day(e, at, "end");
    p.spend = dec(e, at, "spend");
    p.credits_used = dec(e, at, "credits_used");
    p.uncovered = dec(e, at, "uncovered");
    each(e, at, "uncovered_by_reason", [&](const json_value& v, const std::string& vat) {
      closed(v, vat, {"reason", "amount"}, "an entry of 'uncovered_by_reason'");
      const auto r = named<credits::uncovered_reason>(
          v, vat, "reason",
          [](std::string_view s) -> std::optional<credits::uncovered_reason> {
            for (const auto x : credits::all_uncovered_reasons) {
              if (credits::to_string(x) == s) return x;
            }
            return std::nullopt;
          },
          "reason a charge was not covered");
      if (!p.uncovered_by_reason.emplace(r, dec(v, vat, "amount")).second) {
        fail_at(vat + ".reason", "appears twice");
      }
    });
    for (const auto& v : decimals_or_null(e, at, "balance_after")) {
      if (!v) fail_at(at + ".balance_after", "holds a null; every balance is a decimal string");
      p.balance_after.push_back(*v);
    }
    out.push_back(std::move(p));
  });
  return out;
}

TRNCOST_DECL auto report_reader::burn_down(const json_value& o, const std::string& path) const
    -> credits::burn_down_result {
  credits::burn_down_result b;
  closed(o, path,
         {"total_spend", "total_credits", "total_uncovered", "total_wasted", "total_lost_at_expiry",
          "runway", "grants", "periods", "credit_lines", "projection", "findings"},
         "the credits section");
  b.total_spend = dec(o, path, "total_spend");
  b.total_credits = dec(o, path, "total_credits");
  b.total_uncovered = dec(o, path, "total_uncovered");
  b.total_wasted = dec(o, path, "total_wasted");
  b.total_lost_at_expiry = dec(o, path, "total_lost_at_expiry");
  b.runway = day_or_null(o, path, "runway");
  each(o, path, "grants", [&](const json_value& e, const std::string& at) {
    closed(e, at,
           {"name", "amount", "last_valid_day", "used", "balance_at_end", "exhausted_on",
            "wasted_at_expiry", "unused_at_schedule_end", "runs_out_on", "lost_at_expiry",
            "services", "usable"},
           "a grant's outcome");
    credits::grant_outcome g;
    g.name = str(e, at, "name");
    g.amount = dec(e, at, "amount");
    g.last_valid_day = day(e, at, "last_valid_day");
    g.used = dec(e, at, "used");
    g.balance_at_end = dec(e, at, "balance_at_end");
    g.exhausted_on = day_or_null(e, at, "exhausted_on");
    g.wasted_at_expiry = dec_or_null(e, at, "wasted_at_expiry");
    g.unused_at_schedule_end = dec(e, at, "unused_at_schedule_end");
    g.runs_out_on = day_or_null(e, at, "runs_out_on");
    g.lost_at_expiry = dec(e, at, "lost_at_expiry");
    // A report written before grants said which services they cover: every grant counted as
    // usable, as the runway then was.
    if (e.find("services") != nullptr) g.services = strings(e, at, "services");
    if (e.find("usable") != nullptr) g.usable = boolean(e, at, "usable");
    b.grants.push_back(std::move(g));
  });
  b.periods = burn_periods(o, path, "periods");
  each(o, path, "credit_lines", [&](const json_value& e, const std::string& at) {
    closed(e, at, {"start", "end", "grant", "category", "amount", "service"}, "a credit line");
    credits::credit_line l;
    l.start = day(e, at, "start");
    l.end = day(e, at, "end");
    l.grant = str(e, at, "grant");
    l.cat = named<category>(e, at, "category", report::parse_category, "category");
    l.service = str_or_null(e, at, "service");
    l.amount = dec(e, at, "amount");
    b.credit_lines.push_back(std::move(l));
  });
  const json_value& pr = member(o, path, "projection", json_value::kind::object);
  const std::string pat = path + ".projection";
  closed(pr, pat, {"rate", "periods"}, "the projection");
  const json_value& rate = member(pr, pat, "rate", json_value::kind::object);
  closed(rate, pat + ".rate", {"days", "charges"}, "the projection's rate");
  b.projection.rate.days = static_cast<std::int64_t>(whole(rate, pat + ".rate", "days"));
  each(rate, pat + ".rate", "charges", [&](const json_value& e, const std::string& at) {
    closed(e, at, {"category", "service", "kind", "amount"}, "a charge");
    credits::charge c;
    c.cat = named<category>(e, at, "category", report::parse_category, "category");
    c.service = str_or_null(e, at, "service");
    c.kind = named<credits::charge_kind>(
        e, at, "kind",
        [](std::string_view s) -> std::optional<credits::charge_kind> {
          using credits::charge_kind;
          for (const auto k : {charge_kind::usage, charge_kind::upfront_fee,
                               charge_kind::marketplace, charge_kind::support}) {
            if (credits::to_string(k) == s) return k;
          }
          return std::nullopt;
        },
        "kind of charge ('usage', 'upfront fee', 'Marketplace', 'support')");
    c.amount = dec(e, at, "amount");
    b.projection.rate.charges.push_back(std::move(c));
  });
  b.projection.periods = burn_periods(pr, pat, "periods");
  b.findings = strings(o, path, "findings");
  return b;
}

TRNCOST_DECL auto report_reader::read_extras(const json_value& root, int version) const
    -> report::extras {
  report::extras x;
  const json_value* a = root.find("analysis");
  const json_value* c = root.find("credits");
  if ((a != nullptr || c != nullptr) && version < report::extras_schema_version) {
    fail_at(a != nullptr ? "analysis" : "credits",
            "is a section of schema version " + std::to_string(report::extras_schema_version) +
                "; the report declares version " + std::to_string(version));
  }
  if (a != nullptr) {
    const auto& o = member(root, "", "analysis", json_value::kind::object);
    const auto sub = [&](std::string_view key) -> const json_value* {
      return o.find(key) == nullptr ? nullptr
                                    : &member(o, "analysis", key, json_value::kind::object);
    };
    if (const auto* v = sub("tornado")) x.tornado = tornado(*v, "analysis.tornado");
    if (const auto* v = sub("scenarios")) x.scenarios = scenarios(*v, "analysis.scenarios");
    if (const auto* v = sub("monte_carlo")) x.monte_carlo = monte_carlo(*v, "analysis.monte_carlo");
    if (const auto* v = sub("comparison")) x.comparison = comparison(*v, "analysis.comparison");
    if (const auto* v = sub("decision")) x.decision = decision(*v, "analysis.decision");
  }
  if (c != nullptr) {
    x.burn_down = burn_down(member(root, "", "credits", json_value::kind::object), "credits");
  }
  return x;
}

}  // namespace io::detail

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_AUDIT_IPP
