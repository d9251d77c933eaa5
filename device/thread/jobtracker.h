#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

namespace hpx::device {

// What a job's work is handed to learn that nobody wants its value any more (after hotspot's JobTracker, whose
// jobs get the same): work that can stop early (a build, a process it waits for) polls isCancelled() and returns
// at once; what it started it ends itself. Copies share one flag; cheap to copy and safe on any thread.
class CancelToken {
public:
    CancelToken()
        : m_flag(std::make_shared<std::atomic<bool>>(false))
    {
    }
    bool isCancelled() const { return m_flag->load(std::memory_order_acquire); }
    void cancel() const { m_flag->store(true, std::memory_order_release); }

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
};

// The one owner of a generation for work that runs off its owner's thread (docs/architecture.md, "Background work"),
// after KDAB hotspot's JobTracker: whoever starts work asks the tracker for a generation, and the tracker hands back
// only what belongs to the latest one, on its own thread. Nobody else counts generations.
// - One-shot jobs (run, runFor): the work runs on the global thread pool and gets only what it captured by value;
//   its return value, an immutable value, is delivered on the tracker's thread, unless a newer generation began or
//   cancel() came first. Work that takes a CancelToken gets its generation's: begin() and cancel() cancel it, so
//   work that can stop early does (and its value is dropped); interrupt() cancels it but still delivers the value,
//   for work that says how it ended (a build that was stopped). Work without a token finishes and is dropped.
// - Long-lived workers (follow): a signal of the worker's reaches the slot, queued onto the tracker's thread, only
//   while the generation it was connected for is the latest.
// The tracker is used from its own thread only. Nothing crosses back by pointer: the value travels in a
// QFutureWatcher, a child of the tracker, so destroying the tracker (its owner going away) disconnects whatever is
// still running instead of delivering to a dead object. It lives in hpx_device, the lowest layer with background
// work (port listing), so the run service and the window use the same one; it needs only Qt Core and Concurrent.
class JobTracker : public QObject {
    Q_OBJECT
public:
    explicit JobTracker(QObject *parent = nullptr);
    ~JobTracker() override; // drops whatever is still running; does not wait for it

    // A new generation: from now on nothing started earlier is delivered.
    quint64 begin();
    // Drops whatever is running or connected: nothing started so far is delivered. Cancels the work's token.
    void cancel();
    // Asks the current generation's work to stop (cancels its token) and still delivers what it returns.
    void interrupt() { m_token.cancel(); }
    // The token of the current generation's work.
    CancelToken token() const { return m_token; }
    quint64 generation() const { return m_generation; }
    bool isCurrent(quint64 generation) const { return generation == m_generation; }

    // A one-shot job in a generation of its own: `work()` on the thread pool, then `deliver(value)` here if the
    // job is still the latest. `work` must capture by value and touch nothing its caller owns.
    template<class Work, class Deliver> quint64 run(Work work, Deliver deliver)
    {
        const quint64 generation = begin();
        runFor(generation, std::move(work), std::move(deliver));
        return generation;
    }

    // A one-shot job that is part of an earlier begin()'s generation (a worker's last step, say).
    // `work()` or `work(CancelToken)`.
    template<class Work, class Deliver> void runFor(quint64 generation, Work work, Deliver deliver)
    {
        if constexpr (std::is_invocable_v<Work, CancelToken>) {
            using Value = std::invoke_result_t<Work, CancelToken>;
            auto *watcher = new QFutureWatcher<Value>(this);
            watch(watcher, generation, [watcher, deliver = std::move(deliver)] { deliver(watcher->result()); });
            watcher->setFuture(QtConcurrent::run(
                [work = std::move(work), token = isCurrent(generation) ? m_token : CancelToken()]() mutable {
                    return work(token);
                }));
        } else {
            using Value = std::invoke_result_t<Work>;
            auto *watcher = new QFutureWatcher<Value>(this);
            watch(watcher, generation, [watcher, deliver = std::move(deliver)] { deliver(watcher->result()); });
            watcher->setFuture(QtConcurrent::run(std::move(work)));
        }
    }

    // Connects a long-lived worker's signal to `slot` for `generation`: the slot runs on this tracker's thread and
    // only while that generation is the latest.
    template<class Sender, class Signal, class Slot>
    QMetaObject::Connection follow(quint64 generation, const Sender *sender, Signal signal, Slot slot)
    {
        return connect(sender, signal, this, [this, generation, slot = std::move(slot)](const auto &...args) {
            if (isCurrent(generation))
                slot(args...);
        });
    }

    // One-shot jobs still running, dropped ones included.
    bool isBusy() const { return m_running > 0; }
    // Finished one-shot jobs whose value was dropped.
    int droppedCount() const { return m_dropped; }
    // Blocks until every one-shot job still running has finished (their values are delivered later, by the event
    // loop, if still the latest). For owners that must not leave work behind, such as a bundle half written.
    void waitForDone();

private:
    void watch(QFutureWatcherBase *watcher, quint64 generation, std::function<void()> deliver);

    quint64 m_generation = 0;
    CancelToken m_token; // the current generation's
    int m_running = 0;
    int m_dropped = 0;
};

} // namespace hpx::device
