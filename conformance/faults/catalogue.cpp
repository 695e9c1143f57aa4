// The fault catalogue (catalogue.hpp): one row per plausible kernel bug. The first six are the
// seeded faults of the fuzzing proof (scripts/fuzzing/fuzz-faults runs those, and only those: its time in
// CI is fixed); the rest are the mutants the validator plug-in applies (scripts/fuzzing/mutation-score).
// The functions are in float_faults.cpp, integer_faults.cpp, e8m0_faults.cpp and text_faults.cpp, the pair
// predicates in pairs.cpp.
#include "faults/rows.hpp"

namespace castlike::opt::faults {
namespace {

constexpr Kernels kBoth = Kernels::kBoth;

constexpr Fault kFaults[] = {
    // ---- The fuzzing proof's six ----
    {"fnuz-negative-zero", "FLOAT8E4M3FNUZ: a negative value that rounds to zero gives 0x80 (the format's NaN)",
     kBoth, to_fnuz_e4m3, fnuz_negative_zero},
    {"ties-away", "any source -> float8: ties rounded away from zero instead of to even", kBoth, to_float8,
     ties_away},
    {"saturate-off-at-threshold", "float8, saturate=1: exactly max + ulp/2 overflows (NaN, E5M2 inf) instead of giving max",
     kBoth, to_float8, saturate_off_at_threshold},
    {"nan-sign-lost", "a NaN result in FLOAT / DOUBLE / FLOAT16 / BFLOAT16 / float8 loses its sign", kBoth,
     to_signed_nan, nan_sign_lost},
    {"vector-tail-skipped", "SIMD kernels leave the last n mod 16 elements unconverted", Kernels::kSimd, any_pair,
     vector_tail_skipped},
    {"double-rounding", "DOUBLE -> BFLOAT16 rounded twice, to FLOAT and then to BFLOAT16", kBoth,
     double_to_bfloat16, double_rounding},
    // ---- The overflow threshold, one cell early or late ----
    {"f8-overflow-early-sat0", "float8, saturate=0: a value just above max (rounding to max) overflows",
     kBoth, to_float8, overflow_early_sat0},
    {"f8-overflow-late-sat0", "float8, saturate=0: a value rounding to the code after max gives max, no overflow",
     kBoth, to_float8, overflow_late_sat0},
    {"f8-overflow-late-sat1", "E4M3FN / E5M2, saturate=1: a value rounding to the code after max gives that code (NaN / inf)",
     kBoth, to_fn_float8, overflow_late_sat1},
    {"half-overflow-early", "FLOAT16 / BFLOAT16: a value just above max (rounding to max) gives infinity",
     kBoth, to_half, overflow_early},
    {"half-overflow-late", "FLOAT16 / BFLOAT16: a value rounding to infinity's code gives max",
     kBoth, to_half, overflow_late},
    {"carry-into-sign", "FNUZ float8 / FLOAT4E2M1: rounding up the largest magnitude carries into the sign bit",
     kBoth, fnuz_or_float4, carry_into_sign},
    // ---- Rounding ----
    {"ties-away-f16-subnormal", "FLOAT16: ties between subnormals rounded away from zero",
     kBoth, to_float16, ties_away_subnormal},
    {"ties-odd-bf16-one-binade", "BFLOAT16: ties in [1, 2) rounded to the odd neighbour",
     kBoth, to_bfloat16, ties_odd_one_binade},
    {"smallest-subnormal-tie-up", "float8 / FLOAT16 / BFLOAT16 / FLOAT4E2M1: half the smallest subnormal gives it, not 0",
     kBoth, to_narrow_float, smallest_subnormal_tie_up},
    {"bf16-truncated", "FLOAT -> BFLOAT16 as the top 16 bits: finite values truncated toward zero",
     kBoth, float_to_bfloat16, truncated_not_rounded},
    {"nan-payload-to-inf", "IEEE narrowing by mantissa truncation: a NaN with only low payload bits becomes inf",
     kBoth, ieee_narrowing, nan_payload_to_inf},
    {"double-rounding-double-f16", "DOUBLE -> FLOAT16 rounded twice, through FLOAT",
     kBoth, double_to_float16, twice_through_float},
    {"double-rounding-float-f8", "FLOAT -> float8 rounded twice, through FLOAT16",
     kBoth, float_to_float8, twice_through_float16},
    {"double-rounding-f4", "any float -> FLOAT4E2M1 rounded twice, through BFLOAT16",
     kBoth, float_to_float4, twice_through_bfloat16},
    {"double-rounding-int-bf16", "INT32 / UINT32 / INT64 / UINT64 -> BFLOAT16 rounded twice, through FLOAT",
     kBoth, wide_int_to_bfloat16, twice_through_float},
    {"double-rounding-int64-float", "INT64 / UINT64 -> FLOAT rounded twice, through DOUBLE",
     kBoth, int64_to_float, twice_through_double},
    {"word-split-signed-sticky", "DOUBLE -> FLOAT16 from the high 32-bit word, the low word's sticky flag tested as a signed int32 > 0",
     kBoth, double_to_float16, word_split_signed_sticky},
    // ---- Subnormals ----
    {"flush-subnormals", "float8 / FLOAT16 / BFLOAT16 / FLOAT4E2M1: subnormal results flushed to zero",
     kBoth, to_narrow_float, flush_subnormals},
    {"source-subnormals-as-zero", "any float source but FLOAT8E8M0: subnormal inputs read as zero (DAZ)",
     kBoth, subnormal_source, source_subnormals_as_zero},
    // ---- One code path chosen by the call's shape (shape_faults.cpp) ----
    {"shape-tail-ties-away", "float8: the elements past the last full block of 16 round ties away from zero",
     kBoth, to_float8, tail_ties_away},
    {"shape-head-truncates", "float8: the elements before the first 64-byte-aligned output element truncate",
     kBoth, to_float8, head_truncates},
    {"shape-in-place-reads-written", "float8, in place: an element is read after it was already written",
     kBoth, to_float8, in_place_reads_written},
    {"shape-long-nan-sign", "calls of at least 1,024 elements: a NaN result loses its sign", kBoth, to_signed_nan,
     long_nan_sign},
    // ---- NaN, infinity and zero encodings ----
    {"nan-sign-flipped", "a NaN result in FLOAT / DOUBLE / FLOAT16 / BFLOAT16 / E4M3FN / E5M2 gets the other sign",
     kBoth, to_signed_nan, nan_sign_flipped},
    {"fnuz-nan-as-zero", "FNUZ float8: NaN written as 0x00 instead of 0x80", kBoth, to_fnuz, fnuz_nan_as_zero},
    {"fnuz-nan-as-fn-nan", "FNUZ float8: NaN written as E4M3FN's 0x7F / 0xFF (FNUZ's +-max)", kBoth, to_fnuz,
     fnuz_nan_as_fn_nan},
    {"fnuz-inf-sat-nan", "FNUZ float8, saturate=1: +-inf gives NaN instead of +-max (A1=nan)", kBoth, to_fnuz,
     fnuz_inf_saturated_to_nan},
    {"e5m2-sat-keeps-inf", "FLOAT8E5M2, saturate=1: +-inf stays inf instead of +-57344", kBoth, to_e5m2,
     e5m2_saturate_keeps_inf},
    {"f4-negative-zero-lost", "FLOAT4E2M1: -0 (and negatives rounding to 0) give +0", kBoth, to_float4,
     float4_negative_zero_lost},
    {"f4-nan-as-six", "float -> FLOAT4E2M1: NaN gives +6 (A2=six) instead of +0", kBoth, float_to_float4,
     float4_nan_as_six},
    {"e5m2-f16-high-byte", "FLOAT16 -> FLOAT8E5M2 as the high byte: truncated, never saturated", kBoth,
     float16_to_e5m2, e5m2_high_byte},
    {"f4-inf-as-nan", "float -> FLOAT4E2M1: +-inf taken for NaN, gives +0 instead of +-6", kBoth, float_to_float4,
     float4_inf_as_nan},
    // ---- Integer and BOOL destinations ----
    {"float-to-int-rounds", "float -> 8-64-bit integer rounded to nearest (halves away) instead of truncated",
     kBoth, float_to_wide_int, float_to_int_rounds},
    {"small-int-truncates", "float -> INT4 / UINT4 / INT2 / UINT2 truncated instead of rounded to even (A8)",
     kBoth, float_to_small_int, small_int_truncates},
    {"small-int-clamps-float", "float -> INT4 / UINT4 / INT2 / UINT2 rounded, then clamped instead of wrapped (A8)",
     kBoth, float_to_small_int, small_int_clamps_float},
    {"small-int-ties-away", "float -> INT4 / UINT4 / INT2 / UINT2: halves rounded away from zero, not to even",
     kBoth, float_to_small_int, small_int_ties_away},
    {"small-int-clamps-integer", "integer -> INT4 / UINT4 / INT2 / UINT2 clamped instead of wrapped",
     kBoth, int_to_small_int, small_int_clamps_integer},
    {"int-narrowing-saturates", "integer -> 8-64-bit integer clamped to the range instead of wrapped",
     kBoth, int_to_wide_int, narrowing_saturates},
    {"unsigned-as-signed", "UINT* source read as the signed type of its width (UINT8 200 as -56)",
     kBoth, unsigned_to_wider, unsigned_read_as_signed},
    {"small-int-no-sign-extension", "INT4 / INT2 source unpacked without sign extension (INT4 -1 as 15)",
     kBoth, small_signed_to_wider, small_int_not_sign_extended},
    {"int-to-float-truncated", "INT32 / UINT32 / INT64 / UINT64 -> FLOAT: the low bits shifted out (toward zero)",
     kBoth, wide_int_to_float, int_to_float_truncated},
    {"int-to-bool-low-byte", "integer wider than 8 bits -> BOOL tests the low byte only (INT16 256 is false)",
     kBoth, wide_int_to_bool, int_to_bool_low_byte},
    {"bool-nan-false", "float -> BOOL as x > 0 || x < 0: NaN gives false", kBoth, float_to_bool, bool_nan_false},
    {"bool-negative-zero-true", "float -> BOOL as any bit set: -0 gives true", kBoth, float_to_bool,
     bool_negative_zero_true},
    // ---- FLOAT8E8M0 ----
    {"e8m0-up-down-swapped", "FLOAT8E8M0: round_mode up and down exchanged", kBoth, to_e8m0, e8m0_up_down_swapped},
    {"e8m0-nearest-ties-down", "FLOAT8E8M0, nearest: the tie 1.5 x 2^e goes down", kBoth, to_e8m0,
     e8m0_nearest_ties_down},
    {"e8m0-up-moves-powers", "FLOAT8E8M0, up: an exact power of two moves to the next", kBoth, to_e8m0,
     e8m0_up_moves_powers},
    {"e8m0-nearest-geometric", "FLOAT8E8M0, nearest: midpoint sqrt(2) x 2^e, so [sqrt(2), 1.5) x 2^e goes up",
     kBoth, to_e8m0, e8m0_nearest_geometric},
    {"e8m0-zero-ignores-saturate", "FLOAT8E8M0, saturate=0: +0 gives 0x00 instead of NaN (A6=min)", kBoth, to_e8m0,
     e8m0_zero_ignores_saturate},
    {"e8m0-inf-sat-nan", "FLOAT8E8M0, saturate=1: +inf gives NaN instead of 0xFE (A3=nan)", kBoth, to_e8m0,
     e8m0_inf_saturated_to_nan},
    {"e8m0-overflow-down-keeps-max", "FLOAT8E8M0, saturate=0, down: x > 2^127 gives 0xFE, not NaN (A11)", kBoth,
     to_e8m0, e8m0_overflow_down_keeps_max},
    // ---- Text ----
    {"text-through-double", "STRING -> FLOAT: the text read with strtod into a double, then rounded to FLOAT (twice)",
     kBoth, string_to_float, text_through_double, true},
    {"text-exponent-octal",
     "STRING -> FLOAT: an exponent with a leading zero read in base 8 (strtol base 0): \"1.5E-010\" as 1.5e-8",
     kBoth, string_to_float, text_exponent_octal, true},
};

}  // namespace

std::span<const Fault> catalogue() { return kFaults; }

bool touches(const Fault& f, ElementType from, ElementType to) {
  return f.applies(from, to) && f.reads_texts == (from == ElementType::kString);
}

}  // namespace castlike::opt::faults
