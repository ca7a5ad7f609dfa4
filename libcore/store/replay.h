#pragma once
// Replay over history: QA's question "what would my schema edit have broken?" answered
// without a model call. Each capture's final reply (the one its run ended on) is extracted
// and validated again, against the edited schema, with the policy it ran under; the report
// says which captures became invalid, which became valid, and the first issue of each.
//
//   ReplayReport report = replayHistory(store, filter, validator, schema, progress, &cancelled);
//
// The store is read a page at a time (never all of it), and each page is checked on every
// core while the next one is read. `progress` is called after each page; `cancelled` is
// polled between replies, and a cancelled replay reports what it had checked.
#include "base/json.h"
#include "base/result.h"
#include "schema/schema.h"
#include "store/filter.h"
#include "store/location.h"

#include <QObject>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

class QThread;

namespace conform::store {

class Store;

struct ReplayChange
{
    std::string id;
    bool validBefore = false;
    bool validAfter = false;
    Json issue; // became invalid: its first issue now; became valid: its first issue then
    std::int64_t createdAtMs = 0;
    std::string schemaTitle; // the schema the capture ran with
    std::string target;      // "openai/gpt-4o-mini"
};

struct ReplayReport
{
    std::int64_t count = 0, validBefore = 0, validAfter = 0, becameInvalid = 0, becameValid = 0;
    std::int64_t uncheckedBefore = 0; // judged by no schema when stored: judged now, never a change
    double seconds = 0;
    bool cancelled = false;
    std::vector<ReplayChange> changes; // in store order

    // {"count","valid_before","valid_after","became_invalid","became_valid","unchecked_before","seconds",
    //  "changes":[{"id","before","after","issue"}]} (+ "cancelled": true when it was)
    Json toJson() const;
};

using ReplayProgress = std::function<void(std::int64_t done, std::int64_t total)>;

Result<ReplayReport> replayHistory(Store& store, const Filter& filter, const schema::Validator& validator, const Json& schema,
                                   const ReplayProgress& progress = {}, const std::atomic_bool* cancelled = nullptr);

// The same on a worker thread with a store connection of its own, for the workbench.
class ReplayJob : public QObject
{
    Q_OBJECT
public:
    ReplayJob(StoreLocation location, Filter filter, std::shared_ptr<const schema::Validator> validator, Json schema,
              QObject* parent = nullptr);
    ~ReplayJob() override; // cancels and waits

    void start();
    void cancel() { m_cancelled = true; }

signals:
    void progress(qint64 done, qint64 total);
    void finished(const conform::store::ReplayReport& report);
    void failed(const QString& message);

private:
    StoreLocation m_location;
    Filter m_filter;
    std::shared_ptr<const schema::Validator> m_validator;
    Json m_schema;
    std::atomic_bool m_cancelled{false};
    QThread* m_thread = nullptr;
};

} // namespace conform::store
