// The list of readings, each with its name and description, in the order they are tried.
#include "judging/readings.hpp"

#include <stdexcept>

#include "reference/cast_like.hpp"

namespace castlike::harness {

const std::vector<Candidate>& candidates() {
  static const std::vector<Candidate> list = [] {
    std::vector<Candidate> c;
    const std::pair<const char*, const char*> switches[] = {
        {"A1=nan", "float8 FNUZ: +-inf with saturate=1 gives NaN (the float8 technical note's table)"},
        {"A2=six", "NaN to FLOAT4E2M1 / FLOAT6 gives +max: +6 (the float4 note; onnxruntime, CUDA), +7.5, +28 (CUDA)"},
        {"A2=negzero", "NaN to FLOAT4E2M1 / FLOAT6 gives a zero of the other sign: +NaN -0, -NaN +0 (ml_dtypes)"},
        {"A3=nan", "FLOAT8E8M0 from +inf gives NaN even with saturate=1 (ONNX reference)"},
        {"A4=onnx-bits", "FLOAT8E8M0 from float32 subnormals rounds as the ONNX reference's bit code does"},
        {"A5=through-float32", "FLOAT8E8M0: every input is cast to float32 first, then encoded (ONNX reference)"},
        {"A6=min", "FLOAT8E8M0 from 0 gives 0x00 whatever saturate says (ONNX reference, CUDA)"},
        {"A7=ignored", "CastLike-25 ignores round_mode and always rounds up (ONNX reference)"},
        {"A8=truncate-wrap", "float to INT4/UINT4/INT2/UINT2 truncates toward zero, then keeps the low bits (ml_dtypes)"},
        {"A8=round-clamp", "float to INT4/UINT4/INT2/UINT2 rounds to nearest even, then clamps (older ONNX)"},
        {"A9=through-float32", "wide to narrow float rounds through float32 first (double rounding)"},
        {"A9=through-double", "integers and decimal text go through double first (double rounding)"},
        {"A10=printf-g", "number to text with C's %.<max_digits10>g"},
        {"A11=rounded", "FLOAT8E8M0 range judged on the rounded value, not on x"},
        {"A12=exact", "FLOAT8E8M0 0x00 decodes to 2^-127 (its definition), not to 0 as the example prints"},
    };
    for (const auto& [spec, description] : switches) {
      Candidate k;
      k.name = spec;
      k.description = description;
      const auto error = ref::apply_variant_overrides(k.variants, spec);
      if (error) throw std::logic_error("validator candidate " + std::string(spec) + ": " + *error);
      c.push_back(k);
    }
    Candidate nan_sign;
    nan_sign.name = "nan-sign";
    nan_sign.description = "a NaN of the other sign: the sign of NaN is not kept";
    nan_sign.kind = Candidate::Kind::kNanSign;
    c.push_back(nan_sign);
    Candidate text;
    text.name = "A10=other-text";
    text.description = "number to text: another spelling that reads back to the same value (A10: the text is not fixed)";
    text.kind = Candidate::Kind::kRoundTripText;
    c.push_back(text);
    const auto reading_only = [&](const char* name, Candidate::Kind kind, const char* description) {
      Candidate k;
      k.name = name;
      k.kind = kind;
      k.description = std::string(description) + " (a reading found in peers, not a reference switch)";
      c.push_back(k);
    };
    for (int d : {6, 7, 8, 9, 15, 16, 17}) {
      Candidate k;
      k.name = "A10=%." + std::to_string(d) + "g";
      k.kind = Candidate::Kind::kPrintfDigits;
      k.digits = d;
      k.description = "number to text with C's %." + std::to_string(d) + "g (A10: fixed digits)";
      c.push_back(k);
    }
    reading_only("A8=round-away-wrap", Candidate::Kind::kRoundAwayWrap,
                 "float to INT4/UINT4/INT2/UINT2 rounds half away from zero (std::round), then keeps the low bits");
    reading_only("text-int-prefix", Candidate::Kind::kIntTextPrefix,
                 "text to an integer or bool reads only the leading integer digits (strtoll: \"2.5e+1\" -> 2)");
    reading_only("text-bool-nonempty", Candidate::Kind::kBoolTextNonEmpty,
                 "text to bool: every non-empty text is true (Python truthiness: \"0\" -> true)");
    reading_only("bool-from-bits", Candidate::Kind::kBoolFromBits,
                 "float to bool tests the bit pattern, not the value (-0 -> true)");
    reading_only("e5m2-overflow-nan", Candidate::Kind::kE5M2OverflowNan,
                 "FLOAT8E5M2 with saturate=0: a finite value beyond the largest gives NaN instead of +-inf");
    reading_only("identity-converts", Candidate::Kind::kIdentityConverts,
                 "a cast to the same type converts (through FLOAT, onnx-reference profile) instead of copying the bits");
    reading_only("float-saturate", Candidate::Kind::kFloatSaturate,
                 "to FLOAT, DOUBLE, FLOAT16, BFLOAT16: a result of +-inf (overflow or an infinite input) gives +-max");
    reading_only("daz", Candidate::Kind::kDaz,
                 "a subnormal float input is read as a zero of its sign (denormals are zero)");
    reading_only("ftz", Candidate::Kind::kFtz,
                 "to FLOAT, DOUBLE, FLOAT16, BFLOAT16: a subnormal result, or a value below the smallest normal before "
                 "rounding, is written as a zero of its sign (flush to zero)");
    reading_only("ftz-plus-zero", Candidate::Kind::kFtz,
                 "to FLOAT, DOUBLE, FLOAT16, BFLOAT16: as ftz, and every zero written is +0 (-0 and negative "
                 "subnormal results give +0)");
    c.back().plus_zero = true;
    reading_only("bool-nan-false", Candidate::Kind::kBoolNanFalse, "float NaN to bool is false");
    reading_only("A8=truncate-clamp", Candidate::Kind::kTruncateClamp,
                 "float to INT4/UINT4/INT2/UINT2 truncates toward zero, then clamps to the type's range");
    reading_only("bfloat16-truncate", Candidate::Kind::kBfloat16Truncate,
                 "to BFLOAT16: the value is rounded to FLOAT, then the low 16 bits are dropped (round toward zero)");
    reading_only("A8=via-int8", Candidate::Kind::kSubByteViaInt8,
                 "float to INT4/UINT4/INT2/UINT2 goes through INT8 (UINT8): truncate, clamp to its range, keep the low bits");
    reading_only("sub-byte-range-zero", Candidate::Kind::kSubByteRangeZero,
                 "float to INT4/UINT4/INT2/UINT2 truncates toward zero, and a value outside the type's range gives 0 "
                 "(INT4: 8 and -9 give 0, UINT4: -1 gives 0)");
    reading_only("sub-byte-via-int32", Candidate::Kind::kSubByteViaInt32,
                 "float to INT4/UINT4/INT2/UINT2 truncates toward zero into INT32 (beyond its range: INT32 min, whose "
                 "low bits are 0), then keeps the low bits (DOUBLE 2^53 - 1 gives INT4 0, not -1)");
    reading_only("A2=minus-zero", Candidate::Kind::kNanToMinusZero,
                 "NaN to FLOAT4E2M1 / FLOAT6 gives -0 whatever the NaN's sign");
    reading_only("max-as-infinity", Candidate::Kind::kFloat4MaxAsInfinity,
                 "FLOAT4E2M1 / FLOAT6 to an integer type: +-max (FLOAT4E2M1 +-6) is read as +-infinity and gives the "
                 "type's max / min; to INT4/UINT4/INT2/UINT2 the other values truncate toward zero and clamp");
    reading_only("A2=signed-max", Candidate::Kind::kNanToSignedMax,
                 "NaN to FLOAT4E2M1 / FLOAT6 gives the largest value with the NaN's sign (the float4 note's 6, "
                 "signed: -NaN gives -6)");
    reading_only("bfloat16-half-bias", Candidate::Kind::kBfloat16HalfBias,
                 "to BFLOAT16: the value rounded to FLOAT, then 0x8000 added to its bits only when bit 16 is set "
                 "and the low 16 bits dropped: truncation where the kept part is even (INT32 515 gives 512), a NaN's "
                 "bits carry into the sign (FLOAT 0x7fffffff gives -0)");
    reading_only("nan-bits-truncated", Candidate::Kind::kNanBitsTruncated,
                 "NaN to a float type with fewer mantissa bits: the NaN's bits cut to the destination's, so a NaN "
                 "whose payload lies only in the dropped bits gives +-inf (FLOAT 0x7f800001 to FLOAT8E5M2 gives inf)");
    reading_only("e8m0-negative-nan-zero", Candidate::Kind::kE8M0NegativeNanZero,
                 "a NaN with its sign bit set to FLOAT8E8M0 gives 0x00, as a negative value would, not the NaN 0xFF");
    for (const bool indefinite : {true, false}) {
      Candidate k;
      k.name = indefinite ? "int32-indefinite" : "int32-saturate";
      k.kind = Candidate::Kind::kInt32Held;
      k.indefinite = indefinite;
      k.description = std::string("to UINT32, INT64, UINT64: the result computed in INT32, ") +
                      (indefinite ? "a value beyond its range giving INT32 min (x86's integer indefinite)"
                                  : "a value beyond its range clamped to it") +
                      ", widened by sign extension (FLOAT 4294967040 to UINT32 gives " +
                      (indefinite ? "2147483648" : "2147483647") + ") (a reading found in peers, not a reference switch)";
      c.push_back(k);
    }
    reading_only("bool-int32", Candidate::Kind::kBoolInt32,
                 "integer to BOOL computed in INT32: the low 32 bits, and INT32 min (for unsigned sources any value "
                 "from 2^31) gives false (INT32 -2^31 and UINT32 4294967295 give false)");
    reading_only("double-as-float", Candidate::Kind::kDoubleAsFloat,
                 "to DOUBLE: the value is rounded to FLOAT, then widened (INT64 2^53 - 1 gives 2^53)");
    const auto chain = [&](const char* name, bool lower64, std::optional<ElementType> via,
                           std::optional<int64_t> saturate, const char* description) {
      Candidate k;
      k.name = name;
      k.kind = Candidate::Kind::kChain;
      k.lower64 = lower64;
      k.via = via;
      k.saturate = saturate;
      k.description = std::string(description) + " (a reading found in peers, not a reference switch)";
      c.push_back(k);
    };
    const char* held =
        "DOUBLE, INT64 and UINT64 are computed in 32 bits: a DOUBLE is rounded to FLOAT and clamped to its finite "
        "range (+-inf -> +-max), a 64-bit integer keeps its low 32 bits, and a 64-bit destination gets that "
        "32-bit result widened";
    chain("64-bit-as-32-bit", true, std::nullopt, std::nullopt, held);
    chain("A9=through-float16", false, ElementType::kFloat16, std::nullopt,
          "to a float type narrower than 16 bits: the value is rounded to FLOAT16 first (double rounding)");
    chain("64-bit-as-32-bit+A9=through-float16", true, ElementType::kFloat16, std::nullopt,
          "64-bit-as-32-bit, then A9=through-float16");
    {
      Candidate k;
      k.name = "A9=through-float32+ftz";
      k.kind = Candidate::Kind::kChain;
      k.via = ElementType::kFloat;
      k.flush = true;
      k.description = "to a float type narrower than 32 bits: the value is rounded to FLOAT first, and a subnormal "
                      "FLOAT or result is written as a zero of its sign (a reading found in peers, not a reference switch)";
      c.push_back(k);
    }
    const auto through_float = [&](const char* name, Candidate::Kind kind, const char* description) {
      Candidate k;
      k.name = name;
      k.kind = kind;
      k.via = ElementType::kFloat;
      k.description = std::string("the value is rounded to FLOAT first (A9=through-float32), then ") + description +
                      " (a reading found in peers, not a reference switch)";
      c.push_back(k);
    };
    through_float("A9=through-float32+A8=round-away-wrap", Candidate::Kind::kRoundAwayWrap,
                  "A8=round-away-wrap (DOUBLE 2^53 - 1 to INT4 gives 0, from 2^53)");
    through_float("A9=through-float32+e5m2-overflow-nan", Candidate::Kind::kE5M2OverflowNan,
                  "e5m2-overflow-nan (DOUBLE 61439.99 to FLOAT8E5M2 with saturate=0 gives NaN, from 61440)");
    // A bug, not a reading: the Cast page says of round_mode "nearest" that ties round up, plainly;
    // the FLOAT rounding before it is A5's through-float32.
    reading_only("A5=through-float32+e8m0-nearest-ties-even", Candidate::Kind::kE8M0TiesEven,
                 "to FLOAT8E8M0 with round_mode=nearest: the value is rounded to FLOAT first (A5=through-float32), "
                 "then a tie 1.5 * 2^e goes to the even code, not up as the Cast page's \"ties round up\" says "
                 "(DOUBLE 1.5 * 2^63 gives 0xbe, 2^63, not 0xbf; a DOUBLE just below 1.5 * 2^62 rounds to "
                 "that tie in FLOAT and gives 0xbe, 2^63, not 0xbd)");
    for (int s : {0, 1}) {
      Candidate a;
      a.name = "saturate=" + std::to_string(s);
      a.description = s == 0 ? "behaves as saturate=0 whatever the attribute says (saturate ignored)"
                             : "behaves as saturate=1 whatever the attribute says (saturate ignored)";
      a.kind = Candidate::Kind::kAttributes;
      a.saturate = s;
      c.push_back(a);
    }
    for (const char* m : {"up", "down", "nearest"}) {
      Candidate a;
      a.name = std::string("round_mode=") + m;
      a.description = std::string("behaves as round_mode=") + m + " whatever the attribute says";
      a.kind = Candidate::Kind::kAttributes;
      a.round_mode = m;
      c.push_back(a);
    }
    // Two readings at once, after the single ones so that a single one is named where it suffices.
    {
      // Rounding to nearest on a float32's own bits, for an API without round_mode (PyTorch): a wider
      // source rounded to FLOAT first (A5), then nearest for normal values and, for float32
      // subnormals, the bit test of A4 (just above 2^-127 gives 2^-126).
      Candidate a;
      a.name = "A4=onnx-bits+A5=through-float32+round_mode=nearest";
      a.description = "behaves as round_mode=nearest whatever the attribute says, on the value rounded to FLOAT "
                      "first (A5=through-float32), with A4=onnx-bits for float32 subnormals (a value just above "
                      "2^-127 gives 2^-126)";
      a.kind = Candidate::Kind::kAttributes;
      a.round_mode = "nearest";
      const auto error = ref::apply_variant_overrides(a.variants, "A4=onnx-bits,A5=through-float32");
      if (error) throw std::logic_error("validator candidate " + a.name + ": " + *error);
      c.push_back(a);
    }
    chain("A9=through-float16+saturate=0", false, ElementType::kFloat16, 0,
          "A9=through-float16 with saturate ignored (never saturates)");
    chain("64-bit-as-32-bit+saturate=0", true, std::nullopt, 0, "64-bit-as-32-bit with saturate ignored (never saturates)");
    chain("64-bit-as-32-bit+A9=through-float16+saturate=0", true, ElementType::kFloat16, 0,
          "64-bit-as-32-bit, then A9=through-float16, saturate ignored (never saturates)");
    chain("A9=through-float32+saturate=0", false, ElementType::kFloat, 0,
          "A9=through-float32 with saturate ignored (never saturates)");
    chain("A9=through-float16+saturate=0+subnormal-carry-doubled", false, ElementType::kFloat16, 0,
          "A9=through-float16+saturate=0, where a value whose rounding to a FLOAT16 subnormal carries up to a power "
          "of two is held as twice that power (FLOAT 0x377fffff gives FLOAT8E5M2 2^-15, not 2^-16)");
    c.back().carry_doubled = true;
    chain("A9=through-float32+subnormal-carry-doubled", false, ElementType::kFloat, std::nullopt,
          "A9=through-float32, then to FLOAT16 a value whose rounding carries up to a subnormal power of two is "
          "held as twice that power (DOUBLE 4095 * 2^-37 gives 2^-24, not 0)");
    c.back().carry_doubled = true;
    {
      Candidate k;
      k.name = "64-bit-as-32-bit+bool-nan-false";
      k.kind = Candidate::Kind::kBoolNanFalse;
      k.lower64 = true;
      k.description = "float to BOOL: NaN gives false (bool-nan-false), other values as 64-bit-as-32-bit "
                      "(a reading found in peers, not a reference switch)";
      c.push_back(k);
    }
    for (const char* p : {"exact", "onnx-reference"}) {
      Candidate k;
      k.name = std::string("profile ") + p;
      k.variants = *ref::profile_by_name(p);
      k.description = std::string("the profile '") + p + "' (" + ref::describe_variants(k.variants) + ")";
      c.push_back(k);
    }
    // The ONNX reference reads text with numpy, through a Python float (double), then applies its
    // profile: text that double rounds to a tie rounds once more.
    Candidate text_double = c.back();
    text_double.name = "A9=through-double+profile onnx-reference";
    text_double.via = ElementType::kDouble;
    text_double.description = "the value is rounded to DOUBLE first (A9=through-double), then " + text_double.description;
    c.push_back(text_double);
    return c;
  }();
  return list;
}

std::vector<std::string> candidate_names() {
  std::vector<std::string> out;
  for (const Candidate& c : candidates()) out.push_back(c.name);
  return out;
}

}  // namespace castlike::harness
