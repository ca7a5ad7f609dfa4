// The public Validator: compile once, then validate (issues), accepts (verdict) or
// acceptsText (verdict straight from text through simdjson).
#include "json/check_strict.h"
#include "schema/coerce.h"
#include "schema/compiler.h"
#include "schema/evaluator.h"
#include "schema/fast_verdict.h"
#include "schema/repeated_keys.h"

namespace conform::schema {

bool detail::fastVerdictAt(EvalContext& context, const Node& n, TapeValue v)
{
    return FastVerdict<>(context).eval(n, v);
}

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

// One text parsed into this thread's simdjson DOM (or a one-off parser for huge texts, whose
// buffers are not kept); `root` is valid while this object lives.
struct DomParse
{
    std::unique_ptr<simdjson::dom::parser> oneOff;
    simdjson::dom::parser* parser = nullptr;
    simdjson::dom::element root;

    // The root on the parsed document's tape (word 0 is simdjson's root marker).
    detail::TapeValue tapeRoot() const { return {parser->doc.tape.get(), parser->doc.string_buf.get(), 1}; }

    bool run(std::string_view text, std::string* parseError)
    {
        parser = &threadParser();
        if (text.size() > kKeepParserBuffersUpTo) {
            oneOff = std::make_unique<simdjson::dom::parser>();
            if (oneOff->allocate(text.size(), json::kMaxDepth) != simdjson::SUCCESS) {
                if (parseError)
                    *parseError = "out of memory for a text of " + std::to_string(text.size()) + " bytes";
                return false;
            }
            parser = oneOff.get();
        }
        const auto error = parser->parse(text.data(), text.size(), true).get(root);
        if (error && parseError)
            *parseError = describe(error);
        return !error;
    }
};

// One pass over `value` through adapter A: the verdict and, with Collect, every issue into
// `result.issues`. Throws Cancelled when options.cancel is set meanwhile.
template <typename A, bool Collect>
bool evaluate(const CompiledSchema& compiled, typename A::Value value, const ValidateOptions& options,
              ValidationResult& result)
{
    const detail::IssueFactory factory(options.style);
    EvalContext context;
    if constexpr (Collect) {
        context.issues = &result.issues;
        context.factory = &factory;
    }
    context.trackScope = compiled.dynamicScope;
    context.cancel = CancelPoll(options.cancel);
    return detail::Evaluator<A, Collect>(context).eval(*compiled.root, value, nullptr);
}

// The verdict of a parsed text through FastVerdict (the generic walk's answer, sooner).
bool fastVerdict(const CompiledSchema& compiled, detail::TapeValue root, const ValidateOptions* options)
{
    EvalContext context;
    context.trackScope = compiled.dynamicScope;
    if (options)
        context.cancel = CancelPoll(options->cancel);
    return detail::FastVerdict<>(context).eval(*compiled.root, root);
}

ValidationResult cancelledResult()
{
    ValidationResult result;
    result.cancelled = true;
    return result;
}

// A failure the walk could not pin on one keyword still gets an issue.
void explainFailure(ValidationResult& result)
{
    if (!result.valid && result.issues.empty())
        result.issues.push_back(detail::IssueFactory::custom("schema", "Invalid input"));
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
    try {
        result.valid = evaluate<NlohmannAdapter, true>(*m_compiled, &result.value, options, result);
    } catch (const Cancelled&) {
        return cancelledResult();
    }
    explainFailure(result);
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
    DomParse parse;
    if (!parse.run(text, parseError))
        return false;
    if (detail::hasRepeatedKey(parse.tapeRoot())) { // read as JSON.parse reads it: the last value counts
        const Result<Json> instance = json::parseStrict(text);
        return instance && accepts(instance.value());
    }
    return fastVerdict(*m_compiled, parse.tapeRoot(), nullptr);
}

std::optional<ValidationResult> Validator::validateText(std::string_view text, const ValidateOptions& options,
                                                        std::string* parseError) const
{
    DomParse parse;
    const bool parsed = parse.run(text, options.coerce.any() ? nullptr : parseError);
    std::vector<Warning> warnings = parsed ? detail::repeatedKeyWarnings(parse.tapeRoot()) : std::vector<Warning>();
    // A tree is needed to coerce, and to read a repeated key as JSON.parse does.
    if (options.coerce.any() || !warnings.empty()) {
        auto instance = json::parseStrict(text);
        if (!instance) {
            if (parseError)
                *parseError = instance.error().toString();
            return std::nullopt;
        }
        ValidationResult result = validate(instance.value(), options);
        result.warnings = std::move(warnings);
        return result;
    }
    if (!parsed)
        return std::nullopt;
    // The verdict pass is cheap and usually enough; only a failing text is walked again for issues.
    ValidationResult result;
    try {
        result.valid = fastVerdict(*m_compiled, parse.tapeRoot(), &options)
            || evaluate<detail::TapeAdapter, true>(*m_compiled, parse.tapeRoot(), options, result);
    } catch (const Cancelled&) {
        return cancelledResult();
    }
    explainFailure(result);
    return result;
}

Result<ValidationResult> Validator::validateJsonText(std::string_view text, const ValidateOptions& options) const
{
    if (std::optional<ValidationResult> result = validateText(text, options))
        return std::move(*result);
    // Most text simdjson refuses is not JSON at all: its error needs no tree.
    if (Status strict = json::checkStrict(text); !strict)
        return strict.error();
    Result<Json> instance = json::parseStrict(text);
    if (!instance)
        return instance.error();
    return validate(instance.value(), options);
}

std::optional<detail::VerdictProbe::Verdicts> detail::VerdictProbe::compare(const Validator& validator,
                                                                            std::string_view text, FastFault fault)
{
    DomParse parse;
    if (!parse.run(text, nullptr))
        return std::nullopt;
    const CompiledSchema& compiled = *validator.m_compiled;
    Verdicts verdicts;
    EvalContext fast;
    fast.trackScope = compiled.dynamicScope;
    verdicts.fast = FastVerdict<true>(fast, fault).eval(*compiled.root, parse.tapeRoot());
    EvalContext generic;
    generic.trackScope = compiled.dynamicScope;
    verdicts.generic = Evaluator<SimdjsonAdapter, false>(generic).eval(*compiled.root, parse.root, nullptr);
    return verdicts;
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
