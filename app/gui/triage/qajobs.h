#pragma once
// What QA changes in the store from the workbench — a review, labels, a regression suite made
// of captures — each on a worker thread with a connection of its own (the GUI thread never
// waits on SQL), each answering with one line of error or nothing. Triage and the Captures
// list's context menu both go through here, so a review from either is the same change.
//
//   reviewInBackground(this, location, change, [this](const QString& error) { ... });
#include "store/labels.h"
#include "store/location.h"
#include "store/reviews.h"

#include <QObject>
#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace conform::gui {

// `then` runs on `context`'s thread with "" when it was done, else one line saying why.
void reviewInBackground(QObject* context, const store::StoreLocation& location, store::ReviewChange change,
                        std::function<void(const QString& error)> then);
void relabelInBackground(QObject* context, const store::StoreLocation& location, store::LabelChange change,
                         std::function<void(const QString& error)> then);

// A regression suite (suite/regression_suite.h) of a cluster's newest `limit` captures, or
// of the captures `ids` names, written to `path` — or, with `addToExisting` and a suite
// already there, added to it (captures it holds are not added twice).
struct RegressionSuiteRequest
{
    std::string name;     // the suite's name when it is new ("cluster 3f9a…")
    std::string cluster;  // or
    std::vector<std::string> ids;
    int limit = 20;       // a cluster's newest
    std::string path;
    bool addToExisting = false;
};
// `then` gets the cases the file holds now and "" — or 0 and the error.
void writeRegressionSuiteInBackground(QObject* context, const store::StoreLocation& location, RegressionSuiteRequest request,
                                      std::function<void(int cases, const QString& error)> then);

// "key=value other=value -gone": the keys to set and (with a leading "-") to remove, as the
// Label… dialog takes them; an error names the word that is neither, or a key the store keeps
// for itself (store::checkLabelKey).
Result<store::LabelChange> parseLabelEdit(const QString& text);

} // namespace conform::gui
