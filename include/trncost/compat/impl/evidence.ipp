// The definitions of compat/evidence.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_COMPAT_IMPL_EVIDENCE_IPP
#define TRNCOST_COMPAT_IMPL_EVIDENCE_IPP

#include "../evidence.hpp"

namespace trncost {

namespace compat {

[[nodiscard]] TRNCOST_DECL provenance row_provenance(const evidence_row& row,
                                                     const dataset_ref& src) {
  return documented{src.dataset + " (export " + src.file + "), line " + std::to_string(row.line) +
                        ", model " + row.model_id + ", tested_at " +
                        trncost::to_string(row.tested_at),
                    src.consulted};
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::neuron_core_t>> tp_of(const evidence_row& row,
                                                                         const dataset_ref& src) {
  if (!row.tp) {
    throw input_error(src.file + ":" + std::to_string(row.line) + ": model '" + row.model_id +
                      "' has no tp");
  }
  return sourced(row.model_id + ".tp", make(units::neuron_core, *row.tp), row_provenance(row, src));
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::gigabyte_t>> hbm_peak_of(
    const evidence_row& row, const dataset_ref& src) {
  if (!row.hbm_peak_gb) {
    throw input_error(src.file + ":" + std::to_string(row.line) + ": model '" + row.model_id +
                      "' has no hbm_peak_gb");
  }
  return sourced(row.model_id + ".hbm_peak",
                 quantity<units::gigabyte_t>::from_value(*row.hbm_peak_gb),
                 row_provenance(row, src));
}

}  // namespace compat

namespace compat {

TRNCOST_DECL auto wall_time_including_compilation::compile_upper_bound(std::string name) const
    -> sourced<quantity<units::second_t>> {
  return sourced<quantity<units::second_t>>(
      std::move(name), seconds_.value(),
      derived{seconds_.name() + " (upper bound of compilation: wall_s also includes loading and "
                                "generating 32 tokens)",
              {seconds_.record()}});
}

TRNCOST_DECL auto wall_time_including_compilation::checked(const evidence_row& row,
                                                           const dataset_ref& src)
    -> sourced<quantity<units::second_t>> {
  if (!row.wall_s) {
    throw input_error(src.file + ":" + std::to_string(row.line) + ": model '" + row.model_id +
                      "' has no wall_s");
  }
  return sourced(row.model_id + ".wall_s", make(units::second, *row.wall_s),
                 row_provenance(row, src));
}

}  // namespace compat

namespace compat::detail {

TRNCOST_DECL auto row_index_table::place(std::size_t hash, std::uint32_t row) -> void {
  std::size_t i = hash & mask();
  while (slots_[i].row != none) i = (i + 1) & mask();
  slots_[i] = {hash, row};
}

TRNCOST_DECL auto row_index_table::grow() -> void {
  std::vector<slot> old(slots_.empty() ? 64 : slots_.size() * 2);
  old.swap(slots_);
  for (const auto& s : old) {
    if (s.row != none) place(s.hash, s.row);
  }
}

}  // namespace compat::detail

namespace compat {

TRNCOST_DECL evidence_set::evidence_set(dataset_ref source) : source_(std::move(source)) {
  if (source_.dataset.empty() || source_.file.empty()) {
    throw input_error("an evidence set needs the dataset's name and the export file");
  }
  if (!source_.consulted.ok()) {
    throw input_error("evidence set '" + source_.file + "': consulted is not a calendar date");
  }
}

TRNCOST_DECL auto evidence_set::intern(const software_stack& s)
    -> std::shared_ptr<const software_stack> {
  const std::size_t h = stack_hash(s);
  const std::uint32_t i = by_stack_.find(h, [&](std::uint32_t k) { return *stacks_[k] == s; });
  if (i != detail::row_index_table::none) return stacks_[i];
  by_stack_.insert(h, static_cast<std::uint32_t>(stacks_.size()));
  stacks_.push_back(std::make_shared<const software_stack>(s));
  return stacks_.back();
}

TRNCOST_DECL auto evidence_set::add(evidence_row row) -> void {
  if (row.stack) row.stack = intern(*row.stack);
  if (row.kind == test_result::other) {
    findings_.push_back(where(row) + ": column 'result': '" + row.result +
                        "' is not a result trncost recognises (passed, pass, failed, fail, "
                        "excluded); kept verbatim and not counted as either");
  }
  if (rows_.size() >= detail::row_index_table::none) {
    throw input_error("evidence set '" + source_.file + "': more than 4,294,967,294 rows");
  }
  const auto index = static_cast<std::uint32_t>(rows_.size());
  const std::size_t key = identity_hash(row);
  const std::uint32_t first =
      by_identity_.find(key, [&](std::uint32_t i) { return same_identity(rows_[i], row); });
  if (first != detail::row_index_table::none) {
    const evidence_row& f = rows_[first];
    if (f.result != row.result) {
      findings_.push_back(source_.file + ": lines " + std::to_string(f.line) + " and " +
                          std::to_string(row.line) + ": model '" + row.model_id +
                          "' on one stack and tp: column 'result' conflicts ('" + f.result +
                          "' and '" + row.result + "'); both kept, not resolved");
    } else {
      findings_.push_back(source_.file + ": lines " + std::to_string(f.line) + " and " +
                          std::to_string(row.line) + ": model '" + row.model_id +
                          "' appears twice on one stack and tp (column 'result' '" + row.result +
                          "' both times)");
    }
  } else {
    by_identity_.insert(key, index);
  }
  index_model(row.model_id, index);
  rows_.push_back(std::move(row));
}

TRNCOST_DECL auto evidence_set::uninterpreted() const -> std::vector<const evidence_row*> {
  std::vector<const evidence_row*> out;
  for (const auto& r : rows_) {
    if (r.kind == test_result::other) out.push_back(&r);
  }
  return out;
}

TRNCOST_DECL auto evidence_set::lookup(std::string_view model_id,
                                       const software_stack& target) const -> lookup_result {
  lookup_result out;
  out.model_id = std::string(model_id);
  out.target = target;
  const std::uint32_t first =
      by_model_.find(std::hash<std::string_view>{}(out.model_id),
                     [&](std::uint32_t i) { return rows_[i].model_id == out.model_id; });
  for (std::uint32_t i = first; i != detail::row_index_table::none; i = next_same_model_[i]) {
    const auto& r = rows_[i];
    out.rows.push_back({r, row_provenance(r, source_), compare(target, r.tested())});
  }
  const evidence_piece* same_pass = nullptr;
  const evidence_piece* same_fail = nullptr;
  const evidence_piece* excluded = nullptr;
  const evidence_piece* other = nullptr;
  const auto later = [](const evidence_piece* a, const evidence_piece& b) {
    return a == nullptr || a->row.tested_at < b.row.tested_at;
  };
  for (const auto& p : out.rows) {
    const bool same = p.differences.empty();
    switch (p.row.kind) {
      case test_result::passed:
      case test_result::failed: {
        const bool pass = p.row.kind == test_result::passed;
        if (same) {
          auto*& slot = pass ? same_pass : same_fail;
          if (later(slot, p)) slot = &p;
        } else if (other == nullptr || p.differences.size() < other->differences.size() ||
                   (p.differences.size() == other->differences.size() &&
                    (other->row.tested_at < p.row.tested_at ||
                     (other->row.tested_at == p.row.tested_at && !pass)))) {
          other = &p;
        }
        break;
      }
      case test_result::excluded:
        if (excluded == nullptr || (same && !excluded->differences.empty()) ||
            (same == excluded->differences.empty() && later(excluded, p))) {
          excluded = &p;
        }
        break;
      case test_result::other:
        out.findings.push_back("line " + std::to_string(p.row.line) + ": result '" + p.row.result +
                               "' is kept verbatim and not interpreted");
        break;
    }
  }
  if (same_pass != nullptr && same_fail != nullptr) {
    out.findings.push_back("lines " + std::to_string(same_pass->row.line) + " and " +
                           std::to_string(same_fail->row.line) +
                           ": the model passed and failed on this stack; the failure decides "
                           "until the conflict is explained");
  }
  if (same_fail != nullptr) {
    out.outcome = evidence_outcome::failed_same_stack;
    out.deciding = *same_fail;
  } else if (same_pass != nullptr) {
    out.outcome = evidence_outcome::passed_same_stack;
    out.deciding = *same_pass;
  } else if (excluded != nullptr) {
    out.outcome = evidence_outcome::excluded;
    out.deciding = *excluded;
  } else if (other != nullptr) {
    out.outcome = other->row.kind == test_result::passed ? evidence_outcome::passed_other_stack
                                                         : evidence_outcome::failed_other_stack;
    out.deciding = *other;
  }
  return out;
}

TRNCOST_DECL auto evidence_set::index_model(const std::string& model_id, std::uint32_t index)
    -> void {
  const std::size_t h = std::hash<std::string_view>{}(model_id);
  const std::uint32_t first =
      by_model_.find(h, [&](std::uint32_t i) { return rows_[i].model_id == model_id; });
  next_same_model_.push_back(detail::row_index_table::none);
  last_same_model_.push_back(index);
  if (first == detail::row_index_table::none) {
    by_model_.insert(h, index);
    return;
  }
  next_same_model_[last_same_model_[first]] = index;
  last_same_model_[first] = index;
}

TRNCOST_DECL auto evidence_set::stack_hash(const software_stack& st) noexcept -> std::size_t {
  const std::hash<std::string_view> h;
  std::size_t seed = 0;
  for (std::size_t i = 0; i < stack_fields.size(); ++i) {
    seed ^= h(stack_field(st, i)) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
  }
  return seed;
}

TRNCOST_DECL auto evidence_set::identity_hash(const evidence_row& r) noexcept -> std::size_t {
  std::size_t seed = std::hash<std::string_view>{}(r.model_id);
  seed ^= (r.tp ? static_cast<std::size_t>(*r.tp) : 0) + 0x9e3779b97f4a7c15ULL + (seed << 6) +
          (seed >> 2);
  seed ^=
      std::hash<const void*>{}(r.stack.get()) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
  return seed;
}

}  // namespace compat

}  // namespace trncost

#endif  // TRNCOST_COMPAT_IMPL_EVIDENCE_IPP
