#include "providers/redirect.h"

#include <QNetworkReply>
#include <QNetworkRequest>

#include <cctype>

namespace conform::providers {

namespace {

int portOf(const QUrl& url)
{
    return url.port(url.scheme() == QLatin1String("https") ? 443 : 80);
}

std::string shown(const QUrl& url)
{
    return redactUrl(url.toString(QUrl::FullyEncoded).toStdString());
}

bool isBodyHeader(std::string_view name)
{
    std::string n(name);
    for (char& c : n)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return n == "content-type" || n == "content-length" || n == "content-encoding";
}

// Why the hop from `from` to `to` may not be made; "" when it may.
std::string refusal(const QUrl& from, const QUrl& to)
{
    if (!to.isValid() || (to.scheme() != QLatin1String("http") && to.scheme() != QLatin1String("https")) || to.host().isEmpty())
        return "redirect to '" + shown(to) + "' refused: not an http or https URL";
    if (from.scheme() == QLatin1String("https") && to.scheme() == QLatin1String("http"))
        return "redirect from " + shown(from) + " to " + shown(to) + " refused: it would leave https";
    return {};
}

constexpr const char* kRefusal = "conformRedirectRefused";

} // namespace

bool isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

bool sameOrigin(const QUrl& a, const QUrl& b)
{
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0 && a.host().compare(b.host(), Qt::CaseInsensitive) == 0
        && portOf(a) == portOf(b);
}

Result<HttpRequest> redirectedRequest(const HttpRequest& from, int status, std::string_view location)
{
    const QUrl before(QString::fromStdString(from.url));
    const QUrl after = before.resolved(QUrl(QString::fromUtf8(location.data(), qsizetype(location.size()))));
    if (std::string why = refusal(before, after); !why.empty())
        return Error{std::move(why), shown(before)};
    HttpRequest next = from;
    next.url = after.toString(QUrl::FullyEncoded).toStdString();
    const bool toGet = status == 303 ? from.method != "HEAD" : (status == 301 || status == 302) && from.method == "POST";
    if (toGet) {
        next.method = "GET";
        next.body.clear();
        std::erase_if(next.headers, [](const Header& h) { return isBodyHeader(h.first); });
    }
    if (!sameOrigin(before, after)) {
        next.credentials.clear();
        std::erase_if(next.headers, [](const Header& h) { return !isHarmlessHeader(h.first); });
    }
    return next;
}

void verifyRedirects(QNetworkRequest& request)
{
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::UserVerifiedRedirectPolicy);
    request.setMaximumRedirectsAllowed(kMaxRedirects);
}

void guardRedirects(QNetworkReply* reply)
{
    QObject::connect(reply, &QNetworkReply::redirected, reply, [reply, current = reply->url()](const QUrl& target) mutable {
        const QUrl next = current.resolved(target);
        std::string why = refusal(current, next);
        if (why.empty() && !sameOrigin(current, next))
            why = "redirect from " + shown(current) + " to " + shown(next) + " not followed: its headers are for its own origin";
        if (!why.empty()) {
            reply->setProperty(kRefusal, QString::fromStdString(why));
            reply->abort();
            return;
        }
        current = next;
        emit reply->redirectAllowed();
    });
}

std::string refusedRedirect(const QNetworkReply* reply)
{
    return reply->property(kRefusal).toString().toStdString();
}

} // namespace conform::providers
