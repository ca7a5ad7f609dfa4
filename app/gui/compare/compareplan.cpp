#include "compare/compareplan.h"

#include "document/draftedit.h"

#include "suite/comparison_writer.h"

#include <QFileInfo>
#include <QSaveFile>
#include <QUndoStack>

#include <utility>
#include <variant>

namespace conform::gui {

// Adds or removes a variant or a target at an index: Tiled's AddRemoveLayer.
class PlanListEdit : public QUndoCommand
{
public:
    using Item = std::variant<PlanVariant, suite::SuiteTarget>;

    PlanListEdit(ComparePlan* plan, bool adding, int index, Item item, const QString& text)
        : QUndoCommand(text), m_plan(plan), m_adding(adding), m_index(index), m_item(std::move(item))
    {
    }

    void redo() override { m_adding ? insert() : take(); }
    void undo() override { m_adding ? take() : insert(); }

private:
    void insert()
    {
        if (auto* variant = std::get_if<PlanVariant>(&m_item))
            m_plan->insertVariant(m_index, *variant);
        else
            m_plan->insertTarget(m_index, std::get<suite::SuiteTarget>(m_item));
    }

    void take()
    {
        if (std::holds_alternative<PlanVariant>(m_item))
            m_item = m_plan->takeVariant(m_index);
        else
            m_item = m_plan->takeTarget(m_index);
    }

    ComparePlan* m_plan;
    bool m_adding;
    int m_index;
    Item m_item;
};

// A variant's new name; the baseline follows it when it named the variant.
class RenameVariant : public QUndoCommand
{
public:
    RenameVariant(ComparePlan* plan, int index, QString before, QString after, const QString& text)
        : QUndoCommand(text), m_plan(plan), m_index(index), m_before(std::move(before)), m_after(std::move(after))
    {
    }

    void redo() override { rename(m_before, m_after); }
    void undo() override { rename(m_after, m_before); }

private:
    void rename(const QString& from, const QString& to)
    {
        const bool baseline = m_plan->baseline() == from;
        m_plan->applyName(m_index, to);
        if (baseline)
            m_plan->applyBaseline(to);
    }

    ComparePlan* m_plan;
    int m_index;
    QString m_before;
    QString m_after;
};

ComparePlan::ComparePlan(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this)) {}

QStringList ComparePlan::variantNames() const
{
    QStringList names;
    for (const PlanVariant& v : m_variants)
        names << v.name();
    return names;
}

QStringList ComparePlan::targetNames() const
{
    QStringList names;
    for (const suite::SuiteTarget& t : m_targets)
        names << QString::fromStdString(t.name);
    return names;
}

QStringList ComparePlan::baselineChoices() const
{
    return m_variants.size() < 2 ? targetNames() : variantNames();
}

QString ComparePlan::effectiveBaseline() const
{
    const QStringList choices = baselineChoices();
    if (choices.isEmpty())
        return {};
    return choices.contains(m_baseline) ? m_baseline : choices.front();
}

QString ComparePlan::uniqueName(const QString& stem) const
{
    const QStringList taken = variantNames();
    QString name = stem;
    for (int n = 2; taken.contains(name); ++n)
        name = QStringLiteral("%1 %2").arg(stem).arg(n);
    return name;
}

bool ComparePlan::open(const QString& path, QString* error)
{
    auto plan = suite::loadComparison(path);
    if (!plan) {
        *error = QString::fromStdString(plan.error().toString());
        return false;
    }
    const QString origin = QFileInfo(path).fileName();
    m_variants.clear();
    for (suite::VariantCases& cases : suite::variantsOfPlan(plan.value()))
        m_variants.push_back({std::move(cases), origin});
    m_targets = plan->suite.targets;
    m_policy = plan->suite.policy;
    m_concurrency = plan->suite.concurrency;
    m_name = QString::fromStdString(plan->suite.name);
    m_repeat = plan->suite.repeat;
    m_baseline = QString::fromStdString(plan->baseline);
    m_filePath = path;
    m_undo->clear();
    emit variantsChanged();
    emit targetsChanged();
    emit repeatChanged(m_repeat);
    emit baselineChanged(m_baseline);
    return true;
}

bool ComparePlan::save(const QString& path, QString* error)
{
    suite::ComparisonDraft draft;
    draft.name = m_name.toStdString();
    for (const PlanVariant& v : m_variants)
        draft.variants.push_back(v.cases);
    draft.targets = m_targets;
    draft.repeat = m_repeat;
    draft.concurrency = m_concurrency;
    draft.policy = m_policy;
    draft.baseline = m_baseline.isEmpty() ? std::string() : effectiveBaseline().toStdString();
    auto document = suite::comparisonDocument(draft, QFileInfo(path).absoluteDir());
    if (!document) {
        *error = QString::fromStdString(document.error().toString());
        return false;
    }
    const std::string text = dump(document.value(), 2) + "\n";
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    m_filePath = path;
    m_undo->setClean();
    return true;
}

void ComparePlan::addVariant(PlanVariant variant)
{
    variant.cases.name = uniqueName(variant.name()).toStdString();
    const QString text = tr("Add the variant %1").arg(variant.name());
    m_undo->push(new PlanListEdit(this, true, int(m_variants.size()), std::move(variant), text));
}

void ComparePlan::removeVariant(int index)
{
    if (index < 0 || index >= int(m_variants.size()))
        return;
    m_undo->push(new PlanListEdit(this, false, index, m_variants[std::size_t(index)],
                                  tr("Remove the variant %1").arg(m_variants[std::size_t(index)].name())));
}

void ComparePlan::renameVariant(int index, const QString& name)
{
    if (index < 0 || index >= int(m_variants.size()) || name.trimmed().isEmpty() || name == m_variants[std::size_t(index)].name())
        return;
    const QString before = m_variants[std::size_t(index)].name();
    const QString after = uniqueName(name.trimmed());
    m_undo->push(new RenameVariant(this, index, before, after, tr("Rename the variant %1 to %2").arg(before, after)));
}

void ComparePlan::addTarget(suite::SuiteTarget target)
{
    const QString text = tr("Add the target %1").arg(QString::fromStdString(target.name));
    m_undo->push(new PlanListEdit(this, true, int(m_targets.size()), std::move(target), text));
}

void ComparePlan::removeTarget(int index)
{
    if (index < 0 || index >= int(m_targets.size()))
        return;
    m_undo->push(new PlanListEdit(this, false, index, m_targets[std::size_t(index)],
                                  tr("Remove the target %1").arg(QString::fromStdString(m_targets[std::size_t(index)].name))));
}

void ComparePlan::setRepeat(int repeat)
{
    if (repeat == m_repeat || repeat < 1)
        return;
    m_undo->push(new DraftEdit<int>([this](int r) { applyRepeat(r); }, m_repeat, repeat, QStringLiteral("repeat"),
                                    tr("Set the repeats to %1").arg(repeat)));
}

void ComparePlan::setBaseline(const QString& name)
{
    if (name == m_baseline)
        return;
    m_undo->push(new DraftEdit<QString>([this](const QString& b) { applyBaseline(b); }, m_baseline, name,
                                        QStringLiteral("baseline"), tr("Make %1 the baseline").arg(name)));
}

void ComparePlan::insertVariant(int index, PlanVariant variant)
{
    m_variants.insert(m_variants.begin() + index, std::move(variant));
    emit variantsChanged();
}

PlanVariant ComparePlan::takeVariant(int index)
{
    PlanVariant taken = std::move(m_variants[std::size_t(index)]);
    m_variants.erase(m_variants.begin() + index);
    emit variantsChanged();
    return taken;
}

void ComparePlan::insertTarget(int index, suite::SuiteTarget target)
{
    m_targets.insert(m_targets.begin() + index, std::move(target));
    emit targetsChanged();
}

suite::SuiteTarget ComparePlan::takeTarget(int index)
{
    suite::SuiteTarget taken = std::move(m_targets[std::size_t(index)]);
    m_targets.erase(m_targets.begin() + index);
    emit targetsChanged();
    return taken;
}

void ComparePlan::applyName(int index, const QString& name)
{
    m_variants[std::size_t(index)].cases.name = name.toStdString();
    emit variantsChanged();
}

void ComparePlan::applyRepeat(int repeat)
{
    m_repeat = repeat;
    emit repeatChanged(repeat);
}

void ComparePlan::applyBaseline(const QString& name)
{
    m_baseline = name;
    emit baselineChanged(name);
}

} // namespace conform::gui
