// Replies that test the repairer's text output where it differs most from building a tree:
// repeated keys, concatenation, truncation, dangling keys, ambiguity, depth, bad bytes,
// wrappers. Kept out of the moc-scanned file (moc misreads raw strings).
#include <QTest>

#include <string>

Q_DECLARE_METATYPE(std::string)

namespace {

void row(const char* name, std::string raw)
{
    QTest::newRow(name) << std::move(raw);
}

std::string nested(int depth, std::string_view open, std::string_view inner, std::string_view close)
{
    std::string s;
    for (int i = 0; i < depth; ++i)
        s += open;
    s += inner;
    for (int i = 0; i < depth; ++i)
        s += close;
    return s;
}

std::string manyKeys(int count, int repeatEvery)
{
    std::string s = "{";
    for (int i = 0; i < count; ++i)
        s += "\"k" + std::to_string(i % repeatEvery) + "\": [" + std::to_string(i) + "],";
    return s + "\"z\": 0}";
}

} // namespace

void rows_hostile()
{
    QTest::addColumn<std::string>("raw");
    // Repeated keys: the later value wins in the first one's place.
    row("repeated key", R"({"a": 1, "b": 2, "a": 3})");
    row("repeated key, container values", R"({"a": {"x": 1}, "b": [1], "a": [2, {"y": 3}]})");
    row("repeated key, nested", R"([{"k": 1}, {"k": 2, "m": {"k": 0}, "k": 3}])");
    row("repeated key in a large object", manyKeys(40, 20));
    row("repeated key past the index size", manyKeys(17, 16));
    row("repeated key, then a concatenation", R"({"a": "x", "a": "y" + "z", "b": "c" + "d"})");
    row("repeated key, open at the end", R"({"a": [1, 2], "b": 0, "a": [3, {"c": "cut)");
    row("repeated key after a dangling one", R"({"a": 1, "a"}, )");
    row("repeated key inside double encoding", R"("{\"a\": 1, \"b\": 2, \"a\": 3}")");
    row("repeated parameter name",
        "<function_calls><invoke name=\"f\"><parameter name=\"x\">[1, 2,]</parameter>"
        "<parameter name=\"y\">plain</parameter><parameter name=\"x\">{'k': 1}</parameter></invoke></function_calls>");
    row("one parameter holding JSON, repaired", "<function_calls><invoke name=\"f\"><parameter name=\"r\">{'k': [1, 2,],}</parameter></invoke></function_calls>");
    row("parameters, one cut", "<function_calls><invoke name=\"f\"><parameter name=\"a\">{\"b\": [1, \"x");
    // `"a" + "b"`
    row("concatenation", R"({"a": "x" + "y" + 'z', "b": 1})");
    row("concatenation at the root", R"("one " + "two" + "three")");
    row("concatenation with escapes", R"(["\"q\\" + "\u00e9\n" + "\ud83d\ude00", "tail"])");
    row("concatenation then a container", R"({"a": "x" + "y", "b": {"c": "d" + "e"}})");
    row("plus without a string", R"({"a": "x" + 1, "b": "y"})");
    row("concatenation cut off", R"({"a": "x" + "y)");
    // The end of the text closes what is open.
    row("cut in a string", R"({"a": [1, 2, {"b": "cut)");
    row("cut in a literal", R"({"a": tr)");
    row("cut in a number", R"([1.5e)");
    row("cut after a colon", R"({"a": 1, "b":)");
    row("cut in a key", R"({"a": 1, "long k)");
    row("cut in an escape", R"(["ab\u00)");
    // Keys without values.
    row("dangling key before a brace", R"({"a": 1, "b"})");
    row("dangling key before a comma", R"({"a": 1, "b", "c": 2})");
    row("missing value", R"({"a": 1, "b": , "c": })");
    // No reading keeps every item.
    row("object where a key should be", R"({"i": 1 {"i": 2}})");
    row("two values side by side", R"({"a": 1}{"b": 2})");
    row("object left open in an array", R"([{"i": 1 {"i": 2}])");
    row("json lines", "{\"a\": 1}\n{\"b\": 2}\n{\"c\": 3}\n");
    // Depth.
    row("deep arrays", nested(500, "[", "1", "]"));
    row("deep objects", nested(300, "{\"k\": ", "\"v\"", "}"));
    row("deep and cut", nested(400, "[{\"a\": ", "\"x", ""));
    row("too deep", nested(600, "[", "1", "]"));
    // Bytes that are not UTF-8, and what JSON text must escape.
    row("invalid UTF-8 in strings", "[\"a\xFF\", \"\xC3\", \"\xE2\x82\"]");
    row("invalid UTF-8 in a key", "{\"k\xFF\": 1}");
    row("invalid UTF-8 unquoted", "{\"a\": ab\xFE\xFF}");
    row("lone surrogates", R"(["\ud800", "\udc00x", "\ud83d"])");
    row("control characters", "[\"a\x01\tb\r\nc\x7f\", \"\\/\"]");
    row("line and paragraph separators", "[\"\xE2\x80\xA8\xE2\x80\xA9\"]");
    // Numbers as nlohmann prints them.
    row("numbers", R"([1e999, -1e999, 1e-999, -0, -0.0, 0.1, 1.0, 18446744073709551615, -9223372036854775808,
                       18446744073709551616, 007, +1, .5, 1., 2E3, 123456789012345678901234567890])");
    // Wrappers and other dialects.
    row("mongo wrappers", R"({"_id": ObjectId("5f1d"), "n": NumberLong("2"), "i": NumberInt(3), "d": ISODate("2020-01-01"), "x": NumberDecimal("1.50")})");
    row("jsonp", R"(callback({"a": [1, 2]});)");
    row("python and javascript literals", R"({'a': True, 'b': None, c: undefined, d: NaN, e: Infinity})");
    row("placeholders", R"({"a": [1, 2, ...], "b": …, ...})");
    row("unquoted strings", R"({"a": hello world, "b": 12px, "c": 2024-05-01T10:00})");
    row("odd quotes", "{`a`: \xC2\xB4" "b\xC2\xB4, \xE2\x80\x9C" "c\xE2\x80\x9D: \xE2\x80\x98" "d\xE2\x80\x99}");
    row("escaped reply", R"({\"a\": \"b\", \"c\": [1]})");
    row("double encoded", R"("{\"a\": [1, 2,]}")");
    row("empty containers", R"([{}, [], {"a": {}}, [[]]])");
    row("scalar replies", "  \"just a string\"  ");
    row("fenced among prose", "Here:\n```json\n{\"a\": 1,}\n```\nand\n```json\n[2]\n```");
    row("comments", "{\n // a\n \"a\": 1, /* b */ \"b\": [2]\n}");
}
