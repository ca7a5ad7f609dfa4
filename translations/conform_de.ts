<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ActivityWords</name>
    <message>
        <source>Design</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Captures</source>
        <translation>Aufzeichnungen</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Runs ×N</source>
        <translation>Läufe ×N</translation>
    </message>
    <message>
        <source>Suites</source>
        <translation>Suites</translation>
    </message>
    <message>
        <source>The schema, with an instance, a model&apos;s reply or a .jsonl file checked against it as you type</source>
        <translation>Das Schema, dazu eine Instanz, die Antwort eines Modells oder eine .jsonl-Datei, beim Tippen dagegen geprüft</translation>
    </message>
    <message>
        <source>Ask a model (or a demo scenario) for JSON and follow every attempt</source>
        <translation>Ein Modell (oder ein Demo-Szenario) nach JSON fragen und jeden Versuch verfolgen</translation>
    </message>
    <message>
        <source>Every run the workbench remembers: open one, replay it, re-validate history</source>
        <translation>Jeder Lauf, den die Werkbank sich merkt: einen öffnen, wiederholen, den Verlauf neu prüfen</translation>
    </message>
    <message>
        <source>Success rates over the captures the Captures filters select</source>
        <translation>Erfolgsquoten über die Aufzeichnungen, die die Filter unter „Aufzeichnungen“ wählen</translation>
    </message>
    <message>
        <source>The run repeated over several targets, with a live tally</source>
        <translation>Der Lauf, wiederholt gegen mehrere Ziele, mit laufender Zählung</translation>
    </message>
    <message>
        <source>Run a suite file&apos;s cases x repeats x targets and watch the table fill in</source>
        <translation>Fälle × Wiederholungen × Ziele einer Suite-Datei ausführen und der Tabelle beim Füllen zusehen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+1</source>
        <translation>Ctrl+Shift+1</translation>
    </message>
    <message>
        <source>Ctrl+Shift+2</source>
        <translation>Ctrl+Shift+2</translation>
    </message>
    <message>
        <source>Ctrl+Shift+3</source>
        <translation>Ctrl+Shift+3</translation>
    </message>
    <message>
        <source>Ctrl+Shift+4</source>
        <translation>Ctrl+Shift+4</translation>
    </message>
    <message>
        <source>Ctrl+Shift+5</source>
        <translation>Ctrl+Shift+5</translation>
    </message>
    <message>
        <source>Ctrl+Shift+6</source>
        <translation>Ctrl+Shift+6</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Is B better than A? Variants x targets x repeats, with intervals, significance and cost per valid result</source>
        <translation>Ist B besser als A? Varianten × Ziele × Wiederholungen, mit Intervallen, Signifikanz und Kosten je gültigem Ergebnis</translation>
    </message>
    <message>
        <source>Ctrl+Shift+7</source>
        <translation>Ctrl+Shift+7</translation>
    </message>
    <message>
        <source>Triage</source>
        <translation>Sichtung</translation>
    </message>
    <message>
        <source>Failures grouped by cause: review them with your team and turn one into a regression suite</source>
        <translation>Fehlschläge nach Ursache gruppiert: im Team prüfen und einen davon zur Regressions-Suite machen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+8</source>
        <translation>Ctrl+Shift+8</translation>
    </message>
</context>
<context>
    <name>AttemptWords</name>
    <message>
        <source>repair %1: the model was told the issues and asked again</source>
        <translation>Reparatur %1: dem Modell wurden die Fehler genannt, es wurde erneut gefragt</translation>
    </message>
    <message>
        <source>cut at max_tokens %1 → asked again with %2</source>
        <translation>bei max_tokens %1 abgeschnitten → erneut gefragt mit %2</translation>
    </message>
    <message>
        <source>the reply was cut → asked again with max_tokens %1</source>
        <translation>die Antwort wurde abgeschnitten → erneut gefragt mit max_tokens %1</translation>
    </message>
    <message>
        <source>cut at max_tokens %1 → continued from where it stopped</source>
        <translation>bei max_tokens %1 abgeschnitten → dort fortgesetzt, wo sie abbrach</translation>
    </message>
    <message>
        <source>the reply was cut → continued from where it stopped</source>
        <translation>die Antwort wurde abgeschnitten → dort fortgesetzt, wo sie abbrach</translation>
    </message>
    <message>
        <source>%1 mode gave no valid answer → fell back to %2 mode</source>
        <translation>Modus %1 ergab keine gültige Antwort → Ausweichen auf Modus %2</translation>
    </message>
    <message>
        <source>fell back to %1 mode</source>
        <translation>Ausweichen auf Modus %1</translation>
    </message>
    <message>
        <source>%1 (repair %2)</source>
        <translation>%1 (Reparatur %2)</translation>
    </message>
    <message>
        <source>%1 (asked again, %2 tokens)</source>
        <translation>%1 (erneut gefragt, %2 Tokens)</translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation>%1 (fortgesetzt)</translation>
    </message>
    <message>
        <source>%1 (fallback)</source>
        <translation>%1 (Ausweichmodus)</translation>
    </message>
    <message>
        <source>cut at max_tokens %1: the reply is incomplete and never taken as the answer</source>
        <translation>bei max_tokens %1 abgeschnitten: die Antwort ist unvollständig und wird nie als Ergebnis genommen</translation>
    </message>
    <message>
        <source>the reply was cut: incomplete, never taken as the answer</source>
        <translation>die Antwort wurde abgeschnitten: unvollständig, nie als Ergebnis genommen</translation>
    </message>
</context>
<context>
    <name>BeatWords</name>
    <message>
        <source>the reply broke off</source>
        <translation>die Antwort brach ab</translation>
    </message>
    <message>
        <source>the stream went quiet</source>
        <translation>der Stream verstummte</translation>
    </message>
    <message>
        <source>it timed out</source>
        <translation>die Zeit lief ab</translation>
    </message>
    <message>
        <source>no connection</source>
        <translation>keine Verbindung</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source>%1 is missing.</source>
        <translation>%1 fehlt.</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <source>Conform asks %1 for JSON, in %2 mode.</source>
        <translation>Conform fragt %1 nach JSON, im Modus %2.</translation>
    </message>
    <message>
        <source>Conform shows the model its issues and asks it to fix just those.</source>
        <translation>Conform zeigt dem Modell seine Fehler und bittet, genau diese zu beheben.</translation>
    </message>
    <message>
        <source>The reply was cut off, so Conform asks again with room for %1 tokens.</source>
        <translation>Die Antwort wurde abgeschnitten; Conform fragt erneut, mit Platz für %1 Tokens.</translation>
    </message>
    <message>
        <source>The reply was cut off, so Conform asks the model to go on from where it stopped.</source>
        <translation>Die Antwort wurde abgeschnitten; Conform bittet das Modell, dort weiterzumachen, wo es aufhörte.</translation>
    </message>
    <message>
        <source>Conform falls back to %1 mode.</source>
        <translation>Conform weicht auf den Modus %1 aus.</translation>
    </message>
    <message>
        <source>The call failed (%1); Conform waits and tries again.</source>
        <translation>Der Aufruf schlug fehl (%1); Conform wartet und versucht es erneut.</translation>
    </message>
    <message>
        <source>No answer arrived.</source>
        <translation>Keine Antwort kam an.</translation>
    </message>
    <message>
        <source>No answer arrived: %1.</source>
        <translation>Keine Antwort kam an: %1.</translation>
    </message>
    <message>
        <source>The reply stopped at the token limit; a cut reply is never taken as the answer.</source>
        <translation>Die Antwort endete am Token-Limit; eine abgeschnittene Antwort wird nie als Ergebnis genommen.</translation>
    </message>
    <message>
        <source>The model wrapped its JSON in a code fence; Conform takes the fenced block.</source>
        <translation>Das Modell hat sein JSON in einen Codeblock gepackt; Conform nimmt den Block.</translation>
    </message>
    <message>
        <source>The model wrapped its JSON in XML tags; Conform takes what is inside.</source>
        <translation>Das Modell hat sein JSON in XML-Tags gepackt; Conform nimmt, was darin steht.</translation>
    </message>
    <message>
        <source>The model answered with a function call; Conform takes its argument.</source>
        <translation>Das Modell antwortete mit einem Funktionsaufruf; Conform nimmt dessen Argument.</translation>
    </message>
    <message>
        <source>The JSON sits inside prose; Conform takes it out.</source>
        <translation>Das JSON steckt in Fließtext; Conform holt es heraus.</translation>
    </message>
    <message>
        <source>The JSON came as a string holding JSON; Conform reads the string.</source>
        <translation>Das JSON kam als Zeichenkette, die JSON enthält; Conform liest die Zeichenkette.</translation>
    </message>
    <message>
        <source>Conform reads the JSON from part of the reply (%1).</source>
        <translation>Conform liest das JSON aus einem Teil der Antwort (%1).</translation>
    </message>
    <message>
        <source>The JSON text is broken; Conform repairs it: %1.</source>
        <translation>Der JSON-Text ist kaputt; Conform repariert ihn: %1.</translation>
    </message>
    <message>
        <source>A value has the wrong type; Conform changes it at %1: %2.</source>
        <translation>Ein Wert hat den falschen Typ; Conform ändert ihn bei %1: %2.</translation>
    </message>
    <message>
        <source>The model refused.</source>
        <translation>Das Modell hat abgelehnt.</translation>
    </message>
    <message>
        <source>There is no JSON in the reply.</source>
        <translation>Die Antwort enthält kein JSON.</translation>
    </message>
    <message>
        <source>There is no JSON in the reply: %1.</source>
        <translation>Die Antwort enthält kein JSON: %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n issue(s) against the schema. First: %1</source>
        <translation>
            <numerusform>%n Fehler gegen das Schema: %1</numerusform>
            <numerusform>%n Fehler gegen das Schema. Zuerst: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more issue(s).</source>
        <translation>
            <numerusform>… und %n weiterer Fehler.</numerusform>
            <numerusform>… und %n weitere Fehler.</numerusform>
        </translation>
    </message>
    <message>
        <source>The value passes the schema.</source>
        <translation>Der Wert erfüllt das Schema.</translation>
    </message>
    <message>
        <source>A value, checked against no schema.</source>
        <translation>Ein Wert, gegen kein Schema geprüft.</translation>
    </message>
    <message>
        <source>Valid at the first try.</source>
        <translation>Gültig beim ersten Versuch.</translation>
    </message>
    <message numerus="yes">
        <source>Valid after %n repair(s).</source>
        <translation>
            <numerusform>Gültig nach %n Reparatur.</numerusform>
            <numerusform>Gültig nach %n Reparaturen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Valid after falling back to %1 mode.</source>
        <translation>Gültig nach dem Ausweichen auf den Modus %1.</translation>
    </message>
    <message numerus="yes">
        <source>Failed: no valid value after %n call(s).</source>
        <translation>
            <numerusform>Gescheitert: kein gültiger Wert nach %n Aufruf.</numerusform>
            <numerusform>Gescheitert: kein gültiger Wert nach %n Aufrufen.</numerusform>
        </translation>
    </message>
    <message>
        <source>It ended with a value no schema judged.</source>
        <translation>Es endete mit einem Wert, den kein Schema geprüft hat.</translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s)</source>
        <translation>
            <numerusform>%n Aufruf</numerusform>
            <numerusform>%n Aufrufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n repair(s)</source>
        <translation>
            <numerusform>%n Reparatur</numerusform>
            <numerusform>%n Reparaturen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out</source>
        <translation>%1 Tokens hinein, %2 heraus</translation>
    </message>
    <message>
        <source>%1 s of calls</source>
        <translation>%1 s Aufrufzeit</translation>
    </message>
    <message>
        <source>Without Conform: no reply to parse.</source>
        <translation>Ohne Conform: keine Antwort zum Parsen.</translation>
    </message>
    <message>
        <source>Without Conform: JSON.parse fails at %1.</source>
        <translation>Ohne Conform: JSON.parse scheitert bei %1.</translation>
    </message>
    <message numerus="yes">
        <source>Without Conform: JSON.parse succeeds, and the value breaks the schema (%n issue(s)).</source>
        <translation>
            <numerusform>Ohne Conform: JSON.parse gelingt, und der Wert verletzt das Schema (%n Fehler).</numerusform>
            <numerusform>Ohne Conform: JSON.parse gelingt, und der Wert verletzt das Schema (%n Fehler).</numerusform>
        </translation>
    </message>
    <message>
        <source>Without Conform: the same value, at the first try.</source>
        <translation>Ohne Conform: derselbe Wert, beim ersten Versuch.</translation>
    </message>
</context>
<context>
    <name>BuiltinDemos</name>
    <message>
        <source>Planning review structure call: overall_rating comes back as &quot;Amber&quot; where the enum says &quot;amber&quot;. Enum-case coercion fixes it (and logs it); without coercion it is an invalid_enum_value issue and a repair turn.</source>
        <translation>Aufruf zur Struktur einer Planungsbesprechung: overall_rating kommt als &quot;Amber&quot; zurück, wo die Aufzählung &quot;amber&quot; verlangt. Die Umwandlung der Groß-/Kleinschreibung behebt das (und protokolliert es); ohne Umwandlung ist es ein invalid_enum_value-Problem und eine Reparaturrunde.</translation>
    </message>
    <message>
        <source>Goal generator, Drama Detective&apos;s first agent: the model wraps a good answer in a sentence and a ```json fence. Extraction takes the fenced block; a strict client that parses the raw text fails.</source>
        <translation>Zielgenerator, der erste Agent von Drama Detective: das Modell verpackt eine gute Antwort in einen Satz und einen ```json-Block. Die Extraktion nimmt den Block; ein strenger Client, der den Rohtext parst, scheitert.</translation>
    </message>
    <message>
        <source>Question generator with the interviewee-context prompt: every attempt breaks the schema a different way (three answers, answers as strings, a missing target_goal). Under the default policy the first mode spends its two repairs, the next mode gets one call, and the budget of four calls (--max-calls) ends the run: failed, with the best attempt kept.</source>
        <translation>Fragengenerator mit dem Prompt zum Kontext der befragten Person: jeder Versuch verletzt das Schema anders (drei Antworten, Antworten als Zeichenketten, ein fehlendes target_goal). Nach der Standardrichtlinie verbraucht der erste Modus seine zwei Reparaturen, der nächste bekommt einen Aufruf, und das Budget von vier Aufrufen (--max-calls) beendet den Lauf: gescheitert, der beste Versuch bleibt erhalten.</translation>
    </message>
    <message>
        <source>Analysis report: the connection drops 400 bytes into the response body (mid-stream with --stream). The client sees a transport error and retries; the second try gets the whole report. One attempt, one transport retry, no repair.</source>
        <translation>Analysebericht: die Verbindung bricht nach 400 Bytes des Antwortkörpers ab (mitten im Stream mit --stream). Der Client sieht einen Transportfehler und versucht es erneut; der zweite Versuch bekommt den ganzen Bericht. Ein Versuch, eine Transport-Wiederholung, keine Reparatur.</translation>
    </message>
    <message>
        <source>Drift detector: the reply omits the required redirect_suggestion. Validation reports one invalid_type issue at /redirect_suggestion (Required); the repair turn gets the complete object.</source>
        <translation>Abschweifungsdetektor: der Antwort fehlt das verlangte redirect_suggestion. Die Validierung meldet ein invalid_type-Problem bei /redirect_suggestion (Required); die Reparaturrunde bekommt das vollständige Objekt.</translation>
    </message>
    <message>
        <source>Goal tracker under a rate limit: two 429 responses with retry-after-ms 250 (retry-after 1), then a valid answer. The default --retries 2 rides them out; the transport retries (two) are counted apart from validation repairs (none). With --retries 1 the second 429 ends the run as a transport error (exit code 3).</source>
        <translation>Zielverfolgung unter Ratenbegrenzung: zwei Antworten 429 mit retry-after-ms 250 (retry-after 1), dann eine gültige Antwort. Das voreingestellte --retries 2 übersteht sie; die Transport-Wiederholungen (zwei) werden getrennt von Validierungsreparaturen (keine) gezählt. Mit --retries 1 beendet die zweite 429 den Lauf als Transportfehler (Exit-Code 3).</translation>
    </message>
    <message>
        <source>The model declines (stop_reason refusal; OpenAI message.refusal). Nothing to extract: the outcome is failed with the refused flag, and repairing a refusal is pointless. Ollama&apos;s protocol has no refusal signal, so over it the refusal reads as prose and is repaired like any invalid reply.</source>
        <translation>Das Modell lehnt ab (stop_reason refusal; bei OpenAI message.refusal). Nichts zu extrahieren: das Ergebnis ist gescheitert mit dem Kennzeichen verweigert, und eine Ablehnung zu reparieren ist zwecklos. Ollamas Protokoll kennt kein Ablehnungssignal, dort liest sich die Ablehnung als Prosa und wird wie jede ungültige Antwort repariert.</translation>
    </message>
    <message>
        <source>A reply that starts, then goes silent for 20 seconds before finishing: exercises client read timeouts and the progress display. Under the default --stall-timeout 30 the reply completes after the pause and is valid first time; with --stall-timeout 10 the transport gives up on it and its retry is answered at once.</source>
        <translation>Eine Antwort, die beginnt und dann 20 Sekunden schweigt, bevor sie endet: prüft Lese-Zeitlimits von Clients und die Fortschrittsanzeige. Mit dem voreingestellten --stall-timeout 30 wird die Antwort nach der Pause fertig und ist beim ersten Versuch gültig; mit --stall-timeout 10 gibt der Transport sie auf, und seine Wiederholung wird sofort beantwortet.</translation>
    </message>
    <message>
        <source>The happy path in tool mode: the answer arrives as a tool call (Anthropic tool_use input, OpenAI function arguments, Ollama tool_calls) and validates first time.</source>
        <translation>Der Normalfall im Werkzeugmodus: die Antwort kommt als Werkzeugaufruf (Anthropic tool_use input, OpenAI function arguments, Ollama tool_calls) und ist beim ersten Versuch gültig.</translation>
    </message>
    <message>
        <source>Fact extractor: the reply is the right object with trailing commas after the last fact and the last property. The repairer removes them and logs each fix; strict JSON parsing fails.</source>
        <translation>Faktenextraktor: die Antwort ist das richtige Objekt, mit abschließenden Kommas nach der letzten Tatsache und der letzten Eigenschaft. Die Reparatur entfernt sie und protokolliert jede Korrektur; striktes JSON-Parsen scheitert.</translation>
    </message>
    <message>
        <source>WikiMind compilation: the article_body runs past max_tokens and the reply stops mid-string (stop_reason max_tokens). A cut reply is never taken as the answer and never repaired: the default run (strict mode first) asks again with max_tokens doubled and the second turn holds the whole article. In Anthropic&apos;s text and JSON modes the cut reply is prefilled instead and the rest of the article continues it.</source>
        <translation>WikiMind-Zusammenstellung: article_body überschreitet max_tokens, und die Antwort endet mitten in einer Zeichenkette (stop_reason max_tokens). Eine abgeschnittene Antwort wird nie als Antwort genommen und nie repariert: der Standardlauf (zuerst der strikte Modus) fragt mit verdoppeltem max_tokens neu, und die zweite Runde enthält den ganzen Artikel. In Anthropics Text- und JSON-Modus wird die abgeschnittene Antwort stattdessen vorgegeben, und der Rest des Artikels setzt sie fort.</translation>
    </message>
    <message>
        <source>SpeakMCP agent loop: instead of a native tool call the model writes its call as &lt;function_calls&gt;&lt;invoke&gt; XML in the text. Extraction unwraps the JSON inside the parameter, so the first reply validates; were a repair turn needed, its hints would ask to drop the XML wrapper and return pure JSON.</source>
        <translation>SpeakMCP-Agentenschleife: statt eines nativen Werkzeugaufrufs schreibt das Modell seinen Aufruf als &lt;function_calls&gt;&lt;invoke&gt;-XML in den Text. Die Extraktion packt das JSON im Parameter aus, sodass die erste Antwort gültig ist; bräuchte es eine Reparaturrunde, bäten ihre Hinweise darum, die XML-Hülle wegzulassen und reines JSON zu liefern.</translation>
    </message>
    <message>
        <source>The v1 drift-detector prompt, offline: in about 30% of runs (drawn from the seed) the model leaves out redirect_suggestion and never puts it back, repair turns or not, so the run fails; otherwise the first reply is valid. Compare it with drift-prompt-v2 to see a significant difference.</source>
        <translation>Der Prompt v1 des Abschweifungsdetektors, offline: in etwa 30 % der Läufe (aus dem Startwert gezogen) lässt das Modell redirect_suggestion weg und ergänzt es nie, ob mit Reparaturrunden oder ohne, sodass der Lauf scheitert; sonst ist die erste Antwort gültig. Mit drift-prompt-v2 verglichen zeigt sich ein signifikanter Unterschied.</translation>
    </message>
    <message>
        <source>The v2 drift-detector prompt, offline: it names every field, and the model leaves out redirect_suggestion in only about 5% of runs (drawn from the seed). Against drift-prompt-v1 the difference is significant within a hundred runs each.</source>
        <translation>Der Prompt v2 des Abschweifungsdetektors, offline: er nennt jedes Feld, und das Modell lässt redirect_suggestion nur in etwa 5 % der Läufe weg (aus dem Startwert gezogen). Gegenüber drift-prompt-v1 ist der Unterschied schon nach je hundert Läufen signifikant.</translation>
    </message>
    <message>
        <source>The v3 drift-detector prompt, offline: v2 reworded, with no effect; the model still leaves out redirect_suggestion in about 5% of runs (drawn from the seed). Against drift-prompt-v2 there is no detectable difference, however many runs.</source>
        <translation>Der Prompt v3 des Abschweifungsdetektors, offline: v2 umformuliert, ohne Wirkung; das Modell lässt redirect_suggestion weiterhin in etwa 5 % der Läufe weg (aus dem Startwert gezogen). Gegenüber drift-prompt-v2 ist kein Unterschied feststellbar, wie viele Läufe es auch sind.</translation>
    </message>
    <message>
        <source>Review structure call while the provider is overloaded: two 529 overloaded_error responses, then success. The default --retries 2 rides them out: two transport retries, no repair, a valid review. With retries off (--retries 0) the first 529 ends the run as a transport error, with no value (exit code 3); what takes over then is the application&apos;s own fallback, in the seed a Markdown-only review with every structured field null, not an outcome of Conform&apos;s.</source>
        <translation>Aufruf zur Besprechungsstruktur bei überlastetem Anbieter: zwei Antworten 529 overloaded_error, dann Erfolg. Das voreingestellte --retries 2 übersteht sie: zwei Transport-Wiederholungen, keine Reparatur, eine gültige Besprechung. Ohne Wiederholungen (--retries 0) beendet die erste 529 den Lauf als Transportfehler, ohne Wert (Exit-Code 3); dann übernimmt die eigene Ausweichlösung der Anwendung, in der Vorlage eine Besprechung nur als Markdown mit jedem strukturierten Feld null, kein Ergebnis von Conform.</translation>
    </message>
</context>
<context>
    <name>ClusterWords</name>
    <message>
        <source>the value</source>
        <translation>der Wert</translation>
    </message>
    <message>
        <source>the reply holds no JSON value</source>
        <translation>die Antwort enthält keinen JSON-Wert</translation>
    </message>
    <message>
        <source>no call was made</source>
        <translation>es wurde kein Aufruf gemacht</translation>
    </message>
    <message>
        <source>the request was refused (HTTP %1)</source>
        <translation>die Anfrage wurde abgelehnt (HTTP %1)</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>%1 fehlt</translation>
    </message>
    <message>
        <source>%1 has keys the schema does not allow</source>
        <translation>%1 hat Schlüssel, die das Schema nicht erlaubt</translation>
    </message>
    <message>
        <source>%1 is not one of the allowed values</source>
        <translation>%1 ist keiner der erlaubten Werte</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>the reply was cut at the token limit</source>
        <translation>die Antwort wurde am Token-Limit abgeschnitten</translation>
    </message>
    <message>
        <source>the model refused</source>
        <translation>das Modell hat abgelehnt</translation>
    </message>
    <message>
        <source>no reply arrived (transport error)</source>
        <translation>keine Antwort kam an (Übertragungsfehler)</translation>
    </message>
    <message>
        <source>the run was cancelled</source>
        <translation>der Lauf wurde abgebrochen</translation>
    </message>
    <message>
        <source>no finding recorded</source>
        <translation>kein Befund aufgezeichnet</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 und %n weiterer</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>yesterday</source>
        <translation>gestern</translation>
    </message>
    <message numerus="yes">
        <source>%n capture(s) since %1</source>
        <translation>
            <numerusform>%n Aufzeichnung seit %1</numerusform>
            <numerusform>%n Aufzeichnungen seit %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n schema version(s)</source>
        <translation>
            <numerusform>%n Schema-Version</numerusform>
            <numerusform>%n Schema-Versionen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n other model(s)</source>
        <translation>
            <numerusform>%1 und %n weiteres Modell</numerusform>
            <numerusform>%1 und %n weitere Modelle</numerusform>
        </translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>confirmed</source>
        <translation>bestätigt</translation>
    </message>
    <message>
        <source>expected</source>
        <translation>erwartet</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>behoben</translation>
    </message>
    <message>
        <source>ignored</source>
        <translation>ignoriert</translation>
    </message>
    <message>
        <source>regressed</source>
        <translation>wieder aufgetreten</translation>
    </message>
    <message>
        <source>Nobody has looked at it yet</source>
        <translation>Noch niemand hat es angesehen</translation>
    </message>
    <message>
        <source>A real failure someone has to fix</source>
        <translation>Ein echter Fehler, den jemand beheben muss</translation>
    </message>
    <message>
        <source>Fails as it should (a test of a failure, a bad input)</source>
        <translation>Schlägt fehl, wie es soll (ein Test eines Fehlers, eine schlechte Eingabe)</translation>
    </message>
    <message>
        <source>A fix is in: a capture newer than the fix reopens it as regressed</source>
        <translation>Eine Korrektur ist drin: eine Aufzeichnung, jünger als die Korrektur, öffnet es wieder als „wieder aufgetreten“</translation>
    </message>
    <message>
        <source>Not worth a fix</source>
        <translation>Keine Korrektur wert</translation>
    </message>
    <message>
        <source>Marked fixed, and a capture newer than the fix has this cause again</source>
        <translation>Als behoben markiert, und eine Aufzeichnung, jünger als die Korrektur, hat wieder diese Ursache</translation>
    </message>
    <message numerus="yes">
        <source>%n capture(s) today</source>
        <translation>
            <numerusform>%n Aufzeichnung heute</numerusform>
            <numerusform>%n Aufzeichnungen heute</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FixWords</name>
    <message>
        <source>removed trailing comma</source>
        <translation>abschließendes Komma entfernt</translation>
    </message>
    <message>
        <source>removed extra comma</source>
        <translation>überzähliges Komma entfernt</translation>
    </message>
    <message>
        <source>removed comment</source>
        <translation>Kommentar entfernt</translation>
    </message>
    <message>
        <source>removed byte-order mark</source>
        <translation>Byte-Order-Mark entfernt</translation>
    </message>
    <message>
        <source>removed stray bracket</source>
        <translation>überzählige Klammer entfernt</translation>
    </message>
    <message>
        <source>removed stray character</source>
        <translation>überzähliges Zeichen entfernt</translation>
    </message>
    <message>
        <source>removed key without a value</source>
        <translation>Schlüssel ohne Wert entfernt</translation>
    </message>
    <message>
        <source>removed control character</source>
        <translation>Steuerzeichen entfernt</translation>
    </message>
    <message>
        <source>added missing comma</source>
        <translation>fehlendes Komma ergänzt</translation>
    </message>
    <message>
        <source>added missing colon</source>
        <translation>fehlenden Doppelpunkt ergänzt</translation>
    </message>
    <message>
        <source>closed unclosed bracket</source>
        <translation>offene Klammer geschlossen</translation>
    </message>
    <message>
        <source>added missing quote</source>
        <translation>fehlendes Anführungszeichen ergänzt</translation>
    </message>
    <message>
        <source>added missing value</source>
        <translation>fehlenden Wert ergänzt</translation>
    </message>
    <message>
        <source>closed cut-off string</source>
        <translation>abgeschnittene Zeichenkette geschlossen</translation>
    </message>
    <message>
        <source>guess: closed a string where the next item seems to start</source>
        <translation>geraten: Zeichenkette dort geschlossen, wo das nächste Element zu beginnen scheint</translation>
    </message>
    <message>
        <source>number too large for a double → null</source>
        <translation>Zahl zu groß für ein double → null</translation>
    </message>
    <message>
        <source>repeated key: the last value is kept, as JSON.parse keeps it</source>
        <translation>wiederholter Schlüssel: der letzte Wert gilt, wie bei JSON.parse</translation>
    </message>
    <message>
        <source>single quotes → double quotes</source>
        <translation>einfache Anführungszeichen → doppelte</translation>
    </message>
    <message>
        <source>typographic quotes → straight quotes</source>
        <translation>typografische Anführungszeichen → gerade</translation>
    </message>
    <message>
        <source>backtick or accent quotes → double quotes</source>
        <translation>Backtick- oder Akzent-Anführungszeichen → doppelte</translation>
    </message>
    <message>
        <source>quoted a bare key</source>
        <translation>Schlüssel ohne Anführungszeichen eingefasst</translation>
    </message>
    <message>
        <source>quoted a bare string</source>
        <translation>Zeichenkette ohne Anführungszeichen eingefasst</translation>
    </message>
    <message>
        <source>Python literal → JSON literal</source>
        <translation>Python-Literal → JSON-Literal</translation>
    </message>
    <message>
        <source>invalid literal → JSON literal</source>
        <translation>ungültiges Literal → JSON-Literal</translation>
    </message>
    <message>
        <source>completed cut-off literal</source>
        <translation>abgeschnittenes Literal vervollständigt</translation>
    </message>
    <message>
        <source>completed cut-off number</source>
        <translation>abgeschnittene Zahl vervollständigt</translation>
    </message>
    <message>
        <source>invalid number → JSON number</source>
        <translation>ungültige Zahl → JSON-Zahl</translation>
    </message>
    <message>
        <source>invalid escape → valid escape</source>
        <translation>ungültige Escape-Sequenz → gültige</translation>
    </message>
    <message>
        <source>invalid UTF-8 byte → replacement character</source>
        <translation>ungültiges UTF-8-Byte → Ersatzzeichen</translation>
    </message>
    <message>
        <source>escaped a quote inside a string</source>
        <translation>Anführungszeichen in einer Zeichenkette maskiert</translation>
    </message>
    <message>
        <source>unescaped an escaped top-level string</source>
        <translation>maskierte Zeichenkette auf oberster Ebene entmaskiert</translation>
    </message>
    <message>
        <source>joined &quot;a&quot; + &quot;b&quot; into one string</source>
        <translation>&quot;a&quot; + &quot;b&quot; zu einer Zeichenkette verbunden</translation>
    </message>
    <message>
        <source>unwrapped a Mongo-style wrapper</source>
        <translation>Mongo-Hülle entfernt</translation>
    </message>
    <message>
        <source>Unicode space → plain space</source>
        <translation>Unicode-Leerzeichen → einfaches Leerzeichen</translation>
    </message>
    <message>
        <source>placeholder &quot;...&quot; → null</source>
        <translation>Platzhalter &quot;...&quot; → null</translation>
    </message>
    <message>
        <source>line ending inside a string escaped</source>
        <translation>Zeilenende in einer Zeichenkette maskiert</translation>
    </message>
    <message>
        <source>decoded JSON sent as a string</source>
        <translation>als Zeichenkette gesendetes JSON dekodiert</translation>
    </message>
    <message>
        <source>ambiguous: an item may be lost here</source>
        <translation>mehrdeutig: hier kann ein Element verloren gehen</translation>
    </message>
    <message>
        <source>; the text around it dropped</source>
        <translation>; der Text darum herum verworfen</translation>
    </message>
    <message>
        <source>took the %1 fence at line %2%3</source>
        <translation>den %1-Block in Zeile %2 genommen%3</translation>
    </message>
    <message>
        <source>took the %1 element at line %2%3</source>
        <translation>das Element %1 in Zeile %2 genommen%3</translation>
    </message>
    <message>
        <source>unwrapped the &lt;function_calls&gt; call at line %1%2</source>
        <translation>den &lt;function_calls&gt;-Aufruf in Zeile %1 ausgepackt%2</translation>
    </message>
    <message>
        <source>took the JSON at line %1 out of the prose around it</source>
        <translation>das JSON in Zeile %1 aus dem umgebenden Text genommen</translation>
    </message>
    <message>
        <source>decoded the JSON written inside a string%1</source>
        <translation>das als Zeichenkette geschriebene JSON dekodiert%1</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 bei %2</translation>
    </message>
    <message>
        <source>coerced: matched the enum&apos;s letter case</source>
        <translation>umgewandelt: Groß-/Kleinschreibung an die Aufzählung angepasst</translation>
    </message>
    <message>
        <source>coerced: read a yes/no word as a boolean</source>
        <translation>umgewandelt: Ja/Nein-Wort als Wahrheitswert gelesen</translation>
    </message>
    <message>
        <source>coerced: read a numeric string as a number</source>
        <translation>umgewandelt: Zahl in Anführungszeichen als Zahl gelesen</translation>
    </message>
    <message>
        <source>coerced: wrapped a single value in an array</source>
        <translation>umgewandelt: einzelnen Wert in ein Array gepackt</translation>
    </message>
    <message>
        <source>coerced: %1</source>
        <translation>umgewandelt: %1</translation>
    </message>
</context>
<context>
    <name>IssueExport</name>
    <message>
        <source>Export Issues</source>
        <translation>Probleme exportieren</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>%1 — exported to %2</source>
        <translation>%1 — exportiert nach %2</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>OutcomeWords</name>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>repaired</source>
        <translation>repariert</translation>
    </message>
    <message>
        <source>fallback</source>
        <translation>Ausweichlösung</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>gescheitert</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>abgeschnitten</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>verweigert</translation>
    </message>
    <message>
        <source>transport error</source>
        <translation>Transportfehler</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>not enforced</source>
        <translation>nicht erzwungen</translation>
    </message>
    <message>
        <source>unchecked</source>
        <translation>ungeprüft</translation>
    </message>
    <message>
        <source>token counts unknown</source>
        <translation>Tokenzahlen unbekannt</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>final success</source>
        <translation>endgültiger Erfolg</translation>
    </message>
    <message>
        <source>first-try valid</source>
        <translation>beim ersten Versuch gültig</translation>
    </message>
    <message>
        <source>parse</source>
        <translation>lesbar</translation>
    </message>
    <message>
        <source>time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <source>% of runs</source>
        <translation>% der Läufe</translation>
    </message>
    <message>
        <source>target %1%</source>
        <translation>Ziel %1%</translation>
    </message>
    <message>
        <source>valid, no repair</source>
        <translation>gültig, ohne Reparatur</translation>
    </message>
    <message>
        <source>valid after repair</source>
        <translation>gültig nach Reparatur</translation>
    </message>
    <message>
        <source>fallback</source>
        <translation>Ausweichmodus</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>gescheitert</translation>
    </message>
    <message>
        <source>meets the target</source>
        <translation>erreicht das Ziel</translation>
    </message>
    <message>
        <source>misses the target</source>
        <translation>verfehlt das Ziel</translation>
    </message>
    <message>
        <source>target %1</source>
        <translation>Ziel %1</translation>
    </message>
    <message>
        <source>Success over time</source>
        <translation>Erfolg im Zeitverlauf</translation>
    </message>
    <message>
        <source>Mean repairs</source>
        <translation>Reparaturen im Mittel</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>repairs per run</source>
        <translation>Reparaturen je Lauf</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>abgeschnitten</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>verweigert</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Final success</source>
        <translation>Endgültiger Erfolg</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>Ausweichmodus</translation>
    </message>
    <message>
        <source>Truncation and refusal</source>
        <translation>Abbruch und Verweigerung</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95-%-Intervall</translation>
    </message>
    <message>
        <source>Outcome mix</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>prompt %1</source>
        <translation>Prompt %1</translation>
    </message>
    <message>
        <source>schema %1</source>
        <translation>Schema %1</translation>
    </message>
    <message>
        <source>$ per valid result</source>
        <translation>$ je gültigem Ergebnis</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>kein Preis</translation>
    </message>
    <message>
        <source>US dollars per valid result</source>
        <translation>US-Dollar je gültigem Ergebnis</translation>
    </message>
    <message>
        <source>Cost per valid result</source>
        <translation>Kosten je gültigem Ergebnis</translation>
    </message>
</context>
<context>
    <name>TextFile</name>
    <message>
        <source>%1 MB is more than the editor opens (%2 MB); check it with conform-cli validate</source>
        <translation>%1 MB ist mehr, als der Editor öffnet (%2 MB); prüfen Sie die Datei mit conform-cli validate</translation>
    </message>
    <message>
        <source>not a text file (it contains NUL bytes)</source>
        <translation>keine Textdatei (sie enthält NUL-Bytes)</translation>
    </message>
    <message>
        <source>not a text file (it is not UTF-8)</source>
        <translation>keine Textdatei (sie ist nicht UTF-8)</translation>
    </message>
</context>
<context>
    <name>TransportWords</name>
    <message>
        <source>connection dropped after %1 bytes</source>
        <translation>Verbindung nach %1 Bytes abgebrochen</translation>
    </message>
    <message>
        <source>the reply stalled (no bytes for %1 s)</source>
        <translation>die Antwort stockte (%1 s lang keine Bytes)</translation>
    </message>
    <message>
        <source>no complete reply within %1 s</source>
        <translation>keine vollständige Antwort innerhalb von %1 s</translation>
    </message>
    <message>
        <source>rate limited (429)</source>
        <translation>Ratenlimit erreicht (429)</translation>
    </message>
    <message>
        <source>provider overloaded (529)</source>
        <translation>Anbieter überlastet (529)</translation>
    </message>
    <message>
        <source>request timed out at the server (408)</source>
        <translation>Zeitüberschreitung beim Server (408)</translation>
    </message>
    <message>
        <source>server error (%1)</source>
        <translation>Serverfehler (%1)</translation>
    </message>
    <message>
        <source>connection error</source>
        <translation>Verbindungsfehler</translation>
    </message>
    <message>
        <source>retried after %1 ms, as the server asked</source>
        <translation>nach %1 ms wiederholt, wie vom Server verlangt</translation>
    </message>
    <message>
        <source>retried after %1 ms</source>
        <translation>nach %1 ms wiederholt</translation>
    </message>
    <message>
        <source>%1; %2 — retry %3 of %4 allowed</source>
        <translation>%1; %2 — Wiederholung %3 von %4 erlaubten</translation>
    </message>
    <message>
        <source>host not found: %1 — check the base URL or your network</source>
        <translation>Host nicht gefunden: %1 — prüfen Sie die Basis-URL oder Ihr Netzwerk</translation>
    </message>
    <message>
        <source>connection refused — is the server running at the base URL? (%1)</source>
        <translation>Verbindung abgelehnt — läuft der Server unter der Basis-URL? (%1)</translation>
    </message>
    <message>
        <source>the provider refused the API key (%1) — check the key in the environment or the keychain: %2</source>
        <translation>der Anbieter hat den API-Schlüssel abgelehnt (%1) — prüfen Sie den Schlüssel in der Umgebung oder im Schlüsselbund: %2</translation>
    </message>
    <message>
        <source>not found (404) — check the model name and the base URL: %1</source>
        <translation>nicht gefunden (404) — prüfen Sie den Modellnamen und die Basis-URL: %1</translation>
    </message>
    <message>
        <source>rate limited (429) and out of retries — wait, or allow more retries: %1</source>
        <translation>Ratenlimit erreicht (429), keine Wiederholungen mehr — warten Sie oder erlauben Sie mehr Wiederholungen: %1</translation>
    </message>
    <message>
        <source>%1 — out of transport retries; allow more or try again later</source>
        <translation>%1 — keine Transport-Wiederholungen mehr; erlauben Sie mehr oder versuchen Sie es später</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
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
    <name>conform::gui::AttemptView</name>
    <message>
        <source>Raw reply</source>
        <translation>Rohe Antwort</translation>
    </message>
    <message>
        <source>The issues of the selected attempt, and the coercions made to its value</source>
        <translation>Die Probleme des gewählten Versuchs und die Umwandlungen seines Werts</translation>
    </message>
    <message>
        <source>What the model was told in this attempt: the prompt, or the repair message</source>
        <translation>Was dem Modell in diesem Versuch gesagt wurde: der Prompt oder die Reparaturnachricht</translation>
    </message>
    <message>
        <source>Retries and errors on the wire, apart from repairs</source>
        <translation>Wiederholungen und Fehler bei der Übertragung, getrennt von Reparaturen</translation>
    </message>
    <message>
        <source>Issues</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Fixes</source>
        <translation>Korrekturen</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Gesendet</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Übertragung</translation>
    </message>
    <message>
        <source>attempt %1</source>
        <translation>Versuch %1</translation>
    </message>
    <message>
        <source>Fixes (%1)</source>
        <translation>Korrekturen (%1)</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
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
    <message>
        <source>Issues (%1)</source>
        <translation>Probleme (%1)</translation>
    </message>
    <message>
        <source>The repair message sent (repair %1):</source>
        <translation>Die gesendete Reparaturnachricht (Reparatur %1):</translation>
    </message>
    <message>
        <source>The prompt sent:</source>
        <translation>Der gesendete Prompt:</translation>
    </message>
    <message>
        <source>Repair message</source>
        <translation>Reparaturnachricht</translation>
    </message>
    <message>
        <source>no retries: the first try was answered</source>
        <translation>keine Wiederholungen: der erste Versuch wurde beantwortet</translation>
    </message>
    <message>
        <source>Transport (%1)</source>
        <translation>Übertragung (%1)</translation>
    </message>
    <message>
        <source>checked when the reply is complete</source>
        <translation>wird geprüft, sobald die Antwort vollständig ist</translation>
    </message>
    <message>
        <source>attempt %1 · %2</source>
        <translation>Versuch %1 · %2</translation>
    </message>
    <message>
        <source>the model refused</source>
        <translation>das Modell hat abgelehnt</translation>
    </message>
    <message>
        <source>Asked again: %1.</source>
        <translation>Erneut gefragt: %1.</translation>
    </message>
</context>
<context>
    <name>conform::gui::BatchPanel</name>
    <message>
        <source>Run ×N</source>
        <translation>×N ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Runs per target</source>
        <translation>Läufe je Ziel</translation>
    </message>
    <message>
        <source>Runs in flight at most</source>
        <translation>Höchstens so viele Läufe gleichzeitig</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Return</source>
        <translation>Ctrl+Shift+Return</translation>
    </message>
    <message>
        <source>Run the Run tab&apos;s spec N times against every ticked target (%1)</source>
        <translation>Die Vorgabe aus „Ausführen“ N-mal gegen jedes angehakte Ziel ausführen (%1)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Backspace</source>
        <translation>Ctrl+Shift+Backspace</translation>
    </message>
    <message>
        <source>At once</source>
        <translation>Gleichzeitig</translation>
    </message>
    <message>
        <source>Targets to run against</source>
        <translation>Ziele, gegen die ausgeführt wird</translation>
    </message>
    <message>
        <source>Tick targets, pick N, Run.</source>
        <translation>Ziele anhaken, N wählen, ausführen.</translation>
    </message>
    <message>
        <source>Run tab target</source>
        <translation>Ziel aus „Ausführen“</translation>
    </message>
    <message>
        <source>the Run tab has no target</source>
        <translation>„Ausführen“ hat kein Ziel</translation>
    </message>
    <message>
        <source>tick at least one target</source>
        <translation>mindestens ein Ziel anhaken</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>error: the schema editor is empty</source>
        <translation>Fehler: der Schema-Editor ist leer</translation>
    </message>
    <message>
        <source>compiling the schema…</source>
        <translation>Schema wird kompiliert…</translation>
    </message>
    <message>
        <source>error: schema: %1</source>
        <translation>Fehler: Schema: %1</translation>
    </message>
    <message>
        <source>%1 / %2 runs · final success %3</source>
        <translation>%1 / %2 Läufe · endgültiger Erfolg %3</translation>
    </message>
    <message>
        <source> · cancelled</source>
        <translation> · abgebrochen</translation>
    </message>
    <message>
        <source> · done</source>
        <translation> · fertig</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Double-click a row for its runs in Captures</source>
        <translation>Doppelklick auf eine Zeile zeigt ihre Läufe unter Aufzeichnungen</translation>
    </message>
</context>
<context>
    <name>conform::gui::BatchTallyModel</name>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Repaired</source>
        <translation>Repariert</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Gescheitert</translation>
    </message>
    <message>
        <source>Truncated</source>
        <translation>Abgeschnitten</translation>
    </message>
    <message>
        <source>Final success</source>
        <translation>Endgültiger Erfolg</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(ohne Titel)</translation>
    </message>
    <message>
        <source>This demo was written for this schema, so it runs with this schema and its own prompt, not the Run tab&apos;s</source>
        <translation>Diese Demo wurde für dieses Schema geschrieben; sie läuft daher mit diesem Schema und ihrem eigenen Prompt, nicht mit dem des Run-Tabs</translation>
    </message>
    <message>
        <source>demo&apos;s own: %1, its prompt</source>
        <translation>eigenes der Demo: %1, ihr Prompt</translation>
    </message>
    <message>
        <source>%1, the Run tab&apos;s prompt</source>
        <translation>%1, Prompt des Run-Tabs</translation>
    </message>
    <message>
        <source>Schema and prompt</source>
        <translation>Schema und Prompt</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>repaired</source>
        <translation>repariert</translation>
    </message>
    <message>
        <source>fallback</source>
        <translation>Ausweichmodus</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>not run yet</source>
        <translation>noch nicht gelaufen</translation>
    </message>
    <message>
        <source>The Run tab&apos;s schema and prompt</source>
        <translation>Schema und Prompt des Run-Tabs</translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out</source>
        <translation>%1 Tokens hinein, %2 heraus</translation>
    </message>
    <message>
        <source>Double-click: this target&apos;s runs in Captures</source>
        <translation>Doppelklick: die Läufe dieses Ziels unter Aufzeichnungen</translation>
    </message>
    <message>
        <source>First-try
valid</source>
        <translation>Beim ersten
Versuch gültig</translation>
    </message>
    <message>
        <source>Mean
repairs</source>
        <translation>Reparaturen
im Mittel</translation>
    </message>
    <message>
        <source>p50
latency</source>
        <translation>Latenz
p50</translation>
    </message>
    <message>
        <source>Tokens
in / out</source>
        <translation>Tokens
hinein / heraus</translation>
    </message>
</context>
<context>
    <name>conform::gui::CaptureContextMenu</name>
    <message numerus="yes">
        <source>Review %n capture(s) as</source>
        <translation>
            <numerusform>%n Aufzeichnung prüfen als</numerusform>
            <numerusform>%n Aufzeichnungen prüfen als</numerusform>
        </translation>
    </message>
    <message>
        <source>Label…</source>
        <translation>Labels…</translation>
    </message>
    <message>
        <source>Add to regression suite…</source>
        <translation>Zur Regressions-Suite hinzufügen…</translation>
    </message>
    <message>
        <source>Open its cluster in Triage</source>
        <translation>Ihre Gruppe in der Sichtung öffnen</translation>
    </message>
    <message>
        <source>Valid and unchecked captures have no failure cluster</source>
        <translation>Gültige und ungeprüfte Aufzeichnungen haben keine Fehlergruppe</translation>
    </message>
    <message numerus="yes">
        <source>Copy %n id(s)</source>
        <translation>
            <numerusform>%n ID kopieren</numerusform>
            <numerusform>%n IDs kopieren</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n capture(s) reviewed as %1</source>
        <translation>
            <numerusform>%n Aufzeichnung geprüft als %1</numerusform>
            <numerusform>%n Aufzeichnungen geprüft als %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Label Captures</source>
        <translation>Aufzeichnungen beschriften</translation>
    </message>
    <message>
        <source>Labels to set (key=value) and to remove (-key), separated by spaces:</source>
        <translation>Zu setzende Labels (Schlüssel=Wert) und zu entfernende (-Schlüssel), durch Leerzeichen getrennt:</translation>
    </message>
    <message numerus="yes">
        <source>%n capture(s) labelled</source>
        <translation>
            <numerusform>%n Aufzeichnung beschriftet</numerusform>
            <numerusform>%n Aufzeichnungen beschriftet</numerusform>
        </translation>
    </message>
    <message>
        <source>Add to Regression Suite</source>
        <translation>Zur Regressions-Suite hinzufügen</translation>
    </message>
    <message>
        <source>Suite files (*.suite.json);;JSON files (*.json)</source>
        <translation>Suite-Dateien (*.suite.json);;JSON-Dateien (*.json)</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n case(s)</source>
        <translation>
            <numerusform>%1 enthält %n Fall</numerusform>
            <numerusform>%1 enthält %n Fälle</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>copied %n id(s)</source>
        <translation>
            <numerusform>%n ID kopiert</numerusform>
            <numerusform>%n IDs kopiert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::CaptureFilterBar</name>
    <message>
        <source>any outcome</source>
        <translation>jedes Ergebnis</translation>
    </message>
    <message>
        <source>any flag</source>
        <translation>jedes Kennzeichen</translation>
    </message>
    <message>
        <source>Outcome (--outcome)</source>
        <translation>Ergebnis (--outcome)</translation>
    </message>
    <message>
        <source>Flag (--flag)</source>
        <translation>Kennzeichen (--flag)</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>schema version</source>
        <translation>Schema-Version</translation>
    </message>
    <message>
        <source>prompt version</source>
        <translation>Prompt-Version</translation>
    </message>
    <message>
        <source>since (ISO 8601)</source>
        <translation>seit (ISO 8601)</translation>
    </message>
    <message>
        <source>until</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>text in the reply</source>
        <translation>Text in der Antwort</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>suites</source>
        <translation>Suites</translation>
    </message>
    <message>
        <source>proxy</source>
        <translation>Proxy</translation>
    </message>
    <message>
        <source>OpenTelemetry</source>
        <translation>OpenTelemetry</translation>
    </message>
    <message>
        <source>batch files</source>
        <translation>Batch-Dateien</translation>
    </message>
    <message>
        <source>any source</source>
        <translation>jede Quelle</translation>
    </message>
    <message>
        <source>Where the capture came from (--source)</source>
        <translation>Woher die Aufzeichnung stammt (--source)</translation>
    </message>
    <message>
        <source>labels (key=value …)</source>
        <translation>Labels (Schlüssel=Wert …)</translation>
    </message>
    <message>
        <source>outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>flag</source>
        <translation>Kennzeichen</translation>
    </message>
    <message>
        <source>source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>failure cluster</source>
        <translation>Fehlergruppe</translation>
    </message>
</context>
<context>
    <name>conform::gui::CaptureImport</name>
    <message>
        <source>Import Captures</source>
        <translation>Aufzeichnungen importieren</translation>
    </message>
    <message>
        <source>Importing… %1 of %2 MB read</source>
        <translation>Import läuft… %1 von %2 MB gelesen</translation>
    </message>
    <message>
        <source>Captures, OpenTelemetry and batch files (*.jsonl *.json *.ndjson);;All files (*)</source>
        <translation>Aufzeichnungen, OpenTelemetry- und Batch-Dateien (*.jsonl *.json *.ndjson);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The batch&apos;s input file (Cancel: none)</source>
        <translation>Die Eingabedatei des Batches (Abbrechen: keine)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>%1 already there</source>
        <translation>%1 schon vorhanden</translation>
    </message>
    <message>
        <source>%1 unchecked: no schema</source>
        <translation>%1 ungeprüft: kein Schema</translation>
    </message>
    <message>
        <source>%1 span(s) not GenAI skipped</source>
        <translation>%1 Span(s) ohne GenAI übersprungen</translation>
    </message>
    <message>
        <source>%1 problem(s)</source>
        <translation>%1 Problem(e)</translation>
    </message>
    <message>
        <source>Imported %1 capture(s) from %2 %3 file(s) into %4 (%5).</source>
        <translation>%1 Aufzeichnung(en) aus %2 %3-Datei(en) nach %4 importiert (%5).</translation>
    </message>
    <message>
        <source>Cancelled. %1</source>
        <translation>Abgebrochen. %1</translation>
    </message>
    <message>
        <source>Stopped: %1. %2</source>
        <translation>Angehalten: %1. %2</translation>
    </message>
    <message>
        <source>%1 GenAI event(s) named a span that is in no file; left out.</source>
        <translation>%1 GenAI-Ereignis(se) nennen einen Span, der in keiner Datei steht; ausgelassen.</translation>
    </message>
</context>
<context>
    <name>conform::gui::CapturePageModel</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>Kennzeichen</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Schema</source>
        <translation>Schema</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Repairs</source>
        <translation>Reparaturen</translation>
    </message>
    <message>
        <source>Latency (ms)</source>
        <translation>Latenz (ms)</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>First finding</source>
        <translation>Erster Befund</translation>
    </message>
</context>
<context>
    <name>conform::gui::CaptureView</name>
    <message>
        <source>The selected attempt&apos;s issues: click one to see its span and its schema keyword</source>
        <translation>Die Fehler des gewählten Versuchs: ein Klick zeigt die Stelle und das Schlüsselwort im Schema</translation>
    </message>
    <message>
        <source>Raw reply</source>
        <translation>Rohe Antwort</translation>
    </message>
    <message>
        <source>Fixes &amp;&amp; coercions</source>
        <translation>Korrekturen &amp;&amp; Umwandlungen</translation>
    </message>
    <message>
        <source>Request sent</source>
        <translation>Gesendete Anfrage</translation>
    </message>
    <message>
        <source>Final value</source>
        <translation>Endgültiger Wert</translation>
    </message>
    <message>
        <source>Schema</source>
        <translation>Schema</translation>
    </message>
    <message>
        <source>No capture open</source>
        <translation>Keine Aufzeichnung geöffnet</translation>
    </message>
    <message>
        <source>loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
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
    <message>
        <source>no fixes, no coercions</source>
        <translation>keine Korrekturen, keine Umwandlungen</translation>
    </message>
    <message>
        <source>Copy trace id</source>
        <translation>Trace-ID kopieren</translation>
    </message>
    <message>
        <source>%1 · %2 · from %14 · %3/%4 %5 · schema %6 · prompt %7 · %8 attempts, %9 repairs · %10 ms · %11 in / %12 out%13</source>
        <translation>%1 · %2 · aus %14 · %3/%4 %5 · Schema %6 · Prompt %7 · %8 Versuche, %9 Reparaturen · %10 ms · %11 ein / %12 aus%13</translation>
    </message>
    <message>
        <source>Copy %1 to the clipboard</source>
        <translation>%1 in die Zwischenablage kopieren</translation>
    </message>
</context>
<context>
    <name>conform::gui::CaptureViews</name>
    <message>
        <source>Store in use: %1</source>
        <translation>Speicher in Gebrauch: %1</translation>
    </message>
</context>
<context>
    <name>conform::gui::CapturesBrowser</name>
    <message>
        <source>Capture</source>
        <translation>Aufzeichnung</translation>
    </message>
    <message>
        <source>Re-validate history</source>
        <translation>Verlauf neu prüfen</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>against the recorded responses</source>
        <translation>gegen die aufgezeichneten Antworten</translation>
    </message>
    <message>
        <source>against the Run tab&apos;s target</source>
        <translation>gegen das Ziel aus „Ausführen“</translation>
    </message>
    <message>
        <source>Export JSONL…</source>
        <translation>Als JSONL exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export Captures</source>
        <translation>Aufzeichnungen exportieren</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Copy as command</source>
        <translation>Als Befehl kopieren</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>wird gelesen…</translation>
    </message>
    <message>
        <source>%1 shown%2</source>
        <translation>%1 angezeigt%2</translation>
    </message>
    <message>
        <source>, more as you scroll</source>
        <translation>, weitere beim Blättern</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>replayed %1: %2 → capture %3</source>
        <translation>%1 wiederholt: %2 → Aufzeichnung %3</translation>
    </message>
    <message>
        <source>replaying %1…</source>
        <translation>%1 wird wiederholt…</translation>
    </message>
    <message>
        <source>select the captures to export</source>
        <translation>die zu exportierenden Aufzeichnungen auswählen</translation>
    </message>
    <message>
        <source>exporting %1 captures…</source>
        <translation>%1 Aufzeichnungen werden exportiert…</translation>
    </message>
    <message>
        <source>exported %1 captures to %2</source>
        <translation>%1 Aufzeichnungen nach %2 exportiert</translation>
    </message>
    <message>
        <source>copied the conform-cli command</source>
        <translation>conform-cli-Befehl kopiert</translation>
    </message>
    <message>
        <source>Read the list again, with the captures written since it was read</source>
        <translation>Die Liste neu lesen, mit den seither geschriebenen Aufzeichnungen</translation>
    </message>
    <message numerus="yes">
        <source>%n new capture(s) since the list was read — show them</source>
        <translation>
            <numerusform>%n neue Aufzeichnung seit dem Lesen der Liste — anzeigen</numerusform>
            <numerusform>%n neue Aufzeichnungen seit dem Lesen der Liste — anzeigen</numerusform>
        </translation>
    </message>
    <message>
        <source>No captures yet — play a demo from the Start page, or run a prompt in the Run activity.</source>
        <translation>Noch keine Aufzeichnungen – spielen Sie eine Demo auf der Startseite ab oder führen Sie einen Prompt in der Aktivität „Ausführen“ aus.</translation>
    </message>
    <message>
        <source>No capture matches the filters above.</source>
        <translation>Keine Aufzeichnung passt zu den Filtern oben.</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F5</source>
        <translation>Ctrl+Shift+F5</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>Präsentieren</translation>
    </message>
    <message>
        <source>The capture open, step by step and full-window for a room (F5; Esc leaves)</source>
        <translation>Die geöffnete Aufzeichnung, Schritt für Schritt und fensterfüllend für ein Publikum (F5; Esc beendet)</translation>
    </message>
</context>
<context>
    <name>conform::gui::ClusterListModel</name>
    <message numerus="yes">
        <source>Captures per day, the last %n day(s)</source>
        <translation>
            <numerusform>Aufzeichnungen pro Tag, der letzte Tag</numerusform>
            <numerusform>Aufzeichnungen pro Tag, die letzten %n Tage</numerusform>
        </translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <source>Captures</source>
        <translation>Aufzeichnungen</translation>
    </message>
    <message>
        <source>Trend</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Zuletzt gesehen</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
</context>
<context>
    <name>conform::gui::CompareMatrix</name>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>%1 final success [%2 – %3], %4 runs</source>
        <translation>%1 Erfolg am Ende [%2 – %3], %4 Läufe</translation>
    </message>
    <message>
        <source>first try %1 · %2 repairs a run · p50 %3 ms</source>
        <translation>erster Versuch %1 · %2 Reparaturen je Lauf · p50 %3 ms</translation>
    </message>
    <message>
        <source>$%1 per valid result</source>
        <translation>%1 $ je gültigem Ergebnis</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>kein Preis</translation>
    </message>
    <message>
        <source> (baseline)</source>
        <translation> (Basis)</translation>
    </message>
    <message>
        <source>On %1: %2</source>
        <translation>Auf %1: %2</translation>
    </message>
</context>
<context>
    <name>conform::gui::ComparePlan</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Add the variant %1</source>
        <translation>Variante %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove the variant %1</source>
        <translation>Variante %1 entfernen</translation>
    </message>
    <message>
        <source>Rename the variant %1 to %2</source>
        <translation>Variante %1 in %2 umbenennen</translation>
    </message>
    <message>
        <source>Add the target %1</source>
        <translation>Ziel %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove the target %1</source>
        <translation>Ziel %1 entfernen</translation>
    </message>
    <message>
        <source>Set the repeats to %1</source>
        <translation>Wiederholungen auf %1 setzen</translation>
    </message>
    <message>
        <source>Make %1 the baseline</source>
        <translation>%1 zur Basis machen</translation>
    </message>
</context>
<context>
    <name>conform::gui::CompareView</name>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Open comparison…</source>
        <translation>Vergleich öffnen…</translation>
    </message>
    <message>
        <source>Add the draft</source>
        <translation>Entwurf hinzufügen</translation>
    </message>
    <message>
        <source>The schema, prompts, variables and policy as they stand, as a variant</source>
        <translation>Schema, Prompts, Variablen und Richtlinie, wie sie jetzt sind, als Variante</translation>
    </message>
    <message>
        <source>Add the Run target</source>
        <translation>Ziel von „Ausführen“ hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected variant or target</source>
        <translation>Die gewählte Variante oder das gewählte Ziel entfernen</translation>
    </message>
    <message>
        <source>Add from history</source>
        <translation>Aus dem Verlauf hinzufügen</translation>
    </message>
    <message>
        <source>A prompt version the store has seen, with the schema it ran against</source>
        <translation>Eine Prompt-Version aus dem Speicher, mit dem Schema, gegen das sie lief</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Runs of each variant on each target</source>
        <translation>Läufe jeder Variante auf jedem Ziel</translation>
    </message>
    <message>
        <source>What the others are compared with</source>
        <translation>Womit die anderen verglichen werden</translation>
    </message>
    <message>
        <source>Targets: every variant runs on each</source>
        <translation>Ziele: jede Variante läuft auf jedem</translation>
    </message>
    <message>
        <source>Double-click a cell to open its captures</source>
        <translation>Doppelklick auf eine Zelle öffnet ihre Aufzeichnungen</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>Open a comparison file (*.compare.json), or add the draft and a version from history, then Run.</source>
        <translation>Eine Vergleichsdatei (*.compare.json) öffnen oder den Entwurf und eine Version aus dem Verlauf hinzufügen, dann „Ausführen“.</translation>
    </message>
    <message>
        <source>Open comparison</source>
        <translation>Vergleich öffnen</translation>
    </message>
    <message>
        <source>Comparisons (*.compare.json);;JSON (*.json)</source>
        <translation>Vergleiche (*.compare.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>The store has no captures yet</source>
        <translation>Der Speicher hat noch keine Aufzeichnungen</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>%1 geschrieben.</translation>
    </message>
    <message>
        <source>Report as JSON…</source>
        <translation>Bericht als JSON…</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Report as Markdown…</source>
        <translation>Bericht als Markdown…</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Matrix as PNG or SVG…</source>
        <translation>Matrix als PNG oder SVG…</translation>
    </message>
    <message>
        <source>Images (*.png *.svg)</source>
        <translation>Bilder (*.png *.svg)</translation>
    </message>
    <message>
        <source>%1: %2 variant(s) x %3 target(s) x %4 repeat(s).</source>
        <translation>%1: %2 Variante(n) × %3 Ziel(e) × %4 Wiederholung(en).</translation>
    </message>
    <message>
        <source>The draft cannot be a variant: %1</source>
        <translation>Der Entwurf kann keine Variante sein: %1</translation>
    </message>
    <message>
        <source>the draft</source>
        <translation>der Entwurf</translation>
    </message>
    <message>
        <source>The Run target cannot be used: %1</source>
        <translation>Das Ziel von „Ausführen“ ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>%1 is already a target.</source>
        <translation>%1 ist schon ein Ziel.</translation>
    </message>
    <message>
        <source>prompt %1 · %2 run(s) · last %3</source>
        <translation>Prompt %1 · %2 Lauf/Läufe · zuletzt %3</translation>
    </message>
    <message>
        <source>That version cannot be a variant: %1</source>
        <translation>Diese Version kann keine Variante sein: %1</translation>
    </message>
    <message>
        <source>%1 from history</source>
        <translation>%1 aus dem Verlauf</translation>
    </message>
    <message>
        <source>%1 — %2, %3 case(s)</source>
        <translation>%1 — %2, %3 Fall/Fälle</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <source>Two variants and a target, or one variant and two targets</source>
        <translation>Zwei Varianten und ein Ziel oder eine Variante und zwei Ziele</translation>
    </message>
    <message>
        <source>The baseline, %1: lines not in the other marked</source>
        <translation>Die Basis, %1: Zeilen, die der anderen fehlen, markiert</translation>
    </message>
    <message>
        <source>The baseline variant&apos;s prompts and schema</source>
        <translation>Prompts und Schema der Basisvariante</translation>
    </message>
    <message>
        <source>%1: lines not in the baseline marked</source>
        <translation>%1: Zeilen, die der Basis fehlen, markiert</translation>
    </message>
    <message>
        <source>Select another variant to see how it differs</source>
        <translation>Eine andere Variante wählen, um zu sehen, worin sie sich unterscheidet</translation>
    </message>
    <message>
        <source>The store %1 cannot take captures; nothing was run.</source>
        <translation>Der Speicher %1 nimmt keine Aufzeichnungen an; nichts wurde ausgeführt.</translation>
    </message>
    <message>
        <source>Running %1: %2 of %3 runs…</source>
        <translation>%1 läuft: %2 von %3 Läufen…</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>%1 läuft…</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 runs.</source>
        <translation>Abgebrochen nach %1 von %2 Läufen.</translation>
    </message>
    <message>
        <source>%1 runs done.</source>
        <translation>%1 Läufe fertig.</translation>
    </message>
    <message>
        <source> Reading the figures…</source>
        <translation> Die Zahlen werden gelesen…</translation>
    </message>
    <message>
        <source> Double-click a cell to open its captures.</source>
        <translation> Doppelklick auf eine Zelle öffnet ihre Aufzeichnungen.</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Run the comparison first: there is no report yet.</source>
        <translation>Zuerst den Vergleich ausführen: Es gibt noch keinen Bericht.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Save comparison…</source>
        <translation>Vergleich speichern…</translation>
    </message>
    <message>
        <source>The variants, targets, repeats and baseline as a comparison file, for conform-cli compare</source>
        <translation>Die Varianten, Ziele, Wiederholungen und die Basis als Vergleichsdatei, für conform-cli compare</translation>
    </message>
    <message>
        <source>Variants: what differs (a schema, prompts, variables, a policy); double-click to rename</source>
        <translation>Varianten: was sich unterscheidet (ein Schema, Prompts, Variablen, eine Richtlinie); Doppelklick zum Umbenennen</translation>
    </message>
    <message>
        <source>Save comparison</source>
        <translation>Vergleich speichern</translation>
    </message>
    <message>
        <source>Rename the variant</source>
        <translation>Variante umbenennen</translation>
    </message>
    <message>
        <source>New name (the variant label of its captures):</source>
        <translation>Neuer Name (das Label „variant“ ihrer Aufzeichnungen):</translation>
    </message>
</context>
<context>
    <name>conform::gui::Dashboard</name>
    <message>
        <source>by day</source>
        <translation>nach Tag</translation>
    </message>
    <message>
        <source>by hour</source>
        <translation>nach Stunde</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F5</source>
        <translation>Ctrl+Shift+F5</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>Diagramm exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Save the chart chosen beside it as PNG or SVG</source>
        <translation>Das daneben gewählte Diagramm als PNG oder SVG speichern</translation>
    </message>
    <message>
        <source>querying…</source>
        <translation>Abfrage läuft…</translation>
    </message>
    <message>
        <source>%1: cannot write</source>
        <translation>%1: nicht schreibbar</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>provider × model</source>
        <translation>Anbieter × Modell</translation>
    </message>
    <message>
        <source>prompt version</source>
        <translation>Prompt-Version</translation>
    </message>
    <message>
        <source>schema version</source>
        <translation>Schema-Version</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>What each bar is: a provider × model, or a prompt or schema version, or a mode</source>
        <translation>Was jeder Balken ist: Anbieter × Modell, eine Prompt- oder Schema-Version oder ein Modus</translation>
    </message>
    <message>
        <source>%1 captures (%2 unchecked, left out of the rates)</source>
        <translation>%1 Aufzeichnungen (%2 ungeprüft, in den Quoten nicht mitgezählt)</translation>
    </message>
    <message>
        <source>%1 captures</source>
        <translation>%1 Aufzeichnungen</translation>
    </message>
    <message>
        <source>%1 · %2 s · %3</source>
        <translation>%1 · %2 s · %3</translation>
    </message>
    <message>
        <source>Follow the Captures filters</source>
        <translation>Den Filtern von Aufzeichnungen folgen</translation>
    </message>
    <message>
        <source>Chart only the captures the Captures list&apos;s filters select; unticked, the whole store</source>
        <translation>Nur die Aufzeichnungen darstellen, die die Filter der Liste der Aufzeichnungen auswählen; abgewählt: den ganzen Speicher</translation>
    </message>
    <message>
        <source>Every capture in the store (the Captures filters are not applied)</source>
        <translation>Alle Aufzeichnungen im Speicher (die Filter von Aufzeichnungen gelten hier nicht)</translation>
    </message>
    <message>
        <source>No captures yet — play a demo from the Start page, or run a prompt in the Run activity; its captures are charted here.</source>
        <translation>Noch keine Aufzeichnungen – spielen Sie eine Demo auf der Startseite ab oder führen Sie einen Prompt in der Aktivität „Ausführen“ aus; seine Aufzeichnungen erscheinen hier als Diagramme.</translation>
    </message>
    <message>
        <source>No capture matches the Captures filters. Untick &quot;Follow the Captures filters&quot; to chart the whole store.</source>
        <translation>Keine Aufzeichnung passt zu den Filtern von Aufzeichnungen. Wählen Sie „Den Filtern von Aufzeichnungen folgen“ ab, um den ganzen Speicher darzustellen.</translation>
    </message>
    <message>
        <source>Reading the store…</source>
        <translation>Der Speicher wird gelesen …</translation>
    </message>
    <message>
        <source>1 capture</source>
        <translation>1 Aufzeichnung</translation>
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
    <name>conform::gui::EngineStrip</name>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>not enforced</source>
        <translation>nicht erzwungen</translation>
    </message>
    <message>
        <source>over a limit</source>
        <translation>über einer Grenze</translation>
    </message>
    <message>
        <source>enforced</source>
        <translation>erzwungen</translation>
    </message>
    <message>
        <source>Engines:</source>
        <translation>Ausgabe-Engines:</translation>
    </message>
    <message>
        <source>rejects</source>
        <translation>lehnt ab</translation>
    </message>
    <message>
        <source>drops %1</source>
        <translation>ignoriert %1</translation>
    </message>
    <message>
        <source>accepts</source>
        <translation>nimmt an</translation>
    </message>
    <message>
        <source>%1 accepts every keyword of this schema</source>
        <translation>%1 nimmt jedes Schlüsselwort dieses Schemas an</translation>
    </message>
    <message>
        <source>…and %1 more: conform-cli schema lint FILE --provider %2</source>
        <translation>…und %1 weitere: conform-cli schema lint DATEI --provider %2</translation>
    </message>
    <message>
        <source>What each provider&apos;s structured-output engine does with this schema, from its documentation; click an engine for its findings and their sources</source>
        <translation>Was die Structured-Output-Engine jedes Anbieters laut ihrer Dokumentation mit diesem Schema tut; ein Klick auf eine Engine zeigt ihre Befunde und deren Quellen</translation>
    </message>
    <message>
        <source>Engines: the schema is not a JSON object yet.</source>
        <translation>Ausgabe-Engines: Das Schema ist noch kein JSON-Objekt.</translation>
    </message>
</context>
<context>
    <name>conform::gui::ExportPreview</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>Exportieren nach</translation>
    </message>
    <message>
        <source>The schema is not JSON: %1</source>
        <translation>Das Schema ist kein JSON: %1</translation>
    </message>
    <message>
        <source>Not expressed:
%1</source>
        <translation>Nicht ausdrückbar:
%1</translation>
    </message>
</context>
<context>
    <name>conform::gui::FilterChips</name>
    <message>
        <source>Showing %1</source>
        <translation>Angezeigt: %1</translation>
    </message>
    <message>
        <source>A filter set for the moment; it is not remembered. Back brings your own filter again.</source>
        <translation>Ein Filter nur für den Moment; er wird nicht gespeichert. „Zurück“ stellt Ihren eigenen Filter wieder her.</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Your own filter, as it was</source>
        <translation>Ihr eigener Filter, wie er war</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (--%2 %3)</source>
        <translation>%1 (--%2 %3)</translation>
    </message>
    <message>
        <source>Remove this filter</source>
        <translation>Diesen Filter entfernen</translation>
    </message>
    <message>
        <source>No filter: every capture in the store</source>
        <translation>Kein Filter: alle Aufzeichnungen im Speicher</translation>
    </message>
    <message>
        <source>Filtered by</source>
        <translation>Gefiltert nach</translation>
    </message>
</context>
<context>
    <name>conform::gui::FixTable</name>
    <message>
        <source>Fix</source>
        <translation>Korrektur</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation>Vorher → nachher</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
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
    <message>
        <source>Check cancelled; edit the text to check again.</source>
        <translation>Prüfung abgebrochen; bearbeiten Sie den Text, um erneut zu prüfen.</translation>
    </message>
</context>
<context>
    <name>conform::gui::IssueModel</name>
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
    <name>conform::gui::LinesModel</name>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>ungültig</translation>
    </message>
    <message>
        <source>not JSON</source>
        <translation>kein JSON</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Issues</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>First issue</source>
        <translation>Erstes Problem</translation>
    </message>
</context>
<context>
    <name>conform::gui::LinesPane</name>
    <message>
        <source>Pick a line to see it, with all its issues, in the Instance tab</source>
        <translation>Wählen Sie eine Zeile, um sie mit allen Problemen im Reiter Instanz zu sehen</translation>
    </message>
    <message>
        <source>Open a .jsonl file to check every line.</source>
        <translation>Öffnen Sie eine .jsonl-Datei, um jede Zeile zu prüfen.</translation>
    </message>
    <message>
        <source>Check cancelled.</source>
        <translation>Prüfung abgebrochen.</translation>
    </message>
    <message>
        <source>Schema: %1</source>
        <translation>Schema: %1</translation>
    </message>
    <message>
        <source>%1 lines: %2 JSON, %3 not JSON (no schema to validate against)</source>
        <translation>%1 Zeilen: %2 JSON, %3 kein JSON (kein Schema zum Validieren)</translation>
    </message>
    <message>
        <source>%1 lines: %2 valid, %3 invalid, %4 not JSON</source>
        <translation>%1 Zeilen: %2 gültig, %3 ungültig, %4 kein JSON</translation>
    </message>
    <message>
        <source>reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>conform::gui::LiveStoreLabel</name>
    <message>
        <source>Store settings…</source>
        <translation>Speicher-Einstellungen…</translation>
    </message>
    <message>
        <source>Store: %1</source>
        <translation>Speicher: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>Store not usable: %1</source>
        <translation>Speicher nicht nutzbar: %1</translation>
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
        <source>About Conform</source>
        <translation>Über Conform</translation>
    </message>
    <message>
        <source>&lt;b&gt;Conform %1&lt;/b&gt;&lt;p&gt;A workbench for LLM structured output: JSON Schema validation with Zod-style issues, extraction and repair of JSON from model replies.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Conform %1&lt;/b&gt;&lt;p&gt;Eine Werkbank für strukturierte Ausgaben von Sprachmodellen: JSON-Schema-Validierung mit Problemen im Stil von Zod, Extraktion und Reparatur von JSON aus Modellantworten.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>R&amp;un</source>
        <translation>A&amp;usführen</translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation>Ctrl+3</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Validate a JSON instance against the schema as you type</source>
        <translation>Eine JSON-Instanz beim Tippen gegen das Schema validieren</translation>
    </message>
    <message>
        <source>Every line of a .jsonl file, checked against the schema</source>
        <translation>Jede Zeile einer .jsonl-Datei, gegen das Schema geprüft</translation>
    </message>
    <message>
        <source>Extract, repair and validate JSON from a model&apos;s raw reply</source>
        <translation>JSON aus der rohen Antwort eines Modells extrahieren, reparieren und validieren</translation>
    </message>
    <message>
        <source>Any other file of the workspace, as plain text</source>
        <translation>Jede andere Datei des Arbeitsbereichs, als reiner Text</translation>
    </message>
    <message>
        <source>line %1 of %2</source>
        <translation>Zeile %1 von %2</translation>
    </message>
    <message>
        <source>Lines — %1</source>
        <translation>Zeilen — %1</translation>
    </message>
    <message>
        <source>%1: cannot be read</source>
        <translation>%1: kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>Recent W&amp;orkspaces</source>
        <translation>Zuletzt verwendete A&amp;rbeitsbereiche</translation>
    </message>
    <message>
        <source>&amp;Recent Files</source>
        <translation>&amp;Zuletzt geöffnete Dateien</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Ausschneiden</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>&amp;Alles auswählen</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen…</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <source>&quot;%1&quot; not found</source>
        <translation>„%1“ nicht gefunden</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>&amp;Weitersuchen</translation>
    </message>
    <message>
        <source>No more matches</source>
        <translation>Keine weiteren Treffer</translation>
    </message>
    <message>
        <source>R&amp;eplace…</source>
        <translation>&amp;Ersetzen…</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>Replace:</source>
        <translation>Ersetzen:</translation>
    </message>
    <message>
        <source>Replace &quot;%1&quot; with:</source>
        <translation>„%1“ ersetzen durch:</translation>
    </message>
    <message numerus="yes">
        <source>Replaced %n occurrence(s)</source>
        <translation>
            <numerusform>%n Vorkommen ersetzt</numerusform>
            <numerusform>%n Vorkommen ersetzt</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>&amp;Gehe zu Zeile…</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation>Gehe zu Zeile</translation>
    </message>
    <message>
        <source>Line:</source>
        <translation>Zeile:</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Ctrl+/</source>
        <translation>Ctrl+/</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(noch keine)</translation>
    </message>
    <message>
        <source>Run ▸ Run</source>
        <translation>Ausführen ▸ Ausführen</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Demos, and ways to open your own work</source>
        <translation>Demos und Wege, die eigene Arbeit zu öffnen</translation>
    </message>
    <message>
        <source>Cannot run demo</source>
        <translation>Demo kann nicht ausgeführt werden</translation>
    </message>
    <message>
        <source>&amp;Demos</source>
        <translation>&amp;Demos</translation>
    </message>
    <message>
        <source>This workspace</source>
        <translation>Dieser Arbeitsbereich</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Start</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>The open schema as Zod, Pydantic, TypeScript or a provider&apos;s request fragment</source>
        <translation>Das geöffnete Schema als Zod, Pydantic, TypeScript oder als Anfrage-Fragment eines Anbieters</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Opening %1 (%2 MB)…</source>
        <translation>%1 wird geöffnet (%2 MB)…</translation>
    </message>
    <message>
        <source>The untitled schema</source>
        <translation>Das unbenannte Schema</translation>
    </message>
    <message>
        <source>The untitled instance</source>
        <translation>Die unbenannte Instanz</translation>
    </message>
    <message>
        <source>The raw reply</source>
        <translation>Die Rohantwort</translation>
    </message>
    <message>
        <source>The untitled text</source>
        <translation>Der unbenannte Text</translation>
    </message>
    <message>
        <source>&amp;Workspace Tree</source>
        <translation>&amp;Dateibaum des Arbeitsbereichs</translation>
    </message>
    <message>
        <source>Activity in a &amp;Dock</source>
        <translation>Aktivität in einem &amp;Dock</translation>
    </message>
    <message>
        <source>Show this activity in a dock beside the others; close the dock to put it back</source>
        <translation>Diese Aktivität in einem Dock neben den anderen zeigen; das Dock schließen, um sie zurückzulegen</translation>
    </message>
    <message>
        <source>&amp;Captures</source>
        <translation>&amp;Aufzeichnungen</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+I</source>
        <translation>Ctrl+Shift+I</translation>
    </message>
    <message>
        <source>Conform&apos;s JSONL, OpenTelemetry traces and logs, or an OpenAI or Anthropic batch&apos;s results, into the store</source>
        <translation>Conform-JSONL, OpenTelemetry-Traces und -Logs oder die Ergebnisse eines OpenAI- oder Anthropic-Batches in den Speicher</translation>
    </message>
    <message>
        <source>&amp;Browse</source>
        <translation>&amp;Durchsuchen</translation>
    </message>
    <message>
        <source>&amp;Dashboard</source>
        <translation>&amp;Übersicht</translation>
    </message>
    <message>
        <source>a Compare cell&apos;s captures (%1)</source>
        <translation>die Aufzeichnungen einer Compare-Zelle (%1)</translation>
    </message>
    <message>
        <source>a Runs ×N row&apos;s runs (%1)</source>
        <translation>die Läufe einer Zeile von Runs ×N (%1)</translation>
    </message>
    <message>
        <source>&amp;Triage</source>
        <translation>&amp;Sichtung</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>&amp;Präsentieren</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>The capture open in Captures, else the last run, step by step and full-window for a room (Esc leaves)</source>
        <translation>Die unter „Aufzeichnungen“ geöffnete Aufzeichnung, sonst der letzte Lauf, Schritt für Schritt und fensterfüllend für ein Publikum (Esc beendet)</translation>
    </message>
    <message>
        <source>Capture %1</source>
        <translation>Aufzeichnung %1</translation>
    </message>
    <message>
        <source>Nothing to present yet: play a demo (Start page) or open a capture in Captures, then press F5.</source>
        <translation>Noch nichts zu präsentieren: eine Demo abspielen (Startseite) oder eine Aufzeichnung unter „Aufzeichnungen“ öffnen, dann F5 drücken.</translation>
    </message>
    <message>
        <source>&amp;Manual</source>
        <translation>&amp;Handbuch</translation>
    </message>
    <message>
        <source>The manual, open at the page of the activity in front; its search finds a word in every page</source>
        <translation>Das Handbuch, geöffnet auf der Seite der Aktivität im Vordergrund; seine Suche findet ein Wort auf jeder Seite</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>What the edits change against the saved file or a stored version, and how many stored replies they would fail</source>
        <translation>Was die Änderungen gegenüber der gespeicherten Datei oder einer gespeicherten Version ändern, und wie viele gespeicherte Antworten sie scheitern ließen</translation>
    </message>
</context>
<context>
    <name>conform::gui::ManualView</name>
    <message>
        <source>Conform Manual</source>
        <translation>Conform-Handbuch</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Vor</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Find in every page (Ctrl+F)</source>
        <translation>Auf allen Seiten suchen (Strg+F)</translation>
    </message>
    <message>
        <source>%1 — Conform Manual</source>
        <translation>%1 — Conform-Handbuch</translation>
    </message>
    <message>
        <source>The manual was not installed with this copy of Conform (looked for %1).</source>
        <translation>Das Handbuch wurde mit dieser Conform-Kopie nicht installiert (gesucht unter %1).</translation>
    </message>
    <message>
        <source>Nothing in the manual says “%1”.</source>
        <translation>Im Handbuch steht nirgends „%1“.</translation>
    </message>
    <message numerus="yes">
        <source>%n place(s)</source>
        <translation>
            <numerusform>%n Stelle</numerusform>
            <numerusform>%n Stellen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n page(s)</source>
        <translation>
            <numerusform>auf %n Seite</numerusform>
            <numerusform>auf %n Seiten</numerusform>
        </translation>
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
    <name>conform::gui::NameOnlyIconProvider</name>
    <message>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>%1 file</source>
        <translation>%1-Datei</translation>
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
    <message>
        <source>Draft:</source>
        <translation>Draft:</translation>
    </message>
    <message>
        <source>The rules for a schema whose &quot;$schema&quot; does not say (saved with the workspace)</source>
        <translation>Die Regeln für ein Schema, dessen &quot;$schema&quot; keinen Draft nennt (im Arbeitsbereich gespeichert)</translation>
    </message>
</context>
<context>
    <name>conform::gui::PresenterView</name>
    <message>
        <source>Final value</source>
        <translation>Endgültiger Wert</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Play through at the pace chosen (P)</source>
        <translation>Im gewählten Tempo durchspielen (P)</translation>
    </message>
    <message numerus="yes">
        <source>%n s a step</source>
        <translation>
            <numerusform>%n s je Schritt</numerusform>
            <numerusform>%n s je Schritt</numerusform>
        </translation>
    </message>
    <message>
        <source>How long a step stays on screen while playing</source>
        <translation>Wie lange ein Schritt beim Abspielen zu sehen ist</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>The step before (Left, Page Up)</source>
        <translation>Der Schritt davor (Links, Bild auf)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>The next step (Space, Right, Page Down)</source>
        <translation>Der nächste Schritt (Leertaste, Rechts, Bild ab)</translation>
    </message>
    <message>
        <source>From the start</source>
        <translation>Von vorn</translation>
    </message>
    <message>
        <source>Back to the first step (Home)</source>
        <translation>Zurück zum ersten Schritt (Pos1)</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Back to the workbench (Esc)</source>
        <translation>Zurück zur Werkbank (Esc)</translation>
    </message>
    <message>
        <source>Issues</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>Best value (not valid)</source>
        <translation>Bester Wert (nicht gültig)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Conform is asking the model…</source>
        <translation>Conform fragt das Modell…</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>läuft…</translation>
    </message>
    <message>
        <source>step %1 of %2 · running…</source>
        <translation>Schritt %1 von %2 · läuft…</translation>
    </message>
</context>
<context>
    <name>conform::gui::PricesPage</name>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Input $/M</source>
        <translation>Eingabe $/M</translation>
    </message>
    <message>
        <source>Output $/M</source>
        <translation>Ausgabe $/M</translation>
    </message>
    <message>
        <source>Cached input $/M</source>
        <translation>Eingabe aus dem Cache $/M</translation>
    </message>
    <message>
        <source>Add a model</source>
        <translation>Modell hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Built-in prices</source>
        <translation>Mitgelieferte Preise</translation>
    </message>
    <message>
        <source>Put the built-in table back (your edits go when you press OK)</source>
        <translation>Die mitgelieferte Tabelle wiederherstellen (Ihre Änderungen verschwinden mit OK)</translation>
    </message>
    <message>
        <source>US dollars per million tokens. The built-in prices were taken on %1: they change, so check them against the providers&apos; pricing pages. Ollama and demo scenarios cost nothing; a model without a row has no price.%2</source>
        <translation>US-Dollar je Million Tokens. Die mitgelieferten Preise stammen vom %1: Sie ändern sich, also mit den Preisseiten der Anbieter abgleichen. Ollama und Demo-Szenarien kosten nichts; ein Modell ohne Zeile hat keinen Preis.%2</translation>
    </message>
    <message>
        <source>
Your prices file was left out: %1</source>
        <translation>
Ihre Preisdatei wurde nicht verwendet: %1</translation>
    </message>
    <message>
        <source>row %1: give a provider and a model</source>
        <translation>Zeile %1: Anbieter und Modell angeben</translation>
    </message>
    <message>
        <source>row %1: %2 is not a price per million tokens</source>
        <translation>Zeile %1: %2 ist kein Preis je Million Tokens</translation>
    </message>
    <message>
        <source>Could not remove %1.</source>
        <translation>%1 konnte nicht entfernt werden.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>conform::gui::PromptVariables</name>
    <message>
        <source>Variable</source>
        <translation>Variable</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Values for the {{name}} placeholders of the prompts, saved in prompt.vars.json beside the prompt</source>
        <translation>Werte für die {{name}}-Platzhalter der Prompts, gespeichert in prompt.vars.json neben dem Prompt</translation>
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
    <message>
        <source>The system keychain cannot be read (%1): API keys come from the environment.</source>
        <translation>Der Schlüsselbund des Systems ist nicht lesbar (%1): API-Schlüssel kommen aus der Umgebung.</translation>
    </message>
</context>
<context>
    <name>conform::gui::ReplayChangeModel</name>
    <message>
        <source>invalid → valid</source>
        <translation>ungültig → gültig</translation>
    </message>
    <message>
        <source>valid → invalid</source>
        <translation>gültig → ungültig</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>Aufzeichnung</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>First issue</source>
        <translation>Erstes Problem</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(ohne Titel)</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Schema</source>
        <translation>Schema</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
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
        <source>Check cancelled; edit the reply to check again.</source>
        <translation>Prüfung abgebrochen; bearbeiten Sie die Antwort, um erneut zu prüfen.</translation>
    </message>
    <message>
        <source>Issues</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Fixes</source>
        <translation>Korrekturen</translation>
    </message>
    <message>
        <source>Every change made to the raw reply to read it as JSON; pick one to see it in the reply</source>
        <translation>Jede Änderung an der rohen Antwort, um sie als JSON zu lesen; wählen Sie eine, um sie in der Antwort zu sehen</translation>
    </message>
    <message>
        <source>Issues (%1)</source>
        <translation>Probleme (%1)</translation>
    </message>
    <message>
        <source>Fixes (%1)</source>
        <translation>Korrekturen (%1)</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
</context>
<context>
    <name>conform::gui::RevalidatePanel</name>
    <message>
        <source>Re-validate history</source>
        <translation>Verlauf neu prüfen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Extract and validate the filtered captures&apos; final replies again, against the schema being edited</source>
        <translation>Die letzten Antworten der gefilterten Aufzeichnungen erneut extrahieren und gegen das bearbeitete Schema prüfen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+H</source>
        <translation>Ctrl+Shift+H</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>compiling the schema…</source>
        <translation>Schema wird kompiliert…</translation>
    </message>
    <message>
        <source>%1 of %2 captures checked…</source>
        <translation>%1 von %2 Aufzeichnungen geprüft…</translation>
    </message>
    <message>
        <source>re-validating…</source>
        <translation>wird neu geprüft…</translation>
    </message>
    <message>
        <source>%1 captures%2: valid %3 → %4 · %5 became invalid, %6 became valid · %7 s%8</source>
        <translation>%1 Aufzeichnungen%2: gültig %3 → %4 · %5 wurden ungültig, %6 wurden gültig · %7 s%8</translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation> (abgebrochen)</translation>
    </message>
    <message>
        <source> · the first %1 changes listed</source>
        <translation> · die ersten %1 Änderungen aufgeführt</translation>
    </message>
    <message>
        <source>No schema to re-validate against: open one or type it in the schema editor.</source>
        <translation>Kein Schema zum erneuten Validieren: Öffnen Sie eines oder geben Sie es im Schema-Editor ein.</translation>
    </message>
    <message>
        <source>captures of this schema</source>
        <translation>Aufzeichnungen dieses Schemas</translation>
    </message>
    <message>
        <source>captures of every schema</source>
        <translation>Aufzeichnungen aller Schemas</translation>
    </message>
    <message>
        <source>This schema: every capture whose schema has the edited schema&apos;s $id, else its title, else exactly its text. Every schema: all the filtered captures.</source>
        <translation>Dieses Schema: jede Aufzeichnung, deren Schema die $id des bearbeiteten Schemas hat, sonst seinen Titel, sonst genau seinen Text. Jedes Schema: alle gefilterten Aufzeichnungen.</translation>
    </message>
    <message>
        <source>the schema has no $id or title, so only captures of this exact text were checked</source>
        <translation>das Schema hat weder $id noch Titel, daher wurden nur Aufzeichnungen mit genau diesem Text geprüft</translation>
    </message>
    <message>
        <source>Stale: the schema has changed since these results were computed. Re-validate to check the history against it (undoing the edit makes them current again).</source>
        <translation>Veraltet: Das Schema hat sich geändert, seit diese Ergebnisse berechnet wurden. Validieren Sie erneut, um den Verlauf daran zu prüfen (macht man die Änderung rückgängig, gelten sie wieder).</translation>
    </message>
</context>
<context>
    <name>conform::gui::RunDraft</name>
    <message>
        <source>Edit {{%1}}</source>
        <translation>{{%1}} bearbeiten</translation>
    </message>
    <message>
        <source>Change the target</source>
        <translation>Ziel ändern</translation>
    </message>
    <message>
        <source>Change the policy</source>
        <translation>Richtlinie ändern</translation>
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
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
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
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Send the schema and the prompt to the target (Ctrl+Return)</source>
        <translation>Schema und Prompt an das Ziel senden (Ctrl+Return)</translation>
    </message>
    <message>
        <source>Stop the run; the attempts so far stay</source>
        <translation>Den Lauf anhalten; die bisherigen Versuche bleiben</translation>
    </message>
    <message>
        <source>Instructions for the model (optional)</source>
        <translation>Anweisungen für das Modell (optional)</translation>
    </message>
    <message>
        <source>What to extract, from what</source>
        <translation>Was extrahiert werden soll, und woraus</translation>
    </message>
    <message>
        <source>The system prompt; {{name}} placeholders are filled from the variables</source>
        <translation>Der System-Prompt; {{name}}-Platzhalter werden aus den Variablen gefüllt</translation>
    </message>
    <message>
        <source>The user prompt; {{name}} placeholders are filled from the variables</source>
        <translation>Der Benutzer-Prompt; {{name}}-Platzhalter werden aus den Variablen gefüllt</translation>
    </message>
    <message>
        <source>User prompt</source>
        <translation>Benutzer-Prompt</translation>
    </message>
    <message>
        <source>sending</source>
        <translation>sendet</translation>
    </message>
    <message>
        <source>streaming</source>
        <translation>empfängt</translation>
    </message>
    <message>
        <source>retrying in %1 ms</source>
        <translation>Wiederholung in %1 ms</translation>
    </message>
    <message>
        <source>waiting for the reply</source>
        <translation>wartet auf die Antwort</translation>
    </message>
    <message>
        <source>%1, %2 characters</source>
        <translation>%1, %2 Zeichen</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 s (run %4 s)</source>
        <translation>%1 · %2 · %3 s (Lauf %4 s)</translation>
    </message>
    <message>
        <source>validating</source>
        <translation>validiert</translation>
    </message>
    <message>
        <source>Best attempt — invalid</source>
        <translation>Bester Versuch — ungültig</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>Variablen</translation>
    </message>
    <message>
        <source>%1 has no value, so the model would see the placeholder as written. Send anyway?</source>
        <translation>%1 hat keinen Wert, das Modell sähe den Platzhalter wie geschrieben. Trotzdem senden?</translation>
    </message>
    <message>
        <source>%1 have no values, so the model would see the placeholders as written. Send anyway?</source>
        <translation>%1 haben keine Werte, das Modell sähe die Platzhalter wie geschrieben. Trotzdem senden?</translation>
    </message>
    <message>
        <source>Empty variables</source>
        <translation>Leere Variablen</translation>
    </message>
    <message>
        <source>The scenario %1 is written for its own schema (%2), not the open one: it runs with its own.</source>
        <translation>Das Szenario %1 ist für sein eigenes Schema (%2) geschrieben, nicht für das geöffnete: es läuft mit seinem eigenen.</translation>
    </message>
    <message>
        <source>Run ×N…</source>
        <translation>×N ausführen…</translation>
    </message>
    <message>
        <source>Run this spec N times over several targets, with a live success rate</source>
        <translation>Diese Vorgabe N-mal gegen mehrere Ziele ausführen, mit laufender Erfolgsquote</translation>
    </message>
    <message>
        <source>Demo pace</source>
        <translation>Demo-Tempo</translation>
    </message>
    <message>
        <source>%1 characters so far; no data for %2 s — gives up at %3 s</source>
        <translation>%1 Zeichen bisher; seit %2 s keine Daten — Abbruch bei %3 s</translation>
    </message>
</context>
<context>
    <name>conform::gui::RunTargetForm</name>
    <message>
        <source>OpenAI · Responses API</source>
        <translation>OpenAI · Responses-API</translation>
    </message>
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
    <message>
        <source>Coerce</source>
        <translation>Umwandeln</translation>
    </message>
    <message>
        <source>Strict repairs</source>
        <translation>Strikte Reparaturen</translation>
    </message>
    <message>
        <source>Who answers: a built-in demo scenario (offline) or a provider</source>
        <translation>Wer antwortet: ein eingebautes Demo-Szenario (offline) oder ein Anbieter</translation>
    </message>
    <message>
        <source>The demo scenario that answers; its description is shown below</source>
        <translation>Das antwortende Demo-Szenario; seine Beschreibung steht darunter</translation>
    </message>
    <message>
        <source>The model name, as the provider spells it</source>
        <translation>Der Modellname, wie der Anbieter ihn schreibt</translation>
    </message>
    <message>
        <source>The provider&apos;s API address; empty: ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST, else the public one</source>
        <translation>Die API-Adresse des Anbieters; leer: ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST, sonst die öffentliche</translation>
    </message>
    <message>
        <source>How the schema is enforced: auto picks the strongest mode the provider accepts and falls back</source>
        <translation>Wie das Schema durchgesetzt wird: auto wählt den stärksten Modus, den der Anbieter annimmt, und weicht aus</translation>
    </message>
    <message>
        <source>Repair turns after an invalid answer, per mode</source>
        <translation>Reparaturrunden nach einer ungültigen Antwort, je Modus</translation>
    </message>
    <message>
        <source>Transport retries per request (429, 5xx, timeouts), counted apart from repairs</source>
        <translation>Transport-Wiederholungen je Anfrage (429, 5xx, Zeitüberschreitungen), getrennt von Reparaturen gezählt</translation>
    </message>
    <message>
        <source>Stream the reply and show it as it arrives</source>
        <translation>Die Antwort streamen und beim Eintreffen zeigen</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Richtlinie</translation>
    </message>
    <message>
        <source>The reply&apos;s token limit; a reply cut there is continued or asked again, never repaired</source>
        <translation>Das Token-Limit der Antwort; eine dort abgeschnittene Antwort wird fortgesetzt oder neu angefragt, nie repariert</translation>
    </message>
    <message>
        <source>provider default</source>
        <translation>Standard des Anbieters</translation>
    </message>
    <message>
        <source>Sampling temperature; the lowest step leaves it to the provider</source>
        <translation>Sampling-Temperatur; die niedrigste Stufe überlässt sie dem Anbieter</translation>
    </message>
    <message>
        <source>Model calls a run may make in all: repairs, continuations, re-asks, fallbacks</source>
        <translation>Modellaufrufe, die ein Lauf insgesamt machen darf: Reparaturen, Fortsetzungen, Neuanfragen, Ausweichmodi</translation>
    </message>
    <message>
        <source>A reply cut at max tokens: continue it, ask again with more tokens, or fail</source>
        <translation>Eine bei max. Tokens abgeschnittene Antwort: fortsetzen, mit mehr Tokens neu fragen oder scheitern</translation>
    </message>
    <message>
        <source>Fix values that are almost right (&quot;Amber&quot; → &quot;amber&quot;, &quot;5&quot; → 5); the same toggle as the toolbar&apos;s</source>
        <translation>Fast richtige Werte korrigieren (&quot;Amber&quot; → &quot;amber&quot;, &quot;5&quot; → 5); derselbe Schalter wie in der Werkzeugleiste</translation>
    </message>
    <message>
        <source>Refuse extraction fixes that change values (a completed string, a dropped key)</source>
        <translation>Extraktionskorrekturen ablehnen, die Werte ändern (eine vervollständigte Zeichenkette, ein entfernter Schlüssel)</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Repair template…</source>
        <translation>Reparaturvorlage…</translation>
    </message>
    <message>
        <source>The message sent after an invalid answer, with its placeholders</source>
        <translation>Die nach einer ungültigen Antwort gesendete Nachricht, mit ihren Platzhaltern</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Max. Tokens</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>On truncation</source>
        <translation>Bei Abschneiden</translation>
    </message>
    <message>
        <source>Repair Template</source>
        <translation>Reparaturvorlage</translation>
    </message>
    <message>
        <source>Sent after an invalid answer. Placeholders: {{issues}} (the problems), {{hints}}, {{example}} (what the failing parts could look like), {{original}} (the failed reply), {{schema}}, {{attempt}}, {{max_attempts}}.</source>
        <translation>Wird nach einer ungültigen Antwort gesendet. Platzhalter: {{issues}} (die Probleme), {{hints}}, {{example}} (wie die fehlerhaften Teile aussehen könnten), {{original}} (die gescheiterte Antwort), {{schema}}, {{attempt}}, {{max_attempts}}.</translation>
    </message>
    <message>
        <source>Written for the open schema</source>
        <translation>Für das geöffnete Schema geschrieben</translation>
    </message>
    <message>
        <source>Max tokens, temperature, call budget, truncation, coercion, strict repairs and the repair template</source>
        <translation>Max. Tokens, Temperatur, Aufrufbudget, Abschneiden, Umwandlung, strikte Reparaturen und die Reparaturvorlage</translation>
    </message>
    <message>
        <source>Demo scenarios: pause between streamed pieces, so an audience can follow (0: full speed)</source>
        <translation>Demo-Szenarien: Pause zwischen gestreamten Stücken, damit ein Publikum folgen kann (0: volle Geschwindigkeit)</translation>
    </message>
</context>
<context>
    <name>conform::gui::SchemaChangeModel</name>
    <message>
        <source>narrower</source>
        <translation>enger</translation>
    </message>
    <message>
        <source>wider</source>
        <translation>weiter</translation>
    </message>
    <message>
        <source>narrower and wider</source>
        <translation>enger und weiter</translation>
    </message>
    <message>
        <source>cannot tell</source>
        <translation>nicht entscheidbar</translation>
    </message>
    <message>
        <source>no effect</source>
        <translation>ohne Wirkung</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Richtung</translation>
    </message>
</context>
<context>
    <name>conform::gui::SchemaDiffPane</name>
    <message>
        <source>The saved file</source>
        <translation>Die gespeicherte Datei</translation>
    </message>
    <message>
        <source>What the schema as edited is compared with: its file as saved, or a version the store has run</source>
        <translation>Womit das bearbeitete Schema verglichen wird: seine gespeicherte Datei oder eine Version, mit der der Speicher Läufe hat</translation>
    </message>
    <message>
        <source>Judge stored replies</source>
        <translation>Gespeicherte Antworten prüfen</translation>
    </message>
    <message>
        <source>Check the baseline&apos;s stored replies that were valid against the schema as edited: how many would now fail, and where</source>
        <translation>Die gültigen gespeicherten Antworten der Vergleichsversion gegen das bearbeitete Schema prüfen: wie viele jetzt scheitern würden, und wo</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Against:</source>
        <translation>Gegen:</translation>
    </message>
    <message numerus="yes">
        <source>Stored version %1 · %n run(s) · last %2</source>
        <translation>
            <numerusform>Gespeicherte Version %1 · %n Lauf · zuletzt %2</numerusform>
            <numerusform>Gespeicherte Version %1 · %n Läufe · zuletzt %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading that version from the store…</source>
        <translation>Diese Version wird aus dem Speicher gelesen…</translation>
    </message>
    <message>
        <source>The schema has not been saved yet: choose a stored version to compare with.</source>
        <translation>Das Schema wurde noch nicht gespeichert: wählen Sie eine gespeicherte Version zum Vergleich.</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The saved file is not JSON: %1</source>
        <translation>Die gespeicherte Datei ist kein JSON: %1</translation>
    </message>
    <message>
        <source>The schema as edited is not JSON: %1</source>
        <translation>Das bearbeitete Schema ist kein JSON: %1</translation>
    </message>
    <message>
        <source>No changes: every reply valid under the baseline is valid under the schema as edited, and no other.</source>
        <translation>Keine Änderungen: jede unter der Vergleichsversion gültige Antwort ist unter dem bearbeiteten Schema gültig, und keine andere.</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s): </source>
        <translation>
            <numerusform>%n Änderung: </numerusform>
            <numerusform>%n Änderungen: </numerusform>
        </translation>
    </message>
    <message>
        <source>Replies that passed may now fail.</source>
        <translation>Antworten, die bestanden haben, können jetzt scheitern.</translation>
    </message>
    <message>
        <source>Judging the stored replies of the baseline…</source>
        <translation>Die gespeicherten Antworten der Vergleichsversion werden geprüft…</translation>
    </message>
    <message>
        <source>Judge the baseline&apos;s stored replies to see what this change breaks in %1.</source>
        <translation>Prüfen Sie die gespeicherten Antworten der Vergleichsversion, um zu sehen, was diese Änderung in %1 bricht.</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n stored reply(s) that were valid fail the schema as edited</source>
        <translation>
            <numerusform>%1 von %n gültigen gespeicherten Antwort scheitert am bearbeiteten Schema</numerusform>
            <numerusform>%1 von %n gültigen gespeicherten Antworten scheitern am bearbeiteten Schema</numerusform>
        </translation>
    </message>
    <message>
        <source>(cancelled: only part of the store was judged)</source>
        <translation>(abgebrochen: nur ein Teil des Speichers wurde geprüft)</translation>
    </message>
    <message>
        <source>— for an earlier text; judge again</source>
        <translation>— für einen früheren Text; erneut prüfen</translation>
    </message>
    <message>
        <source>Open one: %1</source>
        <translation>Eine öffnen: %1</translation>
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
        <source>Prices</source>
        <translation>Preise</translation>
    </message>
</context>
<context>
    <name>conform::gui::StartPage</name>
    <message>
        <source>&lt;h2&gt;Conform&lt;/h2&gt;&lt;p&gt;Design a JSON Schema and a prompt, ask a model, and see every step: the raw reply, what was repaired, each issue, each repair turn, the final value.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Demos&lt;/b&gt; run offline: double-click one to watch it.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Conform&lt;/h2&gt;&lt;p&gt;Entwerfen Sie ein JSON-Schema und einen Prompt, fragen Sie ein Modell und sehen Sie jeden Schritt: die rohe Antwort, was repariert wurde, jedes Problem, jede Reparaturrunde, den endgültigen Wert.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Demos&lt;/b&gt; laufen offline: ein Doppelklick zeigt eine.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Double-click (or press Enter) to open the demo&apos;s schema and prompt and run it</source>
        <translation>Doppelklick (oder Enter) öffnet Schema und Prompt der Demo und führt sie aus</translation>
    </message>
    <message>
        <source>Open Workspace…</source>
        <translation>Arbeitsbereich öffnen…</translation>
    </message>
    <message>
        <source>Open File…</source>
        <translation>Datei öffnen…</translation>
    </message>
    <message>
        <source>A folder with one sub-folder per schema (schema.json, prompt.md, examples/)</source>
        <translation>Ein Ordner mit einem Unterordner je Schema (schema.json, prompt.md, examples/)</translation>
    </message>
    <message>
        <source>A schema, an instance, a .jsonl file, a reply or a prompt</source>
        <translation>Ein Schema, eine Instanz, eine .jsonl-Datei, eine Antwort oder ein Prompt</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
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
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Stop this check; the verdict stays blank until the next edit</source>
        <translation>Diese Prüfung anhalten; das Ergebnis bleibt bis zur nächsten Änderung leer</translation>
    </message>
    <message>
        <source>Save every issue, not only the listed ones, as JSON</source>
        <translation>Jedes Problem, nicht nur die gelisteten, als JSON speichern</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>prüft…</translation>
    </message>
    <message>
        <source>checking… %1 s</source>
        <translation>prüft… %1 s</translation>
    </message>
    <message>
        <source>%1 — the first %2 listed</source>
        <translation>%1 — die ersten %2 gelistet</translation>
    </message>
</context>
<context>
    <name>conform::gui::StoreInUse</name>
    <message>
        <source>In use because CONFORM_STORE is set; it wins over Settings ▸ Store.</source>
        <translation>In Gebrauch, weil CONFORM_STORE gesetzt ist; es hat Vorrang vor Einstellungen ▸ Speicher.</translation>
    </message>
    <message>
        <source>In use because Settings ▸ Store names it.</source>
        <translation>In Gebrauch, weil Einstellungen ▸ Speicher ihn nennt.</translation>
    </message>
    <message>
        <source>In use by default: neither CONFORM_STORE nor Settings ▸ Store names a store.</source>
        <translation>Standardmäßig in Gebrauch: weder CONFORM_STORE noch Einstellungen ▸ Speicher nennen einen Speicher.</translation>
    </message>
    <message>
        <source>CONFORM_STORE is set: the store chosen below is not in use</source>
        <translation>CONFORM_STORE ist gesetzt: der unten gewählte Speicher ist nicht in Gebrauch</translation>
    </message>
    <message>
        <source>The capture store cannot be used: %1. Choose another in Settings ▸ Store.</source>
        <translation>Der Aufzeichnungsspeicher ist nicht nutzbar: %1. Wählen Sie einen anderen unter Einstellungen ▸ Speicher.</translation>
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
    <message>
        <source>In use: %1</source>
        <translation>In Gebrauch: %1</translation>
    </message>
    <message>
        <source>In use: none (%1)</source>
        <translation>In Gebrauch: keiner (%1)</translation>
    </message>
    <message>
        <source>Empty: captures.db in Conform&apos;s data folder</source>
        <translation>Leer: captures.db im Datenordner von Conform</translation>
    </message>
    <message>
        <source>Empty: %1</source>
        <translation>Leer: %1</translation>
    </message>
    <message>
        <source>Reviews you set in Triage or on captures are signed with this name, in the store your team shares</source>
        <translation>Prüfungen, die Sie in der Sichtung oder an Aufzeichnungen setzen, tragen diesen Namen, im Speicher, den Ihr Team teilt</translation>
    </message>
    <message>
        <source>Your name in reviews</source>
        <translation>Ihr Name in Prüfungen</translation>
    </message>
</context>
<context>
    <name>conform::gui::SuiteCapturesDialog</name>
    <message>
        <source>No capture %1 in %2.</source>
        <translation>Keine Aufzeichnung %1 in %2.</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
</context>
<context>
    <name>conform::gui::SuiteTableModel</name>
    <message>
        <source>#%1: %2</source>
        <translation>#%1: %2</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>, %1 repairs/run</source>
        <translation>, %1 Reparaturen/Lauf</translation>
    </message>
    <message>
        <source> (%1 running)</source>
        <translation> (%1 laufen)</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation> von %1</translation>
    </message>
</context>
<context>
    <name>conform::gui::SuitesView</name>
    <message>
        <source>Open suite…</source>
        <translation>Suite öffnen…</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Open a suite file (*.suite.json).</source>
        <translation>Öffnen Sie eine Suite-Datei (*.suite.json).</translation>
    </message>
    <message>
        <source>Open suite</source>
        <translation>Suite öffnen</translation>
    </message>
    <message>
        <source>Suites (*.suite.json);;JSON (*.json)</source>
        <translation>Suites (*.suite.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>%1: %2 case(s) x %3 target(s) x %4 repeat(s).</source>
        <translation>%1: %2 Fall/Fälle x %3 Ziel(e) x %4 Wiederholung(en).</translation>
    </message>
    <message>
        <source>%1: %2 of %3 runs succeeded, mean repairs %4, pass^k %5.</source>
        <translation>%1: %2 von %3 Läufen erfolgreich, im Mittel %4 Reparaturen, pass^k %5.</translation>
    </message>
    <message>
        <source> %1 %2.</source>
        <translation> %1 %2.</translation>
    </message>
    <message>
        <source>met</source>
        <translation>erfüllt</translation>
    </message>
    <message>
        <source>NOT met</source>
        <translation>NICHT erfüllt</translation>
    </message>
    <message>
        <source> Stopped by %1.</source>
        <translation> Angehalten durch %1.</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>Nothing was run: %1</source>
        <translation>Nichts wurde ausgeführt: %1</translation>
    </message>
    <message>
        <source>Running %1 into %2…</source>
        <translation>%1 läuft, aufgezeichnet in %2…</translation>
    </message>
    <message>
        <source> Captures not kept: %1.</source>
        <translation> Aufzeichnungen nicht behalten: %1.</translation>
    </message>
    <message>
        <source>Replay the recorded replies (offline)</source>
        <translation>Die aufgezeichneten Antworten abspielen (offline)</translation>
    </message>
    <message>
        <source>Answer every run from its case&apos;s recording, re-judged against the case&apos;s schema as it now stands: offline, and nothing is captured. Unticked, the suite asks its targets again.</source>
        <translation>Jeden Lauf aus der Aufzeichnung seines Falls beantworten, neu geprüft gegen das Schema des Falls, wie es jetzt ist: offline, und nichts wird aufgezeichnet. Ohne Haken fragt die Suite ihre Ziele erneut.</translation>
    </message>
    <message>
        <source>Replaying %1 from its recordings (offline, nothing stored)…</source>
        <translation>%1 wird aus den Aufzeichnungen abgespielt (offline, nichts gespeichert)…</translation>
    </message>
    <message>
        <source> Replayed: the recorded replies re-judged against each case&apos;s schema, not asked again.</source>
        <translation> Abgespielt: die aufgezeichneten Antworten neu geprüft gegen das Schema jedes Falls, nicht neu gefragt.</translation>
    </message>
    <message>
        <source>Not replayed: %1. The request differs from the recording; run it live (untick replay) or make the suite again.</source>
        <translation>Nicht abgespielt: %1. Die Anfrage weicht von der Aufzeichnung ab; live ausführen (Abspielen abwählen) oder die Suite neu erstellen.</translation>
    </message>
</context>
<context>
    <name>conform::gui::TriageView</name>
    <message>
        <source>all time</source>
        <translation>gesamter Zeitraum</translation>
    </message>
    <message>
        <source>the last 24 hours</source>
        <translation>die letzten 24 Stunden</translation>
    </message>
    <message>
        <source>the last 7 days</source>
        <translation>die letzten 7 Tage</translation>
    </message>
    <message>
        <source>the last 30 days</source>
        <translation>die letzten 30 Tage</translation>
    </message>
    <message>
        <source>The captures whose clusters are listed, by when they ran (with the filters below)</source>
        <translation>Die Aufzeichnungen, deren Gruppen gelistet werden, nach ihrer Laufzeit (mit den Filtern darunter)</translation>
    </message>
    <message>
        <source>biggest first</source>
        <translation>größte zuerst</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>neueste zuerst</translation>
    </message>
    <message>
        <source>every state</source>
        <translation>jeder Status</translation>
    </message>
    <message>
        <source>needing review</source>
        <translation>zu prüfen</translation>
    </message>
    <message>
        <source>Needing review: new clusters, and fixed ones a newer capture reopened (regressed)</source>
        <translation>Zu prüfen: neue Gruppen und behobene, die eine neuere Aufzeichnung wieder geöffnet hat (wieder aufgetreten)</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Failures of</source>
        <translation>Fehlschläge aus</translation>
    </message>
    <message>
        <source>Reading the store…</source>
        <translation>Der Speicher wird gelesen…</translation>
    </message>
    <message>
        <source>%1 (Alt+%2)</source>
        <translation>%1 (Alt+%2)</translation>
    </message>
    <message>
        <source>A note (F2): the cause, a ticket, the fix…</source>
        <translation>Eine Notiz (F2): die Ursache, ein Ticket, die Korrektur…</translation>
    </message>
    <message>
        <source>Show its captures</source>
        <translation>Ihre Aufzeichnungen zeigen</translation>
    </message>
    <message>
        <source>List every capture of this cluster in Captures</source>
        <translation>Jede Aufzeichnung dieser Gruppe unter „Aufzeichnungen“ auflisten</translation>
    </message>
    <message>
        <source>Triage: %1</source>
        <translation>Sichtung: %1</translation>
    </message>
    <message>
        <source>Make regression suite…</source>
        <translation>Regressions-Suite erstellen…</translation>
    </message>
    <message>
        <source>Write the cluster&apos;s newest captures as a suite that replays offline and fails while the cause is there; it opens in Suites</source>
        <translation>Die neuesten Aufzeichnungen der Gruppe als Suite schreiben, die offline abspielt und fehlschlägt, solange die Ursache besteht; sie öffnet sich unter „Suites“</translation>
    </message>
    <message>
        <source>What the cluster&apos;s captures share</source>
        <translation>Was die Aufzeichnungen der Gruppe gemeinsam haben</translation>
    </message>
    <message>
        <source>Its newest captures: double-click one to open it in Captures</source>
        <translation>Ihre neuesten Aufzeichnungen: Doppelklick öffnet eine unter „Aufzeichnungen“</translation>
    </message>
    <message>
        <source>A representative reply, with what the cluster&apos;s captures share highlighted</source>
        <translation>Eine typische Antwort, mit dem hervorgehoben, was die Aufzeichnungen der Gruppe gemeinsam haben</translation>
    </message>
    <message>
        <source>What they share</source>
        <translation>Was sie gemeinsam haben</translation>
    </message>
    <message>
        <source>Newest captures</source>
        <translation>Neueste Aufzeichnungen</translation>
    </message>
    <message>
        <source>A representative reply</source>
        <translation>Eine typische Antwort</translation>
    </message>
    <message>
        <source>Alt+Down</source>
        <translation>Alt+Down</translation>
    </message>
    <message>
        <source>Alt+Up</source>
        <translation>Alt+Up</translation>
    </message>
    <message>
        <source>Alt+N</source>
        <translation>Alt+N</translation>
    </message>
    <message>
        <source>No cluster below needs review</source>
        <translation>Keine Gruppe darunter muss geprüft werden</translation>
    </message>
    <message>
        <source>reading the clusters…</source>
        <translation>die Gruppen werden gelesen…</translation>
    </message>
    <message>
        <source>No failures yet: every capture in the store is valid or unchecked. Failed, fallback and repaired captures are grouped here by cause.</source>
        <translation>Noch keine Fehlschläge: jede Aufzeichnung im Speicher ist gültig oder ungeprüft. Fehlgeschlagene, ausgewichene und reparierte Aufzeichnungen werden hier nach Ursache gruppiert.</translation>
    </message>
    <message>
        <source>No cluster matches the range, the filters and the states chosen above.</source>
        <translation>Keine Gruppe passt zu Zeitraum, Filtern und Status, die oben gewählt sind.</translation>
    </message>
    <message>
        <source>the first %1 clusters</source>
        <translation>die ersten %1 Gruppen</translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s)</source>
        <translation>
            <numerusform>%n Gruppe</numerusform>
            <numerusform>%n Gruppen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> of %n capture(s) · %1 s</source>
        <translation>
            <numerusform> aus %n Aufzeichnung · %1 s</numerusform>
            <numerusform> aus %n Aufzeichnungen · %1 s</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a cluster</source>
        <translation>Eine Gruppe wählen</translation>
    </message>
    <message>
        <source>%1 · %2 · last %3</source>
        <translation>%1 · %2 · zuletzt %3</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 bei %2</translation>
    </message>
    <message>
        <source>flag: %1</source>
        <translation>Kennzeichen: %1</translation>
    </message>
    <message numerus="yes">
        <source>schema %1 (%n version(s))</source>
        <translation>
            <numerusform>Schema %1 (%n Version)</numerusform>
            <numerusform>Schema %1 (%n Versionen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2: %n capture(s)</source>
        <translation>
            <numerusform>%1 · %2: %n Aufzeichnung</numerusform>
            <numerusform>%1 · %2: %n Aufzeichnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Nobody has reviewed it yet.</source>
        <translation>Noch niemand hat es geprüft.</translation>
    </message>
    <message>
        <source>%1 by %2, %3</source>
        <translation>%1 von %2, %3</translation>
    </message>
    <message>
        <source>Regressed: marked fixed, and a capture newer than the fix has this cause again. %1</source>
        <translation>Wieder aufgetreten: als behoben markiert, und eine Aufzeichnung, jünger als die Korrektur, hat wieder diese Ursache. %1</translation>
    </message>
    <message>
        <source>%1 · %2 · %3%4</source>
        <translation>%1 · %2 · %3%4</translation>
    </message>
    <message>
        <source>History, oldest first:
%1</source>
        <translation>Verlauf, älteste zuerst:
%1</translation>
    </message>
    <message>
        <source>(no reply: %1)</source>
        <translation>(keine Antwort: %1)</translation>
    </message>
    <message>
        <source>Capture %1, attempt %2: the attempt its cause was read from</source>
        <translation>Aufzeichnung %1, Versuch %2: der Versuch, aus dem die Ursache gelesen wurde</translation>
    </message>
    <message>
        <source>It regressed: choose its state (Alt+2 confirmed, Alt+4 fixed again…); the note goes with it</source>
        <translation>Wieder aufgetreten: Status wählen (Alt+2 bestätigt, Alt+4 wieder behoben…); die Notiz geht mit</translation>
    </message>
    <message>
        <source>keeping the review…</source>
        <translation>die Prüfung wird gespeichert…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Make Regression Suite</source>
        <translation>Regressions-Suite erstellen</translation>
    </message>
    <message>
        <source>Suite files (*.suite.json);;JSON files (*.json)</source>
        <translation>Suite-Dateien (*.suite.json);;JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>writing %1…</source>
        <translation>%1 wird geschrieben…</translation>
    </message>
    <message numerus="yes">
        <source>wrote %n case(s) to %1</source>
        <translation>
            <numerusform>%n Fall nach %1 geschrieben</numerusform>
            <numerusform>%n Fälle nach %1 geschrieben</numerusform>
        </translation>
    </message>
    <message>
        <source>Read the clusters again (Ctrl+Shift+F5)</source>
        <translation>Die Gruppen neu lesen (Ctrl+Shift+F5)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F5</source>
        <translation>Ctrl+Shift+F5</translation>
    </message>
</context>
<context>
    <name>conform::gui::WorkspaceTree</name>
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
