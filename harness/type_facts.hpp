// The type table as castlike publishes it (`castlike types --format json`, castlike.types() in
// Python): every row of include/castlike/type_table.hpp with the facts derived from it, so that
// scripts, the Python package and the docs' checks read the table instead of restating it.
#pragma once

#include <string>

namespace castlike::harness {

// The document (format "castlike-types", vectors/schema/castlike-types.schema.json), indented.
std::string type_facts_json();

// The same rows as text, one type a line, within 80 columns.
std::string type_facts_text();

}  // namespace castlike::harness
