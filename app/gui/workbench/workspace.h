#pragma once
// What the workbench works in, beside the schema and the run being prepared (SchemaDocument,
// RunDraft): the workspace folder, the open documents (the texts the user edits and must not
// lose), the recent workspaces and files, the API keys (the KeyRing over the system keychain,
// and the environment runs read keys and base URLs from) and the store in use. The main
// window owns one and gives it to every view that needs one of these, so no view reaches into
// another for them (Run ×N and replay once read the Run tab's environment).
//
//   Workspace workspace(std::make_unique<KeychainBackend>());
//   workspace.setFolder("/home/me/schemas");
//   engine.setEnvironment(workspace.environment());
//   workspace.captureStore()->capture(spec, record);
//   connect(&workspace, &Workspace::storeChanged, view, &View::followStore);
//
// The store in use has this one owner: every view that reads or writes captures goes through
// captureStore(), never a store of its own. Its order is deliberate: $CONFORM_STORE when set
// (scripts and tests pin the store with it), else Settings ▸ Store, else the default
// (store/location.h chooseStore()). When the setting changes (SettingsNotifier), the store is
// reopened there and storeChanged() says so.
#include "providers/endpoint.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace conform::keys {
class KeyRing;
class SecretBackend;
} // namespace conform::keys

namespace conform::gui {

class CaptureStore;
class TextDocument;

class Workspace : public QObject
{
    Q_OBJECT
public:
    // `secrets`: where keys are kept (the system keychain in the program). The store is the one
    // chooseStore() names: $CONFORM_STORE, else Settings ▸ Store, else the shared data folder.
    explicit Workspace(std::unique_ptr<keys::SecretBackend> secrets, QObject* parent = nullptr);
    ~Workspace() override;

    QString folder() const { return m_folder; }
    // Makes `folder` (absolute) the workspace and the newest recent one; says folderChanged.
    void setFolder(const QString& folder);

    // Newest first, only what still exists; at most kRecentCount each.
    static constexpr int kRecentCount = 10;
    QStringList recentWorkspaces() const;
    QStringList recentFiles() const;
    void noteRecentFile(const QString& path);

    // The texts open for editing (schema, instance, raw reply, free text), in the order the
    // Save question goes through them. The workspace does not own them (their panels do).
    void addDocument(TextDocument* document);
    QList<TextDocument*> documents() const { return m_documents; }
    bool anyModified() const;

    keys::KeyRing* keyRing() const { return m_keyRing; }
    // The process environment with each unset *_API_KEY filled from the keychain.
    providers::Environment environment() const;
    // The store in use; the same object for the workspace's life (it reopens in place).
    CaptureStore* captureStore() const { return m_store; }

signals:
    // Another store is in use (Settings ▸ Store changed): views read from it anew.
    void storeChanged(CaptureStore* store);
    void folderChanged(const QString& folder);
    // Some document gained or lost unsaved edits: anyModified() may have changed.
    void documentsModifiedChanged();

private:
    // The store setting changed: reopens when it names another store than the one in use.
    void followStoreSetting();

    QString m_folder;
    QList<TextDocument*> m_documents;
    keys::KeyRing* m_keyRing;
    CaptureStore* m_store;
};

} // namespace conform::gui
