/* castlike: the ONNX element types, one row each. Every list of types is expanded from this one:
 * the C enumeration castlike_type (types.h), the C++ ElementType and type table (type_table.hpp)
 * and the dtype tags (castlike.hpp); so a new type is one row here and its rule ids.
 *
 * A row is X(NAME, Name, number, numpy, bits, storage, class, format, since):
 *   NAME     as ONNX spells it (castlike_type CASTLIKE_NAME, "NAME")
 *   Name     the C++ spelling (ElementType::kName, castlike::dtype::Name)
 *   number   ONNX's TensorProto.DataType number
 *   numpy    as numpy / ml_dtypes spell it
 *   bits     storage width of one element (0 for STRING; below 8: packed)
 *   storage  the C++ type one element (or a packed type's bytes) is stored in
 *   class    Float, SignedInt, UnsignedInt, Bool or String (castlike::TypeClass)
 *   format   CASTLIKE_FORMAT(exponent bits, stored mantissa bits, bias, has sign, special
 *            encoding) for a float, CASTLIKE_NO_FORMAT otherwise (castlike::FloatFormat)
 *   since    the first operator version that lists the type (13: every version)
 * Rows are in the order of every per-type table and of every listing; complex types (14, 15)
 * are absent because CastLike excludes them. Only C++ expands the storage, class and format
 * columns. */
#ifndef CASTLIKE_TYPE_LIST_H_
#define CASTLIKE_TYPE_LIST_H_

/* clang-format off */
#define CASTLIKE_TYPE_LIST(X) \
  X(FLOAT,          Float,          1,  "float32",         32, float,       Float,       CASTLIKE_FORMAT(8, 23, 127, true, kIeee),          13) \
  X(UINT8,          Uint8,          2,  "uint8",            8, uint8_t,     UnsignedInt, CASTLIKE_NO_FORMAT,                                13) \
  X(INT8,           Int8,           3,  "int8",             8, int8_t,      SignedInt,   CASTLIKE_NO_FORMAT,                                13) \
  X(UINT16,         Uint16,         4,  "uint16",          16, uint16_t,    UnsignedInt, CASTLIKE_NO_FORMAT,                                13) \
  X(INT16,          Int16,          5,  "int16",           16, int16_t,     SignedInt,   CASTLIKE_NO_FORMAT,                                13) \
  X(INT32,          Int32,          6,  "int32",           32, int32_t,     SignedInt,   CASTLIKE_NO_FORMAT,                                13) \
  X(INT64,          Int64,          7,  "int64",           64, int64_t,     SignedInt,   CASTLIKE_NO_FORMAT,                                13) \
  X(STRING,         String,         8,  "str",              0, std::string, String,      CASTLIKE_NO_FORMAT,                                13) \
  X(BOOL,           Bool,           9,  "bool",             8, bool,        Bool,        CASTLIKE_NO_FORMAT,                                13) \
  X(FLOAT16,        Float16,        10, "float16",         16, uint16_t,    Float,       CASTLIKE_FORMAT(5, 10, 15, true, kIeee),           13) \
  X(DOUBLE,         Double,         11, "float64",         64, double,      Float,       CASTLIKE_FORMAT(11, 52, 1023, true, kIeee),        13) \
  X(UINT32,         Uint32,         12, "uint32",          32, uint32_t,    UnsignedInt, CASTLIKE_NO_FORMAT,                                13) \
  X(UINT64,         Uint64,         13, "uint64",          64, uint64_t,    UnsignedInt, CASTLIKE_NO_FORMAT,                                13) \
  X(BFLOAT16,       Bfloat16,       16, "bfloat16",        16, uint16_t,    Float,       CASTLIKE_FORMAT(8, 7, 127, true, kIeee),           13) \
  X(FLOAT8E4M3FN,   Float8E4M3FN,   17, "float8_e4m3fn",    8, uint8_t,     Float,       CASTLIKE_FORMAT(4, 3, 7, true, kFiniteNanOnes),    19) \
  X(FLOAT8E4M3FNUZ, Float8E4M3FNUZ, 18, "float8_e4m3fnuz",  8, uint8_t,     Float,       CASTLIKE_FORMAT(4, 3, 8, true, kFnuz),             19) \
  X(FLOAT8E5M2,     Float8E5M2,     19, "float8_e5m2",      8, uint8_t,     Float,       CASTLIKE_FORMAT(5, 2, 15, true, kIeee),            19) \
  X(FLOAT8E5M2FNUZ, Float8E5M2FNUZ, 20, "float8_e5m2fnuz",  8, uint8_t,     Float,       CASTLIKE_FORMAT(5, 2, 16, true, kFnuz),            19) \
  X(UINT4,          Uint4,          21, "uint4",            4, uint8_t,     UnsignedInt, CASTLIKE_NO_FORMAT,                                21) \
  X(INT4,           Int4,           22, "int4",             4, uint8_t,     SignedInt,   CASTLIKE_NO_FORMAT,                                21) \
  X(FLOAT4E2M1,     Float4E2M1,     23, "float4_e2m1fn",    4, uint8_t,     Float,       CASTLIKE_FORMAT(2, 1, 1, true, kFiniteOnly),       23) \
  X(FLOAT8E8M0,     Float8E8M0,     24, "float8_e8m0fnu",   8, uint8_t,     Float,       CASTLIKE_FORMAT(8, 0, 127, false, kExponentOnly),  24) \
  X(UINT2,          Uint2,          25, "uint2",            2, uint8_t,     UnsignedInt, CASTLIKE_NO_FORMAT,                                25) \
  X(INT2,           Int2,           26, "int2",             2, uint8_t,     SignedInt,   CASTLIKE_NO_FORMAT,                                25) \
  X(FLOAT6E2M3,     Float6E2M3,     27, "float6_e2m3fn",    6, uint8_t,     Float,       CASTLIKE_FORMAT(2, 3, 1, true, kFiniteOnly),       28) \
  X(FLOAT6E3M2,     Float6E3M2,     28, "float6_e3m2fn",    6, uint8_t,     Float,       CASTLIKE_FORMAT(3, 2, 3, true, kFiniteOnly),       28) \
  CASTLIKE_SYNTHETIC_TYPE_ROW(X)

/* The test-only synthetic row (CMake option CASTLIKE_SYNTHETIC_TYPE, preset `synthetic`,
 * scripts/tests/test-synthetic-type): a type ONNX does not have, of a kind the table already stores
 * (a packed 4-bit finite-only float, so the FLOAT4 family's rule ids F4.* apply), numbered outside
 * ONNX's range. Building every suite with it shows that a new type is one row. */
#ifdef CASTLIKE_SYNTHETIC_TYPE
#define CASTLIKE_SYNTHETIC_TYPE_ROW(X) \
  X(FLOAT4E1M2,     Float4E1M2,     900, "float4_e1m2fn",   4, uint8_t,     Float,       CASTLIKE_FORMAT(1, 2, 1, true, kFiniteOnly),       28)
#else
#define CASTLIKE_SYNTHETIC_TYPE_ROW(X)
#endif
/* clang-format on */

#endif /* CASTLIKE_TYPE_LIST_H_ */
