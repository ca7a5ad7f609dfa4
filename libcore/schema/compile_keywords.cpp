// Phase two of compiling: each reachable subschema becomes a Node. Keyword names are looked
// at here, once; the evaluator only sees flags and operands.
#include "schema/compiler.h"
#include "schema/formats.h"
#include "schema/regex.h"
#include "schema/uri.h"

#include <cmath>

namespace conform::schema::detail {
namespace {

Result<std::uint64_t> count(const Json& v, const std::string& where)
{
    if (v.is_number_unsigned())
        return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
        return static_cast<std::uint64_t>(v.get<std::int64_t>());
    if (v.is_number_float() && v.get<double>() >= 0 && std::floor(v.get<double>()) == v.get<double>()
        && v.get<double>() < 1.8e19)
        return static_cast<std::uint64_t>(v.get<double>());
    return Error{"must be a non-negative integer", where};
}

Result<double> number(const Json& v, const std::string& where)
{
    if (!v.is_number())
        return Error{"must be a number", where};
    return v.get<double>();
}

Result<std::uint8_t> typeBits(const std::string& name, const std::string& where)
{
    if (name == "null") return kindBit(Kind::Null);
    if (name == "boolean") return kindBit(Kind::Boolean);
    if (name == "integer") return kindBit(Kind::Integer);
    if (name == "number") return std::uint8_t(kindBit(Kind::Integer) | kindBit(Kind::Number));
    if (name == "string") return kindBit(Kind::String);
    if (name == "array") return kindBit(Kind::Array);
    if (name == "object") return kindBit(Kind::Object);
    return Error{"unknown type \"" + name + "\"", where};
}

} // namespace

Compiler::Compiler(const CompileOptions& options, CompiledSchema& out)
    : m_options(options), m_registry(options.registry ? *options.registry : builtinRegistry()), m_out(out)
{
}

Status Compiler::compileRoot(const Json& schema)
{
    m_rootDoc = &schema;
    m_out.draft = draftOf(schema, m_options.defaultDraft);
    if (Status s = indexDocument(schema, m_options.baseUri, m_options.defaultDraft); !s.ok())
        return s;
    auto root = nodeFor({&schema, ""});
    if (!root)
        return root.error();
    m_out.root = root.value();
    if (Status s = drainQueue(); !s.ok())
        return s;
    // Dynamic anchors are targets of $dynamicRef through the dynamic scope: compile them too.
    for (std::size_t i = 0; i < m_dynamicAnchors.size(); ++i) {
        const PendingAnchor pending = m_dynamicAnchors[i];
        auto node = nodeFor(pending.at);
        if (!node)
            return node.error();
        pending.resource->dynamicAnchors.emplace_back(pending.name, node.value());
        if (Status s = drainQueue(); !s.ok())
            return s;
    }
    return refuseEndlessLoops(m_out);
}

Result<Node*> Compiler::nodeFor(const Location& at)
{
    const std::string k = key(at);
    if (auto it = m_nodes.find(k); it != m_nodes.end())
        return it->second;
    const Scope* scope = scopeOf(at);
    if (!scope)
        return Error{"not a schema location", at.pointer};
    Node& node = m_out.nodes.emplace_back();
    node.pointer = at.doc == m_rootDoc ? at.pointer : scope->resource->uri + "#" + at.pointer;
    node.resource = scope->resource;
    m_nodes.emplace(k, &node);
    m_queue.emplace_back(&node, at);
    return &node;
}

Status Compiler::drainQueue()
{
    // First in, first out: subschemas compile (and lint) in breadth-first document order.
    for (; m_queueHead < m_queue.size(); ++m_queueHead) {
        auto [node, at] = m_queue[m_queueHead];
        if (Status s = compileNode(*node, at); !s.ok())
            return s;
    }
    return Done{};
}

std::string Compiler::where(std::string_view keyword) const
{
    return appendPointer(m_at.pointer, keyword);
}

Result<const Node*> Compiler::child(const std::string& relative)
{
    auto node = nodeFor({m_at.doc, m_at.pointer + relative});
    if (!node)
        return node.error();
    return static_cast<const Node*>(node.value());
}

Result<std::vector<const Node*>> Compiler::children(const Json& array, const std::string& keyword)
{
    if (!array.is_array() || array.empty())
        return Error{"must be a non-empty array of schemas", where(keyword)};
    std::vector<const Node*> out;
    for (std::size_t i = 0; i < array.size(); ++i) {
        auto c = child(appendPointer("", keyword) + "/" + std::to_string(i));
        if (!c)
            return c.error();
        out.push_back(c.value());
    }
    return out;
}

Result<const Regex*> Compiler::regex(const std::string& source, const std::string& where)
{
    if (auto it = m_regexes.find(source); it != m_regexes.end())
        return it->second;
    Result<Pattern> pattern = Pattern::compile(source);
    if (!pattern)
        return Error{pattern.error().message, where};
    const Regex* r = &m_out.regexes.emplace_back(Regex{source, std::move(pattern.value())});
    m_regexes.emplace(source, r);
    return r;
}

Status Compiler::compileNode(Node& node, const Location& at)
{
    m_at = at;
    m_scope = scopeOf(at);
    const Json* s = jsonAt(*at.doc, at.pointer);
    if (!s || !m_scope)
        return Error{"not a schema location", at.pointer};
    if (s->is_boolean()) {
        node.has = s->get<bool>() ? std::uint64_t(0) : std::uint64_t(Has::False);
        return Done{};
    }
    if (!s->is_object())
        return Error{"a schema must be an object or a boolean", at.pointer};
    if (m_scope->draft == Draft::Draft7 && s->contains("$ref"))
        return compileRefs(node, *s); // draft 7: $ref hides every sibling keyword
    for (auto step : {&Compiler::compileRefs, &Compiler::compileScalars, &Compiler::compileArrays,
                      &Compiler::compileObjects, &Compiler::compileApplicators}) {
        m_at = at;
        m_scope = scopeOf(at);
        if (Status st = (this->*step)(node, *s); !st.ok())
            return st;
    }
    return Done{};
}

Status Compiler::compileRefs(Node& node, const Json& s)
{
    const bool draft7 = m_scope->draft == Draft::Draft7;
    auto refTarget = [&](const char* keyword) -> Result<std::pair<Node*, const Json*>> {
        const Json& ref = s[keyword];
        if (!ref.is_string())
            return Error{"must be a string", where(keyword)};
        auto target = resolve(m_scope->base, ref.get<std::string>(), where(keyword));
        if (!target)
            return target.error();
        auto n = nodeFor(target.value());
        if (!n)
            return n.error();
        return std::make_pair(n.value(), jsonAt(*target->doc, target->pointer));
    };
    if (s.contains("$ref")) {
        auto t = refTarget("$ref");
        if (!t)
            return t.error();
        node.ref = t->first;
        node.has |= Has::Ref;
    }
    if (!draft7 && s.contains("$dynamicRef")) {
        auto t = refTarget("$dynamicRef");
        if (!t)
            return t.error();
        const std::string ref = s["$dynamicRef"].get<std::string>();
        const std::string frag = std::string(uri::fragment(ref));
        node.dynamicRef = t->first;
        node.dynamicAnchorName = frag;
        const Json& target = *t->second;
        node.dynamicBookend = !frag.empty() && frag.front() != '/' && target.is_object()
            && target.value("$dynamicAnchor", Json()) == frag;
        node.has |= Has::DynamicRef;
        m_out.dynamicScope |= node.dynamicBookend;
    }
    if (!draft7 && s.contains("$recursiveRef")) {
        auto t = refTarget("$recursiveRef");
        if (!t)
            return t.error();
        node.dynamicRef = t->first;
        node.dynamicRefKeyword = "$recursiveRef";
        node.dynamicBookend = t->second->is_object() && t->second->value("$recursiveAnchor", Json()) == true;
        node.has |= Has::DynamicRef;
        m_out.dynamicScope |= node.dynamicBookend;
    }
    return Done{};
}

Status Compiler::compileScalars(Node& node, const Json& s)
{
    if (auto t = s.find("type"); t != s.end()) {
        const Json names = t->is_string() ? Json::array({*t}) : *t;
        if (!names.is_array())
            return Error{"must be a string or an array of strings", where("type")};
        for (const auto& name : names) {
            if (!name.is_string())
                return Error{"must be a string or an array of strings", where("type")};
            auto bits = typeBits(name.get<std::string>(), where("type"));
            if (!bits)
                return bits.error();
            node.types |= bits.value();
            node.typeNames.push_back(name.get<std::string>());
        }
        node.has |= Has::Type;
    }
    if (auto e = s.find("enum"); e != s.end()) {
        if (!e->is_array())
            return Error{"must be an array", where("enum")};
        node.enumValues.assign(e->begin(), e->end());
        node.enumAllStrings = !e->empty();
        for (const auto& v : *e)
            node.enumAllStrings &= v.is_string();
        node.has |= Has::Enum;
    }
    if (auto c = s.find("const"); c != s.end()) {
        node.constValue = *c;
        node.has |= Has::Const;
    }
    struct NumberKeyword { const char* name; double Node::*field; std::uint64_t bit; };
    for (auto [name, field, bit] : {NumberKeyword{"minimum", &Node::minimum, Has::Minimum},
                                    NumberKeyword{"maximum", &Node::maximum, Has::Maximum},
                                    NumberKeyword{"exclusiveMinimum", &Node::exclusiveMinimum, Has::ExclusiveMinimum},
                                    NumberKeyword{"exclusiveMaximum", &Node::exclusiveMaximum, Has::ExclusiveMaximum},
                                    NumberKeyword{"multipleOf", &Node::multipleOf, Has::MultipleOf}}) {
        if (auto it = s.find(name); it != s.end()) {
            auto v = number(*it, where(name));
            if (!v)
                return v.error();
            if (bit == Has::MultipleOf && !(v.value() > 0))
                return Error{"must be greater than 0", where(name)};
            node.*field = v.value();
            node.has |= bit;
        }
    }
    struct CountKeyword { const char* name; std::uint64_t Node::*field; std::uint64_t bit; };
    for (auto [name, field, bit] : {CountKeyword{"minLength", &Node::minLength, Has::MinLength},
                                    CountKeyword{"maxLength", &Node::maxLength, Has::MaxLength},
                                    CountKeyword{"minItems", &Node::minItems, Has::MinItems},
                                    CountKeyword{"maxItems", &Node::maxItems, Has::MaxItems},
                                    CountKeyword{"minProperties", &Node::minProperties, Has::MinProperties},
                                    CountKeyword{"maxProperties", &Node::maxProperties, Has::MaxProperties}}) {
        if (auto it = s.find(name); it != s.end()) {
            auto v = count(*it, where(name));
            if (!v)
                return v.error();
            node.*field = v.value();
            node.has |= bit;
        }
    }
    if (auto p = s.find("pattern"); p != s.end()) {
        if (!p->is_string())
            return Error{"must be a string", where("pattern")};
        auto compiled = regex(p->get<std::string>(), where("pattern"));
        if (!compiled)
            return compiled.error();
        node.pattern = compiled.value();
        node.has |= Has::Pattern;
    }
    if (auto f = s.find("format"); f != s.end() && f->is_string()) {
        node.format = f->get<std::string>();
        if (checkFormat(node.format, "") == FormatCheck::Unknown)
            m_out.lint.push_back({LintMessage::Severity::Warning, where("format"),
                                  "unknown format \"" + node.format + "\" is not checked"});
        else if (m_options.assertFormats) {
            node.assertFormat = true;
            node.has |= Has::Format;
        }
    }
    return Done{};
}

} // namespace conform::schema::detail
