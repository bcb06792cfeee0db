// Counts heap allocations of a program by replacing the global operator new (counting only; memory
// still comes from malloc). Include it from exactly ONE translation unit of a program: it defines
// the replacement operators, which a program may define once.
#ifndef TRNCOST_TESTS_SUPPORT_ALLOCATION_COUNTER_HPP
#define TRNCOST_TESTS_SUPPORT_ALLOCATION_COUNTER_HPP

#include <atomic>
#include <cstdlib>
#include <new>

namespace trncost_support {
/// Calls of the global operator new so far.
inline std::atomic<std::size_t> allocations{0};
}  // namespace trncost_support

// A replacement operator new/delete pair over malloc/free is correct; g++ 12 still reports the free
// as mismatched once it inlines both (a known false positive), so this one warning is off here.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
// The whole family is replaced (plain, array, nothrow), so every allocation and deallocation goes
// through malloc and free: replacing only some lets a sanitizer see new in one and free in another
// (std::stable_sort's buffer uses the nothrow form).
namespace trncost_support {
inline void* counted_allocation(std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
}  // namespace trncost_support

void* operator new(std::size_t size) {
  if (void* p = trncost_support::counted_allocation(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  if (void* p = trncost_support::counted_allocation(size)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return trncost_support::counted_allocation(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return trncost_support::counted_allocation(size);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif  // TRNCOST_TESTS_SUPPORT_ALLOCATION_COUNTER_HPP
