#pragma once
// Which editor a workspace file opens in, decided by its name alone:
// schemas/<name>/schema.json (or *.schema.json) -> the schema editor; other .json/.jsonl ->
// the instance editor; .txt/.md (raw model replies, prompts) -> the raw-reply pane.
#include <QString>

namespace conform::gui {

enum class FileRoute { Schema, Instance, Reply };

FileRoute routeForFile(const QString& path);

// The folder to open when none is given: ./schemas if it exists, else the current directory.
QString defaultWorkspace();

} // namespace conform::gui
