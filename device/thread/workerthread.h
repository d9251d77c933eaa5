#pragma once

#include <QMetaObject>
#include <QObject>
#include <QString>
#include <QThread>

namespace hpx::device {

// The one ownership rule for work on a thread of its own (docs/architecture.md, "Worker threads"); capture sessions
// and the passive console both follow it:
// - The owner lives in its caller's thread and owns the QThread. The worker is created without a parent, moved to
//   the thread and deleted there when the thread finishes (deleteLater); its destructor releases what it holds (the
//   link, files) on its own thread. The owner never deletes it.
// - The owner talks to the worker only through queued calls, and only until it quits the thread: from then on the
//   worker may be deleted at any moment on the other thread, so the pointer is forgotten first. (A QPointer is no
//   protection against deletion in another thread, and a blocking call into a thread that may be stopping can
//   deadlock, so neither is used.) Signals from the worker reach the owner queued.
class WorkerThread {
public:
    explicit WorkerThread(QString name)
        : m_name(std::move(name))
    {
    }
    ~WorkerThread() { stop(); }
    WorkerThread(const WorkerThread &) = delete;
    WorkerThread &operator=(const WorkerThread &) = delete;

    // Moves `worker` (no parent; connect its signals first) to a new thread and calls `run` there. One worker at a
    // time: stop() the previous one first.
    template<class Worker> void start(Worker *worker, void (Worker::*run)())
    {
        Q_ASSERT(!m_thread);
        m_thread = new QThread;
        m_thread->setObjectName(m_name);
        worker->moveToThread(m_thread);
        QObject::connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
        QObject::connect(m_thread, &QThread::started, worker, run);
        m_worker = worker;
        m_thread->start();
    }

    // Queues `method` on the worker. False (nothing queued) once the thread was told to quit.
    template<class Worker> bool post(void (Worker::*method)())
    {
        if (!m_worker)
            return false;
        QMetaObject::invokeMethod(static_cast<Worker *>(m_worker), method, Qt::QueuedConnection);
        return true;
    }

    // Tells the thread to finish; the worker is forgotten here, before it may be deleted. Does not wait.
    void quit()
    {
        m_worker = nullptr;
        if (m_thread)
            m_thread->quit();
    }

    // quit(), then waits for the thread (and so the worker's destruction) and frees it; start() may follow.
    void stop()
    {
        quit();
        if (!m_thread)
            return;
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }

    bool isStarted() const { return m_thread != nullptr; } // from start() until stop()
    bool isWorkerReachable() const { return m_worker != nullptr; } // from start() until quit()

private:
    QString m_name;
    QThread *m_thread = nullptr;
    QObject *m_worker = nullptr;
};

} // namespace hpx::device
