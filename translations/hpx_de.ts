<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AotManifest</name>
    <message>
        <source>not valid JSON at offset %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an AOT operator manifest must be a JSON array of operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the AOT operator manifest: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the AOT operator manifest: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BoardPanel</name>
    <message>
        <source>J-Link RTT telnet server (port 19021), a ser2net bridge or a board emulator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh the port list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line rate of UART links; USB CDC ignores it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UART (J-Link VCOM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USB CDC (asserts DTR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RTT over TCP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&amp;oard:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Baud:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Link:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network (TCP)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The port %1 went away.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock: %1 MHz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arena: %1 of %2 used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arena: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model on the board: %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board runs a different model: it reports %1 bytes, %2 has %3 bytes. Per-layer results will not match this model&apos;s operators.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BundleReader</name>
    <message>
        <source>%1 is damaged: the header has no &quot;id&quot; and &quot;op&quot; columns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: line %2 has %3 fields, the header has %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a result bundle: it has no result_manifest.json, summary.json or profile_results file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This bundle has no result_manifest.json: it is read as a legacy bundle and its files are not verified.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>summary.json has schema version %1; versions 1 and 2 are known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bundle has no summary.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: it has no &quot;layers&quot; list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: not valid JSON (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bundle has no profile_results.csv or profile_results.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not match the layer table; layer identities follow heliaPROFILER&apos;s rule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BundleWriter</name>
    <message>
        <source>The run has no layer data, so there is no bundle to write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model was given: the bundle has no MACs and the overlays assume one subgraph (graph id &quot;main&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not captured, so no overlay: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the raw capture %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The raw capture was saved to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the output folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write in the output folder %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>injected write failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create its folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2. The previous results in %3 are unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot replace %1: %2. The previous results in %3 are unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/ still holds files hpx Studio did not write; they were left in place.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CaptureWorker</name>
    <message>
        <source>The board reported an error%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the raw stream file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No link to a board was configured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected; DTR asserted, waiting for the board to start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected; waiting for the board (it starts streaming when reset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected; waiting for the board&apos;s RTT stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The capture was cancelled%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the raw stream file %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Board is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Board accepted the plan: %n pass(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Board rejected the plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board refused the requested passes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board started with its built-in passes: it does not take a pass plan from the host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board restarted (a new --- HPX_START --- at line %1); the records come from the stream that followed it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean timing window (about %1 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Board error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pass plan cannot be sent: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending the pass plan to the board failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Asking the board for %n pass(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The link to the board closed before --- HPX_END ---%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The capture did not finish within %1 s%2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data from the board for %1 s%2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No stream from the board for %1 s: --- HPX_START --- never arrived. Check the port and the baud rate, and reset the board.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> during pass %1 (iteration %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> during pass %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> This happened%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board ran the passes it was built with: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The board ran the %n requested pass(es).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The board acknowledged %1 passes but %2 were requested.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board rejected the requested passes (%1) and ran the passes it was built with%2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This board does not take a pass plan from the host; it ran the passes it was built with%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in pass %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the first pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in pass %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stream from the board is damaged %1: %2. Its records cannot be trusted as a whole%3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; the raw stream is kept in %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Config</name>
    <message>
        <source>cannot read the config file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config file not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid YAML: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the config must be a mapping of keys (model, engine, target, profiling, output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected GROUP:SELECT (cpu:default, mve:all, memory:ARM_PMU_L1D_CACHE,ARM_PMU_MEM_ACCESS), got %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfigDiagnostic</name>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfigParser</name>
    <message>
        <source>%1: expected %2, got %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be at least %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is not one of %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected a mapping of group (cpu, memory, mve) to default, all or a list of counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the list of counters is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected default, all or a list of counter names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown counter group %2; groups are %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown counter %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected default, all or a list of counter names, got %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected a mapping of keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 only concerns building and flashing firmware; not used by this app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is accepted for compatibility; not used by this app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown board %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profiling.window_max (%1) must be &gt;= profiling.window_min (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConsolePane</name>
    <message>
        <source>Follow &amp;output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board&apos;s raw output appears here during a run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the console to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log files (*.log *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CounterPicker</name>
    <message>
        <source>Search counters…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU + memory + MVE defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE: all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presets replace the current selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be captured on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select at least one counter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n counter(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pass(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 captures only: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CounterSelection</name>
    <message>
        <source>invalid --pmu-counters value &quot;%1&quot;: expected GROUP:SELECT, for example cpu:default, memory:all or mve:ARM_PMU_MVE_INST_RETIRED,ARM_PMU_MVE_STALL</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportMenu</name>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result &amp;Bundle…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Bundle to Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bundle exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model Explorer &amp;Overlay (Current Counter)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model Explorer node data (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;All Model Explorer Overlays…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Overlays to Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlays written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table as &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Graph as PNG or SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hart as PNG or SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This result has no bundle on disk to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already exists; choose another folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not copy %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not captured in this run, so it has no overlay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This result has no per-layer rows to export.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostPlan</name>
    <message>
        <source>A plan needs at least one iteration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warmup cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A plan needs at least one pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass name &apos;%1&apos; cannot be sent to the board (letters, digits, &apos;_&apos;, &apos;-&apos;, &apos;.&apos; only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 has no counters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter &apos;%1&apos; of pass %2 cannot be sent to the board.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Link</name>
    <message>
        <source>cannot write the stream: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiled inferences per pass; the per-layer value is their median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unrecorded inferences before each pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Iterations:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Warmup:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By operator type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Bundle…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fit Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About hpx Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile run is in progress. Cancel it and quit? What was captured so far stays in the run&apos;s raw stream file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the run before opening another model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TensorFlow Lite models (*.tflite);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Result Bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the run before opening a bundle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the model this bundle profiled (%1) to see the heat graph and MACs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browsing the %1 bundle &lt;i&gt;%2&lt;/i&gt; (%3, %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1 layers, %2 counters. Bundle: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The raw stream was kept in %1; the console shows what the board sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — hpx Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hpx Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Welcome to hpx Studio.&lt;/b&gt; The example model &lt;i&gt;%1&lt;/i&gt; is open on the simulated board. Pick counters on the left and press &lt;b&gt;Run&lt;/b&gt; (F5) to profile it layer by layer; open your own model with Ctrl+O or by dropping a .tflite file here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About hpx Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;hpx Studio %1&lt;/h3&gt;&lt;p&gt;Profile TensorFlow Lite models on microcontroller boards, layer by layer.&lt;/p&gt;&lt;p&gt;Git commit %2&lt;br&gt;Qt %3 (built with %4)&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelInfoCommand</name>
    <message>
        <source>Show a model&apos;s subgraphs, operators and MACs.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelSummaryWidget</name>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MACs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is open. Open a .tflite file with File &gt; Open Model (Ctrl+O) or drop one on the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model could not be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 subgraph(s), %3 operators&lt;br&gt;%4 MACs, %5 of parameters&lt;br&gt;%6, SHA-256 %7…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (subgraph %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n op(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PassPlan</name>
    <message>
        <source>Arm PMU, %1 events per pass plus the cycle counter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DWT cycle counter only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SoC %1 (%2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n counter(s) selected</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pass(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>(+ %1 from the cycle counter)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PortInfo</name>
    <message>
        <source>SEGGER J-Link VCOM (UART)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NSX HPX Profiler (USB CDC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USB CDC device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial port</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProfileJob</name>
    <message>
        <source>Merging passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The results shown hold only the passes and iterations that arrived complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board sent no per-layer rows.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <source>Cannot create the run directory %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunPanel</name>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile the open model on the selected board (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the run; what was captured so far is kept (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timing the clean window (no per-layer counters yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the board to start its stream…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapsed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, about %1 left</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SerialTransport</name>
    <message>
        <source>Serial %1 at %2 baud</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial port %1 does not exist. Check that the board is plugged in and pick its port again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial port %1 is busy: another program (a terminal, another hpx Studio, a J-Link tool) has it open. Close that program and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permission denied opening serial port %1. Add your user to the &apos;dialout&apos; group (sudo usermod -aG dialout $USER), then log out and in again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permission denied opening serial port %1. Check that your user may use serial ports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial port %1 is already open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board on %1 went away during the capture (unplugged, reset or powered off). What arrived before is kept in the raw stream file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial port %1 is not available (unplugged?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not send to the board on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board on %1 went away during the capture: reading failed (unplugged or reset?). What arrived before is kept in the raw stream file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read from the board on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial port %1 does not support this operation (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial port %1 timed out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial port %1 is not open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial port %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SimulatedTransport</name>
    <message>
        <source>The simulated board cannot run this configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The simulated board dropped the link (injected disconnect).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated board (%1, %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TcpTransport</name>
    <message>
        <source>TCP %1:%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing accepts connections on %1. J-Link offers RTT there only while a J-Link session (J-Link Commander, GDB Server or RTT Viewer) is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing accepts connections on %1. Check that the bridge or emulator is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 closed the connection during the capture. What arrived before is kept in the raw stream file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 closed the connection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host %1 not found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1 timed out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The network connection to %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not allowed to connect to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection to %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TfliteModel</name>
    <message>
        <source>subgraph %1, operator %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no subgraphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model&apos;s total MAC count overflows 64 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model&apos;s parameter size overflows 64 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>signature &quot;%1&quot;: subgraph index %2 out of range (%3 subgraphs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subgraph %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 tensor index %3 out of range (%4 tensors)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: called subgraph index %2 out of range (%3 subgraphs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subgraph %1, tensor %2 &quot;%3&quot;: buffer index %4 out of range (%5 buffers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subgraph %1, tensor %2 &quot;%3&quot;: the shape&apos;s size overflows 64 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subgraph %1, operator %2: opcode index %3 out of range (%4 operator codes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the MAC count overflows 64 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a TFLite model (only %1 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>models larger than 2 GiB (%1 bytes) are not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a TFLite model (no &quot;TFL3&quot; file identifier)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a TFLite model (file identifier &quot;%1&quot;, expected &quot;TFL3&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>damaged or truncated TFLite file (flatbuffer verification failed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read (device not open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read error (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a directory, not a model file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WireParser</name>
    <message>
        <source>The stream ended inside iteration %1 of pass %2 without a closing marker; that iteration is not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stream has no &quot;--- HPX_END ---&quot; line: the capture was cut short, and its last iteration is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board speaks wire protocol version %1; this version of hpx Studio reads version 1, so the results may be wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 has iterations with different numbers of layers (%2): lines were lost or damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A line longer than %1 bytes was skipped (binary noise on the link?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board warns: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board restarted the stream during iteration %1 of pass %2; that iteration is discarded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board restarted the stream (reset?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 started again; its earlier iterations are replaced by the new ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration %1 follows iteration %2 in pass %3 (a lost pass marker?); it is not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration %1 of pass %2 has no header line, so its rows are not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The header of iteration %1 of pass %2 is damaged, so its rows are not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The header of iteration %1 of pass %2 differs from the pass&apos;s first header, so its rows are not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The header of iteration %1 of pass %2 lists the pass&apos;s columns in another order; they are matched by name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A header line inside iteration %1 of pass %2 (a lost iteration marker?); the rest of that iteration is not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row dropped: %1 fields where the header has %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row dropped: its quoting is broken (damaged line?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The header has no Layer column, so after this damaged row the rest of iteration %1 of pass %2 is not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row dropped: its Layer cell is not a layer position.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row dropped: a repeated line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 comes after layer %2 in iteration %3 of pass %4 (a lost iteration marker?); the rest of that iteration is not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 of iteration %2 is missing (a lost line?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers %1 to %2 of iteration %3 are missing (lost lines?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row dropped: more than %1 rows in one iteration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter %1 of layer %2 is not a number (&quot;%3&quot;); it is treated as missing.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx</name>
    <message>
        <source>Show this help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;hpx %1 --help&apos; for the options.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: hpx &lt;command&gt; [options]

Profile TensorFlow Lite models on microcontroller boards.

Commands:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
Run &apos;hpx &lt;command&gt; --help&apos; for the options of a command.
Options:
  -h, --help     Show this help.
  -v, --version  Show the version, git commit and Qt version.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hpx: unknown command &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (did you mean &apos;%1&apos;?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the default hpx.yml or check a config file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List serial ports with descriptions and VID:PID.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::cli</name>
    <message>
        <source>Show the hpx.yml configuration. Without options, prints the resolved configuration (built-in
defaults, then --config FILE) as JSON, in the form run_metadata.json records it. A config error is
reported as FILE:LINE:COLUMN with a suggestion, and the exit code is 2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print a commented hpx.yml with every key at its default, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check this hpx.yml and resolve it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hpx config: unexpected argument &apos;%1&apos;; use --config FILE to check a file.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File:             %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SHA-256:          %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size:             %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schema version:   %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description:      %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subgraphs:        %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operators:        %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total MACs:       %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameter bytes:  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature:        %1 -&gt; subgraph %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MACs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Param B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Act B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subgraph %1 %2 (graph id &quot;%3&quot;): %4 operators, inputs [%5], outputs [%6]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print what hpx reads from a TensorFlow Lite model: subgraphs with their Model Explorer graph ids, operators with their tensors and host-computed MACs, and the file&apos;s SHA-256.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print JSON instead of a table (fields in docs/model-info.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The .tflite file to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: hpx model-info [--json] MODEL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
Exit status: 0 when the model was read; 2 when it could not be (missing, empty, truncated or
damaged file, not a TFLite model, an index out of range, a MAC count that overflows) or the
arguments are wrong. The error is one line on stderr naming the file and the problem.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing MODEL argument (see --help)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one MODEL, got %1 arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the serial ports a board can be reached on: name, VID:PID, description and manufacturer.
Recognised hpx boards (SEGGER J-Link VCOM for UART, the NSX HPX Profiler USB CDC) are marked.
Besides serial ports, &apos;hpx profile --port&apos; takes &apos;sim&apos; (the built-in simulated board) and
tcp://HOST:PORT (J-Link RTT telnet, ser2net).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the list as JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hpx ports: unexpected argument &apos;%1&apos;
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No serial ports found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PORT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VID:PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DESCRIPTION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also: --port sim (simulated board), --port tcp://HOST:PORT</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::device</name>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass %1, announced in HPX_PRESETS, did not arrive complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the %2 announced iterations arrived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iteration %1 lists other layers than pass %2 (first difference at position %3%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was received from the board.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the port, the baud rate and that the board runs the profiler firmware; reset the board if it had already finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board reported an error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board never sent &quot;--- HPX_START ---&quot;, so no profile was received.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board may run other firmware, or it started before the port was opened: reset it while capturing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stream holds no complete iteration with per-layer rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The capture ended early; an iteration is complete only when the next iteration, pass or the end marker arrives.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No board port given: name a serial port, tcp://HOST:PORT or sim.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baud rate %1 is not valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a TCP address; write tcp://HOST:PORT (J-Link RTT: tcp://localhost:19021).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass &apos;%1&apos; must look like NAME:EVENT[,EVENT...].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At least one pass is needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most 64 passes fit in one run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass name &apos;%1&apos; may hold only letters, digits, &apos;_&apos;, &apos;-&apos; and &apos;.&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass name &apos;%1&apos; is used twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 has no events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 has %2 events; the Cortex-M55 PMU counts at most 4 per pass (plus the cycle counter).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1: &apos;%2&apos; is not a PMU event this board knows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 lists &apos;%2&apos; twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1: the Apollo4 (Cortex-M4, DWT only) can capture only ARM_PMU_CPU_CYCLES, not %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model has no operators to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iterations must be between 1 and 100000 (got %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warmup must be between 0 and 10000 (got %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Noise must be between 0 and 0.5 (got %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heartbeat interval cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WHILE iterations must be between 0 and 1000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clock must be positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baud rate cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time scale cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1: the Apollo4 (Cortex-M4, DWT only) has no %2 events (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fault rates must be between 0 and 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stall cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown firmware error kind &apos;%1&apos; (known: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 firmware never prints HPX_ERROR=%2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A fault position is PASS:ITERATION:ROW, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; in fault position &apos;%2&apos; is not a non-negative number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A fault rate must be a number between 0 and 1, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fault &apos;%1&apos; takes no position.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stall needs a duration in seconds (0 &lt; s &lt;= 3600), e.g. stall=35.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fault &apos;%1&apos; takes no value, only an optional position (%1@PASS:ITERATION:ROW).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown fault &apos;%1&apos; (known: corrupt, drop, stall, reset, disconnect, error).</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::device::SimulatedBoard</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::model</name>
    <message>
        <source>Pass %1, iteration %2 left out: row %3 (line %4) is %5 where the first iteration has %6; its values would land on the wrong layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1: inconsistent layer counts across iterations [%2]; data may be truncated or corrupted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: not valid JSON (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: a JSON object was expected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an hpx result manifest (schema &quot;%2&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has schema version %2; this version of hpx Studio reads version %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: it has no artifact list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 declares an artifact outside the bundle: &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is missing: the manifest declares it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: it has %2 bytes, the manifest says %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: its SHA-256 digest does not match the manifest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is incomplete: a complete profile bundle must declare %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bundle&apos;s status is &quot;%1&quot;, not complete: its results may be partial.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (did you mean %1?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer &gt;= %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer &gt;= 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L1D hit rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE MAC density</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE ld/st density</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE stall share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles/MAC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ExecuTorch rows name plan instructions, not model operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the AOT operator manifest does not name position %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the firmware was built without an AOT operator manifest: %1 names a position, not an operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the op label %1 carries no operator index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operator index %1 is outside the model&apos;s subgraph 0 (%2 operators)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 (%2) maps to operator %3, which the model names %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ExecuTorch layers name plan instructions, not graph nodes, so an ExecuTorch run writes no Model Explorer overlays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (Layer %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 does not list the same layers as pass %2: row %3 is %4 where %2 has %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 does not list the same layers as pass %2: it has %3 layers where %2 has %4; row %5 (%6) is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 does not list the same layers as pass %2: it has %3 layers where %2 has %4; row %5 (%6) is extra.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The firmware reported an error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left out %1 wrapped value(s) (≥ 2^31) and %2 frozen sample row(s) (every counter 0) before %3 aggregation; the results use the remaining samples.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The capture holds no PMU pass: no per-layer data was received.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The capture holds no complete iteration: no layer was parsed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %1 has no complete iteration; its counters are missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pass captured %1: the result has no per-layer cycles, no cycle percentages and a total of 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ExecuTorch layers name plan instructions, not graph nodes, so no Model Explorer overlays are written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original operator index unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subgraph %1 is not in the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operator %1 is not in subgraph %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an overlay must be a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graph &quot;%1&quot; has no &quot;results&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graph &quot;%1&quot; is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run produced no per-layer PMU result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At least one PMU counter overflowed during a profiled inference; the affected values are not trustworthy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clean window reports %1 inferences that took no time at all: the clock timing it did not advance, so its latency figures mean nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clean window&apos;s cycle counter ran at %1 % of the expected rate (checked against an independent delay loop); timings derived from it are short by about that factor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clean window&apos;s partial-stall check could not run (its warm reference was 0 cycles), so the absence of stalls says nothing about the window&apos;s health.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clean window&apos;s cycle counter stalled in %1 of %2 inferences: the clean latency is at least %3 % too low, and a power window sized from it is too short.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown number of</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::model::Aligner</name>
    <message>
        <source>the model has no subgraph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be aligned with the model&apos;s execution order: subgraph 0 operator %1 is %2 but the row is %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the row comes after the last operator of the model&apos;s execution order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IF branches %1 and %2 both match these rows; the branch that ran cannot be told apart</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::model::BundleReader</name>
    <message numerus="yes">
        <source>%1: %n value(s) are not numbers and were read as missing.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::BundleWriter</name>
    <message numerus="yes">
        <source>%n layer(s) could not be matched to a model operator and are left out of the overlays (listed in summary.json).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
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
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::model::Parser</name>
    <message>
        <source>unexpected text after the JSON value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nesting too deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected end of text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected character &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unterminated string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>control character in string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed \u escape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid escape &apos;\%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unterminated array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;:&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unterminated object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::model::planner</name>
    <message>
        <source>no PMU counters selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown counter group &quot;%1&quot; (groups: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counter group &quot;%1&quot;: &quot;%2&quot; is not a selection (use default, all or a list of counter names)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counter group &quot;%1&quot; selects no counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counter group &quot;%1&quot;: &quot;%2&quot; cannot be mixed with counter names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown PMU counter &quot;%1&quot; in group &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>did you mean %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) has no PMU, only the DWT cycle counter: it cannot capture %3. This SoC can capture: %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) cannot capture %3: its counter groups are %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DWT-only SoC: each operator&apos;s cycles come from the DWT cycle counter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not among the selected events: per-layer cycles come from the cycle counter, which every pass reports.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::ui::GraphLayout</name>
    <message>
        <source>Graphviz could not be initialised.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphviz dot layout failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edge %1 -&gt; %2 is out of range.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatGraphView</name>
    <message>
        <source>Counter that colours the nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subgraph to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find op or #index (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the whole graph in the view (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in (Ctrl++)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+-)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subgraph:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No operator matches “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n op(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 #%2
%3: %4 (%5 % of this subgraph)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 #%2
No %3 value for this operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model to see its graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n operator(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Run a profile to colour the graph.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatLegend</name>
    <message>
        <source>No result: nodes are not coloured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No values for this subgraph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all equal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: green = lowest (%2), yellow = midpoint, red = highest (%3) in this subgraph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dashed: no value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, dashed: no value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::ui::LayerChart</name>
    <message>
        <source>Log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter to plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Execution order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sorted, highest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logarithmic value axis (layers with a value of 0 are not drawn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers, highest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer (execution order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 #%2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (layer %2, unresolved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2: %3 (%4 % of all layers)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::ui::LayerTableModel</name>
    <message>
        <source>%1 (firmware tag %2) — a counter overflowed in this layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (firmware tag %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not captured for this layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 % of the total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subgraph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MACs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MAC/cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles/MAC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE share %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE MAC density</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE ld/st density</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE stall share %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L1D hit rate %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position in execution order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subgraph the operator belongs to (Model Explorer graph id)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator index in its subgraph (the node id in Model Explorer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiply-accumulates computed on the host from the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MACs / CPU cycles: higher is better</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU cycles / MACs, rounded to 2 places as in the CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE_INST_RETIRED / INST_RETIRED × 100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE_INT_MAC_RETIRED / MVE_INST_RETIRED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE_LDST_RETIRED / MVE_INST_RETIRED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MVE_STALL / CPU_CYCLES × 100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(1 − L1D read misses / L1D reads) × 100 for this layer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::ui::LayerTableView</name>
    <message>
        <source>Show only layers of this operator type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by op, tag or index…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resize columns to contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 layers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::ui::OpShareChart</name>
    <message>
        <source>Counter whose share is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pie</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No values to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 by op type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 (%3 %), %n layer(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Share of %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::ui::ResultViews</name>
    <message>
        <source>unresolved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subgraph %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hpx::ui::ViewExport</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown image format for %1: use .png or .svg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough memory for a %1 × %2 image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not encode %1 as PNG.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hpx Studio</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Profile TensorFlow Lite models on microcontroller boards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the version, git commit and Qt version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User interface language, e.g. de or en (default: the setting, else the system locale).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A .tflite model to open (default: the last one opened, else an example model).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model</name>
    <message>
        <source>The model&apos;s TFLite schema version (%1) is not the one the firmware was built for (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convert the model again with a TensorFlow Lite version that matches the firmware&apos;s runtime, or rebuild the firmware for this model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model uses the custom operator %1 (operator %2), which the firmware does not register.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model uses the operator %1 (builtin %2, operator %3), which the firmware does not register.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebuild the firmware with this operator added to its op resolver, or convert the model without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 operator(s) of the model are not registered in the firmware&apos;s op resolver.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The HPX_ERROR=unsupported_op lines before this one name each operator; rebuild the firmware with them registered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runtime could not allocate the model&apos;s tensors (arena %1 bytes, status %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Either the tensor arena is too small (raise the arena size and rebuild) or a kernel rejected an operator while preparing it (an unsupported shape, type or parameter).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board could not initialise its PSRAM.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that this board has PSRAM fitted; otherwise place the model weights and the arena in on-chip memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PSRAM started but the firmware could not read its size and address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is a driver or hardware fault, not a model problem: power-cycle the board and try again, or try a lower PSRAM clock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heliaAOT rejected an arena region (status %1, region %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The generated module and its arena table do not agree; look for memory regions the build skipped and rebuild.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copying constant data into PSRAM failed (region %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power-cycle the board and try again, try a lower PSRAM clock, or keep the weights out of PSRAM.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The heliaAOT model failed to initialise (status %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that the generated module was built for this board and that the memories it needs (PSRAM, shared SRAM) are available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An ExecuTorch runtime call failed (stage %1, error %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The method needs %1 bytes of planned arena: raise the arena size to at least that and rebuild.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the ExecuTorch arena sizes and that the .pte file was exported for this runtime version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model ran more operators than the firmware can record per inference (capacity %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raise the SoC&apos;s recorded-operator limit (pmu_max_ops) if memory allows, or profile a smaller model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PMU could not be set up for pass %1, or its cycle-counter self-test read nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that every selected counter exists on this core; the HPX_PMU_INIT_STATUS and HPX_PMU_SELFTEST_CPU_CYCLES lines before the error tell which step failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board reported an error this version does not know: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The firmware stopped. The raw stream shows the full error line; a newer hpx Studio may explain it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
