// StreamingExtractor: one repairer kept alive across chunks. A seek position finds where JSON
// starts in the prose; the repairer then reads only the new bytes of each chunk.
#include "json/extract.h"

#include "json/candidates.h"
#include "json/repairer.h"

#include <tuple>

#include <optional>

namespace conform::json {

using detail::Repairer;

struct StreamingExtractor::State
{
    ExtractOptions options;
    std::string text;
    std::size_t seek = 0;            // where to look for the next start of JSON
    std::optional<Repairer> active;  // the value being read
    std::optional<Repairer> best;    // the largest value read to its end so far
    std::size_t bestLength = 0;
    bool failed = false;             // too deep or too broken: later starts would be fragments

    void pump();
    bool startCandidate();
};

// Finds the next `{` or `[` that starts JSON (or any JSON value at the very start).
bool StreamingExtractor::State::startCandidate()
{
    const std::size_t first = detail::firstSignificant(text);
    if (seek <= first && first < text.size() && text[first] != '{' && text[first] != '[') {
        seek = first + 1; // a leading scalar reply is left to finish(); partials show containers
    }
    while (seek < text.size()) {
        const std::size_t at = text.find_first_of("{[", seek);
        if (at == std::string::npos) {
            seek = text.size();
            return false;
        }
        const int looks = detail::looksLikeJson(text, at, false);
        if (looks < 0) {
            seek = at;
            return false;
        }
        if (looks == 1) {
            // current() gives no source map (finish() reads the whole text again): none to build.
            active.emplace(at, detail::RepairOptions{options.strict, false, {}});
            seek = at;
            return true;
        }
        seek = at + 1;
    }
    return false;
}

void StreamingExtractor::State::pump()
{
    while (true) {
        if (failed || (!active && !startCandidate()))
            return;
        const Repairer::Status status = active->run(text, false);
        if (status == Repairer::Status::NeedMore)
            return;
        const std::size_t from = active->start();
        if (status == Repairer::Status::Done) {
            const std::size_t length = active->end() - from;
            if (!best || length >= bestLength) {
                best = std::move(active);
                bestLength = length;
            }
            seek = from + length;
        } else {
            failed = true;
        }
        active.reset();
    }
}

StreamingExtractor::StreamingExtractor(ExtractOptions options) : d(std::make_unique<State>())
{
    d->options = std::move(options);
}

StreamingExtractor::~StreamingExtractor() = default;
StreamingExtractor::StreamingExtractor(StreamingExtractor&&) noexcept = default;
StreamingExtractor& StreamingExtractor::operator=(StreamingExtractor&&) noexcept = default;

void StreamingExtractor::feed(std::string_view chunk)
{
    try {
        d->text.append(chunk);
        d->pump();
    } catch (const std::exception&) {
        d->active.reset(); // out of memory: keep what was read; finish() reports
    }
}

Extraction StreamingExtractor::current() const
{
    Extraction x;
    const bool activeWins = d->active && d->active->hasValue()
        && (!d->best || d->active->position() - d->active->start() > d->bestLength);
    const Repairer* r = activeWins ? &*d->active : (d->best ? &*d->best : nullptr);
    if (!r) {
        x.reason = "no JSON found yet";
        return x;
    }
    try {
        x.value = r->snapshot();
        std::tie(x.fixes, x.refused) = FixList::fromLog(FixLog(r->log()));
        x.ok = true;
        x.candidateKind = "embedded";
        x.candidate = Span{r->start(), (activeWins ? r->position() : r->end()) - r->start()};
    } catch (const std::exception& e) {
        x = Extraction{};
        x.reason = std::string("no JSON found yet (") + e.what() + ")";
    }
    return x;
}

Extraction StreamingExtractor::finish()
{
    return extract(d->text, d->options);
}

const std::string& StreamingExtractor::text() const
{
    return d->text;
}

} // namespace conform::json
