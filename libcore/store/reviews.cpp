#include "store/reviews.h"

#include "base/names.h"
#include "store/capture.h"

namespace conform::store {

std::string_view reviewStateName(ReviewState state)
{
    return kReviewStateNames[static_cast<std::size_t>(state)];
}

std::optional<ReviewState> parseReviewState(std::string_view name)
{
    return enumOfName<ReviewState>(kReviewStateNames, name);
}

std::string_view subjectKindName(SubjectKind kind)
{
    return kind == SubjectKind::Cluster ? "cluster" : "capture";
}

Json ReviewEvent::toJson() const
{
    return Json{{"subject", Json{{"kind", std::string(subjectKindName(subject.kind))}, {"id", subject.id}}},
                {"state", std::string(reviewStateName(state))},
                {"previous_state", previousState ? Json(std::string(reviewStateName(*previousState))) : Json()},
                {"note", note},
                {"previous_note", previousNote ? Json(*previousNote) : Json()},
                {"reviewer", reviewer},
                {"at", isoTime(atMs)}};
}

ReviewState stateAsRead(const std::optional<Review>& review, std::int64_t newestCaptureMs)
{
    if (!review)
        return ReviewState::New;
    if (review->state == ReviewState::Fixed && newestCaptureMs > review->reviewedAtMs)
        return ReviewState::Regressed;
    return review->state;
}

} // namespace conform::store
