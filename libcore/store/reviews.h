#pragma once
// Reviews a team shares: a state, a note, who and when, on a failure cluster (clusters.h) or
// on a single capture, kept in the store beside the captures (SQLite or a team's
// PostgreSQL) with every change in its history.
//
//   store.review({{{SubjectKind::Cluster, "3f9a0c2e71d4b858"}}, ReviewState::Fixed, "prompt v7", "ana", nowMs});
//   store.reviewOf({SubjectKind::Cluster, "3f9a0c2e71d4b858"});   // the review as set, or none
//   store.reviewHistory({SubjectKind::Cluster, "3f9a0c2e71d4b858"}); // oldest first
//
// The rules:
// - Nobody sets `regressed`: a cluster reviewed `fixed` reads regressed while it holds a
//   capture that ran after the fix (created later than the review). A capture imported
//   afterwards that ran before the fix does not reopen it. Reviewing it again (any state,
//   `fixed` included, with its new time) ends that.
// - A change without a note keeps the note there was; an empty note clears it.
// - The reviewer and the time are the caller's (the command line: --reviewer, else $USER;
//   the workbench: Settings ▸ your name), so a test can fix them.
// - A change to several subjects is one transaction: an unknown id changes nothing.
#include "base/json.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::store {

enum class ReviewState { New, Confirmed, Expected, Fixed, Ignored, Regressed };
// The names in enum order: the store's words, the command line's and the JSON's.
inline constexpr std::array<std::string_view, 6> kReviewStateNames{"new", "confirmed", "expected", "fixed", "ignored", "regressed"};
std::string_view reviewStateName(ReviewState state);
std::optional<ReviewState> parseReviewState(std::string_view name);

enum class SubjectKind { Cluster, Capture };
std::string_view subjectKindName(SubjectKind kind); // "cluster", "capture"

struct ReviewSubject
{
    SubjectKind kind = SubjectKind::Cluster;
    std::string id; // the cluster id, or the capture id
    friend bool operator==(const ReviewSubject&, const ReviewSubject&) = default;
};

// A review as it was last set.
struct Review
{
    ReviewState state = ReviewState::New; // never Regressed
    std::string note;
    std::string reviewer;
    std::int64_t reviewedAtMs = 0;
};

struct ReviewChange
{
    std::vector<ReviewSubject> subjects;
    ReviewState state = ReviewState::New; // any but Regressed
    std::optional<std::string> note;      // unset: keep the note
    std::string reviewer;                 // required
    std::int64_t atMs = 0;
};

// One change, as the history keeps it.
struct ReviewEvent
{
    ReviewSubject subject;
    ReviewState state = ReviewState::New;
    std::optional<ReviewState> previousState; // unset: the first review
    std::string note;
    std::optional<std::string> previousNote;
    std::string reviewer;
    std::int64_t atMs = 0;

    // {"subject": {"kind", "id"}, "state", "previous_state", "note", "previous_note",
    //  "reviewer", "at"}: one line of `captures review --history --json`.
    Json toJson() const;
};

// How a cluster's review reads, given the time of its newest capture: its state, regressed
// when that is fixed and the capture ran after the fix, new when it was never reviewed.
ReviewState stateAsRead(const std::optional<Review>& review, std::int64_t newestCaptureMs);

} // namespace conform::store
