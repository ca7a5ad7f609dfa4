#pragma once
// Hand-written capture documents for the cluster and review tests: each says which outcome,
// flags and issues its attempts had, so the expected clusters are worked out by hand.
#include "base/json.h"

#include <string>
#include <vector>

namespace clusterfixture {

// A Zod-style issue.
conform::Json issue(conform::Json path, const char* code, const char* message = "Required");

// An attempt: valid, or invalid with these issues (a truncated one is cut at max tokens).
struct Attempt
{
    bool valid = false;
    conform::Json issues = conform::Json::array();
    bool truncated = false;
    bool parsed = true;
    int httpStatus = 200;
    std::string error; // no answer: this error (with httpStatus)
};
Attempt invalid(conform::Json issues);
Attempt valid();

// "orders" as first written, and its second version (same title, another text).
conform::Json ordersV1();
conform::Json ordersV2();

// A capture document as `captures show --json` prints it.
conform::Json document(const std::string& id, const std::string& time, const std::string& outcome, const std::vector<std::string>& flags,
                       const std::vector<Attempt>& attempts, const conform::Json& schema = ordersV1());

} // namespace clusterfixture
