#include "settings/pricespage.h"

#include "widgets/tonelabel.h"

#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

enum Column { Provider, Model, Input, Output, CachedInput, Columns };

} // namespace

PricesPage::PricesPage(QWidget* parent) : QWidget(parent), m_about(new QLabel(this)), m_problem(new ToneLabel(this, Tone::Failure)), m_rows(new QTableWidget(0, Columns, this))
{
    m_about->setWordWrap(true);
    m_about->setTextFormat(Qt::PlainText);
    m_rows->setHorizontalHeaderLabels({tr("Provider"), tr("Model"), tr("Input $/M"), tr("Output $/M"), tr("Cached input $/M")});
    m_rows->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_rows->verticalHeader()->hide();
    auto* add = new QPushButton(tr("Add a model"), this);
    auto* remove = new QPushButton(tr("Remove"), this);
    auto* reset = new QPushButton(tr("Built-in prices"), this);
    reset->setToolTip(tr("Put the built-in table back (your edits go when you press OK)"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    buttons->addWidget(reset);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_about);
    layout->addWidget(m_rows, 1);
    layout->addWidget(m_problem);
    layout->addLayout(buttons);

    QString problem;
    fill(pricesInUse(&problem));
    const QString taken = QString::fromStdString(stats::PriceTable::builtIn().taken());
    m_about->setText(tr("US dollars per million tokens. The built-in prices were taken on %1: they change, so check them against the "
                        "providers' pricing pages. Ollama and demo scenarios cost nothing; a model without a row has no price.%2")
                         .arg(taken, problem.isEmpty() ? QString() : tr("\nYour prices file was left out: %1").arg(problem)));
    connect(m_rows, &QTableWidget::itemChanged, this, [this] { m_edited = true; });
    connect(add, &QPushButton::clicked, this, [this] {
        const int row = m_rows->rowCount();
        m_rows->insertRow(row);
        for (int column = 0; column < Columns; ++column)
            m_rows->setItem(row, column, new QTableWidgetItem(column >= Input ? QStringLiteral("0") : QString()));
        m_rows->setCurrentCell(row, Provider);
        m_rows->editItem(m_rows->item(row, Provider));
        m_edited = true;
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_rows->currentRow() >= 0) {
            m_rows->removeRow(m_rows->currentRow());
            m_edited = true;
        }
    });
    connect(reset, &QPushButton::clicked, this, [this] {
        fill(stats::PriceTable::builtIn());
        m_edited = true;
    });
}

void PricesPage::fill(const stats::PriceTable& table)
{
    const QSignalBlocker blocker(m_rows);
    m_rows->setRowCount(0);
    for (const stats::PriceTable::Entry& entry : table.entries()) {
        const int row = m_rows->rowCount();
        m_rows->insertRow(row);
        m_rows->setItem(row, Provider, new QTableWidgetItem(QString::fromStdString(entry.provider)));
        m_rows->setItem(row, Model, new QTableWidgetItem(QString::fromStdString(entry.model)));
        m_rows->setItem(row, Input, new QTableWidgetItem(QString::number(entry.price.input)));
        m_rows->setItem(row, Output, new QTableWidgetItem(QString::number(entry.price.output)));
        m_rows->setItem(row, CachedInput, new QTableWidgetItem(QString::number(entry.price.cachedInput)));
    }
}

Result<stats::PriceTable> PricesPage::table() const
{
    std::vector<stats::PriceTable::Entry> entries;
    for (int row = 0; row < m_rows->rowCount(); ++row) {
        const auto text = [&](int column) { return m_rows->item(row, column) ? m_rows->item(row, column)->text().trimmed() : QString(); };
        stats::PriceTable::Entry entry{text(Provider).toStdString(), text(Model).toStdString(), {}};
        if (entry.provider.empty() || entry.model.empty())
            return Error{tr("row %1: give a provider and a model").arg(row + 1).toStdString(), "prices"};
        for (const auto& [column, field] : {std::pair{int(Input), &stats::Price::input}, {int(Output), &stats::Price::output},
                                            {int(CachedInput), &stats::Price::cachedInput}}) {
            bool ok = false;
            const double value = text(column).toDouble(&ok);
            if (!ok || value < 0)
                return Error{tr("row %1: %2 is not a price per million tokens").arg(row + 1).arg(text(column)).toStdString(), "prices"};
            entry.price.*field = value;
        }
        entries.push_back(std::move(entry));
    }
    // Edited today: the date says when the prices were last looked at.
    return stats::PriceTable::of(QDate::currentDate().toString(Qt::ISODate).toStdString(), std::move(entries));
}

QString PricesPage::save()
{
    if (!m_edited)
        return {};
    auto edited = table();
    if (!edited) {
        m_problem->setText(QString::fromStdString(edited.error().message));
        return m_problem->text();
    }
    m_problem->clear();
    const QString path = userPricesPath();
    const auto sameRows = [](const stats::PriceTable& a, const stats::PriceTable& b) {
        return a.entries().size() == b.entries().size()
               && std::equal(a.entries().begin(), a.entries().end(), b.entries().begin(), [](const auto& x, const auto& y) {
                      return x.provider == y.provider && x.model == y.model && x.price.input == y.price.input
                             && x.price.output == y.price.output && x.price.cachedInput == y.price.cachedInput;
                  });
    };
    if (sameRows(edited.value(), stats::PriceTable::builtIn())) { // the built-in table again: no file of one's own
        if (QFileInfo::exists(path) && !QFile::remove(path))
            return tr("Could not remove %1.").arg(path);
        m_edited = false;
        return {};
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    const std::string text = dump(edited->toJson(), 2) + "\n";
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit())
        return tr("Could not write %1: %2").arg(path, file.errorString());
    m_edited = false;
    return {};
}

} // namespace conform::gui
