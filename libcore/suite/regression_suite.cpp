#include "suite/regression_suite.h"

#include "base/json_access.h"
#include "store/capture_scenario.h"

#include "store/store.h"

#include <QFileInfo>
#include <QSaveFile>

#include <map>
#include <set>

namespace conform::suite {

namespace {

// The capture's first target as a suite target, with its name: provider/model (a scenario's
// name as its model), ":mode" unless auto, as defaultTargetName() names it. A target that
// named no model gets the one its first request asked for (the engine's default for its
// provider; "scenario" for a demo): the model is part of the request a replay must repeat,
// and a suite would otherwise fill in another (a scenario target's name).
Json targetOf(const store::Capture& capture, const providers::Cassette& cassette)
{
    const Json& targets = member(capture.spec, "targets");
    const Json& recorded = targets.is_array() && !targets.empty() ? targets[0] : Json();
    Json target = Json::object();
    target["provider"] = recorded.is_null() ? capture.summary.provider : stringOf(member(recorded, "provider"));
    const std::string asked = recorded.is_null() ? capture.summary.model : stringOf(member(recorded, "model"));
    const std::string model = asked.empty() && !cassette.calls.empty() ? cassette.calls.front().request.model : asked;
    const std::string mode = stringOf(member(recorded, "mode"));
    std::string named = model;
    if (target["provider"] == "scenario") {
        const std::string file = stringOf(member(recorded, "scenario_file"));
        const std::string scenario = stringOf(member(recorded, "scenario"));
        target["scenario"] = !file.empty() && QFileInfo::exists(QString::fromStdString(file)) ? file : scenario;
        if (asked.empty())
            named = scenario;
    }
    if (!model.empty())
        target["model"] = model;
    if (!mode.empty() && mode != "auto")
        target["mode"] = mode;
    if (const std::string url = stringOf(member(recorded, "base_url")); !url.empty())
        target["base_url"] = url;
    target["name"] = target["provider"].get<std::string>() + "/" + named + (mode.empty() || mode == "auto" ? "" : ":" + mode);
    return target;
}

// The messages of a call with no variables, as its first request sent them; the capture's
// texts when no request was recorded in a shape a case can hold (a system message first,
// then user and assistant messages).
Json messagesOf(const store::Capture& capture, const providers::Cassette& cassette)
{
    Json messages = Json::array();
    if (!cassette.calls.empty()) {
        const auto& sent = cassette.calls.front().request.messages;
        bool holdable = !sent.empty();
        for (std::size_t i = 0; i < sent.size(); ++i)
            holdable = holdable && (sent[i].role == "user" || sent[i].role == "assistant" || (sent[i].role == "system" && i == 0));
        if (holdable) {
            for (const providers::SentMessage& m : sent)
                messages.push_back(Json{{"role", m.role}, {"content", m.content}});
            return messages;
        }
    }
    if (!capture.system.empty())
        messages.push_back(Json{{"role", "system"}, {"content", capture.system}});
    messages.push_back(Json{{"role", "user"}, {"content", capture.user}});
    return messages;
}

std::string uniqueName(std::string name, std::set<std::string>& taken)
{
    const std::string base = name;
    for (int n = 2; taken.contains(name); ++n)
        name = base + " #" + std::to_string(n);
    taken.insert(name);
    return name;
}

} // namespace

Json regressionSuite(const std::string& name, const std::vector<store::Capture>& captures)
{
    Json targets = Json::array();
    Json cases = Json::array();
    std::set<std::string> caseNames;
    std::map<std::string, Json> targetsByName;
    for (const store::Capture& capture : captures) {
        const providers::Cassette cassette = store::cassetteOfCapture(capture);
        Json target = targetOf(capture, cassette);
        std::string targetName = target["name"].get<std::string>();
        // One name, two targets: a demo run asks for the scenario's name as its model, the same
        // demo in a suite for "scenario". Each case must replay against the model it recorded.
        if (auto same = targetsByName.find(targetName); same != targetsByName.end() && same->second != target) {
            targetName += " (model " + stringOf(member(target, "model")) + ")";
            target["name"] = targetName;
        }
        if (targetsByName.emplace(targetName, target).second)
            targets.push_back(std::move(target));
        const std::string label = store::labelValue(capture.summary.labels, "case");
        Json c{{"name", uniqueName(label.empty() ? capture.summary.id : label, caseNames)}, {"capture", capture.summary.id},
               {"schema", capture.schema}};
        const Json& variables = member(capture.spec, "variables");
        if (variables.is_object() && !variables.empty()) {
            if (!capture.system.empty())
                c["system"] = capture.system;
            c["user"] = capture.user;
            c["vars"] = variables;
        } else {
            c["messages"] = messagesOf(capture, cassette);
        }
        c["target"] = targetName;
        if (const Json& policy = member(capture.spec, "policy"); policy.is_object())
            c["policy"] = policy;
        c["cassette"] = cassette.toJson();
        cases.push_back(std::move(c));
    }
    return Json{{"name", name},
                {"description", "Regression suite of " + std::to_string(captures.size()) + " capture(s): `conform-cli suite FILE --replay` "
                                "re-judges their recorded replies offline; without --replay it asks the targets again."},
                {"thresholds", Json{{"min_success", 1}}},
                {"targets", std::move(targets)},
                {"cases", std::move(cases)}};
}

Result<Json> addedToSuite(Json existing, const Json& more)
{
    if (!existing.is_object() || !member(existing, "cases").is_array())
        return Error{"not a suite: it has no \"cases\" array", {}};
    if (!member(existing, "targets").is_array())
        existing["targets"] = Json::array();
    std::set<std::string> targetNames, caseNames, captureIds;
    for (const Json& target : existing["targets"])
        targetNames.insert(stringOf(member(target, "name")));
    for (const Json& c : existing["cases"]) {
        caseNames.insert(stringOf(member(c, "name")));
        captureIds.insert(stringOf(member(c, "capture")));
    }
    for (const Json& target : member(more, "targets"))
        if (targetNames.insert(stringOf(member(target, "name"))).second)
            existing["targets"].push_back(target);
    for (Json c : member(more, "cases")) {
        if (!captureIds.insert(stringOf(member(c, "capture"))).second)
            continue;
        c["name"] = uniqueName(stringOf(member(c, "name")), caseNames);
        existing["cases"].push_back(std::move(c));
    }
    return existing;
}

Result<std::vector<store::Capture>> clusterCaptures(store::Store& store, const std::string& cluster, int limit)
{
    store::Filter filter;
    filter.cluster = cluster;
    auto newest = store.page(filter, store::Order{store::SortKey::Time, true}, std::nullopt, limit);
    if (!newest)
        return newest.error();
    if (newest->rows.empty())
        return Error{"no cluster " + cluster, store.location().display()};
    std::vector<std::string> ids;
    for (const store::CaptureSummary& summary : newest->rows)
        ids.push_back(summary.id);
    return capturesById(store, ids);
}

Result<std::vector<store::Capture>> capturesById(store::Store& store, const std::vector<std::string>& ids)
{
    std::vector<store::Capture> captures;
    for (const std::string& id : ids) {
        auto found = store.capture(id);
        if (!found)
            return found.error();
        if (!found.value())
            return Error{"no capture " + id, store.location().display()};
        captures.push_back(std::move(*found.value()));
    }
    return captures;
}

Status writeSuiteFile(const std::string& path, const Json& suite)
{
    const std::string text = dump(suite, 2) + "\n";
    QSaveFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit())
        return Error{file.errorString().toStdString(), path};
    return Done{};
}

} // namespace conform::suite
