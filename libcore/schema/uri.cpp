#include "schema/uri.h"
#include "base/hex.h"

#include <vector>

namespace conform::schema::uri {
namespace {

// The five components of RFC 3986, appendix B; `has*` tell an empty component from none.
struct Parts
{
    std::string_view scheme, authority, path, query, frag;
    bool hasScheme = false, hasAuthority = false, hasQuery = false, hasFrag = false;
};

Parts split(std::string_view s)
{
    Parts p;
    if (auto hash = s.find('#'); hash != s.npos) {
        p.frag = s.substr(hash + 1);
        p.hasFrag = true;
        s = s.substr(0, hash);
    }
    if (auto q = s.find('?'); q != s.npos) {
        p.query = s.substr(q + 1);
        p.hasQuery = true;
        s = s.substr(0, q);
    }
    const auto colon = s.find(':');
    const auto slash = s.find('/');
    if (colon != s.npos && colon > 0 && (slash == s.npos || colon < slash)) {
        p.scheme = s.substr(0, colon);
        p.hasScheme = true;
        s = s.substr(colon + 1);
    }
    if (s.substr(0, 2) == "//") {
        s = s.substr(2);
        const auto end = s.find('/');
        p.authority = s.substr(0, end);
        p.hasAuthority = true;
        s = end == s.npos ? std::string_view{} : s.substr(end);
    }
    p.path = s;
    return p;
}

// RFC 3986 5.2.4.
std::string removeDotSegments(std::string_view path)
{
    std::vector<std::string_view> out;
    const bool absolute = !path.empty() && path.front() == '/';
    std::size_t at = absolute ? 1 : 0;
    bool trailingSlash = false;
    while (at <= path.size()) {
        auto end = path.find('/', at);
        if (end == path.npos)
            end = path.size();
        const auto seg = path.substr(at, end - at);
        trailingSlash = false;
        if (seg == "..") {
            if (!out.empty())
                out.pop_back();
            trailingSlash = true;
        } else if (seg == ".") {
            trailingSlash = true;
        } else {
            out.push_back(seg);
        }
        at = end + 1;
    }
    std::string result = absolute ? "/" : "";
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (i)
            result += '/';
        result += out[i];
    }
    if (trailingSlash && !out.empty())
        result += '/';
    return result;
}

std::string merge(const Parts& base, std::string_view refPath)
{
    if (base.hasAuthority && base.path.empty())
        return "/" + std::string(refPath);
    const auto slash = base.path.rfind('/');
    if (slash == base.path.npos)
        return std::string(refPath);
    return std::string(base.path.substr(0, slash + 1)) + std::string(refPath);
}

std::string compose(std::string_view scheme, bool hasScheme, std::string_view authority, bool hasAuthority,
                    const std::string& path, std::string_view query, bool hasQuery, std::string_view frag, bool hasFrag)
{
    std::string out;
    if (hasScheme)
        out.append(scheme).append(":");
    if (hasAuthority)
        out.append("//").append(authority);
    out += path;
    if (hasQuery)
        out.append("?").append(query);
    if (hasFrag)
        out.append("#").append(frag);
    return out;
}

} // namespace

std::string resolve(std::string_view base, std::string_view reference)
{
    const Parts r = split(reference);
    if (r.hasScheme)
        return compose(r.scheme, true, r.authority, r.hasAuthority, removeDotSegments(r.path), r.query, r.hasQuery,
                       r.frag, r.hasFrag);
    const Parts b = split(base);
    if (r.hasAuthority)
        return compose(b.scheme, b.hasScheme, r.authority, true, removeDotSegments(r.path), r.query, r.hasQuery,
                       r.frag, r.hasFrag);
    if (r.path.empty()) {
        const bool q = r.hasQuery;
        return compose(b.scheme, b.hasScheme, b.authority, b.hasAuthority, std::string(b.path), q ? r.query : b.query,
                       q || b.hasQuery, r.frag, r.hasFrag);
    }
    const std::string path = r.path.front() == '/' ? removeDotSegments(r.path) : removeDotSegments(merge(b, r.path));
    return compose(b.scheme, b.hasScheme, b.authority, b.hasAuthority, path, r.query, r.hasQuery, r.frag, r.hasFrag);
}

std::string_view withoutFragment(std::string_view uri)
{
    const auto hash = uri.find('#');
    return hash == uri.npos ? uri : uri.substr(0, hash);
}

std::string_view fragment(std::string_view uri)
{
    const auto hash = uri.find('#');
    return hash == uri.npos ? std::string_view{} : uri.substr(hash + 1);
}

std::string percentDecode(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size()) {
            const int hi = hexDigitValue(text[i + 1]), lo = hexDigitValue(text[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out += static_cast<char>(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

} // namespace conform::schema::uri
