#include "device/thread/jobtracker.h"

#include <QThread>

namespace hpx::device {

JobTracker::JobTracker(QObject *parent)
    : QObject(parent)
{
}

// The watchers are children: deleting them disconnects the running jobs, whose values then go nowhere. Work that
// holds a token is told to stop.
JobTracker::~JobTracker()
{
    m_token.cancel();
}

quint64 JobTracker::begin()
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_token.cancel();
    m_token = CancelToken();
    return ++m_generation;
}

void JobTracker::cancel()
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_token.cancel();
    m_token = CancelToken();
    ++m_generation;
}

void JobTracker::waitForDone()
{
    for (QFutureWatcherBase *watcher : findChildren<QFutureWatcherBase *>(Qt::FindDirectChildrenOnly))
        watcher->waitForFinished();
}

void JobTracker::watch(QFutureWatcherBase *watcher, quint64 generation, std::function<void()> deliver)
{
    Q_ASSERT(QThread::currentThread() == thread());
    ++m_running;
    // QFutureWatcher::finished is emitted on the watcher's thread, this one, whichever thread the work ran on.
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, deliver = std::move(deliver)] {
        watcher->deleteLater();
        --m_running;
        if (!isCurrent(generation)) {
            ++m_dropped;
            return;
        }
        deliver(); // last: it may end the tracker's owner
    });
}

} // namespace hpx::device
