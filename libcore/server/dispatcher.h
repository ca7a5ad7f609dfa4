#pragma once
// Request in, response plan and log line out: routing, body checks, turn choice, and the
// scenario's faults and transport behaviour applied to the rendered reply. No sockets here,
// so every decision is testable as data.
//
// Routes: POST /v1/messages (Anthropic), POST /v1/chat/completions (OpenAI), POST /api/chat
// (Ollama), GET /v1/models (OpenAI list, or Anthropic's with an anthropic-version header),
// GET /api/tags, GET /api/version, GET /. Anything else is 404; a known path with the
// wrong method is 405; a bad body is 400 in the protocol's own error shape.
#include "server/http_request.h"
#include "server/http_response.h"
#include "server/turn_book.h"
#include "server/wire.h"

#include <string>

namespace conform::server {

// One request as the log shows it. Never holds header values: keys stay out of logs.
struct RequestLog
{
    std::string method;
    std::string path;
    std::string protocol;  // "anthropic", "openai", "ollama", or "" when unrouted
    std::string scenario;  // "" when no scenario answered
    std::string session;   // the x-conform-session value, or ""
    int turn = 0;          // 1-based; 0 when no turn was used
    int status = 0;
    bool stream = false;
    std::string note;      // the fault or the error in a few words

    // "POST /v1/messages scenario=fenced-reply turn=2 status=200 stream" (one line).
    std::string toLine() const;
};

struct Dispatch
{
    ResponsePlan plan;
    RequestLog log;
};

// What a connection asks for each request: the replay server's Dispatcher, or another
// service on the same HTTP framing (the OTLP receiver of `conform-cli collect`).
class RequestHandler
{
public:
    virtual ~RequestHandler() = default;
    virtual Dispatch handle(const HttpRequest& request) = 0;
    // The answer to bytes that are not an acceptable request (parseRequest's Error); the
    // connection closes after it.
    virtual Dispatch reject(const ParseOutcome& outcome) const = 0;
};

class Dispatcher : public RequestHandler
{
public:
    explicit Dispatcher(std::vector<providers::Scenario> scenarios) : m_book(std::move(scenarios)) {}

    Dispatch handle(const HttpRequest& request) override;
    Dispatch reject(const ParseOutcome& outcome) const override;

    TurnBook& book() { return m_book; }
    const TurnBook& book() const { return m_book; }

private:
    Dispatch handleModelCall(const HttpRequest& request, Protocol protocol, RequestLog log);
    Dispatch handleListing(const HttpRequest& request, RequestLog log) const;

    TurnBook m_book;
};

} // namespace conform::server
