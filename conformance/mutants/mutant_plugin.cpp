// The mutant plug-in (validator ABI, include/castlike/validator_abi.h): the production kernels
// through the public C API (castlike_cast_like, at the dispatched level), then the one fault of
// the catalogue (conformance/faults/catalogue.hpp) that CASTLIKE_MUTANT names, applied to the output
// as the seeded-fault build applies it to a kernel call. scripts/fuzzing/mutation-score runs `castlike
// validate` with it once per mutant: a mutant the vectors do not catch is a gap in the vectors.
//
// CASTLIKE_MUTANT=none runs the kernels unchanged (every vector must then pass: the plug-in itself
// is right). Unset or an unknown name rejects every call with the known names, so that a typo can
// never pass for "no vector catches this mutant". The environment reaches the plug-in in its
// isolated worker (the worker inherits validate's environment).
//
// castlike_mutant_catalogue() lists the rows for the script: one line per fault,
// "name<TAB>FROM-TO,FROM-TO,...<TAB>description".
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "castlike/castlike.h"
#include "castlike/validator_abi.h"
#include "faults/catalogue.hpp"

namespace {

namespace faults = castlike::opt::faults;
using castlike::ElementType;

struct Selection {
  const faults::Fault* fault = nullptr;  // nullptr with no error: "none"
  std::string name;
  std::string error;
};

std::string known_names() {
  std::string names = "none";
  for (const faults::Fault& f : faults::catalogue()) names.append(" ").append(f.name);
  return names;
}

Selection read_selection() {
  Selection s;
  const char* env = std::getenv("CASTLIKE_MUTANT");
  if (env == nullptr || *env == '\0') {
    s.error = "CASTLIKE_MUTANT is not set; known (scripts/fuzzing/mutation-score --list): " + known_names();
    return s;
  }
  s.name = env;
  if (s.name == "none") return s;
  for (const faults::Fault& f : faults::catalogue())
    if (f.name == s.name) s.fault = &f;
  if (s.fault == nullptr) s.error = "unknown CASTLIKE_MUTANT '" + s.name + "'; known (scripts/fuzzing/mutation-score --list): " + known_names();
  return s;
}

const Selection& selection() {
  static const Selection s = read_selection();
  return s;
}

// The reason, cut after the last whole word that fits (the list of names is longer than the
// validator's message buffer; scripts/fuzzing/mutation-score --list prints all of them).
int32_t reject(castlike_validator_output* out, std::string_view why) {
  if (out->message == nullptr || out->message_size == 0) return CASTLIKE_VALIDATOR_REJECTED;
  std::string text(why);
  if (text.size() >= out->message_size) {
    text.resize(out->message_size > 5 ? out->message_size - 5 : 0);
    text = text.substr(0, text.rfind(' ')) + " ...";
  }
  std::snprintf(out->message, out->message_size, "%s", text.c_str());
  return CASTLIKE_VALIDATOR_REJECTED;
}

int forward_text(void* user_data, size_t index, const char* text, size_t length) {
  const auto* out = static_cast<const castlike_validator_output*>(user_data);
  return out->set_text(out->context, index, text, length) == 0 ? 0 : 1;
}

castlike_round_mode round_mode_of(const char* text) {
  const std::string_view m = text == nullptr ? "up" : text;
  return m == "down" ? CASTLIKE_ROUND_DOWN : m == "nearest" ? CASTLIKE_ROUND_NEAREST : CASTLIKE_ROUND_UP;
}

bool numeric(int32_t type) { return type != CASTLIKE_STRING; }

}  // namespace

extern "C" {

int32_t castlike_validator_abi_version(void) { return CASTLIKE_VALIDATOR_ABI_VERSION; }

// The kernels convert in place (castlike.h), so the plug-in does, and its in place fault shows.
uint32_t castlike_validator_capabilities(void) { return CASTLIKE_VALIDATOR_CAN_IN_PLACE; }

const char* castlike_validator_name(void) {
  static const std::string name = "castlike kernels + mutant " + (selection().name.empty() ? "(none set)" : selection().name);
  return name.c_str();
}

}  // extern "C"

namespace {

using NodeCall = castlike_status (*)(const castlike_tensor*, castlike_type, int64_t, const castlike_node_attributes*,
                                     castlike_output*);

// One node through `call` (castlike_cast_like or castlike_cast), then the selected fault.
int32_t run_node(NodeCall call, const castlike_validator_request* req, castlike_validator_output* out) {
  const Selection& s = selection();
  if (!s.error.empty()) return reject(out, s.error);
  const int64_t shape[1] = {static_cast<int64_t>(req->count)};
  castlike_tensor input{};
  input.type = static_cast<castlike_type>(req->from);
  input.shape = shape;
  input.rank = 1;
  if (numeric(req->from)) {
    size_t bytes = 0;
    const castlike_status sized = castlike_storage_bytes(input.type, 0, req->count, &bytes);
    if (sized != CASTLIKE_OK) return reject(out, castlike_status_message(sized));
    input.data = req->input;
    input.data_bytes = bytes;
  } else {
    input.strings = req->input_text;
  }
  castlike_node_attributes attributes{};
  attributes.has_saturate = req->saturate >= 0;
  attributes.saturate = req->saturate;
  attributes.has_round_mode = req->round_mode != nullptr;
  attributes.round_mode = req->round_mode;
  // In place (the output aliases the input), the fault reads the source as it was.
  const bool in_place = numeric(req->from) && numeric(req->to) && req->input == out->data && req->count != 0;
  const std::vector<uint8_t> source =
      in_place ? std::vector<uint8_t>(req->input, req->input + input.data_bytes) : std::vector<uint8_t>();
  castlike_output output{};
  if (numeric(req->to)) {
    output.data = out->data;
    output.capacity = out->data_size;
  } else {
    output.sink = forward_text;
    output.sink_user_data = out;
  }
  const castlike_status status = call(&input, static_cast<castlike_type>(req->to), req->opset, &attributes, &output);
  if (status != CASTLIKE_OK) return reject(out, castlike_status_message(status));
  // The call succeeded, so both types exist. Copies are no conversion: no fault is about them.
  const auto from = static_cast<ElementType>(req->from), to = static_cast<ElementType>(req->to);
  if (s.fault == nullptr || !numeric(req->to) || from == to || !faults::touches(*s.fault, from, to))
    return CASTLIKE_VALIDATOR_OK;
  const castlike_attributes effective{req->saturate < 0 ? 1 : req->saturate, round_mode_of(req->round_mode)};
  const std::vector<uint8_t> before(out->data_size, 0);  // the validator hands a zero-filled buffer
  faults::Call fault_call{from, to, effective, in_place ? source.data() : req->input, out->data, before.data(), req->count,
                         numeric(req->from) ? nullptr : req->input_text};
  fault_call.in_place = in_place;
  s.fault->corrupt(fault_call);
  return CASTLIKE_VALIDATOR_OK;
}

}  // namespace

extern "C" {

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  return run_node(&castlike_cast_like, req, out);
}

// Cast nodes (the Cast-28 files with the FLOAT6 types among them) get the same faults.
int32_t castlike_validator_cast(const castlike_validator_request* req, castlike_validator_output* out) {
  return run_node(&castlike_cast, req, out);
}

const char* castlike_mutant_catalogue(void) {
  static const std::string text = [] {
    std::string t;
    for (const faults::Fault& f : faults::catalogue()) {
      t.append(f.name).append("\t");
      bool first = true;
      for (const castlike::TypeInfo& a : castlike::kTypeTable) {
        for (const castlike::TypeInfo& b : castlike::kTypeTable) {
          if (b.type == ElementType::kString || a.type == b.type || !faults::touches(f, a.type, b.type))
            continue;
          t.append(first ? "" : ",").append(a.name).append("-").append(b.name);
          first = false;
        }
      }
      t.append("\t").append(f.description).append("\n");
    }
    return t;
  }();
  return text.c_str();
}

}  // extern "C"
