#pragma once
// Sending OTLP/JSON to an OTLP/HTTP endpoint: the URL (a base such as http://host:4318 gets
// /v1/traces), headers from --header K=V and OTEL_EXPORTER_OTLP_HEADERS. Header values and
// URL credentials never appear in a message.
#include "base/result.h"

#include <QByteArray>
#include <QUrl>

#include <string>
#include <utility>
#include <vector>

namespace conform::otlp {

using Headers = std::vector<std::pair<QByteArray, QByteArray>>;

// "http://host:4318" -> "http://host:4318/v1/traces"; a URL ending in /v1/traces as given.
QUrl tracesUrl(const QString& endpoint);
// "k=v,k2=v2" (OTEL_EXPORTER_OTLP_HEADERS, values percent-decoded) appended to `headers`;
// an Error names the bad entry's key only.
Status addHeaderList(const std::string& list, Headers& headers);
// "K=V" or "K: V".
Status addHeader(const std::string& entry, Headers& headers);

// POSTs `body` (JSON) and waits for the answer, spinning an event loop (needs a
// QCoreApplication). An Error says the status or the transport's failure, with the URL
// redacted.
Status postJson(const QUrl& url, const Headers& headers, const QByteArray& body, int timeoutMs = 30'000);

} // namespace conform::otlp
