#ifndef STROKELAB_GNUPLOT_BRIDGE_H
#define STROKELAB_GNUPLOT_BRIDGE_H

/*
 * GnuplotBridge: a plain C API over gnuplot-iostream (Debian libgnuplot-iostream-dev).
 *
 * One session is one gnuplot process: create it, send commands and binary data blocks,
 * close it, then read its status and error text. Nothing here throws or aborts; every
 * failure is recorded in the session and reported by gb_session_error().
 *
 * Why a C API: Swift imports it directly without C++ interop, and the C++ (Boost,
 * exceptions, templates) stays inside the one .cpp file.
 *
 * Threading: a session must be used from one thread at a time. Sessions are independent.
 */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque gnuplot session (one child process).
typedef struct GBSession GBSession;

/// Environment variable naming the gnuplot executable when no explicit path is given.
#define GB_GNUPLOT_ENV "STROKELAB_GNUPLOT"

/// Starts gnuplot and returns a session; never returns NULL.
///
/// `executable`: a path (containing '/') or a command name looked up on PATH. NULL or ""
/// means: the value of $STROKELAB_GNUPLOT if set and non-empty, else "gnuplot".
/// gnuplot is started as `gnuplot -d` (no user init files, so output does not depend on the
/// user's ~/.gnuplot), with stdin a pipe from this session and stdout and stderr captured to
/// anonymous temporary files (O_TMPFILE: they have no name, so nothing is left behind
/// whatever happens to the process). A figure drawn without `set output` is gnuplot's stdout:
/// gb_session_output() returns it after close.
///
/// When gnuplot cannot be started (missing, not executable) the session is returned in the
/// failed state: gb_session_failed() is 1 and gb_session_error() says why; later calls do
/// nothing.
GBSession *gb_session_create(const char *executable);

/// Sends one command line to gnuplot (a newline is appended). Returns 0 on success, -1 when
/// the session has failed (for example gnuplot exited and the pipe closed).
int gb_session_command(GBSession *session, const char *command);

/// The gnuplot binary-format clause for `rows` records of `columns` doubles, e.g.
/// " format='%double%double' record=(100) ", produced by gnuplot-iostream's binfmt. Use it
/// in a command such as "plot '-' binary <clause> using 1:2 with lines". The returned string
/// is owned by the session and valid until the next call on it. Returns "" when
/// rows or columns is 0.
const char *gb_session_binary_format(GBSession *session, size_t rows, size_t columns);

/// Sends `rows` records of `columns` doubles (row-major: values[r * columns + c]) in
/// gnuplot's binary format, through gnuplot-iostream's sendBinary1d. Send it right after the
/// command that reads '-' with the matching gb_session_binary_format clause. Returns 0 on
/// success, -1 when the session has failed. rows == 0 sends nothing.
int gb_session_send_binary(GBSession *session, const double *values, size_t rows, size_t columns);

/// Ends the session: closes gnuplot's input, waits for it to exit, and reads its stderr.
/// Returns 0 when gnuplot exited with status 0 and nothing failed before; -1 otherwise.
/// Idempotent: later calls return the same result.
int gb_session_close(GBSession *session);

/// 1 when the session has failed (could not start, pipe broken, or after close: gnuplot
/// exited non-zero or was killed), else 0.
int gb_session_failed(const GBSession *session);

/// One line saying what went wrong, "" when nothing did. For gnuplot's own errors it quotes
/// gnuplot's message and the offending command, e.g.
/// "gnuplot reported an error: line 0: unrecognized plot type (in: plot sin(x) with foo)".
/// Owned by the session.
const char *gb_session_error(const GBSession *session);

/// Everything gnuplot wrote to stderr (warnings, `print` output, error messages); available
/// after gb_session_close. Owned by the session.
const char *gb_session_stderr(const GBSession *session);

/// Everything gnuplot wrote to stdout (the figure, when no `set output` was given), at most
/// 256 MiB; available after gb_session_close. `*length` receives its size. Owned by the
/// session.
const unsigned char *gb_session_output(const GBSession *session, size_t *length);

/// gnuplot's exit status after close: 0..255, or 128+signal when killed, or -1 when it never
/// ran or close has not been called yet.
int gb_session_exit_status(const GBSession *session);

/// Closes the session if still open (as gb_session_close) and frees it. NULL is ignored.
void gb_session_destroy(GBSession *session);

#ifdef __cplusplus
}
#endif

#endif /* STROKELAB_GNUPLOT_BRIDGE_H */
