#pragma once
// The source exporters behind exportSchema() (export.h), one file each.
#include "export/export.h"

namespace conform::exporting::detail {

Exported zodExport(const Json& schema, const std::string& name);
Exported typeScriptExport(const Json& schema, const std::string& name);
Exported pydanticExport(const Json& schema, const std::string& name);

} // namespace conform::exporting::detail
