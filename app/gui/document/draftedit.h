#pragma once
// One user edit of a document's value, as an undo step: the value before and after, applied
// through the document's own setter (which announces the change). Consecutive edits of the
// same field merge into one step — typing a model name, stepping a spin box — and an edit
// merged back to where it started leaves no step at all. Tiled's commands, in one template:
// RunDraft's variables, target and policy, and the Compare plan's repeats and baseline.
//
//   draft->undoStack()->push(new DraftEdit<TargetChoice>(
//       [draft](const TargetChoice& c) { draft->setTarget(c); }, before, after, "model", tr("Change the model")));
#include <QString>
#include <QUndoCommand>

#include <functional>

namespace conform::gui {

// The command id every DraftEdit shares: QUndoStack asks only commands of one id to merge.
inline constexpr int kDraftEditId = 0x44524654; // "DRFT"

template <typename Value>
class DraftEdit : public QUndoCommand
{
public:
    using Apply = std::function<void(const Value&)>;
    using Same = std::function<bool(const Value&, const Value&)>;

    // `field` names what changed ("" when several things did: such an edit never merges).
    DraftEdit(Apply apply, Value before, Value after, QString field, const QString& text, Same same = std::equal_to<Value>())
        : QUndoCommand(text), m_apply(std::move(apply)), m_same(std::move(same)), m_before(std::move(before)),
          m_after(std::move(after)), m_field(std::move(field))
    {
    }

    void undo() override { m_apply(m_before); }
    void redo() override { m_apply(m_after); }
    int id() const override { return kDraftEditId; }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = dynamic_cast<const DraftEdit*>(other);
        if (!next || m_field.isEmpty() || next->m_field != m_field)
            return false;
        m_after = next->m_after;
        setObsolete(m_same(m_before, m_after));
        return true;
    }

private:
    Apply m_apply;
    Same m_same;
    Value m_before;
    Value m_after;
    QString m_field;
};

} // namespace conform::gui
