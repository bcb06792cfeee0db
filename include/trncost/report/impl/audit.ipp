// The definitions of report/audit.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_AUDIT_IPP
#define TRNCOST_REPORT_IMPL_AUDIT_IPP

#include "../audit.hpp"

namespace trncost {

namespace report::detail {

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
  explicit strict_report_handler(readers::detail::json_tree_builder& inner) : inner_(&inner) {}

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

  readers::detail::json_tree_builder* inner_;
  std::vector<frame> frames_;
  std::string refused_path_;
  std::string refused_rule_;
};

TRNCOST_DECL readers::detail::json_value parse_report_json(std::string_view text,
                                                           std::string_view file) {
  if (readers::detail::starts_with_utf8_bom(text)) {
    readers::fail(readers::input_position::whole(file), "(document)",
                  "begins with a UTF-8 byte-order mark; a report is UTF-8 without one");
  }
  rapidjson::Reader reader;
  readers::detail::json_tree_builder builder;
  strict_report_handler handler(builder);
  rapidjson::MemoryStream memory(text.data(), text.size());
  const rapidjson::ParseResult result =
      reader.Parse<readers::detail::json_parse_flags>(memory, handler);
  if (result.IsError()) {
    if (!handler.refused_rule().empty()) {
      readers::fail(readers::input_position::whole(file), handler.refused_path(),
                    handler.refused_rule());
    }
    if (result.Code() == rapidjson::kParseErrorStringUnicodeSurrogateInvalid) {
      const std::string path = handler.string_path();
      readers::fail(readers::input_position::whole(file), path.empty() ? "(document)" : path,
                    strict_report_handler::surrogate_rule);
    }
    readers::detail::fail_json(file, result, "", "");
  }
  return builder.take();
}

}  // namespace report::detail

namespace report {

TRNCOST_DECL int report_version(const readers::detail::json_value& root, std::string_view file) {
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

}  // namespace report

namespace report::detail {

TRNCOST_DECL auto report_reader::member(const readers::detail::json_value& obj,
                                        const std::string& path, std::string_view key,
                                        readers::detail::json_value::kind want) const
    -> const readers::detail::json_value& {
  const readers::detail::json_value* v = obj.find(key);
  const std::string at = path.empty() ? std::string(key) : path + "." + std::string(key);
  if (v == nullptr) fail_at(at, "is missing");
  if (v->type() != want) {
    fail_at(at, "is " + std::string(readers::detail::json_value::kind_name(v->type())) +
                    ", expected " + std::string(readers::detail::json_value::kind_name(want)));
  }
  return *v;
}

TRNCOST_DECL auto report_reader::closed(const readers::detail::json_value& obj,
                                        const std::string& path,
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

TRNCOST_DECL auto report_reader::str_or_null(const readers::detail::json_value& obj,
                                             const std::string& path, std::string_view key) const
    -> std::optional<std::string> {
  const readers::detail::json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return str(obj, path, key);
}

TRNCOST_DECL auto report_reader::whole(const readers::detail::json_value& obj,
                                       const std::string& path, std::string_view key,
                                       bool allow_negative) const -> std::uint64_t {
  const auto& v = member(obj, path, key, readers::detail::json_value::kind::number);
  std::int64_t out = 0;
  if (!detail::parse_whole(v.text(), out) || (!allow_negative && out < 0)) {
    fail_at(join_path(path, key),
            "'" + v.text() + "' is not a whole number" + (allow_negative ? "" : " >= 0"));
  }
  return static_cast<std::uint64_t>(out);
}

TRNCOST_DECL auto report_reader::dec(const readers::detail::json_value& obj,
                                     const std::string& path, std::string_view key) const
    -> decimal {
  const auto text = str(obj, path, key);
  const std::string at = path.empty() ? std::string(key) : path + "." + std::string(key);
  if (const auto why = decimal_text_rule(text); !why.empty()) fail_at(at, "'" + text + "' " + why);
  try {
    return decimal::parse(text);
  } catch (const error& e) {
    fail_at(at, e.what());
  }
}

TRNCOST_DECL auto report_reader::dec_or_null(const readers::detail::json_value& obj,
                                             const std::string& path, std::string_view key) const
    -> std::optional<decimal> {
  const readers::detail::json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return dec(obj, path, key);
}

TRNCOST_DECL auto report_reader::day(const readers::detail::json_value& obj,
                                     const std::string& path, std::string_view key) const -> date {
  const auto text = str(obj, path, key);
  try {
    return parse_date(text);
  } catch (const error& e) {
    fail_at(join_path(path, key), e.what());
  }
}

TRNCOST_DECL auto report_reader::instant(const readers::detail::json_value& obj,
                                         const std::string& path, std::string_view key) const
    -> timestamp {
  const auto text = str(obj, path, key);
  try {
    return parse_timestamp(text);
  } catch (const error& e) {
    fail_at(join_path(path, key), e.what());
  }
}

TRNCOST_DECL auto report_reader::object_at(const std::vector<readers::detail::json_value>& items,
                                           std::size_t i, const std::string& path) const
    -> const readers::detail::json_value& {
  if (!items[i].is_object())
    fail_at(path, "is " + std::string(readers::detail::json_value::kind_name(items[i].type())) +
                      ", expected an object");
  return items[i];
}

TRNCOST_DECL auto report_reader::strings(const readers::detail::json_value& obj,
                                         const std::string& path, std::string_view key) const
    -> std::vector<std::string> {
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

TRNCOST_DECL auto report_reader::origin(const readers::detail::json_value& p,
                                        const std::string& path, int version) const -> provenance {
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

TRNCOST_DECL auto report_reader::read(const readers::detail::json_value& root) const
    -> report::document {
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

  const auto& totals = member(root, "", "totals", readers::detail::json_value::kind::object);
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
    in.origin = origin(member(e, path, "provenance", readers::detail::json_value::kind::object),
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
    const auto& w = member(root, "", "work", readers::detail::json_value::kind::object);
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

TRNCOST_DECL auto report_reader::identity(const readers::detail::json_value& line,
                                          const std::string& path) const -> line_identity {
  const std::string at = path + ".identity";
  const auto& o = member(line, path, "identity", readers::detail::json_value::kind::object);
  closed(o, at, {"service", "region", "instance_type", "usage_type", "purchase_option", "offer"},
         "a line's identity");
  const auto field = [&](std::string_view key) -> std::string {
    const readers::detail::json_value* v = o.find(key);
    if (v == nullptr) fail_at(join_path(at, key), "is missing");
    if (v->is_null()) return {};
    if (!v->is_string()) {
      fail_at(join_path(at, key),
              "is " + std::string(readers::detail::json_value::kind_name(v->type())) +
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
  if (const readers::detail::json_value* offer = o.find("offer"); offer != nullptr) {
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

TRNCOST_DECL auto report_reader::read_protocol(const readers::detail::json_value& root,
                                               report::document& doc) const -> void {
  const auto& p = member(root, "", "protocol", readers::detail::json_value::kind::object);
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
  const auto pairs = [&](const readers::detail::json_value& e, const std::string& at,
                         std::string_view key, std::string_view first, std::string_view second) {
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

}  // namespace report::detail

}  // namespace trncost

// The reader's members for a report's extras (its analysis, decision and credits): a file of its
// own.
// clang-format off
#include "audit_extras.ipp"
// clang-format on

#endif  // TRNCOST_REPORT_IMPL_AUDIT_IPP
