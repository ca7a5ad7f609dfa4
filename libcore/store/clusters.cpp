#include "store/clusters.h"

namespace conform::store {

Json Cluster::toJson() const
{
    Json findingList = Json::array();
    for (const Finding& finding : findings)
        findingList.push_back(finding.toJson());
    const auto orNull = [this](const std::string& value) { return review ? Json(value) : Json(); };
    return Json{{"cluster", id},
                {"count", count},
                {"outcome", std::string(outcomeNameOf(outcome))},
                {"schema_hash", schemaHash},
                {"schema_title", schemaTitle},
                {"schema_id", schemaId.empty() ? Json() : Json(schemaId)},
                {"findings", std::move(findingList)},
                {"flags", flagNames(flags)},
                {"first_seen", isoTime(firstSeenMs)},
                {"last_seen", isoTime(lastSeenMs)},
                {"state", std::string(reviewStateName(state))},
                {"note", orNull(review ? review->note : std::string())},
                {"reviewer", orNull(review ? review->reviewer : std::string())},
                {"reviewed_at", review ? Json(isoTime(review->reviewedAtMs)) : Json()},
                {"examples", examples}};
}

} // namespace conform::store
