// trncost::catalog: instance specs by name, the built-in ones and the user's own, looked up with a
// "did you mean" suggestion when a name is mistyped.
#ifndef TRNCOST_CATALOG_CATALOG_HPP
#define TRNCOST_CATALOG_CATALOG_HPP

#include <cstddef>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "../config.hpp"
#include "../error.hpp"
#include "builtin.hpp"
#include "detail/edit_distance.hpp"
#include "instance_spec.hpp"

namespace trncost {

/// A set of instance specs keyed by name, iterated in name order (byte-wise). References returned
/// by at() and find() stay valid while the catalog lives, across add() too. Copying a catalog
/// copies the specs, whose sourced values share their records with the original.
class catalog {
  using map_type = std::map<std::string, instance_spec, std::less<>>;

 public:
  /// Iterates over the specs (not key/value pairs), in name order.
  class const_iterator {
   public:
    using iterator_category = std::bidirectional_iterator_tag;
    using value_type = instance_spec;
    using difference_type = std::ptrdiff_t;
    using pointer = const instance_spec*;
    using reference = const instance_spec&;

    const_iterator() = default;
    reference operator*() const { return it_->second; }
    pointer operator->() const { return &it_->second; }
    const_iterator& operator++() {
      ++it_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator old = *this;
      ++it_;
      return old;
    }
    const_iterator& operator--() {
      --it_;
      return *this;
    }
    const_iterator operator--(int) {
      const_iterator old = *this;
      --it_;
      return old;
    }
    friend bool operator==(const const_iterator&, const const_iterator&) = default;

   private:
    friend class catalog;
    explicit const_iterator(map_type::const_iterator it) : it_(it) {}
    map_type::const_iterator it_{};
  };

  /// An empty catalog, for a model that uses only its own entries.
  catalog() = default;

  /// The built-in entries (see builtin_instance_specs() and docs/catalog.md), built once, on first
  /// use, thread-safely.
  static const catalog& builtin();

  /// A copy of the built-in catalog, to add one's own entries to.
  static catalog with_builtin() { return builtin(); }

  /// Adds `spec`. Throws trncost::input_error if its name is empty, already in the catalog, or its
  /// chip count is not positive.
  void add(instance_spec spec);

  /// The spec named `name` (exact, case-sensitive match). Throws trncost::input_error naming it,
  /// with the closest known name when one is close enough: "unknown instance type 'trn1.32xl'; did
  /// you mean 'trn1.32xlarge'?".
  [[nodiscard]] const instance_spec& at(std::string_view name) const;

  /// The spec named `name`, or nullptr.
  [[nodiscard]] const instance_spec* find(std::string_view name) const;

  [[nodiscard]] bool contains(std::string_view name) const { return find(name) != nullptr; }
  [[nodiscard]] std::size_t size() const noexcept { return entries_.size(); }
  [[nodiscard]] bool empty() const noexcept { return entries_.empty(); }
  [[nodiscard]] const_iterator begin() const { return const_iterator(entries_.begin()); }
  [[nodiscard]] const_iterator end() const { return const_iterator(entries_.end()); }

 private:
  /// The known name nearest to `name` by edit distance (ignoring case; the first in name order on a
  /// tie) among the close ones: within a third of the longer name's length (a typo), or starting
  /// with `name` when it has at least 4 characters (a truncation: "trn2.48" for trn2.48xlarge).
  /// Names that share only a common ending ("xlarge") are not suggested.
  [[nodiscard]] const std::string* closest_name(std::string_view name) const;

  map_type entries_;
};

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/catalog.ipp"
#endif

#endif  // TRNCOST_CATALOG_CATALOG_HPP
