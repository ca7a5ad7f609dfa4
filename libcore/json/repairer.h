#pragma once
// The repairing parser: one JSON value from a region of raw text, fixing what models get wrong
// while reading and logging each fix with raw-text offsets.
//
//   Repairer r(start, RepairOptions{.output = RepairOutput::Text});
//   if (r.run(text, true) == Repairer::Status::Done) print(r.takeText(), r.log(), r.sourceMap());
//
// It is a resumable state machine with an explicit stack (no recursion; nesting past
// kMaxDepth fails with a reason). run() reads as far as the text allows and returns NeedMore
// when a decision needs bytes not yet seen, so the streaming extractor feeds it chunk by chunk
// and every byte is examined a bounded number of times. With `final`, the end of the text is
// the end of the reply: open strings, keys and brackets are closed there. Internal.
//
// What it reads goes to one of two outputs, chosen per parse (one branch per value, no call
// through a pointer):
// - Tree: a Json built in place, for callers that use the value and for snapshot() (the
//   streaming extractor's partials).
// - Text: compact strict JSON, byte for byte what dumping the tree would give, for callers
//   that only print it (`conform-cli extract --jsonl`), where building the tree and dumping it
//   again cost more than the repair. The reading is the same; only the output differs. A
//   string is written when it ends and grown in place by `"a" + "b"`, a key only once its
//   value starts (so a dangling key never reaches the text), a closer when its container
//   closes, at the end of the text too. One thing text written in reading order cannot say is
//   a repeated key, whose later value wins in the first one's place: on the first repeat the
//   parse starts again as a tree (once, so it stays linear) and takeText() dumps that tree.
// The fix log and the source map are the same either way.
#include "json/extract.h"
#include "json/fix_log.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace conform::json::detail {

// More fixes than this and the text is not JSON with mistakes but something else; giving up
// also bounds the memory a hostile reply can take.
inline constexpr std::size_t kMaxFixes = 100000;

enum class RepairOutput : unsigned char { Tree, Text };

struct RepairOptions
{
    bool strict = false;
    bool sourceMap = true;
    std::string pointerPrefix; // where the value sits in a larger one ("/goals" for a parameter)
    const CancelFlag* cancel = nullptr; // polled once per step; Cancelled is thrown when set
    RepairOutput output = RepairOutput::Tree;
    // The text is strict JSON whose root array holds this many items (isStrictJson): that
    // array, and the Text output, are given their size at once instead of growing by doubling,
    // which for a large reply means copying and fresh pages each time. 0: not known.
    std::size_t rootItems = 0;
    // Runs of tokens that need no lookahead past themselves are read by the plain-token loop
    // (repairer_plain.cpp), with the same result. false: every token through the step
    // machine, which tests compare the loop with.
    bool plainRuns = true;
};

class Repairer
{
public:
    enum class Status { Done, NeedMore, Failed };

    Repairer(std::size_t start, RepairOptions options);
    Repairer(Repairer&&) noexcept;
    Repairer& operator=(Repairer&&) noexcept;
    ~Repairer();

    // Continues from where the last call stopped. `text` is the raw text from offset 0 (the
    // same bytes as before, possibly more of them); offsets in fixes and spans index it.
    Status run(std::string_view text, bool final);

    bool hasValue() const { return m_rootSet; }
    // The value, with the Tree output (or a Text parse that met a repeated key).
    Json& value() { return m_root; }
    // The value as compact JSON text: the Text output itself, or the tree dumped. Once.
    std::string takeText();
    FixLog& log() { return m_log; }
    const FixLog& log() const { return m_log; }
    SourceMap& sourceMap() { return m_map; }
    std::size_t start() const { return m_start; }
    std::size_t end() const { return m_end; }         // just past the value, once Done
    std::size_t position() const { return m_pos; }    // how far the text has been read
    bool truncated() const { return m_truncated; }    // the end of input closed something
    bool rootIsContainer() const { return m_rootContainer; }
    const std::string& failure() const { return m_failure; }
    std::size_t failureOffset() const { return m_failureAt; }

    // The value so far with everything open closed, without disturbing the parse. Tree only.
    Json snapshot() const;

private:
    enum class Expect : unsigned char { Value, KeyOrEnd, Colon, CommaOrEnd, Done };
    enum class Token : unsigned char { None, String, Number, Word, Dots, LineComment, BlockComment };
    // How the open string was opened, which decides what closes it. Escaped: `\"` (a reply
    // that is itself an escaped string); Backtick and Acute: odd quote characters.
    enum class Quote : unsigned char { Double, Single, TypoDouble, TypoSingle, Backtick, Acute, Escaped };
    struct Frame;

    // structure (repairer.cpp)
    Status runSteps(std::string_view text, bool final);
    bool step();
    bool onValue(char c);
    bool onKeyOrEnd(char c);
    bool onColon(char c);
    bool onCommaOrEnd(char c);
    bool skipTrivia();
    // A byte skipTrivia() does anything at: white space, a comment's slash, the lead byte of a
    // Unicode space or of a byte-order mark (all at or above 0xC2).
    static bool mayStartTrivia(char c)
    {
        const auto u = static_cast<unsigned char>(c);
        return u <= ' ' || c == '/' || u >= 0x80;
    }
    bool startMarkToken(bool key, bool* handled);
    bool closesAnOpenContainer(char closer) const;
    void handleCloser(char c);
    void closerInValue(char c);
    void forceCloseTop(std::size_t at, bool truncation);
    void dropDanglingKey(std::size_t at);
    void dropTrailingComma(Frame& f, std::size_t commaAt);
    void closeTop(std::size_t endAt);
    void closeAtEnd();
    void commaAfterValue();
    void closeObjectAtBrace();
    void closeArrayAtBracket();
    bool openContainer(bool object);
    void valueCompleted(std::size_t endAt);
    void elementStarts();
    void strayChar(std::size_t at, std::size_t length, FixKind kind = FixKind::StrayCharacter);
    void fix(FixKind kind, std::size_t offset, std::size_t length, std::string_view after);
    Json finiteNumber(std::string_view json, std::size_t offset, std::size_t length);
    void fail(std::string message, std::size_t at);
    void startToken(Token token, std::size_t scanFrom);
    bool isValueStart(char c) const;

    // the plain-token loop (repairer_plain.cpp)
    bool readPlainRun();
    bool plainStructure(char c);
    bool plainString(char quote, bool key);
    bool plainNumber();
    bool plainLiteral();

    // readings that keep every item (repairer_items.cpp)
    bool startQuoteLike(bool key, bool* handled);
    bool startOddQuote(bool key, bool* handled);
    bool containerAfterMember();
    bool containerAfterComma();
    int concatenation();
    int rootConcatenation();
    std::size_t spaceAndComments(std::size_t from) const;
    int plusThenQuote(std::size_t plusAt, std::size_t* quoteAt) const;
    int endsBeforeNextItem(std::size_t quoteAt);
    int quotedThen(std::size_t quoteAt, std::string_view followers) const;
    bool keyFollows(std::size_t from) const;
    int delimiterEndsString(std::size_t at);
    void endStringAt(std::size_t at, FixKind kind);
    void dropRead(std::size_t from, std::size_t to);
    bool quoteReadAsText() const;
    bool rescanToDelimiter();

    // the output, a tree or text (repairer_output.cpp)
    Json* place(std::string* pointer);
    std::size_t memberIndex(Frame& f) const;
    void addValue(Json value, std::size_t begin, std::size_t endAt);
    void addInteger(std::int64_t value, std::string_view text, std::size_t begin, std::size_t endAt);
    void addLiteral(const Json& value, std::string_view json, std::size_t begin, std::size_t endAt);
    void addString(std::string_view value, std::size_t begin, std::size_t endAt, bool plain, std::string* owned = nullptr);
    void appendString(std::string_view s, bool plain);
    void appendToLastString(const std::string& tail);
    Json* writeOpen(bool object, std::string* pointer);
    void writeClose(const Frame& frame);
    void mapValue(std::string&& pointer, std::size_t begin, std::size_t endAt);

    // tokens (repairer_tokens.cpp)
    bool continueToken();
    bool continueString();
    int stringEscape(std::size_t at);
    int stringControl(std::size_t at);
    int stringUtf8(std::size_t at);
    int decideClose(std::size_t at, std::size_t length);
    bool closesString(char c) const;
    int valueFollows(std::size_t at) const;
    void completeString(std::size_t endAt, std::size_t closerAt);
    bool finishString(std::size_t closerAt, std::size_t closerLength);
    bool finishTruncatedString(std::size_t at);
    void startString(Quote quote, std::size_t openerLength, bool key);
    bool continueNumber();
    bool continueWord();
    int unwrapMongoCall(std::size_t openAt);
    bool finishUnquotedString(std::size_t endAt);
    int closingQuoteOfKey(std::size_t from, std::size_t* quoteAt) const;
    bool continueDots();
    bool continueComment();

    std::string_view m_text;
    bool m_final = false;
    RepairOptions m_options;
    CancelPoll m_cancel;
    FixLog m_log;
    SourceMap m_map;
    Json m_root;
    std::string m_out; // the Text output
    // Text: the keys of every open object, innermost last (one array, so an object costs no
    // allocation of its own), to see a repeat.
    std::vector<std::string> m_keys;
    bool m_rootSet = false;
    bool m_rootContainer = false;
    std::vector<Frame> m_stack;
    Expect m_expect = Expect::Value;
    Token m_token = Token::None;
    Quote m_quote = Quote::Double;
    bool m_tokenIsKey = false;
    bool m_wordPhase2 = false;   // a bare word that is not a literal runs on as an unquoted string
    std::string m_str;           // the decoded string so far
    // How many of m_str's bytes were copied from the text as they stood (plain ASCII other
    // than a quote or backslash, valid UTF-8): when that is all of them, the string is written
    // between quotes as it is, with no pass to escape it. npos once bytes were taken away.
    std::size_t m_strCopied = 0;
    bool strIsPlain() const { return m_strCopied == m_str.size(); }
    std::size_t m_contentStart = 0; // the open string's first byte after its opening quote
    // A string that reached the end of the text with a closer inside it is read once more,
    // ending at the first delimiter that lets the rest parse; once per parse keeps it linear.
    bool m_stopAtDelimiter = false;
    bool m_rescanned = false;
    // `"a" + "b"`: the string being read is appended to the last one.
    bool m_concat = false;
    bool m_lastIsString = false;              // the last value written was a string
    Json* m_lastStringNode = nullptr;         // it, in the tree (valid until the next value)
    std::size_t m_lastStringCloser = 0;       // where its closing quote stands
    std::size_t m_start = 0;
    std::size_t m_pos = 0;
    std::size_t m_tokenStart = 0;
    std::size_t m_scan = 0;      // how far inside the open token has been read
    std::size_t m_lastValueEnd = 0;
    std::size_t m_end = 0;
    bool m_truncated = false;
    std::string m_failure;
    std::size_t m_failureAt = 0;
};

struct Repairer::Frame
{
    Json* node = nullptr; // Tree: the container (nullptr: the root, which moves with the Repairer)
    bool object = false;
    std::size_t count = 0; // elements, or distinct members
    std::string pointer;
    std::size_t start = 0;
    std::size_t commaAt = std::string::npos;    // a comma not yet followed by an element
    std::string key;                            // the pending key of an object member
    bool keyIsPlain = false;                    // it needs no escaping (see m_strCopied)
    std::size_t keyStart = 0;
    std::size_t keyEnd = 0;
    std::size_t keyCommaAt = std::string::npos; // the comma before the pending key
    std::size_t insertedCommaAt = std::string::npos; // a comma inserted before it instead
    std::size_t keysFrom = 0; // Text: where the object's keys start in m_keys
    // Large objects index their keys so that duplicates are found without a linear scan.
    std::unique_ptr<std::unordered_map<std::string, std::size_t>> index;
};

} // namespace conform::json::detail
