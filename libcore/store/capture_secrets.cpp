#include "store/capture_secrets.h"

#include "base/secrets.h"
#include "store/signature.h"

namespace conform::store {

namespace {

bool holds(const std::string& text)
{
    return secrets::holdsAny(std::string_view(text));
}

void maskText(std::string& text)
{
    if (holds(text))
        text = secrets::mask(std::move(text));
}

} // namespace

bool holdsSecret(const Capture& c)
{
    if (!secrets::any())
        return false;
    const CaptureSummary& s = c.summary;
    for (const std::string* text : {&s.schemaTitle, &s.provider, &s.model, &s.mode, &c.schemaText, &c.system, &c.user, &c.specText,
                                    &c.runText, &c.reply.raw})
        if (holds(*text))
            return true;
    for (const auto& [key, value] : s.labels)
        if (holds(key) || holds(value))
            return true;
    return secrets::holdsAny(c.schema) || secrets::holdsAny(c.spec) || secrets::holdsAny(c.run) || secrets::holdsAny(c.reply.firstIssue);
}

void maskSecrets(Capture& c)
{
    CaptureSummary& s = c.summary;
    for (std::string* text : {&s.schemaTitle, &s.provider, &s.model, &s.mode, &c.schemaText, &c.system, &c.user, &c.specText, &c.runText,
                              &c.reply.raw})
        maskText(*text);
    for (auto& [key, value] : s.labels) {
        maskText(key);
        maskText(value);
    }
    for (Json* value : {&c.schema, &c.spec, &c.run, &c.reply.firstIssue})
        secrets::mask(*value);
    if (c.signature) { // its findings quote the run's words (an error an upstream echoed a key in)
        Signature masked = *c.signature;
        maskText(masked.schema.value);
        for (Finding& finding : masked.findings)
            maskText(finding.message);
        c.signature = std::make_shared<const Signature>(std::move(masked));
    }
    c.packedBodies.clear();
    c.bodyTemplate.reset();
}

} // namespace conform::store
