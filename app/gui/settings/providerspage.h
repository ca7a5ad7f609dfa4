#pragma once
// The settings dialog's Providers page: for Anthropic, OpenAI and Ollama a base URL, a default
// model (the list fetched from the provider's models endpoint on request) and, for the two
// that take one, the API key's state: set or not, and where from (the environment or the
// system keychain). The key itself is never shown; "Store key…" asks for it and hands it to
// the KeyRing, which keeps it in the keychain only.
#include "settings/appsettings.h"

#include <QWidget>

#include <map>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace conform::keys { class KeyRing; }

namespace conform::gui {

class ModelListFetcher;

class ProvidersPage : public QWidget
{
    Q_OBJECT

public:
    ProvidersPage(keys::KeyRing* ring, const AppSettings& settings, QWidget* parent = nullptr);

    void writeTo(AppSettings& settings) const;

    // What the buttons do, for tests and for the dialog.
    void fetchModels(providers::ProviderKind kind);
    void storeKey(providers::ProviderKind kind, const QString& key);
    void forgetKey(providers::ProviderKind kind);

    QLineEdit* baseUrlEdit(providers::ProviderKind kind) const { return m_rows.at(kind).baseUrl; }
    QComboBox* modelCombo(providers::ProviderKind kind) const { return m_rows.at(kind).model; }
    QLabel* modelStatus(providers::ProviderKind kind) const { return m_rows.at(kind).modelStatus; }
    QLabel* keyLabel(providers::ProviderKind kind) const { return m_rows.at(kind).key; }
    QPushButton* forgetButton(providers::ProviderKind kind) const { return m_rows.at(kind).forget; }
    ModelListFetcher* fetcher() const { return m_fetcher; }
    // Shown while the keychain cannot be read: keys come from the environment.
    QLabel* keychainNote() const { return m_unavailable; }

private:
    struct Row
    {
        QLineEdit* baseUrl = nullptr;
        QComboBox* model = nullptr;
        QLabel* modelStatus = nullptr;
        QLabel* key = nullptr;
        QPushButton* store = nullptr;
        QPushButton* forget = nullptr;
    };

    QWidget* buildProvider(providers::ProviderKind kind, const ProviderSettings& settings);
    QWidget* buildKeyRow(providers::ProviderKind kind, Row& row);
    void askForKey(providers::ProviderKind kind);
    void showModels(providers::ProviderKind kind, const QStringList& models);
    void showModelStatus(providers::ProviderKind kind, const QString& text);
    void updateKeys();

    keys::KeyRing* m_ring;
    ModelListFetcher* m_fetcher;
    QLabel* m_unavailable; // why the keychain cannot be read, when it cannot
    std::map<providers::ProviderKind, Row> m_rows;
};

// "Set, from the environment (OPENAI_API_KEY)", "Set, in the system keychain", "Not set: …".
QString keyStateText(const keys::KeyRing& ring, providers::ProviderKind kind);

} // namespace conform::gui
