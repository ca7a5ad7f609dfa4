// Phase one of compiling: find every identifier ($id, $anchor, $dynamicAnchor) and the base URI
// and draft in force at each subschema, and resolve references to Locations.
#include "schema/compiler.h"
#include "schema/schema_folder.h"
#include "schema/uri.h"

#include <cstdint>

namespace conform::schema::detail {
namespace {

constexpr int kMaxSchemaDepth = 1024;

// Keywords whose value is one subschema, an array of them, or a map of them. Only these are
// walked, so an "$id" inside "const" or "enum" is data, not an identifier.
constexpr const char* kSingle[] = {"additionalItems", "additionalProperties", "contains", "propertyNames", "not", "if",
                                   "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema", "items"};
constexpr const char* kArrays[] = {"allOf", "anyOf", "oneOf", "prefixItems", "items"};
constexpr const char* kMaps[] = {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
                                 "dependencies"};

std::string normalized(std::string_view uri)
{
    return std::string(uri::withoutFragment(uri));
}

} // namespace

std::string Compiler::key(const Location& at)
{
    return std::to_string(reinterpret_cast<std::uintptr_t>(at.doc)) + at.pointer;
}

Draft Compiler::draftOf(const Json& schemaObject, Draft fallback) const
{
    if (!schemaObject.is_object())
        return fallback;
    auto it = schemaObject.find("$schema");
    if (it == schemaObject.end() || !it->is_string())
        return fallback;
    const std::string& s = it->get_ref<const std::string&>();
    if (s.find("draft-07") != s.npos || s.find("draft-06") != s.npos || s.find("draft-04") != s.npos)
        return Draft::Draft7;
    if (s.find("draft/2020-12") != s.npos || s.find("draft/2019-09") != s.npos)
        return Draft::Draft2020_12;
    // A custom metaschema: its own "$schema" says which draft it extends.
    if (const Json* meta = m_registry.find(normalized(s)); meta && meta != &schemaObject)
        if (auto m = meta->find("$schema"); m != meta->end() && m->is_string() && *m != s)
            return draftOf(*meta, fallback);
    return fallback;
}

Resource* Compiler::newResource(const std::string& uri, const Location& at)
{
    Resource& r = m_out.resources.emplace_back();
    r.uri = uri;
    m_resources.emplace(uri, at); // the first claim wins, as documents are indexed outside-in
    return &r;
}

Status Compiler::indexDocument(const Json& doc, const std::string& uri, Draft draft)
{
    Scope scope{normalized(uri), draftOf(doc, draft), nullptr};
    scope.resource = newResource(scope.base, {&doc, ""});
    return indexAt(doc, doc, "", scope, 0);
}

Status Compiler::indexAt(const Json& doc, const Json& value, const std::string& pointer, Scope scope, int depth)
{
    if (depth > kMaxSchemaDepth)
        return Error{"the schema is nested too deeply", pointer};
    const Location here{&doc, pointer};
    if (!value.is_object()) {
        m_scopes.emplace(key(here), scope);
        return Done{};
    }
    scope.draft = draftOf(value, scope.draft);
    const bool draft7 = scope.draft == Draft::Draft7;
    auto id = value.find("$id");
    if (id != value.end() && id->is_string()) {
        const std::string& text = id->get_ref<const std::string&>();
        if (draft7 && !text.empty() && text.front() == '#') {
            m_anchors.emplace(uri::resolve(scope.base, text), here);
        } else if (!(draft7 && value.contains("$ref"))) { // draft 7: $ref hides its siblings
            const std::string resolved = uri::resolve(scope.base, text);
            if (!uri::fragment(resolved).empty() && draft7)
                m_anchors.emplace(resolved, here);
            scope.base = normalized(resolved);
            if (pointer.empty() && scope.resource && scope.resource->uri.empty())
                scope.resource->uri = scope.base;
            if (!pointer.empty() || !m_resources.count(scope.base))
                scope.resource = newResource(scope.base, here);
        }
    }
    if (auto a = value.find("$anchor"); a != value.end() && a->is_string() && !draft7)
        m_anchors.emplace(scope.base + "#" + a->get<std::string>(), here);
    if (auto a = value.find("$dynamicAnchor"); a != value.end() && a->is_string() && !draft7) {
        m_anchors.emplace(scope.base + "#" + a->get<std::string>(), here);
        if (scope.resource)
            m_dynamicAnchors.push_back({scope.resource, a->get<std::string>(), here});
    }
    if (auto a = value.find("$recursiveAnchor"); a != value.end() && *a == true && scope.resource)
        m_dynamicAnchors.push_back({scope.resource, "", here});
    m_scopes.emplace(key(here), scope);
    Status status = Done{};
    indexChildren(doc, value, pointer, scope, depth, status);
    return status;
}

void Compiler::indexChildren(const Json& doc, const Json& value, const std::string& pointer, const Scope& scope,
                             int depth, Status& status)
{
    auto walk = [&](const Json& child, const std::string& at) {
        if (status.ok() && !m_scopes.count(key({&doc, at})))
            status = indexAt(doc, child, at, scope, depth + 1);
    };
    for (const char* k : kSingle)
        if (auto it = value.find(k); it != value.end() && (it->is_object() || it->is_boolean()))
            walk(*it, appendPointer(pointer, k));
    for (const char* k : kArrays)
        if (auto it = value.find(k); it != value.end() && it->is_array())
            for (std::size_t i = 0; i < it->size(); ++i)
                walk((*it)[i], appendPointer(pointer, k) + "/" + std::to_string(i));
    for (const char* k : kMaps)
        if (auto it = value.find(k); it != value.end() && it->is_object())
            for (const auto& [name, child] : it->items())
                if (child.is_object() || child.is_boolean())
                    walk(child, appendPointer(appendPointer(pointer, k), name));
}

const Compiler::Scope* Compiler::scopeOf(const Location& at)
{
    if (auto it = m_scopes.find(key(at)); it != m_scopes.end())
        return &it->second;
    // Somewhere no keyword leads (a $ref into an unknown keyword): index it now, with the
    // scope of its nearest indexed ancestor.
    std::string parent = at.pointer;
    while (!parent.empty()) {
        parent.erase(parent.rfind('/'));
        if (auto it = m_scopes.find(key({at.doc, parent})); it != m_scopes.end()) {
            const Json* value = jsonAt(*at.doc, at.pointer);
            if (!value || !indexAt(*at.doc, *value, at.pointer, it->second, 0).ok())
                return nullptr;
            auto found = m_scopes.find(key(at));
            return found == m_scopes.end() ? nullptr : &found->second;
        }
    }
    return nullptr;
}

Result<Location> Compiler::loadDocument(const std::string& uri, const std::string& where)
{
    if (auto it = m_resources.find(uri); it != m_resources.end())
        return it->second;
    detail::takeRegistryFailure();
    const Json* doc = m_registry.find(uri);
    std::string failure = takeRegistryFailure();
    if (!doc) {
        // A reference relative to the root's own absolute $id names the file at the same place
        // relative to the root's file ("https://x/s/root.json" stored as /ws/root.json:
        // "https://x/s/defs/a.json" is /ws/defs/a.json), which may lack an $id of its own.
        if (const std::string beside = besideRootFile(uri); !beside.empty()) {
            doc = m_registry.find(beside);
            if (std::string why = takeRegistryFailure(); !doc && !why.empty())
                failure = std::move(why);
        }
    }
    if (!doc && &m_registry != &builtinRegistry())
        doc = builtinRegistry().find(uri);
    if (!doc)
        return Error{failure.empty() ? "cannot resolve \"" + uri + "\": no such schema in the registry" : failure, where};
    if (Status s = indexDocument(*doc, uri, m_options.defaultDraft); !s.ok())
        return s.error();
    return m_resources.at(uri);
}

std::string Compiler::besideRootFile(const std::string& uri) const
{
    const std::string& file = m_options.baseUri;
    const std::string id = m_rootDoc ? idOf(*m_rootDoc) : std::string();
    if (id.empty() || file.rfind("file://", 0) != 0)
        return {};
    const std::string resolvedId = normalized(uri::resolve(file, id));
    const auto idSlash = resolvedId.rfind('/'), fileSlash = file.rfind('/');
    if (resolvedId.rfind("file:", 0) == 0 || idSlash == std::string::npos || fileSlash == std::string::npos)
        return {};
    const std::string idFolder = resolvedId.substr(0, idSlash + 1);
    if (uri.size() <= idFolder.size() || uri.compare(0, idFolder.size(), idFolder) != 0)
        return {};
    return file.substr(0, fileSlash + 1) + uri.substr(idFolder.size());
}

Result<Location> Compiler::resolve(const std::string& base, const std::string& ref, const std::string& where)
{
    const std::string absolute = uri::resolve(base, ref);
    const std::string docUri = normalized(absolute);
    const std::string frag = std::string(uri::fragment(absolute));
    auto resource = loadDocument(docUri, where);
    if (!resource)
        return resource.error();
    if (frag.empty())
        return resource.value();
    if (frag.front() == '/') {
        Location target{resource->doc, resource->pointer + uri::percentDecode(frag)};
        if (!jsonAt(*target.doc, target.pointer))
            return Error{"\"" + ref + "\" points at nothing", where};
        return target;
    }
    if (auto it = m_anchors.find(docUri + "#" + frag); it != m_anchors.end())
        return it->second;
    return Error{"no anchor \"" + frag + "\" in \"" + docUri + "\"", where};
}

const Json* jsonAt(const Json& doc, std::string_view pointer)
{
    const Json* at = &doc;
    std::size_t i = 0;
    while (i < pointer.size()) {
        if (pointer[i] != '/')
            return nullptr;
        const std::size_t end = std::min(pointer.find('/', i + 1), pointer.size());
        std::string token;
        for (std::size_t j = i + 1; j < end; ++j) {
            if (pointer[j] == '~' && j + 1 < end && (pointer[j + 1] == '0' || pointer[j + 1] == '1'))
                token += pointer[++j] == '0' ? '~' : '/';
            else
                token += pointer[j];
        }
        if (at->is_object()) {
            auto it = at->find(token);
            if (it == at->end())
                return nullptr;
            at = &*it;
        } else if (at->is_array()) {
            if (token.empty() || token.size() > 9 || token.find_first_not_of("0123456789") != token.npos)
                return nullptr;
            const std::size_t index = std::stoul(token);
            if (index >= at->size())
                return nullptr;
            at = &(*at)[index];
        } else {
            return nullptr;
        }
        i = end;
    }
    return at;
}

} // namespace conform::schema::detail
