/* Ctrl-C at apphost's prompt abandons the line being typed. The line editor is told not
 * to handle signals; SIGINT sets a flag and interrupts the read. The signal may be
 * delivered to any thread, so it is passed on to the thread that reads, whose read()
 * then fails with EINTR (or its wait for a key wakes), and the line editor returns. */

#include "host_interrupt.h"
#include "host_edit.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t interrupted = 0;
static pthread_t reader;

static void on_interrupt(int signal_number) {
    (void)signal_number;
    if (!pthread_equal(pthread_self(), reader)) {
        pthread_kill(reader, SIGINT);
        return;
    }
    interrupted = 1;
    /* The reader may be between its check of the flag and its wait: the wake pipe ends the wait. */
    int saved = errno;
    apphost_edit_wake();
    errno = saved;
}

void apphost_interrupt_prepare(void) {
    reader = pthread_self();
    interrupted = 0;
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: the read must fail with EINTR */
    sigaction(SIGINT, &action, NULL);
}

int apphost_interrupt_taken(void) {
    return interrupted != 0;
}
