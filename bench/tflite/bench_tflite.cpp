// Load + verify + index of TFLite models (issue 2 target: under 1 µs per operator).
//
//   cmake --build build --target bench_tflite && build/bench/tflite/bench_tflite
//
// Each benchmark reports `per_op` (time per operator). "File" variants are loadModel(): open, mmap,
// verify, index and SHA-256 of the file; "NoDigest" variants parse the same bytes without the hash, to
// show the split between reading the model and hashing it.
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

using namespace hpx::model;

namespace {

QByteArray syntheticBytes(int operators)
{
    SyntheticModel::ChainOptions options;
    options.operatorCount = operators;
    return SyntheticModel::chain(options).build();
}

QString vwwPath()
{
    return QStringLiteral(HPX_BENCH_MODELS_DIR "/vww_96_float.tflite");
}

void report(benchmark::State &state, int operators)
{
    state.counters["operators"] = operators;
    state.counters["per_op"] = benchmark::Counter(
        double(state.iterations()) * operators, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_Synthetic10k_File(benchmark::State &state)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chain10k.tflite"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(syntheticBytes(10000)) < 0) {
        state.SkipWithError("cannot write the synthetic model");
        return;
    }
    f.close();
    int ops = 0;
    for (auto _ : state) {
        const ModelLoadResult r = loadModel(path);
        if (!r.model) {
            state.SkipWithError(qPrintable(r.error));
            return;
        }
        ops = r.model->operatorCount();
        benchmark::DoNotOptimize(r.model->subgraphs.constData());
    }
    report(state, ops);
    state.SetBytesProcessed(int64_t(state.iterations()) * f.size());
}
BENCHMARK(BM_Synthetic10k_File)->Unit(benchmark::kMillisecond);

void BM_Synthetic10k_NoDigest(benchmark::State &state)
{
    const QByteArray bytes = syntheticBytes(10000);
    int ops = 0;
    for (auto _ : state) {
        const ModelLoadResult r = parseModel(bytes, QStringLiteral("chain10k.tflite"), Digest::None);
        if (!r.model) {
            state.SkipWithError(qPrintable(r.error));
            return;
        }
        ops = r.model->operatorCount();
        benchmark::DoNotOptimize(r.model->subgraphs.constData());
    }
    report(state, ops);
}
BENCHMARK(BM_Synthetic10k_NoDigest)->Unit(benchmark::kMillisecond);

void BM_Vww96Float_File(benchmark::State &state)
{
    int ops = 0;
    for (auto _ : state) {
        const ModelLoadResult r = loadModel(vwwPath());
        if (!r.model) {
            state.SkipWithError(qPrintable(r.error));
            return;
        }
        ops = r.model->operatorCount();
        benchmark::DoNotOptimize(r.model->subgraphs.constData());
    }
    report(state, ops);
    state.SetBytesProcessed(int64_t(state.iterations()) * QFile(vwwPath()).size());
}
BENCHMARK(BM_Vww96Float_File)->Unit(benchmark::kMicrosecond);

void BM_Vww96Float_NoDigest(benchmark::State &state)
{
    QFile f(vwwPath());
    if (!f.open(QIODevice::ReadOnly)) {
        state.SkipWithError("cannot read vww_96_float.tflite");
        return;
    }
    const QByteArray bytes = f.readAll();
    int ops = 0;
    for (auto _ : state) {
        const ModelLoadResult r = parseModel(bytes, QStringLiteral("vww_96_float.tflite"), Digest::None);
        if (!r.model) {
            state.SkipWithError(qPrintable(r.error));
            return;
        }
        ops = r.model->operatorCount();
        benchmark::DoNotOptimize(r.model->subgraphs.constData());
    }
    report(state, ops);
}
BENCHMARK(BM_Vww96Float_NoDigest)->Unit(benchmark::kMicrosecond);

// Every shared test model, parsed from memory without the digest.
void BM_SharedModel_NoDigest(benchmark::State &state, const char *name)
{
    QFile f(QStringLiteral(HPX_BENCH_MODELS_DIR "/") + QLatin1String(name) + QStringLiteral(".tflite"));
    if (!f.open(QIODevice::ReadOnly)) {
        state.SkipWithError("cannot read the model");
        return;
    }
    const QByteArray bytes = f.readAll();
    int ops = 0;
    for (auto _ : state) {
        const ModelLoadResult r = parseModel(bytes, QLatin1String(name), Digest::None);
        if (!r.model) {
            state.SkipWithError(qPrintable(r.error));
            return;
        }
        ops = r.model->operatorCount();
        benchmark::DoNotOptimize(r.model->subgraphs.constData());
    }
    report(state, ops);
}
BENCHMARK_CAPTURE(BM_SharedModel_NoDigest, hello_world_int8, "hello_world_int8")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SharedModel_NoDigest, mww_okay_nabu_v2, "mww_okay_nabu_v2")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SharedModel_NoDigest, person_detect, "person_detect")->Unit(benchmark::kMicrosecond);

// The hash alone, to put the File variants in proportion.
void BM_Sha256_Vww(benchmark::State &state)
{
    QFile f(vwwPath());
    if (!f.open(QIODevice::ReadOnly)) {
        state.SkipWithError("cannot read vww_96_float.tflite");
        return;
    }
    const QByteArray bytes = f.readAll();
    for (auto _ : state)
        benchmark::DoNotOptimize(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256));
    state.SetBytesProcessed(int64_t(state.iterations()) * bytes.size());
}
BENCHMARK(BM_Sha256_Vww)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
