// The functions of the catalogue's rows (catalogue.cpp): which pairs each fault touches and how it
// corrupts a finished call. Grouped by destination: float_faults.cpp (the float8 family, FLOAT16,
// BFLOAT16, FLOAT4E2M1), integer_faults.cpp (integers, BOOL), e8m0_faults.cpp (FLOAT8E8M0),
// text_faults.cpp (STRING sources).
#pragma once

#include "faults/catalogue.hpp"

namespace castlike::opt::faults {

// ---- Pairs --------------------------------------------------------------------------------------
bool any_pair(ElementType from, ElementType to);
bool to_float8(ElementType from, ElementType to);
bool to_fn_float8(ElementType from, ElementType to);  // FLOAT8E4M3FN, FLOAT8E5M2
bool to_fnuz(ElementType from, ElementType to);
bool to_fnuz_e4m3(ElementType from, ElementType to);
bool to_e5m2(ElementType from, ElementType to);
bool to_half(ElementType from, ElementType to);  // FLOAT16, BFLOAT16
bool to_float16(ElementType from, ElementType to);
bool to_bfloat16(ElementType from, ElementType to);
bool to_float4(ElementType from, ElementType to);
bool float_to_float4(ElementType from, ElementType to);
bool to_narrow_float(ElementType from, ElementType to);  // float8 family, FLOAT16, BFLOAT16, FLOAT4E2M1
bool to_signed_nan(ElementType from, ElementType to);
bool fnuz_or_float4(ElementType from, ElementType to);
bool float_to_bfloat16(ElementType from, ElementType to);
bool ieee_narrowing(ElementType from, ElementType to);
bool subnormal_source(ElementType from, ElementType to);
bool double_to_bfloat16(ElementType from, ElementType to);
bool double_to_float16(ElementType from, ElementType to);
bool float_to_float8(ElementType from, ElementType to);
bool wide_int_to_bfloat16(ElementType from, ElementType to);
bool int64_to_float(ElementType from, ElementType to);
bool float_to_wide_int(ElementType from, ElementType to);
bool float_to_small_int(ElementType from, ElementType to);
bool int_to_small_int(ElementType from, ElementType to);
bool int_to_wide_int(ElementType from, ElementType to);
bool unsigned_to_wider(ElementType from, ElementType to);
bool small_signed_to_wider(ElementType from, ElementType to);
bool float_to_bool(ElementType from, ElementType to);
bool wide_int_to_bool(ElementType from, ElementType to);
bool wide_int_to_float(ElementType from, ElementType to);
bool float16_to_e5m2(ElementType from, ElementType to);
bool to_e8m0(ElementType from, ElementType to);
bool string_to_float(ElementType from, ElementType to);

// ---- Float destinations -------------------------------------------------------------------------
void fnuz_negative_zero(const Call& c);
void ties_away(const Call& c);
// shape_faults.cpp: one code path chosen by the call's shape.
void tail_ties_away(const Call& c);
void head_truncates(const Call& c);
void in_place_reads_written(const Call& c);
void long_nan_sign(const Call& c);
void saturate_off_at_threshold(const Call& c);
void nan_sign_lost(const Call& c);
void vector_tail_skipped(const Call& c);
void double_rounding(const Call& c);
void overflow_early_sat0(const Call& c);
void overflow_late_sat0(const Call& c);
void overflow_late_sat1(const Call& c);
void overflow_early(const Call& c);
void overflow_late(const Call& c);
void carry_into_sign(const Call& c);
void ties_away_subnormal(const Call& c);
void ties_odd_one_binade(const Call& c);
void smallest_subnormal_tie_up(const Call& c);
void truncated_not_rounded(const Call& c);
void nan_payload_to_inf(const Call& c);
void nan_sign_flipped(const Call& c);
void fnuz_nan_as_zero(const Call& c);
void fnuz_nan_as_fn_nan(const Call& c);
void fnuz_inf_saturated_to_nan(const Call& c);
void float4_negative_zero_lost(const Call& c);
void float4_nan_as_six(const Call& c);
void float4_inf_as_nan(const Call& c);
void flush_subnormals(const Call& c);
void source_subnormals_as_zero(const Call& c);
void e5m2_saturate_keeps_inf(const Call& c);
void e5m2_high_byte(const Call& c);
void twice_through_float(const Call& c);
void twice_through_float16(const Call& c);
void twice_through_bfloat16(const Call& c);
void twice_through_double(const Call& c);
void word_split_signed_sticky(const Call& c);

// ---- Integer and BOOL destinations --------------------------------------------------------------
void float_to_int_rounds(const Call& c);
void small_int_truncates(const Call& c);
void small_int_clamps_float(const Call& c);
void small_int_ties_away(const Call& c);
void int_to_float_truncated(const Call& c);
void int_to_bool_low_byte(const Call& c);
void small_int_clamps_integer(const Call& c);
void narrowing_saturates(const Call& c);
void unsigned_read_as_signed(const Call& c);
void small_int_not_sign_extended(const Call& c);
void bool_nan_false(const Call& c);
void bool_negative_zero_true(const Call& c);

// ---- FLOAT8E8M0 ---------------------------------------------------------------------------------
void e8m0_up_down_swapped(const Call& c);
void e8m0_nearest_ties_down(const Call& c);
void e8m0_up_moves_powers(const Call& c);
void e8m0_nearest_geometric(const Call& c);
void e8m0_zero_ignores_saturate(const Call& c);
void e8m0_inf_saturated_to_nan(const Call& c);
void e8m0_overflow_down_keeps_max(const Call& c);

// ---- Text sources --------------------------------------------------------------------------------
void text_through_double(const Call& c);
void text_exponent_octal(const Call& c);

}  // namespace castlike::opt::faults
