#pragma once
// Which pane a workspace file opens in, decided by its name alone:
//   schema.json, *.schema.json      -> the schema editor
//   *.compare.json                  -> the Compare activity
//   *.suite.json                    -> the Suites activity
//   *.jsonl                         -> the Lines tab (every line checked, as validate --jsonl)
//   other *.json                    -> the Instance tab
//   prompt.md, *.prompt.md          -> the Run tab's prompt fields
//   *.txt                           -> the Reply tab (model replies are kept as .txt)
//   other files (*.md, README …)    -> the Text tab, a plain editor
#include <QString>

namespace conform::gui {

enum class FileRoute { Schema, Comparison, Suite, Instance, Lines, Prompt, Reply, Text };

FileRoute routeForFile(const QString& path);

// The schema an example belongs to: <schema folder>/schema.json for a file under its
// examples/ folder, when that file exists; else empty.
QString schemaForExample(const QString& path);

// The folder to open when none is given: the last workspace, else the bundled example
// workspace (installed under share/conform/schemas, or the source tree's schemas/ in a
// build). Never the current directory: a workbench started from a menu has none worth showing.
QString defaultWorkspace();

} // namespace conform::gui
