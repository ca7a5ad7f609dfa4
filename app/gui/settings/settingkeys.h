#pragma once
// Every QSettings key the workbench keeps, in one place and typed: a Setting<T> names its key
// once and reads (with its default) and writes values of its type, so no view spells a key of
// its own and two views never disagree on one. Groups that a view keeps for itself (the
// captures browser's "captures/…", a filter bar's group) are named here too.
//
//   const QByteArray state = settingkeys::windowState.read();
//   settingkeys::windowActivity.write(QStringLiteral("run"));
#include "providers/provider.h"

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace conform::gui {

template <typename T>
struct Setting
{
    QString key;
    T fallback = T();

    const QString& name() const { return key; }
    T read() const { return QSettings().value(name(), QVariant::fromValue(fallback)).template value<T>(); }
    T read(const QSettings& settings) const { return settings.value(name(), QVariant::fromValue(fallback)).template value<T>(); }
    void write(const T& value) const { QSettings().setValue(name(), QVariant::fromValue(value)); }
    void write(QSettings& settings, const T& value) const { settings.setValue(name(), QVariant::fromValue(value)); }
    void remove() const { QSettings().remove(name()); }
};

namespace settingkeys {

// The window: its geometry, the toolbar's place, the activity shown, each activity's splitters.
inline const Setting<QByteArray> windowGeometry{QStringLiteral("window/geometry")};
inline const Setting<QByteArray> windowState{QStringLiteral("window/state")};
inline const Setting<QString> windowActivity{QStringLiteral("window/activity")};
// The activities the user moved into docks (their ActivityWords keys).
inline const Setting<QStringList> dockedActivities{QStringLiteral("window/docked")};
inline const Setting<QByteArray> designSplitter{QStringLiteral("window/design")};
inline const Setting<QByteArray> instanceSplitter{QStringLiteral("window/instance")};
inline const Setting<QByteArray> replySplitter{QStringLiteral("window/reply")};
inline const Setting<QByteArray> runSplitter{QStringLiteral("window/run")};

// The validation options toolbar (the draft is kept per workspace: workspaceDraft()).
inline const Setting<bool> optionsZod4{QStringLiteral("options/zod4"), false};
inline const Setting<bool> optionsCoerce{QStringLiteral("options/coerce"), false};
inline const Setting<bool> optionsAssertFormats{QStringLiteral("options/assertFormats"), true};

// The workspace last open and the recent lists (absolute paths, newest first).
inline const Setting<QString> lastWorkspace{QStringLiteral("workspace/last")};
inline const Setting<QStringList> recentWorkspaces{QStringLiteral("recent/workspaces")};
inline const Setting<QStringList> recentFiles{QStringLiteral("recent/files")};

// Run ×N's choices.
inline const Setting<QStringList> batchTargets{QStringLiteral("batch/targets")};
inline const Setting<QVariant> batchRepeats{QStringLiteral("batch/repeats")};
inline const Setting<int> batchConcurrency{QStringLiteral("batch/concurrency"), 4};

// The dashboard's time buckets.
inline const Setting<bool> dashboardHourly{QStringLiteral("dashboard/hourly"), false};
// What the dashboard's groups are: "provider,model" (the default), "prompt", "schema", "mode".
inline const Setting<QString> dashboardGroups{QStringLiteral("dashboard/groups"), QStringLiteral("provider,model")};
// Whether the dashboard charts only what the Captures filters select (off: the whole store).
inline const Setting<bool> dashboardFollowsFilters{QStringLiteral("dashboard/followsCaptureFilters"), false};

// The captures browser's sort, splitter and column widths, and the filters' group.
inline const Setting<QString> capturesSortKey{QStringLiteral("captures/sort/key")};
inline const Setting<bool> capturesSortDescending{QStringLiteral("captures/sort/descending"), true};
inline const Setting<QByteArray> capturesSplitter{QStringLiteral("captures/splitter")};
inline const Setting<QByteArray> capturesColumns{QStringLiteral("captures/columns")};
inline const QString kCaptureFilterGroup = QStringLiteral("captures/filter");

// Triage's own filters (the Captures list's fields, kept apart), its range, order and states.
inline const QString kTriageFilterGroup = QStringLiteral("triage/filter");
inline const Setting<int> triageRange{QStringLiteral("triage/range"), 0};
inline const Setting<bool> triageNewestFirst{QStringLiteral("triage/newestFirst"), false};
inline const Setting<bool> triageOnlyUnreviewed{QStringLiteral("triage/onlyUnreviewed"), false};

// The settings dialog's (appsettings.h): the store and the theme; providers under "providers/".
inline const Setting<QString> storeLocation{QStringLiteral("store/location")};
inline const Setting<int> theme{QStringLiteral("appearance/theme"), 0};
// The name reviews are signed with (Triage, the Captures list's Review); empty: $USER.
inline const Setting<QString> reviewerName{QStringLiteral("review/name")};
// Per provider: its base URL and default model.
Setting<QString> providerBaseUrl(providers::ProviderKind kind);
Setting<QString> providerModel(providers::ProviderKind kind);

// The default draft of schemas without "$schema", per workspace folder ("7" or "2020-12").
Setting<QString> workspaceDraft(const QString& folder);

} // namespace settingkeys

} // namespace conform::gui
