// GnuplotBridge: gnuplot-iostream behind a C API. See include/GnuplotBridge.h for the contract.
//
// Why not gnuplot-iostream's own popen constructor: popen runs a shell, discards gnuplot's
// exit status (the destructor only prints "pclose returned error") and leaves stderr on the
// terminal. We need all three to report errors to Swift, so we start gnuplot ourselves with
// posix_spawn (stdin = a pipe; stdout and stderr = anonymous files that cannot fill up and
// deadlock us, and that have no name a killed process could leave behind) and hand the pipe
// to gnuplot-iostream's Gnuplot(FILE*) constructor, which then does what it is good at:
// streaming commands and binary arrays.

#include "GnuplotBridge.h"

#include <gnuplot-iostream.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace {

// Blocks SIGPIPE on the calling thread for the guard's lifetime and swallows a SIGPIPE that
// our own writes raised, so a gnuplot that exits early turns into EPIPE (an error we report)
// instead of killing the host process. Process-wide signal dispositions are left alone.
class SigpipeGuard {
public:
    SigpipeGuard() {
        sigset_t pending;
        sigemptyset(&pending);
        sigpending(&pending);
        wasPending_ = sigismember(&pending, SIGPIPE) == 1;
        sigset_t block;
        sigemptyset(&block);
        sigaddset(&block, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &block, &old_);
    }
    ~SigpipeGuard() {
        if (!wasPending_) {
            sigset_t pending;
            sigemptyset(&pending);
            sigpending(&pending);
            if (sigismember(&pending, SIGPIPE) == 1) {
                sigset_t only;
                sigemptyset(&only);
                sigaddset(&only, SIGPIPE);
                struct timespec zero = {0, 0};
                while (sigtimedwait(&only, nullptr, &zero) == -1 && errno == EINTR) {}
            }
        }
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }
    SigpipeGuard(const SigpipeGuard &) = delete;
    SigpipeGuard &operator=(const SigpipeGuard &) = delete;

private:
    sigset_t old_;
    bool wasPending_ = false;
};

std::string trim(const std::string &s) {
    size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::vector<std::string> splitLines(const std::string &text) {
    std::vector<std::string> lines;
    std::string line;
    for (char c : text) {
        if (c == '\n') { lines.push_back(line); line.clear(); }
        else line.push_back(c);
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

// True for gnuplot's error-location lines: `line 3: message` or `"file", line 3: message`.
bool isGnuplotMessageLine(const std::string &t, std::string &message) {
    size_t at = t.find("line ");
    if (at == std::string::npos) return false;
    if (at != 0 && !(t[0] == '"' && at >= 2 && t.compare(at - 2, 2, ", ") == 0)) return false;
    size_t i = at + 5;
    size_t digits = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    if (i == digits || i + 1 >= t.size() || t[i] != ':') return false;
    message = trim(t.substr(i + 1));
    return !message.empty();
}

// Turns gnuplot's stderr into one line: its first error message and the command it was in.
// gnuplot reports a command error as
//     gnuplot> plot sin(x) with foo
//                                  ^
//              line 0: unrecognized plot type
// and warnings the same way with "warning:" in the message; warnings are skipped.
std::string summariseStderr(const std::string &text) {
    std::vector<std::string> lines = splitLines(text);
    std::string lastCommand;
    for (const std::string &raw : lines) {
        std::string t = trim(raw);
        if (t.rfind("gnuplot>", 0) == 0) { lastCommand = trim(t.substr(8)); continue; }
        std::string message;
        if (isGnuplotMessageLine(t, message)) {
            if (message.rfind("warning:", 0) == 0) continue;
            std::string out = "gnuplot reported an error: " + message;
            if (!lastCommand.empty()) out += " (in: " + lastCommand + ")";
            return out;
        }
    }
    // Not in the usual shape (a crash, a library message): quote the last non-empty line.
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        std::string t = trim(*it);
        if (!t.empty() && t != "^") return "gnuplot reported an error: " + t;
    }
    return "";
}

// Finds `name` on PATH; returns "" when absent.
std::string searchPath(const std::string &name) {
    const char *path = std::getenv("PATH");
    std::string dirs = path && path[0] ? path : "/usr/local/bin:/usr/bin:/bin";
    size_t start = 0;
    while (start <= dirs.size()) {
        size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        std::string dir = dirs.substr(start, end - start);
        if (dir.empty()) dir = ".";
        std::string candidate = dir + "/" + name;
        struct stat st;
        if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0)
            return candidate;
        start = end + 1;
    }
    return "";
}

const char *kInstallHint = "install Debian's gnuplot-nox, or set " GB_GNUPLOT_ENV " to the gnuplot executable";

// A file without a name, for gnuplot's output: O_TMPFILE in $TMPDIR (or /tmp), so nothing is
// ever linked into the directory and a `kill -9` of this process leaves nothing behind; where
// the file system lacks O_TMPFILE, a mkostemp file unlinked at once. -1 and `why` on failure.
int anonymousFile(std::string &why) {
    const char *tmpdir = std::getenv("TMPDIR");
    std::string dir = tmpdir && tmpdir[0] ? tmpdir : "/tmp";
#ifdef O_TMPFILE
    int fd = open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) return fd;
#endif
    std::string templ = dir + "/strokelab-gnuplot-XXXXXX";
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    int tmp = mkostemp(buf.data(), O_CLOEXEC);
    if (tmp < 0) { why = std::strerror(errno); return -1; }
    unlink(buf.data());
    return tmp;
}

// Everything in `fd` from its start, at most `limit` bytes (more sets `truncated`).
std::string readAll(int fd, size_t limit, bool &truncated) {
    std::string out;
    truncated = false;
    lseek(fd, 0, SEEK_SET);
    char chunk[65536];
    ssize_t n;
    while ((n = read(fd, chunk, sizeof chunk)) != 0) {
        if (n < 0) { if (errno == EINTR) continue; break; }
        if (out.size() + static_cast<size_t>(n) > limit) { truncated = true; break; }
        out.append(chunk, static_cast<size_t>(n));
    }
    return out;
}

// The most output a figure may have: 256 MiB (a 20000 × 20000 PNG is far less).
const size_t kMaximumOutputBytes = size_t(256) << 20;

} // namespace

struct GBSession {
    pid_t pid = -1;
    int stderrFd = -1;
    int stdoutFd = -1;
    std::string output;
    std::unique_ptr<gnuplotio::Gnuplot> gp;
    bool failed = false;
    bool closed = false;
    int result = 0;
    int exitStatus = -1;
    std::string error;
    std::string stderrText;
    std::string scratch;
    std::string executable;

    void fail(const std::string &why) {
        if (!failed) { failed = true; error = why; }
    }

    void start(const char *requested) {
        std::string exe = requested && requested[0] ? requested : "";
        if (exe.empty()) {
            const char *env = std::getenv(GB_GNUPLOT_ENV);
            exe = env && env[0] ? env : "gnuplot";
        }
        executable = exe;
        std::string resolved;
        if (exe.find('/') != std::string::npos) {
            struct stat st;
            if (stat(exe.c_str(), &st) != 0) { fail("gnuplot not found at '" + exe + "' (" + kInstallHint + ")"); return; }
            if (!S_ISREG(st.st_mode) || access(exe.c_str(), X_OK) != 0) {
                fail("gnuplot at '" + exe + "' is not an executable file (" + kInstallHint + ")");
                return;
            }
            resolved = exe;
        } else {
            resolved = searchPath(exe);
            if (resolved.empty()) { fail("gnuplot ('" + exe + "') not found on PATH (" + kInstallHint + ")"); return; }
        }

        std::string why;
        stderrFd = anonymousFile(why);
        if (stderrFd < 0) { fail("cannot create a temporary file for gnuplot's messages: " + why); return; }
        stdoutFd = anonymousFile(why);
        if (stdoutFd < 0) { fail("cannot create a temporary file for gnuplot's output: " + why); return; }

        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) { fail(std::string("cannot create a pipe to gnuplot: ") + std::strerror(errno)); return; }

        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
        posix_spawn_file_actions_adddup2(&actions, stdoutFd, 1);
        posix_spawn_file_actions_adddup2(&actions, stderrFd, 2);
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        sigset_t none, defaults;
        sigemptyset(&none);
        sigemptyset(&defaults);
        sigaddset(&defaults, SIGPIPE);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setsigdefault(&attr, &defaults);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

        std::string arg0 = resolved, arg1 = "-d";
        char *argv[] = {arg0.data(), arg1.data(), nullptr};
        int rc = posix_spawn(&pid, resolved.c_str(), &actions, &attr, argv, environ);
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
        close(fds[0]);
        if (rc != 0) {
            pid = -1;
            close(fds[1]);
            fail("cannot start gnuplot '" + resolved + "': " + std::strerror(rc) + " (" + kInstallHint + ")");
            return;
        }
        std::FILE *fh = fdopen(fds[1], "w");
        if (!fh) {
            close(fds[1]);
            fail(std::string("cannot open the pipe to gnuplot: ") + std::strerror(errno));
            return;
        }
        try {
            gp.reset(new gnuplotio::Gnuplot(fh));
        } catch (const std::exception &e) {
            std::fclose(fh);
            fail(std::string("cannot start a gnuplot-iostream session: ") + e.what());
        }
    }

    bool usable() const { return !failed && !closed && gp; }

    void checkStream(const char *what) {
        if (gp && !gp->good()) fail(std::string("gnuplot stopped reading its input while ") + what);
    }

    int command(const char *text) {
        if (!usable()) return -1;
        SigpipeGuard guard;
        try {
            *gp << (text ? text : "") << '\n';
            gp->flush();
        } catch (const std::exception &e) {
            fail(std::string("cannot send a command to gnuplot: ") + e.what());
        }
        checkStream("receiving a command");
        return failed ? -1 : 0;
    }

    const char *binaryFormat(size_t rows, size_t columns) {
        scratch.clear();
        if (rows == 0 || columns == 0) return scratch.c_str();
        // binfmt only inspects the shape, so one record of the right width suffices;
        // the record count comes from `rows`.
        std::vector<std::vector<double>> shape(1, std::vector<double>(columns, 0.0));
        std::string one;
        try {
            if (gp) one = gp->binfmt(shape, "record", gnuplotio::Mode1D());
        } catch (const std::exception &) {}
        if (one.empty()) {
            one = " format='";
            for (size_t c = 0; c < columns; ++c) one += "%double";
            one += "' record=(1) ";
        }
        size_t open = one.find("record=(");
        size_t close = open == std::string::npos ? std::string::npos : one.find(')', open);
        if (open != std::string::npos && close != std::string::npos)
            one = one.substr(0, open) + "record=(" + std::to_string(rows) + one.substr(close);
        scratch = one;
        return scratch.c_str();
    }

    int sendBinary(const double *values, size_t rows, size_t columns) {
        if (!usable()) return -1;
        if (rows == 0 || columns == 0) return 0;
        if (!values) { fail("no data given to send to gnuplot"); return -1; }
        std::vector<std::vector<double>> records(rows, std::vector<double>(columns));
        for (size_t r = 0; r < rows; ++r)
            for (size_t c = 0; c < columns; ++c) records[r][c] = values[r * columns + c];
        SigpipeGuard guard;
        try {
            gp->sendBinary1d(records);
            gp->flush();
        } catch (const std::exception &e) {
            fail(std::string("cannot send data to gnuplot: ") + e.what());
        }
        checkStream("receiving data");
        return failed ? -1 : 0;
    }

    int finish() {
        if (closed) return result;
        closed = true;
        {
            SigpipeGuard guard;
            try {
                // ~Gnuplot flushes and fcloses the pipe: gnuplot sees end of input and exits.
                gp.reset();
            } catch (...) {}
        }
        if (pid > 0) {
            int status = 0;
            pid_t w;
            do { w = waitpid(pid, &status, 0); } while (w < 0 && errno == EINTR);
            if (w == pid) {
                if (WIFEXITED(status)) exitStatus = WEXITSTATUS(status);
                else if (WIFSIGNALED(status)) exitStatus = 128 + WTERMSIG(status);
            }
            pid = -1;
        }
        if (stderrFd >= 0) {
            bool truncated = false;
            stderrText = readAll(stderrFd, size_t(1) << 20, truncated);
            close(stderrFd);
            stderrFd = -1;
        }
        if (stdoutFd >= 0) {
            bool truncated = false;
            output = readAll(stdoutFd, kMaximumOutputBytes, truncated);
            close(stdoutFd);
            stdoutFd = -1;
            if (truncated && !failed) fail("gnuplot wrote more than 256 MiB of output");
        }
        if (exitStatus != 0 && exitStatus != -1) {
            std::string summary = summariseStderr(stderrText);
            std::string status = exitStatus > 128
                ? "gnuplot was killed by signal " + std::to_string(exitStatus - 128)
                : "gnuplot exited with status " + std::to_string(exitStatus);
            // gnuplot's own message explains more than a broken pipe does: prefer it.
            failed = true;
            error = summary.empty() ? status : summary;
        } else if (exitStatus == -1 && !failed) {
            fail("gnuplot's exit status could not be read");
        }
        result = failed ? -1 : 0;
        return result;
    }
};

extern "C" {

GBSession *gb_session_create(const char *executable) {
    GBSession *s = new (std::nothrow) GBSession();
    if (!s) return nullptr;
    try {
        s->start(executable);
    } catch (const std::exception &e) {
        s->fail(std::string("cannot start gnuplot: ") + e.what());
    } catch (...) {
        s->fail("cannot start gnuplot");
    }
    return s;
}

int gb_session_command(GBSession *session, const char *command) {
    if (!session) return -1;
    return session->command(command);
}

const char *gb_session_binary_format(GBSession *session, size_t rows, size_t columns) {
    if (!session) return "";
    return session->binaryFormat(rows, columns);
}

int gb_session_send_binary(GBSession *session, const double *values, size_t rows, size_t columns) {
    if (!session) return -1;
    return session->sendBinary(values, rows, columns);
}

int gb_session_close(GBSession *session) {
    if (!session) return -1;
    try {
        return session->finish();
    } catch (...) {
        session->fail("closing gnuplot failed");
        return -1;
    }
}

int gb_session_failed(const GBSession *session) { return !session || session->failed ? 1 : 0; }

const char *gb_session_error(const GBSession *session) { return session ? session->error.c_str() : "no session"; }

const char *gb_session_stderr(const GBSession *session) { return session ? session->stderrText.c_str() : ""; }

int gb_session_exit_status(const GBSession *session) { return session ? session->exitStatus : -1; }

const unsigned char *gb_session_output(const GBSession *session, size_t *length) {
    if (!session) { if (length) *length = 0; return nullptr; }
    if (length) *length = session->output.size();
    return reinterpret_cast<const unsigned char *>(session->output.data());
}

void gb_session_destroy(GBSession *session) {
    if (!session) return;
    gb_session_close(session);
    delete session;
}

} // extern "C"
