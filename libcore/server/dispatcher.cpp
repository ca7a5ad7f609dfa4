#include "server/dispatcher.h"

#include "providers/anthropic.h"

#include "json/parse.h"
#include "server/reply.h"

#include <QDateTime>

#include <optional>

namespace conform::server {

namespace {

struct Route
{
    const char* path;
    const char* method;
    std::optional<Protocol> protocol; // set for model calls
};

constexpr Route kRoutes[] = {
    {"/v1/messages", "POST", Protocol::Anthropic},
    {"/v1/chat/completions", "POST", Protocol::OpenAi},
    {"/v1/responses", "POST", Protocol::OpenAiResponses},
    {"/api/chat", "POST", Protocol::Ollama},
    {"/v1/models", "GET", std::nullopt},
    {"/api/tags", "GET", std::nullopt},
    {"/api/version", "GET", std::nullopt},
    {"/", "GET", std::nullopt},
};

const Route* findRoute(const QByteArray& path)
{
    for (const Route& route : kRoutes)
        if (path == route.path)
            return &route;
    return nullptr;
}

// The protocol whose error shape suits a path, for errors before routing succeeds.
Protocol protocolForPath(const QByteArray& path)
{
    if (path.startsWith("/api/"))
        return Protocol::Ollama;
    return path.startsWith("/v1/messages") ? Protocol::Anthropic : Protocol::OpenAi;
}

// Response headers a scenario may not set: the connection owns the framing.
bool isFramingHeader(const std::string& name)
{
    const QByteArray lower = QByteArray::fromStdString(name).toLower();
    return lower == "content-length" || lower == "transfer-encoding" || lower == "connection";
}

void applyTurn(const providers::Turn& turn, ResponsePlan& plan)
{
    for (const auto& [name, value] : turn.headers) {
        if (isFramingHeader(name))
            continue;
        if (QByteArray::fromStdString(name).toLower() == "content-type")
            plan.contentType = QByteArray::fromStdString(value);
        else
            plan.addHeader(QByteArray::fromStdString(name), QByteArray::fromStdString(value));
    }
    plan.delayMs = turn.delayMs;
    plan.stallMs = turn.stallMs;
    plan.dropAfterBytes = turn.dropAfterBytes;
}

std::string describeTurn(const providers::Turn& turn)
{
    std::string note;
    if (turn.isFault())
        note = "fault";
    if (turn.dropAfterBytes)
        note += (note.empty() ? "" : " ") + std::string("drop_after=") + std::to_string(*turn.dropAfterBytes);
    if (turn.stallMs)
        note += (note.empty() ? "" : " ") + std::string("stall_ms=") + std::to_string(turn.stallMs);
    if (turn.delayMs)
        note += (note.empty() ? "" : " ") + std::string("delay_ms=") + std::to_string(turn.delayMs);
    return note;
}

// Paths and methods come from the peer; the log is one line of printable ASCII.
std::string printable(const QByteArray& bytes)
{
    std::string text = bytes.left(200).toStdString();
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e)
            c = '?';
    return text;
}

Dispatch failWith(Protocol protocol, int status, const std::string& message, RequestLog log)
{
    log.status = status;
    log.note = message;
    return {renderError(protocol, status, message), std::move(log)};
}

Json modelList(const std::vector<providers::Scenario>& scenarios, bool anthropic)
{
    Json data = Json::array();
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    for (const auto& s : scenarios) {
        if (anthropic)
            data.push_back({{"type", "model"}, {"id", s.name}, {"display_name", s.name}, {"created_at", now.toStdString()}});
        else
            data.push_back({{"id", s.name}, {"object", "model"}, {"created", 1'700'000'000}, {"owned_by", "conform"}});
    }
    if (!anthropic)
        return Json{{"object", "list"}, {"data", std::move(data)}};
    Json first = data.empty() ? Json() : data.front()["id"];
    Json last = data.empty() ? Json() : data.back()["id"];
    return Json{{"data", std::move(data)}, {"has_more", false}, {"first_id", first}, {"last_id", last}};
}

Json ollamaTags(const std::vector<providers::Scenario>& scenarios)
{
    Json models = Json::array();
    const std::string now = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    for (const auto& s : scenarios)
        models.push_back({{"name", s.name}, {"model", s.name}, {"modified_at", now}, {"size", 0},
                          {"digest", "sha256:" + std::string(64, '0')},
                          {"details", {{"parent_model", ""}, {"format", "scenario"}, {"family", "conform"},
                                       {"families", Json::array({"conform"})}, {"parameter_size", "0"},
                                       {"quantization_level", "none"}}}});
    return Json{{"models", std::move(models)}};
}

} // namespace

std::string RequestLog::toLine() const
{
    std::string line = method + ' ' + path;
    if (!scenario.empty())
        line += " scenario=" + scenario + " turn=" + std::to_string(turn);
    if (!session.empty())
        line += " session=" + session;
    line += " status=" + std::to_string(status);
    if (stream)
        line += " stream";
    if (!note.empty())
        line += " (" + note + ")";
    return line;
}

Dispatch Dispatcher::handle(const HttpRequest& request)
{
    RequestLog log;
    log.method = printable(request.method);
    log.path = printable(request.path);
    const Route* route = findRoute(request.path);
    const Protocol guess = route && route->protocol ? *route->protocol : protocolForPath(request.path);
    // Each message is built before `log` is moved into failWith: the order in which call
    // arguments are evaluated is unspecified, and GCC moved the log (and its path) out first.
    if (!route) {
        const std::string message = "no route for " + log.path;
        return failWith(guess, 404, message, std::move(log));
    }
    if (request.method != route->method) {
        const std::string message = "use " + std::string(route->method) + " for " + log.path;
        Dispatch answer = failWith(guess, 405, message, std::move(log));
        answer.plan.addHeader("allow", route->method);
        return answer;
    }
    if (route->protocol) {
        log.protocol = std::string(protocolName(*route->protocol));
        return handleModelCall(request, *route->protocol, std::move(log));
    }
    return handleListing(request, std::move(log));
}

Dispatch Dispatcher::handleListing(const HttpRequest& request, RequestLog log) const
{
    ResponsePlan plan;
    log.status = 200;
    if (request.path == "/v1/models")
        plan.pieces.push_back(toBytes(modelList(m_book.scenarios(), request.hasHeader("anthropic-version"))));
    else if (request.path == "/api/tags")
        plan.pieces.push_back(toBytes(ollamaTags(m_book.scenarios())));
    else if (request.path == "/api/version")
        plan.pieces.push_back(toBytes(Json{{"version", "0.5.0"}}));
    else {
        plan.contentType = "text/plain; charset=utf-8";
        plan.pieces.push_back("conform replay server is running");
    }
    return {std::move(plan), std::move(log)};
}

Dispatch Dispatcher::handleModelCall(const HttpRequest& request, Protocol protocol, RequestLog log)
{
    const std::string_view text(request.body.constData(), static_cast<std::size_t>(request.body.size()));
    auto body = json::parseStrict(text);
    if (!body)
        return failWith(protocol, 400, "invalid JSON body: " + body.error().toString(), std::move(log));
    if (const std::string problem = checkRequest(protocol, body.value()); !problem.empty())
        return failWith(protocol, 400, problem, std::move(log));
    log.session = printable(request.header("x-conform-session").left(120));
    const TurnBook::Pick pick = m_book.next(stringAt(body.value(), "model"), log.session);
    if (!pick.scenario)
        return failWith(protocol, 404, "no scenario is loaded", std::move(log));
    // An Anthropic request may prefill the reply (a continuation): the turn gives the rest.
    const providers::Turn turn = protocol == Protocol::Anthropic
        ? providers::continuing(pick.turn(), providers::anthropicPrefill(body.value()))
        : pick.turn();
    log.scenario = pick.scenario->name;
    log.turn = static_cast<int>(pick.index + 1);
    log.stream = wantsStream(protocol, body.value()) && !turn.isFault();
    log.note = describeTurn(turn);
    const std::string message = "conform replay: scenario '" + pick.scenario->name + "' turn " +
                                std::to_string(log.turn) + " answers " + std::to_string(turn.status) + ' ' +
                                reasonPhrase(turn.status).toStdString();
    ResponsePlan plan = turn.isFault()
        ? renderError(protocol, turn.status, message, turn.body ? &*turn.body : nullptr)
        : renderReply(protocol, RenderInput{body.value(), turn, request.body.size()});
    applyTurn(turn, plan);
    log.status = plan.status;
    return {std::move(plan), std::move(log)};
}

Dispatch Dispatcher::reject(const ParseOutcome& outcome) const
{
    RequestLog log;
    log.method = printable(outcome.request.method.left(16));
    log.path = printable(outcome.request.path);
    Dispatch answer = failWith(protocolForPath(outcome.request.path), outcome.errorStatus, outcome.errorMessage, std::move(log));
    answer.plan.close = true;
    return answer;
}

} // namespace conform::server
