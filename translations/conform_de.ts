<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>conform::gui::AppSettings</name>
    <message>
        <source>Leave the password out of the URL: PostgreSQL reads it from ~/.pgpass or PGPASSWORD, and Conform keeps no passwords in its settings.</source>
        <translation>Lassen Sie das Passwort in der URL weg: PostgreSQL liest es aus ~/.pgpass oder PGPASSWORD, und Conform speichert keine Passwörter in seinen Einstellungen.</translation>
    </message>
</context>
<context>
    <name>conform::gui::AttemptModel</name>
    <message>
        <source>%1 (repair %2)</source>
        <translation>%1 (Reparatur %2)</translation>
    </message>
    <message>
        <source>no JSON</source>
        <translation>kein JSON</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>Fixes</source>
        <translation>Korrekturen</translation>
    </message>
    <message>
        <source>Issues</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Tokens ein</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Tokens aus</translation>
    </message>
    <message>
        <source>Latency ms</source>
        <translation>Latenz ms</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>%1, waited %2 ms</source>
        <translation>%1, %2 ms gewartet</translation>
    </message>
</context>
<context>
    <name>conform::gui::EditorPanel</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
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
        <translation>Öffnen oder schreiben Sie ein Schema und eine Instanz.</translation>
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
        <translation>Ctrl+Shift+O</translation>
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
        <translation>Ctrl+R</translation>
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
        <translation>Ctrl+Shift+V</translation>
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
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation>Ctrl+2</translation>
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
        <translation>%1: %2</translation>
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
        <translation>&lt;b&gt;Conform %1&lt;/b&gt;&lt;p&gt;Eine Werkbank für strukturierte Ausgaben von Sprachmodellen: JSON-Schema-Validierung mit Problemen im Stil von Zod, Extraktion und Reparatur von JSON aus Modellantworten.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>R&amp;un</source>
        <translation>A&amp;usführen</translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation>Ctrl+3</translation>
    </message>
</context>
<context>
    <name>conform::gui::ModelListFetcher</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
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
        <translation>Zod 3</translation>
    </message>
    <message>
        <source>Zod 4</source>
        <translation>Zod 4</translation>
    </message>
    <message>
        <source>Word issues as Zod 3 or Zod 4 would</source>
        <translation>Probleme wie Zod 3 oder Zod 4 formulieren</translation>
    </message>
    <message>
        <source>Coerce near-misses before validating: enum case, yes/no, &quot;5&quot; -&gt; 5, x -&gt; [x]</source>
        <translation>Knappe Abweichungen vor dem Validieren umwandeln: Groß-/Kleinschreibung in Enums, yes/no, &quot;5&quot; -&gt; 5, x -&gt; [x]</translation>
    </message>
    <message>
        <source>Treat &quot;format&quot; (email, uri, date-time, ...) as an assertion, not an annotation</source>
        <translation>&quot;format&quot; (email, uri, date-time, ...) als Prüfung behandeln, nicht als Anmerkung</translation>
    </message>
</context>
<context>
    <name>conform::gui::ProvidersPage</name>
    <message>
        <source>Set, from the environment (%1)</source>
        <translation>Gesetzt, aus der Umgebung (%1)</translation>
    </message>
    <message>
        <source>Set, in the system keychain</source>
        <translation>Gesetzt, im Schlüsselbund des Systems</translation>
    </message>
    <message>
        <source>Checking the system keychain…</source>
        <translation>Schlüsselbund des Systems wird geprüft…</translation>
    </message>
    <message>
        <source>Not set: set %1 or store a key in the system keychain</source>
        <translation>Nicht gesetzt: setzen Sie %1 oder legen Sie einen Schlüssel im Schlüsselbund des Systems ab</translation>
    </message>
    <message>
        <source>System keychain</source>
        <translation>Schlüsselbund des Systems</translation>
    </message>
    <message>
        <source>No model list: %1</source>
        <translation>Keine Modellliste: %1</translation>
    </message>
    <message>
        <source>%1 (from the environment or the default)</source>
        <translation>%1 (aus der Umgebung oder die Vorgabe)</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <source>Fetch models</source>
        <translation>Modelle abrufen</translation>
    </message>
    <message>
        <source>Ask the provider&apos;s models endpoint which models it offers</source>
        <translation>Den Modell-Endpunkt des Anbieters fragen, welche Modelle er anbietet</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Store key…</source>
        <translation>Schlüssel ablegen…</translation>
    </message>
    <message>
        <source>Forget key</source>
        <translation>Schlüssel entfernen</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Frage %1 nach seinen Modellen…</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) offered</source>
        <translation>
            <numerusform>%n Modell angeboten</numerusform>
            <numerusform>%n Modelle angeboten</numerusform>
        </translation>
    </message>
    <message>
        <source>Store %1 key</source>
        <translation>%1-Schlüssel ablegen</translation>
    </message>
    <message>
        <source>API key (kept in the system keychain only):</source>
        <translation>API-Schlüssel (nur im Schlüsselbund des Systems gespeichert):</translation>
    </message>
    <message>
        <source>Storing…</source>
        <translation>Wird abgelegt…</translation>
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
        <translation>%1: %2 -&gt; %3</translation>
    </message>
</context>
<context>
    <name>conform::gui::RunPane</name>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Raw reply</source>
        <translation>Rohe Antwort</translation>
    </message>
    <message>
        <source>Final value</source>
        <translation>Endgültiger Wert</translation>
    </message>
    <message>
        <source>Not run yet</source>
        <translation>Noch nicht ausgeführt</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>System-Prompt</translation>
    </message>
    <message>
        <source>User prompt: what to extract, from what</source>
        <translation>Benutzer-Prompt: was woraus extrahiert werden soll</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
    </message>
    <message>
        <source>The issues of the selected attempt</source>
        <translation>Die Probleme des gewählten Versuchs</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>error: schema: %1</source>
        <translation>Fehler: Schema: %1</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>läuft…</translation>
    </message>
    <message>
        <source>attempt %1 — %2, %3, repair %4</source>
        <translation>Versuch %1 — %2, %3, Reparatur %4</translation>
    </message>
    <message>
        <source>attempt %1 — %2, %3</source>
        <translation>Versuch %1 — %2, %3</translation>
    </message>
    <message>
        <source>running… %1</source>
        <translation>läuft… %1</translation>
    </message>
    <message>
        <source>attempt %1</source>
        <translation>Versuch %1</translation>
    </message>
    <message>
        <source>no JSON: %1</source>
        <translation>kein JSON: %1</translation>
    </message>
    <message>
        <source>valid — no issues</source>
        <translation>gültig — keine Probleme</translation>
    </message>
    <message>
        <source>no issues</source>
        <translation>keine Probleme</translation>
    </message>
</context>
<context>
    <name>conform::gui::RunTargetForm</name>
    <message>
        <source>Stream</source>
        <translation>Streamen</translation>
    </message>
    <message>
        <source>from the environment, else the provider&apos;s public URL</source>
        <translation>aus der Umgebung, sonst die öffentliche URL des Anbieters</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Base URL / mode</source>
        <translation>Basis-URL / Modus</translation>
    </message>
    <message>
        <source>Repairs</source>
        <translation>Reparaturen</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>Open scenario file…</source>
        <translation>Szenariodatei öffnen…</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Szenarien (*.json)</translation>
    </message>
</context>
<context>
    <name>conform::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Store</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>Zod 3</source>
        <translation>Zod 3</translation>
    </message>
    <message>
        <source>Zod 4</source>
        <translation>Zod 4</translation>
    </message>
    <message>
        <source>Issue messages</source>
        <translation>Problemmeldungen</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Farbschema</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>Ein&amp;stellungen…</translation>
    </message>
    <message>
        <source>%1 (API keys come from the environment)</source>
        <translation>%1 (API-Schlüssel kommen aus der Umgebung)</translation>
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
    <name>conform::gui::StorePage</name>
    <message>
        <source>%1 does not exist yet; the first captured run creates it</source>
        <translation>%1 existiert noch nicht; der erste aufgezeichnete Lauf legt die Datei an</translation>
    </message>
    <message>
        <source>%1: the folder does not exist or cannot be written</source>
        <translation>%1: Der Ordner existiert nicht oder ist nicht beschreibbar</translation>
    </message>
    <message>
        <source>Connected: %1</source>
        <translation>Verbunden: %1</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>$CONFORM_STORE, else captures.db in Conform&apos;s data folder</source>
        <translation>$CONFORM_STORE, sonst captures.db im Datenordner von Conform</translation>
    </message>
    <message>
        <source>A SQLite file, or postgresql://user@host:port/database for a shared store</source>
        <translation>Eine SQLite-Datei oder postgresql://benutzer@host:port/datenbank für einen gemeinsamen Speicher</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Capture store</source>
        <translation>Aufzeichnungsspeicher</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>SQLite stores (*.db *.sqlite);;All files (*)</source>
        <translation>SQLite-Speicher (*.db *.sqlite);;Alle Dateien (*)</translation>
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
