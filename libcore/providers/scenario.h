#pragma once
// Scenarios: scripted model replies for demos, tests and the replay server.
//
//   Result<Scenario> s = providers::loadScenario(":/scenarios/fenced-reply.json");
//   if (!s) fail(s.error().toString());   // "fenced-reply.json: /turns/2/status: must be an integer"
//   const Turn& t = s->turnAt(n);          // the n-th request of a session (0-based); past the
//                                          // end the last turn repeats
//
// A scenario file is a JSON object (DESIGN.md, "Scenario files"):
//
//   {"name": "amber-case", "description": "...", "schema": {...} | "schemas/x/schema.json",
//    "prompt": {"system": "...", "user": "..."},            // optional: what `run` asks by default
//    "mode": "tool",                                        // optional: the mode it is meant to run in
//    "variables": {"question": "...", "answer": "..."},     // optional: values for its prompt's {{names}}
//    "protocols": ["anthropic", "openai"],                  // optional: where the demo holds (all)
//    "expect": {"outcome": "repaired", "flags": [], "attempts": 2, "repairs": 1,
//               "transport_retries": 0,                     // optional: the run under the default policy
//               "steps": ["mode:strict", "invalid", "repair", "fix:trailing_comma"]},
//                                                           // optional: what the screen shows, as
//                                                           // engine/steps.h's codes, in order
//    "turns": [
//      {"text": "```json\n{...}\n```", "stop_reason": "end",
//       "usage": {"input_tokens": 812, "output_tokens": 240, "cached_tokens": 0}, "delay_ms": 40},
//      {"tool_input": {...}, "tool_name": "submit_review"},
//      {"status": 429, "headers": {"retry-after": "1"}, "body": {...}},
//      {"text": "...", "drop_after_bytes": 300},     // connection cut mid-stream
//      {"text": "...", "stall_ms": 5000}]}           // first bytes, then silence
//
// A scenario may vary from run to run, deterministically: with
//   "variation": {"seed": 23, "share": 0.30, "turns": [...]}
// each session (a run in process, a session of the replay server) plays the variation's
// turns instead of `turns` when its draw falls below `share`. Session k's draw is the
// (k+1)-th output of SplitMix64 seeded with mix(seed XOR FNV-1a-64(name)), its top 53 bits
// scaled to [0, 1): the same seed gives the same sequence of draws, and two scenarios with one
// seed still draw apart. `expect` speaks of session 0.
//
// `mode` is one of the CLI's --mode words (auto, strict, tool, json-object, text): a demo played
// in the workbench sets the Run tab's mode to it (auto when it names none: the default its
// `expect` speaks of), `run --scenario` runs in it unless --mode is given, and Runs ×N plays
// the demo in it; elsewhere, without it, the caller's mode stands. `variables`
// are the values of the {{placeholders}} of the prompt the demo runs with (its own `prompt`, or
// the workspace prompt opened with its schema), so the request shows the question its recorded
// replies answer; a --var of the same name wins on the CLI.
//
// A turn is either a reply (text and/or tool_input) or a fault (status >= 400). A reply may
// also carry transport behaviour: delay_ms (before anything is sent), stall_ms (after the
// headers and first bytes), drop_after_bytes (of the response body, then the connection is
// aborted). Rendering a turn into a wire protocol is the consumer's business (the replay
// server renders it as Anthropic, OpenAI or Ollama; the Scenario provider hands it to the
// engine directly); this header only models and loads.
//
// Captures (recorded calls in the store) will replay through the same model: a future
// loader turns the recorded responses of a run into a Scenario whose `origin` is
// Origin::Captures, one Turn per recorded response. Consumers therefore take a Scenario and
// never care where it came from.
//
// Nothing here throws. Loading errors name the file and the JSON pointer of the culprit.
#include "base/json.h"
#include "base/result.h"
#include "providers/mode.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace conform::providers {

// Why a reply ended, independent of the wire protocol. Each protocol spells these its own
// way (end_turn / stop, max_tokens / length, tool_use / tool_calls, refusal / content_filter).
enum class StopReason { End, MaxTokens, StopSequence, ToolUse, Refusal, PauseTurn, ContextWindow };

// "end", "max_tokens", "stop_sequence", "tool_use", "refusal", "pause_turn", "context_window".
std::string_view stopReasonName(StopReason reason);
// Accepts the normalised names and every protocol's own spelling ("end_turn", "stop",
// "length", "tool_calls", "content_filter", "model_context_window_exceeded").
std::optional<StopReason> parseStopReason(std::string_view name);

// Per protocol: Anthropic stop_reason, OpenAI finish_reason, Ollama done_reason.
std::string_view anthropicStopReason(StopReason reason);
std::string_view openAiFinishReason(StopReason reason);
std::string_view ollamaDoneReason(StopReason reason);

// Token counts as the upstream reported them; kUnknownTokens (-1, base/json_access.h) where it
// reported one no count can be (2^64-1, 1e22, negative): written as null, summed as nothing.
struct Usage
{
    std::int64_t inputTokens = 0;
    std::int64_t outputTokens = 0;
    std::int64_t cachedTokens = 0; // read from the prompt cache; part of inputTokens' context
    std::int64_t reasoningTokens = 0; // part of outputTokens (the Responses API reports it)
    friend bool operator==(const Usage&, const Usage&) = default;
    bool known() const { return inputTokens >= 0 && outputTokens >= 0 && cachedTokens >= 0; }
    // {"input","output","cached"} (+ "reasoning" when reported), an unknown count as null.
    Json toJson() const;
};

using Header = std::pair<std::string, std::string>;

struct Turn
{
    // The reply. At least one of text and toolInput is set unless the turn is a fault.
    std::optional<std::string> text;
    std::optional<Json> toolInput;   // any JSON value; a tool call's input / arguments
    std::string toolName;            // optional: the tool to name when the request names none
    std::optional<StopReason> stopReason; // unset: End for text, ToolUse for a tool call
    std::optional<Usage> usage;      // unset: consumers estimate from the text length

    // A fault: an HTTP error with its headers (e.g. retry-after) and body. When `body` is
    // unset, the consumer writes the protocol's own error body for `status`.
    int status = 0;                  // 0: a normal reply (HTTP 200)
    std::vector<Header> headers;     // extra response headers, in file order (faults or not)
    std::optional<Json> body;        // a JSON value; a JSON string is sent as raw text

    // Transport behaviour, for any turn.
    int delayMs = 0;                         // wait before responding at all
    int stallMs = 0;                         // after the headers and first bytes, wait this long
    std::optional<std::int64_t> dropAfterBytes; // write this many body bytes, then abort

    bool isFault() const { return status >= 400; }
    bool isToolCall() const { return toolInput.has_value(); }
    // The stop reason to report: the explicit one, else ToolUse / End by shape.
    StopReason effectiveStopReason() const;
};

// A scenario's other behaviour, played in a seeded share of its sessions.
struct Variation
{
    std::uint64_t seed = 0;
    double share = 0.0;       // in [0, 1]
    std::vector<Turn> turns;  // never empty once loaded
};

// The turn as it answers a request that prefilled `prefill` as the assistant's reply (an
// Anthropic continuation): a text that starts with the prefill gives only the rest, since the
// model writes on from there. Any other turn is returned as it is. So a scenario holds the
// whole reply once and plays it both to a client that asks again and to one that continues.
Turn continuing(const Turn& turn, std::string_view prefill);

struct Scenario
{
    enum class Origin { File, Captures };

    std::string name;          // matched against a request's `model` by the replay server
    std::string description;
    std::optional<Json> schema;   // embedded schema, if any
    std::string schemaRef;        // or a workspace-relative path ("schemas/x/schema.json")
    std::string promptSystem;     // the prompt `run --scenario NAME` uses when given none
    std::string promptUser;
    // The mode the demo is meant to run in; unset: whatever the caller chose.
    std::optional<ModeChoice> mode;
    // {{name}} -> value for the prompt the demo runs with (its own or the workspace's).
    std::map<std::string, std::string> variables;
    // What a run under the default policy must show: {"outcome", "flags", "attempts",
    // "repairs", "transport_retries"} and optionally "steps", checked by the tests against
    // every protocol listed (the steps read off the workbench's widgets too).
    std::optional<Json> expect;
    std::vector<std::string> protocols; // "anthropic", "openai", "ollama"; empty: all three
    std::vector<Turn> turns;      // never empty once loaded
    std::string file;             // where it was loaded from ("" when parsed from memory)
    Origin origin = Origin::File;
    // In-process only, for an audience: the pause between streamed events (0: all at once).
    // Set by the caller (the workbench's pace control), never read from a file.
    int paceMs = 0;

    std::optional<Variation> variation;

    // The user message a run of this scenario sends when it brings no prompt of its own (the
    // CLI given no --user, a demo in Run ×N): promptUser, else the description.
    const std::string& ownUserPrompt() const { return promptUser.empty() ? description : promptUser; }

    // The turn for the n-th request (0-based) of a session; past the end the last turn
    // repeats. `varied`: the session plays the variation's turns.
    const Turn& turnAt(std::size_t n, bool varied = false) const;
    // Whether session `k` plays the variation (false without one). Pure.
    bool variedSession(std::uint64_t k) const;
    // Numbers a new session (copies of this scenario count together) and draws for it.
    bool startSession() const;

private:
    std::shared_ptr<std::atomic<std::uint64_t>> m_sessions = std::make_shared<std::atomic<std::uint64_t>>(0);
};

// One turn of a scenario (or a cassette's reply), checked as a scenario file's turns are;
// errors name the pointer under `where`. turnJson() writes it back the same way.
Result<Turn> parseTurn(const Json& json, const std::string& where);
Json turnJson(const Turn& turn);

// Parses a scenario document. `file` is only used to prefix errors ("x.json: /turns/0: ...");
// pass "" for none.
Result<Scenario> parseScenario(const Json& document, std::string_view file = {});
// Parses JSON text first (errors then say "x.json: line L, column C: ...").
Result<Scenario> parseScenarioText(std::string_view text, std::string_view file = {});
// Reads a file or a Qt resource (":/scenarios/x.json"). Errors name the file by its base name.
Result<Scenario> loadScenario(const QString& path);

// The built-in demo scenarios (":/scenarios/*.json"), sorted by file name. Empty unless the
// program links the conform_resources library.
std::vector<QString> builtinScenarioPaths();

// A file path as given, or the built-in scenario of that name ("fenced-reply" ->
// ":/scenarios/fenced-reply.json") when no such file exists.
QString resolveScenarioPath(const QString& nameOrPath);

// loadScenario(resolveScenarioPath(nameOrPath)), but a name that is neither a file nor a
// built-in scenario says so and lists the built-in names, instead of "No such file".
Result<Scenario> loadScenarioNamed(const QString& nameOrPath);

} // namespace conform::providers
