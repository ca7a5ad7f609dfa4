#pragma once
// Internal to the store: the part of reading a capture document that the tree reader
// (captureFromDocument) and the text reader (captureFromText) share.
#include "store/capture.h"

namespace conform::store::detail {

// What a capture's spec becomes in the store: the schema and the prompt apart, the rest
// (variables first), their texts and hashes. A function of the spec alone, so a reader may
// keep it for the next capture with the same spec.
struct SpecParts
{
    Json schema;
    std::string system, user;
    Json spec;
    std::string schemaText, specText;
    std::string schemaHash, schemaTitle, schemaId, promptHash;
    bool coerce = false, strictRepairs = false; // the policy the final reply is checked under
};

// Errors name the JSON pointer of the culprit, as the readers' own do.
Status takeLabels(Json labels, Labels& out);
Result<SpecParts> specParts(Json spec);

// `c` holds the id (or none), the time (when `hasTime`), the labels and the run; applies the
// defaults and the spec, checks the run and fills the summary.
Result<Capture> finishCapture(Capture c, bool hasTime, SpecParts spec, const std::function<std::string()>& fallbackId);

} // namespace conform::store::detail
