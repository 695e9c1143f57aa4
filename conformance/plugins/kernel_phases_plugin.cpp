// A plug-in over the kernel library (the public C API of castlike.h) that takes packed calls at
// every element phase (CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES, include/castlike/validator_abi.h):
// a call at phase 0 runs one node (castlike_cast_like or castlike_cast), a call at a phase runs the
// node's checks on an empty tensor, then castlike_convert, which takes element offsets. Built
// three times:
//   libcastlike_kernel_phases_plugin.so   right: every phase passes
//   libcastlike_phase_fault_plugin.so     (PHASE_FAULT=1) its head ignores the input phase: the
//                                         elements of a call's first input group read as if the
//                                         call started at the group's first element, a fault of a
//                                         packed path that only a call starting inside a byte reaches
//   libcastlike_phase_clobber_plugin.so   (PHASE_FAULT=2) a call at an output phase clears the
//                                         first bit of its first byte: an element before the phase,
//                                         another element of the tensor, which the validator checks
// Used by the element-phase tests (CMakeLists.txt here) and the HTML page's browser test.
#include <cstdio>
#include <string>

#include "castlike/castlike.h"
#include "castlike/type_table.hpp"
#include "castlike/validator_abi.h"

#ifndef PHASE_FAULT
#define PHASE_FAULT 0
#endif

namespace {

using NodeCall = castlike_status (*)(const castlike_tensor*, castlike_type, int64_t, const castlike_node_attributes*,
                                     castlike_output*);

int32_t reject(castlike_validator_output* out, const char* why) {
  if (out->message && out->message_size) std::snprintf(out->message, out->message_size, "%s", why);
  return CASTLIKE_VALIDATOR_REJECTED;
}

int forward_text(void* user_data, size_t index, const char* text, size_t length) {
  const auto* out = static_cast<const castlike_validator_output*>(user_data);
  return out->set_text(out->context, index, text, length) == 0 ? 0 : 1;
}

castlike_node_attributes node_attributes(const castlike_validator_request* req) {
  castlike_node_attributes a{};
  a.has_saturate = req->saturate >= 0;
  a.saturate = req->saturate;
  a.has_round_mode = req->round_mode != nullptr;
  a.round_mode = req->round_mode;
  return a;
}

// One node on the whole tensor (`count` elements, or none: the node's checks only).
castlike_status run_node(NodeCall node, const castlike_validator_request* req, castlike_validator_output* out,
                         size_t count) {
  const int64_t shape[1] = {static_cast<int64_t>(count)};
  castlike_tensor input{};
  input.type = static_cast<castlike_type>(req->from);
  input.shape = shape;
  input.rank = 1;
  if (req->from != CASTLIKE_STRING) {
    const castlike_status sized = castlike_storage_bytes(input.type, 0, count, &input.data_bytes);
    if (sized != CASTLIKE_OK) return sized;
    input.data = req->input;
  } else {
    input.strings = req->input_text;
  }
  const castlike_node_attributes attributes = node_attributes(req);
  castlike_output output{};
  if (req->to != CASTLIKE_STRING) {
    output.data = out->data;
    output.capacity = count ? out->data_size : 0;
  } else {
    output.sink = forward_text;
    output.sink_user_data = out;
  }
  return node(&input, static_cast<castlike_type>(req->to), req->opset, &attributes, &output);
}

int32_t convert(NodeCall node, const castlike_validator_request* req, castlike_validator_output* out,
                const castlike_validator_phases* phases) {
  if (phases == nullptr || (phases->input == 0 && phases->output == 0)) {
    const castlike_status s = run_node(node, req, out, req->count);
    return s == CASTLIKE_OK ? CASTLIKE_VALIDATOR_OK : reject(out, castlike_status_message(s));
  }
  // A slice that starts inside a byte: the node's checks (opset, types, attributes), then the
  // conversion at the phases, which writes the call's elements only.
  if (const castlike_status s = run_node(node, req, out, 0); s != CASTLIKE_OK)
    return reject(out, castlike_status_message(s));
  if (req->from == CASTLIKE_STRING || req->to == CASTLIKE_STRING) return reject(out, "a phase on a STRING side");
  castlike_attributes attributes = castlike_default_attributes();
  if (req->saturate >= 0) attributes.saturate = req->saturate;
  if (req->round_mode) {
    const std::string m = req->round_mode;
    attributes.round_mode = m == "down" ? CASTLIKE_ROUND_DOWN : m == "nearest" ? CASTLIKE_ROUND_NEAREST : CASTLIKE_ROUND_UP;
  }
  const auto from = static_cast<castlike_type>(req->from), to = static_cast<castlike_type>(req->to);
  const castlike_status s =
      castlike_convert(from, req->input, phases->input, to, out->data, phases->output, req->count, &attributes);
  if (s != CASTLIKE_OK) return reject(out, castlike_status_message(s));
  if (PHASE_FAULT == 2 && phases->output != 0) out->data[0] &= 0xfe;
  if (PHASE_FAULT == 1 && phases->input != 0) {
    // The head reads its group from the group's first element on.
    const size_t group = castlike::packing_group(static_cast<castlike::ElementType>(req->from)).elements;
    for (size_t i = 0; i < group - phases->input && i < req->count; ++i)
      castlike_convert(from, req->input, i, to, out->data, phases->output + i, 1, &attributes);
  }
  return CASTLIKE_VALIDATOR_OK;
}

}  // namespace

extern "C" {

int32_t castlike_validator_abi_version(void) { return CASTLIKE_VALIDATOR_ABI_VERSION; }

const char* castlike_validator_name(void) {
  return PHASE_FAULT == 1   ? "castlike kernels, head ignoring the input phase"
         : PHASE_FAULT == 2 ? "castlike kernels, clearing a bit before the output phase"
                            : "castlike kernels, every element phase";
}

uint32_t castlike_validator_capabilities(void) { return CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES; }

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  return convert(&castlike_cast_like, req, out, nullptr);
}
int32_t castlike_validator_cast(const castlike_validator_request* req, castlike_validator_output* out) {
  return convert(&castlike_cast, req, out, nullptr);
}
int32_t castlike_validator_cast_like_at(const castlike_validator_request* req, castlike_validator_output* out,
                                        const castlike_validator_phases* phases) {
  return convert(&castlike_cast_like, req, out, phases);
}
int32_t castlike_validator_cast_at(const castlike_validator_request* req, castlike_validator_output* out,
                                   const castlike_validator_phases* phases) {
  return convert(&castlike_cast, req, out, phases);
}

}  // extern "C"
