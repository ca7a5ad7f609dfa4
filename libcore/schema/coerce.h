#pragma once
// Coercions: small, recorded changes that make a near-miss instance fit (enum case, boolean
// words, numeric strings, a single value where an array is wanted). Guided by the compiled
// schema, applied in place before validation, each one returned as a Coercion.
#include "schema/node.h"

namespace conform::schema::detail {

std::vector<Coercion> coerce(const CompiledSchema& schema, Json& value, const CoercionOptions& options);

} // namespace conform::schema::detail
