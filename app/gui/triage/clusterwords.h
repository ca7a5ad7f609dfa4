#pragma once
// A failure cluster (store/clusters.h) in a reviewer's words, the way Triage lists it:
//   cause   "items[*].price is missing"               (its first finding, or its flag)
//   spread  "150 captures since Tuesday, 3 schema versions, gpt-4.1-mini"
// Paths read as JavaScript reads them (items[*].price), since that is how the people who
// write the prompts and the code name a field; "*" stands for every index.
#include "store/clusters.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <vector>

namespace conform::gui {

struct ClusterWords
{
    Q_DECLARE_TR_FUNCTIONS(ClusterWords)
public:
    // `items[*].price`; "the value" for the root.
    static QString path(const std::vector<std::string>& path);
    // "items[*].price is missing", "the reply holds no JSON value", "the request was refused (HTTP 400)".
    static QString finding(const store::Finding& finding);
    // The cluster's cause: its flag ("the reply was cut at the token limit") or its first
    // finding, with "and 2 more" when it has others.
    static QString cause(const store::Cluster& cluster);
    // "150 captures since Tuesday, 3 schema versions, gpt-4.1-mini": how many, since when
    // (a weekday within the week before `nowMs`, else a date), and, when the query read
    // them, the schema versions and models it spans.
    static QString spread(const store::Cluster& cluster, std::int64_t nowMs);
    // "new", "confirmed", …, "regressed", in the user's language.
    static QString state(store::ReviewState state);
    // What the state means, for a tooltip.
    static QString stateMeaning(store::ReviewState state);
    // "failed", "fallback", "repaired": which outcome the cluster's captures share.
    static QString outcome(int outcome);
};

} // namespace conform::gui
