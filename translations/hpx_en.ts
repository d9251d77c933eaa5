<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>hpx::cli::CompareCommand</name>
    <message numerus="yes">
        <source>Top %n layer(s) by change of instructions (emulated):</source>
        <translation>
            <numerusform>Top %n layer by change of instructions (emulated):</numerusform>
            <numerusform>Top %n layers by change of instructions (emulated):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Top %n layer(s) by cycle change:</source>
        <translation>
            <numerusform>Top %n layer by cycle change:</numerusform>
            <numerusform>Top %n layers by cycle change:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n file(s) to %1</source>
        <translation>
            <numerusform>Wrote %n file to %1</numerusform>
            <numerusform>Wrote %n files to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::cli::PowerCommand</name>
    <message numerus="yes">
        <source>Recording:   %1, %2 s, %n sample(s)%3</source>
        <translation>
            <numerusform>Recording:   %1, %2 s, %n sample%3</numerusform>
            <numerusform>Recording:   %1, %2 s, %n samples%3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::cli::ProfileCommand</name>
    <message numerus="yes">
        <source>%n pass(es)</source>
        <translation>
            <numerusform>%n pass</numerusform>
            <numerusform>%n passes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::cli::RunOutput</name>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n layer</numerusform>
            <numerusform>%n layers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n counter(s)</source>
        <translation>
            <numerusform>%n counter</numerusform>
            <numerusform>%n counters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>validity %1; %n overlay file(s)</source>
        <translation>
            <numerusform>validity %1; %n overlay file</numerusform>
            <numerusform>validity %1; %n overlay files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operator(s) not run</source>
        <translation>
            <numerusform>%n operator not run</numerusform>
            <numerusform>%n operators not run</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operator(s) at init, not profiled</source>
        <translation>
            <numerusform>%n operator at init, not profiled</numerusform>
            <numerusform>%n operators at init, not profiled</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::cli::ShowCommand</name>
    <message numerus="yes">
        <source>Files:     %n file(s) verified against result_manifest.json (size and SHA-256)</source>
        <translation>
            <numerusform>Files:     %n file verified against result_manifest.json (size and SHA-256)</numerusform>
            <numerusform>Files:     %n files verified against result_manifest.json (size and SHA-256)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Engine:    %1, %n layer(s)</source>
        <translation>
            <numerusform>Engine:    %1, %n layer</numerusform>
            <numerusform>Engine:    %1, %n layers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> and %n more</numerusform>
            <numerusform> and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not run:   %n operator(s) did not run in the profiled inferences (no value, not 0): %1</source>
        <translation>
            <numerusform>Not run:   %n operator did not run in the profiled inferences (no value, not 0): %1</numerusform>
            <numerusform>Not run:   %n operators did not run in the profiled inferences (no value, not 0): %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At init:   %n operator(s) ran once, at initialisation, not profiled: %1</source>
        <translation>
            <numerusform>At init:   %n operator ran once, at initialisation, not profiled: %1</numerusform>
            <numerusform>At init:   %n operators ran once, at initialisation, not profiled: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::device::CaptureWorker</name>
    <message numerus="yes">
        <source>Board accepted the plan: %n pass(es)</source>
        <translation>
            <numerusform>Board accepted the plan: %n pass</numerusform>
            <numerusform>Board accepted the plan: %n passes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Asking the board for %n pass(es)</source>
        <translation>
            <numerusform>Asking the board for %n pass</numerusform>
            <numerusform>Asking the board for %n passes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The board ran the %n requested pass(es).</source>
        <translation>
            <numerusform>The board ran the %n requested pass.</numerusform>
            <numerusform>The board ran the %n requested passes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::device::WireParser</name>
    <message numerus="yes">
        <source>%n further problem(s) were not listed.</source>
        <translation>
            <numerusform>%n further problem was not listed.</numerusform>
            <numerusform>%n further problems were not listed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::BundleWriter</name>
    <message numerus="yes">
        <source>%n layer(s) could not be matched to a model operator and are left out of the overlays (listed in summary.json).</source>
        <translation>
            <numerusform>%n layer could not be matched to a model operator and are left out of the overlays (listed in summary.json).</numerusform>
            <numerusform>%n layers could not be matched to a model operator and are left out of the overlays (listed in summary.json).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::ConfigParser</name>
    <message numerus="yes">
        <source>&apos;%1…&apos; (%n characters)</source>
        <translation>
            <numerusform>&apos;%1…&apos; (%n character)</numerusform>
            <numerusform>&apos;%1…&apos; (%n characters)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::LayerTableReader</name>
    <message numerus="yes">
        <source>%1: %n row(s) said not run but name no operator or carry a value; left out.</source>
        <translation>
            <numerusform>%1: %n row said not run but names no operator or carries a value; left out.</numerusform>
            <numerusform>%1: %n rows said not run but name no operator or carry a value; left out.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::ModelInputs</name>
    <message numerus="yes">
        <source>the model has %n input(s); %1 input file(s) given (one per input, in order)</source>
        <translation>
            <numerusform>the model has %n input; %1 input file(s) given (one per input, in order)</numerusform>
            <numerusform>the model has %n inputs; %1 input file(s) given (one per input, in order)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::NotRunOperators</name>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> and %n more</numerusform>
            <numerusform> and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operator(s) did not run in the profiled inferences (no value, not 0): %1.</source>
        <translation>
            <numerusform>%n operator did not run in the profiled inferences (no value, not 0): %1.</numerusform>
            <numerusform>%n operators did not run in the profiled inferences (no value, not 0): %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operator(s) of a CALL_ONCE&apos;s init subgraph ran once, at initialisation (the first Invoke, which is not profiled): %1.</source>
        <translation>
            <numerusform>%n operator of a CALL_ONCE&apos;s init subgraph ran once, at initialisation (the first Invoke, which is not profiled): %1.</numerusform>
            <numerusform>%n operators of a CALL_ONCE&apos;s init subgraph ran once, at initialisation (the first Invoke, which is not profiled): %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::PassPlan</name>
    <message numerus="yes">
        <source>%n counter(s) selected</source>
        <translation>
            <numerusform>%n counter selected</numerusform>
            <numerusform>%n counters selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pass(es)</source>
        <translation>
            <numerusform>%n pass</numerusform>
            <numerusform>%n passes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::model::TensorPlan</name>
    <message numerus="yes">
        <source>%n planned tensor(s) are used by no operator that runs; TFLM places them anyway</source>
        <translation>
            <numerusform>%n planned tensor is used by no operator that runs; TFLM places it anyway</numerusform>
            <numerusform>%n planned tensors are used by no operator that runs; TFLM places them anyway</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::CalledBodies</name>
    <message numerus="yes">
        <source>%1 (%n op(s))</source>
        <translation>
            <numerusform>%1 (%n op)</numerusform>
            <numerusform>%1 (%n ops)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::CompareController</name>
    <message numerus="yes">
        <source>Wrote %n comparison file(s) to %1</source>
        <translation>
            <numerusform>Wrote %n comparison file to %1</numerusform>
            <numerusform>Wrote %n comparison files to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::CompareSummaryStrip</name>
    <message numerus="yes">
        <source>%n layer(s) matched by position</source>
        <translation>
            <numerusform>%n layer matched by position</numerusform>
            <numerusform>%n layers matched by position</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) matched by operator index</source>
        <translation>
            <numerusform>%n layer matched by operator index</numerusform>
            <numerusform>%n layers matched by operator index</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) matched by op sequence (different models)</source>
        <translation>
            <numerusform>%n layer matched by op sequence (different models)</numerusform>
            <numerusform>%n layers matched by op sequence (different models)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::CounterPicker</name>
    <message numerus="yes">
        <source>%n counter(s)</source>
        <translation>
            <numerusform>%n counter</numerusform>
            <numerusform>%n counters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pass(es)</source>
        <translation>
            <numerusform>%n pass</numerusform>
            <numerusform>%n passes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 cannot capture %n selected counter(s): %2. They stay selected and are not captured on this board.</source>
        <translation>
            <numerusform>%1 cannot capture %n selected counter: %2. It stays selected and is not captured on this board.</numerusform>
            <numerusform>%1 cannot capture %n selected counters: %2. They stay selected and are not captured on this board.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::DeltaChart</name>
    <message numerus="yes">
        <source>%n matched layer(s) by absolute change of %1 (candidate − baseline); blue faster, red slower</source>
        <translation>
            <numerusform>%n matched layer by absolute change of %1 (candidate − baseline); blue faster, red slower</numerusform>
            <numerusform>%n matched layers by absolute change of %1 (candidate − baseline); blue faster, red slower</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatGraphNavigator</name>
    <message numerus="yes">
        <source>Top %n by %1</source>
        <translation>
            <numerusform>Top %n by %1</numerusform>
            <numerusform>Top %n by %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatGraphToolBar</name>
    <message numerus="yes">
        <source>%1 (%n op(s))</source>
        <translation>
            <numerusform>%1 (%n op)</numerusform>
            <numerusform>%1 (%n ops)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::HeatGraphView</name>
    <message numerus="yes">
        <source>Laying out %n operator(s)…</source>
        <translation>
            <numerusform>Laying out %n operator…</numerusform>
            <numerusform>Laying out %n operators…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::IssueList</name>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::LayerTableView</name>
    <message numerus="yes">
        <source>%n operator(s)</source>
        <translation>
            <numerusform>%n operator</numerusform>
            <numerusform>%n operators</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n layer</numerusform>
            <numerusform>%n layers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not profiled (run once at start)</source>
        <translation>
            <numerusform>%n not profiled (runs once at start)</numerusform>
            <numerusform>%n not profiled (run once at start)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not run</source>
        <translation>
            <numerusform>%n not run</numerusform>
            <numerusform>%n not run</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::ModelSummaryWidget</name>
    <message numerus="yes">
        <source>%1 (%n op(s))</source>
        <translation>
            <numerusform>%1 (%n op)</numerusform>
            <numerusform>%1 (%n ops)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::OpShareChart</name>
    <message numerus="yes">
        <source>%1: %2 (%3 %), %n layer(s)</source>
        <translation>
            <numerusform>%1: %2 (%3 %), %n layer</numerusform>
            <numerusform>%1: %2 (%3 %), %n layers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::RunPanel</name>
    <message numerus="yes">
        <source>Nothing has arrived for %n second(s). Reset the board (its stream starts at power-on), check the baud rate, and check that it runs hpx profiler firmware (protocol v1).</source>
        <translation>
            <numerusform>Nothing has arrived for %n second. Reset the board (its stream starts at power-on), check the baud rate, and check that it runs hpx profiler firmware (protocol v1).</numerusform>
            <numerusform>Nothing has arrived for %n seconds. Reset the board (its stream starts at power-on), check the baud rate, and check that it runs hpx profiler firmware (protocol v1).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hpx::ui::RunSummary</name>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n layer</numerusform>
            <numerusform>%n layers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n counter(s)</source>
        <translation>
            <numerusform>%n counter</numerusform>
            <numerusform>%n counters</numerusform>
        </translation>
    </message>
</context>
</TS>
