#include "device/thread/jobtracker.h"

#include <QElapsedTimer>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <memory>

using hpx::device::JobTracker;

namespace {
// Holds a pool job until the test lets it go, so the test decides what is still running.
struct Gate {
    QSemaphore entered;
    QSemaphore open;
};

auto heldJob(const std::shared_ptr<Gate> &gate, int value)
{
    return [gate, value] {
        gate->entered.release();
        gate->open.tryAcquire(1, 10000); // never held forever, even when a check failed
        return value;
    };
}
} // namespace

// A long-lived worker on a thread of its own, as a capture session's worker is.
class Worker : public QObject {
    Q_OBJECT
Q_SIGNALS:
    void said(int value);
};

class TstJobTracker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void newerJobDropsStaleResult();
    void cancelDropsRunningJob();
    void resultsArriveOnOwnersThread();
    void destroyingTrackerWhileJobRunsIsSafe();
    void followDropsStaleWorkerSignals();
    void waitForDoneWaitsForDroppedJobs();
    void workThatTakesATokenIsToldToStop();

    void cleanup() { QThreadPool::globalInstance()->waitForDone(); }
};

void TstJobTracker::newerJobDropsStaleResult()
{
    JobTracker tracker;
    QList<int> delivered;
    auto gate = std::make_shared<Gate>();
    const quint64 first = tracker.run(heldJob(gate, 1), [&](int v) { delivered.append(v); });
    QVERIFY(gate->entered.tryAcquire(1, 5000)); // the first job is running
    const quint64 second = tracker.run([] { return 2; }, [&](int v) { delivered.append(v); });
    QVERIFY(second > first);
    QVERIFY(!tracker.isCurrent(first));
    QVERIFY(tracker.isCurrent(second));
    QTRY_COMPARE_WITH_TIMEOUT(delivered, QList<int> { 2 }, 5000);
    gate->open.release(); // the first one finishes after the second, with nobody left to want it
    QTRY_VERIFY_WITH_TIMEOUT(!tracker.isBusy(), 5000);
    QTest::qWait(20);
    QCOMPARE(delivered, QList<int> { 2 });
    QCOMPARE(tracker.droppedCount(), 1);
}

void TstJobTracker::cancelDropsRunningJob()
{
    JobTracker tracker;
    int delivered = 0;
    auto gate = std::make_shared<Gate>();
    tracker.run(heldJob(gate, 1), [&](int) { ++delivered; });
    QVERIFY(gate->entered.tryAcquire(1, 5000));
    QVERIFY(tracker.isBusy());
    tracker.cancel();
    gate->open.release();
    QTRY_VERIFY_WITH_TIMEOUT(!tracker.isBusy(), 5000);
    QTest::qWait(20);
    QCOMPARE(delivered, 0);
    QCOMPARE(tracker.droppedCount(), 1);

    // A job that is part of a begun generation (runFor) is dropped by cancel() just the same, and by a newer begin().
    const quint64 generation = tracker.begin();
    tracker.runFor(generation, heldJob(gate, 2), [&](int) { ++delivered; });
    QVERIFY(gate->entered.tryAcquire(1, 5000));
    tracker.begin();
    gate->open.release();
    QTRY_VERIFY_WITH_TIMEOUT(!tracker.isBusy(), 5000);
    QTest::qWait(20);
    QCOMPARE(delivered, 0);
    QCOMPARE(tracker.droppedCount(), 2);

    // Nothing newer: the value arrives.
    tracker.run([] { return 3; }, [&](int v) { delivered = v; });
    QTRY_COMPARE_WITH_TIMEOUT(delivered, 3, 5000);
}

void TstJobTracker::resultsArriveOnOwnersThread()
{
    JobTracker tracker;
    std::atomic<QThread *> workedOn { nullptr };
    QThread *deliveredOn = nullptr;
    tracker.run(
        [&workedOn] {
            workedOn = QThread::currentThread();
            return QStringLiteral("done");
        },
        [&](const QString &) { deliveredOn = QThread::currentThread(); });
    QTRY_VERIFY_WITH_TIMEOUT(deliveredOn != nullptr, 5000);
    QCOMPARE(deliveredOn, QThread::currentThread());
    QVERIFY(workedOn.load() != nullptr);
    QVERIFY(workedOn.load() != QThread::currentThread()); // the work itself ran off this thread
}

void TstJobTracker::destroyingTrackerWhileJobRunsIsSafe()
{
    auto tracker = std::make_unique<JobTracker>();
    bool delivered = false;
    auto gate = std::make_shared<Gate>();
    auto value = std::make_shared<int>(7);
    const std::weak_ptr<int> watched = value;
    tracker->run(
        [gate, value = std::move(value)] {
            gate->entered.release();
            gate->open.tryAcquire(1, 10000); // never held forever, even when a check failed
            return value;
        },
        [&](const std::shared_ptr<int> &) { delivered = true; });
    QVERIFY(gate->entered.tryAcquire(1, 5000));
    tracker.reset(); // the owner goes away while its job runs
    gate->open.release();
    QThreadPool::globalInstance()->waitForDone();
    QTest::qWait(50); // any queued delivery would run now
    QVERIFY(!delivered);
    QVERIFY(watched.expired()); // the job's value went nowhere and was freed
}

void TstJobTracker::followDropsStaleWorkerSignals()
{
    JobTracker tracker;
    QThread thread;
    auto *worker = new Worker;
    worker->moveToThread(&thread);
    connect(&thread, &QThread::finished, worker, &QObject::deleteLater);
    thread.start();

    QList<int> heard;
    QList<QThread *> heardOn;
    const auto listen = [&](int v) {
        heard.append(v);
        heardOn.append(QThread::currentThread());
    };
    const quint64 first = tracker.begin();
    tracker.follow(first, worker, &Worker::said, listen);
    QMetaObject::invokeMethod(
        worker, [worker] { Q_EMIT worker->said(1); }, Qt::QueuedConnection);
    QTRY_COMPARE_WITH_TIMEOUT(heard, QList<int> { 1 }, 5000);
    QCOMPARE(heardOn.first(), QThread::currentThread()); // queued onto the tracker's thread

    // A newer generation: what the worker still says for the first one is dropped; the second is heard.
    const quint64 second = tracker.begin();
    tracker.follow(second, worker, &Worker::said, [&](int v) { heard.append(v * 10); });
    QMetaObject::invokeMethod(
        worker, [worker] { Q_EMIT worker->said(2); }, Qt::QueuedConnection);
    QTRY_COMPARE_WITH_TIMEOUT(heard, (QList<int> { 1, 20 }), 5000);
    QTest::qWait(20);
    QCOMPARE(heard, (QList<int> { 1, 20 }));

    tracker.cancel();
    QMetaObject::invokeMethod(
        worker, [worker] { Q_EMIT worker->said(3); }, Qt::QueuedConnection);
    QTest::qWait(50);
    QCOMPARE(heard, (QList<int> { 1, 20 }));

    thread.quit();
    thread.wait();
}

void TstJobTracker::waitForDoneWaitsForDroppedJobs()
{
    JobTracker tracker;
    std::atomic<bool> finished { false };
    tracker.run(
        [&finished] {
            QThread::msleep(100);
            finished = true;
            return 0;
        },
        [](int) {});
    tracker.cancel();
    tracker.waitForDone();
    QVERIFY(finished.load());
}

// Issue 34: work that takes a CancelToken learns that nobody wants its value: a newer generation and cancel() stop it
// (and drop its value); interrupt() stops it and still delivers what it says about itself.
void TstJobTracker::workThatTakesATokenIsToldToStop()
{
    JobTracker tracker;
    const auto untilCancelled = [](const hpx::device::CancelToken &token) {
        QElapsedTimer clock;
        clock.start();
        while (!token.isCancelled() && clock.elapsed() < 10000)
            QThread::msleep(5);
        return token.isCancelled() ? QStringLiteral("stopped") : QStringLiteral("ran out");
    };
    QStringList delivered;
    const auto deliver = [&delivered](const QString &value) { delivered << value; };

    tracker.run(untilCancelled, deliver);
    QElapsedTimer clock;
    clock.start();
    tracker.interrupt();
    QTRY_COMPARE_WITH_TIMEOUT(delivered, QStringList { QStringLiteral("stopped") }, 5000);
    QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));

    delivered.clear();
    tracker.run(untilCancelled, deliver);
    tracker.cancel(); // stopped, and its value is dropped
    tracker.waitForDone();
    QCoreApplication::processEvents();
    QVERIFY(delivered.isEmpty());
    QCOMPARE(tracker.droppedCount(), 1);

    tracker.run(untilCancelled, deliver);
    tracker.run([] { return QStringLiteral("newer"); }, deliver); // begin() stops the older one
    tracker.waitForDone();
    QTRY_COMPARE(delivered, QStringList { QStringLiteral("newer") });
    QCOMPARE(tracker.droppedCount(), 2);

    // A token of a generation that is over stays cancelled; the current one is not.
    const hpx::device::CancelToken old = tracker.token();
    tracker.begin();
    QVERIFY(old.isCancelled());
    QVERIFY(!tracker.token().isCancelled());
}

QTEST_GUILESS_MAIN(TstJobTracker)
#include "tst_jobtracker.moc"
