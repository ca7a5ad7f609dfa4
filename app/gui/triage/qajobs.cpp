#include "triage/qajobs.h"

#include "async/backgroundtask.h"

#include "store/store.h"
#include "json/parse.h"
#include "suite/regression_suite.h"

#include <QFile>
#include <QRegularExpression>

namespace conform::gui {

namespace {

// Opens the store on the worker (never creating one: QA changes what is there) and runs `change`.
QString withStore(const store::StoreLocation& location, const std::function<Status(store::Store&)>& change)
{
    auto opened = store::Store::open(location, store::OpenOptions{false});
    if (!opened)
        return QString::fromStdString(opened.error().toString());
    const Status done = change(*opened.value());
    return done ? QString() : QString::fromStdString(done.error().toString());
}

Result<Json> readSuite(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return Error{file.errorString().toStdString(), path};
    auto parsed = json::parseStrict(file.readAll().toStdString());
    if (!parsed)
        return Error{parsed.error().toString(), path};
    return parsed.value();
}

} // namespace

void reviewInBackground(QObject* context, const store::StoreLocation& location, store::ReviewChange change,
                        std::function<void(const QString& error)> then)
{
    runInBackground(context, [location, change = std::move(change)] {
        return withStore(location, [&](store::Store& store) -> Status {
            if (auto done = store.review(change); !done)
                return done.error();
            return Done{};
        });
    }, std::move(then));
}

void relabelInBackground(QObject* context, const store::StoreLocation& location, store::LabelChange change,
                         std::function<void(const QString& error)> then)
{
    runInBackground(context, [location, change = std::move(change)] {
        return withStore(location, [&](store::Store& store) { return store.relabel(change); });
    }, std::move(then));
}

void writeRegressionSuiteInBackground(QObject* context, const store::StoreLocation& location, RegressionSuiteRequest request,
                                      std::function<void(int cases, const QString& error)> then)
{
    struct Answer { int cases = 0; QString error; };
    runInBackground(context, [location, request = std::move(request)] {
        Answer answer;
        answer.error = withStore(location, [&](store::Store& store) -> Status {
            auto captures = request.cluster.empty() ? suite::capturesById(store, request.ids)
                                                    : suite::clusterCaptures(store, request.cluster, request.limit);
            if (!captures)
                return captures.error();
            Json suite = suite::regressionSuite(request.name, captures.value());
            if (request.addToExisting && QFile::exists(QString::fromStdString(request.path))) {
                auto existing = readSuite(request.path);
                if (!existing)
                    return existing.error();
                auto added = suite::addedToSuite(std::move(existing.value()), suite);
                if (!added)
                    return Error{added.error().message, request.path};
                suite = std::move(added.value());
            }
            answer.cases = int(suite["cases"].size());
            return suite::writeSuiteFile(request.path, suite);
        });
        if (!answer.error.isEmpty())
            answer.cases = 0;
        return answer;
    }, [then = std::move(then)](const Answer& answer) { then(answer.cases, answer.error); });
}

Result<store::LabelChange> parseLabelEdit(const QString& text)
{
    store::LabelChange change;
    for (const QString& word : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        const bool removing = word.startsWith(QLatin1Char('-'));
        const qsizetype equals = word.indexOf(QLatin1Char('='));
        const QString key = removing ? word.mid(1) : word.left(equals);
        if (key.isEmpty() || (removing && equals >= 0) || (!removing && equals < 0))
            return Error{"\"" + word.toStdString() + "\": write key=value to set a label, -key to remove one", {}};
        if (auto allowed = store::checkLabelKey(key.toStdString()); !allowed)
            return allowed.error();
        if (removing)
            change.remove.push_back(key.toStdString());
        else
            change.set.emplace_back(key.toStdString(), word.mid(equals + 1).toStdString());
    }
    if (change.set.empty() && change.remove.empty())
        return Error{"no label given: write key=value to set one, -key to remove one", {}};
    return change;
}

} // namespace conform::gui
