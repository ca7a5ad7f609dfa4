#pragma once
// Inflating a request body sent with Content-Encoding gzip or deflate (the OpenTelemetry
// exporters gzip theirs), never past a size limit: a small hostile body that would inflate
// to gigabytes stops at the limit, having written no more than it.
#include <QByteArray>

#include <string>

namespace conform::server {

struct InflateResult
{
    enum class Status { Ok, TooLarge, Malformed };
    Status status = Status::Ok;
    QByteArray bytes;      // with Ok: the inflated body
    std::string message;   // with Malformed: zlib's words
};

// gzip, zlib or raw deflate streams, told apart by their first bytes; concatenated gzip
// members are read one after another, as gunzip does.
InflateResult inflateBody(const QByteArray& compressed, qsizetype maxBytes);

// The gzip stream of `bytes` (the exporter tests' and the OTLP exporter's).
QByteArray gzipBytes(const QByteArray& bytes);

} // namespace conform::server
