#pragma once
// The toolbar's options, as one value the workers copy: which Zod style the messages use,
// whether coercions run, whether "format" is asserted, which draft's rules apply to a schema
// whose "$schema" does not say (saved per workspace). Plain data; the GUI thread owns it.
#include "schema/schema.h"

namespace conform::gui {

struct ValidationSettings
{
    schema::ZodStyle style = schema::ZodStyle::Zod3;
    bool coerce = false;
    bool assertFormats = true; // as conform-cli, zod and ajv-formats: "format" is checked
    schema::Draft defaultDraft = schema::Draft::Draft2020_12; // as conform-cli's --draft

    schema::CompileOptions compileOptions() const
    {
        schema::CompileOptions options;
        options.assertFormats = assertFormats;
        options.defaultDraft = defaultDraft;
        return options;
    }

    schema::ValidateOptions validateOptions(const CancelFlag* cancel = nullptr) const
    {
        schema::ValidateOptions options;
        options.style = style;
        options.coerce = coerce ? schema::CoercionOptions::all() : schema::CoercionOptions{};
        options.cancel = cancel;
        return options;
    }

    friend bool operator==(const ValidationSettings&, const ValidationSettings&) = default;
};

} // namespace conform::gui
