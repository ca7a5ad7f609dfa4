#include "engine/observed.h"

#include "engine/evaluate.h"

namespace conform::engine {

void judgeObserved(AttemptRecord& a, const std::string& raw, const schema::Validator* validator, const Json& schema)
{
    static const schema::Validator anything = schema::Validator::compile(Json::object()).value();
    evaluate(a, raw, validator ? *validator : anything, validator ? schema : Json::object(), false, {});
    if (!validator) {
        a.checked = false;
        a.valid = false;
    }
    a.notEnforced = validator && a.mode == providers::Mode::Strict && a.parsed && !a.valid && !a.truncated;
}

RunRecord observedRun(AttemptRecord a)
{
    RunRecord record;
    const bool knownBad = !a.error.empty() || a.transportError || a.truncated || a.refused || !a.parsed;
    record.outcome = knownBad ? Outcome::Failed : !a.checked ? Outcome::Unchecked : a.valid ? Outcome::Valid : Outcome::Failed;
    if (a.transportError)
        record.flags.insert("transport_error");
    if (a.truncated)
        record.flags.insert("truncated");
    if (a.refused)
        record.flags.insert("refused");
    record.endedBy = record.outcome == Outcome::Valid ? "valid" : a.transportError ? "transport" : "observed";
    record.value = a.value;
    record.attempts.push_back(std::move(a));
    if (record.outcome == Outcome::Failed) {
        record.best = bestAttempt(record.attempts);
        if (record.best)
            record.validFields = validFields(record.attempts[*record.best]);
    }
    return record;
}

} // namespace conform::engine
