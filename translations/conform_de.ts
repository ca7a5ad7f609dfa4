<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>conform::gui::EditorPanel</name>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>conform::gui::InstancePane</name>
    <message>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <source>Open or type a schema and an instance.</source>
        <translation>Öffnen oder tippen Sie ein Schema und eine Instanz.</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>valid after %1 coercion(s)</source>
        <translation>gültig nach %1 Umwandlung(en)</translation>
    </message>
    <message>
        <source>Schema: %1</source>
        <translation>Schema: %1</translation>
    </message>
    <message>
        <source>Instance: %1</source>
        <translation>Instanz: %1</translation>
    </message>
</context>
<context>
    <name>conform::gui::IssueModel</name>
    <message>
        <source>(root)</source>
        <translation>(Wurzel)</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>bei %1</translation>
    </message>
    <message>
        <source>schema: %1</source>
        <translation>Schema: %1</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Schema path</source>
        <translation>Schema-Pfad</translation>
    </message>
</context>
<context>
    <name>conform::gui::MainWindow</name>
    <message>
        <source>Schema</source>
        <translation>Schema</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <source>Reply</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Conform</source>
        <translation>Ü&amp;ber Conform</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Workspace…</source>
        <translation>&amp;Arbeitsbereich öffnen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <source>&amp;Open File…</source>
        <translation>Datei ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open File</source>
        <translation>Datei öffnen</translation>
    </message>
    <message>
        <source>JSON and text (*.json *.jsonl *.md *.txt);;All files (*)</source>
        <translation>JSON und Text (*.json *.jsonl *.md *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Reply</source>
        <translation>&amp;Antwort</translation>
    </message>
    <message>
        <source>&amp;Open Reply…</source>
        <translation>Antwort ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Reply</source>
        <translation>Antwort öffnen</translation>
    </message>
    <message>
        <source>Replies (*.txt *.md *.json);;All files (*)</source>
        <translation>Antworten (*.txt *.md *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Paste Reply</source>
        <translation>Antwort &amp;einfügen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+V</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear Reply</source>
        <translation>Antwort &amp;leeren</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Instance</source>
        <translation>&amp;Instanz</translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — Conform</source>
        <translation>%1[*] — Conform</translation>
    </message>
    <message>
        <source>Workspace: %1</source>
        <translation>Arbeitsbereich: %1</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Discard the unsaved changes to %1?</source>
        <translation>Ungespeicherte Änderungen an %1 verwerfen?</translation>
    </message>
    <message>
        <source>this editor</source>
        <translation>diesem Editor</translation>
    </message>
    <message>
        <source>Cannot open file</source>
        <translation>Datei kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save As</source>
        <translation>Speichern unter</translation>
    </message>
    <message>
        <source>Cannot save file</source>
        <translation>Datei kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Some editors have unsaved changes. Quit anyway?</source>
        <translation>Einige Editoren haben ungespeicherte Änderungen. Trotzdem beenden?</translation>
    </message>
    <message>
        <source>About Conform</source>
        <translation>Über Conform</translation>
    </message>
    <message>
        <source>&lt;b&gt;Conform %1&lt;/b&gt;&lt;p&gt;A workbench for LLM structured output: JSON Schema validation with Zod-style issues, extraction and repair of JSON from model replies.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>conform::gui::OptionsToolBar</name>
    <message>
        <source>Validation options</source>
        <translation>Validierungsoptionen</translation>
    </message>
    <message>
        <source>Coerce</source>
        <translation>Umwandeln</translation>
    </message>
    <message>
        <source>Assert formats</source>
        <translation>Formate prüfen</translation>
    </message>
    <message>
        <source>Messages:</source>
        <translation>Meldungen:</translation>
    </message>
    <message>
        <source>Zod 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zod 4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Word issues as Zod 3 or Zod 4 would</source>
        <translation>Probleme wie Zod 3 oder Zod 4 formulieren</translation>
    </message>
    <message>
        <source>Coerce near-misses before validating: enum case, yes/no, &quot;5&quot; -&gt; 5, x -&gt; [x]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Treat &quot;format&quot; (email, uri, date-time, ...) as an assertion, not an annotation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>conform::gui::ReplyPane</name>
    <message>
        <source>1 fix</source>
        <translation>1 Korrektur</translation>
    </message>
    <message>
        <source>%1 fixes</source>
        <translation>%1 Korrekturen</translation>
    </message>
    <message>
        <source>Raw reply</source>
        <translation>Rohe Antwort</translation>
    </message>
    <message>
        <source>Extracted value</source>
        <translation>Extrahierter Wert</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
    </message>
    <message>
        <source>Paste a model&apos;s reply on the left, or open one with Reply ▸ Open Reply.</source>
        <translation>Fügen Sie links die Antwort eines Modells ein oder öffnen Sie eine mit Antwort ▸ Antwort öffnen.</translation>
    </message>
    <message>
        <source>Nothing extracted: %1</source>
        <translation>Nichts extrahiert: %1</translation>
    </message>
    <message>
        <source>extracted from %1, %2</source>
        <translation>extrahiert aus %1, %2</translation>
    </message>
    <message>
        <source>Schema: %1</source>
        <translation>Schema: %1</translation>
    </message>
    <message>
        <source>No schema to validate against.</source>
        <translation>Kein Schema zum Validieren.</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>%1: %2 -&gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>conform::gui::StatusLine</name>
    <message>
        <source>1 issue</source>
        <translation>1 Problem</translation>
    </message>
    <message>
        <source>%1 issues</source>
        <translation>%1 Probleme</translation>
    </message>
</context>
<context>
    <name>conform::gui::WorkspaceDock</name>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Workspace — %1</source>
        <translation>Arbeitsbereich — %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open as Reply</source>
        <translation>Als Antwort öffnen</translation>
    </message>
</context>
</TS>
