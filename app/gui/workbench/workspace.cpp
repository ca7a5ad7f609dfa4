#include "workbench/workspace.h"

#include "captures/capturestore.h"
#include "document/textdocument.h"
#include "settings/appsettings.h"
#include "settings/settingkeys.h"
#include "settings/settingsnotifier.h"

#include "keys/key_ring.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace conform::gui {

namespace {

void noteRecent(const Setting<QStringList>& setting, const QString& path)
{
    QStringList recent = setting.read();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    setting.write(recent.mid(0, Workspace::kRecentCount));
}

QStringList existing(const QStringList& paths)
{
    QStringList found;
    for (const QString& path : paths)
        if (QFileInfo::exists(path)) // moved or deleted since: left out
            found << path;
    return found;
}

} // namespace

Workspace::Workspace(std::unique_ptr<keys::SecretBackend> secrets, QObject* parent)
    : QObject(parent), m_keyRing(new keys::KeyRing(std::move(secrets), providers::processEnvironment(), this)),
      m_store(new CaptureStore(AppSettings::load().storeLocation(), this))
{
    m_keyRing->setObjectName(QStringLiteral("keyRing"));
    m_store->setObjectName(QStringLiteral("captureStore"));
    connect(m_store, &CaptureStore::reopened, this, [this] { emit storeChanged(m_store); });
    connect(SettingsNotifier::instance(), &SettingsNotifier::changed, this, [this](const QString& key) {
        if (key == settingkeys::storeLocation.name())
            followStoreSetting();
    });
}

void Workspace::followStoreSetting()
{
    store::StoreChoice choice = AppSettings::load().storeLocation();
    // The same store (always so while $CONFORM_STORE is set, whatever the setting now says)
    // stays open; another is opened in its place.
    const bool same = choice.origin == m_store->origin() && choice.location.ok() && m_store->ok()
                      && choice.location->display() == m_store->location().display();
    if (!same)
        m_store->reopen(std::move(choice));
}

Workspace::~Workspace() = default;

void Workspace::setFolder(const QString& folder)
{
    const QString absolute = QDir(folder).absolutePath();
    noteRecent(settingkeys::recentWorkspaces, absolute);
    if (absolute == m_folder)
        return;
    m_folder = absolute;
    emit folderChanged(m_folder);
}

QStringList Workspace::recentWorkspaces() const
{
    return existing(settingkeys::recentWorkspaces.read());
}

QStringList Workspace::recentFiles() const
{
    return existing(settingkeys::recentFiles.read());
}

void Workspace::noteRecentFile(const QString& path)
{
    noteRecent(settingkeys::recentFiles, path);
}

providers::Environment Workspace::environment() const
{
    return m_keyRing->environment();
}

void Workspace::addDocument(TextDocument* document)
{
    m_documents.append(document);
    connect(document, &TextDocument::modificationChanged, this, &Workspace::documentsModifiedChanged);
    connect(document, &QObject::destroyed, this, [this, document] { m_documents.removeAll(document); });
}

bool Workspace::anyModified() const
{
    return std::any_of(m_documents.begin(), m_documents.end(), [](const TextDocument* d) { return d->isModified(); });
}

} // namespace conform::gui
