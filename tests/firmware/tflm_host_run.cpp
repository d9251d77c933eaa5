// One inference of a model in TensorFlow Lite Micro built for the host (hpx_tflm_host: the same tree and reference
// kernels the virtual board runs), on the virtual board's fixed input or on INPUT (every input tensor's bytes in
// input order, as the board links them in); prints what the board puts in its stream:
//   OUTPUT_FNV1A32=0x<8 hex> OUTPUT_BYTES=<n> ALLOCATED_ARENA=<n>
// tst_virtualboard compares it with the board's. Usage: hpx_tflm_host_run MODEL.tflite [INPUT] [--invocations]
// With --invocations, a second Invoke() (the board profiles inferences after its first, as CALL_ONCE runs its init
// graph only in the first) is recorded by a MicroProfiler that asks TFLM's graph which operator each event is, and
//   INVOCATIONS <subgraph>.<operator>=<count> ...
// lists how often each operator ran in it: the ground truth tst_controlflow compares the board's rows with.
#include "hpx_tflm_positions.h"
#include "inference_io.h"
#include "tensorflow/lite/micro/micro_allocator.h"
#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_resource_variable.h"
#include "tensorflow/lite/schema/schema_generated.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <utility>
#include <vector>

const tflite::MicroOpResolver *hpx_model_op_resolver(); // every builtin operator (gen_model_ops.cmake -DALL=1)

namespace {

// Counts the events TFLM begins, by the (subgraph, operator) its graph is invoking at that moment.
class RecordingProfiler : public tflite::MicroProfilerInterface {
public:
    void attach(const tflite::MicroInterpreter &interpreter)
    {
        m_context = const_cast<TfLiteContext *>(&hpx_tflm_detail::InterpreterAccess::contextOf(interpreter));
    }
    void setRecording(bool on) { m_recording = on; }
    uint32_t BeginEvent(const char *) override
    {
        uint16_t subgraph = 0, op = 0;
        if (m_recording && m_context && hpx_tflm_detail::graphPosition(m_context, &subgraph, &op))
            ++m_counts[{ subgraph, op }];
        return 0;
    }
    void EndEvent(uint32_t) override { }
    const std::map<std::pair<int, int>, int> &counts() const { return m_counts; }

private:
    void *m_context = nullptr;
    bool m_recording = false;
    std::map<std::pair<int, int>, int> m_counts;
};

} // namespace

int main(int argc, char **argv)
{
    bool invocations = false;
    const char *inputPath = nullptr;
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--invocations") == 0 && !invocations)
            invocations = true;
        else if (argv[i][0] != '-' && !inputPath)
            inputPath = argv[i];
        else
            argc = 0; // not a usage this program has
    }
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s MODEL.tflite [INPUT] [--invocations]\n", argv[0]);
        return 2;
    }
    std::vector<char> input;
    if (inputPath) {
        std::ifstream file(inputPath, std::ios::binary);
        if (!file) {
            std::fprintf(stderr, "cannot read %s\n", inputPath);
            return 1;
        }
        input.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    // TFLM reads the flatbuffer in place: keep it 16-byte aligned, as the firmware's .incbin is.
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::unique_ptr<std::max_align_t[]> model_data(new std::max_align_t[bytes.size() / sizeof(std::max_align_t) + 1]);
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char *>(model_data.get()));
    const tflite::Model *model = tflite::GetModel(model_data.get());
    if (model->version() != TFLITE_SCHEMA_VERSION) {
        std::fprintf(stderr, "%s: schema version %u, TFLM reads %d\n", argv[1], unsigned(model->version()),
            TFLITE_SCHEMA_VERSION);
        return 1;
    }
    const tflite::MicroOpResolver *resolver = hpx_model_op_resolver();
    if (!resolver) {
        std::fprintf(stderr, "the op resolver could not be filled\n");
        return 1;
    }
    constexpr size_t kArenaSize = 16u << 20; // host pointers are wider than the board's: plenty
    std::unique_ptr<std::max_align_t[]> arena(new std::max_align_t[kArenaSize / sizeof(std::max_align_t)]);
    // Resource variables for VAR_HANDLE (streaming models keep their state in them), as the board creates them.
    tflite::MicroAllocator *allocator
        = tflite::MicroAllocator::Create(reinterpret_cast<uint8_t *>(arena.get()), kArenaSize);
    tflite::MicroResourceVariables *variables = tflite::MicroResourceVariables::Create(allocator, 64);
    RecordingProfiler profiler;
    tflite::MicroInterpreter interpreter(model, *resolver, allocator, variables, &profiler);
    profiler.attach(interpreter);
    if (interpreter.AllocateTensors() != kTfLiteOk) {
        std::fprintf(stderr, "AllocateTensors failed\n");
        return 1;
    }
    if (input.empty()) {
        hpx_board::fillInputs(interpreter);
    } else if (!hpx_board::loadInputs(interpreter, reinterpret_cast<const uint8_t *>(input.data()), input.size())) {
        std::fprintf(stderr, "%s: %zu bytes; the model's inputs take %zu\n", inputPath, input.size(),
            hpx_board::inputBytes(interpreter));
        return 1;
    }
    if (interpreter.Invoke() != kTfLiteOk) {
        std::fprintf(stderr, "Invoke failed\n");
        return 1;
    }
    const hpx_board::OutputDigest d = hpx_board::digestOutputs(interpreter);
    std::printf("OUTPUT_FNV1A32=0x%08x OUTPUT_BYTES=%u ALLOCATED_ARENA=%zu\n", unsigned(d.fnv1a32), unsigned(d.bytes),
        interpreter.arena_used_bytes());
    if (invocations) {
        if (input.empty())
            hpx_board::fillInputs(interpreter);
        else
            hpx_board::loadInputs(interpreter, reinterpret_cast<const uint8_t *>(input.data()), input.size());
        profiler.setRecording(true);
        const TfLiteStatus second = interpreter.Invoke();
        profiler.setRecording(false);
        if (second != kTfLiteOk) {
            std::fprintf(stderr, "the second Invoke failed\n");
            return 1;
        }
        std::printf("INVOCATIONS");
        for (const auto &entry : profiler.counts())
            std::printf(" %d.%d=%d", entry.first.first, entry.first.second, entry.second);
        std::printf("\n");
    }
    return 0;
}
