#include "providers/retry.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QString>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace conform::providers {

namespace {

std::optional<std::string> headerValue(const std::vector<Header>& headers, std::string_view name)
{
    for (const auto& [key, value] : headers) {
        if (key.size() == name.size()
            && std::equal(key.begin(), key.end(), name.begin(),
                          [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; }))
            return value;
    }
    return std::nullopt;
}

std::string trimmed(std::string text)
{
    const auto notSpace = [](unsigned char c) { return !std::isspace(c); };
    text.erase(text.begin(), std::find_if(text.begin(), text.end(), notSpace));
    text.erase(std::find_if(text.rbegin(), text.rend(), notSpace).base(), text.end());
    return text;
}

std::optional<double> number(const std::string& text)
{
    const std::string t = trimmed(text);
    double value = 0;
    const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), value);
    if (error != std::errc() || end != t.data() + t.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<std::chrono::milliseconds> positive(double ms)
{
    if (!(ms > 0) || ms > 1e12)
        return std::nullopt;
    return std::chrono::milliseconds(static_cast<long long>(std::ceil(ms)));
}

std::string statusReason(const Failure& failure)
{
    if (failure.timedOut)
        return "timeout";
    if (failure.connectionError && failure.status > 0 && !failure.detail.empty())
        return failure.detail; // an answer that could not be read: the detail says what it was
    if (failure.connectionError || failure.status == 0)
        return "connection error" + (failure.detail.empty() ? std::string() : ": " + failure.detail);
    return "HTTP " + std::to_string(failure.status);
}

std::chrono::milliseconds backoff(int retriesSoFar, const RetryPolicy& policy, const UnitRandom& random)
{
    const double base = static_cast<double>(policy.initialDelay.count()) * std::pow(2.0, std::min(retriesSoFar, 30));
    const double cap = std::min(base, static_cast<double>(policy.maxDelay.count()));
    const double r = std::clamp(random ? random() : 0.5, 0.0, 1.0);
    return std::chrono::milliseconds(static_cast<long long>(cap * r));
}

} // namespace

bool isRetryableStatus(int status)
{
    return status == 408 || status == 409 || status == 429 || status >= 500;
}

std::optional<std::chrono::system_clock::time_point> parseHttpDate(std::string_view text)
{
    const QString s = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())).simplified();
    static const char* const formats[] = {"ddd, dd MMM yyyy HH:mm:ss 'GMT'", "dddd, dd-MMM-yy HH:mm:ss 'GMT'",
                                          "ddd MMM d HH:mm:ss yyyy"};
    for (const char* format : formats) {
        QDateTime date = QDateTime::fromString(s, QLatin1String(format));
        if (!date.isValid())
            continue;
        date.setTimeSpec(Qt::UTC);
        if (date.date().year() < 1970)
            date = date.addYears(100); // RFC 850's two-digit years
        return std::chrono::system_clock::time_point(std::chrono::milliseconds(date.toMSecsSinceEpoch()));
    }
    return std::nullopt;
}

std::optional<std::chrono::milliseconds> retryAfter(const std::vector<Header>& headers,
                                                    std::chrono::system_clock::time_point now)
{
    if (const auto ms = headerValue(headers, "retry-after-ms")) {
        if (const auto value = number(*ms))
            return positive(*value);
    }
    const auto after = headerValue(headers, "retry-after");
    if (!after)
        return std::nullopt;
    if (const auto seconds = number(*after))
        return positive(*seconds * 1000.0);
    if (const auto date = parseHttpDate(*after))
        return positive(static_cast<double>(std::chrono::duration_cast<std::chrono::milliseconds>(*date - now).count()));
    return std::nullopt;
}

RetryDecision decideRetry(const Failure& failure, int retriesSoFar, const RetryPolicy& policy,
                          const WallClock& now, const UnitRandom& random)
{
    RetryDecision decision;
    decision.reason = statusReason(failure);
    const auto should = headerValue(failure.headers, "x-should-retry");
    bool retryable = failure.timedOut || failure.connectionError || failure.status == 0 || isRetryableStatus(failure.status);
    if (should && trimmed(*should) == "true")
        retryable = true;
    else if (should && trimmed(*should) == "false")
        retryable = false;
    if (!retryable) {
        decision.reason += " is not retried";
        return decision;
    }
    if (retriesSoFar >= policy.maxRetries) {
        decision.reason += ": no retries left";
        return decision;
    }
    decision.retry = true;
    const auto hint = retryAfter(failure.headers, now ? now() : std::chrono::system_clock::now());
    if (hint && *hint <= policy.maxRetryAfter) {
        decision.delay = *hint;
        decision.reason += " (server asked to wait " + std::to_string(hint->count()) + " ms)";
    } else {
        decision.delay = backoff(retriesSoFar, policy, random);
        decision.reason += " (backoff)";
    }
    return decision;
}

WallClock systemWallClock()
{
    return [] { return std::chrono::system_clock::now(); };
}

UnitRandom systemRandom()
{
    return [] { return QRandomGenerator::global()->generateDouble(); };
}

} // namespace conform::providers
