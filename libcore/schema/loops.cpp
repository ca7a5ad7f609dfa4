// A reference loop that consumes no input ({"$ref": "#"}; two $defs that $ref each other): the
// schema would apply itself to the same value forever, so it is a bad schema, not a verdict on
// every instance. Found at compile time over the in-place edges of the Node graph.
#include "schema/compiler.h"

#include <unordered_map>

namespace conform::schema::detail {
namespace {

// An edge to a subschema applied to the same instance location, and the keyword that takes it.
struct Edge
{
    const Node* to;
    std::string keyword; // JSON pointer of the applying keyword
};

std::vector<Edge> inPlaceEdges(const Node& n)
{
    std::vector<Edge> edges;
    if (n.ref)
        edges.push_back({n.ref, appendPointer(n.pointer, n.refKeyword)});
    if (n.dynamicRef)
        edges.push_back({n.dynamicRef, appendPointer(n.pointer, n.dynamicRefKeyword)});
    for (const auto* list : {&n.allOf, &n.anyOf, &n.oneOf})
        for (const Node* child : *list)
            edges.push_back({child, child->pointer});
    for (const Node* child : {n.notSchema, n.ifSchema, n.thenSchema, n.elseSchema})
        if (child)
            edges.push_back({child, child->pointer});
    for (const auto& [name, child] : n.dependentSchemas)
        edges.push_back({child, child->pointer});
    return edges;
}

std::string shown(const std::string& pointer)
{
    return pointer.empty() ? "/" : pointer;
}

} // namespace

Status refuseEndlessLoops(const CompiledSchema& compiled)
{
    enum class Mark { Unseen, OnPath, Done };
    std::unordered_map<const Node*, Mark> marks;
    struct Frame { const Node* node; std::vector<Edge> edges; std::size_t next = 0; };
    for (const Node& start : compiled.nodes) {
        if (marks[&start] != Mark::Unseen)
            continue;
        std::vector<Frame> path{{&start, inPlaceEdges(start)}};
        marks[&start] = Mark::OnPath;
        while (!path.empty()) { // depth first without recursion: schemas may be deep
            Frame& top = path.back();
            if (top.next == top.edges.size()) {
                marks[top.node] = Mark::Done;
                path.pop_back();
                continue;
            }
            const Edge edge = top.edges[top.next++];
            Mark& mark = marks[edge.to];
            if (mark == Mark::OnPath)
                return Error{"the schema refers to itself without consuming input (this keyword leads back to "
                                 + shown(edge.to->pointer) + "): it would apply itself to the same value forever",
                             shown(edge.keyword)};
            if (mark == Mark::Unseen) {
                mark = Mark::OnPath;
                path.push_back({edge.to, inPlaceEdges(*edge.to)});
            }
        }
    }
    return Done{};
}

} // namespace conform::schema::detail
