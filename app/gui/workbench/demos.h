#pragma once
// The demos a newcomer can run on the first click: the built-in scenarios and the
// workspace's own scenarios/*.json, each with what it shows. The start page and the Demos
// menu list them; MainWindow::runDemo() opens the demo's schema and prompt and runs it.
#include <QList>
#include <QString>

#include <string>

namespace conform::gui {

struct Demo
{
    QString name;        // "trailing-commas"
    QString description; // what it shows, from the scenario file
    QString path;        // ":/scenarios/trailing-commas.json" or a workspace file
    bool builtin = true;
};

// What the scenario at `path` shows, in the user's language when it is a built-in one (a
// workspace's own scenario says it as written).
QString demoDescription(const std::string& description, const QString& path);

// Built-in scenarios first (by name), then those of `workspace`/scenarios. Files that are not
// scenarios are left out.
QList<Demo> availableDemos(const QString& workspace);

// The schema file of `workspace` whose "$id" is `id` (its top-level folders' schema.json),
// or empty: so a demo opens the workspace's copy, with its prompt.md beside it.
QString workspaceSchemaWithId(const QString& workspace, const std::string& id);

} // namespace conform::gui
