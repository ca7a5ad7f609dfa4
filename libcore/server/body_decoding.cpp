#include "server/body_decoding.h"

#include <zlib.h>

#include <algorithm>

namespace conform::server {

namespace {

// windowBits for inflateInit2: 15 + 32 detects gzip and zlib headers; -15 is raw deflate,
// what some clients send as "deflate" although RFC 9110 means the zlib format.
int windowBitsFor(const QByteArray& compressed)
{
    if (compressed.size() >= 2 && static_cast<unsigned char>(compressed[0]) == 0x1f && static_cast<unsigned char>(compressed[1]) == 0x8b)
        return 15 + 32;
    if (compressed.size() >= 2 && (static_cast<unsigned char>(compressed[0]) & 0x0f) == 8
        && ((static_cast<unsigned char>(compressed[0]) << 8) | static_cast<unsigned char>(compressed[1])) % 31 == 0)
        return 15 + 32;
    return -15;
}

} // namespace

InflateResult inflateBody(const QByteArray& compressed, qsizetype maxBytes)
{
    InflateResult result;
    z_stream stream{};
    const int windowBits = windowBitsFor(compressed);
    if (inflateInit2(&stream, windowBits) != Z_OK)
        return {InflateResult::Status::Malformed, {}, "zlib could not start"};
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.constData()));
    stream.avail_in = static_cast<uInt>(compressed.size());
    QByteArray out;
    out.resize(std::min<qsizetype>(std::max<qsizetype>(compressed.size() * 4, 4096), maxBytes + 1));
    qsizetype written = 0;
    for (;;) {
        if (written == out.size()) {
            if (written > maxBytes)
                break;
            out.resize(std::min<qsizetype>(out.size() * 2, maxBytes + 1));
        }
        stream.next_out = reinterpret_cast<Bytef*>(out.data() + written);
        stream.avail_out = static_cast<uInt>(out.size() - written);
        const int code = inflate(&stream, Z_NO_FLUSH);
        written = out.size() - stream.avail_out;
        if (code == Z_STREAM_END) {
            if (stream.avail_in == 0)
                break;
            // Another gzip member follows (gzip files may be concatenated).
            if (windowBits != 15 + 32 || inflateReset(&stream) != Z_OK) {
                inflateEnd(&stream);
                return {InflateResult::Status::Malformed, {}, "bytes after the end of the stream"};
            }
            continue;
        }
        if (code == Z_BUF_ERROR && stream.avail_in == 0) {
            inflateEnd(&stream);
            return {InflateResult::Status::Malformed, {}, "the stream ends early"};
        }
        if (code != Z_OK && code != Z_BUF_ERROR) {
            const std::string why = stream.msg ? stream.msg : "corrupt data";
            inflateEnd(&stream);
            return {InflateResult::Status::Malformed, {}, why};
        }
    }
    inflateEnd(&stream);
    if (written > maxBytes)
        return {InflateResult::Status::TooLarge, {}, {}};
    out.truncate(written);
    result.bytes = std::move(out);
    return result;
}

QByteArray gzipBytes(const QByteArray& bytes)
{
    z_stream stream{};
    if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    QByteArray out;
    out.resize(static_cast<qsizetype>(deflateBound(&stream, static_cast<uLong>(bytes.size()))) + 32);
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.constData()));
    stream.avail_in = static_cast<uInt>(bytes.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    deflate(&stream, Z_FINISH);
    out.truncate(out.size() - stream.avail_out);
    deflateEnd(&stream);
    return out;
}

} // namespace conform::server
