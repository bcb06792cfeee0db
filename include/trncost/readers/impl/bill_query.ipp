// The query a bill is exported with (readers/bill.hpp's bill_query: SQL dialects and grains over a
// Cost and Usage Report table). Part of readers/impl/bill.ipp, which includes it after the reader.
#ifndef TRNCOST_READERS_IMPL_BILL_QUERY_IPP
#define TRNCOST_READERS_IMPL_BILL_QUERY_IPP

#ifndef TRNCOST_READERS_IMPL_BILL_IPP
#error \
    "readers/impl/bill_query.ipp is part of readers/impl/bill.ipp: include <trncost/readers/bill.hpp>"
#endif

namespace trncost::readers {

TRNCOST_DECL std::string_view to_string(sql_dialect d) noexcept {
  switch (d) {
    case sql_dialect::athena:
      return "athena";
    case sql_dialect::spark:
      return "spark";
    case sql_dialect::sqlite:
      return "sqlite";
  }
  return "athena";
}

TRNCOST_DECL std::optional<sql_dialect> parse_sql_dialect(std::string_view name) {
  for (const auto d : {sql_dialect::athena, sql_dialect::spark, sql_dialect::sqlite}) {
    if (name == to_string(d)) return d;
  }
  return std::nullopt;
}

TRNCOST_DECL std::string_view to_string(bill_grain g) noexcept {
  switch (g) {
    case bill_grain::hour:
      return "hour";
    case bill_grain::day:
      return "day";
    case bill_grain::month:
      return "month";
  }
  return "day";
}

TRNCOST_DECL std::optional<bill_grain> parse_bill_grain(std::string_view name) {
  for (const auto g : {bill_grain::hour, bill_grain::day, bill_grain::month}) {
    if (name == to_string(g)) return g;
  }
  return std::nullopt;
}

TRNCOST_DECL std::string bill_query(const bill_query_options& o) {
  if (o.layout == bill_layout::cur_legacy) {
    throw input_error(
        "a legacy Cost and Usage Report is not queried by trncost: query its CUR 2.0 export "
        "(Data Exports), whose columns Athena and Spark read under the names trncost knows, or "
        "reconcile the CSV files");
  }
  {
    // A plain identifier, parts joined by '.': never text a query could be written into.
    bool ok = !o.table.empty() && o.table.size() <= 255;
    bool part_start = true;
    for (const char c : o.table) {
      const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      const bool digit = c >= '0' && c <= '9';
      if (c == '.') {
        ok = ok && !part_start;
        part_start = true;
      } else {
        ok = ok && (letter || (digit && !part_start));
        part_start = false;
      }
    }
    if (!ok || part_start) {
      throw input_error("table '" + o.table +
                        "' is not a table name: letters, digits and '_', not starting with a "
                        "digit, parts joined by '.' (database.table)");
    }
  }
  const auto quote = [&](std::string_view name) {
    return o.dialect == sql_dialect::spark ? "`" + std::string(name) + "`"
                                           : "\"" + std::string(name) + "\"";
  };
  std::string table;
  for (std::size_t i = 0, j; i <= o.table.size(); i = j + 1) {
    j = std::min(o.table.find('.', i), o.table.size());
    table += (table.empty() ? "" : ".") + quote(o.table.substr(i, j - i));
  }
  const detail::bill_columns* cols = nullptr;
  for (const auto& l : detail::bill_layouts) {
    if (l.layout == o.layout) cols = &l;
  }
  // Each column the reader reads, under the layout's first name for it.
  enum class role : std::uint8_t { key, sum, first, last };
  struct column {
    std::string name;
    role what;
  };
  std::vector<column> columns;
  for (std::size_t f = 0; f < cols->names.size(); ++f) {
    std::string_view n = cols->names[f];
    if (n.starts_with('*')) n.remove_prefix(1);
    n = n.substr(0, n.find('|'));
    if (n.empty()) continue;
    const auto c = static_cast<detail::bill_fields::bill_field::column>(f);
    if (c == detail::bill_fields::bill_field::c_row_id ||
        c == detail::bill_fields::bill_field::c_tags)
      continue;
    const role r = c == detail::bill_fields::bill_field::c_cost ||
                           c == detail::bill_fields::bill_field::c_effective ||
                           c == detail::bill_fields::bill_field::c_sp_effective ||
                           c == detail::bill_fields::bill_field::c_ri_effective ||
                           c == detail::bill_fields::bill_field::c_quantity
                       ? role::sum
                   : c == detail::bill_fields::bill_field::c_start ? role::first
                   : c == detail::bill_fields::bill_field::c_end   ? role::last
                                                                   : role::key;
    columns.push_back({std::string(n), r});
  }
  const std::string start = quote(
      cols->names[static_cast<std::size_t>(detail::bill_fields::bill_field::c_start)].substr(1));
  std::string period;
  if (o.dialect == sql_dialect::sqlite) {
    period = o.grain == bill_grain::hour  ? start
             : o.grain == bill_grain::day ? "substr(" + start + ", 1, 10)"
                                          : "substr(" + start + ", 1, 7)";
  } else {
    const std::string unit = o.dialect == sql_dialect::spark
                                 ? (o.grain == bill_grain::hour  ? "'HOUR'"
                                    : o.grain == bill_grain::day ? "'DAY'"
                                                                 : "'MONTH'")
                                 : "'" + std::string(to_string(o.grain)) + "'";
    period = "date_trunc(" + unit + ", " + start + ")";
  }
  const auto time_text = [&](const std::string& e) {
    return o.dialect == sql_dialect::athena ? "date_format(" + e + ", '%Y-%m-%dT%H:%i:%sZ')"
           : o.dialect == sql_dialect::spark
               ? "date_format(" + e + ", \"yyyy-MM-dd'T'HH:mm:ss'Z'\")"
               : e;
  };
  std::string keys;
  for (const auto& c : columns) {
    if (c.what == role::key) keys += (keys.empty() ? "" : ", ") + quote(c.name);
  }
  std::string q = "-- trncost: the bill reduced to one row per identity, resource and " +
                  std::string(to_string(o.grain)) + " (" + std::string(to_string(o.layout)) + ", " +
                  std::string(to_string(o.dialect)) +
                  "). Save the result as CSV with its header; trncost reconcile reads it.\n";
  if (o.dialect != sql_dialect::sqlite) {
    q += "SELECT ";
    std::string sel;
    for (const auto& c : columns) {
      const std::string n = quote(c.name);
      sel += sel.empty() ? "" : ",\n       ";
      switch (c.what) {
        case role::key:
          sel += n;
          break;
        case role::sum:
          sel += "SUM(CAST(" + n + " AS DECIMAL(38, 18))) AS " + n;
          break;
        case role::first:
          sel += time_text("MIN(" + n + ")") + " AS " + n;
          break;
        case role::last:
          sel += time_text("MAX(" + n + ")") + " AS " + n;
          break;
      }
    }
    return q + sel + "\nFROM " + table + "\nGROUP BY " + keys + ", " + period + "\n";
  }
  // SQLite has no exact decimal: each amount, read as text (a number in exponent form written
  // first as fixed-point text), is summed as its integer part and its first and second nine
  // fractional digits apart (each sum an exact 64-bit integer), carried back into one integer and
  // 18 fractional digits, and written as text.
  constexpr std::string_view e9 = "1000000000";
  constexpr std::string_view e18 = "1000000000000000000";
  const std::string zeros(18, '0');
  std::string inner;  // the amounts as fixed-point text, the period
  std::string sums;   // integer and fraction sums
  std::string norm;   // integer and 18-digit fraction
  std::string outer;  // the bill's columns
  const auto add = [](std::string& list, const std::string& item, std::string_view sep) {
    list += (list.empty() ? "" : std::string(sep)) + item;
  };
  for (const auto& c : columns) {
    const std::string n = quote(c.name);
    if (c.what != role::sum) {
      add(inner, n, ",\n                  ");
      add(sums,
          c.what == role::key     ? n
          : c.what == role::first ? "MIN(" + n + ") AS " + n
                                  : "MAX(" + n + ") AS " + n,
          ",\n             ");
      add(norm, n, ",\n       ");
      add(outer, n, ",\n       ");
      continue;
    }
    add(inner,
        "CASE WHEN " + n + " IS NULL OR trim(" + n + ") IN ('', 'NULL') THEN NULL WHEN " + n +
            " GLOB '*[eE]*' THEN printf('%.18f', CAST(" + n + " AS REAL)) ELSE trim(" + n +
            ") END AS " + n,
        ",\n                  ");
    const std::string dot = "instr(" + n + " || '.', '.')";
    const std::string sign = "(CASE WHEN " + n + " LIKE '-%' THEN -1 ELSE 1 END)";
    const std::string digits = "(substr(" + n + ", " + dot + " + 1) || '" + zeros + "')";
    const std::string i = quote(c.name + "__i");
    const std::string a = quote(c.name + "__a");
    const std::string b = quote(c.name + "__b");
    add(sums,
        "SUM(CAST(substr(" + n + ", 1, " + dot + " - 1) AS INTEGER)) AS " + i + ", SUM(" + sign +
            " * CAST(substr(" + digits + ", 1, 9) AS INTEGER)) AS " + a + ", SUM(" + sign +
            " * CAST(substr(" + digits + ", 10, 9) AS INTEGER)) AS " + b,
        ",\n             ");
    // a carries b's whole billionths, i carries a's units; the fraction f < 10^18 in magnitude.
    const std::string carried = "(" + a + " + " + b + " / " + std::string(e9) + ")";
    add(norm,
        i + " + " + carried + " / " + std::string(e9) + " AS " + i + ", (" + carried + " % " +
            std::string(e9) + ") * " + std::string(e9) + " + " + b + " % " + std::string(e9) +
            " AS " + quote(c.name + "__f"),
        ",\n       ");
    // The remainder given the integer's sign, then the text.
    const std::string f = quote(c.name + "__f");
    const std::string ni = "(CASE WHEN " + i + " > 0 AND " + f + " < 0 THEN " + i + " - 1 WHEN " +
                           i + " < 0 AND " + f + " > 0 THEN " + i + " + 1 ELSE " + i + " END)";
    const std::string nf = "(CASE WHEN " + i + " > 0 AND " + f + " < 0 THEN " + f + " + " +
                           std::string(e18) + " WHEN " + i + " < 0 AND " + f + " > 0 THEN " + f +
                           " - " + std::string(e18) + " ELSE " + f + " END)";
    add(outer,
        "CASE WHEN " + i + " IS NULL THEN NULL ELSE (CASE WHEN " + ni + " < 0 OR " + nf +
            " < 0 THEN '-' ELSE '' END) || abs(" + ni + ") || '.' || substr('" + zeros +
            "' || abs(" + nf + "), -18) END AS " + n,
        ",\n       ");
  }
  add(inner, period + " AS \"trncost_period\"", ",\n                  ");
  return q + "SELECT " + outer + "\nFROM (SELECT " + norm + "\n      FROM (SELECT " + sums +
         "\n            FROM (SELECT " + inner + "\n                  FROM " + table +
         ")\n            GROUP BY " + keys + ", \"trncost_period\"))\n";
}

}  // namespace trncost::readers

#endif  // TRNCOST_READERS_IMPL_BILL_QUERY_IPP
