// The shape plan (harness/generation/shape_plan.hpp): every block boundary up to 64 elements, long
// calls, every head offset inside a cache line (every element phase of the packed types when the
// implementation takes element offsets), in place only where declared and where the widths allow.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "castlike/packing.hpp"
#include "generation/shape_plan.hpp"

namespace castlike::harness {
namespace {

std::set<size_t> lengths_of(const std::vector<CallShape>& plan, PositionKind kind) {
  std::set<size_t> lengths;
  for (const auto& shape : plan)
    if (shape.kind == kind) lengths.insert(shape.length);
  return lengths;
}

TEST(ShapePlan, LengthsStraddleEveryBlockBoundaryUpTo64) {
  auto lengths = boundary_lengths();
  std::set<size_t> expected = {1, 2};
  for (size_t width : {4, 8, 16, 32, 64})
    for (size_t k : {1, 2})
      for (size_t length : {k * width - 1, k * width, k * width + 1}) expected.insert(length);
  EXPECT_EQ(std::set<size_t>(lengths.begin(), lengths.end()), expected);
  EXPECT_TRUE(std::is_sorted(lengths.begin(), lengths.end()));
  EXPECT_EQ(lengths.size(), expected.size());  // each once
  for (size_t length : long_lengths()) EXPECT_GE(length, kLongCallLength);
}

TEST(ShapePlan, AlignedShapesAreTaggedByTheirPositions) {
  auto plan = shape_plan(ElementType::kFloat, ElementType::kFloat8E4M3FN, {});
  EXPECT_EQ(lengths_of(plan, PositionKind::kMainLoop), (std::set<size_t>{64, 128}));
  EXPECT_EQ(lengths_of(plan, PositionKind::kLong), (std::set<size_t>{1024, 1025}));
  EXPECT_TRUE(lengths_of(plan, PositionKind::kTail).count(17));
  EXPECT_TRUE(lengths_of(plan, PositionKind::kTail).count(1));
  EXPECT_TRUE(lengths_of(plan, PositionKind::kInPlace).empty());  // not declared
  for (const auto& shape : plan)
    if (shape.kind != PositionKind::kHead) {
      EXPECT_EQ(shape.input_offset + shape.output_offset, 0u);
    }
}

TEST(ShapePlan, HeadsStartAtEveryElementOffsetInsideTheAlignment) {
  auto plan = shape_plan(ElementType::kFloat, ElementType::kFloat16, {});
  std::set<size_t> input_offsets, output_offsets;
  for (const auto& shape : plan) {
    if (shape.kind != PositionKind::kHead) continue;
    EXPECT_EQ(shape.length, kHeadShapeLength);
    if (shape.output_offset == 0) input_offsets.insert(shape.input_offset);
    if (shape.input_offset == 0) output_offsets.insert(shape.output_offset);
  }
  std::set<size_t> floats, halves;
  for (size_t i = 1; i < 16; ++i) floats.insert(i);
  for (size_t i = 1; i < 32; ++i) halves.insert(i);
  EXPECT_EQ(input_offsets, floats);
  EXPECT_EQ(output_offsets, halves);
  EXPECT_EQ(element_offsets_in_alignment(ElementType::kDouble), 8u);
  EXPECT_EQ(element_offsets_in_alignment(ElementType::kUint8), 64u);
}

TEST(ShapePlan, PackedTypesTakeEveryElementPhaseOnlyWhenDeclared) {
  EXPECT_EQ(element_offsets_in_alignment(ElementType::kFloat4E2M1), 128u);
  EXPECT_EQ(element_offsets_in_alignment(ElementType::kInt2), 256u);
  EXPECT_EQ(element_offsets_in_alignment(ElementType::kFloat6E3M2), 86u);  // element 85 straddles the line
  auto output_offsets = [](const ShapeCapabilities& capabilities) {
    std::set<size_t> offsets;
    for (const auto& shape : shape_plan(ElementType::kFloat, ElementType::kFloat4E2M1, capabilities))
      if (shape.kind == PositionKind::kHead && shape.input_offset == 0) offsets.insert(shape.output_offset);
    return offsets;
  };
  auto byte_starts = output_offsets({});
  EXPECT_EQ(byte_starts.size(), 63u);
  for (size_t offset : byte_starts) EXPECT_TRUE(starts_on_byte(ElementType::kFloat4E2M1, offset));
  auto phases = output_offsets({false, true});
  EXPECT_EQ(phases.size(), 127u);
  EXPECT_TRUE(phases.count(1) && phases.count(127));
}

TEST(ShapePlan, HeadElementsEndAtTheFirstAlignedElement) {
  EXPECT_EQ(head_elements(ElementType::kFloat, 0), 0u);
  EXPECT_EQ(head_elements(ElementType::kFloat, 3), 13u);
  EXPECT_EQ(head_elements(ElementType::kUint8, 63), 1u);
  EXPECT_EQ(head_elements(ElementType::kFloat4E2M1, 1), 127u);
}

TEST(ShapePlan, InPlaceOnlyWhereDeclaredAndTheWidthsAllow) {
  ShapeCapabilities in_place{true, false};
  auto narrowing = shape_plan(ElementType::kFloat, ElementType::kFloat8E4M3FN, in_place);
  auto in_place_lengths = lengths_of(narrowing, PositionKind::kInPlace);
  EXPECT_TRUE(in_place_lengths.count(1) && in_place_lengths.count(129) && in_place_lengths.count(1024));
  for (const auto& shape : narrowing) EXPECT_EQ(shape.in_place, shape.kind == PositionKind::kInPlace);
  EXPECT_TRUE(lengths_of(shape_plan(ElementType::kFloat16, ElementType::kFloat, in_place), PositionKind::kInPlace).empty());
  EXPECT_TRUE(lengths_of(shape_plan(ElementType::kString, ElementType::kFloat, in_place), PositionKind::kInPlace).empty());
  EXPECT_FALSE(in_place_fits(ElementType::kFloat4E2M1, ElementType::kFloat6E3M2));
  EXPECT_TRUE(in_place_fits(ElementType::kDouble, ElementType::kDouble));
}

TEST(ShapePlan, DescriptionsAndBufferSizes) {
  EXPECT_EQ((CallShape{PositionKind::kHead, 17, 3, 0, false}).description(), "length 17, input offset 3, output offset 0");
  EXPECT_EQ((CallShape{PositionKind::kInPlace, 5, 0, 0, true}).description(), "length 5, in place, offset 0");
  CallShape head{PositionKind::kHead, 129, 3, 5, false};
  EXPECT_EQ(shape_input_bytes(ElementType::kFloat, head), (3 + 129) * 4u);
  EXPECT_EQ(shape_output_bytes(ElementType::kFloat, ElementType::kFloat4E2M1, head), 2u + 65u);
  CallShape in_place{PositionKind::kInPlace, 10, 0, 0, true};
  EXPECT_EQ(shape_output_bytes(ElementType::kFloat, ElementType::kUint8, in_place), 40u);
  for (const auto& name : position_kinds()) EXPECT_STRNE(position_kind_name(name), "");
}

TEST(ShapePlan, StringSourcesHaveOutputHeadsOnly) {
  for (const auto& shape : shape_plan(ElementType::kString, ElementType::kFloat, {true, true})) {
    EXPECT_EQ(shape.input_offset, 0u);
    EXPECT_FALSE(shape.in_place);
  }
}

}  // namespace
}  // namespace castlike::harness
