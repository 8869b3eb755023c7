/* Preloaded into StrokeLab when the peer harness counts its instructions with valgrind
 * (scripts/peers/run --callgrind). Valgrind 3.19 (Debian 12) writes into the signal mask
 * passed to rt_sigsuspend; libdispatch parks the main thread of an async Swift program in
 * sigsuspend with a mask kept in read-only memory, so valgrind itself dies with SIGSEGV.
 * This passes sigsuspend a writable copy of the mask. Only the parked main thread calls it;
 * the work being counted is untouched. Ours (StrokeLab), not peer code. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>

int sigsuspend(const sigset_t *mask) {
    static int (*real)(const sigset_t *);
    if (!real) real = (int (*)(const sigset_t *))dlsym(RTLD_NEXT, "sigsuspend");
    sigset_t copy = *mask;
    return real(&copy);
}
