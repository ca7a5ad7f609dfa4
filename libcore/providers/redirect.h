#pragma once
// Redirects, as curl, requests and browsers follow them, so that a key goes only to the
// origin it was given for.
//
//   if (isRedirect(status) && location)
//       auto next = redirectedRequest(request, status, *location);   // or an error to report
//
// Rules: a redirect to another origin (scheme, host or port; 127.0.0.1 and localhost are two
// hosts) carries no credentials and only the headers known to be harmless (http.h:
// isHarmlessHeader), so authorization, x-api-key, x-goog-api-key, api-key, cookie and any
// header nobody has thought of stay behind; a same-origin redirect keeps them. https -> http
// is refused. 307 and 308 keep the method and body; 303, and 301 or 302 after a POST, become
// a GET without a body (as browsers do). NetworkChannel follows at most kMaxRedirects in a row;
// a redirect it refuses ends the exchange (Channel::redirectRefused), not retried.
//
// QNetworkAccessManager copies every header to the redirect's request, so callers that use it
// directly and cannot rebuild the request (OTLP export, the workbench's model lists) follow
// only same-origin redirects: guardRedirects().
#include "base/result.h"
#include "providers/http.h"

#include <QUrl>

#include <string>
#include <string_view>

class QNetworkReply;
class QNetworkRequest;

namespace conform::providers {

inline constexpr int kMaxRedirects = 10;

bool isRedirect(int status);

// Same scheme, host and port (a missing port read as the scheme's default).
bool sameOrigin(const QUrl& a, const QUrl& b);

// The request to send after `status` with `location` (relative or absolute), or why not
// (one line naming both URLs, their credentials redacted).
Result<HttpRequest> redirectedRequest(const HttpRequest& from, int status, std::string_view location);

// Sets the request's redirect policy so that guardRedirects() decides each hop.
void verifyRedirects(QNetworkRequest& request);
// Lets `reply` (made from a request given verifyRedirects()) follow a redirect within its
// origin and aborts it on one to another origin or from https to http.
void guardRedirects(QNetworkReply* reply);
// Why guardRedirects() aborted `reply`, "" when it did not: the error to show for it.
std::string refusedRedirect(const QNetworkReply* reply);

} // namespace conform::providers
