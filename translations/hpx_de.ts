<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>StudioOptions</name>
    <message>
        <source>Show the version, git commit and Qt version.</source>
        <translation>Version, Git-Commit und Qt-Version anzeigen.</translation>
    </message>
    <message>
        <source>User interface language, e.g. de or en (default: the setting, else the system locale).</source>
        <translation>Sprache der Benutzeroberfläche, z. B. de oder en (Standard: die Einstellung, sonst die Systemsprache).</translation>
    </message>
    <message>
        <source>Board port: sim, a serial device (/dev/ttyACM0, /dev/pts/3, /dev/serial/by-id/...) or tcp://host:port (default: the last one used).</source>
        <translation>Anschluss des Boards: sim, ein serielles Gerät (/dev/ttyACM0, /dev/pts/3, /dev/serial/by-id/...) oder tcp://host:port (Standard: der zuletzt verwendete).</translation>
    </message>
    <message>
        <source>hpx board name, e.g. apollo510_evb or sim_m55 (default: the last one used).</source>
        <translation>hpx-Boardname, z. B. apollo510_evb oder sim_m55 (Standard: der zuletzt verwendete).</translation>
    </message>
    <message>
        <source>The simulated board&apos;s engine: helia-rt, tflm, helia-aot or executorch (default: the last one used).</source>
        <translation>Die Engine des simulierten Boards: helia-rt, tflm, helia-aot oder executorch (Standard: die zuletzt verwendete).</translation>
    </message>
    <message>
        <source>Profile TensorFlow Lite models on microcontroller boards.</source>
        <translation>TensorFlow-Lite-Modelle auf Mikrocontroller-Boards profilieren.</translation>
    </message>
    <message>
        <source>A .tflite model to open (default: the last one opened, else an example model).</source>
        <translation>Ein zu öffnendes .tflite-Modell (Standard: das zuletzt geöffnete, sonst ein Beispielmodell).</translation>
    </message>
    <message>
        <source>hpx-studio: unknown board &apos;%1&apos;.</source>
        <translation>hpx-studio: unbekanntes Board „%1“.</translation>
    </message>
    <message>
        <source>hpx-studio: unknown engine &apos;%1&apos;.</source>
        <translation>hpx-studio: unbekannte Engine „%1“.</translation>
    </message>
</context>
<context>
    <name>hpx::device::CaptureFailure</name>
    <message>
        <source>Nothing was received from the board.</source>
        <translation>Vom Board wurde nichts empfangen.</translation>
    </message>
    <message>
        <source>Check the port, the baud rate and that the board runs the profiler firmware; reset the board if it had already finished.</source>
        <translation>Prüfen Sie den Anschluss, die Baudrate und ob auf dem Board die Profiler-Firmware läuft; setzen Sie das Board zurück, falls es bereits fertig war.</translation>
    </message>
    <message>
        <source>The board never sent &quot;--- HPX_START ---&quot;, so no profile was received.</source>
        <translation>Das Board hat nie &quot;--- HPX_START ---&quot; gesendet, daher wurde kein Profil empfangen.</translation>
    </message>
    <message>
        <source>The board may run other firmware, or it started before the port was opened: reset it while capturing.</source>
        <translation>Möglicherweise läuft auf dem Board eine andere Firmware, oder es hat gestartet, bevor der Anschluss geöffnet wurde: Setzen Sie es während der Aufzeichnung zurück.</translation>
    </message>
    <message>
        <source>The stream holds no complete iteration with per-layer rows.</source>
        <translation>Der Datenstrom enthält keine vollständige Iteration mit Zeilen pro Schicht.</translation>
    </message>
    <message>
        <source>The capture ended early; an iteration is complete only when the next iteration, pass or the end marker arrives.</source>
        <translation>Die Aufzeichnung endete vorzeitig; eine Iteration ist erst vollständig, wenn die nächste Iteration, der nächste Durchlauf oder die Endmarkierung ankommt.</translation>
    </message>
</context>
<context>
    <name>hpx::device::CaptureWorker</name>
    <message>
        <source>The board reported an error%1: %2</source>
        <translation>Das Board hat einen Fehler gemeldet%1: %2</translation>
    </message>
    <message>
        <source>Cannot write the raw stream file %1: %2</source>
        <translation>Die Rohdatenstrom-Datei %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>No link to a board was configured.</source>
        <translation>Es wurde keine Verbindung zu einem Board konfiguriert.</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>Verbindung mit %1 wird hergestellt</translation>
    </message>
    <message>
        <source>Connected; DTR asserted, waiting for the board to start</source>
        <translation>Verbunden; DTR gesetzt, warte auf den Start des Boards</translation>
    </message>
    <message>
        <source>Connected; waiting for the board (it starts streaming when reset)</source>
        <translation>Verbunden; warte auf das Board (es beginnt nach einem Reset zu senden)</translation>
    </message>
    <message>
        <source>Connected; waiting for the board&apos;s RTT stream</source>
        <translation>Verbunden; warte auf den RTT-Datenstrom des Boards</translation>
    </message>
    <message>
        <source>The capture was cancelled%1.</source>
        <translation>Die Aufzeichnung wurde abgebrochen%1.</translation>
    </message>
    <message>
        <source>Writing the raw stream file %1 failed: %2</source>
        <translation>Schreiben der Rohdatenstrom-Datei %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Board is ready</source>
        <translation>Board ist bereit</translation>
    </message>
    <message numerus="yes">
        <source>Board accepted the plan: %n pass(es)</source>
        <translation>
            <numerusform>Board hat den Plan angenommen: %n Durchlauf</numerusform>
            <numerusform>Board hat den Plan angenommen: %n Durchläufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Board rejected the plan: %1</source>
        <translation>Board hat den Plan abgelehnt: %1</translation>
    </message>
    <message>
        <source>The board refused the requested passes: %1</source>
        <translation>Das Board hat die angeforderten Durchläufe abgelehnt: %1</translation>
    </message>
    <message>
        <source>The board started with its built-in passes: it does not take a pass plan from the host.</source>
        <translation>Das Board hat mit seinen eingebauten Durchläufen begonnen: Es nimmt keinen Durchlaufplan vom Host an.</translation>
    </message>
    <message>
        <source>The board restarted (a new --- HPX_START --- at line %1); the records come from the stream that followed it.</source>
        <translation>Das Board wurde neu gestartet (ein neues --- HPX_START --- in Zeile %1); die Datensätze stammen aus dem darauf folgenden Datenstrom.</translation>
    </message>
    <message>
        <source>Stream started</source>
        <translation>Datenstrom gestartet</translation>
    </message>
    <message>
        <source>Clean timing window (about %1 s)</source>
        <translation>Ungestörtes Messfenster (etwa %1 s)</translation>
    </message>
    <message>
        <source>Pass %1 of %2: %3</source>
        <translation>Durchlauf %1 von %2: %3</translation>
    </message>
    <message>
        <source>Board error: %1</source>
        <translation>Board-Fehler: %1</translation>
    </message>
    <message>
        <source>The pass plan cannot be sent: %1</source>
        <translation>Der Durchlaufplan kann nicht gesendet werden: %1</translation>
    </message>
    <message>
        <source>Sending the pass plan to the board failed.</source>
        <translation>Das Senden des Durchlaufplans an das Board ist fehlgeschlagen.</translation>
    </message>
    <message numerus="yes">
        <source>Asking the board for %n pass(es)</source>
        <translation>
            <numerusform>Fordere %n Durchlauf vom Board an</numerusform>
            <numerusform>Fordere %n Durchläufe vom Board an</numerusform>
        </translation>
    </message>
    <message>
        <source>The link to the board closed before --- HPX_END ---%1.</source>
        <translation>Die Verbindung zum Board wurde vor --- HPX_END --- geschlossen%1.</translation>
    </message>
    <message>
        <source>The capture did not finish within %1 s%2.</source>
        <translation>Die Aufzeichnung wurde nicht innerhalb von %1 s abgeschlossen%2.</translation>
    </message>
    <message>
        <source>No stream from the board for %1 s: --- HPX_START --- never arrived. Check the port and the baud rate, and reset the board.</source>
        <translation>Seit %1 s kein Datenstrom vom Board: --- HPX_START --- ist nie angekommen. Prüfen Sie den Anschluss und die Baudrate, und setzen Sie das Board zurück.</translation>
    </message>
    <message>
        <source>No data from the board for %1 s%2.</source>
        <translation>Keine Daten vom Board seit %1 s%2.</translation>
    </message>
    <message>
        <source> during pass %1 (iteration %2)</source>
        <translation> während Durchlauf %1 (Iteration %2)</translation>
    </message>
    <message>
        <source> during pass %1</source>
        <translation> während Durchlauf %1</translation>
    </message>
    <message>
        <source> This happened%1.</source>
        <translation> Dies geschah%1.</translation>
    </message>
    <message>
        <source>The board ran the passes it was built with: %1.</source>
        <translation>Das Board hat die Durchläufe ausgeführt, mit denen es gebaut wurde: %1.</translation>
    </message>
    <message numerus="yes">
        <source>The board ran the %n requested pass(es).</source>
        <translation>
            <numerusform>Das Board hat den %n angeforderten Durchlauf ausgeführt.</numerusform>
            <numerusform>Das Board hat die %n angeforderten Durchläufe ausgeführt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The board acknowledged %1 passes but %2 were requested.</source>
        <translation>Das Board hat %1 Durchläufe bestätigt, angefordert waren aber %2.</translation>
    </message>
    <message>
        <source>The board rejected the requested passes (%1) and ran the passes it was built with%2.</source>
        <translation>Das Board hat die angeforderten Durchläufe (%1) abgelehnt und die Durchläufe ausgeführt, mit denen es gebaut wurde%2.</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>kein Grund angegeben</translation>
    </message>
    <message>
        <source>This board does not take a pass plan from the host; it ran the passes it was built with%1.</source>
        <translation>Dieses Board nimmt keinen Durchlaufplan vom Host an; es hat die Durchläufe ausgeführt, mit denen es gebaut wurde%1.</translation>
    </message>
    <message>
        <source> It happened in pass %1.</source>
        <translation> Es geschah in Durchlauf %1.</translation>
    </message>
    <message>
        <source>before the first pass</source>
        <translation>vor dem ersten Durchlauf</translation>
    </message>
    <message>
        <source>in pass %1</source>
        <translation>in Durchlauf %1</translation>
    </message>
    <message>
        <source>The stream from the board is damaged %1: %2. Its records cannot be trusted as a whole%3.</source>
        <translation>Der Datenstrom vom Board ist beschädigt %1: %2. Seinen Datensätzen kann insgesamt nicht vertraut werden%3.</translation>
    </message>
    <message>
        <source>; the raw stream is kept in %1</source>
        <translation>; der Rohdatenstrom bleibt in %1 erhalten</translation>
    </message>
    <message>
        <source>Connected; waiting for the board&apos;s SWO stream</source>
        <translation>Verbunden; warte auf den SWO-Datenstrom des Boards</translation>
    </message>
</context>
<context>
    <name>hpx::device::GroundTruth</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>hpx::device::HostPlan</name>
    <message>
        <source>A plan needs at least one iteration.</source>
        <translation>Ein Plan benötigt mindestens eine Iteration.</translation>
    </message>
    <message>
        <source>Warmup cannot be negative.</source>
        <translation>Der Warmup-Wert darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>A plan needs at least one pass.</source>
        <translation>Ein Plan benötigt mindestens einen Durchlauf.</translation>
    </message>
    <message>
        <source>Pass name &apos;%1&apos; cannot be sent to the board (letters, digits, &apos;_&apos;, &apos;-&apos;, &apos;.&apos; only).</source>
        <translation>Der Durchlaufname &apos;%1&apos; kann nicht an das Board gesendet werden (nur Buchstaben, Ziffern, &apos;_&apos;, &apos;-&apos;, &apos;.&apos;).</translation>
    </message>
    <message>
        <source>Pass %1 has no counters.</source>
        <translation>Durchlauf %1 hat keine Zähler.</translation>
    </message>
    <message>
        <source>Counter &apos;%1&apos; of pass %2 cannot be sent to the board.</source>
        <translation>Zähler &apos;%1&apos; von Durchlauf %2 kann nicht an das Board gesendet werden.</translation>
    </message>
</context>
<context>
    <name>hpx::device::IntegrityIssue</name>
    <message>
        <source>line %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>pass %1, announced in HPX_PRESETS, did not arrive complete</source>
        <translation>Durchlauf %1, angekündigt in HPX_PRESETS, ist nicht vollständig angekommen</translation>
    </message>
    <message>
        <source>%1 of the %2 announced iterations arrived</source>
        <translation>%1 der %2 angekündigten Iterationen sind angekommen</translation>
    </message>
    <message>
        <source>iteration %1 lists other layers than pass %2 (first difference at position %3%4)</source>
        <translation>Iteration %1 führt andere Schichten auf als Durchlauf %2 (erster Unterschied an Position %3%4)</translation>
    </message>
    <message>
        <source>, line %1</source>
        <translation>, Zeile %1</translation>
    </message>
</context>
<context>
    <name>hpx::device::LinkMonitorWorker</name>
    <message>
        <source>No link to open.</source>
        <translation>Keine Verbindung zum Öffnen.</translation>
    </message>
    <message>
        <source>Cannot write the console file %1: %2</source>
        <translation>Die Konsolendatei %1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>hpx::device::LinkSpec</name>
    <message>
        <source>Baud rate %1 is not valid.</source>
        <translation>Baudrate %1 ist ungültig.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a TCP address; write tcp://HOST:PORT (J-Link RTT: tcp://localhost:19021).</source>
        <translation>&apos;%1&apos; ist keine TCP-Adresse; schreiben Sie tcp://HOST:PORT (J-Link RTT: tcp://localhost:19021).</translation>
    </message>
    <message>
        <source>No board port given: name a serial port, tcp://HOST:PORT, sim or qemu.</source>
        <translation>Kein Board-Anschluss angegeben: Nennen Sie einen seriellen Anschluss, tcp://HOST:PORT, sim oder qemu.</translation>
    </message>
</context>
<context>
    <name>hpx::device::PassTable</name>
    <message>
        <source>Iteration %1 of pass %2 has no header line, so its rows are not used.</source>
        <translation>Iteration %1 von Durchlauf %2 hat keine Kopfzeile, daher werden ihre Zeilen nicht verwendet.</translation>
    </message>
    <message>
        <source>The header of iteration %1 of pass %2 is damaged, so its rows are not used.</source>
        <translation>Die Kopfzeile von Iteration %1 von Durchlauf %2 ist beschädigt, daher werden ihre Zeilen nicht verwendet.</translation>
    </message>
    <message>
        <source>The header of iteration %1 of pass %2 differs from the pass&apos;s first header, so its rows are not used.</source>
        <translation>Die Kopfzeile von Iteration %1 von Durchlauf %2 weicht von der ersten Kopfzeile des Durchlaufs ab, daher werden ihre Zeilen nicht verwendet.</translation>
    </message>
    <message>
        <source>The header of iteration %1 of pass %2 lists the pass&apos;s columns in another order; they are matched by name.</source>
        <translation>Die Kopfzeile von Iteration %1 von Durchlauf %2 führt die Spalten des Durchlaufs in anderer Reihenfolge auf; sie werden über den Namen zugeordnet.</translation>
    </message>
    <message>
        <source>A header line inside iteration %1 of pass %2 (a lost iteration marker?); the rest of that iteration is not used.</source>
        <translation>Eine Kopfzeile innerhalb von Iteration %1 von Durchlauf %2 (verlorene Iterationsmarkierung?); der Rest dieser Iteration wird nicht verwendet.</translation>
    </message>
    <message>
        <source>Row dropped: %1 fields where the header has %2.</source>
        <translation>Zeile verworfen: %1 Felder, wo die Kopfzeile %2 hat.</translation>
    </message>
    <message>
        <source>Row dropped: its quoting is broken (damaged line?).</source>
        <translation>Zeile verworfen: Ihre Anführungszeichen sind fehlerhaft (beschädigte Zeile?).</translation>
    </message>
    <message>
        <source>The header has no Layer column, so after this damaged row the rest of iteration %1 of pass %2 is not used.</source>
        <translation>Die Kopfzeile hat keine Layer-Spalte, daher wird nach dieser beschädigten Zeile der Rest von Iteration %1 von Durchlauf %2 nicht verwendet.</translation>
    </message>
    <message>
        <source>Row dropped: its Layer cell is not a layer position.</source>
        <translation>Zeile verworfen: Ihre Layer-Zelle ist keine Schichtposition.</translation>
    </message>
    <message>
        <source>Row dropped: a repeated line.</source>
        <translation>Zeile verworfen: eine wiederholte Zeile.</translation>
    </message>
    <message>
        <source>Layer %1 comes after layer %2 in iteration %3 of pass %4 (a lost iteration marker?); the rest of that iteration is not used.</source>
        <translation>Schicht %1 folgt auf Schicht %2 in Iteration %3 von Durchlauf %4 (verlorene Iterationsmarkierung?); der Rest dieser Iteration wird nicht verwendet.</translation>
    </message>
    <message>
        <source>Row dropped: more than %1 rows in one iteration.</source>
        <translation>Zeile verworfen: mehr als %1 Zeilen in einer Iteration.</translation>
    </message>
    <message>
        <source>Counter %1 of layer %2 is not a number (&quot;%3&quot;); it is treated as missing.</source>
        <translation>Zähler %1 von Schicht %2 ist keine Zahl (&quot;%3&quot;); er wird als fehlend behandelt.</translation>
    </message>
    <message>
        <source>Row dropped: it was cut short (its overflow cell is empty).</source>
        <translation>Zeile verworfen: sie ist abgeschnitten (ihre overflow-Zelle ist leer).</translation>
    </message>
    <message>
        <source>Layer %1 of iteration %2 is missing</source>
        <translation>Schicht %1 von Iteration %2 fehlt</translation>
    </message>
    <message>
        <source>Layers %1 to %2 of iteration %3 are missing</source>
        <translation>Schichten %1 bis %2 von Iteration %3 fehlen</translation>
    </message>
    <message>
        <source>%1: they went with this damaged line (a lost line feed?).</source>
        <translation>%1: Sie gingen mit dieser beschädigten Zeile verloren (ein verlorener Zeilenvorschub?).</translation>
    </message>
    <message>
        <source>%1 before line %2 (lost lines?).</source>
        <translation>%1 vor Zeile %2 (verlorene Zeilen?).</translation>
    </message>
    <message>
        <source>Row dropped: the row(s) after it are missing, so a lost line feed may have joined them to it and its values cannot be trusted.</source>
        <translation>Zeile verworfen: Die Zeile(n) danach fehlen; ein verlorener Zeilenvorschub kann sie mit ihr verbunden haben, daher sind ihre Werte nicht vertrauenswürdig.</translation>
    </message>
    <message>
        <source>%1 (joined to this line by a lost line feed?).</source>
        <translation>%1 (durch einen verlorenen Zeilenvorschub mit dieser Zeile verbunden?).</translation>
    </message>
</context>
<context>
    <name>hpx::device::PortInfo</name>
    <message>
        <source>SEGGER J-Link VCOM (UART)</source>
        <translation>SEGGER J-Link VCOM (UART)</translation>
    </message>
    <message>
        <source>NSX HPX Profiler (USB CDC)</source>
        <translation>NSX HPX Profiler (USB CDC)</translation>
    </message>
    <message>
        <source>USB CDC device</source>
        <translation>USB CDC-Gerät</translation>
    </message>
    <message>
        <source>Serial port</source>
        <translation>Serieller Anschluss</translation>
    </message>
</context>
<context>
    <name>hpx::device::SerialLink</name>
    <message>
        <source>Serial %1 at %2 baud</source>
        <translation>Seriell %1 mit %2 Baud</translation>
    </message>
    <message>
        <source>Serial port %1 does not exist. Check that the board is plugged in and pick its port again.</source>
        <translation>Der serielle Anschluss %1 existiert nicht. Prüfen Sie, ob das Board angeschlossen ist, und wählen Sie seinen Anschluss erneut aus.</translation>
    </message>
    <message>
        <source>Serial port %1 is busy: another program (a terminal, another hpx Studio, a J-Link tool) has it open. Close that program and try again.</source>
        <translation>Der serielle Anschluss %1 ist belegt: Ein anderes Programm (ein Terminal, ein anderes hpx Studio, ein J-Link-Werkzeug) hat ihn geöffnet. Schließen Sie dieses Programm und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Permission denied opening serial port %1. Add your user to the &apos;dialout&apos; group (sudo usermod -aG dialout $USER), then log out and in again.</source>
        <translation>Zugriff verweigert beim Öffnen des seriellen Anschlusses %1. Fügen Sie Ihren Benutzer der Gruppe &apos;dialout&apos; hinzu (sudo usermod -aG dialout $USER), melden Sie sich dann ab und wieder an.</translation>
    </message>
    <message>
        <source>Permission denied opening serial port %1. Check that your user may use serial ports.</source>
        <translation>Zugriff verweigert beim Öffnen des seriellen Anschlusses %1. Prüfen Sie, ob Ihr Benutzer serielle Anschlüsse verwenden darf.</translation>
    </message>
    <message>
        <source>Serial port %1 is already open.</source>
        <translation>Der serielle Anschluss %1 ist bereits geöffnet.</translation>
    </message>
    <message>
        <source>Serial port %1 is not available (unplugged?).</source>
        <translation>Der serielle Anschluss %1 ist nicht verfügbar (abgesteckt?).</translation>
    </message>
    <message>
        <source>Could not send to the board on %1.</source>
        <translation>Senden an das Board an %1 fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Could not read from the board on %1.</source>
        <translation>Lesen vom Board an %1 fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Serial port %1 does not support this operation (%2).</source>
        <translation>Der serielle Anschluss %1 unterstützt diesen Vorgang nicht (%2).</translation>
    </message>
    <message>
        <source>Serial port %1 timed out.</source>
        <translation>Zeitüberschreitung am seriellen Anschluss %1.</translation>
    </message>
    <message>
        <source>Serial port %1 is not open.</source>
        <translation>Der serielle Anschluss %1 ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>Serial port %1 failed: %2</source>
        <translation>Fehler am seriellen Anschluss %1: %2</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
    <message>
        <source>The board on %1 went away during the capture (unplugged, reset or powered off).</source>
        <translation>Das Board an %1 ist während der Aufzeichnung verschwunden (abgesteckt, zurückgesetzt oder ausgeschaltet).</translation>
    </message>
    <message>
        <source>The board on %1 went away during the capture: reading failed (unplugged or reset?).</source>
        <translation>Das Board an %1 ist während der Aufzeichnung verschwunden: Lesen fehlgeschlagen (abgesteckt oder zurückgesetzt?).</translation>
    </message>
</context>
<context>
    <name>hpx::device::SimFaults</name>
    <message>
        <source>A fault position is PASS:ITERATION:ROW, not &apos;%1&apos;.</source>
        <translation>Eine Fehlerposition hat die Form PASS:ITERATION:ROW, nicht &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; in fault position &apos;%2&apos; is not a non-negative number.</source>
        <translation>&apos;%1&apos; in der Fehlerposition &apos;%2&apos; ist keine nichtnegative Zahl.</translation>
    </message>
    <message>
        <source>A fault rate must be a number between 0 and 1, not &apos;%1&apos;.</source>
        <translation>Eine Fehlerrate muss eine Zahl zwischen 0 und 1 sein, nicht &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Fault &apos;%1&apos; takes no position.</source>
        <translation>Die Fehlerart &apos;%1&apos; akzeptiert keine Position.</translation>
    </message>
    <message>
        <source>A stall needs a duration in seconds (0 &lt; s &lt;= 3600), e.g. stall=35.</source>
        <translation>Für stall ist eine Dauer in Sekunden nötig (0 &lt; s &lt;= 3600), z. B. stall=35.</translation>
    </message>
    <message>
        <source>Fault &apos;%1&apos; takes no value, only an optional position (%1@PASS:ITERATION:ROW).</source>
        <translation>Die Fehlerart &apos;%1&apos; akzeptiert keinen Wert, nur eine optionale Position (%1@PASS:ITERATION:ROW).</translation>
    </message>
    <message>
        <source>Unknown firmware error kind &apos;%1&apos; (known: %2).</source>
        <translation>Unbekannte Art von Firmware-Fehler &apos;%1&apos; (bekannt: %2).</translation>
    </message>
    <message>
        <source>Unknown fault &apos;%1&apos; (known: corrupt, drop, stall, reset, disconnect, error).</source>
        <translation>Unbekannte Fehlerart &apos;%1&apos; (bekannt: corrupt, drop, stall, reset, disconnect, error).</translation>
    </message>
    <message>
        <source>Fault injection (repeatable):
  corrupt=RATE            replace each byte (never a line feed) with probability RATE
  drop=RATE               drop each line of the session with probability RATE
  stall=SECONDS[@P:I:L]   go silent before row L of iteration I of pass P
  reset[@P:I:L]           restart the board there (the stream begins again)
  disconnect[@P:I:L]      drop the link there
  error=CODE              print HPX_ERROR=CODE... where the firmware does, then halt:
                          %1
Positions default to the middle pass, iteration 0, the middle row.</source>
        <translation>Fehlerinjektion (wiederholbar):
  corrupt=RATE            jedes Byte (nie einen Zeilenvorschub) mit Wahrscheinlichkeit RATE ersetzen
  drop=RATE               jede Zeile der Sitzung mit Wahrscheinlichkeit RATE verwerfen
  stall=SECONDS[@P:I:L]   vor Zeile L von Iteration I von Durchlauf P verstummen
  reset[@P:I:L]           das Board dort neu starten (der Datenstrom beginnt von vorn)
  disconnect[@P:I:L]      dort die Verbindung trennen
  error=CODE              HPX_ERROR=CODE... dort ausgeben, wo die Firmware es tut, dann anhalten:
                          %1
Standardpositionen: der mittlere Durchlauf, Iteration 0, die mittlere Zeile.</translation>
    </message>
</context>
<context>
    <name>hpx::device::SimPower</name>
    <message>
        <source>The simulated stream has no cycles or no clean-window time to make a recording from.</source>
        <translation>Der simulierte Datenstrom hat keine Zyklen oder keine Zeit des sauberen Fensters, aus denen sich eine Aufzeichnung machen ließe.</translation>
    </message>
</context>
<context>
    <name>hpx::device::SimStreamRenderer</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>hpx::device::SimulatedLink</name>
    <message>
        <source>The simulated board cannot run this configuration: %1</source>
        <translation>Das simulierte Board kann diese Konfiguration nicht ausführen: %1</translation>
    </message>
    <message>
        <source>The simulated board dropped the link (injected disconnect).</source>
        <translation>Das simulierte Board hat die Verbindung getrennt (injizierter Verbindungsabbruch).</translation>
    </message>
    <message>
        <source>Simulated board (%1, %2, %3)</source>
        <translation>Simuliertes Board (%1, %2, %3)</translation>
    </message>
</context>
<context>
    <name>hpx::device::SimulatorConfig</name>
    <message>
        <source>Pass &apos;%1&apos; must look like NAME:EVENT[,EVENT...].</source>
        <translation>Durchlauf &apos;%1&apos; muss die Form NAME:EVENT[,EVENT...] haben.</translation>
    </message>
    <message>
        <source>At least one pass is needed.</source>
        <translation>Mindestens ein Durchlauf ist erforderlich.</translation>
    </message>
    <message>
        <source>At most 64 passes fit in one run.</source>
        <translation>Höchstens 64 Durchläufe passen in einen Lauf.</translation>
    </message>
    <message>
        <source>Pass name &apos;%1&apos; may hold only letters, digits, &apos;_&apos;, &apos;-&apos; and &apos;.&apos;.</source>
        <translation>Der Durchlaufname &apos;%1&apos; darf nur Buchstaben, Ziffern, &apos;_&apos;, &apos;-&apos; und &apos;.&apos; enthalten.</translation>
    </message>
    <message>
        <source>Pass name &apos;%1&apos; is used twice.</source>
        <translation>Der Durchlaufname &apos;%1&apos; wird zweimal verwendet.</translation>
    </message>
    <message>
        <source>Pass %1 has no events.</source>
        <translation>Durchlauf %1 hat keine Ereignisse.</translation>
    </message>
    <message>
        <source>Pass %1 has %2 events; the Cortex-M55 PMU counts at most 4 per pass (plus the cycle counter).</source>
        <translation>Durchlauf %1 hat %2 Ereignisse; die PMU des Cortex-M55 zählt höchstens 4 pro Durchlauf (plus Zykluszähler).</translation>
    </message>
    <message>
        <source>Pass %1: &apos;%2&apos; is not a PMU event this board knows.</source>
        <translation>Durchlauf %1: &apos;%2&apos; ist kein PMU-Ereignis, das dieses Board kennt.</translation>
    </message>
    <message>
        <source>Pass %1 lists &apos;%2&apos; twice.</source>
        <translation>Durchlauf %1 führt &apos;%2&apos; zweimal auf.</translation>
    </message>
    <message>
        <source>Pass %1: %3 has only the DWT cycle counter; it can capture ARM_PMU_CPU_CYCLES, not %2.</source>
        <translation>Durchlauf %1: %3 hat nur den DWT-Zykluszähler; er kann ARM_PMU_CPU_CYCLES erfassen, nicht %2.</translation>
    </message>
    <message>
        <source>The model has no operators to run.</source>
        <translation>Das Modell hat keine auszuführenden Operatoren.</translation>
    </message>
    <message>
        <source>Iterations must be between 1 and 100000 (got %1).</source>
        <translation>Die Anzahl der Iterationen muss zwischen 1 und 100000 liegen (erhalten: %1).</translation>
    </message>
    <message>
        <source>Warmup must be between 0 and 10000 (got %1).</source>
        <translation>Der Warmup-Wert muss zwischen 0 und 10000 liegen (erhalten: %1).</translation>
    </message>
    <message>
        <source>Noise must be between 0 and 0.5 (got %1).</source>
        <translation>Das Rauschen muss zwischen 0 und 0.5 liegen (erhalten: %1).</translation>
    </message>
    <message>
        <source>Heartbeat interval cannot be negative.</source>
        <translation>Das Heartbeat-Intervall darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>WHILE iterations must be between 0 and 1000.</source>
        <translation>WHILE-Iterationen müssen zwischen 0 und 1000 liegen.</translation>
    </message>
    <message>
        <source>The clock must be positive.</source>
        <translation>Der Takt muss positiv sein.</translation>
    </message>
    <message>
        <source>Baud rate cannot be negative.</source>
        <translation>Die Baudrate darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>The time scale cannot be negative.</source>
        <translation>Der Zeitmaßstab darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>Pass %1: %4 has only the DWT cycle counter, no %2 events (%3).</source>
        <translation>Durchlauf %1: %4 hat nur den DWT-Zykluszähler, keine %2-Ereignisse (%3).</translation>
    </message>
    <message>
        <source>Fault rates must be between 0 and 1.</source>
        <translation>Fehlerraten müssen zwischen 0 und 1 liegen.</translation>
    </message>
    <message>
        <source>A stall cannot be negative.</source>
        <translation>Die Dauer von stall darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>Unknown firmware error kind &apos;%1&apos; (known: %2).</source>
        <translation>Unbekannte Art von Firmware-Fehler &apos;%1&apos; (bekannt: %2).</translation>
    </message>
    <message>
        <source>The %1 firmware never prints HPX_ERROR=%2.</source>
        <translation>Die %1-Firmware gibt nie HPX_ERROR=%2 aus.</translation>
    </message>
</context>
<context>
    <name>hpx::device::TcpLink</name>
    <message>
        <source>TCP %1:%2</source>
        <translation>TCP %1:%2</translation>
    </message>
    <message>
        <source>Nothing accepts connections on %1. J-Link offers RTT there only while a J-Link session (J-Link Commander, GDB Server or RTT Viewer) is open.</source>
        <translation>Unter %1 werden keine Verbindungen angenommen. J-Link bietet RTT dort nur an, solange eine J-Link-Sitzung (J-Link Commander, GDB Server oder RTT Viewer) geöffnet ist.</translation>
    </message>
    <message>
        <source>Nothing accepts connections on %1. Check that the bridge or emulator is running.</source>
        <translation>Unter %1 werden keine Verbindungen angenommen. Prüfen Sie, ob die Brücke oder der Emulator läuft.</translation>
    </message>
    <message>
        <source>%1 closed the connection.</source>
        <translation>%1 hat die Verbindung geschlossen.</translation>
    </message>
    <message>
        <source>Host %1 not found.</source>
        <translation>Host %1 nicht gefunden.</translation>
    </message>
    <message>
        <source>Connecting to %1 timed out.</source>
        <translation>Zeitüberschreitung beim Verbinden mit %1.</translation>
    </message>
    <message>
        <source>The network connection to %1 failed: %2</source>
        <translation>Die Netzwerkverbindung zu %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Not allowed to connect to %1.</source>
        <translation>Verbindung mit %1 nicht erlaubt.</translation>
    </message>
    <message>
        <source>Connection to %1 failed: %2</source>
        <translation>Verbindung zu %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
    <message>
        <source>%1 closed the connection during the capture.</source>
        <translation>%1 hat die Verbindung während der Aufzeichnung geschlossen.</translation>
    </message>
</context>
<context>
    <name>hpx::device::WireParser</name>
    <message>
        <source>The stream ended inside iteration %1 of pass %2 without a closing marker; that iteration is not used.</source>
        <translation>Der Datenstrom endete innerhalb von Iteration %1 von Durchlauf %2 ohne Endmarkierung; diese Iteration wird nicht verwendet.</translation>
    </message>
    <message>
        <source>The stream has no &quot;--- HPX_END ---&quot; line: the capture was cut short, and its last iteration is missing.</source>
        <translation>Der Datenstrom enthält keine Zeile &quot;--- HPX_END ---&quot;: Die Aufzeichnung wurde vorzeitig beendet, und ihre letzte Iteration fehlt.</translation>
    </message>
    <message>
        <source>The board speaks wire protocol version %1; this version of hpx Studio reads version 1, so the results may be wrong.</source>
        <translation>Das Board spricht Übertragungsprotokoll-Version %1; diese Version von hpx Studio liest Version 1, daher können die Ergebnisse falsch sein.</translation>
    </message>
    <message>
        <source>Pass %1 has iterations with different numbers of layers (%2): lines were lost or damaged.</source>
        <translation>Durchlauf %1 hat Iterationen mit unterschiedlicher Schichtanzahl (%2): Zeilen gingen verloren oder wurden beschädigt.</translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>A line longer than %1 bytes was skipped (binary noise on the link?).</source>
        <translation>Eine Zeile länger als %1 Bytes wurde übersprungen (binäres Rauschen auf der Verbindung?).</translation>
    </message>
    <message>
        <source>The board warns: %1</source>
        <translation>Das Board warnt: %1</translation>
    </message>
    <message>
        <source>The board restarted the stream during iteration %1 of pass %2; that iteration is discarded.</source>
        <translation>Das Board hat den Datenstrom während Iteration %1 von Durchlauf %2 neu gestartet; diese Iteration wird verworfen.</translation>
    </message>
    <message>
        <source>The board restarted the stream (reset?).</source>
        <translation>Das Board hat den Datenstrom neu gestartet (Reset?).</translation>
    </message>
    <message>
        <source>Pass %1 started again; its earlier iterations are replaced by the new ones.</source>
        <translation>Durchlauf %1 hat erneut begonnen; seine früheren Iterationen werden durch die neuen ersetzt.</translation>
    </message>
    <message>
        <source>Iteration %1 follows iteration %2 in pass %3 (a lost pass marker?); it is not used.</source>
        <translation>Iteration %1 folgt auf Iteration %2 in Durchlauf %3 (verlorene Durchlaufmarkierung?); sie wird nicht verwendet.</translation>
    </message>
    <message numerus="yes">
        <source>%n further problem(s) were not listed.</source>
        <translation>
            <numerusform>%n weiteres Problem wurde nicht aufgeführt.</numerusform>
            <numerusform>%n weitere Probleme wurden nicht aufgeführt.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of its first %2 bytes are NUL: binary data, not a wire stream (a stream is lines of text).</source>
        <translation>%1 ihrer ersten %2 Bytes sind NUL: Binärdaten, kein Datenstrom des Übertragungsprotokolls (ein Datenstrom besteht aus Textzeilen).</translation>
    </message>
    <message>
        <source>its first %1 bytes hold no line feed: not a wire stream (a stream is lines of text).</source>
        <translation>ihre ersten %1 Bytes enthalten keinen Zeilenvorschub: kein Datenstrom des Übertragungsprotokolls (ein Datenstrom besteht aus Textzeilen).</translation>
    </message>
</context>
<context>
    <name>hpx::model::AotManifest</name>
    <message>
        <source>not valid JSON at offset %1: %2</source>
        <translation>ungültiges JSON an Offset %1: %2</translation>
    </message>
    <message>
        <source>an AOT operator manifest must be a JSON array of operators</source>
        <translation>ein AOT-Operator-Manifest muss ein JSON-Array von Operatoren sein</translation>
    </message>
    <message>
        <source>cannot read the AOT operator manifest: %1</source>
        <translation>das AOT-Operator-Manifest kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>cannot open the AOT operator manifest: %1</source>
        <translation>das AOT-Operator-Manifest kann nicht geöffnet werden: %1</translation>
    </message>
</context>
<context>
    <name>hpx::model::BoardPlacementResult</name>
    <message>
        <source>the firmware&apos;s data, bss and stack</source>
        <translation>Daten, BSS und Stack der Firmware</translation>
    </message>
    <message>
        <source>the firmware&apos;s code and constants</source>
        <translation>Code und Konstanten der Firmware</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>unknown memory location &quot;%1&quot; (choose %2)</source>
        <translation>unbekannter Speicherort „%1“ (wählen Sie %2)</translation>
    </message>
    <message>
        <source>model.arena_size %1 is not a size the virtual board can give (1 to %2)</source>
        <translation>model.arena_size %1 ist keine Größe, die das virtuelle Board bereitstellen kann (1 bis %2)</translation>
    </message>
    <message>
        <source>an arena of %1 (model.arena_size)</source>
        <translation>eine Arena von %1 (model.arena_size)</translation>
    </message>
    <message>
        <source>an arena of %1 (its estimate, %2, and a margin)</source>
        <translation>eine Arena von %1 (ihre Schätzung, %2, und eine Reserve)</translation>
    </message>
    <message>
        <source>an arena of %1</source>
        <translation>eine Arena von %1</translation>
    </message>
    <message>
        <source>the arena cannot go to mram: it is read-only on the virtual board (the code SRAM or the QSPI flash), for weights only</source>
        <translation>die Arena kann nicht in mram liegen: es ist auf dem virtuellen Board nur lesbar (das Code-SRAM oder der QSPI-Flash), nur für Gewichte</translation>
    </message>
    <message>
        <source>the model needs %1, more than %2 has for it (%3)</source>
        <translation>das Modell braucht %1, mehr als %2 dafür hat (%3)</translation>
    </message>
    <message>
        <source>the model needs %1; it fits in no memory of the virtual board, whose largest region, %2, has %3</source>
        <translation>das Modell braucht %1; es passt in keinen Speicher des virtuellen Boards, dessen größter Bereich, %2, %3 hat</translation>
    </message>
    <message>
        <source>the model&apos;s weights (%1) do not fit in %2: it has %3 for them beside the arena</source>
        <translation>die Gewichte des Modells (%1) passen nicht in %2: es hat neben der Arena %3 für sie</translation>
    </message>
    <message>
        <source>the model&apos;s weights (%1) do not fit in %2: it has %3 for them</source>
        <translation>die Gewichte des Modells (%1) passen nicht in %2: es hat %3 für sie</translation>
    </message>
    <message>
        <source>the model&apos;s weights (%1) fit in no memory of the virtual board beside its arena; the largest region, %2, has %3 left</source>
        <translation>die Gewichte des Modells (%1) passen neben seiner Arena in keinen Speicher des virtuellen Boards; der größte Bereich, %2, hat noch %3</translation>
    </message>
</context>
<context>
    <name>hpx::model::BoundedFile</name>
    <message>
        <source>%1 is not a regular file (a folder, FIFO, device or socket); it is not read.</source>
        <translation>%1 ist keine reguläre Datei (ein Ordner, FIFO, Gerät oder Socket); sie wird nicht gelesen.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is too large: %2 bytes, at most %3 are read.</source>
        <translation>%1 ist zu groß: %2 Bytes, höchstens %3 werden gelesen.</translation>
    </message>
    <message>
        <source>%1 is too large: more than %2 bytes.</source>
        <translation>%1 ist zu groß: mehr als %2 Bytes.</translation>
    </message>
</context>
<context>
    <name>hpx::model::BundlePublisher</name>
    <message>
        <source>removed what a finished run left behind</source>
        <translation>Reste eines abgeschlossenen Laufs entfernt</translation>
    </message>
    <message>
        <source>completed the new results of an interrupted run</source>
        <translation>die neuen Ergebnisse eines unterbrochenen Laufs vervollständigt</translation>
    </message>
    <message>
        <source>restored the previous results after an interrupted run</source>
        <translation>die bisherigen Ergebnisse nach einem unterbrochenen Lauf wiederhergestellt</translation>
    </message>
    <message>
        <source>Cannot remove %1.</source>
        <translation>%1 kann nicht entfernt werden.</translation>
    </message>
    <message>
        <source>%1 holds an interrupted earlier run that cannot be cleaned up: %2</source>
        <translation>%1 enthält einen früheren, unterbrochenen Lauf, der sich nicht bereinigen lässt: %2</translation>
    </message>
    <message>
        <source>injected write failure</source>
        <translation>injizierter Schreibfehler</translation>
    </message>
    <message>
        <source>cannot create its folder</source>
        <translation>der zugehörige Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. The previous results in %3 are unchanged.</source>
        <translation>%1 kann nicht geschrieben werden: %2. Die bisherigen Ergebnisse in %3 bleiben unverändert.</translation>
    </message>
    <message>
        <source>Cannot replace %1: %2. The previous results in %3 are unchanged.</source>
        <translation>%1 kann nicht ersetzt werden: %2. Die bisherigen Ergebnisse in %3 bleiben unverändert.</translation>
    </message>
    <message>
        <source>Cannot create the output folder %1.</source>
        <translation>Der Ausgabeordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>%1, process %2</source>
        <translation>%1, Prozess %2</translation>
    </message>
    <message>
        <source>An earlier run in this folder was interrupted: %1.</source>
        <translation>Ein früherer Lauf in diesem Ordner wurde unterbrochen: %1.</translation>
    </message>
    <message>
        <source>Another program (%1) published results in %2 while this run waited for it; they are replaced by this run&apos;s.</source>
        <translation>Ein anderes Programm (%1) hat Ergebnisse in %2 veröffentlicht, während dieser Lauf darauf wartete; sie werden durch die dieses Laufs ersetzt.</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Cannot restore %1: %2</source>
        <translation>%1 kann nicht wiederhergestellt werden: %2</translation>
    </message>
    <message>
        <source>Cannot remove the files of an unfinished run in %1.</source>
        <translation>Die Dateien eines unvollendeten Laufs in %1 können nicht entfernt werden.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot write in the output folder %1: %2</source>
        <translation>Im Ausgabeordner %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot create a folder</source>
        <translation>ein Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>it names no owner (empty or unreadable)</source>
        <translation>sie nennt keinen Besitzer (leer oder unlesbar)</translation>
    </message>
    <message>
        <source>it was written before the system last started (process %1)</source>
        <translation>sie wurde vor dem letzten Systemstart geschrieben (Prozess %1)</translation>
    </message>
    <message>
        <source>process %1 is gone</source>
        <translation>Prozess %1 existiert nicht mehr</translation>
    </message>
    <message>
        <source>took over the lock %1 left behind: %2</source>
        <translation>die zurückgelassene Sperre %1 wurde übernommen: %2</translation>
    </message>
    <message>
        <source>Another program (%1, process %2) is writing results to %3 right now.</source>
        <translation>Ein anderes Programm (%1, Prozess %2) schreibt gerade Ergebnisse nach %3.</translation>
    </message>
    <message>
        <source>Another program is writing results to %1 right now (its lock %2 is being created).</source>
        <translation>Ein anderes Programm schreibt gerade Ergebnisse nach %1 (seine Sperre %2 wird gerade angelegt).</translation>
    </message>
    <message>
        <source>Cannot lock the output folder %1 (%2).</source>
        <translation>Der Ausgabeordner %1 kann nicht gesperrt werden (%2).</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>keine Berechtigung</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
</context>
<context>
    <name>hpx::model::BundleReader</name>
    <message>
        <source>%1 is damaged: its SHA-256 digest does not match the manifest.</source>
        <translation>%1 ist beschädigt: Seine SHA-256-Prüfsumme stimmt nicht mit dem Manifest überein.</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>Der Ordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>%1 holds an interrupted write of results that cannot be completed or undone now: %2</source>
        <translation>%1 enthält ein unterbrochenes Schreiben von Ergebnissen, das sich jetzt weder abschließen noch rückgängig machen lässt: %2</translation>
    </message>
    <message>
        <source>An interrupted run was found in this folder: %1.</source>
        <translation>In diesem Ordner wurde ein unterbrochener Lauf gefunden: %1.</translation>
    </message>
    <message>
        <source>%1 is not a result bundle: it has no result_manifest.json, summary.json or profile_results file.</source>
        <translation>%1 ist kein Ergebnispaket: Es enthält weder result_manifest.json noch summary.json noch eine profile_results-Datei.</translation>
    </message>
    <message>
        <source>This bundle has no result_manifest.json: it is read as a legacy bundle and its files are not verified.</source>
        <translation>Dieses Ergebnispaket hat keine result_manifest.json: Es wird als Ergebnispaket im alten Format gelesen, und seine Dateien werden nicht geprüft.</translation>
    </message>
    <message>
        <source>summary.json has schema version %1; versions 1 and 2 are known.</source>
        <translation>summary.json hat die Schemaversion %1; bekannt sind die Versionen 1 und 2.</translation>
    </message>
    <message>
        <source>The bundle has no summary.json.</source>
        <translation>Das Ergebnispaket enthält keine summary.json.</translation>
    </message>
    <message>
        <source>result_manifest.json is missing, but hpx Studio writes one with every bundle: files may be missing or come from another run, so these results are marked invalid.</source>
        <translation>result_manifest.json fehlt, obwohl hpx Studio sie mit jedem Bundle schreibt: Dateien können fehlen oder aus einem anderen Lauf stammen, daher gelten diese Ergebnisse als ungültig.</translation>
    </message>
    <message>
        <source>%1 is a file, not a bundle folder.</source>
        <translation>%1 ist eine Datei, kein Bundle-Ordner.</translation>
    </message>
    <message>
        <source>summary.json is damaged: its validity &quot;%1&quot; contradicts result_manifest.json&apos;s &quot;%2&quot;.</source>
        <translation>summary.json ist beschädigt: seine Gültigkeit „%1“ widerspricht der von result_manifest.json („%2“).</translation>
    </message>
    <message>
        <source>%1 is damaged: it has %2 layers, summary.json says %3.</source>
        <translation>%1 ist beschädigt: sie hat %2 Schichten, summary.json nennt %3.</translation>
    </message>
    <message>
        <source>This legacy bundle reports PMU counter overflow (overflow_detected): its results are invalid.</source>
        <translation>Dieses Legacy-Bundle meldet einen PMU-Zählerüberlauf (overflow_detected): seine Ergebnisse sind ungültig.</translation>
    </message>
    <message>
        <source>%1 is damaged: not valid JSON (%2).</source>
        <translation>%1 ist beschädigt: kein gültiges JSON (%2).</translation>
    </message>
    <message>
        <source>%1 is damaged: a JSON object was expected.</source>
        <translation>%1 ist beschädigt: Ein JSON-Objekt wurde erwartet.</translation>
    </message>
    <message>
        <source>%1 is not an hpx result manifest (schema &quot;%2&quot;).</source>
        <translation>%1 ist kein hpx-Ergebnismanifest (Schema &quot;%2&quot;).</translation>
    </message>
    <message>
        <source>%1 has schema version %2; this version of hpx Studio reads version %3.</source>
        <translation>%1 hat die Schemaversion %2; diese Version von hpx Studio liest Version %3.</translation>
    </message>
    <message>
        <source>%1 is damaged: it has no artifact list.</source>
        <translation>%1 ist beschädigt: Es enthält keine Artefaktliste.</translation>
    </message>
    <message>
        <source>%1 declares an artifact outside the bundle: &quot;%2&quot;.</source>
        <translation>%1 führt ein Artefakt außerhalb des Ergebnispakets auf: &quot;%2&quot;.</translation>
    </message>
    <message>
        <source>%1 is missing: the manifest declares it.</source>
        <translation>%1 fehlt: Das Manifest führt es auf.</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a folder, FIFO, device or socket); it is not read.</source>
        <translation>%1 ist keine reguläre Datei (ein Ordner, FIFO, Gerät oder Socket); sie wird nicht gelesen.</translation>
    </message>
    <message>
        <source>%1 is damaged: it has %2 bytes, the manifest says %3.</source>
        <translation>%1 ist beschädigt: Es hat %2 Bytes, laut Manifest %3.</translation>
    </message>
    <message>
        <source>%1 is incomplete: a complete profile bundle must declare %2.</source>
        <translation>%1 ist unvollständig: Ein vollständiges Profil-Ergebnispaket muss %2 aufführen.</translation>
    </message>
    <message>
        <source>The bundle&apos;s status is &quot;%1&quot;, not complete: its results may be partial.</source>
        <translation>Der Status des Ergebnispakets ist &quot;%1&quot;, nicht abgeschlossen: Seine Ergebnisse können unvollständig sein.</translation>
    </message>
    <message>
        <source>%1 is damaged: %2</source>
        <translation>%1 ist beschädigt: %2</translation>
    </message>
    <message>
        <source>%1 is not a bundle folder (a FIFO, device or socket).</source>
        <translation>%1 ist kein Ergebnispaket-Ordner (ein FIFO, Gerät oder Socket).</translation>
    </message>
</context>
<context>
    <name>hpx::model::BundleSchema</name>
    <message>
        <source>%1 is damaged: &quot;%2&quot; %3.</source>
        <translation>%1 ist beschädigt: „%2“ %3.</translation>
    </message>
    <message>
        <source>must be an object, not %1</source>
        <translation>muss ein Objekt sein, nicht %1</translation>
    </message>
    <message>
        <source>must be a list, not %1</source>
        <translation>muss eine Liste sein, nicht %1</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>must be a string, not %1</source>
        <translation>muss eine Zeichenkette sein, nicht %1</translation>
    </message>
    <message>
        <source>must be one of %1, not %2</source>
        <translation>muss einer der Werte %1 sein, nicht %2</translation>
    </message>
    <message>
        <source>must be true or false, not %1</source>
        <translation>muss true oder false sein, nicht %1</translation>
    </message>
    <message>
        <source>must be a finite number or null, not %1</source>
        <translation>muss eine endliche Zahl oder null sein, nicht %1</translation>
    </message>
    <message>
        <source>must be a whole number &gt;= 0, not %1</source>
        <translation>muss eine ganze Zahl &gt;= 0 sein, nicht %1</translation>
    </message>
    <message>
        <source>%1 is damaged: a JSON object was expected.</source>
        <translation>%1 ist beschädigt: Ein JSON-Objekt wurde erwartet.</translation>
    </message>
    <message>
        <source>declares %1 a second time</source>
        <translation>deklariert %1 ein zweites Mal</translation>
    </message>
    <message>
        <source>must be a whole number of bytes, not %1</source>
        <translation>muss eine ganze Zahl von Bytes sein, nicht %1</translation>
    </message>
    <message>
        <source>must be 64 lower-case hex digits, not %1</source>
        <translation>muss aus 64 kleingeschriebenen Hexadezimalziffern bestehen, nicht %1</translation>
    </message>
    <message>
        <source>must be a whole number or a string, not %1</source>
        <translation>muss eine ganze Zahl oder eine Zeichenkette sein, nicht %1</translation>
    </message>
</context>
<context>
    <name>hpx::model::BundleWriter</name>
    <message numerus="yes">
        <source>%n layer(s) could not be matched to a model operator and are left out of the overlays (listed in summary.json).</source>
        <translation>
            <numerusform>%n Schicht konnte keinem Modelloperator zugeordnet werden und fehlt in den Overlays (aufgeführt in summary.json).</numerusform>
            <numerusform>%n Schichten konnten keinem Modelloperator zugeordnet werden und fehlen in den Overlays (aufgeführt in summary.json).</numerusform>
        </translation>
    </message>
    <message>
        <source>The run has no layer data, so there is no bundle to write.</source>
        <translation>Der Lauf enthält keine Schichtdaten, daher gibt es kein Ergebnispaket zu schreiben.</translation>
    </message>
    <message>
        <source>No model was given: the bundle has no MACs and the overlays assume one subgraph (graph id &quot;main&quot;).</source>
        <translation>Es wurde kein Modell angegeben: Das Ergebnispaket enthält keine MACs, und die Overlays gehen von einem einzigen Subgraphen aus (Graph-ID &quot;main&quot;).</translation>
    </message>
    <message>
        <source>Not captured, so no overlay: %1</source>
        <translation>Nicht erfasst, daher kein Overlay: %1</translation>
    </message>
    <message>
        <source>Cannot read the raw capture %1: %2</source>
        <translation>Die Rohaufzeichnung %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>The raw capture was saved to %1.</source>
        <translation>Die Rohaufzeichnung wurde in %1 gespeichert.</translation>
    </message>
    <message>
        <source>Nothing to write.</source>
        <translation>Nichts zu schreiben.</translation>
    </message>
    <message>
        <source>Cannot create the output folder %1.</source>
        <translation>Der Ausgabeordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>%1/ still holds files hpx Studio did not write; they were left in place.</source>
        <translation>%1/ enthält noch Dateien, die nicht von hpx Studio geschrieben wurden; sie wurden nicht verändert.</translation>
    </message>
    <message>
        <source>No overlay for %1: the board %2 cannot count them.</source>
        <translation>Kein Overlay für %1: Das Board %2 kann diese Zähler nicht zählen.</translation>
    </message>
    <message>
        <source>%1 is not a folder (a bundle is a folder of files); choose another output folder.</source>
        <translation>%1 ist kein Ordner (ein Ergebnispaket ist ein Ordner mit Dateien); wählen Sie einen anderen Ausgabeordner.</translation>
    </message>
</context>
<context>
    <name>hpx::model::Comparison</name>
    <message>
        <source>baseline</source>
        <translation>Basislauf</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>The %1 result bundle is not complete.</source>
        <translation>Das Ergebnis-Bundle (%1) ist nicht vollständig.</translation>
    </message>
    <message>
        <source>The %1 result is invalid and cannot be compared.</source>
        <translation>Das Ergebnis (%1) ist ungültig und kann nicht verglichen werden.</translation>
    </message>
    <message>
        <source>The legacy %1 result has PMU counter overflow.</source>
        <translation>Das alte Ergebnis (%1) hat einen PMU-Zählerüberlauf.</translation>
    </message>
    <message>
        <source>The two runs profiled different models (model SHA-256 differs); use --allow-model-change to compare them anyway.</source>
        <translation>Die beiden Läufe haben verschiedene Modelle gemessen (SHA-256 des Modells unterscheidet sich); mit --allow-model-change werden sie trotzdem verglichen.</translation>
    </message>
    <message>
        <source>Baseline %1: %2</source>
        <translation>Basislauf %1: %2</translation>
    </message>
    <message>
        <source>Candidate %1: %2</source>
        <translation>Kandidat %1: %2</translation>
    </message>
</context>
<context>
    <name>hpx::model::ComparisonProfile</name>
    <message>
        <source>A comparison profile must be a JSON object.</source>
        <translation>Ein Vergleichsprofil muss ein JSON-Objekt sein.</translation>
    </message>
    <message>
        <source>Unsupported comparison profile schema &quot;%1&quot;; expected &quot;%2&quot;.</source>
        <translation>Nicht unterstütztes Vergleichsprofil-Schema „%1“; erwartet wird „%2“.</translation>
    </message>
    <message>
        <source>Unsupported comparison profile version %1; this version of hpx Studio reads version %2.</source>
        <translation>Nicht unterstützte Vergleichsprofil-Version %1; diese Version von hpx Studio liest Version %2.</translation>
    </message>
    <message>
        <source>A comparison profile needs a non-empty &quot;metrics&quot; object.</source>
        <translation>Ein Vergleichsprofil braucht ein nicht leeres „metrics“-Objekt.</translation>
    </message>
    <message>
        <source>Metric &quot;%1&quot; of the comparison profile must be an object.</source>
        <translation>Metrik „%1“ des Vergleichsprofils muss ein Objekt sein.</translation>
    </message>
    <message>
        <source>Metric &quot;%1&quot;: direction must be smaller, larger or equal.</source>
        <translation>Metrik „%1“: direction muss smaller, larger oder equal sein.</translation>
    </message>
    <message>
        <source>Metric &quot;%1&quot;: unit must be a string.</source>
        <translation>Metrik „%1“: unit muss eine Zeichenkette sein.</translation>
    </message>
    <message>
        <source>Metric &quot;%1&quot;: max_regression_pct must be a non-negative number.</source>
        <translation>Metrik „%1“: max_regression_pct muss eine nicht negative Zahl sein.</translation>
    </message>
    <message>
        <source>Metric &quot;%1&quot;: max_regression_abs must be a non-negative number.</source>
        <translation>Metrik „%1“: max_regression_abs muss eine nicht negative Zahl sein.</translation>
    </message>
    <message>
        <source>Metric &quot;%1&quot;: missing must be fail, warn or ignore.</source>
        <translation>Metrik „%1“: missing muss fail, warn oder ignore sein.</translation>
    </message>
    <message>
        <source>The profile&apos;s missing must be fail, warn or ignore.</source>
        <translation>missing des Profils muss fail, warn oder ignore sein.</translation>
    </message>
    <message>
        <source>required_dimensions must be an array of names.</source>
        <translation>required_dimensions muss eine Liste von Namen sein.</translation>
    </message>
    <message>
        <source>required_dimensions must be unique (&quot;%1&quot; is listed twice).</source>
        <translation>required_dimensions müssen eindeutig sein („%1“ steht doppelt darin).</translation>
    </message>
    <message>
        <source>The profile&apos;s name must be a non-empty string.</source>
        <translation>name des Profils muss eine nicht leere Zeichenkette sein.</translation>
    </message>
    <message>
        <source>Cannot load comparison profile %1: %2</source>
        <translation>Vergleichsprofil %1 kann nicht geladen werden: %2</translation>
    </message>
    <message>
        <source>Comparison profile %1: %2</source>
        <translation>Vergleichsprofil %1: %2</translation>
    </message>
</context>
<context>
    <name>hpx::model::ComparisonWriteResult</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden.</translation>
    </message>
</context>
<context>
    <name>hpx::model::Config</name>
    <message>
        <source># hpx.yml - profile configuration for hpx Studio, compatible with heliaPROFILER (hpx).
# Precedence: built-in defaults &lt; this file (hpx profile --config hpx.yml) &lt; command-line flags.
# Every key is shown at its default. Keys commented out with &quot;firmware build only&quot; concern building
# and flashing firmware: they are accepted (heliaPROFILER files work unchanged) and not used by this
# app. Keys marked &quot;hpx Studio&quot; are this app&apos;s additions. Reference: docs/config.md.
</source>
        <translation># hpx.yml - Profilkonfiguration für hpx Studio, kompatibel mit heliaPROFILER (hpx).
# Vorrang: eingebaute Standardwerte &lt; diese Datei (hpx profile --config hpx.yml) &lt; Befehlszeilenoptionen.
# Jeder Schlüssel steht auf seinem Standardwert. Mit &quot;firmware build only&quot; auskommentierte Schlüssel betreffen
# das Bauen und Flashen der Firmware: Sie werden akzeptiert (heliaPROFILER-Dateien funktionieren unverändert),
# aber von dieser Anwendung nicht verwendet. Mit &quot;hpx Studio&quot; markierte Schlüssel sind Ergänzungen dieser Anwendung. Referenz: docs/config.md.
</translation>
    </message>
    <message>
        <source>cannot read the config file: %1</source>
        <translation>die Konfigurationsdatei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>config file not found</source>
        <translation>Konfigurationsdatei nicht gefunden</translation>
    </message>
    <message>
        <source>the config must be a mapping of keys (model, engine, target, profiling, output)</source>
        <translation>die Konfiguration muss eine Zuordnung von Schlüsseln sein (model, engine, target, profiling, output)</translation>
    </message>
    <message>
        <source>unknown key %1</source>
        <translation>unbekannter Schlüssel %1</translation>
    </message>
    <message>
        <source>%1: expected GROUP:SELECT (cpu:default, mve:all, memory:ARM_PMU_L1D_CACHE,ARM_PMU_MEM_ACCESS), got %2</source>
        <translation>%1: GROUP:SELECT erwartet (cpu:default, mve:all, memory:ARM_PMU_L1D_CACHE,ARM_PMU_MEM_ACCESS), %2 erhalten</translation>
    </message>
    <message>
        <source>%1: the list of counters is empty</source>
        <translation>%1: Die Liste der Zähler ist leer</translation>
    </message>
    <message>
        <source>the file holds more than one YAML document (separated by &quot;---&quot;); a config is one document</source>
        <translation>die Datei enthält mehr als ein YAML-Dokument (getrennt durch „---“); eine Konfiguration ist ein Dokument</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>the file is UTF-16 or UTF-32 text; a config must be UTF-8 (save it as UTF-8)</source>
        <translation>die Datei ist UTF-16- oder UTF-32-Text; eine Konfiguration muss UTF-8 sein (als UTF-8 speichern)</translation>
    </message>
    <message>
        <source>the file holds a NUL byte here, so it is not YAML text (a binary file?)</source>
        <translation>die Datei enthält hier ein NUL-Byte, daher ist sie kein YAML-Text (eine Binärdatei?)</translation>
    </message>
    <message>
        <source>invalid YAML: unexpected text (%1)</source>
        <translation>ungültiges YAML: unerwarteter Text (%1)</translation>
    </message>
    <message>
        <source>invalid YAML: %1 (%2)</source>
        <translation>ungültiges YAML: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>hpx::model::ConfigParser</name>
    <message>
        <source>%1: expected %2, got %3%4</source>
        <translation>%1: %2 erwartet, %3 erhalten%4</translation>
    </message>
    <message>
        <source>%1: must be at least %2, got %3</source>
        <translation>%1: muss mindestens %2 sein, %3 erhalten</translation>
    </message>
    <message>
        <source>%1: must be at most %2, got %3</source>
        <translation>%1: darf höchstens %2 sein, %3 erhalten</translation>
    </message>
    <message>
        <source>%1: %2 is not one of %3%4</source>
        <translation>%1: %2 ist keiner der Werte %3%4</translation>
    </message>
    <message>
        <source>%1: expected a mapping of group (cpu, memory, mve) to default, all or a list of counters</source>
        <translation>%1: eine Zuordnung von Gruppe (cpu, memory, mve) zu default, all oder einer Liste von Zählern erwartet</translation>
    </message>
    <message>
        <source>%1: the list of counters is empty</source>
        <translation>%1: Die Liste der Zähler ist leer</translation>
    </message>
    <message>
        <source>%1: expected default, all or a list of counter names</source>
        <translation>%1: default, all oder eine Liste von Zählernamen erwartet</translation>
    </message>
    <message>
        <source>%1: unknown counter group %2; groups are %3%4</source>
        <translation>%1: unbekannte Zählergruppe %2; verfügbare Gruppen sind %3%4</translation>
    </message>
    <message>
        <source>%1: unknown counter %2%3</source>
        <translation>%1: unbekannter Zähler %2%3</translation>
    </message>
    <message>
        <source>%1: expected default, all or a list of counter names, got %2%3</source>
        <translation>%1: default, all oder eine Liste von Zählernamen erwartet, %2 erhalten%3</translation>
    </message>
    <message>
        <source>duplicate key %1</source>
        <translation>doppelter Schlüssel %1</translation>
    </message>
    <message>
        <source>%1: expected a mapping of keys</source>
        <translation>%1: eine Zuordnung von Schlüsseln erwartet</translation>
    </message>
    <message>
        <source>%1: expected %2, got %3</source>
        <translation>%1: %2 erwartet, %3 erhalten</translation>
    </message>
    <message>
        <source>a mapping</source>
        <translation>eine Zuordnung</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>eine Liste</translation>
    </message>
    <message>
        <source>%1 only concerns building and flashing firmware; not used by this app</source>
        <translation>%1 betrifft nur das Bauen und Flashen der Firmware; wird von dieser Anwendung nicht verwendet</translation>
    </message>
    <message>
        <source>%1 is accepted for compatibility; not used by this app</source>
        <translation>%1 wird aus Kompatibilitätsgründen akzeptiert; wird von dieser Anwendung nicht verwendet</translation>
    </message>
    <message>
        <source>unknown key %1%2</source>
        <translation>unbekannter Schlüssel %1%2</translation>
    </message>
    <message>
        <source>%1: unknown board %2%3</source>
        <translation>%1: unbekanntes Board %2%3</translation>
    </message>
    <message>
        <source>profiling.window_max (%1) must be &gt;= profiling.window_min (%2)</source>
        <translation>profiling.window_max (%1) muss &gt;= profiling.window_min (%2) sein</translation>
    </message>
    <message>
        <source>%1: the value stands for more than %2 values or nests deeper than %3 levels (anchors and aliases repeat what they name); write it out</source>
        <translation>%1: der Wert steht für mehr als %2 Werte oder ist tiefer als %3 Ebenen verschachtelt (Anker und Aliase wiederholen, was sie benennen); bitte ausschreiben</translation>
    </message>
    <message>
        <source> (did you mean %1?)</source>
        <translation> (meinten Sie %1?)</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true oder false</translation>
    </message>
    <message>
        <source>an integer &gt;= %1</source>
        <translation>eine Ganzzahl &gt;= %1</translation>
    </message>
    <message>
        <source>an integer &gt;= 0</source>
        <translation>eine Ganzzahl &gt;= 0</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>eine Zeichenkette</translation>
    </message>
    <message>
        <source>one of %1</source>
        <translation>einer der Werte %1</translation>
    </message>
    <message numerus="yes">
        <source>&apos;%1…&apos; (%n characters)</source>
        <translation>
            <numerusform>&apos;%1…&apos; (%n Zeichen)</numerusform>
            <numerusform>&apos;%1…&apos; (%n Zeichen)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::CounterSelection</name>
    <message>
        <source>invalid --pmu-counters value &quot;%1&quot;: expected GROUP:SELECT, for example cpu:default, memory:all or mve:ARM_PMU_MVE_INST_RETIRED,ARM_PMU_MVE_STALL</source>
        <translation>ungültiger Wert für --pmu-counters &quot;%1&quot;: GROUP:SELECT erwartet, zum Beispiel cpu:default, memory:all oder mve:ARM_PMU_MVE_INST_RETIRED,ARM_PMU_MVE_STALL</translation>
    </message>
</context>
<context>
    <name>hpx::model::FirmwareError</name>
    <message>
        <source>board error %1: %2</source>
        <translation>Board-Fehler %1: %2</translation>
    </message>
    <message>
        <source>board error %1 (%2): %3</source>
        <translation>Board-Fehler %1 (%2): %3</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>The model&apos;s TFLite schema version (%1) is not the one the firmware was built for (%2).</source>
        <translation>Die TFLite-Schemaversion des Modells (%1) ist nicht die, für die die Firmware gebaut wurde (%2).</translation>
    </message>
    <message>
        <source>Convert the model again with a TensorFlow Lite version that matches the firmware&apos;s runtime, or rebuild the firmware for this model.</source>
        <translation>Konvertieren Sie das Modell erneut mit einer TensorFlow-Lite-Version, die zur Laufzeitumgebung der Firmware passt, oder bauen Sie die Firmware für dieses Modell neu.</translation>
    </message>
    <message>
        <source>The model uses the custom operator %1 (operator %2), which the firmware does not register.</source>
        <translation>Das Modell verwendet den benutzerdefinierten Operator %1 (Operator %2), den die Firmware nicht registriert.</translation>
    </message>
    <message>
        <source>The model uses the operator %1 (builtin %2, operator %3), which the firmware does not register.</source>
        <translation>Das Modell verwendet den Operator %1 (Builtin %2, Operator %3), den die Firmware nicht registriert.</translation>
    </message>
    <message>
        <source>Rebuild the firmware with this operator added to its op resolver, or convert the model without it.</source>
        <translation>Bauen Sie die Firmware neu und nehmen Sie diesen Operator in ihren Op-Resolver auf, oder konvertieren Sie das Modell ohne ihn.</translation>
    </message>
    <message>
        <source>%1 operator(s) of the model are not registered in the firmware&apos;s op resolver.</source>
        <translation>%1 Operator(en) des Modells sind nicht im Op-Resolver der Firmware registriert.</translation>
    </message>
    <message>
        <source>The HPX_ERROR=unsupported_op lines before this one name each operator; rebuild the firmware with them registered.</source>
        <translation>Die HPX_ERROR=unsupported_op-Zeilen vor dieser nennen jeden Operator; bauen Sie die Firmware neu und registrieren Sie diese dabei.</translation>
    </message>
    <message>
        <source>The runtime could not allocate the model&apos;s tensors (arena %1 bytes, status %2).</source>
        <translation>Die Laufzeitumgebung konnte die Tensoren des Modells nicht zuweisen (Arena %1 Bytes, Status %2).</translation>
    </message>
    <message>
        <source>Either the tensor arena is too small (raise the arena size and rebuild) or a kernel rejected an operator while preparing it (an unsupported shape, type or parameter).</source>
        <translation>Entweder ist die Tensor-Arena zu klein (vergrößern Sie die Arena und bauen Sie neu), oder ein Kernel hat beim Vorbereiten einen Operator abgelehnt (nicht unterstützte Form, Typ oder Parameter).</translation>
    </message>
    <message>
        <source>The board could not initialise its PSRAM.</source>
        <translation>Das Board konnte seinen PSRAM nicht initialisieren.</translation>
    </message>
    <message>
        <source>Check that this board has PSRAM fitted; otherwise place the model weights and the arena in on-chip memory.</source>
        <translation>Prüfen Sie, ob dieses Board mit PSRAM bestückt ist; andernfalls legen Sie die Modellgewichte und die Arena in den On-Chip-Speicher.</translation>
    </message>
    <message>
        <source>The PSRAM started but the firmware could not read its size and address.</source>
        <translation>Der PSRAM wurde gestartet, aber die Firmware konnte seine Größe und Adresse nicht lesen.</translation>
    </message>
    <message>
        <source>This is a driver or hardware fault, not a model problem: power-cycle the board and try again, or try a lower PSRAM clock.</source>
        <translation>Dies ist ein Treiber- oder Hardwarefehler, kein Modellproblem: Trennen Sie das Board kurz von der Stromversorgung und versuchen Sie es erneut, oder versuchen Sie einen niedrigeren PSRAM-Takt.</translation>
    </message>
    <message>
        <source>heliaAOT rejected an arena region (status %1, region %2).</source>
        <translation>heliaAOT hat einen Arena-Bereich abgelehnt (Status %1, Bereich %2).</translation>
    </message>
    <message>
        <source>The generated module and its arena table do not agree; look for memory regions the build skipped and rebuild.</source>
        <translation>Das generierte Modul und seine Arena-Tabelle stimmen nicht überein; suchen Sie nach Speicherbereichen, die der Build ausgelassen hat, und bauen Sie neu.</translation>
    </message>
    <message>
        <source>Copying constant data into PSRAM failed (region %1).</source>
        <translation>Das Kopieren konstanter Daten in den PSRAM ist fehlgeschlagen (Bereich %1).</translation>
    </message>
    <message>
        <source>Power-cycle the board and try again, try a lower PSRAM clock, or keep the weights out of PSRAM.</source>
        <translation>Trennen Sie das Board kurz von der Stromversorgung und versuchen Sie es erneut, versuchen Sie einen niedrigeren PSRAM-Takt, oder halten Sie die Gewichte aus dem PSRAM heraus.</translation>
    </message>
    <message>
        <source>The heliaAOT model failed to initialise (status %1).</source>
        <translation>Das heliaAOT-Modell konnte nicht initialisiert werden (Status %1).</translation>
    </message>
    <message>
        <source>Check that the generated module was built for this board and that the memories it needs (PSRAM, shared SRAM) are available.</source>
        <translation>Prüfen Sie, ob das generierte Modul für dieses Board gebaut wurde und ob die benötigten Speicher (PSRAM, gemeinsamer SRAM) verfügbar sind.</translation>
    </message>
    <message>
        <source>An ExecuTorch runtime call failed (stage %1, error %2).</source>
        <translation>Ein Aufruf der ExecuTorch-Laufzeitumgebung ist fehlgeschlagen (Phase %1, Fehler %2).</translation>
    </message>
    <message>
        <source>The method needs %1 bytes of planned arena: raise the arena size to at least that and rebuild.</source>
        <translation>Die Methode benötigt %1 Bytes geplante Arena: Vergrößern Sie die Arena auf mindestens diesen Wert und bauen Sie neu.</translation>
    </message>
    <message>
        <source>Check the ExecuTorch arena sizes and that the .pte file was exported for this runtime version.</source>
        <translation>Prüfen Sie die Arena-Größen von ExecuTorch und ob die .pte-Datei für diese Laufzeitversion exportiert wurde.</translation>
    </message>
    <message>
        <source>The model ran more operators than the firmware can record per inference (capacity %1).</source>
        <translation>Das Modell hat mehr Operatoren ausgeführt, als die Firmware pro Inferenz aufzeichnen kann (Kapazität %1).</translation>
    </message>
    <message>
        <source>Raise the SoC&apos;s recorded-operator limit (pmu_max_ops) if memory allows, or profile a smaller model.</source>
        <translation>Erhöhen Sie das Limit für aufgezeichnete Operatoren des SoC (pmu_max_ops), sofern der Speicher es zulässt, oder profilieren Sie ein kleineres Modell.</translation>
    </message>
    <message>
        <source>The PMU could not be set up for pass %1, or its cycle-counter self-test read nothing.</source>
        <translation>Die PMU konnte für Durchlauf %1 nicht eingerichtet werden, oder ihr Zykluszähler-Selbsttest hat nichts gelesen.</translation>
    </message>
    <message>
        <source>Check that every selected counter exists on this core; the HPX_PMU_INIT_STATUS and HPX_PMU_SELFTEST_CPU_CYCLES lines before the error tell which step failed.</source>
        <translation>Prüfen Sie, ob jeder ausgewählte Zähler auf diesem Kern existiert; die Zeilen HPX_PMU_INIT_STATUS und HPX_PMU_SELFTEST_CPU_CYCLES vor dem Fehler zeigen, welcher Schritt fehlgeschlagen ist.</translation>
    </message>
    <message>
        <source>The board reported an error this version does not know: %1</source>
        <translation>Das Board hat einen Fehler gemeldet, den diese Version nicht kennt: %1</translation>
    </message>
    <message>
        <source>The firmware stopped. The raw stream shows the full error line; a newer hpx Studio may explain it.</source>
        <translation>Die Firmware wurde angehalten. Der Rohdatenstrom zeigt die vollständige Fehlerzeile; eine neuere Version von hpx Studio kann sie möglicherweise erklären.</translation>
    </message>
</context>
<context>
    <name>hpx::model::JsonParser</name>
    <message>
        <source>unexpected text after the JSON value</source>
        <translation>unerwarteter Text nach dem JSON-Wert</translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>nesting too deep</source>
        <translation>zu tiefe Verschachtelung</translation>
    </message>
    <message>
        <source>unexpected end of text</source>
        <translation>unerwartetes Textende</translation>
    </message>
    <message>
        <source>unexpected character &apos;%1&apos;</source>
        <translation>unerwartetes Zeichen &apos;%1&apos;</translation>
    </message>
    <message>
        <source>malformed number</source>
        <translation>fehlerhafte Zahl</translation>
    </message>
    <message>
        <source>unterminated string</source>
        <translation>nicht abgeschlossene Zeichenkette</translation>
    </message>
    <message>
        <source>control character in string</source>
        <translation>Steuerzeichen in Zeichenkette</translation>
    </message>
    <message>
        <source>malformed \u escape</source>
        <translation>fehlerhafte \u-Escape-Sequenz</translation>
    </message>
    <message>
        <source>invalid escape &apos;\%1&apos;</source>
        <translation>ungültige Escape-Sequenz &apos;\%1&apos;</translation>
    </message>
    <message>
        <source>unterminated array</source>
        <translation>nicht abgeschlossenes Array</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos;</source>
        <translation>&apos;,&apos; oder &apos;]&apos; erwartet</translation>
    </message>
    <message>
        <source>expected a string key</source>
        <translation>Zeichenketten-Schlüssel erwartet</translation>
    </message>
    <message>
        <source>expected &apos;:&apos;</source>
        <translation>&apos;:&apos; erwartet</translation>
    </message>
    <message>
        <source>unterminated object</source>
        <translation>nicht abgeschlossenes Objekt</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos;</source>
        <translation>&apos;,&apos; oder &apos;}&apos; erwartet</translation>
    </message>
</context>
<context>
    <name>hpx::model::LayerSource</name>
    <message>
        <source>the model has no subgraph</source>
        <translation>das Modell hat keinen Subgraphen</translation>
    </message>
    <message>
        <source>cannot be aligned with the model&apos;s execution order: subgraph 0 operator %1 is %2 but the row is %3</source>
        <translation>kann nicht der Ausführungsreihenfolge des Modells zugeordnet werden: Operator %1 in Subgraph 0 ist %2, die Zeile aber %3</translation>
    </message>
    <message>
        <source>the row comes after the last operator of the model&apos;s execution order</source>
        <translation>die Zeile folgt auf den letzten Operator in der Ausführungsreihenfolge des Modells</translation>
    </message>
    <message>
        <source>IF branches %1 and %2 both match these rows; the branch that ran cannot be told apart</source>
        <translation>IF-Zweige %1 und %2 passen beide auf diese Zeilen; welcher Zweig ausgeführt wurde, lässt sich nicht unterscheiden</translation>
    </message>
    <message>
        <source>the AOT operator manifest does not name position %1</source>
        <translation>das AOT-Operator-Manifest nennt Position %1 nicht</translation>
    </message>
    <message>
        <source>the firmware was built without an AOT operator manifest: %1 names a position, not an operator</source>
        <translation>die Firmware wurde ohne AOT-Operator-Manifest gebaut: %1 benennt eine Position, keinen Operator</translation>
    </message>
    <message>
        <source>the op label %1 carries no operator index</source>
        <translation>die Op-Bezeichnung %1 enthält keinen Operatorindex</translation>
    </message>
    <message>
        <source>operator index %1 is outside the model&apos;s subgraph 0 (%2 operators)</source>
        <translation>Operatorindex %1 liegt außerhalb von Subgraph 0 des Modells (%2 Operatoren)</translation>
    </message>
    <message>
        <source>the op tag %1 names operator %2, but the AOT operator manifest says position %3 is operator %4</source>
        <translation>das Op-Tag %1 nennt Operator %2, aber laut AOT-Operator-Manifest ist Position %3 Operator %4</translation>
    </message>
    <message>
        <source>the op tag %1 names a %2, but the model&apos;s operator %3 is %4</source>
        <translation>das Op-Tag %1 nennt einen %2, aber Operator %3 des Modells ist %4</translation>
    </message>
    <message>
        <source>operator %1 is also named by the row at position %2, and heliaAOT runs every operator once</source>
        <translation>Operator %1 wird auch von der Zeile an Position %2 genannt, und heliaAOT führt jeden Operator einmal aus</translation>
    </message>
    <message>
        <source>ExecuTorch rows name plan instructions, not model operators</source>
        <translation>ExecuTorch-Zeilen benennen Planinstruktionen, keine Modelloperatoren</translation>
    </message>
    <message>
        <source>the iterations disagree on its op tag and the model fits neither better, so which operator it measured is not known</source>
        <translation>die Iterationen sind sich über ihr Op-Tag uneinig, und das Modell passt zu keinem besser, daher ist nicht bekannt, welchen Operator sie gemessen hat</translation>
    </message>
    <message>
        <source>the stream does not fit %1, so no row is attributed to its operators</source>
        <translation>der Datenstrom passt nicht zu %1, daher wird keine Zeile seinen Operatoren zugeordnet</translation>
    </message>
    <message>
        <source>ExecuTorch layers name plan instructions, not graph nodes, so an ExecuTorch run writes no Model Explorer overlays.</source>
        <translation>ExecuTorch-Schichten benennen Planinstruktionen, keine Graphknoten, daher schreibt ein ExecuTorch-Lauf keine Overlays für Model Explorer.</translation>
    </message>
    <message>
        <source>the rows fit the model&apos;s control flow in more than one way: this row may be any of these operators (subgraph/index): %1</source>
        <translation>die Zeilen passen auf mehr als eine Weise zum Kontrollfluss des Modells: diese Zeile kann jeder dieser Operatoren sein (Subgraph/Index): %1</translation>
    </message>
    <message>
        <source>the board named no operator for this row</source>
        <translation>das Board hat für diese Zeile keinen Operator genannt</translation>
    </message>
    <message>
        <source>the board says subgraph %1 operator %2, which the model does not have</source>
        <translation>das Board nennt Operator %2 in Subgraph %1, den das Modell nicht hat</translation>
    </message>
    <message>
        <source>the board says subgraph %1 operator %2, which is %3 in the model, but the row is %4</source>
        <translation>das Board nennt Operator %2 in Subgraph %1, der im Modell %3 ist, die Zeile aber %4</translation>
    </message>
    <message>
        <source>the rows fit the model&apos;s control flow in too many ways to tell which operator each row measured</source>
        <translation>die Zeilen passen auf zu viele Weisen zum Kontrollfluss des Modells, um zu sagen, welchen Operator jede Zeile gemessen hat</translation>
    </message>
</context>
<context>
    <name>hpx::model::LayerTableReader</name>
    <message>
        <source>%1 is damaged: the header has no &quot;id&quot; and &quot;op&quot; columns.</source>
        <translation>%1 ist beschädigt: Die Kopfzeile hat keine Spalten &quot;id&quot; und &quot;op&quot;.</translation>
    </message>
    <message>
        <source>%1 is damaged: line %2 has %3 fields, the header has %4.</source>
        <translation>%1 ist beschädigt: Zeile %2 hat %3 Felder, die Kopfzeile hat %4.</translation>
    </message>
    <message>
        <source>%1 is damaged: it has no &quot;layers&quot; list.</source>
        <translation>%1 ist beschädigt: Es enthält keine Liste &quot;layers&quot;.</translation>
    </message>
    <message>
        <source>%1 is damaged: not valid JSON (%2).</source>
        <translation>%1 ist beschädigt: kein gültiges JSON (%2).</translation>
    </message>
    <message>
        <source>The bundle has no profile_results.csv or profile_results.json.</source>
        <translation>Das Ergebnispaket enthält weder profile_results.csv noch profile_results.json.</translation>
    </message>
    <message>
        <source>%1 does not match the layer table; layer identities follow heliaPROFILER&apos;s rule.</source>
        <translation>%1 passt nicht zur Schichttabelle; die Identität der Schichten folgt der Regel von heliaPROFILER.</translation>
    </message>
    <message>
        <source>%1 is damaged: column %2 of the header has no name.</source>
        <translation>%1 ist beschädigt: Spalte %2 der Kopfzeile hat keinen Namen.</translation>
    </message>
    <message>
        <source>%1 is damaged: the header names &quot;%2&quot; twice.</source>
        <translation>%1 ist beschädigt: die Kopfzeile nennt „%2“ zweimal.</translation>
    </message>
    <message>
        <source>%1 is damaged: line %2, column &quot;%3&quot; holds &quot;%4&quot;, %5.</source>
        <translation>%1 ist beschädigt: Zeile %2, Spalte „%3“ enthält „%4“, %5.</translation>
    </message>
    <message>
        <source>a layer id was expected</source>
        <translation>eine Schicht-ID wurde erwartet</translation>
    </message>
    <message>
        <source>a number or an empty cell (not measured) was expected</source>
        <translation>eine Zahl oder eine leere Zelle (nicht gemessen) wurde erwartet</translation>
    </message>
    <message>
        <source>a number or an empty cell was expected</source>
        <translation>eine Zahl oder eine leere Zelle wurde erwartet</translation>
    </message>
    <message>
        <source>True or False was expected</source>
        <translation>True oder False wurde erwartet</translation>
    </message>
    <message>
        <source>a whole number or an empty cell was expected</source>
        <translation>eine ganze Zahl oder eine leere Zelle wurde erwartet</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n row(s) said not run but name no operator or carry a value; left out.</source>
        <translation>
            <numerusform>%1: %n Zeile sagte „nicht ausgeführt“, nennt aber keinen Operator oder trägt einen Wert; ausgelassen.</numerusform>
            <numerusform>%1: %n Zeilen sagten „nicht ausgeführt“, nennen aber keinen Operator oder tragen einen Wert; ausgelassen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::MergeOutcome</name>
    <message>
        <source>%1 (Layer %2)</source>
        <translation>%1 (Schicht %2)</translation>
    </message>
    <message>
        <source>Pass %1 does not list the same layers as pass %2: row %3 is %4 where %2 has %5.</source>
        <translation>Durchlauf %1 führt nicht dieselben Schichten auf wie Durchlauf %2: Zeile %3 ist %4, wo %2 %5 hat.</translation>
    </message>
    <message>
        <source>Pass %1 does not list the same layers as pass %2: it has %3 layers where %2 has %4; row %5 (%6) is missing.</source>
        <translation>Durchlauf %1 führt nicht dieselben Schichten auf wie Durchlauf %2: Er hat %3 Schichten, wo %2 %4 hat; Zeile %5 (%6) fehlt.</translation>
    </message>
    <message>
        <source>Pass %1 does not list the same layers as pass %2: it has %3 layers where %2 has %4; row %5 (%6) is extra.</source>
        <translation>Durchlauf %1 führt nicht dieselben Schichten auf wie Durchlauf %2: Er hat %3 Schichten, wo %2 %4 hat; Zeile %5 (%6) ist überzählig.</translation>
    </message>
    <message>
        <source>The capture was aggregated with %1 while it was read; it cannot be merged with %2.</source>
        <translation>Die Aufzeichnung wurde beim Einlesen mit %1 aggregiert; sie kann nicht mit %2 zusammengeführt werden.</translation>
    </message>
    <message>
        <source>Left out %1 wrapped value(s) (≥ 2^31) and %2 frozen sample row(s) (every counter 0) before %3 aggregation; the results use the remaining samples.</source>
        <translation>%1 übergelaufene(r) Wert(e) (≥ 2^31) und %2 eingefrorene Messzeile(n) (jeder Zähler 0) wurden vor der %3-Aggregation ausgelassen; die Ergebnisse verwenden die übrigen Messwerte.</translation>
    </message>
    <message>
        <source>The capture holds no PMU pass: no per-layer data was received.</source>
        <translation>Die Aufzeichnung enthält keinen PMU-Durchlauf: Es wurden keine Daten pro Schicht empfangen.</translation>
    </message>
    <message>
        <source>The stream holds no complete iteration with per-layer rows.</source>
        <translation>Der Datenstrom enthält keine vollständige Iteration mit Zeilen pro Schicht.</translation>
    </message>
    <message>
        <source>Pass %1 has no usable iteration; its counters are missing.</source>
        <translation>Durchlauf %1 hat keine verwendbare Iteration; seine Zähler fehlen.</translation>
    </message>
    <message>
        <source>No pass captured %1: the result has no per-layer cycles, no cycle percentages and a total of 0.</source>
        <translation>Kein Durchlauf hat %1 erfasst: Das Ergebnis hat keine Zyklen pro Schicht, keine Zyklusanteile und eine Summe von 0.</translation>
    </message>
    <message>
        <source>The stream does not fit the model it is joined to (model.mismatch), so no Model Explorer overlays are written.</source>
        <translation>Der Datenstrom passt nicht zu dem Modell, dem er zugeordnet wird (model.mismatch), daher werden keine Overlays für Model Explorer geschrieben.</translation>
    </message>
</context>
<context>
    <name>hpx::model::ModelInputs</name>
    <message>
        <source>input %1 (%2, %3 %4)</source>
        <translation>Eingang %1 (%2, %3 %4)</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>Tensor %1</translation>
    </message>
    <message>
        <source>%1: %2 has no fixed size (a dynamic shape or a type of no fixed width); only fixed-size inputs can be given</source>
        <translation>%1: %2 hat keine feste Größe (eine dynamische Form oder ein Typ ohne feste Breite); nur Eingänge fester Größe können vorgegeben werden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 holds %2 %3; %4 needs %5 %6</source>
        <translation>%1 enthält %2 %3; %4 braucht %5 %6</translation>
    </message>
    <message>
        <source>%1 is %2 bytes; %3 is %4 bytes (raw files hold exactly the tensor&apos;s bytes; a .npy file says its dtype and shape)</source>
        <translation>%1 hat %2 Bytes; %3 hat %4 Bytes (Rohdateien enthalten genau die Bytes des Tensors; eine .npy-Datei nennt ihren Datentyp und ihre Form)</translation>
    </message>
    <message>
        <source>the model has no input tensors to feed</source>
        <translation>das Modell hat keine Eingangstensoren, die befüllt werden könnten</translation>
    </message>
    <message>
        <source>give input files or an input seed, not both</source>
        <translation>Eingabedateien oder einen Eingabe-Seed angeben, nicht beides</translation>
    </message>
    <message>
        <source>input %1 (%2) has no fixed size; seeded data needs fixed-size inputs</source>
        <translation>Eingang %1 (%2) hat keine feste Größe; Zufallsdaten aus einem Seed brauchen Eingänge fester Größe</translation>
    </message>
    <message numerus="yes">
        <source>the model has %n input(s); %1 input file(s) given (one per input, in order)</source>
        <translation>
            <numerusform>das Modell hat %n Eingang; %1 Eingabedatei(en) angegeben (eine je Eingang, in Reihenfolge)</numerusform>
            <numerusform>das Modell hat %n Eingänge; %1 Eingabedatei(en) angegeben (eine je Eingang, in Reihenfolge)</numerusform>
        </translation>
    </message>
    <message>
        <source>no file chosen for input %1</source>
        <translation>keine Datei für Eingang %1 gewählt</translation>
    </message>
</context>
<context>
    <name>hpx::model::NotRunOperators</name>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> und %n weiterer</numerusform>
            <numerusform> und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operator(s) did not run in the profiled inferences (no value, not 0): %1.</source>
        <translation>
            <numerusform>%n Operator lief in den profilierten Inferenzen nicht (kein Wert, nicht 0): %1.</numerusform>
            <numerusform>%n Operatoren liefen in den profilierten Inferenzen nicht (kein Wert, nicht 0): %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operator(s) of a CALL_ONCE&apos;s init subgraph ran once, at initialisation (the first Invoke, which is not profiled): %1.</source>
        <translation>
            <numerusform>%n Operator des Init-Subgraphen eines CALL_ONCE lief einmal, bei der Initialisierung (dem ersten Invoke, der nicht profiliert wird): %1.</numerusform>
            <numerusform>%n Operatoren des Init-Subgraphen eines CALL_ONCE liefen einmal, bei der Initialisierung (dem ersten Invoke, der nicht profiliert wird): %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::NpyReader</name>
    <message>
        <source>the header is not a dictionary</source>
        <translation>der Header ist kein Dictionary</translation>
    </message>
    <message>
        <source>a key of the header is not a string</source>
        <translation>ein Schlüssel des Headers ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>no &apos;:&apos; after the header&apos;s key &apos;%1&apos;</source>
        <translation>kein ‚:‘ nach dem Header-Schlüssel ‚%1‘</translation>
    </message>
    <message>
        <source>descr is not a plain dtype string (structured arrays are not tensors)</source>
        <translation>descr ist keine einfache dtype-Zeichenkette (strukturierte Arrays sind keine Tensoren)</translation>
    </message>
    <message>
        <source>fortran_order is not True or False</source>
        <translation>fortran_order ist weder True noch False</translation>
    </message>
    <message>
        <source>shape is not a tuple of sizes</source>
        <translation>shape ist kein Tupel von Größen</translation>
    </message>
    <message>
        <source>unexpected or repeated key &apos;%1&apos; in the header</source>
        <translation>unerwarteter oder wiederholter Schlüssel ‚%1‘ im Header</translation>
    </message>
    <message>
        <source>the header&apos;s dictionary is malformed</source>
        <translation>das Dictionary des Headers ist fehlerhaft</translation>
    </message>
    <message>
        <source>the header does not end with a newline after its dictionary</source>
        <translation>der Header endet nach seinem Dictionary nicht mit einem Zeilenumbruch</translation>
    </message>
    <message>
        <source>the header lacks descr, fortran_order or shape</source>
        <translation>dem Header fehlt descr, fortran_order oder shape</translation>
    </message>
    <message>
        <source>not a .npy file (no \x93NUMPY magic at its start)</source>
        <translation>keine .npy-Datei (kein \x93NUMPY am Anfang)</translation>
    </message>
    <message>
        <source>the file ends inside its .npy preamble</source>
        <translation>die Datei endet innerhalb ihrer .npy-Präambel</translation>
    </message>
    <message>
        <source>.npy format version %1.%2 (this reads 1.0, 2.0 and 3.0)</source>
        <translation>.npy-Formatversion %1.%2 (gelesen werden 1.0, 2.0 und 3.0)</translation>
    </message>
    <message>
        <source>the .npy header is %1 bytes, more than the %2 NumPy itself reads</source>
        <translation>der .npy-Header hat %1 Bytes, mehr als die %2, die NumPy selbst liest</translation>
    </message>
    <message>
        <source>the file ends inside its .npy header</source>
        <translation>die Datei endet innerhalb ihres .npy-Headers</translation>
    </message>
    <message>
        <source>the .npy header is not UTF-8</source>
        <translation>der .npy-Header ist kein UTF-8</translation>
    </message>
    <message>
        <source>the .npy header is not ASCII</source>
        <translation>der .npy-Header ist kein ASCII</translation>
    </message>
    <message>
        <source>bad .npy header: %1</source>
        <translation>fehlerhafter .npy-Header: %1</translation>
    </message>
    <message>
        <source>dtype &apos;%1&apos; is not a tensor element type (bool, int8-64, uint8-64, float16-64)</source>
        <translation>dtype ‚%1‘ ist kein Elementtyp eines Tensors (bool, int8–64, uint8–64, float16–64)</translation>
    </message>
    <message>
        <source>the array is in Fortran order; save it in C order (numpy.ascontiguousarray)</source>
        <translation>das Array ist in Fortran-Reihenfolge; in C-Reihenfolge speichern (numpy.ascontiguousarray)</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs %3 bytes of data; the file has %4</source>
        <translation>Form %1 von %2 braucht %3 Bytes Daten; die Datei hat %4</translation>
    </message>
</context>
<context>
    <name>hpx::model::OverlaySet</name>
    <message>
        <source>ExecuTorch layers name plan instructions, not graph nodes, so no Model Explorer overlays are written.</source>
        <translation>ExecuTorch-Schichten benennen Planinstruktionen, keine Graphknoten, daher werden keine Overlays für Model Explorer geschrieben.</translation>
    </message>
    <message>
        <source>original operator index unknown</source>
        <translation>ursprünglicher Operatorindex unbekannt</translation>
    </message>
    <message>
        <source>subgraph %1 is not in the model</source>
        <translation>Subgraph %1 ist nicht im Modell enthalten</translation>
    </message>
    <message>
        <source>operator %1 is not in subgraph %2</source>
        <translation>Operator %1 ist nicht in Subgraph %2</translation>
    </message>
</context>
<context>
    <name>hpx::model::ParsedOverlay</name>
    <message>
        <source>an overlay must be a JSON object</source>
        <translation>ein Overlay muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <source>graph &quot;%1&quot; has no &quot;results&quot; object</source>
        <translation>Graph &quot;%1&quot; hat kein &quot;results&quot;-Objekt</translation>
    </message>
    <message>
        <source>graph &quot;%1&quot; is not a JSON object</source>
        <translation>Graph &quot;%1&quot; ist kein JSON-Objekt</translation>
    </message>
</context>
<context>
    <name>hpx::model::PassAggregation</name>
    <message>
        <source>Pass %1, iteration %2 left out: row %3 (line %4) is %5 where the other iterations have %6; its values would land on the wrong layers.</source>
        <translation>Durchlauf %1, Iteration %2 ausgelassen: Zeile %3 (Zeile %4 des Datenstroms) ist %5, wo die anderen Iterationen %6 haben; ihre Werte landeten auf den falschen Schichten.</translation>
    </message>
    <message>
        <source>Pass %1: inconsistent layer counts across iterations [%2]; data may be truncated or corrupted.</source>
        <translation>Durchlauf %1: uneinheitliche Schichtanzahl über die Iterationen [%2]; die Daten sind möglicherweise abgeschnitten oder beschädigt.</translation>
    </message>
</context>
<context>
    <name>hpx::model::PassPlan</name>
    <message>
        <source>QEMU: instructions (emulated), not cycles</source>
        <translation>QEMU: Instruktionen (emuliert), keine Zyklen</translation>
    </message>
    <message>
        <source>Arm PMU, %1 events per pass plus the cycle counter</source>
        <translation>Arm PMU, %1 Ereignisse pro Durchlauf plus Zykluszähler</translation>
    </message>
    <message>
        <source>DWT cycle counter only</source>
        <translation>Nur DWT-Zykluszähler</translation>
    </message>
    <message>
        <source>SoC %1 (%2, %3)</source>
        <translation>SoC %1 (%2, %3)</translation>
    </message>
    <message numerus="yes">
        <source>%n counter(s) selected</source>
        <translation>
            <numerusform>%n Zähler ausgewählt</numerusform>
            <numerusform>%n Zähler ausgewählt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pass(es)</source>
        <translation>
            <numerusform>%n Durchlauf</numerusform>
            <numerusform>%n Durchläufe</numerusform>
        </translation>
    </message>
    <message>
        <source>(+ %1 from the cycle counter)</source>
        <translation>(+ %1 aus dem Zykluszähler)</translation>
    </message>
    <message>
        <source>no PMU counters selected</source>
        <translation>keine PMU-Zähler ausgewählt</translation>
    </message>
    <message>
        <source>unknown counter group &quot;%1&quot; (groups: %2)</source>
        <translation>unbekannte Zählergruppe &quot;%1&quot; (Gruppen: %2)</translation>
    </message>
    <message>
        <source>counter group &quot;%1&quot;: &quot;%2&quot; is not a selection (use default, all or a list of counter names)</source>
        <translation>Zählergruppe &quot;%1&quot;: &quot;%2&quot; ist keine Auswahl (verwenden Sie default, all oder eine Liste von Zählernamen)</translation>
    </message>
    <message>
        <source>counter group &quot;%1&quot; selects no counters</source>
        <translation>Zählergruppe &quot;%1&quot; wählt keine Zähler aus</translation>
    </message>
    <message>
        <source>counter group &quot;%1&quot;: &quot;%2&quot; cannot be mixed with counter names</source>
        <translation>Zählergruppe &quot;%1&quot;: &quot;%2&quot; kann nicht mit Zählernamen kombiniert werden</translation>
    </message>
    <message>
        <source>unknown PMU counter &quot;%1&quot; in group &quot;%2&quot;</source>
        <translation>unbekannter PMU-Zähler &quot;%1&quot; in Gruppe &quot;%2&quot;</translation>
    </message>
    <message>
        <source>did you mean %1?</source>
        <translation>meinten Sie %1?</translation>
    </message>
    <message>
        <source>The virtual board (%1) counts instructions only (QEMU emulates no PMU): it cannot capture %2. It can capture: %3 (instructions, emulated).</source>
        <translation>Das virtuelle Board (%1) zählt nur Instruktionen (QEMU emuliert keine PMU): es kann %2 nicht erfassen. Erfassbar: %3 (Instruktionen, emuliert).</translation>
    </message>
    <message>
        <source>%1 (%2) has no PMU, only the DWT cycle counter: it cannot capture %3. This SoC can capture: %4.</source>
        <translation>%1 (%2) hat keine PMU, nur den DWT-Zykluszähler: %3 kann nicht erfasst werden. Dieser SoC kann Folgendes erfassen: %4.</translation>
    </message>
    <message>
        <source>%1 (%2) cannot capture %3: its counter groups are %4.</source>
        <translation>%1 (%2) kann %3 nicht erfassen: Seine Zählergruppen sind %4.</translation>
    </message>
    <message>
        <source>Virtual board: the cycle column counts each operator&apos;s instructions (emulated, QEMU -icount), not cycles; QEMU counts no other events.</source>
        <translation>Virtuelles Board: Die Zyklenspalte zählt die Instruktionen jedes Operators (emuliert, QEMU -icount), keine Zyklen; andere Ereignisse zählt QEMU nicht.</translation>
    </message>
    <message>
        <source>DWT-only SoC: each operator&apos;s cycles come from the DWT cycle counter.</source>
        <translation>SoC nur mit DWT: Die Zyklen jedes Operators stammen aus dem DWT-Zykluszähler.</translation>
    </message>
    <message>
        <source>%1 is not among the selected events: per-layer cycles come from the cycle counter, which every pass reports.</source>
        <translation>%1 gehört nicht zu den ausgewählten Ereignissen: Zyklen pro Schicht stammen aus dem Zykluszähler, den jeder Durchlauf meldet.</translation>
    </message>
</context>
<context>
    <name>hpx::model::SocProfile</name>
    <message>
        <source>Simulated Apollo510-like (Cortex-M55)</source>
        <translation>Simuliert: Apollo510-artig (Cortex-M55)</translation>
    </message>
    <message>
        <source>Simulated Apollo4-like (Cortex-M4, DWT only)</source>
        <translation>Simuliert: Apollo4-artig (Cortex-M4, nur DWT)</translation>
    </message>
    <message>
        <source>Simulated Cortex-M85 (hpx Studio extension)</source>
        <translation>Simulierter Cortex-M85 (hpx-Studio-Erweiterung)</translation>
    </message>
    <message>
        <source>Virtual Cortex-M55 (QEMU, TFLM)</source>
        <translation>Virtueller Cortex-M55 (QEMU, TFLM)</translation>
    </message>
</context>
<context>
    <name>hpx::model::TensorPlan</name>
    <message>
        <source>the arena estimate has no measured sizes for %1: their parameters and kernel data are guesses</source>
        <translation>die Arena-Schätzung hat keine gemessenen Größen für %1: ihre Parameter und Kerneldaten sind geschätzt</translation>
    </message>
    <message>
        <source>the control flow runs more than %1 operators; not planned</source>
        <translation>der Kontrollfluss führt mehr als %1 Operatoren aus; nicht geplant</translation>
    </message>
    <message>
        <source>subgraph %1 calls itself through control flow; TFLM cannot plan it</source>
        <translation>Subgraph %1 ruft sich über Kontrollfluss selbst auf; TFLM kann ihn nicht planen</translation>
    </message>
    <message>
        <source>the model has too many tensors to plan</source>
        <translation>das Modell hat zu viele Tensoren für einen Plan</translation>
    </message>
    <message>
        <source>the offline memory plan lists %1 tensors, the model has %2; TFLM refuses it</source>
        <translation>der Offline-Speicherplan nennt %1 Tensoren, das Modell hat %2; TFLM lehnt ihn ab</translation>
    </message>
    <message>
        <source>the offline memory plan&apos;s buffer is shorter than the %1 offsets it lists</source>
        <translation>der Puffer des Offline-Speicherplans ist kürzer als die %1 Offsets, die er nennt</translation>
    </message>
    <message>
        <source>subgraph %1, tensor %2 &quot;%3&quot;: TFLM cannot size a %4 tensor</source>
        <translation>Subgraph %1, Tensor %2 &quot;%3&quot;: TFLM kennt die Größe eines %4-Tensors nicht</translation>
    </message>
    <message>
        <source>subgraph %1, tensor %2 &quot;%3&quot;: %4 bytes is more than TFLM can plan</source>
        <translation>Subgraph %1, Tensor %2 &quot;%3&quot;: %4 Bytes sind mehr, als TFLM planen kann</translation>
    </message>
    <message>
        <source>subgraph %1 is never run from subgraph 0; TFLM still plans its tensors</source>
        <translation>Subgraph %1 wird von Subgraph 0 aus nie ausgeführt; TFLM plant seine Tensoren trotzdem</translation>
    </message>
    <message numerus="yes">
        <source>%n planned tensor(s) are used by no operator that runs; TFLM places them anyway</source>
        <translation>
            <numerusform>%n geplanter Tensor wird von keinem ausgeführten Operator benutzt; TFLM platziert ihn trotzdem</numerusform>
            <numerusform>%n geplante Tensoren werden von keinem ausgeführten Operator benutzt; TFLM platziert sie trotzdem</numerusform>
        </translation>
    </message>
    <message>
        <source>the model has no subgraphs</source>
        <translation>das Modell hat keine Subgraphen</translation>
    </message>
</context>
<context>
    <name>hpx::model::TfliteReader</name>
    <message>
        <source>subgraph %1, operator %2 (%3)</source>
        <translation>Subgraph %1, Operator %2 (%3)</translation>
    </message>
    <message>
        <source>the model has no subgraphs</source>
        <translation>das Modell hat keine Subgraphen</translation>
    </message>
    <message>
        <source>the model&apos;s total MAC count overflows 64 bits</source>
        <translation>die gesamte MAC-Anzahl des Modells überschreitet 64 Bit</translation>
    </message>
    <message>
        <source>metadata &quot;OfflineMemoryAllocation&quot;: buffer index %1 out of range (%2 buffers)</source>
        <translation>Metadaten &quot;OfflineMemoryAllocation&quot;: Pufferindex %1 außerhalb des gültigen Bereichs (%2 Puffer)</translation>
    </message>
    <message>
        <source>signature &quot;%1&quot;: subgraph index %2 out of range (%3 subgraphs)</source>
        <translation>Signatur &quot;%1&quot;: Subgraph-Index %2 außerhalb des gültigen Bereichs (%3 Subgraphen)</translation>
    </message>
    <message>
        <source>subgraph %1</source>
        <translation>Subgraph %1</translation>
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
        <source>%1: %2 tensor index %3 out of range (%4 tensors)</source>
        <translation>%1: Tensorindex %3 (%2) außerhalb des gültigen Bereichs (%4 Tensoren)</translation>
    </message>
    <message>
        <source>%1: called subgraph index %2 out of range (%3 subgraphs)</source>
        <translation>%1: aufgerufener Subgraph-Index %2 außerhalb des gültigen Bereichs (%3 Subgraphen)</translation>
    </message>
    <message>
        <source>subgraph %1, tensor %2 &quot;%3&quot;: buffer index %4 out of range (%5 buffers)</source>
        <translation>Subgraph %1, Tensor %2 &quot;%3&quot;: Pufferindex %4 außerhalb des gültigen Bereichs (%5 Puffer)</translation>
    </message>
    <message>
        <source>subgraph %1, tensor %2 &quot;%3&quot;: the shape&apos;s size overflows 64 bits</source>
        <translation>Subgraph %1, Tensor %2 &quot;%3&quot;: die Größe der Form überschreitet 64 Bit</translation>
    </message>
    <message>
        <source>the model&apos;s parameter size overflows 64 bits</source>
        <translation>die Parametergröße des Modells überschreitet 64 Bit</translation>
    </message>
    <message>
        <source>subgraph %1, operator %2: opcode index %3 out of range (%4 operator codes)</source>
        <translation>Subgraph %1, Operator %2: Opcode-Index %3 außerhalb des gültigen Bereichs (%4 Operator-Codes)</translation>
    </message>
    <message>
        <source>%1: the MAC count overflows 64 bits</source>
        <translation>%1: die MAC-Anzahl überschreitet 64 Bit</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <source>not a TFLite model (only %1 bytes)</source>
        <translation>kein TFLite-Modell (nur %1 Bytes)</translation>
    </message>
    <message>
        <source>models larger than 2 GiB (%1 bytes) are not supported</source>
        <translation>Modelle größer als 2 GiB (%1 Bytes) werden nicht unterstützt</translation>
    </message>
    <message>
        <source>not a TFLite model (no &quot;TFL3&quot; file identifier)</source>
        <translation>kein TFLite-Modell (keine Dateikennung &quot;TFL3&quot;)</translation>
    </message>
    <message>
        <source>not a TFLite model (file identifier &quot;%1&quot;, expected &quot;TFL3&quot;)</source>
        <translation>kein TFLite-Modell (Dateikennung &quot;%1&quot;, erwartet &quot;TFL3&quot;)</translation>
    </message>
    <message>
        <source>damaged or truncated TFLite file (flatbuffer verification failed)</source>
        <translation>beschädigte oder abgeschnittene TFLite-Datei (FlatBuffer-Prüfung fehlgeschlagen)</translation>
    </message>
    <message>
        <source>cannot read (device not open)</source>
        <translation>kann nicht gelesen werden (Gerät nicht geöffnet)</translation>
    </message>
    <message>
        <source>read error (%1)</source>
        <translation>Lesefehler (%1)</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>Datei nicht vorhanden</translation>
    </message>
    <message>
        <source>is a directory, not a model file</source>
        <translation>ist ein Verzeichnis, keine Modelldatei</translation>
    </message>
    <message>
        <source>is not a regular file (a FIFO, device or socket), not a model file</source>
        <translation>ist keine reguläre Datei (ein FIFO, Gerät oder Socket), keine Modelldatei</translation>
    </message>
    <message>
        <source>cannot open (%1)</source>
        <translation>kann nicht geöffnet werden (%1)</translation>
    </message>
    <message>
        <source>%1 bytes, more than a TFLite model can be (2 GiB)</source>
        <translation>%1 Bytes, mehr als ein TFLite-Modell groß sein kann (2 GiB)</translation>
    </message>
</context>
<context>
    <name>hpx::model::power::CsvPowerSource</name>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>%1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>Cannot read the recording: %1.</source>
        <translation>Die Aufzeichnung kann nicht gelesen werden: %1.</translation>
    </message>
    <message>
        <source>Line %1 of the recording is longer than %2 bytes.</source>
        <translation>Zeile %1 der Aufzeichnung ist länger als %2 Bytes.</translation>
    </message>
    <message>
        <source>The recording is empty: it has no header line.</source>
        <translation>Die Aufzeichnung ist leer: Sie hat keine Kopfzeile.</translation>
    </message>
    <message>
        <source>This Power Profiler export has no Timestamp(ms) column; export it with Timestamp on (the file does not say its sample rate).</source>
        <translation>Dieser Power-Profiler-Export hat keine Spalte Timestamp(ms); exportieren Sie ihn mit Timestamp (die Datei nennt ihre Abtastrate nicht).</translation>
    </message>
    <message>
        <source>The recording&apos;s header names no known format: a plain recording starts &quot;time_s,current_a&quot;, a Power Profiler export has &quot;Current(uA)&quot;.</source>
        <translation>Die Kopfzeile der Aufzeichnung nennt kein bekanntes Format: Eine einfache Aufzeichnung beginnt mit „time_s,current_a“, ein Power-Profiler-Export hat „Current(uA)“.</translation>
    </message>
    <message>
        <source>Column %1 of the recording&apos;s header has no name.</source>
        <translation>Spalte %1 der Kopfzeile der Aufzeichnung hat keinen Namen.</translation>
    </message>
    <message>
        <source>The recording&apos;s header names &quot;%1&quot; twice.</source>
        <translation>Die Kopfzeile der Aufzeichnung nennt „%1“ zweimal.</translation>
    </message>
    <message>
        <source>The recording has %1 digital channels; at most %2 are read.</source>
        <translation>Die Aufzeichnung hat %1 Digitalkanäle; höchstens %2 werden gelesen.</translation>
    </message>
    <message>
        <source>Line %1 of the recording has %2 fields, the header has %3.</source>
        <translation>Zeile %1 der Aufzeichnung hat %2 Felder, die Kopfzeile %3.</translation>
    </message>
    <message>
        <source>The recording has more columns than a recording has (%1).</source>
        <translation>Die Aufzeichnung hat mehr Spalten, als eine Aufzeichnung hat (%1).</translation>
    </message>
    <message>
        <source>Line %1 of the recording: &quot;%2&quot; is not a number.</source>
        <translation>Zeile %1 der Aufzeichnung: „%2“ ist keine Zahl.</translation>
    </message>
    <message>
        <source>Line %1 of the recording: time goes back (%2 s after %3 s).</source>
        <translation>Zeile %1 der Aufzeichnung: Die Zeit läuft zurück (%2 s nach %3 s).</translation>
    </message>
    <message>
        <source>Line %1 of the recording: the voltage &quot;%2&quot; is not a number.</source>
        <translation>Zeile %1 der Aufzeichnung: Die Spannung „%2“ ist keine Zahl.</translation>
    </message>
    <message>
        <source>Line %1 of the recording: D0-D7 is &quot;%2&quot;, not 8 pin states.</source>
        <translation>Zeile %1 der Aufzeichnung: D0-D7 ist „%2“, nicht 8 Pin-Zustände.</translation>
    </message>
    <message>
        <source>Line %1 of the recording: D0-D7 is &quot;%2&quot;, not 0, 1, X or - per pin.</source>
        <translation>Zeile %1 der Aufzeichnung: D0-D7 ist „%2“, nicht 0, 1, X oder - je Pin.</translation>
    </message>
    <message>
        <source>Line %1 of the recording: the digital channel %2 is &quot;%3&quot;, not 0 or 1.</source>
        <translation>Zeile %1 der Aufzeichnung: Der Digitalkanal %2 ist „%3“, nicht 0 oder 1.</translation>
    </message>
</context>
<context>
    <name>hpx::model::power::JlsPowerSource</name>
    <message>
        <source>Cannot read %1 as a JLS recording: %2 (jls error %3).</source>
        <translation>%1 kann nicht als JLS-Aufzeichnung gelesen werden: %2 (jls-Fehler %3).</translation>
    </message>
    <message>
        <source>The JLS recording&apos;s sources cannot be read.</source>
        <translation>Die Quellen der JLS-Aufzeichnung können nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The JLS recording&apos;s signals cannot be read.</source>
        <translation>Die Signale der JLS-Aufzeichnung können nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The JLS recording has no fixed-rate &quot;current&quot; signal.</source>
        <translation>Die JLS-Aufzeichnung hat kein Signal „current“ mit fester Abtastrate.</translation>
    </message>
    <message>
        <source>The length of the JLS signal &quot;%1&quot; cannot be read.</source>
        <translation>Die Länge des JLS-Signals „%1“ kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The JLS signal &quot;%1&quot; cannot be read at sample %2.</source>
        <translation>Das JLS-Signal „%1“ kann bei Abtastwert %2 nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The JLS signal &quot;current&quot; cannot be read at sample %1.</source>
        <translation>Das JLS-Signal „current“ kann bei Abtastwert %1 nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The JLS signal &quot;voltage&quot; does not cover the current&apos;s samples at its rate.</source>
        <translation>Das JLS-Signal „voltage“ deckt die Abtastwerte des Stroms nicht mit dessen Rate ab.</translation>
    </message>
    <message>
        <source>The JLS signal &quot;voltage&quot; cannot be read at sample %1.</source>
        <translation>Das JLS-Signal „voltage“ kann bei Abtastwert %1 nicht gelesen werden.</translation>
    </message>
    <message>
        <source>it is too short to be one</source>
        <translation>sie ist zu kurz dafür</translation>
    </message>
    <message>
        <source>its header gives its length as %1 bytes, the file has %2 (it was not closed properly)</source>
        <translation>ihr Kopf gibt ihre Länge mit %1 Bytes an, die Datei hat %2 (sie wurde nicht ordnungsgemäß geschlossen)</translation>
    </message>
    <message>
        <source>it does not end with an intact end chunk (it was not closed properly, or its end is damaged)</source>
        <translation>sie endet nicht mit einem intakten End-Chunk (sie wurde nicht ordnungsgemäß geschlossen, oder ihr Ende ist beschädigt)</translation>
    </message>
    <message>
        <source>%1 cannot be read as a JLS recording: %2. The jls library would repair it in place, writing to it; repair a copy with Jetperch&apos;s tools, or record again.</source>
        <translation>%1 kann nicht als JLS-Aufzeichnung gelesen werden: %2. Die jls-Bibliothek würde sie an Ort und Stelle reparieren und dabei in sie schreiben; reparieren Sie eine Kopie mit Jetperchs Werkzeugen, oder zeichnen Sie erneut auf.</translation>
    </message>
</context>
<context>
    <name>hpx::model::power::PowerBundle</name>
    <message>
        <source>The layer table has more rows than the bundle has layers.</source>
        <translation>Die Schichttabelle hat mehr Zeilen, als das Bündel Schichten hat.</translation>
    </message>
    <message>
        <source>The layer table has %1 rows, the bundle %2 layers.</source>
        <translation>Die Schichttabelle hat %1 Zeilen, das Bündel %2 Schichten.</translation>
    </message>
    <message>
        <source>The stream&apos;s power terminal record was not used: %1</source>
        <translation>Der Power-Abschlussdatensatz des Datenstroms wurde nicht verwendet: %1</translation>
    </message>
    <message>
        <source>Cannot read the recording %1.</source>
        <translation>Die Aufzeichnung %1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Cannot read profile_results.csv.</source>
        <translation>profile_results.csv kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Cannot read profile_results.json.</source>
        <translation>profile_results.json kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>This run is from the virtual board (QEMU): an emulator has no supply current, so its power cannot be measured. Measure a real board running the same firmware.</source>
        <translation>Dieser Lauf stammt vom virtuellen Board (QEMU): Ein Emulator hat keinen Versorgungsstrom, daher kann seine Leistung nicht gemessen werden. Messen Sie ein echtes Board mit derselben Firmware.</translation>
    </message>
</context>
<context>
    <name>hpx::model::power::PowerRecording</name>
    <message>
        <source>Cannot read the recording %1: %2.</source>
        <translation>Die Aufzeichnung %1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>%1 is a Joulescope JLS recording, and this build has no JLS reader (it was built without Jetperch&apos;s jls library: set HPX_JLS_DIR).</source>
        <translation>%1 ist eine Joulescope-JLS-Aufzeichnung, und dieser Build hat keinen JLS-Leser (er wurde ohne Jetperchs jls-Bibliothek gebaut: setzen Sie HPX_JLS_DIR).</translation>
    </message>
</context>
<context>
    <name>hpx::model::power::PowerRecordingWriter</name>
    <message>
        <source>Cannot write the recording %1.</source>
        <translation>Die Aufzeichnung %1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Cannot write the recording %1 (jls error %2).</source>
        <translation>Die Aufzeichnung %1 kann nicht geschrieben werden (jls-Fehler %2).</translation>
    </message>
    <message>
        <source>This build cannot write JLS (it was built without Jetperch&apos;s jls library); write a .csv.</source>
        <translation>Dieser Build kann kein JLS schreiben (er wurde ohne Jetperchs jls-Bibliothek gebaut); schreiben Sie eine .csv.</translation>
    </message>
    <message>
        <source>Cannot write the recording %1: %2.</source>
        <translation>Die Aufzeichnung %1 kann nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>Writing the recording failed (jls error %1).</source>
        <translation>Das Schreiben der Aufzeichnung ist fehlgeschlagen (jls-Fehler %1).</translation>
    </message>
    <message>
        <source>Writing the recording failed: %1.</source>
        <translation>Das Schreiben der Aufzeichnung ist fehlgeschlagen: %1.</translation>
    </message>
    <message>
        <source>Closing the recording failed.</source>
        <translation>Das Schließen der Aufzeichnung ist fehlgeschlagen.</translation>
    </message>
</context>
<context>
    <name>hpx::model::power::PowerScanner</name>
    <message>
        <source>The recording has no digital channel, so no gate: wire the board&apos;s gate GPIO to one of the meter&apos;s digital inputs and record it.</source>
        <translation>Die Aufzeichnung hat keinen Digitalkanal und damit kein Gate: Verbinden Sie den Gate-GPIO der Platine mit einem Digitaleingang des Messgeräts und zeichnen Sie ihn auf.</translation>
    </message>
    <message>
        <source>The recording has no digital channel &quot;%1&quot; for the gate; it has %2.</source>
        <translation>Die Aufzeichnung hat keinen Digitalkanal „%1“ für das Gate; sie hat %2.</translation>
    </message>
    <message>
        <source>The recording has no digital channel &quot;%1&quot; for the marker; it has %2.</source>
        <translation>Die Aufzeichnung hat keinen Digitalkanal „%1“ für den Marker; sie hat %2.</translation>
    </message>
    <message>
        <source>The gate and the marker cannot be the same channel (%1).</source>
        <translation>Gate und Marker können nicht derselbe Kanal sein (%1).</translation>
    </message>
    <message>
        <source>The recording has no voltage: give the board&apos;s supply voltage (--supply-voltage).</source>
        <translation>Die Aufzeichnung hat keine Spannung: Geben Sie die Versorgungsspannung der Platine an (--supply-voltage).</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>hpx::model::power::PowerTerminalParser</name>
    <message>
        <source>A power terminal record started again before it ended (duplicate start); the partial record is discarded.</source>
        <translation>Ein Power-Abschlussdatensatz begann erneut, bevor er endete (doppelter Start); der unvollständige Datensatz wird verworfen.</translation>
    </message>
    <message>
        <source>A power terminal record ended before it started.</source>
        <translation>Ein Power-Abschlussdatensatz endete, bevor er begann.</translation>
    </message>
    <message>
        <source>A power terminal record has no end line.</source>
        <translation>Ein Power-Abschlussdatensatz hat keine Endzeile.</translation>
    </message>
    <message>
        <source>The power terminal record has a line without &quot;=&quot;: %1.</source>
        <translation>Der Power-Abschlussdatensatz hat eine Zeile ohne „=“: %1.</translation>
    </message>
    <message>
        <source>The power terminal record has an unknown key %1.</source>
        <translation>Der Power-Abschlussdatensatz hat einen unbekannten Schlüssel %1.</translation>
    </message>
    <message>
        <source>The power terminal record gives %1 twice.</source>
        <translation>Der Power-Abschlussdatensatz nennt %1 zweimal.</translation>
    </message>
    <message>
        <source>The power terminal record has no %1.</source>
        <translation>Dem Power-Abschlussdatensatz fehlt %1.</translation>
    </message>
    <message>
        <source>The power terminal record is version %1; version 1 is read.</source>
        <translation>Der Power-Abschlussdatensatz hat Version %1; gelesen wird Version 1.</translation>
    </message>
    <message>
        <source>The power terminal record&apos;s status is &quot;%1&quot;, not ok or error.</source>
        <translation>Der Status des Power-Abschlussdatensatzes ist „%1“, nicht ok oder error.</translation>
    </message>
    <message>
        <source>The power terminal record&apos;s %1 is &quot;%2&quot;, not a whole number ≥ 0.</source>
        <translation>%1 des Power-Abschlussdatensatzes ist „%2“, keine ganze Zahl ≥ 0.</translation>
    </message>
    <message>
        <source>The power terminal record completed %1 inferences of %2 requested.</source>
        <translation>Der Power-Abschlussdatensatz meldet %1 abgeschlossene von %2 angeforderten Inferenzen.</translation>
    </message>
    <message>
        <source>The power terminal record says ok with error code %1.</source>
        <translation>Der Power-Abschlussdatensatz meldet ok mit Fehlercode %1.</translation>
    </message>
    <message>
        <source>The power terminal record says error with error code 0.</source>
        <translation>Der Power-Abschlussdatensatz meldet error mit Fehlercode 0.</translation>
    </message>
    <message>
        <source>The power terminal record&apos;s final phase is empty.</source>
        <translation>Die letzte Phase des Power-Abschlussdatensatzes ist leer.</translation>
    </message>
    <message>
        <source>The power terminal record&apos;s %1 is &quot;%2&quot;, not 0 or 1.</source>
        <translation>%1 des Power-Abschlussdatensatzes ist „%2“, nicht 0 oder 1.</translation>
    </message>
    <message>
        <source>The power terminal record gives a measurement source and energy only together.</source>
        <translation>Der Power-Abschlussdatensatz nennt Messquelle und Energie nur zusammen.</translation>
    </message>
    <message>
        <source>The power terminal record gives %1 of the %2 measurement keys; all or none.</source>
        <translation>Der Power-Abschlussdatensatz nennt %1 der %2 Messschlüssel; alle oder keinen.</translation>
    </message>
</context>
<context>
    <name>hpx::run::BoardProgressReader</name>
    <message>
        <source>Building TFLM with %1 kernels (once): %2 %</source>
        <translation>TFLM mit %1-Kernels wird gebaut (einmalig): %2 %</translation>
    </message>
    <message>
        <source>Linking the virtual board&apos;s firmware for the model</source>
        <translation>Die Firmware des virtuellen Boards wird für das Modell gelinkt</translation>
    </message>
    <message>
        <source>Starting QEMU</source>
        <translation>QEMU wird gestartet</translation>
    </message>
    <message>
        <source>Preparing the virtual board</source>
        <translation>Das virtuelle Board wird vorbereitet</translation>
    </message>
</context>
<context>
    <name>hpx::run::ProfileJob</name>
    <message>
        <source>Merging passes</source>
        <translation>Durchläufe werden zusammengeführt</translation>
    </message>
    <message>
        <source>The results shown hold only the passes and iterations that arrived complete.</source>
        <translation>Die angezeigten Ergebnisse enthalten nur die Durchläufe und Iterationen, die vollständig angekommen sind.</translation>
    </message>
    <message>
        <source>The board sent no per-layer rows.</source>
        <translation>Das Board hat keine Zeilen pro Schicht gesendet.</translation>
    </message>
    <message>
        <source>Preparing the virtual board</source>
        <translation>Das virtuelle Board wird vorbereitet</translation>
    </message>
    <message>
        <source>Cancelled while the virtual board was being built; nothing of its build is left running.</source>
        <translation>Abgebrochen, während das virtuelle Board gebaut wurde; von seinem Build läuft nichts mehr.</translation>
    </message>
    <message>
        <source>The virtual board was not built: %1</source>
        <translation>Das virtuelle Board wurde nicht gebaut: %1</translation>
    </message>
    <message>
        <source>The virtual board did not start: %1</source>
        <translation>Das virtuelle Board ist nicht gestartet: %1</translation>
    </message>
    <message>
        <source>Cancelled while the virtual board was starting.</source>
        <translation>Abgebrochen, während das virtuelle Board startete.</translation>
    </message>
    <message>
        <source>The input for the virtual board could not be written to %1: %2</source>
        <translation>Die Eingabe für das virtuelle Board konnte nicht nach %1 geschrieben werden: %2</translation>
    </message>
    <message>
        <source>The virtual board did not read the chosen input (it says input %1, digest %2; expected linked, %3).</source>
        <translation>Das virtuelle Board hat die gewählte Eingabe nicht gelesen (es meldet Eingabe %1, Prüfsumme %2; erwartet: linked, %3).</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>hpx::run::RunRequest</name>
    <message>
        <source>board &apos;%1&apos; has no SoC profile in this app.</source>
        <translation>Board &apos;%1&apos; hat in dieser App kein SoC-Profil.</translation>
    </message>
    <message>
        <source>No board port given and no hpx board found. Use --port PORT (&apos;hpx ports&apos; lists them), --port sim for the simulated board, or --port tcp://HOST:PORT.</source>
        <translation>Kein Board-Port angegeben und kein hpx-Board gefunden. Verwenden Sie --port PORT (&apos;hpx ports&apos; listet sie auf), --port sim für das simulierte Board oder --port tcp://HOST:PORT.</translation>
    </message>
    <message>
        <source>Several hpx board ports found (%1); choose one with --port.</source>
        <translation>Mehrere hpx-Board-Ports gefunden (%1); wählen Sie einen mit --port.</translation>
    </message>
    <message>
        <source>the virtual board runs TensorFlow Lite Micro; engine %1 does not apply.</source>
        <translation>das virtuelle Board führt TensorFlow Lite Micro aus; Engine %1 passt nicht dazu.</translation>
    </message>
    <message>
        <source>the virtual board is board %1; board %2 does not apply.</source>
        <translation>das virtuelle Board ist Board %1; Board %2 passt nicht dazu.</translation>
    </message>
    <message>
        <source>target.kernels (--kernels) applies only to the virtual board (--port qemu).</source>
        <translation>target.kernels (--kernels) gilt nur für das virtuelle Board (--port qemu).</translation>
    </message>
    <message>
        <source>an input (--input, --input-seed) applies only to the virtual board (--port qemu); a board&apos;s firmware chooses its own input.</source>
        <translation>eine Eingabe (--input, --input-seed) gilt nur für das virtuelle Board (--port qemu); die Firmware eines Boards wählt ihre Eingabe selbst.</translation>
    </message>
    <message>
        <source>an input needs the model to check it against.</source>
        <translation>eine Eingabe braucht das Modell, gegen das sie geprüft wird.</translation>
    </message>
    <message>
        <source>input: %1</source>
        <translation>Eingabe: %1</translation>
    </message>
    <message>
        <source>%1 cannot run on the virtual board: %2</source>
        <translation>%1 kann nicht auf dem virtuellen Board laufen: %2</translation>
    </message>
</context>
<context>
    <name>hpx::run::StreamImport</name>
    <message>
        <source>the stream (%1) fits no known board; %2 is recorded, check the board issue</source>
        <translation>der Datenstrom (%1) passt zu keinem bekannten Board; %2 wird aufgezeichnet, prüfen Sie die Board-Meldung</translation>
    </message>
    <message>
        <source>no board was chosen and the stream (%1) fits %2: recorded as %3, a %4 (board assumed; name it with --board)</source>
        <translation>es wurde kein Board gewählt, und der Datenstrom (%1) passt zu %2: aufgezeichnet als %3, ein %4 (Board angenommen; nennen Sie es mit --board)</translation>
    </message>
    <message>
        <source>no board was chosen: the stream (%1) fits only %2, so the run records %3</source>
        <translation>es wurde kein Board gewählt: Der Datenstrom (%1) passt nur zu %2, daher zeichnet der Lauf %3 auf</translation>
    </message>
</context>
<context>
    <name>hpx::run::VirtualBoard</name>
    <message>
        <source>The virtual board&apos;s script could not be started: %1</source>
        <translation>Das Skript des virtuellen Boards konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>The virtual board stopped before it was ready (exit code %1).</source>
        <translation>Das virtuelle Board hat angehalten, bevor es bereit war (Exit-Code %1).</translation>
    </message>
    <message>
        <source>QEMU stopped unexpectedly.</source>
        <translation>QEMU wurde unerwartet beendet.</translation>
    </message>
    <message>
        <source>The virtual board stopped (exit code %1).</source>
        <translation>Das virtuelle Board hat angehalten (Exit-Code %1).</translation>
    </message>
    <message>
        <source>The virtual board needs scripts/qemu-board.sh of hpx Studio&apos;s source tree or an installed hpx Studio&apos;s virtual-board kit (not found at %1); set HPX_QEMU_BOARD_SCRIPT to it.</source>
        <translation>Das virtuelle Board braucht scripts/qemu-board.sh aus dem Quellbaum von hpx Studio oder das Virtual-Board-Kit eines installierten hpx Studio (nicht gefunden unter %1); setzen Sie HPX_QEMU_BOARD_SCRIPT darauf.</translation>
    </message>
    <message>
        <source>The virtual board&apos;s build stopped (exit code %1).</source>
        <translation>Der Build des virtuellen Boards hat angehalten (Exit-Code %1).</translation>
    </message>
</context>
<context>
    <name>hpx::ui::BoardConnection</name>
    <message>
        <source>Connected: %1</source>
        <translation>Verbunden: %1</translation>
    </message>
    <message>
        <source>Connected to %1; showing what the board sends. Run closes this link.</source>
        <translation>Verbunden mit %1; hier steht, was das Board sendet. Ein Lauf schließt diese Verbindung.</translation>
    </message>
    <message>
        <source>Disconnected.</source>
        <translation>Getrennt.</translation>
    </message>
    <message>
        <source>Opening the link…</source>
        <translation>Verbindung wird geöffnet …</translation>
    </message>
    <message>
        <source>Cannot create the run directory %1.</source>
        <translation>Das Verzeichnis für Läufe %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>The virtual board starts with each run and stops after it: press Run to profile on it.</source>
        <translation>Das virtuelle Board startet mit jedem Lauf und endet danach: zum Profilieren darauf „Ausführen“ drücken.</translation>
    </message>
</context>
<context>
    <name>hpx::ui::BoardPanel</name>
    <message>
        <source>The simulated board, a listed serial port, or type any device path (/dev/pts/3, /dev/serial/by-id/…) or tcp://host:port (J-Link RTT on port 19021, ser2net, socat)</source>
        <translation>Das simulierte Board, ein aufgelisteter serieller Anschluss, oder geben Sie einen beliebigen Gerätepfad (/dev/pts/3, /dev/serial/by-id/…) oder tcp://host:port ein (J-Link-RTT auf Port 19021, ser2net, socat)</translation>
    </message>
    <message>
        <source>Refresh the port list</source>
        <translation>Liste der Anschlüsse aktualisieren</translation>
    </message>
    <message>
        <source>Line rate of UART links; USB CDC ignores it</source>
        <translation>Baudrate von UART-Verbindungen; USB CDC ignoriert sie</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>UART (J-Link VCOM)</source>
        <translation>UART (J-Link VCOM)</translation>
    </message>
    <message>
        <source>USB CDC (asserts DTR)</source>
        <translation>USB CDC (setzt DTR)</translation>
    </message>
    <message>
        <source>RTT over TCP</source>
        <translation>RTT über TCP</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Schnell</translation>
    </message>
    <message>
        <source>Real time</source>
        <translation>Echtzeit</translation>
    </message>
    <message>
        <source>Instant</source>
        <translation>Sofort</translation>
    </message>
    <message>
        <source>How fast the simulated board runs: Fast and Instant compress its time (like hpx-board-sim --time-scale); Real time shows a board&apos;s pace, for demos. The recorded counter values are the same.</source>
        <translation>Wie schnell das simulierte Board läuft: Schnell und Sofort verkürzen seine Zeit (wie hpx-board-sim --time-scale); Echtzeit zeigt das Tempo eines Boards, für Vorführungen. Die erfassten Zählerwerte sind dieselben.</translation>
    </message>
    <message>
        <source>Open the link and show what the board sends in the console, without running a profile (Ctrl+K)</source>
        <translation>Verbindung öffnen und in der Konsole zeigen, was das Board sendet, ohne ein Profil aufzunehmen (Strg+K)</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>A&amp;nschluss:</translation>
    </message>
    <message>
        <source>B&amp;oard:</source>
        <translation>B&amp;oard:</translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation>&amp;Engine:</translation>
    </message>
    <message>
        <source>&amp;Speed:</source>
        <translation>&amp;Tempo:</translation>
    </message>
    <message>
        <source>&amp;Baud:</source>
        <translation>&amp;Baud:</translation>
    </message>
    <message>
        <source>&amp;Firmware transport:</source>
        <translation>&amp;Firmware-Transport:</translation>
    </message>
    <message>
        <source>Simulated board</source>
        <translation>Simuliertes Board</translation>
    </message>
    <message>
        <source>The built-in simulated board: no hardware needed</source>
        <translation>Das eingebaute simulierte Board: keine Hardware nötig</translation>
    </message>
    <message>
        <source>The port %1 went away; plug the board back in or choose another port.</source>
        <translation>Der Anschluss %1 ist verschwunden; stecken Sie das Board wieder ein oder wählen Sie einen anderen Anschluss.</translation>
    </message>
    <message>
        <source>%1 is a profile of the simulated board; choose the board on %2 so the counters are planned for it.</source>
        <translation>%1 ist ein Profil des simulierten Boards; wählen Sie das Board an %2, damit die Zähler für dieses geplant werden.</translation>
    </message>
    <message>
        <source>The stream looks like %1.</source>
        <translation>Der Datenstrom sieht nach %1 aus.</translation>
    </message>
    <message>
        <source>Use this board</source>
        <translation>Dieses Board verwenden</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>Trennen</translation>
    </message>
    <message>
        <source>Clock: %1 MHz</source>
        <translation>Takt: %1 MHz</translation>
    </message>
    <message>
        <source>Engine: %1</source>
        <translation>Engine: %1</translation>
    </message>
    <message>
        <source>Arena: %1 of %2 used</source>
        <translation>Arena: %1 von %2 belegt</translation>
    </message>
    <message>
        <source>Arena: %1</source>
        <translation>Arena: %1</translation>
    </message>
    <message>
        <source>Model on the board: %1 bytes</source>
        <translation>Modell auf dem Board: %1 Bytes</translation>
    </message>
    <message>
        <source>The board runs a different model: it reports %1 bytes, %2 has %3 bytes. Per-layer results will not match this model&apos;s operators.</source>
        <translation>Auf dem Board läuft ein anderes Modell: Es meldet %1 Bytes, %2 hat %3 Bytes. Die Ergebnisse pro Schicht werden nicht zu den Operatoren dieses Modells passen.</translation>
    </message>
    <message>
        <source>Core: %1</source>
        <translation>Kern: %1</translation>
    </message>
    <message>
        <source>Cycles: PMU cycle counter</source>
        <translation>Zyklen: Zykluszähler der PMU</translation>
    </message>
    <message>
        <source>Cycles: DWT cycle counter</source>
        <translation>Zyklen: Zykluszähler der DWT</translation>
    </message>
    <message>
        <source>Cycles: &lt;b&gt;not counted&lt;/b&gt; (the board has no cycle source)</source>
        <translation>Zyklen: &lt;b&gt;nicht gezählt&lt;/b&gt; (das Board hat keine Zyklenquelle)</translation>
    </message>
    <message>
        <source>Cycles: %1 (a timer, not a core cycle counter)</source>
        <translation>Zyklen: %1 (ein Timer, kein Zykluszähler des Kerns)</translation>
    </message>
    <message>
        <source>Event counters: %1</source>
        <translation>Ereigniszähler: %1</translation>
    </message>
    <message>
        <source>Event counters: none: PMU events are &lt;b&gt;not counted&lt;/b&gt; on this board</source>
        <translation>Ereigniszähler: keine: PMU-Ereignisse werden auf diesem Board &lt;b&gt;nicht gezählt&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Kernels: %1</source>
        <translation>Kernel: %1</translation>
    </message>
    <message>
        <source>%1 %2 (preset: %3)</source>
        <translation>%1 %2 (Voreinstellung: %3)</translation>
    </message>
    <message>
        <source>The board disagrees with the %1 preset: %2</source>
        <translation>Das Board widerspricht der Voreinstellung %1: %2</translation>
    </message>
    <message>
        <source>CMSIS-NN (Helium)</source>
        <translation>CMSIS-NN (Helium)</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>The TFLM kernels the virtual board runs: Arm&apos;s CMSIS-NN with its Helium (MVE) code, or TFLM&apos;s portable reference kernels</source>
        <translation>Die TFLM-Kernel des virtuellen Boards: Arms CMSIS-NN mit seinem Helium-Code (MVE) oder die portablen Referenz-Kernel von TFLM</translation>
    </message>
    <message>
        <source>&amp;Kernels:</source>
        <translation>&amp;Kernel:</translation>
    </message>
    <message>
        <source>Virtual Cortex-M55 (QEMU, TFLM)</source>
        <translation>Virtueller Cortex-M55 (QEMU, TFLM)</translation>
    </message>
    <message>
        <source>TensorFlow Lite Micro running the model on QEMU&apos;s emulated Cortex-M55 (mps3-an547): real kernels, no hardware. Counts instructions (emulated), not cycles.</source>
        <translation>TensorFlow Lite Micro führt das Modell auf dem von QEMU emulierten Cortex-M55 (mps3-an547) aus: echte Kernel, keine Hardware. Zählt Instruktionen (emuliert), keine Zyklen.</translation>
    </message>
    <message>
        <source>The virtual board starts with each run and stops after it: press Run to profile on it</source>
        <translation>Das virtuelle Board startet mit jedem Lauf und endet danach: zum Profilieren darauf „Ausführen“ drücken</translation>
    </message>
    <message>
        <source>Counts: instructions (emulated)</source>
        <translation>Zählt: Instruktionen (emuliert)</translation>
    </message>
    <message>
        <source>Fixed (the board&apos;s)</source>
        <translation>Fest (die des Boards)</translation>
    </message>
    <message>
        <source>From files</source>
        <translation>Aus Dateien</translation>
    </message>
    <message>
        <source>Random, seeded</source>
        <translation>Zufällig, mit Seed</translation>
    </message>
    <message>
        <source>What the virtual board&apos;s inferences read: its fixed input (the output is checked against TFLM on the host in the tests), your files, or random data from a seed. The input can decide which operators run (a loop entered or not).</source>
        <translation>Was die Inferenzen des virtuellen Boards lesen: seine feste Eingabe (deren Ausgabe die Tests mit TFLM auf dem Host vergleichen), Ihre Dateien oder Zufallsdaten aus einem Seed. Die Eingabe kann entscheiden, welche Operatoren laufen (ob eine Schleife betreten wird).</translation>
    </message>
    <message>
        <source>input.npy; second_input.bin</source>
        <translation>eingang.npy; zweiter_eingang.bin</translation>
    </message>
    <message>
        <source>One file per model input, in order, separated by &apos;;&apos;: a tensor&apos;s raw bytes (exactly its size) or a .npy of its dtype and shape</source>
        <translation>Eine Datei je Modelleingang, in Reihenfolge, durch ‚;‘ getrennt: die Rohbytes eines Tensors (genau seine Größe) oder eine .npy seines Datentyps und seiner Form</translation>
    </message>
    <message>
        <source>Choose the input files</source>
        <translation>Eingabedateien wählen</translation>
    </message>
    <message>
        <source>The same seed gives the same input (SplitMix64, docs/virtual-board.md)</source>
        <translation>Derselbe Seed ergibt dieselbe Eingabe (SplitMix64, docs/virtual-board.md)</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>E&amp;ingabe:</translation>
    </message>
    <message>
        <source>Input fi&amp;les:</source>
        <translation>Eingabe&amp;dateien:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>S&amp;eed:</translation>
    </message>
    <message>
        <source>Input files, one per model input in order</source>
        <translation>Eingabedateien, eine je Modelleingang in Reihenfolge</translation>
    </message>
    <message>
        <source>Tensor data (*.npy *.bin *.raw);;All files (*)</source>
        <translation>Tensordaten (*.npy *.bin *.raw);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>hpx::ui::CalledBodies</name>
    <message>
        <source>runs %1</source>
        <translation>führt %1 aus</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n op(s))</source>
        <translation>
            <numerusform>%1 (%n Op)</numerusform>
            <numerusform>%1 (%n Ops)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::CompareColumns</name>
    <message>
        <source>Baseline %1</source>
        <translation>Basis %1</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>Δ %</source>
        <translation>Δ %</translation>
    </message>
    <message>
        <source>%1 of the matched layer in the baseline run</source>
        <translation>%1 der zugeordneten Schicht im Basislauf</translation>
    </message>
    <message>
        <source>Candidate − baseline %1: negative is faster/smaller</source>
        <translation>Kandidat − Basislauf %1: negativ ist schneller/kleiner</translation>
    </message>
    <message>
        <source>(Candidate − baseline) / baseline × 100 for %1</source>
        <translation>(Kandidat − Basislauf) / Basislauf × 100 für %1</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>No matching layer in the baseline run</source>
        <translation>Keine passende Schicht im Basislauf</translation>
    </message>
    <message>
        <source>Inclusive: with the subgraphs it calls. Its own change: %1</source>
        <translation>Inklusiv: mit den Subgraphen, die es aufruft. Eigene Änderung: %1</translation>
    </message>
    <message>
        <source>Candidate %1</source>
        <translation>Kandidat %1</translation>
    </message>
    <message>
        <source>%1 of this layer in the candidate run, the one shown</source>
        <translation>%1 dieser Schicht im Kandidatenlauf, dem angezeigten</translation>
    </message>
</context>
<context>
    <name>hpx::ui::CompareController</name>
    <message>
        <source>Co&amp;mpare With…</source>
        <translation>&amp;Vergleichen mit…</translation>
    </message>
    <message>
        <source>Comparison &amp;Profile…</source>
        <translation>Vergleichs&amp;profil…</translation>
    </message>
    <message>
        <source>E&amp;xport Comparison…</source>
        <translation>Vergleich e&amp;xportieren…</translation>
    </message>
    <message>
        <source>&amp;Stop Comparing</source>
        <translation>Vergleich &amp;beenden</translation>
    </message>
    <message>
        <source>Compare the shown result with a baseline bundle (or pick two bundles): deltas in every view</source>
        <translation>Das angezeigte Ergebnis mit einem Basis-Bundle vergleichen (oder zwei Bundles wählen): Deltas in allen Ansichten</translation>
    </message>
    <message>
        <source>Pick an hpx.comparison-profile with regression tolerances for the verdict</source>
        <translation>Ein hpx.comparison-profile mit Regressionstoleranzen für das Urteil wählen</translation>
    </message>
    <message>
        <source>Write compare_summary.json, layer_diff.csv and Model Explorer delta overlays</source>
        <translation>compare_summary.json, layer_diff.csv und Model-Explorer-Delta-Overlays schreiben</translation>
    </message>
    <message>
        <source>Baseline Bundle to Compare %1 With</source>
        <translation>Basis-Bundle für den Vergleich mit %1</translation>
    </message>
    <message>
        <source>Baseline Bundle</source>
        <translation>Basis-Bundle</translation>
    </message>
    <message>
        <source>Candidate Bundle</source>
        <translation>Kandidaten-Bundle</translation>
    </message>
    <message>
        <source>Comparison Profile</source>
        <translation>Vergleichsprofil</translation>
    </message>
    <message>
        <source>Comparison profiles (*.json);;All files (*)</source>
        <translation>Vergleichsprofile (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export Comparison To</source>
        <translation>Vergleich exportieren nach</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n comparison file(s) to %1</source>
        <translation>
            <numerusform>%n Vergleichsdatei nach %1 geschrieben</numerusform>
            <numerusform>%n Vergleichsdateien nach %1 geschrieben</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>The two runs profiled different models, so heliaPROFILER would not compare them.

Compare anyway? Layers are then matched by op-sequence alignment.</source>
        <translation>Die beiden Läufe haben verschiedene Modelle gemessen, heliaPROFILER würde sie deshalb nicht vergleichen.

Trotzdem vergleichen? Die Schichten werden dann über die Op-Folge zugeordnet.</translation>
    </message>
    <message>
        <source>These runs cannot be compared:
%1</source>
        <translation>Diese Läufe können nicht verglichen werden:
%1</translation>
    </message>
    <message>
        <source>Δ Compare</source>
        <translation>Δ Vergleich</translation>
    </message>
</context>
<context>
    <name>hpx::ui::CompareSummaryStrip</name>
    <message>
        <source>not in both runs</source>
        <translation>nicht in beiden Läufen</translation>
    </message>
    <message>
        <source>Baseline: %1
Candidate: %2</source>
        <translation>Basislauf: %1
Kandidat: %2</translation>
    </message>
    <message>
        <source>Total cycles: %1</source>
        <translation>Zyklen gesamt: %1</translation>
    </message>
    <message>
        <source>Latency: %1</source>
        <translation>Latenz: %1</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>layers not matched</source>
        <translation>Schichten nicht zugeordnet</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) matched by position</source>
        <translation>
            <numerusform>%n Schicht nach Position zugeordnet</numerusform>
            <numerusform>%n Schichten nach Position zugeordnet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) matched by operator index</source>
        <translation>
            <numerusform>%n Schicht nach Operatorindex zugeordnet</numerusform>
            <numerusform>%n Schichten nach Operatorindex zugeordnet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) matched by op sequence (different models)</source>
        <translation>
            <numerusform>%n Schicht über die Op-Folge zugeordnet (verschiedene Modelle)</numerusform>
            <numerusform>%n Schichten über die Op-Folge zugeordnet (verschiedene Modelle)</numerusform>
        </translation>
    </message>
    <message>
        <source>Verdict: no comparison profile</source>
        <translation>Urteil: kein Vergleichsprofil</translation>
    </message>
    <message>
        <source>File → Comparison Profile… picks an hpx.comparison-profile with the tolerances.</source>
        <translation>Datei → Vergleichsprofil… wählt ein hpx.comparison-profile mit den Toleranzen.</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>BESTANDEN</translation>
    </message>
    <message>
        <source>WARN</source>
        <translation>WARNUNG</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>DURCHGEFALLEN</translation>
    </message>
    <message>
        <source>SKIP</source>
        <translation>ÜBERSPRUNGEN</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>Urteil: %1</translation>
    </message>
    <message>
        <source>required dimension %1 differs</source>
        <translation>geforderte Dimension %1 unterscheidet sich</translation>
    </message>
    <message>
        <source>Compare %1 → %2</source>
        <translation>Vergleich %1 → %2</translation>
    </message>
    <message>
        <source>Total instructions (emulated): %1</source>
        <translation>Instruktionen gesamt (emuliert): %1</translation>
    </message>
</context>
<context>
    <name>hpx::ui::ConsolePane</name>
    <message>
        <source>Follow &amp;output</source>
        <translation>Ausgabe &amp;folgen</translation>
    </message>
    <message>
        <source>The board&apos;s raw output appears here during a run, or after Connect in the Board panel.</source>
        <translation>Die Rohausgabe des Boards erscheint hier während eines Laufs oder nach „Verbinden“ im Bereich „Board“.</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Speichern…</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>&amp;Leeren</translation>
    </message>
    <message>
        <source>Could not save the console to %1: %2</source>
        <translation>Die Konsole konnte nicht in %1 gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Save Console</source>
        <translation>Konsole speichern</translation>
    </message>
    <message>
        <source>Log files (*.log *.txt);;All files (*)</source>
        <translation>Protokolldateien (*.log *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The board&apos;s raw output appears here.</source>
        <translation>Hier erscheint die Rohausgabe des Boards.</translation>
    </message>
</context>
<context>
    <name>hpx::ui::CounterCombo</name>
    <message>
        <source>%1 (not counted)</source>
        <translation>%1 (nicht gezählt)</translation>
    </message>
    <message>
        <source>%1: the board did not count this event, so there is nothing to show</source>
        <translation>%1: das Board hat dieses Ereignis nicht gezählt, es gibt nichts zu zeigen</translation>
    </message>
</context>
<context>
    <name>hpx::ui::CounterPicker</name>
    <message>
        <source>Search counters…</source>
        <translation>Zähler suchen…</translation>
    </message>
    <message>
        <source>Custom selection</source>
        <translation>Benutzerdefinierte Auswahl</translation>
    </message>
    <message>
        <source>Cycles only</source>
        <translation>Nur Zyklen</translation>
    </message>
    <message>
        <source>CPU defaults</source>
        <translation>CPU (Standard)</translation>
    </message>
    <message>
        <source>CPU + memory + MVE defaults</source>
        <translation>CPU + Speicher + MVE (Standard)</translation>
    </message>
    <message>
        <source>Memory: all</source>
        <translation>Speicher: alle</translation>
    </message>
    <message>
        <source>MVE: all</source>
        <translation>MVE: alle</translation>
    </message>
    <message>
        <source>Everything</source>
        <translation>Alles</translation>
    </message>
    <message>
        <source>Presets replace the current selection</source>
        <translation>Voreinstellungen ersetzen die aktuelle Auswahl</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>%1 cannot be captured on %2</source>
        <translation>%1 kann auf %2 nicht erfasst werden</translation>
    </message>
    <message>
        <source>Select at least one counter.</source>
        <translation>Wählen Sie mindestens einen Zähler aus.</translation>
    </message>
    <message>
        <source>%1 cannot capture any of the selected counters.</source>
        <translation>%1 kann keinen der ausgewählten Zähler erfassen.</translation>
    </message>
    <message numerus="yes">
        <source>%n counter(s)</source>
        <translation>
            <numerusform>%n Zähler</numerusform>
            <numerusform>%n Zähler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pass(es)</source>
        <translation>
            <numerusform>%n Durchlauf</numerusform>
            <numerusform>%n Durchläufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 cannot capture %n selected counter(s): %2. They stay selected and are not captured on this board.</source>
        <translation>
            <numerusform>%1 kann %n ausgewählten Zähler nicht erfassen: %2. Er bleibt ausgewählt und wird auf diesem Board nicht erfasst.</numerusform>
            <numerusform>%1 kann %n ausgewählte Zähler nicht erfassen: %2. Sie bleiben ausgewählt und werden auf diesem Board nicht erfasst.</numerusform>
        </translation>
    </message>
    <message>
        <source>Deselect them</source>
        <translation>Abwählen</translation>
    </message>
</context>
<context>
    <name>hpx::ui::DeltaChart</name>
    <message>
        <source>Layers, largest change first</source>
        <translation>Schichten, größte Änderung zuerst</translation>
    </message>
    <message>
        <source>No per-layer deltas for %1</source>
        <translation>Keine Deltas pro Schicht für %1</translation>
    </message>
    <message>
        <source>Its own cost; Δ with the subgraphs it calls (inclusive): %1</source>
        <translation>Eigene Kosten; Δ mit den aufgerufenen Subgraphen (inklusiv): %1</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>kein Wert</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message numerus="yes">
        <source>%n matched layer(s) by absolute change of %1 (candidate − baseline); blue faster, red slower</source>
        <translation>
            <numerusform>%n zugeordnete Schicht nach absoluter Änderung von %1 (Kandidat − Basislauf); blau schneller, rot langsamer</numerusform>
            <numerusform>%n zugeordnete Schichten nach absoluter Änderung von %1 (Kandidat − Basislauf); blau schneller, rot langsamer</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
%2: %3 → %4
Δ %5%6</source>
        <translation>%1
%2: %3 → %4
Δ %5%6</translation>
    </message>
</context>
<context>
    <name>hpx::ui::ExportMenu</name>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Result &amp;Bundle…</source>
        <translation>&amp;Ergebnispaket…</translation>
    </message>
    <message>
        <source>Export Bundle to Folder</source>
        <translation>Ergebnispaket in Ordner exportieren</translation>
    </message>
    <message>
        <source>Bundle exported to %1</source>
        <translation>Ergebnispaket nach %1 exportiert</translation>
    </message>
    <message>
        <source>Model Explorer &amp;Overlay (Current Counter)…</source>
        <translation>&amp;Overlay für Model Explorer (aktueller Zähler)…</translation>
    </message>
    <message>
        <source>Export Overlay</source>
        <translation>Overlay exportieren</translation>
    </message>
    <message>
        <source>Model Explorer node data (*.json)</source>
        <translation>Knotendaten für Model Explorer (*.json)</translation>
    </message>
    <message>
        <source>Overlay written to %1</source>
        <translation>Overlay nach %1 geschrieben</translation>
    </message>
    <message>
        <source>&amp;All Model Explorer Overlays…</source>
        <translation>&amp;Alle Overlays für Model Explorer…</translation>
    </message>
    <message>
        <source>Export Overlays to Folder</source>
        <translation>Overlays in Ordner exportieren</translation>
    </message>
    <message>
        <source>Overlays written to %1</source>
        <translation>Overlays nach %1 geschrieben</translation>
    </message>
    <message>
        <source>Table as &amp;CSV…</source>
        <translation>Tabelle als &amp;CSV…</translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation>Tabelle exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Table written to %1</source>
        <translation>Tabelle nach %1 geschrieben</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>Image written to %1</source>
        <translation>Bild nach %1 geschrieben</translation>
    </message>
    <message>
        <source>&amp;Graph as PNG or SVG…</source>
        <translation>&amp;Graph als PNG oder SVG…</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>C&amp;hart as PNG or SVG…</source>
        <translation>&amp;Diagramm als PNG oder SVG…</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Diagramm</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>This result has no bundle on disk to export.</source>
        <translation>Zu diesem Ergebnis gibt es kein Ergebnispaket auf der Festplatte, das exportiert werden könnte.</translation>
    </message>
    <message>
        <source>%1 already exists; choose another folder.</source>
        <translation>%1 existiert bereits; wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>Could not copy %1 to %2.</source>
        <translation>%1 konnte nicht nach %2 kopiert werden.</translation>
    </message>
    <message>
        <source>Could not create %1.</source>
        <translation>%1 konnte nicht angelegt werden.</translation>
    </message>
    <message>
        <source>%1 was not captured in this run, so it has no overlay.</source>
        <translation>%1 wurde in diesem Lauf nicht erfasst und hat daher kein Overlay.</translation>
    </message>
    <message>
        <source>This result has no per-layer rows to export.</source>
        <translation>Dieses Ergebnis enthält keine Zeilen pro Schicht, die exportiert werden könnten.</translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatColoring</name>
    <message>
        <source>%1
%2: %3 (%4 % of this subgraph)</source>
        <translation>%1
%2: %3 (%4 % dieses Subgraphen)</translation>
    </message>
    <message>
        <source>%1
No %2 value for this operator</source>
        <translation>%1
Kein %2-Wert für diesen Operator</translation>
    </message>
    <message>
        <source>Its own cost; %1 with the subgraphs it calls (inclusive)</source>
        <translation>Seine eigenen Kosten; %1 mit den Subgraphen, die er aufruft (inklusive)</translation>
    </message>
    <message>
        <source>%1
Live memory: %2 bytes</source>
        <translation>%1
Belegter Speicher: %2 Bytes</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>kein Wert</translation>
    </message>
    <message>
        <source>%1 → %2 (%3%4)</source>
        <translation>%1 → %2 (%3%4)</translation>
    </message>
    <message>
        <source>Its own cost; with the subgraphs it calls (inclusive): %1</source>
        <translation>Eigene Kosten; mit den aufgerufenen Subgraphen (inklusiv): %1</translation>
    </message>
    <message>
        <source>%1
Not profiled: runs once at start (a CALL_ONCE&apos;s init subgraph runs in the first inference, which the board spends as warm-up)</source>
        <translation>%1
Nicht profiliert: läuft einmal beim Start (der Init-Subgraph eines CALL_ONCE läuft in der ersten Inferenz, die das Board zum Aufwärmen nutzt)</translation>
    </message>
    <message>
        <source>%1
%2: %3</source>
        <translation>%1
%2: %3</translation>
    </message>
    <message>
        <source>%1
New: no matching layer in the baseline</source>
        <translation>%1
Neu: keine passende Schicht in der Baseline</translation>
    </message>
    <message>
        <source>%1
No %2 delta for this operator</source>
        <translation>%1
Kein %2-Delta für diesen Operator</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>%1
Not run: this operator did not run in the profiled inferences (a loop not entered, an IF branch not taken, or a subgraph nothing called, on the board&apos;s input): no value, not 0</source>
        <translation>%1
Nicht ausgeführt: Dieser Operator lief in den profilierten Inferenzen nicht (eine nicht betretene Schleife, ein nicht genommener IF-Zweig oder ein Subgraph, den nichts aufruft, bei der Eingabe des Boards): kein Wert, nicht 0</translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatGraphNavigator</name>
    <message>
        <source>Next hottest</source>
        <translation>Nächster heißester</translation>
    </message>
    <message>
        <source>Previous hottest</source>
        <translation>Vorheriger heißester</translation>
    </message>
    <message numerus="yes">
        <source>Top %n by %1</source>
        <translation>
            <numerusform>Top %n nach %1</numerusform>
            <numerusform>Top %n nach %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1. %2 · %3 (%4 %)</source>
        <translation>%1. %2 · %3 (%4 %)</translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatGraphToolBar</name>
    <message>
        <source>Subgraph:</source>
        <translation>Subgraph:</translation>
    </message>
    <message>
        <source>Counter that colours the nodes</source>
        <translation>Zähler, nach dem die Knoten eingefärbt werden</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keiner</translation>
    </message>
    <message>
        <source>Subgraph to show</source>
        <translation>Anzuzeigender Subgraph</translation>
    </message>
    <message>
        <source>Find op or #index (Ctrl+F)</source>
        <translation>Op oder #Index suchen (Strg+F)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit the graph&apos;s width in the view at a readable size (F)</source>
        <translation>Die Breite des Graphen in lesbarer Größe einpassen (F)</translation>
    </message>
    <message>
        <source>Hottest</source>
        <translation>Heißeste</translation>
    </message>
    <message>
        <source>Jump to the hottest operators (N: next, Shift+N: previous)</source>
        <translation>Zu den heißesten Operatoren springen (N: nächster, Umschalt+N: vorheriger)</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Show the minimap of the whole graph when it does not fit the view</source>
        <translation>Die Übersichtskarte des ganzen Graphen zeigen, wenn er nicht in die Ansicht passt</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl++)</source>
        <translation>Vergrößern (Strg++)</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+-)</source>
        <translation>Verkleinern (Strg+-)</translation>
    </message>
    <message>
        <source>Counter:</source>
        <translation>Zähler:</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n op(s))</source>
        <translation>
            <numerusform>%1 (%n Op)</numerusform>
            <numerusform>%1 (%n Ops)</numerusform>
        </translation>
    </message>
    <message>
        <source>Back to the operator that runs this subgraph</source>
        <translation>Zurück zum Operator, der diesen Subgraphen ausführt</translation>
    </message>
    <message>
        <source>Layout direction: left to right; click for top to bottom</source>
        <translation>Layout-Richtung: von links nach rechts; klicken für von oben nach unten</translation>
    </message>
    <message>
        <source>Layout direction: top to bottom; click for left to right</source>
        <translation>Layout-Richtung: von oben nach unten; klicken für von links nach rechts</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>Linear</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Colour scale: linear (as Model Explorer), logarithmic, or by rank among the operators shown, so one very hot operator does not paint all others green</source>
        <translation>Farbskala: linear (wie Model Explorer), logarithmisch oder nach Rang unter den gezeigten Operatoren, damit ein sehr heißer Operator nicht alle anderen grün färbt</translation>
    </message>
    <message>
        <source>More graph controls (the pane is too narrow to show them all)</source>
        <translation>Weitere Bedienelemente des Graphen (der Bereich ist zu schmal, um alle zu zeigen)</translation>
    </message>
    <message>
        <source>Colour scale</source>
        <translation>Farbskala</translation>
    </message>
    <message>
        <source>Lay out left to right</source>
        <translation>Von links nach rechts anordnen</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>↑ %1</source>
        <translation>↑ %1</translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatGraphView</name>
    <message>
        <source>No operator matches “%1”</source>
        <translation>Kein Operator passt zu „%1“</translation>
    </message>
    <message>
        <source>Open a model to see its graph.</source>
        <translation>Öffnen Sie ein Modell, um seinen Graphen zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n operator(s)…</source>
        <translation>
            <numerusform>Layout für %n Operator wird berechnet…</numerusform>
            <numerusform>Layout für %n Operatoren wird berechnet…</numerusform>
        </translation>
    </message>
    <message>
        <source>Hide Called Subgraphs (E)</source>
        <translation>Aufgerufene Subgraphen ausblenden (E)</translation>
    </message>
    <message>
        <source>Show Called Subgraphs Here (E)</source>
        <translation>Aufgerufene Subgraphen hier zeigen (E)</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatLegend</name>
    <message>
        <source>No values for this subgraph</source>
        <translation>Keine Werte für diesen Subgraphen</translation>
    </message>
    <message>
        <source>all equal</source>
        <translation>alle gleich</translation>
    </message>
    <message>
        <source>%1: green = lowest (%2), yellow = midpoint, red = highest (%3) in this subgraph</source>
        <translation>%1: Grün = niedrigster (%2), Gelb = Mitte, Rot = höchster Wert (%3) in diesem Subgraphen</translation>
    </message>
    <message>
        <source>dashed: no value</source>
        <translation>gestrichelt: kein Wert</translation>
    </message>
    <message>
        <source>, dashed: no value</source>
        <translation>, gestrichelt: kein Wert</translation>
    </message>
    <message>
        <source>No result yet: run a profile to colour the nodes</source>
        <translation>Noch kein Ergebnis: Führen Sie ein Profil aus, um die Knoten einzufärben</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>blue faster · red slower</source>
        <translation>blau schneller · rot langsamer</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>keine Änderung</translation>
    </message>
    <message>
        <source>%1, candidate − baseline: blue = faster (down to %2), white = unchanged, red = slower (up to %3); centred on zero</source>
        <translation>%1, Kandidat − Basislauf: blau = schneller (bis %2), weiß = unverändert, rot = langsamer (bis %3); um null zentriert</translation>
    </message>
    <message>
        <source>linear scale</source>
        <translation>lineare Skala</translation>
    </message>
    <message>
        <source>The colour is proportional to the value.</source>
        <translation>Die Farbe ist proportional zum Wert.</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>logarithmische Skala</translation>
    </message>
    <message>
        <source>Equal colour steps are equal factors of the value, so small operators are told apart.</source>
        <translation>Gleiche Farbstufen sind gleiche Faktoren des Werts, so lassen sich kleine Operatoren unterscheiden.</translation>
    </message>
    <message>
        <source>rank scale</source>
        <translation>Rangskala</translation>
    </message>
    <message>
        <source>The colour is the operator&apos;s rank among those shown (percentile), not its value: the midpoint is the median operator.</source>
        <translation>Die Farbe ist der Rang des Operators unter den gezeigten (Perzentil), nicht sein Wert: die Mitte ist der Median-Operator.</translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatMinimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>Übersicht: klicken oder ziehen, um die Ansicht zu verschieben</translation>
    </message>
</context>
<context>
    <name>hpx::ui::IssueList</name>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Result validity: &lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>Gültigkeit des Ergebnisses: &lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>Hide issues</source>
        <translation>Probleme ausblenden</translation>
    </message>
    <message>
        <source>Show issues</source>
        <translation>Probleme anzeigen</translation>
    </message>
</context>
<context>
    <name>hpx::ui::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Systemvorgabe (%1)</translation>
    </message>
</context>
<context>
    <name>hpx::ui::LayerChart</name>
    <message>
        <source>Log scale</source>
        <translation>Logarithmische Skala</translation>
    </message>
    <message>
        <source>Counter to plot</source>
        <translation>Darzustellender Zähler</translation>
    </message>
    <message>
        <source>Execution order</source>
        <translation>Ausführungsreihenfolge</translation>
    </message>
    <message>
        <source>Sorted, highest first</source>
        <translation>Absteigend sortiert</translation>
    </message>
    <message>
        <source>Logarithmic value axis (layers with a value of 0 are not drawn)</source>
        <translation>Logarithmische Werteachse (Schichten mit dem Wert 0 werden nicht gezeichnet)</translation>
    </message>
    <message>
        <source>Counter:</source>
        <translation>Zähler:</translation>
    </message>
    <message>
        <source>Layers, highest first</source>
        <translation>Schichten, höchster Wert zuerst</translation>
    </message>
    <message>
        <source>Layer (execution order)</source>
        <translation>Schicht (Ausführungsreihenfolge)</translation>
    </message>
    <message>
        <source>%1 (layer %2, unresolved)</source>
        <translation>%1 (Schicht %2, nicht zugeordnet)</translation>
    </message>
    <message>
        <source>%1
%2: %3 (%4 % of all layers)</source>
        <translation>%1
%2: %3 (%4 % aller Schichten)</translation>
    </message>
    <message>
        <source>Its own cost; %1 with the subgraphs it calls (inclusive)</source>
        <translation>Seine eigenen Kosten; %1 mit den Subgraphen, die er aufruft (inklusive)</translation>
    </message>
    <message>
        <source>No counter of this run to plot.</source>
        <translation>Kein Zähler dieses Laufs zum Darstellen.</translation>
    </message>
    <message>
        <source>Each layer&apos;s counter is plotted here after a run.
Press Run (F5) or open a bundle.</source>
        <translation>Nach einem Lauf steht hier der Zähler jeder Schicht.
Starten (F5) oder ein Bundle öffnen.</translation>
    </message>
</context>
<context>
    <name>hpx::ui::LayerTableModel</name>
    <message>
        <source>%1 (firmware tag %2) — a counter overflowed in this layer</source>
        <translation>%1 (Firmware-Tag %2) — in dieser Schicht ist ein Zähler übergelaufen</translation>
    </message>
    <message>
        <source>%1 (firmware tag %2)</source>
        <translation>%1 (Firmware-Tag %2)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Not captured for this layer</source>
        <translation>Für diese Schicht nicht erfasst</translation>
    </message>
    <message>
        <source>%1 — %2 % of the total</source>
        <translation>%1 — %2 % vom Gesamtwert</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Op</translation>
    </message>
    <message>
        <source>Subgraph</source>
        <translation>Subgraph</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>MACs</source>
        <translation>MACs</translation>
    </message>
    <message>
        <source>MAC/cycle</source>
        <translation>MAC/Zyklus</translation>
    </message>
    <message>
        <source>Cycles/MAC</source>
        <translation>Zyklen/MAC</translation>
    </message>
    <message>
        <source>MVE share %</source>
        <translation>MVE-Anteil %</translation>
    </message>
    <message>
        <source>MVE MAC density</source>
        <translation>MVE-MAC-Dichte</translation>
    </message>
    <message>
        <source>MVE ld/st density</source>
        <translation>MVE-ld/st-Dichte</translation>
    </message>
    <message>
        <source>MVE stall share %</source>
        <translation>MVE-Stall-Anteil %</translation>
    </message>
    <message>
        <source>L1D hit rate %</source>
        <translation>L1D-Trefferrate %</translation>
    </message>
    <message>
        <source>Operator type</source>
        <translation>Operatortyp</translation>
    </message>
    <message>
        <source>Subgraph the operator belongs to (Model Explorer graph id)</source>
        <translation>Subgraph, zu dem der Operator gehört (Graph-ID in Model Explorer)</translation>
    </message>
    <message>
        <source>Multiply-accumulates computed on the host from the model</source>
        <translation>Multiply-Accumulate-Operationen, auf dem Host aus dem Modell berechnet</translation>
    </message>
    <message>
        <source>MACs / CPU cycles: higher is better</source>
        <translation>MACs / CPU-Zyklen: höher ist besser</translation>
    </message>
    <message>
        <source>CPU cycles / MACs, rounded to 2 places as in the CSV</source>
        <translation>CPU-Zyklen / MACs, wie in der CSV auf 2 Stellen gerundet</translation>
    </message>
    <message>
        <source>MVE_INST_RETIRED / INST_RETIRED × 100</source>
        <translation>MVE_INST_RETIRED / INST_RETIRED × 100</translation>
    </message>
    <message>
        <source>MVE_INT_MAC_RETIRED / MVE_INST_RETIRED</source>
        <translation>MVE_INT_MAC_RETIRED / MVE_INST_RETIRED</translation>
    </message>
    <message>
        <source>MVE_LDST_RETIRED / MVE_INST_RETIRED</source>
        <translation>MVE_LDST_RETIRED / MVE_INST_RETIRED</translation>
    </message>
    <message>
        <source>MVE_STALL / CPU_CYCLES × 100</source>
        <translation>MVE_STALL / CPU_CYCLES × 100</translation>
    </message>
    <message>
        <source>(1 − L1D read misses / L1D reads) × 100 for this layer</source>
        <translation>(1 − L1D-Lesefehlzugriffe / L1D-Lesezugriffe) × 100 für diese Schicht</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>nicht gezählt</translation>
    </message>
    <message>
        <source>The board did not count %1 (see the run&apos;s issues): no value, not 0</source>
        <translation>Das Board hat %1 nicht gezählt (siehe die Probleme des Laufs): kein Wert, nicht 0</translation>
    </message>
    <message>
        <source>%1 inclusive: its own %2 and %3 in the layers it called — %4 % of the total</source>
        <translation>%1 inklusive: eigene %2 und %3 in den aufgerufenen Schichten — %4 % der Summe</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>the rest</source>
        <translation>der Rest</translation>
    </message>
    <message>
        <source>The layer&apos;s own cycles. A control-flow operator (WHILE, IF, CALL_ONCE) is measured around the layers it calls: CPU_CYCLES is its inclusive cost, this is without them. Every cycle is in exactly one layer&apos;s self cycles.</source>
        <translation>Die eigenen Zyklen der Schicht. Ein Kontrollfluss-Operator (WHILE, IF, CALL_ONCE) wird um die Schichten herum gemessen, die er aufruft: CPU_CYCLES sind seine inklusiven Kosten, dies ohne sie. Jeder Zyklus steht in den eigenen Zyklen genau einer Schicht.</translation>
    </message>
    <message>
        <source>%1 — not counted by the board</source>
        <translation>%1 — vom Board nicht gezählt</translation>
    </message>
    <message>
        <source>MAC/instruction</source>
        <translation>MAC/Instruktion</translation>
    </message>
    <message>
        <source>Instructions/MAC</source>
        <translation>Instruktionen/MAC</translation>
    </message>
    <message>
        <source>The virtual board counts the instructions QEMU executed for each operator (-icount), not the core&apos;s cycles: compare operators with it, not boards.</source>
        <translation>Das virtuelle Board zählt die Instruktionen, die QEMU für jeden Operator ausgeführt hat (-icount), nicht die Takte des Kerns: damit Operatoren vergleichen, nicht Boards.</translation>
    </message>
    <message>
        <source>MACs / emulated instructions. %1</source>
        <translation>MACs / emulierte Instruktionen. %1</translation>
    </message>
    <message>
        <source>Emulated instructions / MACs. %1</source>
        <translation>Emulierte Instruktionen / MACs. %1</translation>
    </message>
    <message>
        <source>The layer&apos;s own emulated instructions, without the layers a control-flow operator calls. %1</source>
        <translation>Die eigenen emulierten Instruktionen der Schicht, ohne die Schichten, die ein Kontrollfluss-Operator aufruft. %1</translation>
    </message>
    <message>
        <source>%1 column of the stream. %2</source>
        <translation>Spalte %1 des Streams. %2</translation>
    </message>
    <message>
        <source>Self %1</source>
        <translation>Eigene %1</translation>
    </message>
    <message>
        <source>The layer&apos;s own %1. A control-flow operator (WHILE, IF, CALL_ONCE) is measured around the layers it calls: %1 is its inclusive count, this is without them. Every event is in exactly one layer&apos;s own count.</source>
        <translation>Eigene %1 der Schicht. Ein Kontrollfluss-Operator (WHILE, IF, CALL_ONCE) wird um die Schichten gemessen, die er aufruft: %1 ist sein inklusiver Wert, dies ist ohne sie. Jedes Ereignis steht im eigenen Wert genau einer Schicht.</translation>
    </message>
    <message>
        <source>not profiled: runs once at start</source>
        <translation>nicht profiliert: läuft einmal beim Start</translation>
    </message>
    <message>
        <source>Not profiled: this operator belongs to a CALL_ONCE&apos;s init subgraph (%1), which runs once, in the first inference; the board spends that one as warm-up before profiling.</source>
        <translation>Nicht profiliert: Dieser Operator gehört zum Init-Subgraphen eines CALL_ONCE (%1), der einmal läuft, in der ersten Inferenz; das Board nutzt diese vor dem Profilieren zum Aufwärmen.</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Folge</translation>
    </message>
    <message>
        <source>Position in execution order. An operator&apos;s own number is its subgraph and index (&quot;main #3&quot;), as the graph, the charts and the exports write it.</source>
        <translation>Position in der Ausführungsreihenfolge. Die eigene Nummer eines Operators ist sein Subgraph und Index („main #3“), wie Graph, Diagramme und Exporte sie schreiben.</translation>
    </message>
    <message>
        <source>Operator index in its subgraph (the node id in Model Explorer): the #1 of &quot;main #1&quot;</source>
        <translation>Operator-Index in seinem Subgraphen (die Knoten-ID im Model Explorer): die #1 von „main #1“</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>Not run: this operator did not run in the profiled inferences (a loop not entered, an IF branch not taken, or a subgraph nothing called, on the board&apos;s input): no value, not 0.</source>
        <translation>Nicht ausgeführt: Dieser Operator lief in den profilierten Inferenzen nicht (eine nicht betretene Schleife, ein nicht genommener IF-Zweig oder ein Subgraph, den nichts aufruft, bei der Eingabe des Boards): kein Wert, nicht 0.</translation>
    </message>
</context>
<context>
    <name>hpx::ui::LayerTableView</name>
    <message>
        <source>Show only layers of this operator type</source>
        <translation>Nur Schichten dieses Operatortyps anzeigen</translation>
    </message>
    <message>
        <source>Filter by op, tag or index…</source>
        <translation>Nach Op, Tag oder Index filtern…</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>Als CSV kopieren</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Spalten</translation>
    </message>
    <message>
        <source>Show all columns</source>
        <translation>Alle Spalten anzeigen</translation>
    </message>
    <message>
        <source>Resize columns to contents</source>
        <translation>Spaltenbreite an Inhalt anpassen</translation>
    </message>
    <message>
        <source>All ops</source>
        <translation>Alle Ops</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n Schicht</numerusform>
            <numerusform>%n Schichten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 layers</source>
        <translation>%1 von %2 Schichten</translation>
    </message>
    <message>
        <source>%1 of %2 operators</source>
        <translation>%1 von %2 Operatoren</translation>
    </message>
    <message numerus="yes">
        <source>%n operator(s)</source>
        <translation>
            <numerusform>%n Operator</numerusform>
            <numerusform>%n Operatoren</numerusform>
        </translation>
    </message>
    <message>
        <source>Not profiled yet: the rows list the model&apos;s operators; counters appear after a run.</source>
        <translation>Noch nicht profiliert: Die Zeilen listen die Operatoren des Modells; Zähler erscheinen nach einem Lauf.</translation>
    </message>
    <message numerus="yes">
        <source>%n not profiled (run once at start)</source>
        <translation>
            <numerusform>%n nicht profiliert (läuft einmal beim Start)</numerusform>
            <numerusform>%n nicht profiliert (laufen einmal beim Start)</numerusform>
        </translation>
    </message>
    <message>
        <source>Operators of a CALL_ONCE&apos;s init subgraph run once, in the first inference, which the board spends as warm-up: they are listed at the end of the table without values.</source>
        <translation>Operatoren des Init-Subgraphen eines CALL_ONCE laufen einmal, in der ersten Inferenz, die das Board zum Aufwärmen nutzt: Sie stehen ohne Werte am Ende der Tabelle.</translation>
    </message>
    <message numerus="yes">
        <source>%n not run</source>
        <translation>
            <numerusform>%n nicht ausgeführt</numerusform>
            <numerusform>%n nicht ausgeführt</numerusform>
        </translation>
    </message>
    <message>
        <source>Operators that did not run in the profiled inferences (a loop not entered, an IF branch not taken, a subgraph nothing called) are listed at the end of the table, greyed, without values.</source>
        <translation>Operatoren, die in den profilierten Inferenzen nicht liefen (eine nicht betretene Schleife, ein nicht genommener IF-Zweig, ein Subgraph, den nichts aufruft), stehen grau und ohne Werte am Ende der Tabelle.</translation>
    </message>
</context>
<context>
    <name>hpx::ui::LayoutResult</name>
    <message>
        <source>Graphviz could not be initialised.</source>
        <translation>Graphviz konnte nicht initialisiert werden.</translation>
    </message>
    <message>
        <source>Graphviz dot layout failed.</source>
        <translation>Das Layout mit Graphviz dot ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Edge %1 -&gt; %2 is out of range.</source>
        <translation>Kante %1 -&gt; %2 liegt außerhalb des gültigen Bereichs.</translation>
    </message>
</context>
<context>
    <name>hpx::ui::MainWindow</name>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Board</translation>
    </message>
    <message>
        <source>Profiled inferences per pass; the per-layer value is their median</source>
        <translation>Profilierte Inferenzen pro Durchlauf; der Wert pro Schicht ist ihr Median</translation>
    </message>
    <message>
        <source>Unrecorded inferences before each pass</source>
        <translation>Nicht aufgezeichnete Inferenzen vor jedem Durchlauf</translation>
    </message>
    <message>
        <source>&amp;Iterations:</source>
        <translation>&amp;Iterationen:</translation>
    </message>
    <message>
        <source>&amp;Warmup:</source>
        <translation>&amp;Warmup:</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation>Pro Schicht</translation>
    </message>
    <message>
        <source>By operator type</source>
        <translation>Nach Operatortyp</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Model…</source>
        <translation>Modell ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Bundle…</source>
        <translation>Ergebnis&amp;paket öffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>Aus&amp;führen</translation>
    </message>
    <message>
        <source>&amp;Run Profile</source>
        <translation>&amp;Profil ausführen</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>Lauf a&amp;bbrechen</translation>
    </message>
    <message>
        <source>C&amp;onnect to Board</source>
        <translation>Mit Board &amp;verbinden</translation>
    </message>
    <message>
        <source>Show what the board sends in the console without running a profile</source>
        <translation>In der Konsole zeigen, was das Board sendet, ohne ein Profil aufzunehmen</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Hauptleiste</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Fit Graph</source>
        <translation>Graphen &amp;einpassen</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Layout &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>hpx Studio will be in %1 from its next start.</source>
        <translation>hpx Studio erscheint ab dem nächsten Start auf %1.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About hpx Studio</source>
        <translation>&amp;Über hpx Studio</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Run in progress</source>
        <translation>Lauf wird ausgeführt</translation>
    </message>
    <message>
        <source>A profile run is in progress. Cancel it and quit? What was captured so far stays in the run&apos;s raw stream file.</source>
        <translation>Ein Profiling-Lauf wird ausgeführt. Abbrechen und beenden? Was bisher erfasst wurde, bleibt in der Rohdatenstrom-Datei des Laufs erhalten.</translation>
    </message>
    <message>
        <source>Cancel the run before opening another model.</source>
        <translation>Brechen Sie den Lauf ab, bevor Sie ein anderes Modell öffnen.</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>Modell öffnen</translation>
    </message>
    <message>
        <source>TensorFlow Lite models (*.tflite);;All files (*)</source>
        <translation>TensorFlow-Lite-Modelle (*.tflite);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open Result Bundle</source>
        <translation>Ergebnispaket öffnen</translation>
    </message>
    <message>
        <source>Cancel the run before opening a bundle.</source>
        <translation>Brechen Sie den Lauf ab, bevor Sie ein Ergebnispaket öffnen.</translation>
    </message>
    <message>
        <source>Reading the bundle %1…</source>
        <translation>Das Ergebnispaket %1 wird gelesen …</translation>
    </message>
    <message>
        <source>Open the model this bundle profiled (%1) to see the heat graph and MACs.</source>
        <translation>Öffnen Sie das Modell, das mit diesem Ergebnispaket profiliert wurde (%1), um den Heatmap-Graphen und die MACs zu sehen.</translation>
    </message>
    <message>
        <source>Browsing the %1 bundle &lt;i&gt;%2&lt;/i&gt; (%3, %4).</source>
        <translation>Ergebnispaket &lt;i&gt;%2&lt;/i&gt; wird angezeigt (%1, %3, %4).</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>geprüft</translation>
    </message>
    <message>
        <source>not verified</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>Open a model first.</source>
        <translation>Öffnen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <source>Closing the console&apos;s link for the run…</source>
        <translation>Die Verbindung der Konsole wird für den Lauf geschlossen …</translation>
    </message>
    <message>
        <source>Disc&amp;onnect from Board</source>
        <translation>Vom Board &amp;trennen</translation>
    </message>
    <message>
        <source>%1 — hpx Studio</source>
        <translation>%1 — hpx Studio</translation>
    </message>
    <message>
        <source>hpx Studio</source>
        <translation>hpx Studio</translation>
    </message>
    <message>
        <source>&lt;b&gt;Welcome to hpx Studio.&lt;/b&gt; The example model &lt;i&gt;%1&lt;/i&gt; is open on the simulated board. Pick counters on the left and press &lt;b&gt;Run&lt;/b&gt; (F5) to profile it layer by layer; open your own model with Ctrl+O or by dropping a .tflite file here.</source>
        <translation>&lt;b&gt;Willkommen bei hpx Studio.&lt;/b&gt; Das Beispielmodell &lt;i&gt;%1&lt;/i&gt; ist auf dem simulierten Board geöffnet. Wählen Sie links Zähler aus und drücken Sie &lt;b&gt;Ausführen&lt;/b&gt; (F5), um es Schicht für Schicht zu profilieren; öffnen Sie Ihr eigenes Modell mit Strg+O oder indem Sie eine .tflite-Datei hierher ziehen.</translation>
    </message>
    <message>
        <source>About hpx Studio</source>
        <translation>Über hpx Studio</translation>
    </message>
    <message>
        <source>&lt;h3&gt;hpx Studio %1&lt;/h3&gt;&lt;p&gt;Profile TensorFlow Lite models on microcontroller boards, layer by layer.&lt;/p&gt;&lt;p&gt;Git commit %2&lt;br&gt;Qt %3 (built with %4)&lt;/p&gt;</source>
        <translation>&lt;h3&gt;hpx Studio %1&lt;/h3&gt;&lt;p&gt;TensorFlow-Lite-Modelle auf Mikrocontroller-Boards profilieren, Schicht für Schicht.&lt;/p&gt;&lt;p&gt;Git-Commit %2&lt;br&gt;Qt %3 (gebaut mit %4)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The run failed: the message above the graph says why and what was kept.</source>
        <translation>Der Lauf ist fehlgeschlagen: Die Meldung über dem Graphen sagt, warum, und was erhalten blieb.</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>The bundle %1 could not be opened: %2</source>
        <translation>Das Ergebnispaket %1 ließ sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>The views still show the last run.</source>
        <translation>Die Ansichten zeigen weiter den letzten Lauf.</translation>
    </message>
    <message>
        <source>The views still show the bundle %1.</source>
        <translation>Die Ansichten zeigen weiter das Ergebnispaket %1.</translation>
    </message>
    <message>
        <source>The table, graph and charts show the previous run until this one finishes.</source>
        <translation>Tabelle, Graph und Diagramme zeigen den vorigen Lauf, bis dieser fertig ist.</translation>
    </message>
    <message>
        <source>The table, graph and charts show the previous run (%1 kernels) until this one finishes.</source>
        <translation>Tabelle, Graph und Diagramme zeigen den vorigen Lauf (%1-Kernels), bis dieser fertig ist.</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>Leistung</translation>
    </message>
</context>
<context>
    <name>hpx::ui::MemoryView</name>
    <message>
        <source>Live memory (bytes)</source>
        <translation>Belegter Speicher (Bytes)</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>Live bytes</source>
        <translation>Belegte Bytes</translation>
    </message>
    <message>
        <source>Tensor lifetimes</source>
        <translation>Tensor-Lebensdauern</translation>
    </message>
    <message>
        <source>The bytes of planned tensors alive at each step</source>
        <translation>Die Bytes der geplanten Tensoren, die bei jedem Schritt belegt sind</translation>
    </message>
    <message>
        <source>Each planned tensor as a bar from its first to its last step, at its arena offset</source>
        <translation>Jeder geplante Tensor als Balken von seinem ersten bis zu seinem letzten Schritt, an seinem Arena-Offset</translation>
    </message>
    <message>
        <source>Largest tensors</source>
        <translation>Größte Tensoren</translation>
    </message>
    <message>
        <source>start of %1</source>
        <translation>Beginn von %1</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>Spitze %1</translation>
    </message>
    <message>
        <source>plan %1</source>
        <translation>Plan %1</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Offset</translation>
    </message>
    <message>
        <source>Alive</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Subgraph</source>
        <translation>Subgraph</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>Tensor %1</translation>
    </message>
    <message>
        <source>%1
tensor %2 of %3, %4 (%5 before alignment)</source>
        <translation>%1
Tensor %2 von %3, %4 (%5 vor der Ausrichtung)</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>Layer id</source>
        <translation>Schicht-ID</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Arena role</source>
        <translation>Arena-Rolle</translation>
    </message>
    <message>
        <source>Staged from</source>
        <translation>Kopiert aus</translation>
    </message>
    <message>
        <source>AOT placement</source>
        <translation>AOT-Platzierung</translation>
    </message>
    <message>
        <source>Open a model to see the arena it needs under TFLM.</source>
        <translation>Öffnen Sie ein Modell, um die Arena zu sehen, die es unter TFLM braucht.</translation>
    </message>
    <message>
        <source>This model cannot be planned: %1</source>
        <translation>Dieses Modell lässt sich nicht planen: %1</translation>
    </message>
    <message>
        <source>Peak %1 at %2 · plan %3 · arena ≈ %4</source>
        <translation>Spitze %1 bei %2 · Plan %3 · Arena ≈ %4</translation>
    </message>
    <message>
        <source>Peak: the most bytes of planned tensors alive at one step, %1 at step %2 (%3).</source>
        <translation>Spitze: die meisten bei einem Schritt belegten Bytes geplanter Tensoren, %1 bei Schritt %2 (%3).</translation>
    </message>
    <message>
        <source>Plan: the non-persistent area TFLM&apos;s greedy planner lays out, %1 (16-byte aligned; checked against TFLM).</source>
        <translation>Plan: der nicht persistente Bereich, den der Greedy-Planer von TFLM anlegt, %1 (16-Byte-ausgerichtet; mit TFLM abgeglichen).</translation>
    </message>
    <message>
        <source>Bars are drawn for the %1 largest tensors.</source>
        <translation>Balken werden für die %1 größten Tensoren gezeichnet.</translation>
    </message>
    <message>
        <source> · board used %1</source>
        <translation> · Board belegte %1</translation>
    </message>
    <message>
        <source>The board reported %1 of arena in use; the estimate is %2 % off.</source>
        <translation>Das Board meldete %1 belegte Arena; die Schätzung weicht um %2 % ab.</translation>
    </message>
    <message>
        <source>The board&apos;s arena is %1.</source>
        <translation>Die Arena des Boards ist %1 groß.</translation>
    </message>
    <message>
        <source>The board&apos;s arena (%1) is smaller than the %2 the non-persistent plan alone needs: TFLM&apos;s AllocateTensors fails with this model.</source>
        <translation>Die Arena des Boards (%1) ist kleiner als die %2, die schon der nicht persistente Plan braucht: AllocateTensors von TFLM schlägt mit diesem Modell fehl.</translation>
    </message>
    <message>
        <source>The board&apos;s arena (%1) is smaller than the estimated %2 the whole arena needs; it may be too small once persistent data and scratch buffers are added.</source>
        <translation>Die Arena des Boards (%1) ist kleiner als die geschätzten %2 der ganzen Arena; mit persistenten Daten und Scratch-Puffern kann sie zu klein sein.</translation>
    </message>
    <message>
        <source>Step %1: %2
Live: %3</source>
        <translation>Schritt %1: %2
Belegt: %3</translation>
    </message>
    <message>
        <source>

%1 (tensor %2)
%3 at offset %4
alive from %5 to %6</source>
        <translation>

%1 (Tensor %2)
%3 bei Offset %4
belegt von %5 bis %6</translation>
    </message>
    <message>
        <source>Arena: an estimate of the whole arena, %1, for TFLM with the %2 kernels on a 32-bit Cortex-M: the plan with the kernels&apos; scratch buffers, and TFLM&apos;s persistent records with the sizes its allocator showed (docs/memory.md).</source>
        <translation>Arena: eine Schätzung der ganzen Arena, %1, für TFLM mit den %2-Kerneln auf einem 32-Bit-Cortex-M: der Plan mit den Scratch-Puffern der Kernel und die persistenten Einträge von TFLM mit den Größen, die sein Allokator zeigte (docs/memory.md).</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Frei</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>Enthält</translation>
    </message>
    <message>
        <source>tensor arena</source>
        <translation>Tensor-Arena</translation>
    </message>
    <message>
        <source>model weights</source>
        <translation>Modellgewichte</translation>
    </message>
    <message>
        <source>firmware (kept)</source>
        <translation>Firmware (reserviert)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 over capacity</source>
        <translation>%1 über der Kapazität</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Platzierung</translation>
    </message>
</context>
<context>
    <name>hpx::ui::MessageBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
</context>
<context>
    <name>hpx::ui::ModelSummaryWidget</name>
    <message>
        <source>Operator type</source>
        <translation>Operatortyp</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>MACs</source>
        <translation>MACs</translation>
    </message>
    <message>
        <source>Multiply-accumulates per inference and their share of the model</source>
        <translation>Multiplikations-Additionen je Inferenz und ihr Anteil am Modell</translation>
    </message>
    <message>
        <source>Double-click a type (or press Enter) to show only its layers in the table</source>
        <translation>Doppelklick auf einen Typ (oder Eingabetaste) zeigt in der Tabelle nur seine Schichten</translation>
    </message>
    <message>
        <source>No model is open. Open a .tflite file with File &gt; Open Model (Ctrl+O) or drop one on the window.</source>
        <translation>Kein Modell geöffnet. Öffnen Sie eine .tflite-Datei mit Datei &gt; Modell öffnen (Strg+O), oder ziehen Sie eine Datei auf das Fenster.</translation>
    </message>
    <message>
        <source>The model could not be opened.</source>
        <translation>Das Modell konnte nicht geöffnet werden.</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n op(s))</source>
        <translation>
            <numerusform>%1 (%n Op)</numerusform>
            <numerusform>%1 (%n Ops)</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 operators, %3 MACs&lt;br&gt;%4 of parameters; file %5, SHA-256 %6…&lt;br&gt;Subgraphs: %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 Operatoren, %3 MACs&lt;br&gt;%4 Parameter; Datei %5, SHA-256 %6…&lt;br&gt;Subgraphen: %7</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation>%1 (%2 %)</translation>
    </message>
</context>
<context>
    <name>hpx::ui::OpShareChart</name>
    <message>
        <source>Counter whose share is shown</source>
        <translation>Zähler, dessen Anteil angezeigt wird</translation>
    </message>
    <message>
        <source>Pie</source>
        <translation>Kreis</translation>
    </message>
    <message>
        <source>Bars</source>
        <translation>Balken</translation>
    </message>
    <message>
        <source>Counter:</source>
        <translation>Zähler:</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstige</translation>
    </message>
    <message>
        <source>No values to show</source>
        <translation>Keine Werte zum Anzeigen</translation>
    </message>
    <message>
        <source>%1 by op type</source>
        <translation>%1 nach Op-Typ</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 (%3 %), %n layer(s)</source>
        <translation>
            <numerusform>%1: %2 (%3 %), %n Schicht</numerusform>
            <numerusform>%1: %2 (%3 %), %n Schichten</numerusform>
        </translation>
    </message>
    <message>
        <source>Share of %1</source>
        <translation>Anteil an %1</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation>%1 (%2 %)</translation>
    </message>
</context>
<context>
    <name>hpx::ui::PowerController</name>
    <message>
        <source>Add &amp;Power Recording…</source>
        <translation>&amp;Leistungsaufzeichnung hinzufügen…</translation>
    </message>
    <message>
        <source>Add a power meter&apos;s recording of this run&apos;s power windows to its bundle: energy per inference and per layer</source>
        <translation>Die Aufzeichnung eines Leistungsmessgeräts von den Leistungsfenstern dieses Laufs zu seinem Ergebnispaket hinzufügen: Energie pro Inferenz und pro Schicht</translation>
    </message>
    <message>
        <source>Open a bundle or finish a run first: the measurement goes into its bundle</source>
        <translation>Öffnen Sie zuerst ein Ergebnispaket oder beenden Sie einen Lauf: Die Messung kommt in sein Ergebnispaket</translation>
    </message>
    <message>
        <source>Add Power Recording</source>
        <translation>Leistungsaufzeichnung hinzufügen</translation>
    </message>
    <message>
        <source>Power recordings (*.jls *.csv);;All files (*)</source>
        <translation>Leistungsaufzeichnungen (*.jls *.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 has no digital channel, so no gate: wire the board&apos;s gate GPIO to one of the meter&apos;s digital inputs and record it (docs/power.md).</source>
        <translation>%1 hat keinen Digitalkanal und damit kein Gate: Verbinden Sie den Gate-GPIO des Boards mit einem Digitaleingang des Messgeräts und zeichnen Sie ihn auf (docs/power.md).</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The recording was not added; the bundle is unchanged.
%1</source>
        <translation>Die Aufzeichnung wurde nicht hinzugefügt; das Ergebnispaket ist unverändert.
%1</translation>
    </message>
</context>
<context>
    <name>hpx::ui::PowerRecordingDialog</name>
    <message>
        <source>Add Power Recording</source>
        <translation>Leistungsaufzeichnung hinzufügen</translation>
    </message>
    <message>
        <source>None (no energy per layer)</source>
        <translation>Keiner (keine Energie pro Schicht)</translation>
    </message>
    <message>
        <source>The recording has the voltage</source>
        <translation>Die Aufzeichnung enthält die Spannung</translation>
    </message>
    <message>
        <source>The board&apos;s supply voltage</source>
        <translation>Die Versorgungsspannung des Boards</translation>
    </message>
    <message>
        <source>from the firmware&apos;s record</source>
        <translation>aus dem Datensatz der Firmware</translation>
    </message>
    <message>
        <source>Inferences per gate window, when the stream has no power terminal record</source>
        <translation>Inferenzen pro Gate-Fenster, wenn der Datenstrom keinen Power-Abschlussdatensatz hat</translation>
    </message>
    <message>
        <source>Recording: %1</source>
        <translation>Aufzeichnung: %1</translation>
    </message>
    <message>
        <source>&amp;Gate channel:</source>
        <translation>&amp;Gate-Kanal:</translation>
    </message>
    <message>
        <source>&amp;Marker channel:</source>
        <translation>&amp;Marker-Kanal:</translation>
    </message>
    <message>
        <source>&amp;Supply voltage:</source>
        <translation>&amp;Versorgungsspannung:</translation>
    </message>
    <message>
        <source>&amp;Inferences:</source>
        <translation>&amp;Inferenzen:</translation>
    </message>
</context>
<context>
    <name>hpx::ui::PowerView</name>
    <message>
        <source>One &amp;inference</source>
        <translation>Eine &amp;Inferenz</translation>
    </message>
    <message>
        <source>&amp;Whole recording</source>
        <translation>&amp;Ganze Aufzeichnung</translation>
    </message>
    <message>
        <source>Zoom to the first inference of the marker window, at the recording&apos;s full rate</source>
        <translation>Auf die erste Inferenz des Marker-Fensters zoomen, mit der vollen Abtastrate der Aufzeichnung</translation>
    </message>
    <message>
        <source>Show the whole recording</source>
        <translation>Die ganze Aufzeichnung zeigen</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>Zeit (ms)</translation>
    </message>
    <message>
        <source>Current (mA)</source>
        <translation>Strom (mA)</translation>
    </message>
    <message>
        <source>Energy per inference (µJ)</source>
        <translation>Energie pro Inferenz (µJ)</translation>
    </message>
    <message>
        <source>Inferences</source>
        <translation>Inferenzen</translation>
    </message>
    <message>
        <source>No power measurement. Add a power meter&apos;s recording of this run&apos;s power windows with &lt;b&gt;File → Add Power Recording…&lt;/b&gt; (docs/power.md). Energy comes only from a recording: the virtual board cannot be measured.</source>
        <translation>Keine Leistungsmessung. Fügen Sie die Aufzeichnung eines Leistungsmessgeräts von den Leistungsfenstern dieses Laufs mit &lt;b&gt;Datei → Leistungsaufzeichnung hinzufügen…&lt;/b&gt; hinzu (docs/power.md). Energie stammt nur aus einer Aufzeichnung: Das virtuelle Board kann nicht gemessen werden.</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;SIMULATED&lt;/b&gt;: made by hpx-board-sim from its current model; it measures nothing.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;SIMULIERT&lt;/b&gt;: von hpx-board-sim aus seinem Strommodell erzeugt; sie misst nichts.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Energy per inference</source>
        <translation>Energie pro Inferenz</translation>
    </message>
    <message>
        <source>Average power</source>
        <translation>Mittlere Leistung</translation>
    </message>
    <message>
        <source>Average current</source>
        <translation>Mittlerer Strom</translation>
    </message>
    <message>
        <source>Median / p95 / p99</source>
        <translation>Median / p95 / p99</translation>
    </message>
    <message>
        <source>Inferences per joule</source>
        <translation>Inferenzen pro Joule</translation>
    </message>
    <message>
        <source>Gated windows</source>
        <translation>Gate-Fenster</translation>
    </message>
    <message>
        <source>Gate ÷ firmware time</source>
        <translation>Gate ÷ Firmware-Zeit</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Umfang</translation>
    </message>
    <message>
        <source>Integrity</source>
        <translation>Integrität</translation>
    </message>
    <message>
        <source>Recording</source>
        <translation>Aufzeichnung</translation>
    </message>
    <message>
        <source>&lt;p&gt;Energy per layer: the &lt;b&gt;energy_j&lt;/b&gt; column of the table and the heat graph&apos;s counter.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Energie pro Schicht: die Spalte &lt;b&gt;energy_j&lt;/b&gt; der Tabelle und der Zähler des Heat-Graphen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The recording&apos;s trace is shown right after &lt;b&gt;File → Add Power Recording…&lt;/b&gt;; the bundle keeps its figures.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Der Verlauf der Aufzeichnung wird direkt nach &lt;b&gt;Datei → Leistungsaufzeichnung hinzufügen…&lt;/b&gt; gezeigt; das Ergebnispaket behält ihre Kennzahlen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Current (range per pixel)</source>
        <translation>Strom (Bereich pro Pixel)</translation>
    </message>
    <message>
        <source>Current (every sample of the first marker window)</source>
        <translation>Strom (jeder Abtastwert des ersten Marker-Fensters)</translation>
    </message>
</context>
<context>
    <name>hpx::ui::ResultViews</name>
    <message>
        <source>unresolved</source>
        <translation>nicht zugeordnet</translation>
    </message>
    <message>
        <source>subgraph %1</source>
        <translation>Subgraph %1</translation>
    </message>
    <message>
        <source>Instructions (emulated)</source>
        <translation>Instruktionen (emuliert)</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>hpx::ui::RunController</name>
    <message>
        <source>Cannot create the run directory %1.</source>
        <translation>Das Verzeichnis für Läufe %1 kann nicht angelegt werden.</translation>
    </message>
</context>
<context>
    <name>hpx::ui::RunPanel</name>
    <message>
        <source>&amp;Run</source>
        <translation>Aus&amp;führen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>A&amp;bbrechen</translation>
    </message>
    <message>
        <source>Profile the open model on the selected board (F5)</source>
        <translation>Das geöffnete Modell auf dem ausgewählten Board profilieren (F5)</translation>
    </message>
    <message>
        <source>Stop the run; what was captured so far is kept (Esc)</source>
        <translation>Den Lauf anhalten; was bisher erfasst wurde, bleibt erhalten (Esc)</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt…</translation>
    </message>
    <message>
        <source>Until a pass has been measured, the time left is estimated from the simulated board&apos;s model of this network at its speed setting.</source>
        <translation>Bis ein Durchlauf gemessen ist, wird die Restzeit aus dem Modell des simulierten Boards für dieses Netz bei seiner Tempo-Einstellung geschätzt.</translation>
    </message>
    <message>
        <source>Until a pass has been measured, the time left is estimated from the model&apos;s operators and MACs, the board&apos;s clock, the passes and the link&apos;s baud rate; the firmware may be faster or slower.</source>
        <translation>Bis ein Durchlauf gemessen ist, wird die Restzeit aus den Operatoren und MACs des Modells, dem Takt des Boards, den Durchläufen und der Baudrate der Verbindung geschätzt; die Firmware kann schneller oder langsamer sein.</translation>
    </message>
    <message>
        <source>Pass %1 of %2: %3</source>
        <translation>Durchlauf %1 von %2: %3</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation> von %1</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <source>Waiting for the board to start its stream…</source>
        <translation>Warte darauf, dass das Board seinen Datenstrom startet…</translation>
    </message>
    <message>
        <source>, about %1 left</source>
        <translation>, noch etwa %1</translation>
    </message>
    <message>
        <source>, estimating the run time…</source>
        <translation>, Laufzeit wird geschätzt…</translation>
    </message>
    <message>
        <source>, about %1 once the board starts (estimate)</source>
        <translation>, etwa %1 ab dem Start des Boards (Schätzung)</translation>
    </message>
    <message>
        <source>, about %1 left (estimate)</source>
        <translation>, noch etwa %1 (Schätzung)</translation>
    </message>
    <message>
        <source>Elapsed %1</source>
        <translation>Verstrichen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Nothing has arrived for %n second(s). Reset the board (its stream starts at power-on), check the baud rate, and check that it runs hpx profiler firmware (protocol v1).</source>
        <translation>
            <numerusform>Seit %n Sekunde ist nichts angekommen. Setzen Sie das Board zurück (sein Datenstrom beginnt beim Einschalten), prüfen Sie die Baudrate und ob es hpx-Profiler-Firmware (Protokoll v1) ausführt.</numerusform>
            <numerusform>Seit %n Sekunden ist nichts angekommen. Setzen Sie das Board zurück (sein Datenstrom beginnt beim Einschalten), prüfen Sie die Baudrate und ob es hpx-Profiler-Firmware (Protokoll v1) ausführt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Next run: about %1 (estimate)</source>
        <translation>Nächster Lauf: etwa %1 (Schätzung)</translation>
    </message>
    <message>
        <source>Next run: about %1 once the board starts (estimate)</source>
        <translation>Nächster Lauf: etwa %1 ab dem Start des Boards (Schätzung)</translation>
    </message>
    <message>
        <source>From the simulated board&apos;s model of this network at its speed setting, for the chosen counters, passes and iterations.</source>
        <translation>Aus dem Modell des simulierten Boards für dieses Netz bei seiner Geschwindigkeitseinstellung, für die gewählten Zähler, Durchläufe und Iterationen.</translation>
    </message>
    <message>
        <source>From the model&apos;s operators and MACs, the board&apos;s clock, the passes and the link&apos;s baud rate; the firmware may be faster or slower.</source>
        <translation>Aus den Operatoren und MACs des Modells, dem Takt des Boards, den Durchläufen und der Baudrate der Verbindung; die Firmware kann schneller oder langsamer sein.</translation>
    </message>
    <message>
        <source>Clean timing window</source>
        <translation>Ungestörtes Messfenster</translation>
    </message>
    <message>
        <source>The board times the model without per-layer counters: %1 of about %2; it sends nothing until then.</source>
        <translation>Das Board misst die Zeit des Modells ohne Zähler pro Schicht: %1 von etwa %2; bis dahin sendet es nichts.</translation>
    </message>
    <message>
        <source>The board times the model without per-layer counters: %1, longer than the %2 it announced; it sends nothing until then.</source>
        <translation>Das Board misst die Zeit des Modells ohne Zähler pro Schicht: %1, länger als die angekündigten %2; bis dahin sendet es nichts.</translation>
    </message>
    <message>
        <source>The board times the model without per-layer counters; it sends nothing until then.</source>
        <translation>Das Board misst die Zeit des Modells ohne Zähler pro Schicht; bis dahin sendet es nichts.</translation>
    </message>
    <message>
        <source>virtual board: %1</source>
        <translation>virtuelles Board: %1</translation>
    </message>
    <message>
        <source>, measuring the build&apos;s pace…</source>
        <translation>, das Tempo des Builds wird gemessen…</translation>
    </message>
    <message>
        <source>, about %1 left (estimate: the build at its pace so far, then the run)</source>
        <translation>, noch etwa %1 (Schätzung: der Build in seinem bisherigen Tempo, dann der Lauf)</translation>
    </message>
    <message>
        <source>Stopped at %p%</source>
        <translation>Angehalten bei %p%</translation>
    </message>
</context>
<context>
    <name>hpx::ui::RunSummary</name>
    <message>
        <source>Cancelled. What the board sent is kept in %1.</source>
        <translation>Abgebrochen. Was das Board gesendet hat, ist in %1 gespeichert.</translation>
    </message>
    <message>
        <source>The board is still mid-run (cancelling does not stop it): reset it before the next run.</source>
        <translation>Das Board ist noch mitten im Lauf (Abbrechen hält es nicht an): vor dem nächsten Lauf zurücksetzen.</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n Schicht</numerusform>
            <numerusform>%n Schichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n counter(s)</source>
        <translation>
            <numerusform>%n Zähler</numerusform>
            <numerusform>%n Zähler</numerusform>
        </translation>
    </message>
    <message>
        <source>Done: %1, %2. Bundle: %3</source>
        <translation>Fertig: %1, %2. Ergebnispaket: %3</translation>
    </message>
    <message>
        <source>The raw stream was kept in %1; the console shows what the board sent.</source>
        <translation>Der Rohdatenstrom wurde in %1 gespeichert; die Konsole zeigt, was das Board gesendet hat.</translation>
    </message>
    <message>
        <source>The console shows what the board sent.</source>
        <translation>Die Konsole zeigt, was das Board gesendet hat.</translation>
    </message>
    <message>
        <source>The result is invalid: do not trust its values. %1 The issue list above the views says more. (%2, %3; bundle: %4)</source>
        <translation>Das Ergebnis ist ungültig: seinen Werten nicht trauen. %1 Die Liste der Probleme über den Ansichten sagt mehr. (%2, %3; Bundle: %4)</translation>
    </message>
</context>
<context>
    <name>hpx::ui::ViewExport</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Unknown image format for %1: use .png or .svg</source>
        <translation>Unbekanntes Bildformat für %1: Verwenden Sie .png oder .svg</translation>
    </message>
    <message>
        <source>Nothing to export.</source>
        <translation>Nichts zu exportieren.</translation>
    </message>
    <message>
        <source>Not enough memory for a %1 × %2 image.</source>
        <translation>Nicht genug Speicher für ein Bild von %1 × %2.</translation>
    </message>
    <message>
        <source>Could not encode %1 as PNG.</source>
        <translation>%1 konnte nicht als PNG kodiert werden.</translation>
    </message>
    <message>
        <source>hpx Studio</source>
        <translation>hpx Studio</translation>
    </message>
</context>
</TS>
