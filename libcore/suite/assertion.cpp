#include "suite/assertion.h"

#include "base/path.h"
#include "schema/schema_file.h"

#include <QDir>

#include <algorithm>

namespace conform::suite {

namespace {

// The value at `pointer`, or nullptr when the value has no such place.
const Json* valueAt(const Json& value, const std::string& pointer)
{
    try {
        const Json::json_pointer at(pointer);
        return value.contains(at) ? &value.at(at) : nullptr;
    } catch (const Json::exception&) {
        return nullptr; // checked at parse time; an index into a non-array lands here
    }
}

std::string shown(const Json& value)
{
    std::string text = conform::dump(value);
    return text.size() > 200 ? text.substr(0, 200) + "..." : text;
}

Result<std::shared_ptr<const schema::Validator>> assertionSchema(const Json& given, const std::string& at,
                                                                  const std::string& baseDirectory,
                                                                  const schema::SchemaFileOptions& reading)
{
    if (given.is_string()) {
        const QString path = QDir(QString::fromStdString(baseDirectory)).filePath(QString::fromStdString(given.get<std::string>()));
        schema::SchemaFile file = schema::loadSchemaFile(path, reading, given.get<std::string>());
        if (!file.ok)
            return Error{file.error, at};
        return std::make_shared<const schema::Validator>(std::move(*file.validator));
    }
    if (!given.is_object() && !given.is_boolean())
        return Error{"must be a schema (an object) or a schema file", at};
    schema::CompileOptions options;
    options.assertFormats = reading.assertFormats;
    options.defaultDraft = reading.defaultDraft;
    auto compiled = schema::Validator::compile(given, options);
    if (!compiled)
        return Error{compiled.error().message, at + compiled.error().where};
    return std::make_shared<const schema::Validator>(std::move(compiled.value()));
}

} // namespace

Result<Assertion> parseAssertion(const Json& entry, const std::string& at, const std::string& baseDirectory,
                                 const schema::SchemaFileOptions& reading)
{
    if (!entry.is_object())
        return Error{"an assertion must be an object", at};
    Assertion assertion;
    if (const auto pointer = entry.find("pointer"); pointer != entry.end()) {
        if (!pointer->is_string() || !parsePointer(pointer->get<std::string>()))
            return Error{"must be a JSON pointer (\"\" or \"/a/0\")", at + "/pointer"};
        assertion.pointer = pointer->get<std::string>();
    }
    const int kinds = int(entry.contains("equals")) + int(entry.contains("one_of")) + int(entry.contains("schema"));
    if (kinds != 1)
        return Error{"give exactly one of \"equals\", \"one_of\" and \"schema\"", at};
    if (entry.contains("equals")) {
        assertion.expected = entry["equals"];
    } else if (entry.contains("one_of")) {
        assertion.kind = Assertion::Kind::OneOf;
        assertion.expected = entry["one_of"];
        if (!assertion.expected.is_array() || assertion.expected.empty())
            return Error{"must be a non-empty array of allowed values", at + "/one_of"};
    } else {
        assertion.kind = Assertion::Kind::MatchesSchema;
        auto validator = assertionSchema(entry["schema"], at + "/schema", baseDirectory, reading);
        if (!validator)
            return validator.error();
        assertion.schema = std::move(validator.value());
    }
    return assertion;
}

std::vector<std::string> checkAssertions(const Json& value, const std::vector<Assertion>& assertions)
{
    std::vector<std::string> failures;
    for (const Assertion& a : assertions) {
        const std::string where = a.pointer.empty() ? "/" : a.pointer;
        const Json* found = valueAt(value, a.pointer);
        if (!found) {
            failures.push_back(where + ": no such value");
            continue;
        }
        switch (a.kind) {
        case Assertion::Kind::Equals:
            if (*found != a.expected)
                failures.push_back(where + ": expected " + shown(a.expected) + ", got " + shown(*found));
            break;
        case Assertion::Kind::OneOf:
            if (std::find(a.expected.begin(), a.expected.end(), *found) == a.expected.end())
                failures.push_back(where + ": expected one of " + shown(a.expected) + ", got " + shown(*found));
            break;
        case Assertion::Kind::MatchesSchema: {
            const schema::ValidationResult result = a.schema->validate(*found);
            if (!result.valid) {
                const schema::Issue& first = result.issues.front();
                failures.push_back(where + ": does not match the assertion's schema: "
                                   + pointerText(a.pointer + toPointer(first.path)) + ": " + first.message);
            }
            break;
        }
        }
    }
    return failures;
}

} // namespace conform::suite
