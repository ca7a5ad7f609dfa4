// The public Validator: compile once, then validate (issues), accepts (verdict) or
// acceptsText (verdict straight from text through simdjson).
#include "schema/coerce.h"
#include "schema/compiler.h"
#include "schema/evaluator.h"

namespace conform::schema {
namespace {

using detail::CompiledSchema;
using detail::EvalContext;
using detail::NlohmannAdapter;
using detail::SimdjsonAdapter;

// Bounded recursion: stops descending past `limit`, so a 100,000-deep value costs 512 frames.
bool withinDepth(const Json& value, std::size_t limit)
{
    if (!value.is_structured())
        return true;
    if (limit == 0)
        return false;
    for (const auto& item : value)
        if (item.is_structured() && !withinDepth(item, limit - 1))
            return false;
    return true;
}

// One parser per thread, reused (its buffers grow to the largest document seen, up to a cap).
constexpr std::size_t kKeepParserBuffersUpTo = 64u << 20;

simdjson::dom::parser& threadParser()
{
    thread_local simdjson::dom::parser parser = [] {
        simdjson::dom::parser p;
        if (p.allocate(1 << 16, json::kMaxDepth) != simdjson::SUCCESS)
            return simdjson::dom::parser(); // parse() will allocate on demand
        return p;
    }();
    return parser;
}

std::string describe(simdjson::error_code error)
{
    if (error == simdjson::DEPTH_ERROR)
        return "nesting deeper than " + std::to_string(json::kMaxDepth) + " levels";
    if (error == simdjson::UTF8_ERROR)
        return "the text is not valid UTF-8";
    return simdjson::error_message(error);
}

} // namespace

Result<Validator> Validator::compile(const Json& schema, const CompileOptions& options)
{
    auto compiled = std::make_shared<CompiledSchema>();
    try {
        detail::Compiler compiler(options, *compiled);
        if (Status s = compiler.compileRoot(schema); !s.ok())
            return s.error();
    } catch (const std::exception& e) { // nlohmann or allocation failure: reported, never thrown
        return Error{std::string("cannot compile the schema: ") + e.what(), ""};
    }
    return Validator(std::move(compiled));
}

Validator::Validator(std::shared_ptr<const detail::CompiledSchema> compiled) : m_compiled(std::move(compiled)) {}

ValidationResult Validator::validate(const Json& instance, const ValidateOptions& options) const
{
    ValidationResult result;
    if (!withinDepth(instance, json::kMaxDepth)) {
        Issue issue = detail::IssueFactory::custom(
            "depth", "Value is nested too deeply to validate (more than " + std::to_string(json::kMaxDepth) + " levels)");
        result.issues.push_back(std::move(issue));
        result.value = nullptr; // a copy would recurse as deep as the value
        return result;
    }
    result.value = instance;
    if (options.coerce.any())
        result.coercions = detail::coerce(*m_compiled, result.value, options.coerce);
    const detail::IssueFactory factory(options.style);
    EvalContext context;
    context.issues = &result.issues;
    context.factory = &factory;
    context.trackScope = m_compiled->dynamicScope;
    context.cancel = CancelPoll(options.cancel);
    try {
        result.valid = detail::Evaluator<NlohmannAdapter, true>(context).eval(*m_compiled->root, &result.value, nullptr);
    } catch (const Cancelled&) {
        result = ValidationResult{};
        result.cancelled = true;
        return result;
    }
    if (!result.valid && result.issues.empty())
        result.issues.push_back(detail::IssueFactory::custom("schema", "Invalid input"));
    return result;
}

bool Validator::accepts(const Json& instance) const
{
    if (!withinDepth(instance, json::kMaxDepth))
        return false;
    EvalContext context;
    context.trackScope = m_compiled->dynamicScope;
    return detail::Evaluator<NlohmannAdapter, false>(context).eval(*m_compiled->root, &instance, nullptr);
}

bool Validator::acceptsText(std::string_view text, std::string* parseError) const
{
    simdjson::dom::parser* parser = &threadParser();
    std::unique_ptr<simdjson::dom::parser> oneOff; // huge texts: do not keep their buffers
    if (text.size() > kKeepParserBuffersUpTo) {
        oneOff = std::make_unique<simdjson::dom::parser>();
        if (oneOff->allocate(text.size(), json::kMaxDepth) != simdjson::SUCCESS) {
            if (parseError)
                *parseError = "out of memory for a text of " + std::to_string(text.size()) + " bytes";
            return false;
        }
        parser = oneOff.get();
    }
    simdjson::dom::element root;
    const auto error = parser->parse(text.data(), text.size(), true).get(root);
    if (error) {
        if (parseError)
            *parseError = describe(error);
        return false;
    }
    EvalContext context;
    context.trackScope = m_compiled->dynamicScope;
    return detail::Evaluator<SimdjsonAdapter, false>(context).eval(*m_compiled->root, root, nullptr);
}

const std::vector<LintMessage>& Validator::lint() const
{
    return m_compiled->lint;
}

Draft Validator::draft() const
{
    return m_compiled->draft;
}

} // namespace conform::schema
