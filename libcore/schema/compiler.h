#pragma once
// Schema JSON -> CompiledSchema. Two phases over the documents involved (the schema and any
// registry document a $ref reaches): index (where every $id, $anchor and $dynamicAnchor is,
// and the base URI and draft in force at each subschema), then compile each reachable
// subschema once into a Node, resolving $ref to Node pointers. Work is a queue, not recursion,
// so deep or cyclic schemas cost nothing special. Internal to conform_schema.
#include "schema/node.h"

#include <map>
#include <string>
#include <vector>

namespace conform::schema::detail {

// A place in a document: the subschema at `pointer` of `doc`.
struct Location
{
    const Json* doc = nullptr;
    std::string pointer;
};

class Compiler
{
public:
    Compiler(const CompileOptions& options, CompiledSchema& out);
    Status compileRoot(const Json& schema);

private:
    struct Scope
    {
        std::string base;   // base URI in force inside the subschema (after its own $id)
        Draft draft = Draft::Draft2020_12;
        Resource* resource = nullptr;
    };

    // index.cpp
    Status indexDocument(const Json& doc, const std::string& uri, Draft draft);
    Status indexAt(const Json& doc, const Json& value, const std::string& pointer, Scope scope, int depth);
    void indexChildren(const Json& doc, const Json& value, const std::string& pointer, const Scope& scope,
                       int depth, Status& status);
    Resource* newResource(const std::string& uri, const Location& at);
    const Scope* scopeOf(const Location& at);
    Result<Location> resolve(const std::string& base, const std::string& ref, const std::string& where);
    Result<Location> loadDocument(const std::string& uri, const std::string& where);
    std::string besideRootFile(const std::string& uri) const;
    Draft draftOf(const Json& schemaObject, Draft fallback) const;
    static std::string key(const Location& at);

    // compile_keywords.cpp: each works on the subschema at m_at (scope m_scope).
    Result<Node*> nodeFor(const Location& at);
    Status drainQueue();
    Status compileNode(Node& node, const Location& at);
    Status compileRefs(Node& node, const Json& s);
    Status compileScalars(Node& node, const Json& s);
    Status compileArrays(Node& node, const Json& s);
    Status compileObjects(Node& node, const Json& s);
    Status compileDependencies(Node& node, const Json& s);
    Status compileApplicators(Node& node, const Json& s);
    Result<const Node*> child(const std::string& relative);
    Result<std::vector<const Node*>> children(const Json& array, const std::string& keyword);
    // The compiled pattern (one per source text); an Error at `where` when it is none.
    Result<const Regex*> regex(const std::string& source, const std::string& where);
    std::string where(std::string_view keyword) const;

    const CompileOptions& m_options;
    const Registry& m_registry;
    CompiledSchema& m_out;
    std::map<std::string, Location> m_resources; // URI without fragment -> resource root
    std::map<std::string, Location> m_anchors;   // "uri#name" -> subschema
    std::map<std::string, Scope> m_scopes;       // key(location) -> scope
    std::map<std::string, Node*> m_nodes;        // key(location) -> node
    std::map<std::string, const Regex*> m_regexes;
    std::vector<std::pair<Node*, Location>> m_queue;
    std::size_t m_queueHead = 0;
    struct PendingAnchor { Resource* resource; std::string name; Location at; };
    std::vector<PendingAnchor> m_dynamicAnchors; // filled with Nodes once compiled
    const Json* m_rootDoc = nullptr;
    Location m_at;
    const Scope* m_scope = nullptr;
};

// The value at an RFC 6901 pointer inside `doc`, or null. Never throws.
const Json* jsonAt(const Json& doc, std::string_view pointer);

// An error at the keyword that closes a loop of references applied to the same instance
// location ({"$ref": "#"}): such a schema can never finish; Done when there is none.
Status refuseEndlessLoops(const CompiledSchema& compiled);

// The default registry: only the embedded metaschemas.
const Registry& builtinRegistry();

} // namespace conform::schema::detail
