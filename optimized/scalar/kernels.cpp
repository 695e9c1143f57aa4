// The portable scalar kernels: every numeric pair (25 x 25 = 625; STRING pairs take the string
// path), generated from the element conversions of element.hpp.
//
// Sources of 8 bits or fewer (the 8-bit integers, BOOL, the float8 types and the packed types) go
// through a 256-entry (or 16 / 4-entry) table of destination bit patterns, built once per pair and
// attribute set from the element conversion itself, so the tables cannot disagree with it. Wider
// sources convert element by element with integer bit manipulation, specialised at compile time
// for the pair and the attributes (no branches on `saturate` or `round_mode` inside the loops).
#include <algorithm>
#include <array>
#include <bit>
#include <utility>

#include "kernel.hpp"
#include "kernel_variant.hpp"
#include "scalar/element.hpp"
#include "scalar/storage.hpp"

static_assert(std::endian::native == std::endian::little, "castlike's kernels assume a little-endian host");

namespace castlike::opt {
namespace scalar {
namespace {

// Applies f to every element of src and writes the results in dst's layout. Packed destinations are
// written one whole byte at a time; bits past element n in the last byte are zero.
template <ElementType From, ElementType To, class F>
CASTLIKE_ALWAYS_INLINE void run(const uint8_t* s, uint8_t* d, size_t n, F&& f) {
  using S = Storage<From>;
  using D = Storage<To>;
  if constexpr (!D::packed && S::packed && S::group_bytes > 1) {
    // Sources whose groups span bytes (6-bit: four codes in three): a group is read as one word and
    // its codes shifted out, rather than each code from its byte(s) with a test for straddling.
    constexpr unsigned per = S::per_group;
    const size_t full = n / per;
    for (size_t k = 0; k < full; ++k) {
      const uint8_t* g = s + k * S::group_bytes;
      uint32_t word = 0;
      for (unsigned b = 0; b < S::group_bytes; ++b) word |= uint32_t{g[b]} << (8 * b);
      for (unsigned j = 0; j < per; ++j)
        D::store(d, k * per + j, static_cast<typename D::word>(f((word >> (j * S::bits)) & S::code_mask)));
    }
    for (size_t i = full * per; i < n; ++i) D::store(d, i, static_cast<typename D::word>(f(S::load(s, i))));
  } else if constexpr (!D::packed) {
    for (size_t i = 0; i < n; ++i) D::store(d, i, static_cast<typename D::word>(f(S::load(s, i))));
  } else {
    // A group (at most 4 codes in at most 3 bytes) is gathered in one word, then stored bytewise.
    constexpr unsigned per = D::per_group;
    const auto put = [&](size_t first, unsigned count) {
      uint32_t word = 0;
      for (unsigned j = 0; j < count; ++j)
        word |= (static_cast<uint32_t>(f(S::load(s, first + j))) & D::code_mask) << (j * D::bits);
      uint8_t* out = d + first / per * D::group_bytes;
      for (unsigned b = 0; b < (count * D::bits + 7) / 8; ++b) out[b] = static_cast<uint8_t>(word >> (8 * b));
    };
    const size_t full = n / per;
    for (size_t k = 0; k < full; ++k) put(k * per, per);
    if (n % per != 0) put(full * per, static_cast<unsigned>(n % per));
  }
}

template <ElementType T>
void identity(const uint8_t* s, uint8_t* d, size_t n) {
  using S = Storage<T>;
  if constexpr (!S::packed) {
    std::memcpy(d, s, n * sizeof(typename S::word));
  } else {
    const size_t bytes = S::packed_bytes(n);
    if (bytes == 0) return;
    std::memcpy(d, s, bytes);
    const unsigned used = static_cast<unsigned>(n % 8 * S::bits % 8);  // bits of the last byte in use
    if (used != 0) d[bytes - 1] &= static_cast<uint8_t>((1u << used) - 1u);
  }
}

// Pairs with a vectorizable common path (element.hpp, convert_common): a block is converted without
// branches, which the compiler vectorizes, then only its rare elements (NaN, inf, subnormal,
// overflow), if any, are converted again by the element function.
template <ElementType From, ElementType To, bool Sat, castlike_round_mode Mode>
void run_blocks(const uint8_t* s, uint8_t* d, size_t n) {
  using S = Storage<From>;
  using D = Storage<To>;
  constexpr size_t kBlock = 32;
  for (size_t i0 = 0; i0 < n; i0 += kBlock) {
    const size_t m = std::min(n - i0, kBlock);
    const uint8_t* sb = s + i0 * sizeof(typename S::word);
    uint8_t* db = d + i0 * sizeof(typename D::word);
    CommonWord<From, To> slow = 0;  // not bool: GCC 12 vectorizes an OR of words, not of bools
    for (size_t i = 0; i < m; ++i) {
      const auto c = convert_common<From, To>(S::load(sb, i));
      D::store(db, i, static_cast<typename D::word>(c.bits));
      slow |= c.slow;
    }
    if (slow != 0) [[unlikely]]  // only the rare elements again: a block may hold several
      for (size_t i = 0; i < m; ++i)
        if (convert_common<From, To>(S::load(sb, i)).slow != 0)
          D::store(db, i, static_cast<typename D::word>(convert_element<From, To, Sat, Mode>(S::load(sb, i))));
  }
}

// Destination patterns of every source pattern, for sources of at most 8 bits.
template <ElementType From, ElementType To>
struct SmallTable {
  static constexpr size_t kSize = size_t{1} << (Storage<From>::packed ? Storage<From>::bits : 8);
  typename Storage<To>::word v[kSize];
};

template <ElementType From, ElementType To, int Index>
const SmallTable<From, To>& small_table() {
  constexpr bool sat = variant_of(To, Index).saturate;
  constexpr castlike_round_mode mode = variant_of(To, Index).round_mode;
  static const SmallTable<From, To> table = [] {
    SmallTable<From, To> t{};
    for (size_t i = 0; i < SmallTable<From, To>::kSize; ++i)
      t.v[i] = static_cast<typename Storage<To>::word>(convert_element<From, To, sat, mode>(i));
    return t;
  }();
  return table;
}

template <ElementType From, ElementType To, int Index>
void kernel_variant(const void* src, void* dst, size_t n) {
  const auto* s = static_cast<const uint8_t*>(src);
  auto* d = static_cast<uint8_t*>(dst);
  if constexpr (Storage<From>::bits <= 8) {
    const SmallTable<From, To>& t = small_table<From, To, Index>();
    run<From, To>(s, d, n, [&t](uint64_t x) { return t.v[x]; });
  } else {
    constexpr bool sat = variant_of(To, Index).saturate;
    constexpr castlike_round_mode mode = variant_of(To, Index).round_mode;
    if constexpr (vectorizable_common_path<From, To>() && !Storage<To>::packed)
      run_blocks<From, To, sat, mode>(s, d, n);
    else
      run<From, To>(s, d, n, [](uint64_t x) { return convert_element<From, To, sat, mode>(x); });
  }
}

template <ElementType From, ElementType To>
void kernel(const void* src, void* dst, size_t n, const castlike_attributes& a) {
  if constexpr (From == To)
    identity<From>(static_cast<const uint8_t*>(src), static_cast<uint8_t*>(dst), n);
  else
    with_variant<To>(a, [&]<int V>() { kernel_variant<From, To, V>(src, dst, n); });
}

constexpr size_t kTypes = kTypeTable.size();

template <size_t K>
constexpr KernelFn entry() {
  constexpr ElementType from = kTypeTable[K / kTypes].type;
  constexpr ElementType to = kTypeTable[K % kTypes].type;
  if constexpr (from == ElementType::kString || to == ElementType::kString)
    return nullptr;
  else
    return &kernel<from, to>;
}

template <size_t... K>
constexpr std::array<KernelFn, sizeof...(K)> make_table(std::index_sequence<K...>) {
  return {entry<K>()...};
}

constexpr std::array<KernelFn, kTypes* kTypes> kKernels = make_table(std::make_index_sequence<kTypes * kTypes>());

template <ElementType To>
uint64_t encode_with(const Num& v, const castlike_attributes& a) {
  return with_variant<To>(a, [&]<int V>() {
    constexpr Variant variant = variant_of(To, V);
    return encode<To, variant.saturate, variant.round_mode>(v);
  });
}

template <size_t I>
constexpr auto encoder_entry() {
  constexpr ElementType to = kTypeTable[I].type;
  using Fn = uint64_t (*)(const Num&, const castlike_attributes&);
  if constexpr (to == ElementType::kString)
    return Fn{nullptr};
  else
    return Fn{&encode_with<to>};
}

template <size_t... I>
constexpr auto make_encoders(std::index_sequence<I...>) {
  using Fn = uint64_t (*)(const Num&, const castlike_attributes&);
  return std::array<Fn, sizeof...(I)>{encoder_entry<I>()...};
}

constexpr auto kEncoders = make_encoders(std::make_index_sequence<kTypes>());

}  // namespace

uint64_t convert_bits(ElementType from, ElementType to, uint64_t bits, const castlike_attributes& attrs) {
  const KernelFn k = scalar_lookup(from, to);
  if (k == nullptr) return 0;
  uint8_t in[8] = {}, out[8] = {};
  const unsigned width = info(from).bits;
  const uint64_t masked = bits & bit_mask(from);
  if (width < 8)
    in[0] = static_cast<uint8_t>(masked);
  else
    std::memcpy(in, &masked, width / 8);
  k(in, out, 1, attrs);
  uint64_t result = 0;
  const unsigned out_width = info(to).bits;
  if (out_width < 8)
    result = out[0] & bit_mask(to);
  else
    std::memcpy(&result, out, out_width / 8);
  return result;
}

uint64_t encode_num(ElementType to, const Num& v, const castlike_attributes& attrs) {
  const size_t i = type_index(to);
  if (i >= kTypes || kEncoders[i] == nullptr) return 0;
  return kEncoders[i](v, attrs);
}

}  // namespace scalar

KernelFn scalar_lookup(ElementType from, ElementType to) {
  const size_t i = type_index(from), j = type_index(to);
  if (i >= scalar::kTypes || j >= scalar::kTypes) return nullptr;
  return scalar::kKernels[i * scalar::kTypes + j];
}

}  // namespace castlike::opt
