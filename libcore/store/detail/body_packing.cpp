#include "store/detail/body_packing.h"

#include "base/json.h"
#include "store/capture.h"

#include <simdjson.h>

#include <zstd.h>

#include <cstdint>
#include <cstring>
#include <memory>

namespace conform::store::detail {

namespace {

// Level 3 (zstd's default): level 1 gave bodies about a tenth larger for a third less time,
// and the writer's time goes to the database more than to this.
constexpr int kLevel = 3;
// The frame's content starts with the spec's length, then the spec, then the run.
constexpr std::size_t kLengthBytes = 8;

struct ContextDeleter
{
    void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
    void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

// One context per thread, kept: making one costs more than packing a body.
ZSTD_CCtx* compressor()
{
    thread_local std::unique_ptr<ZSTD_CCtx, ContextDeleter> context(ZSTD_createCCtx());
    return context.get();
}

ZSTD_DCtx* decompressor()
{
    thread_local std::unique_ptr<ZSTD_DCtx, ContextDeleter> context(ZSTD_createDCtx());
    return context.get();
}

Error packingError(const char* what, std::size_t code)
{
    std::string message = "capture body ";
    message.append(what).append(": ").append(ZSTD_getErrorName(code));
    return Error{std::move(message), {}};
}

} // namespace

std::string bodyDictionary(std::string_view schemaText, std::string_view system, std::string_view user)
{
    // The texts as the requests carry them: the prompts as JSON strings (escaped), and also
    // as they are, for bodies that hold them raw. The schema is already compact JSON.
    std::string dictionary(schemaText);
    dictionary += dump(Json(std::string(system)));
    dictionary += dump(Json(std::string(user)));
    dictionary += system;
    dictionary += user;
    return dictionary;
}

std::string packBodies(std::string_view spec, std::string_view run, std::string_view dictionary)
{
    std::string content;
    content.resize(kLengthBytes);
    std::uint64_t length = spec.size();
    for (std::size_t i = 0; i < kLengthBytes; ++i)
        content[i] = static_cast<char>((length >> (8 * i)) & 0xff);
    content.append(spec);
    content.append(run);
    ZSTD_CCtx* c = compressor();
    ZSTD_CCtx_reset(c, ZSTD_reset_session_and_parameters);
    ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, kLevel);
    ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
    ZSTD_CCtx_refPrefix(c, dictionary.data(), dictionary.size());
    std::string packed(ZSTD_compressBound(content.size()), '\0');
    const std::size_t size = ZSTD_compress2(c, packed.data(), packed.size(), content.data(), content.size());
    // Compressing into a buffer of compressBound's size cannot fail but for memory.
    if (ZSTD_isError(size))
        throw std::bad_alloc();
    packed.resize(size);
    return packed;
}

Result<std::pair<std::string, std::string>> unpackBodies(std::string_view packed, std::string_view dictionary)
{
    const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), packed.size());
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size < kLengthBytes || size > (1ull << 30))
        return Error{"capture body is damaged (not a body frame)", {}};
    std::string content(static_cast<std::size_t>(size), '\0');
    ZSTD_DCtx* d = decompressor();
    ZSTD_DCtx_reset(d, ZSTD_reset_session_and_parameters);
    ZSTD_DCtx_refPrefix(d, dictionary.data(), dictionary.size());
    const std::size_t written = ZSTD_decompressDCtx(d, content.data(), content.size(), packed.data(), packed.size());
    if (ZSTD_isError(written))
        return packingError("cannot be read", written);
    if (written != content.size())
        return Error{"capture body is damaged (short)", {}};
    std::uint64_t specLength = 0;
    for (std::size_t i = 0; i < kLengthBytes; ++i)
        specLength |= std::uint64_t(static_cast<unsigned char>(content[i])) << (8 * i);
    if (specLength > content.size() - kLengthBytes)
        return Error{"capture body is damaged (bad length)", {}};
    std::string spec = content.substr(kLengthBytes, specLength);
    std::string run = content.substr(kLengthBytes + specLength);
    return std::pair{std::move(spec), std::move(run)};
}

namespace {

// The first byte of a templated body: whether the reply is in its dictionary.
constexpr char kWithReply = 'r';
constexpr char kWithoutReply = 't';

// Whether a reply comes back from a text column exactly as it went in.
bool readsBack(std::string_view reply)
{
    return reply.find('\0') == std::string_view::npos && simdjson::validate_utf8(reply.data(), reply.size());
}

// The dictionary with the reply after it, in a buffer kept per thread (a body's dictionary
// is some kilobytes; building one per capture should not allocate).
std::string_view withReply(std::string_view dictionary, std::string_view reply)
{
    thread_local std::string buffer;
    buffer.assign(dictionary);
    buffer += dump(Json(std::string(reply))); // as the run document quotes it
    buffer += reply;
    return buffer;
}

} // namespace

std::shared_ptr<const BodyTemplate> makeTemplate(std::string_view schemaHash, std::string_view spec, std::string_view run)
{
    auto made = std::make_shared<BodyTemplate>();
    made->text.reserve(spec.size() + run.size());
    made->text.append(spec);
    made->text.append(run);
    made->hash = shortHash(made->text);
    made->schemaHash = schemaHash;
    return made;
}

std::string packTemplate(const BodyTemplate& bodyTemplate, std::string_view schemaText)
{
    return packBodies({}, bodyTemplate.text, schemaText);
}

Result<std::shared_ptr<const BodyTemplate>> unpackTemplate(std::string hash, std::string schemaHash, std::string_view packed,
                                                           std::string_view schemaText)
{
    auto bodies = unpackBodies(packed, schemaText);
    if (!bodies)
        return Error{"body template " + hash + ": " + bodies.error().message, {}};
    auto read = std::make_shared<BodyTemplate>();
    read->hash = std::move(hash);
    read->schemaHash = std::move(schemaHash);
    read->text = std::move(bodies->second);
    return std::shared_ptr<const BodyTemplate>(std::move(read));
}

std::string templatedDictionary(std::string_view schemaText, std::string_view system, std::string_view user,
                                const BodyTemplate& bodyTemplate)
{
    // The template last: zstd reaches the nearest texts with the shortest offsets, and the
    // template is what a body repeats most.
    std::string dictionary = bodyDictionary(schemaText, system, user);
    dictionary += bodyTemplate.text;
    return dictionary;
}

std::string packTemplated(std::string_view spec, std::string_view run, std::string_view dictionary, std::string_view reply)
{
    const bool replyInside = readsBack(reply);
    std::string packed(1, replyInside ? kWithReply : kWithoutReply);
    packed += packBodies(spec, run, replyInside ? withReply(dictionary, reply) : dictionary);
    return packed;
}

Result<std::pair<std::string, std::string>> unpackTemplated(std::string_view packed, std::string_view dictionary, std::string_view reply)
{
    if (packed.empty() || (packed.front() != kWithReply && packed.front() != kWithoutReply))
        return Error{"capture body is damaged (not a templated body)", {}};
    const bool replyInside = packed.front() == kWithReply;
    return unpackBodies(packed.substr(1), replyInside ? withReply(dictionary, reply) : dictionary);
}

} // namespace conform::store::detail
