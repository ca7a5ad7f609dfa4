// Rows for test_json's keepsEveryItem (more kinds), guessesAreFlagged and okNeverLosesItems:
// the damage kinds of issue 19, written by hand with the value a reader means. Where the
// reading is plain the repair is exact; where the item boundary is a guess the fix says so
// (`guessed_missing_quote`, value-changing: strict mode refuses it). Never ok with an item
// merged or dropped silently.
#include <QTest>

#include <string>
#include <utility>
#include <vector>

Q_DECLARE_METATYPE(std::string)

namespace {

void addRow(const char* name, std::string raw, const char* value, const char* fixes, int items)
{
    QTest::newRow(name) << raw << std::string(value) << std::string(fixes) << items;
}

} // namespace

// Appended to rows_keepsEveryItem (same columns): exact repairs.
void rows_keepsEveryItemKinds()
{
    // A string's closing quote missing before a comma, then the next item (on the next line).
    addRow("unclosed before a comma and a line break", "[\"abc,\n\"def\"]", R"(["abc","def"])",
           R"([["missing_quote",5,"","\""]])", 2);
    addRow("unclosed before a comma and CR LF", "[\"abc,\r\n\"def\"]", R"(["abc","def"])",
           R"([["missing_quote",5,"","\""]])", 2);
    addRow("unclosed value before a comma and a key on the next line", "{\"a\":\"b,\n\"c\":\"d\"}",
           R"({"a":"b","c":"d"})", R"([["missing_quote",7,"","\""]])", 4);
    addRow("unclosed before a closing brace and the next object", R"([{"a":"x},{"a":"y"}])",
           R"([{"a":"x"},{"a":"y"}])", R"([["missing_quote",8,"","\""]])", 4);
    addRow("unclosed before a line break and the closer", "[\"abc\n]", R"(["abc"])", R"([["missing_quote",5,"","\""]])", 1);
    // A string missing its opening quote.
    addRow("opening quotes missing in an array", R"([a",b"])", R"(["a","b"])",
           R"([["missing_quote",1,"","\""],["missing_quote",4,"","\""]])", 2);
    addRow("opening quote missing in a key", R"({a":"foo"})", R"({"a":"foo"})", R"([["missing_quote",1,"","\""]])", 2);
    addRow("opening quote missing in a two-word key", R"({"x":1, first name": "Bo"})", R"({"x":1,"first name":"Bo"})",
           R"([["missing_quote",8,"","\""]])", 4);
    addRow("opening quote missing in a two-word value", R"(["x", hello world"])", R"(["x","hello world"])",
           R"([["missing_quote",6,"","\""]])", 2);
    // A missing comma between a string and a number, literal or container.
    addRow("missing comma between a string and a number", R"(["a" 2])", R"(["a",2])", R"([["missing_comma",4,"",","]])", 2);
    addRow("missing commas after strings", R"(["a" -2.5, "b" true, "c" null])", R"(["a",-2.5,"b",true,"c",null])",
           R"([["missing_comma",4,"",","],["missing_comma",14,"",","],["missing_comma",24,"",","]])", 6);
    addRow("missing comma between a string and an object", R"(["a" {"b":1}])", R"(["a",{"b":1}])",
           R"([["missing_comma",4,"",","]])", 3);
    addRow("missing commas between strings, a number and a literal", R"(["one" "two" 3 true])",
           R"(["one","two",3,true])",
           R"([["missing_comma",6,"",","],["missing_comma",12,"",","],["missing_comma",14,"",","]])", 4);
    addRow("quotes inside the text stay text", R"(["Rated "5" stars"])", R"(["Rated \"5\" stars"])",
           R"([["unescaped_quote",8,"\"","\\\""],["unescaped_quote",10,"\"","\\\""]])", 1);
    // An object left open before its comma and the next object.
    addRow("unclosed object before a comma", R"([{"i":1,{"i":2}])", R"([{"i":1},{"i":2}])",
           R"([["missing_bracket",7,"","}"]])", 4);
    addRow("unclosed object before a comma, then more", R"([{"i":1, {"i":2}, {"i":3}])",
           R"([{"i":1},{"i":2},{"i":3}])", R"([["missing_bracket",7,"","}"]])", 6);
    addRow("doubled braces lose nothing", R"({{"a":1}})", R"({"a":1})",
           R"([["stray_character",1,"{",""],["stray_bracket",8,"}",""]])", 2);
    // Unicode spaces before a value.
    addRow("Mongolian vowel separator", "{\"a\":\u180e\"b\"}", R"({"a":"b"})",
           "[[\"unicode_whitespace\",5,\"\u180e\",\"\"]]", 2);
    addRow("narrow no-break and mathematical spaces", "[\u202f1,\u205f2]", "[1,2]",
           "[[\"unicode_whitespace\",1,\"\u202f\",\"\"],[\"unicode_whitespace\",6,\"\u205f\",\"\"]]", 2);
    addRow("ogham, line and paragraph separators, next line", "[\u1680true,\u2028false,\u2029null,\xC2\x85null]",
           "[true,false,null,null]",
           "[[\"unicode_whitespace\",1,\"\u1680\",\"\"],[\"unicode_whitespace\",9,\"\u2028\",\"\"],"
           "[\"unicode_whitespace\",18,\"\u2029\",\"\"],[\"unicode_whitespace\",26,\"\\u0085\",\"\"]]",
           4);
    // String concatenation with comments between the parts.
    addRow("comment before the plus", R"("abc" /* c */ + "def")", R"("abcdef")",
           R"([["concatenated_string",4,"\" /* c */ + \"",""]])", 1);
    addRow("comment after the plus", R"(["abc" + /* c */ "def"])", R"(["abcdef"])",
           R"([["concatenated_string",5,"\" + /* c */ \"",""]])", 1);
    addRow("line comment before the plus", "{\"a\": \"abc\" // c\n + \"def\"}", R"({"a":"abcdef"})",
           "[[\"concatenated_string\",10,\"\\\" // c\\n + \\\"\",\"\"]]", 2);
    // Backticks and acute accents as quotes.
    addRow("acute and backtick quotes mixed", "[\u00b4x\u00b4, `y`]", R"(["x","y"])",
           "[[\"odd_quotes\",1,\"\u00b4\",\"\\\"\"],[\"odd_quotes\",4,\"\u00b4\",\"\\\"\"],"
           "[\"odd_quotes\",8,\"`\",\"\\\"\"],[\"odd_quotes\",10,\"`\",\"\\\"\"]]",
           2);
}

// guessesAreFlagged: the value a reader means, reached by a guess that says so.
void rows_guesses()
{
    QTest::addColumn<std::string>("raw");
    QTest::addColumn<std::string>("value");
    QTest::addColumn<std::string>("fixes");
    QTest::addColumn<int>("items");
    addRow("unclosed before a line break and the next item", "[\"abc\n\"def\"]", R"(["abc","def"])",
           R"([["guessed_missing_quote",5,"","\""],["missing_comma",5,"",","]])", 2);
    addRow("unclosed value before a line break and a key", "{\"a\":\"abc\n\"b\":1}", R"({"a":"abc","b":1})",
           R"([["guessed_missing_quote",9,"","\""],["missing_comma",9,"",","]])", 4);
    addRow("unclosed before a brace and a line break", "[{\"a\":\"x}\n{\"a\":\"y\"}]", R"([{"a":"x"},{"a":"y"}])",
           R"([["guessed_missing_quote",8,"","\""],["missing_comma",9,"",","]])", 4);
    addRow("unclosed before a comma: the comma may be text", R"(["hello, world])", R"(["hello","world"])",
           R"([["guessed_missing_quote",7,"","\""],["unquoted_string",9,"world","\"world\""]])", 2);
    addRow("unclosed at the end after a quote read as text", R"({"a":"say "hi" x})", R"({"a":"say \"hi\" x"})",
           R"([["unescaped_quote",10,"\"","\\\""],["unescaped_quote",13,"\"","\\\""],["guessed_missing_quote",16,"","\""]])", 2);
    addRow("unclosed, spaces before the line break are layout", "[\"a  \n\"b\"]", R"(["a","b"])",
           R"([["guessed_missing_quote",3,"","\""],["missing_comma",3,"",","]])", 2);
}

// okNeverLosesItems: damaged replies of the kinds above with the value a reader means. An ok
// result that differs from it must carry a value-changing fix.
std::vector<std::pair<std::string, std::string>> damagedReplies()
{
    return {
        {"[\"apple,\n\"banana\"]", R"(["apple","banana"])"},
        {"[\"apple\n\"banana\"]", R"(["apple","banana"])"},
        {"[\"apple\n\"banana\",\n\"cherry\"]", R"(["apple","banana","cherry"])"},
        {"{\"name\":\"Ann,\n\"age\":30}", R"({"name":"Ann","age":30})"},
        {"{\"name\":\"Ann\n\"age\":30}", R"({"name":"Ann","age":30})"},
        {R"({"name":"Ann, "age":30})", R"({"name":"Ann","age":30})"},
        {R"([{"id":1,"t":"a},{"id":2,"t":"b"}])", R"([{"id":1,"t":"a"},{"id":2,"t":"b"}])"},
        {R"({"tags":["x, "y"], "n":1})", R"({"tags":["x","y"],"n":1})"},
        {R"({"tags":["x], "n":1})", R"({"tags":["x"],"n":1})"},
        {R"([x", "y"])", R"(["x","y"])"},
        {R"({name": "Ann", age": 30})", R"({"name":"Ann","age":30})"},
        {R"({"a": b", "c": d"})", R"({"a":"b","c":"d"})"},
        {R"(["a" 1, "b" 2])", R"(["a",1,"b",2])"},
        {R"(["x" 3.5])", R"(["x",3.5])"},
        {R"(["x" false])", R"(["x",false])"},
        {R"(["x" [1]])", R"(["x",[1]])"},
        {R"([{"i":1,{"i":2}])", R"([{"i":1},{"i":2}])"},
        {R"([{"i":1,"j":2,{"i":3,"j":4}])", R"([{"i":1,"j":2},{"i":3,"j":4}])"},
        {R"({"list":[{"i":1,{"i":2}]})", R"({"list":[{"i":1},{"i":2}]})"},
        {R"([{"i":1{"i":2}])", R"([{"i":1},{"i":2}])"},
        {"{\"a\":\u180e1}", R"({"a":1})"},
        {"{\"a\":\u202f\"x\"}", R"({"a":"x"})"},
        {"{\"a\":\u205f[1]}", R"({"a":[1]})"},
        {"[\u20281,\u20292]", "[1,2]"},
        {"[\u16801]", "[1]"},
        {"{\"a\":\u00a0\u2009\"b\"}", R"({"a":"b"})"},
        {R"({"a":"x" /* joined */ + "y"})", R"({"a":"xy"})"},
        {R"({"a":"x" + /* joined */ "y"})", R"({"a":"xy"})"},
        {"[\"x\" // tail\n + \"y\"]", R"(["xy"])"},
        {R"("x" /* a */ + /* b */ "y")", R"("xy")"},
        {"{\"a\": `x`}", R"({"a":"x"})"},
        {"{`a`: `x`, `b`: `y`}", R"({"a":"x","b":"y"})"},
        {"[\u00b4a\u00b4, \u00b4b\u00b4]", R"(["a","b"])"},
        {"{\u00b4k\u00b4: 1}", R"({"k":1})"},
        {"The list: [`a`, `b`, `c`]", R"(["a","b","c"])"},
        {"{\"a\": `it's \"q\"`}", R"({"a":"it's \"q\""})"},
        {R"(["one" "two" 3 true])", R"(["one","two",3,true])"},
        {R"({"items":[{"n":"a},)" "\n" R"({"n":"b"}]})", R"({"items":[{"n":"a"},{"n":"b"}]})"},
        {"{\"a\":1,\n\"b\":\"two\n\"c\":3}", R"({"a":1,"b":"two","c":3})"},
        {"{\"k\": `multi\nline`}", R"({"k":"multi\nline"})"},
        {R"(["x" /* 1 */ + /* 2 */ "y" + "z"])", R"(["xyz"])"},
        // Where a reader may mean something else, a guess says so: not counted as exact.
        {R"(["hello, world])", R"(["hello, world"])"},
    };
}
