// Rows for test_json's keepsEveryItem and ambiguous: damage from outside Conform, with the
// value a reader would write by hand and the number of items in the text (scalars, counted by
// hand: keys and scalars), so that no row can pass with an item dropped or two merged.
#include <QTest>

#include <string>

Q_DECLARE_METATYPE(std::string)

namespace {

void addRow(const char* name, std::string raw, const char* value, const char* fixes, int items)
{
    QTest::newRow(name) << raw << std::string(value) << std::string(fixes) << items;
}

void columns()
{
    QTest::addColumn<std::string>("raw");
    QTest::addColumn<std::string>("value");
    QTest::addColumn<std::string>("fixes");
    QTest::addColumn<int>("items");
}

} // namespace

void rows_keepsEveryItem()
{
    columns();
    // A string missing its closing quote ends where the next item starts.
    addRow("unclosed value before a key", R"({"a":"b,"c":"d"})", R"({"a":"b","c":"d"})",
           R"([["missing_quote",7,"","\""]])", 4);
    addRow("unclosed item before an item", R"(["a, "b"])", R"(["a","b"])", R"([["missing_quote",3,"","\""]])", 2);
    addRow("unclosed item at the end", R"(["hello, world])", R"(["hello","world"])",
           R"([["guessed_missing_quote",7,"","\""],["unquoted_string",9,"world","\"world\""]])", 2);
    addRow("unclosed value before the brace", R"({"a":"b})", R"({"a":"b"})", R"([["missing_quote",7,"","\""]])", 2);
    addRow("unclosed value, comma in the text", R"({"a":"x, y})", R"({"a":"x, y"})",
           R"([["missing_quote",10,"","\""]])", 2);
    // A reply cut off inside a string keeps its text: no closer ends the text.
    addRow("cut off, not unclosed", R"(["The cat, the dog)", R"(["The cat, the dog"])",
           R"([["truncated_string",18,"","\""],["missing_bracket",18,"","]"]])", 1);
    addRow("cut off with braces in the text", R"({"a": "use {x} here)", R"({"a":"use {x} here"})",
           R"([["truncated_string",19,"","\""],["missing_bracket",19,"","}"]])", 2);
    // A missing comma between objects.
    addRow("missing comma and brace between objects", R"([{"i":1{"i":2}])", R"([{"i":1},{"i":2}])",
           R"([["missing_bracket",7,"","}"],["missing_comma",7,"",","]])", 4);
    addRow("missing comma between objects", R"([{"i":1} {"i":2}])", R"([{"i":1},{"i":2}])",
           R"([["missing_comma",8,"",","]])", 4);
    // Unicode white space between tokens.
    addRow("no-break space before a value", "{\"a\":\u00a0\"b\"}", R"({"a":"b"})",
           "[[\"unicode_whitespace\",5,\"\u00a0\",\"\"]]", 2);
    addRow("typographic and ideographic spaces", "[\u20031,\u200b2,\u30003]", "[1,2,3]",
           "[[\"unicode_whitespace\",1,\"\u2003\",\"\"],[\"unicode_whitespace\",6,\"\u200b\",\"\"],"
           "[\"unicode_whitespace\",11,\"\u3000\",\"\"]]",
           3);
    // JavaScript and Mongo shell habits.
    addRow("string concatenation", R"({"a":"x" + "y"})", R"({"a":"xy"})",
           R"([["concatenated_string",7,"\" + \"",""]])", 2);
    addRow("concatenated top-level string", R"("a" + "b")", R"("ab")", R"([["concatenated_string",2,"\" + \"",""]])", 1);
    addRow("concatenation with single quotes", R"(["a" + 'b', "c"])", R"(["ab","c"])",
           R"([["concatenated_string",3,"\" + '",""],["single_quotes",9,"'","\""]])", 2);
    addRow("mongo wrappers", R"x({"_id":ObjectId("5f1"),"n":NumberLong("2")})x", R"x({"_id":"5f1","n":2})x",
           R"x([["mongo_wrapper",7,"ObjectId(\"5f1\")","\"5f1\""],["mongo_wrapper",27,"NumberLong(\"2\")","2"]])x", 4);
    addRow("more mongo wrappers", R"x([NumberInt(7), ISODate("2024-05-01"), NumberDecimal("1.5")])x",
           R"x([7,"2024-05-01",1.5])x",
           R"x([["mongo_wrapper",1,"NumberInt(7)","7"],["mongo_wrapper",15,"ISODate(\"2024-05-01\")","\"2024-05-01\""],)x"
           R"x(["mongo_wrapper",38,"NumberDecimal(\"1.5\")","1.5"]])x",
           3);
    addRow("jsonp", R"x(callback({"a":1});)x", R"({"a":1})", "[]", 2);
    addRow("backtick quotes", "{`a`: `b`}", R"({"a":"b"})",
           R"([["odd_quotes",1,"`","\""],["odd_quotes",3,"`","\""],["odd_quotes",6,"`","\""],["odd_quotes",8,"`","\""]])",
           2);
    addRow("acute quotes", "[\u00b4x\u00b4]", R"(["x"])",
           "[[\"odd_quotes\",1,\"\u00b4\",\"\\\"\"],[\"odd_quotes\",4,\"\u00b4\",\"\\\"\"]]", 1);
    addRow("escaped top-level string", R"(\"hello\")", R"("hello")",
           R"([["escaped_quotes",0,"\\\"","\""],["escaped_quotes",7,"\\\"","\""]])", 1);
    addRow("escaped object", R"({\"a\": \"b\"})", R"({"a":"b"})",
           R"([["escaped_quotes",1,"\\\"","\""],["escaped_quotes",4,"\\\"","\""],)"
           R"(["escaped_quotes",8,"\\\"","\""],["escaped_quotes",11,"\\\"","\""]])",
           2);
    // More of the same kinds, written by hand: no item may be dropped or merged.
    addRow("missing comma between strings", R"(["a" "b"])", R"(["a","b"])", R"([["missing_comma",4,"",","]])", 2);
    addRow("missing comma between members", R"({"a":"b" "c":"d"})", R"({"a":"b","c":"d"})",
           R"([["missing_comma",8,"",","]])", 4);
    addRow("missing comma between arrays", "[[1][2]]", "[[1],[2]]", R"([["missing_comma",4,"",","]])", 2);
    addRow("unclosed first of three", R"(["a, "b", "c"])", R"(["a","b","c"])", R"([["missing_quote",3,"","\""]])", 3);
    addRow("three-way concatenation", R"("a" + "b" + "c")", R"("abc")",
           R"([["concatenated_string",2,"\" + \"",""],["concatenated_string",8,"\" + \"",""]])", 1);
    addRow("unquoted mongo number", R"x({"n": NumberLong(5)})x", R"({"n":5})",
           R"x([["mongo_wrapper",6,"NumberLong(5)","5"]])x", 2);
    addRow("thin space before a colon", "{\"a\"\u2009:1}", R"({"a":1})", "[[\"unicode_whitespace\",4,\"\u2009\",\"\"]]", 2);
    addRow("jsonp around an array", "cb([1,2]);", "[1,2]", "[]", 2);
    addRow("escaped object holding an array", R"({\"a\": [\"x\"]})", R"({"a":["x"]})",
           R"([["escaped_quotes",1,"\\\"","\""],["escaped_quotes",4,"\\\"","\""],)"
           R"(["escaped_quotes",9,"\\\"","\""],["escaped_quotes",12,"\\\"","\""]])",
           2);
}

void rows_ambiguous()
{
    columns();
    // An object where a key should be, outside an array: no reading keeps both `i`s (the
    // later one repeats the key, and wins, as JSON.parse would have it).
    addRow("object inside an object's members", R"({"i":1{"i":2}})", R"({"i":2})",
           R"([["missing_comma",6,"",","],["ambiguous",6,"{",""],["repeated_key",7,"",""],["stray_bracket",13,"}",""]])", 4);
    // Two values side by side at the top level: one is the answer, and the other is not lost
    // silently.
    addRow("object after a comma inside an object's members", R"({"x":{"i":1,{"i":2}}})", R"({"x":{"i":2}})",
           R"([["ambiguous",12,"{",""],["repeated_key",13,"",""],["stray_bracket",20,"}",""]])", 5);
    addRow("objects side by side", R"({"a":1}{"b":2})", R"({"b":2})", R"([["ambiguous",7,"",""]])", 4);
    addRow("JSON Lines", "{\"a\":1}\n{\"b\":2}\n", R"({"b":2})", R"([["ambiguous",8,"",""]])", 4);
}
