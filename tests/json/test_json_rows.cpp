// The data rows of test_json, kept out of the moc-scanned file (moc misreads raw strings).
#include <QTest>

#include <string>

Q_DECLARE_METATYPE(std::string)

namespace {

void addRow(const char* name, std::string raw, const char* value, const char* fixes, const char* kind)
{
    QTest::newRow(name) << raw << std::string(value) << std::string(fixes) << std::string(kind);
}

void columns()
{
    QTest::addColumn<std::string>("raw");
    QTest::addColumn<std::string>("value");
    QTest::addColumn<std::string>("fixes");
    QTest::addColumn<std::string>("kind");
}

} // namespace

void rows_candidates()
{
    columns();
    addRow("whole", R"({"a": 1})", R"({"a":1})", "[]", "whole");
    addRow("whole scalar", "  42\n", "42", "[]", "whole");
    addRow("fenced with tag", "Here:\n```json\n{\"a\": 1}\n```\nDone.", R"({"a":1})", "[]", "fenced");
    addRow("fenced without tag", "```\n[1, 2]\n```", "[1,2]", "[]", "fenced");
    addRow("example then answer", "Example:\n```json\n{\"a\": 0}\n```\nAnswer:\n```json\n{\"a\": 1, \"b\": 2}\n```",
           R"({"a":1,"b":2})", "[]", "fenced");
    addRow("last complete block", "```json\n{\"a\": 1}\n```\nAgain:\n```json\n{\"a\": 2", R"({"a":1})", "[]", "fenced");
    addRow("xml json", "<json>{\"a\": 1}</json>", R"({"a":1})", "[]", "xml");
    addRow("xml output", "Sure.\n<output>\n[true]\n</output>", "[true]", "[]", "xml");
    addRow("function calls",
           "<function_calls>\n<invoke name=\"submit\">\n<parameter name=\"title\">Hello</parameter>\n"
           "<parameter name=\"goals\">[\"a\", \"b\"]</parameter>\n<parameter name=\"count\">3</parameter>\n"
           "</invoke>\n</function_calls>",
           R"({"title":"Hello","goals":["a","b"],"count":3})", "[]", "function_calls");
    // One parameter holding JSON is the answer itself (SpeakMCP's <function_calls> replies),
    // not an object keyed by the parameter's name; one holding text stays a named argument.
    addRow("function call, one JSON parameter",
           "<function_calls>\n<invoke name=\"respond\">\n<parameter name=\"response\">{\"a\": 1, \"b\": [2]}</parameter>\n"
           "</invoke>\n</function_calls>",
           R"({"a":1,"b":[2]})", "[]", "function_calls");
    addRow("function call, one array parameter", "<function_calls><invoke name=\"f\"><parameter name=\"xs\"> [1, 2] </parameter></invoke></function_calls>",
           "[1,2]", "[]", "function_calls");
    addRow("function call, one text parameter", "<function_calls><invoke name=\"weather\"><parameter name=\"city\">Paris</parameter></invoke></function_calls>",
           R"({"city":"Paris"})", "[]", "function_calls");
    addRow("embedded in prose", "The result is {\"a\": 1} as requested.", R"({"a":1})", "[]", "embedded");
    addRow("largest in prose", "Compare {\"x\": 1} with {\"a\": 1, \"b\": [1, 2]} please",
           R"({"a":1,"b":[1,2]})", "[]", "embedded");
    addRow("brackets that are prose", "See [citation needed] and {name}. Answer: {\"ok\": true}", R"({"ok":true})",
           "[]", "embedded");
    addRow("json then prose", "{\"a\": 1}\n\nLet me know if you need more.", R"({"a":1})", "[]", "embedded");
    addRow("double encoded", R"("{\"a\": 1}")", R"({"a":1})",
           R"([["double_encoded", 0, "\"{\\\"a\\\": 1}\"", "{\"a\":1}"]])", "double_encoded");
    addRow("fence inside a string", "{\"body\": \"see\\n```json\\n{\\\"x\\\": 1}\\n```\"}",
           R"({"body":"see\n```json\n{\"x\": 1}\n```"})", "[]", "whole");
}

void rows_repairs()
{
    columns();
    addRow("trailing comma", R"({"a": 1,})", R"({"a":1})", R"([["trailing_comma",7,",",""]])", "whole");
    addRow("trailing comma array", "[1, 2, ]", "[1,2]", R"([["trailing_comma",5,",",""]])", "whole");
    addRow("missing comma", R"({"a": 1 "b": 2})", R"({"a":1,"b":2})", R"([["missing_comma",7,"",","]])", "whole");
    addRow("missing comma array", "[1 2]", "[1,2]", R"([["missing_comma",2,"",","]])", "whole");
    addRow("single quotes", "{'a': 'b'}", R"({"a":"b"})",
           R"([["single_quotes",1,"'","\""],["single_quotes",3,"'","\""],["single_quotes",6,"'","\""],["single_quotes",8,"'","\""]])",
           "whole");
    addRow("apostrophe in single quotes", "['it's']", R"(["it's"])",
           R"([["single_quotes",1,"'","\""],["single_quotes",6,"'","\""]])", "whole");
    addRow("typographic quotes", "{\u201ca\u201d: \u201cb\u201d}", R"({"a":"b"})",
           "[[\"typographic_quotes\",1,\"\u201c\",\"\\\"\"],[\"typographic_quotes\",5,\"\u201d\",\"\\\"\"],"
           "[\"typographic_quotes\",10,\"\u201c\",\"\\\"\"],[\"typographic_quotes\",14,\"\u201d\",\"\\\"\"]]",
           "whole");
    addRow("unquoted key", "{a: 1}", R"({"a":1})", R"([["unquoted_key",1,"a","\"a\""]])", "whole");
    addRow("line comment", "{\"a\": 1 // note\n}", R"({"a":1})", R"([["comment",8,"// note",""]])", "whole");
    addRow("block comment", "[1, /* x */ 2]", "[1,2]", R"([["comment",4,"/* x */",""]])", "whole");
    addRow("python literals", R"({"a": True, "b": None})", R"({"a":true,"b":null})",
           R"([["python_literal",6,"True","true"],["python_literal",17,"None","null"]])", "whole");
    addRow("raw newline", "{\"a\": \"x\ny\"}", R"({"a":"x\ny"})", R"([["control_character",8,"\n","\\n"]])", "whole");
    addRow("raw tab", "[\"x\ty\"]", R"(["x\ty"])", R"([["control_character",3,"\t","\\t"]])", "whole");
    addRow("crlf in string", "{\"a\": \"x\r\ny\"}", R"({"a":"x\ny"})", R"([["crlf",8,"\r\n","\\n"]])", "whole");
    addRow("crlf between tokens", "{\r\n\"a\": 1\r\n}", R"({"a":1})", "[]", "whole");
    addRow("unescaped quotes", R"({"a": "say "hi" now"})", R"({"a":"say \"hi\" now"})",
           R"([["unescaped_quote",11,"\"","\\\""],["unescaped_quote",14,"\"","\\\""]])", "whole");
    addRow("invalid escape", R"({"a": "c:\d"})", R"({"a":"c:\\d"})", R"([["invalid_escape",9,"\\","\\\\"]])", "whole");
    addRow("placeholder in array", "[1, 2, ...]", "[1,2]", R"([["placeholder",5,", ...",""]])", "whole");
    addRow("placeholder as value", R"({"a": ...})", R"({"a":null})", R"([["placeholder",6,"...","null"]])", "whole");
    addRow("ellipsis character", "[1, \u2026]", "[1]", "[[\"placeholder\",2,\", \u2026\",\"\"]]", "whole");
    addRow("stray closer after", R"({"a": 1}})", R"({"a":1})", R"([["stray_bracket",8,"}",""]])", "whole");
    addRow("stray closer inside", "[1, 2}]", "[1,2]", R"([["stray_bracket",5,"}",""]])", "whole");
    addRow("stray closer after a comma", "[1, }2]", "[1,2]", R"([["stray_bracket",4,"}",""]])", "whole");
    addRow("missing closer", R"({"a": [1, 2})", R"({"a":[1,2]})", R"([["missing_bracket",11,"","]"]])", "whole");
    addRow("byte order mark", "\xEF\xBB\xBF{\"a\": 1}", R"({"a":1})", "[[\"bom\",0,\"\xEF\xBB\xBF\",\"\"]]", "whole");
    addRow("truncated string", R"({"a": "hel)", R"({"a":"hel"})",
           R"([["truncated_string",10,"","\""],["missing_bracket",10,"","}"]])", "whole");
    addRow("truncated nesting", R"({"a": [1, {"b": 2)", R"({"a":[1,{"b":2}]})", R"([["missing_bracket",17,"","}]}"]])",
           "whole");
    addRow("dangling key", R"({"a": 1, "b)", R"({"a":1})",
           R"([["trailing_comma",7,",",""],["dangling_key",9,"\"b",""],["missing_bracket",11,"","}"]])", "whole");
    addRow("dangling key and colon", R"({"a": 1, "b": )", R"({"a":1})",
           R"([["trailing_comma",7,",",""],["dangling_key",9,"\"b\": ",""],["missing_bracket",14,"","}"]])", "whole");
    addRow("truncated literal", "[true, fa", "[true,false]",
           R"([["truncated_literal",7,"fa","false"],["missing_bracket",9,"","]"]])", "whole");
    addRow("truncated number", "[1, 2.", "[1,2]", R"([["truncated_number",4,"2.","2"],["missing_bracket",6,"","]"]])",
           "whole");
    // A number no double holds is null with a value-changing fix (JSON.stringify(JSON.parse())
    // writes its Infinity as null); one too small for a double is 0, as JSON.parse reads it.
    addRow("number too large", R"({"a":1e400})", R"({"a":null})", R"([["number_out_of_range",5,"1e400","null"]])", "whole");
    addRow("number too large, negative, in a damaged reply", "[1, -1E+999,]", "[1,null]",
           R"([["number_out_of_range",4,"-1E+999","null"],["trailing_comma",11,",",""]])", "whole");
    addRow("integer too large for a double",
           "[" + std::string(400, '9') + "]", "[null]", (R"([["number_out_of_range",1,")" + std::string(400, '9') + R"(","null"]])").c_str(),
           "whole");
    addRow("number too small", R"({"a":1e-400})", R"({"a":0.0})", "[]", "whole");
    addRow("unquoted string", R"({"a": hello world})", R"({"a":"hello world"})",
           R"([["unquoted_string",6,"hello world","\"hello world\""]])", "whole");
    addRow("missing colon", R"({"a" 1})", R"({"a":1})", R"([["missing_colon",4,"",":"]])", "whole");
    // Insertions and deletions at one offset: the log still replays to the value.
    addRow("stray colon and missing comma", R"(["a":2])", R"(["a",2])",
           R"([["missing_comma",4,"",","],["stray_character",4,":",""]])", "whole");
    addRow("dangling key after a missing comma", R"({"k":2"v","l":1})", R"({"k":2,"l":1})",
           R"([["missing_comma",6,"",","],["dangling_key",6,"\"v\",",""]])", "whole");
    addRow("last key dangling after a missing comma", R"({"k":2 "v"})", R"({"k":2})",
           R"([["dangling_key",7,"\"v\"",""]])", "whole");
    addRow("stray bracket before a colon", R"({"a" ] : 1})", R"({"a":1})", R"([["stray_bracket",5,"]",""]])", "whole");
    addRow("raw newlines in fenced article",
           "```json\n{\"title\": \"T\", \"article_body\": \"# T\n\nFirst.\n\"}\n```",
           R"({"title":"T","article_body":"# T\n\nFirst.\n"})",
           R"([["control_character",43,"\n","\\n"],["control_character",44,"\n","\\n"],["control_character",51,"\n","\\n"]])",
           "fenced");
    addRow("everything at once",
           "Sure! Here it is:\n```json\n{name: 'Ada', tags: ['x', 'y',], ok: True, // done\n",
           R"({"name":"Ada","tags":["x","y"],"ok":true})",
           R"([["unquoted_key",27,"name","\"name\""],["single_quotes",33,"'","\""],["single_quotes",37,"'","\""],)"
           R"(["unquoted_key",40,"tags","\"tags\""],["single_quotes",47,"'","\""],["single_quotes",49,"'","\""],)"
           R"(["single_quotes",52,"'","\""],["single_quotes",54,"'","\""],["trailing_comma",55,",",""],)"
           R"(["unquoted_key",59,"ok","\"ok\""],["python_literal",63,"True","true"],["trailing_comma",67,",",""],["comment",69,"// done",""],)"
           R"(["missing_bracket",77,"","}"]])",
           "fenced");
}

void rows_strictRefuses()
{
    QTest::addColumn<std::string>("raw");
    QTest::addColumn<std::string>("refused");
    QTest::addColumn<std::string>("fixes");
    QTest::newRow("truncated string") << std::string(R"({"a": "hel)") << std::string(R"([["truncated_string",10,"","\""]])")
                                      << std::string(R"([["missing_bracket",10,"","}"]])");
    QTest::newRow("dangling key") << std::string(R"({"a": 1, "b)")
                                  << std::string(R"([["dangling_key",9,"\"b",""]])")
                                  << std::string(R"([["trailing_comma",7,",",""],["missing_bracket",11,"","}"]])");
    QTest::newRow("number too large") << std::string(R"({"a":1e400})")
                                      << std::string(R"([["number_out_of_range",5,"1e400","null"]])") << std::string("[]");
    QTest::newRow("placeholder") << std::string("[1, ...]") << std::string(R"([["placeholder",2,", ...",""]])")
                                 << std::string("[]");
}
