// Where the repairer puts what it reads: a Json tree, or compact JSON text written as it goes
// (see repairer.h for when each is used). Both see the same calls in the same order; only a
// key that repeats makes the text parse start again as a tree.
#include "json/repairer.h"

#include "json/json_writer.h"

#include <algorithm>

namespace conform::json::detail {

static constexpr std::size_t npos = std::string::npos;

namespace {

// Thrown by a Text parse at a repeated key; run() catches it and reads again into a tree.
struct RepeatedKey {};

} // namespace

Repairer::Status Repairer::run(std::string_view text, bool final)
{
    if (m_options.output == RepairOutput::Tree)
        return runSteps(text, final);
    // The text is about as long as what it is read from: a reply's grows once. (Capped: a
    // candidate in a large reply may end long before the text does.)
    // (An empty std::string already has room for 15 bytes: ask whether it is empty.)
    if (m_out.empty()) {
        const std::size_t rest = text.size() - std::min(m_start, text.size()) + 16;
        m_out.reserve(m_options.rootItems > 0 ? rest : std::min<std::size_t>(rest, 64 * 1024));
        // A reply's nesting and keys in one allocation each, not a doubling per level.
        m_stack.reserve(16);
        m_keys.reserve(64);
    }
    try {
        return runSteps(text, final);
    } catch (const RepeatedKey&) {
        RepairOptions options = std::move(m_options);
        options.output = RepairOutput::Tree;
        const std::size_t start = m_start;
        *this = Repairer(start, std::move(options));
        return runSteps(text, final);
    }
}

std::string Repairer::takeText()
{
    if (m_options.output == RepairOutput::Text)
        return std::move(m_out);
    std::string out;
    JsonWriter(out).value(m_root);
    return out;
}

// The position of the pending key among the object's keys, npos when it is new.
std::size_t Repairer::memberIndex(Frame& f) const
{
    if (f.index) {
        const auto it = f.index->find(f.key);
        return it == f.index->end() ? npos : it->second;
    }
    const bool text = m_options.output == RepairOutput::Text;
    const auto* items = text ? nullptr
        : &static_cast<const Json::object_t::Container&>((f.node ? *f.node : m_root).get_ref<const Json::object_t&>());
    for (std::size_t i = 0; i < f.count; ++i)
        if ((text ? m_keys[f.keysFrom + i] : (*items)[i].first) == f.key)
            return i;
    return npos;
}

// Where the next value goes, and its pointer for the source map. Tree: its slot (the root, a
// new element, a new member, or a repeated key's first slot, where the later value wins).
// Text: the comma and the key are written and the value follows them; nullptr.
Json* Repairer::place(std::string* pointer)
{
    const bool map = m_options.sourceMap;
    const bool text = m_options.output == RepairOutput::Text;
    if (m_stack.empty()) {
        m_rootSet = true;
        if (map)
            *pointer = m_options.pointerPrefix;
        return text ? nullptr : &m_root;
    }
    Frame& f = m_stack.back();
    if (!f.object) {
        if (map)
            *pointer = f.pointer + '/' + std::to_string(f.count);
        if (text) {
            if (f.count++ > 0)
                m_out += ',';
            return nullptr;
        }
        ++f.count;
        auto& array = (f.node ? *f.node : m_root).get_ref<Json::array_t&>();
        return &array.emplace_back();
    }
    if (map)
        *pointer = appendPointer(f.pointer, f.key);
    if (!f.index && f.count >= 16) {
        f.index = std::make_unique<std::unordered_map<std::string, std::size_t>>();
        if (text) {
            for (std::size_t i = 0; i < f.count; ++i)
                f.index->emplace(m_keys[f.keysFrom + i], i);
        } else {
            const auto& items = (f.node ? *f.node : m_root).get_ref<Json::object_t&>();
            std::size_t i = 0;
            for (const auto& item : items)
                f.index->emplace(item.first, i++);
        }
    }
    const std::size_t existing = memberIndex(f);
    if (text) {
        if (existing != npos)
            throw RepeatedKey{};
        if (f.keyIsPlain) {
            appendPlainQuoted(m_out, f.count > 0 ? ',' : 0, f.key, ':');
        } else {
            if (f.count > 0)
                m_out += ',';
            appendQuoted(m_out, f.key);
            m_out += ':';
        }
        if (f.index)
            f.index->emplace(f.key, f.count);
        m_keys.push_back(std::move(f.key));
        ++f.count;
        return nullptr;
    }
    auto& items = static_cast<Json::object_t::Container&>((f.node ? *f.node : m_root).get_ref<Json::object_t&>());
    if (existing != npos) { // a repeated key: the last value wins, in the first one's place
        fix(FixKind::RepeatedKey, f.keyStart, 0, {}); // a mark: the earlier value is left out
        return &items[existing].second;
    }
    if (f.index)
        f.index->emplace(f.key, f.count);
    ++f.count;
    items.emplace_back(std::move(f.key), Json());
    return &items.back().second;
}

void Repairer::mapValue(std::string&& pointer, std::size_t begin, std::size_t endAt)
{
    if (m_options.sourceMap)
        m_map.add(std::move(pointer), Span{begin, endAt - begin});
    valueCompleted(endAt);
}

void Repairer::addValue(Json value, std::size_t begin, std::size_t endAt)
{
    std::string pointer;
    if (Json* slot = place(&pointer))
        *slot = std::move(value);
    else
        JsonWriter(m_out).value(value);
    m_lastIsString = false;
    mapValue(std::move(pointer), begin, endAt);
}

// true, false or null, whose text is `json`: written as it is, with no writer.
void Repairer::addLiteral(const Json& value, std::string_view json, std::size_t begin, std::size_t endAt)
{
    std::string pointer;
    if (Json* slot = place(&pointer))
        *slot = value;
    else
        m_out += json;
    m_lastIsString = false;
    mapValue(std::move(pointer), begin, endAt);
}

// A plain integer (plainInteger() in repairer_tokens.cpp), whose text is what dumping it gives
// but for "-0", which dumps as 0.
void Repairer::addInteger(std::int64_t value, std::string_view text, std::size_t begin, std::size_t endAt)
{
    std::string pointer;
    if (Json* slot = place(&pointer))
        *slot = value;
    else if (value != 0)
        m_out += text;
    else
        m_out += '0';
    m_lastIsString = false;
    mapValue(std::move(pointer), begin, endAt);
}

// Tree: `owned`, when given, holds `value`'s bytes and gives them up to the node rather than
// have them copied (the string the step machine decoded; the plain-token loop's strings are
// views of the text).
void Repairer::addString(std::string_view value, std::size_t begin, std::size_t endAt, bool plain, std::string* owned)
{
    std::string pointer;
    if (Json* slot = place(&pointer)) {
        *slot = owned ? Json(std::move(*owned)) : Json(std::string(value));
        m_lastStringNode = slot;
    } else {
        appendString(value, plain);
    }
    m_lastIsString = true;
    mapValue(std::move(pointer), begin, endAt);
}

// `plain`: nothing in `s` needs escaping (Repairer::m_strCopied), so it goes between quotes as
// it is.
void Repairer::appendString(std::string_view s, bool plain)
{
    if (plain)
        appendPlainQuoted(m_out, 0, s, 0);
    else
        appendQuoted(m_out, s);
}

// `"a" + "b"`: the text ends with the last string's closing quote (nothing is written between
// a value and what follows it), so the tail goes in before that quote. Both parts are valid
// UTF-8, so escaping them apart is escaping them together.
void Repairer::appendToLastString(const std::string& tail)
{
    if (m_options.output == RepairOutput::Tree) {
        m_lastStringNode->get_ref<std::string&>() += tail;
        return;
    }
    m_out.pop_back();
    const std::size_t quote = m_out.size();
    appendQuoted(m_out, tail);
    m_out.erase(quote, 1);
}

// Places the container and writes its opener. Tree: the node it fills (nullptr at the root,
// which moves with the Repairer).
Json* Repairer::writeOpen(bool object, std::string* pointer)
{
    m_lastIsString = false;
    const bool root = m_stack.empty();
    Json* slot = place(pointer);
    if (root)
        m_rootContainer = true;
    if (!slot) {
        m_out += object ? '{' : '[';
        return nullptr;
    }
    *slot = object ? Json::object() : Json::array();
    if (root && !object && m_options.rootItems > 0)
        slot->get_ref<Json::array_t&>().reserve(m_options.rootItems);
    return root ? nullptr : slot;
}

void Repairer::writeClose(const Frame& frame)
{
    if (m_options.output == RepairOutput::Text) {
        m_out += frame.object ? '}' : ']';
        if (frame.object)
            m_keys.resize(frame.keysFrom);
    }
}

} // namespace conform::json::detail
