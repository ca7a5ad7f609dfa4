// Scenario texts of ProvidersTest (kept out of the moc-processed file).
extern const char* const kToolThenTruncated;
const char* const kToolThenTruncated = R"({"name":"s","description":"test","turns":[{"tool_input":{"a":1}},{"text":"{\"b\": 2}","stop_reason":"max_tokens"}]})";
extern const char* const kRateLimitedThenOk;
const char* const kRateLimitedThenOk = R"({"name":"s","description":"test","turns":[{"status":429,"headers":{"retry-after-ms":"150"}},{"status":529},{"text":"{\"ok\": true}"}]})";
extern const char* const kAlways500;
const char* const kAlways500 = R"({"name":"s","description":"test","turns":[{"status":500}]})";
extern const char* const kUnauthorized;
const char* const kUnauthorized = R"({"name":"s","description":"test","turns":[{"status":401},{"text":"{}"}]})";
extern const char* const kStallThenOk;
const char* const kStallThenOk = R"({"name":"s","description":"test","turns":[{"text":"{\"a\": 1}","stall_ms":3000},{"text":"{\"a\": 2}"}]})";
extern const char* const kCutThenOk;
const char* const kCutThenOk = R"({"name":"s","description":"test","turns":[{"text":"{\"a\": \"a long answer that is cut\"}","drop_after_bytes":300},{"text":"{\"a\": 2}"}]})";
