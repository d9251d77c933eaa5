#pragma once

#include "device/wire/hostplan.h"
#include "device/wire/streamorigin.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::device {

// Follows the control lines of a wire-protocol v1 stream as it arrives (docs/compatibility.md §1.3, §1.6, §1.7, §1.8):
// handshake, sentinels, pass and iteration markers, heartbeats and errors. It drives the capture session
// (when to send the plan, when the stream is done, how long to wait) and its progress; the records
// themselves come from the wire parser. Pure and incremental: any chunking gives the same events.
class StreamTracker {
public:
    // `kind` decides the glitch rule (§1.1) exactly as for the WireParser fed the same bytes, so both read the
    // same lines: a garbled "--- HPX_END ---" on USB CDC must not end a capture the parser still sees running.
    explicit StreamTracker(StreamOrigin kind = std::nullopt)
        : m_glitchRule(appliesGlitchRule(kind))
    {
    }

    struct Event {
        enum Type {
            Ready, // HPX_READY
            PlanSupported, // HPX_PLAN_SUPPORTED=1
            PlanAnswer, // HPX_PLAN_ACK / HPX_PLAN_NAK (reply set)
            Start, // --- HPX_START --- (restart = true when the board started over)
            End, // --- HPX_END ---
            Preset, // --- HPX_PRESET <name> ---
            Iteration, // --- HPX_ITER <n> ---
            CleanWindow, // heartbeat clean_window_begin (estMs)
            Heartbeat, // any other heartbeat
            Error, // HPX_ERROR=<payload> (the first one only)
        };
        Event(Type t, int l, QString s = {})
            : type(t)
            , line(l)
            , text(std::move(s))
        {
        }
        Type type;
        int line = 0;
        QString text; // preset name, error payload
        qint64 estMs = 0; // CleanWindow
        bool restart = false; // Start
        int passNumber = 0; // Preset: this pass's 1-based number when it started (the tracker may be further on)
        int passCount = 0; // Preset: the announced pass count then, 0 = unknown
        std::optional<PlanReply> reply;
    };

    // Feeds bytes; returns the notable events they completed, in order.
    QVector<Event> feed(const QByteArray &bytes);

    int lineCount() const { return m_lineCount; }
    bool sawStart() const { return m_startCount > 0; }
    int startCount() const { return m_startCount; }
    int startLine() const { return m_startLine; } // line number of the last START
    qint64 startOffset() const { return m_startOffset; } // byte offset where the last START line begins
    bool sawEnd() const { return m_sawEnd; }
    bool startWithinFirstLines(int lines) const { return m_firstStartLine > 0 && m_firstStartLine <= lines; }
    int readyCount() const { return m_readyCount; }

    // Progress, as the stream says it (after the last START).
    QString pass() const { return m_pass; }
    int passNumber() const { return m_passNumber; } // 1-based index of the open pass, 0 before the first
    int passCount() const { return m_passCount; } // HPX_NUM_PRESETS, else the HPX_PRESETS count, else 0
    QStringList presets() const { return m_presets; }
    int iteration() const { return m_iteration; } // last ITER number or heartbeat iter, -1 if none
    int layer() const { return m_layer; } // heartbeat layer, -1 if none
    QString phase() const { return m_phase; } // last heartbeat phase
    bool heartbeatsEnabled() const { return m_heartbeatsEnabled; }
    bool warmup() const { return m_warmup; } // in a pass before its warmup_done

    std::optional<Event> firstError() const { return m_firstError; }
    QString errorPass() const { return m_errorPass; } // the pass open when the first error arrived

    // The trimmed text of a raw line the way hpx sees it (§1.1): CR and spaces trimmed, glitch bytes removed.
    static QString cleanLine(const QByteArray &raw, bool glitchRule = true);

private:
    void handleLine(const QByteArray &raw, qint64 lineOffset, QVector<Event> &events);

    bool m_glitchRule;
    QByteArray m_pending;
    qint64 m_consumed = 0; // bytes before m_pending
    int m_lineCount = 0;
    int m_startCount = 0;
    int m_startLine = 0;
    int m_firstStartLine = 0;
    qint64 m_startOffset = -1;
    bool m_sawEnd = false;
    int m_readyCount = 0;
    QString m_pass;
    int m_passNumber = 0;
    int m_passCount = 0;
    QStringList m_presets;
    int m_iteration = -1;
    int m_layer = -1;
    QString m_phase;
    bool m_heartbeatsEnabled = false;
    bool m_warmup = false;
    std::optional<Event> m_firstError;
    QString m_errorPass;
};

} // namespace hpx::device
