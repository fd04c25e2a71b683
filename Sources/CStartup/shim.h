// Starting a helper thread at once on another processor, for the command-line tool's start-up (fontconfig's
// configuration is read while the arguments are parsed). Swift's Glibc module hides the GNU affinity calls.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>

/// Runs `body(context)` on a new detached thread, allowed on every processor this one may use except the one it is
/// on, so that the scheduler does not queue it behind its creator; on a one-processor machine, anywhere. Returns
/// pthread_create's result.
static inline int galley_start_helper_thread(void *(*body)(void *), void *context) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    cpu_set_t allowed;
    int current = sched_getcpu();
    if (current >= 0 && sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 1) {
        CPU_CLR(current, &allowed);
        pthread_attr_setaffinity_np(&attributes, sizeof allowed, &allowed);
    }
    pthread_t thread;
    int result = pthread_create(&thread, &attributes, body, context);
    pthread_attr_destroy(&attributes);
    return result;
}
