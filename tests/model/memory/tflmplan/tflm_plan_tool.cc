// Test-only host tool: TFLM's own allocator plans a model's arena, and this prints what it decided, so
// tests/model/memory/tst_memoryplan_tflm.cpp can compare hpx's plan (model/memory/) with it byte for byte. Built from
// the TFLM tree the project is pointed at (HPX_TFLM_DIR, docs/memory.md); never shipped.
//
//   tflm_plan_tool model MODEL.tflite   runs MicroAllocator::StartModelAllocation + FinishModelAllocation (the
//                                        interpreter's allocation path without kernels, so without scratch buffers)
//                                        and prints:  head <planner's maximum memory size>
//                                                     used <arena bytes used>
//                                                     tensor <subgraph> <index> <offset in the head or -1>
//   tflm_plan_tool interpreter MODEL    runs MicroInterpreter::AllocateTensors with TFLM's reference kernels (the
//                                        builtin operators of tests/data/models; custom ops are refused), so the
//                                        kernels' scratch buffers are planned too, and prints
//                                                     head <planner's maximum memory size, scratch buffers included>
//                                                     used <arena_used_bytes(), of this 64-bit host build>
//                                        (no offsets: the interpreter hands out tensors only with
//                                        preserve_all_tensors, which changes the plan)
//   tflm_plan_tool planner              reads lines "size first last [offline_offset]" from stdin, runs TFLM's
//                                        GreedyMemoryPlanner and prints "offset <n>" per buffer and "max <n>".
#include "tensorflow/lite/micro/memory_planner/greedy_memory_planner.h"
#include "tensorflow/lite/micro/micro_allocator.h"
#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_mutable_op_resolver.h"
#include "tensorflow/lite/micro/micro_resource_variable.h"
#include "tensorflow/lite/schema/schema_generated.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr size_t kArenaSize = 64u * 1024u * 1024u;

const tflite::Model *readModel(const char *path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "tflm_plan_tool: cannot open %s\n", path);
        return nullptr;
    }
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    alignas(16) static uint8_t copy[16u * 1024u * 1024u];
    if (bytes.size() > sizeof copy) {
        std::fprintf(stderr, "tflm_plan_tool: %s is too large\n", path);
        return nullptr;
    }
    std::memcpy(copy, bytes.data(), bytes.size());
    return tflite::GetModel(copy);
}

int runInterpreter(const char *path)
{
    const tflite::Model *model = readModel(path);
    if (!model)
        return 2;
    static tflite::MicroMutableOpResolver<32> resolver;
    resolver.AddAdd();
    resolver.AddAssignVariable();
    resolver.AddAveragePool2D();
    resolver.AddCallOnce();
    resolver.AddCast();
    resolver.AddConcatenation();
    resolver.AddConv2D();
    resolver.AddDepthwiseConv2D();
    resolver.AddDiv();
    resolver.AddFullyConnected();
    resolver.AddLess();
    resolver.AddLogistic();
    resolver.AddMaximum();
    resolver.AddMinimum();
    resolver.AddMul();
    resolver.AddQuantize();
    resolver.AddReadVariable();
    resolver.AddReshape();
    resolver.AddSoftmax();
    resolver.AddSplitV();
    resolver.AddStridedSlice();
    resolver.AddUnidirectionalSequenceLSTM();
    resolver.AddVarHandle();
    resolver.AddWhile();

    std::unique_ptr<uint8_t[]> arenaStorage(new uint8_t[kArenaSize + 16]);
    uint8_t *arena = arenaStorage.get();
    arena += (16 - reinterpret_cast<uintptr_t>(arena) % 16) % 16;
    static tflite::GreedyMemoryPlanner planner;
    tflite::MicroAllocator *allocator = tflite::MicroAllocator::Create(arena, kArenaSize, &planner);
    tflite::MicroResourceVariables *variables = tflite::MicroResourceVariables::Create(allocator, 32);
    static tflite::MicroInterpreter *interpreter = nullptr;
    alignas(tflite::MicroInterpreter) static uint8_t storage[sizeof(tflite::MicroInterpreter)];
    interpreter = new (storage) tflite::MicroInterpreter(model, resolver, allocator, variables);
    if (interpreter->AllocateTensors() != kTfLiteOk) {
        std::fprintf(stderr, "tflm_plan_tool: AllocateTensors failed\n");
        return 3;
    }
    const size_t head = planner.GetMaximumMemorySize();
    std::printf("head %zu\n", head);
    std::printf("used %zu\n", interpreter->arena_used_bytes());
    return 0;
}

int planModel(const char *path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "tflm_plan_tool: cannot open %s\n", path);
        return 2;
    }
    // The flatbuffer needs the alignment TFLM's firmware gives it.
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    alignas(16) static uint8_t modelCopy[16u * 1024u * 1024u];
    if (bytes.size() > sizeof modelCopy) {
        std::fprintf(stderr, "tflm_plan_tool: %s is too large\n", path);
        return 2;
    }
    std::memcpy(modelCopy, bytes.data(), bytes.size());
    const tflite::Model *model = tflite::GetModel(modelCopy);

    std::unique_ptr<uint8_t[]> arenaStorage(new uint8_t[kArenaSize + 16]);
    uint8_t *arena = arenaStorage.get();
    arena += (16 - reinterpret_cast<uintptr_t>(arena) % 16) % 16;

    tflite::GreedyMemoryPlanner planner;
    tflite::MicroAllocator *allocator = tflite::MicroAllocator::Create(arena, kArenaSize, &planner);
    if (!allocator) {
        std::fprintf(stderr, "tflm_plan_tool: MicroAllocator::Create failed\n");
        return 3;
    }
    tflite::SubgraphAllocations *allocations = allocator->StartModelAllocation(model);
    if (!allocations) {
        std::fprintf(stderr, "tflm_plan_tool: StartModelAllocation failed\n");
        return 3;
    }
    tflite::ScratchBufferHandle *scratch = nullptr;
    if (allocator->FinishModelAllocation(model, allocations, &scratch) != kTfLiteOk) {
        std::fprintf(stderr, "tflm_plan_tool: FinishModelAllocation failed\n");
        return 3;
    }
    const size_t head = planner.GetMaximumMemorySize();
    std::printf("head %zu\n", head);
    std::printf("used %zu\n", allocator->used_bytes());
    // The head starts at the arena's aligned start (NonPersistentArenaBufferAllocator's overlay).
    for (size_t s = 0; s < model->subgraphs()->size(); ++s) {
        const size_t tensors = model->subgraphs()->Get(s)->tensors()->size();
        for (size_t t = 0; t < tensors; ++t) {
            const uint8_t *data = static_cast<const uint8_t *>(allocations[s].tensors[t].data.data);
            long offset = -1;
            if (data >= arena && data < arena + head)
                offset = long(data - arena);
            std::printf("tensor %zu %zu %ld\n", s, t, offset);
        }
    }
    return 0;
}

int planBuffers()
{
    std::vector<std::vector<long>> rows;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream fields(line);
        std::vector<long> row;
        long v = 0;
        while (fields >> v)
            row.push_back(v);
        if (row.size() >= 3)
            rows.push_back(row);
    }
    std::vector<unsigned char> scratch(rows.size() * 64 + 1024);
    tflite::GreedyMemoryPlanner planner;
    planner.Init(scratch.data(), int(scratch.size()));
    for (const std::vector<long> &r : rows) {
        const TfLiteStatus ok = r.size() >= 4 && r[3] >= 0
            ? planner.AddBuffer(int(r[0]), int(r[1]), int(r[2]), int(r[3]))
            : planner.AddBuffer(int(r[0]), int(r[1]), int(r[2]));
        if (ok != kTfLiteOk) {
            std::fprintf(stderr, "tflm_plan_tool: AddBuffer failed\n");
            return 3;
        }
    }
    for (size_t i = 0; i < rows.size(); ++i) {
        int offset = -1;
        planner.GetOffsetForBuffer(int(i), &offset);
        std::printf("offset %d\n", offset);
    }
    std::printf("max %zu\n", planner.GetMaximumMemorySize());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 3 && std::strcmp(argv[1], "model") == 0)
        return planModel(argv[2]);
    if (argc == 3 && std::strcmp(argv[1], "interpreter") == 0)
        return runInterpreter(argv[2]);
    if (argc == 2 && std::strcmp(argv[1], "planner") == 0)
        return planBuffers();
    std::fprintf(stderr, "usage: tflm_plan_tool model|interpreter MODEL.tflite | tflm_plan_tool planner < buffers\n");
    return 2;
}
