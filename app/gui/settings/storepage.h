#pragma once
// The settings dialog's Store page: where captures go (a SQLite file or a postgresql:// URL;
// empty for the default) and a connection test through store::Store that runs on a worker,
// so an unreachable server never freezes the dialog. A URL with a password is refused:
// PostgreSQL reads passwords from ~/.pgpass or PGPASSWORD, and settings keep none.
// Above the choice, the store in use and why (storeinuse.h); while $CONFORM_STORE is set it
// wins over the choice, and the page says "CONFORM_STORE is set: the store chosen below is
// not in use".
#include <QFutureWatcher>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace conform::gui {

class ToneLabel;

class StorePage : public QWidget
{
    Q_OBJECT

public:
    explicit StorePage(const QString& store, const QString& reviewerName = {}, QWidget* parent = nullptr);

    struct Probe
    {
        bool ok = false;
        QString message; // "Connected: …", or the store's one-line error
    };

    QString store() const;
    // The name reviews in this store are signed with (empty: $USER).
    QString reviewerName() const;
    // Empty when the text can be kept; else the reason, also shown on the page.
    QString problem();
    void testConnection();

    QLineEdit* locationEdit() const { return m_location; }
    QLineEdit* reviewerEdit() const { return m_reviewer; }
    // "In use: …" with the reason as its tooltip; the CONFORM_STORE note (hidden when unset).
    QLabel* inUseLabel() const { return m_inUse; }
    ToneLabel* overrideLabel() const { return m_override; }
    ToneLabel* resultLabel() const { return m_result; }
    QPushButton* testButton() const { return m_test; }

signals:
    void tested(bool ok);

private:
    void browse();
    void showResult(bool ok, const QString& message);

    QLabel* m_inUse;
    ToneLabel* m_override;
    QLineEdit* m_location;
    QLineEdit* m_reviewer;
    QPushButton* m_test;
    ToneLabel* m_result;
    QFutureWatcher<Probe> m_watcher;
};

} // namespace conform::gui
