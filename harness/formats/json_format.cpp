#include "formats/json_format.hpp"

#include <nlohmann/json.hpp>

namespace castlike::harness {
namespace {

struct FormatSniffer : nlohmann::json_sax<nlohmann::json> {
  int depth = 0;
  bool format_next = false;
  std::optional<std::string> format;  // the last top-level "format" that is a string
  bool value() {
    if (depth == 1 && format_next) format.reset();
    format_next = false;
    return true;
  }
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool string(string_t& s) override {
    const bool is_format = depth == 1 && format_next;
    value();
    if (!is_format) return true;
    format = s;
    return s != "castlike-vectors";  // a vector file: stop here (sax_parse then returns false)
  }
  // An object and an array alike are a value that opens one level of nesting.
  bool open() {
    value();
    ++depth;
    return true;
  }
  bool close() {
    --depth;
    return true;
  }
  bool start_object(std::size_t) override { return open(); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    format_next = depth == 1 && k == "format";
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

}  // namespace

std::optional<std::string> json_format(std::istream& in) {
  FormatSniffer sniffer;
  bool parsed = false;
  try {
    parsed = nlohmann::json::sax_parse(in, &sniffer);
  } catch (const std::exception&) {  // a read error of the stream (the loader then names it)
    return std::nullopt;
  }
  if (sniffer.format == "castlike-vectors" || (parsed && sniffer.format)) return sniffer.format;
  return std::nullopt;
}

}  // namespace castlike::harness
