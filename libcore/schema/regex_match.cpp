// Pattern: an ECMA-262 pattern on RE2 when RE2 can run it, else on PCRE2 with match limits.
#include "schema/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <re2/re2.h>

namespace conform::schema {

struct Pattern::Pcre2
{
    pcre2_code* code = nullptr;
    ~Pcre2() { pcre2_code_free(code); }
};

namespace {

// ECMA's reading: $ only at the very end; a backreference to an unset group matches "";
// [] and [^] as ECMA reads them (the translation spells those out, this is for safety).
// No PCRE2_UCP: with the u flag and without i, ECMA's \d, \w and \b stay ASCII.
constexpr std::uint32_t kCompileOptions = PCRE2_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_MATCH_UNSET_BACKREF
    | PCRE2_ALLOW_EMPTY_CLASS;

// The limits of every match, shared read-only by all threads.
pcre2_match_context* matchContext()
{
    static pcre2_match_context* const context = [] {
        pcre2_match_context* c = pcre2_match_context_create(nullptr);
        pcre2_set_match_limit(c, kMatchLimit);
        pcre2_set_depth_limit(c, kDepthLimit);
        return c;
    }();
    return context;
}

// One thread's room for a match's result: only whether there was one is read.
struct MatchData
{
    pcre2_match_data* data = pcre2_match_data_create(1, nullptr);
    ~MatchData() { pcre2_match_data_free(data); }
};

std::string pcre2Message(int code)
{
    PCRE2_UCHAR buffer[256];
    const int length = pcre2_get_error_message(code, buffer, sizeof buffer);
    return length < 0 ? "PCRE2 error " + std::to_string(code) : std::string(reinterpret_cast<const char*>(buffer));
}

Error notARegex(std::string_view ecma, const std::string& why)
{
    return Error{"not a regular expression: " + why + " in \"" + std::string(ecma) + "\"", {}};
}

} // namespace

Pattern::Pattern(Pattern&&) noexcept = default;
Pattern& Pattern::operator=(Pattern&&) noexcept = default;
Pattern::~Pattern() = default;

Result<Pattern> Pattern::compile(std::string_view ecma)
{
    Pattern out;
    if (const Result<std::string> re2Form = detail::ecmaToRe2(ecma)) {
        RE2::Options options;
        options.set_log_errors(false);
        auto re = std::make_unique<RE2>(re2Form.value(), options);
        if (re->ok()) {
            out.m_re2 = std::move(re);
            return out;
        }
    }
    // RE2 cannot run it (lookaround, a backreference, a repeat past 1000) or it is no pattern:
    // PCRE2 says which.
    const Result<std::string> pcre2Form = detail::ecmaToPcre2(ecma);
    if (!pcre2Form)
        return notARegex(ecma, pcre2Form.error().message);
    int code = 0;
    PCRE2_SIZE offset = 0;
    pcre2_code* compiled = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pcre2Form->data()), pcre2Form->size(),
                                         kCompileOptions, &code, &offset, nullptr);
    if (!compiled) {
        if (code == PCRE2_ERROR_LOOKBEHIND_NOT_FIXED_LENGTH)
            return Error{"a lookbehind of variable width in \"" + std::string(ecma)
                             + "\": ECMA-262 allows it, but PCRE2 10.42, which runs lookbehind here, takes only "
                               "lookbehinds of a fixed width (each alternative of one length)",
                         {}};
        return notARegex(ecma, pcre2Message(code));
    }
    out.m_pcre2 = std::make_unique<Pcre2>();
    out.m_pcre2->code = compiled;
    return out;
}

MatchResult Pattern::match(std::string_view text) const
{
    if (m_re2)
        return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *m_re2) ? MatchResult::Match
                                                                                      : MatchResult::NoMatch;
    thread_local MatchData data;
    const char* subject = text.data() ? text.data() : ""; // PCRE2 10.42 refuses a null subject
    const int rc = pcre2_match(m_pcre2->code, reinterpret_cast<PCRE2_SPTR>(subject), text.size(), 0, 0, data.data,
                               matchContext());
    if (rc >= 0)
        return MatchResult::Match;
    if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT)
        return MatchResult::Limit;
    return MatchResult::NoMatch; // no match, or text that is not UTF-8 (which no JSON string is)
}

} // namespace conform::schema
