// TFLM's log for the virtual board: the UART carries the wire protocol, so TFLM's messages (MicroPrintf: an
// operator it has no kernel for, an arena too small) are kept, the last one, and main.cc sends it inside an
// HPX_ERROR line when set-up fails.
#include "tensorflow/lite/micro/debug_log.h"

#include <stdio.h>

char hpx_tflm_last_log[160];

extern "C" void DebugLog(const char *format, va_list args)
{
    // MicroPrintf writes a message, then "\r\n" in a second call: keep the message.
    char text[sizeof hpx_tflm_last_log];
    const int n = vsnprintf(text, sizeof text, format, args);
    if (n <= 0 || text[0] == '\r' || text[0] == '\n')
        return;
    for (size_t i = 0; i < sizeof text; ++i) {
        hpx_tflm_last_log[i] = text[i];
        if (!text[i])
            break;
    }
}

extern "C" int DebugVsnprintf(char *buffer, size_t buf_size, const char *format, va_list vlist)
{
    return vsnprintf(buffer, buf_size, format, vlist);
}
