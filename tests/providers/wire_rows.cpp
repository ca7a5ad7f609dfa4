// Rows of WireTest::responses (kept out of the moc-processed file: see test_wire.cpp).
#include <QString>
#include <QTest>

void addResponseRows()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("stop");
    QTest::addColumn<bool>("truncated");
    QTest::addColumn<bool>("refused");
    QTest::addColumn<int>("input");
    QTest::addColumn<int>("output");
    QTest::addColumn<int>("cached");
    QTest::addColumn<QString>("error"); // error type, or "" for none

    QTest::newRow("anthropic text") << "anthropic" << 200
        << R"({"type":"message","content":[{"type":"text","text":"{\"a\":1}"}],"stop_reason":"end_turn","usage":{"input_tokens":12,"output_tokens":5,"cache_read_input_tokens":3}})"
        << R"({"a":1})" << "end_turn" << false << false << 12 << 5 << 3 << "";
    QTest::newRow("anthropic tool_use") << "anthropic" << 200
        << R"({"content":[{"type":"text","text":"Here."},{"type":"tool_use","id":"t1","name":"respond","input":{"b":[1,2]}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":2}})"
        << R"({"b":[1,2]})" << "tool_use" << false << false << 1 << 2 << 0 << "";
    QTest::newRow("anthropic max_tokens") << "anthropic" << 200
        << R"({"content":[{"type":"text","text":"{\"a\":"}],"stop_reason":"max_tokens","usage":{"input_tokens":1,"output_tokens":9}})"
        << R"({"a":)" << "max_tokens" << true << false << 1 << 9 << 0 << "";
    QTest::newRow("anthropic refusal") << "anthropic" << 200
        << R"({"content":[],"stop_reason":"refusal","usage":{}})" << "" << "refusal" << false << true << 0 << 0 << 0 << "";
    QTest::newRow("anthropic 529") << "anthropic" << 529
        << R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})" << "" << "" << false << false << 0 << 0 << 0 << "overloaded_error";
    QTest::newRow("anthropic not json") << "anthropic" << 200 << "<html>" << "" << "" << false << false << 0 << 0 << 0 << "invalid_response";
    QTest::newRow("openai-responses text") << "openai-responses" << 200
        << R"({"id":"resp_1","object":"response","status":"completed","incomplete_details":null,"output":[{"type":"reasoning","id":"rs_1","summary":[]},{"type":"message","role":"assistant","content":[{"type":"output_text","text":"{\"a\":","annotations":[]},{"type":"output_text","text":"5}"}]}],"usage":{"input_tokens":8,"input_tokens_details":{"cached_tokens":3},"output_tokens":6,"output_tokens_details":{"reasoning_tokens":2}}})"
        << R"({"a":5})" << "completed" << false << false << 8 << 6 << 3 << "";
    QTest::newRow("openai-responses function_call") << "openai-responses" << 200
        << R"({"status":"completed","output":[{"type":"function_call","id":"fc_1","call_id":"call_1","name":"respond","arguments":"{\"a\":6}"},{"type":"function_call","call_id":"call_2","name":"other","arguments":"{}"}]})"
        << R"({"a":6})" << "completed" << false << false << 0 << 0 << 0 << "";
    QTest::newRow("openai-responses max_output_tokens") << "openai-responses" << 200
        << R"({"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"output":[{"type":"message","content":[{"type":"output_text","text":"{\"a\""}]}]})"
        << R"({"a")" << "max_output_tokens" << true << false << 0 << 0 << 0 << "";
    QTest::newRow("openai-responses refusal") << "openai-responses" << 200
        << R"({"status":"completed","output":[{"type":"message","content":[{"type":"refusal","refusal":"I can't help with that."}]}]})"
        << "" << "refusal" << false << true << 0 << 0 << 0 << "";
    QTest::newRow("openai-responses failed") << "openai-responses" << 200
        << R"({"status":"failed","error":{"code":"server_error","message":"The model failed"},"output":[]})"
        << "" << "failed" << false << false << 0 << 0 << 0 << "server_error";
    QTest::newRow("openai-responses 429") << "openai-responses" << 429
        << R"({"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}})"
        << "" << "" << false << false << 0 << 0 << 0 << "requests";
    QTest::newRow("openai-responses no output") << "openai-responses" << 200 << R"({"object":"response"})" << "" << "" << false << false << 0 << 0 << 0 << "invalid_response";
    QTest::newRow("openai text") << "openai" << 200
        << R"({"choices":[{"index":0,"message":{"role":"assistant","content":"{\"a\":2}","refusal":null},"finish_reason":"stop"}],"usage":{"prompt_tokens":7,"completion_tokens":4,"prompt_tokens_details":{"cached_tokens":2}}})"
        << R"({"a":2})" << "stop" << false << false << 7 << 4 << 2 << "";
    QTest::newRow("openai tool_calls") << "openai" << 200
        << R"({"choices":[{"message":{"content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"respond","arguments":"{\"a\":3"}}]},"finish_reason":"tool_calls"}]})"
        << R"({"a":3)" << "tool_calls" << false << false << 0 << 0 << 0 << "";
    QTest::newRow("openai length") << "openai" << 200
        << R"({"choices":[{"message":{"content":"{\"a\""},"finish_reason":"length"}]})" << R"({"a")" << "length" << true << false << 0 << 0 << 0 << "";
    QTest::newRow("openai refusal") << "openai" << 200
        << R"({"choices":[{"message":{"content":null,"refusal":"I cannot help with that."},"finish_reason":"stop"}]})" << "" << "stop" << false << true << 0 << 0 << 0 << "";
    QTest::newRow("openai 400") << "openai" << 400
        << R"({"error":{"message":"Invalid schema for response_format","type":"invalid_request_error","param":"response_format","code":null}})" << "" << "" << false << false << 0 << 0 << 0 << "invalid_request_error";
    QTest::newRow("ollama") << "ollama" << 200
        << R"({"model":"m","message":{"role":"assistant","content":"{\"a\":4}"},"done":true,"done_reason":"stop","prompt_eval_count":20,"eval_count":6})"
        << R"({"a":4})" << "stop" << false << false << 20 << 6 << 0 << "";
    QTest::newRow("ollama length") << "ollama" << 200
        << R"({"message":{"content":"{"},"done":true,"done_reason":"length"})" << "{" << "length" << true << false << 0 << 0 << 0 << "";
    QTest::newRow("ollama error") << "ollama" << 404 << R"({"error":"model x not found"})" << "" << "" << false << false << 0 << 0 << 0 << "";
    }
