#define _GNU_SOURCE
#include "host_guard.h"
#include "host_terminal.h"

#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

typedef struct image {
    uintptr_t start;
    uintptr_t end;
    char path[512];
    /* The file as it was when its code was mapped: a build that writes over it in place changes these. */
    dev_t device;
    ino_t inode;
    off_t size;
    struct timespec modified;
    int known;
} image;

/* The instruction the signal interrupted, per architecture (0 where it is not known: the stack
   is then searched instead). */
static uintptr_t program_counter(const ucontext_t *state) {
#if defined(__x86_64__)
    return (uintptr_t)state->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uintptr_t)state->uc_mcontext.pc;
#elif defined(__i386__)
    return (uintptr_t)state->uc_mcontext.gregs[REG_EIP];
#else
    (void)state;
    return 0;
#endif
}

static image images[APPHOST_GUARD_MAX_IMAGES];
static atomic_int image_count;

static int guard_exit_code = 4;
static char guard_note[1024];

/* The activity being timed: two buffers, so the handler always reads a whole one. */
static char activities[2][256];
static atomic_int current_activity;
static atomic_int active;        /* an activity is running */
static atomic_llong deadline_ms; /* 0: no limit */
static atomic_uint limit_seconds;
/* The thread running the timed activity: the main actor's, which on Linux is a dispatch worker.
   Written by the thread that arms, read by the watchdog: atomic. */
static _Atomic(pthread_t) timed_thread;
/* Each arm and disarm makes a new generation. The watchdog notes the one it found overdue before it
   signals; the handler acts only if it is still that one and still overdue, so a command that
   returned between the watchdog's look and the signal is never taken for a hang. */
static atomic_ullong generation;
static atomic_ullong overdue_generation;
/* Each thread that runs feature code gets an alternate signal stack of its own (a handler for a
   stack overflow needs a stack that is not the one overflowed), released when the thread ends. */
#define ALTERNATE_STACK_SIZE (64 * 1024)
static pthread_key_t alternate_stack_key;
static void release_alternate_stack(void *memory);
/* The library whose async code the command awaits (a screen's load), while it does: a command
   suspended there is on no thread's stack, so this names it. */
static char waiting_on[512];
static atomic_int waiting;
/* How many of a session's jobs have run, and whether the command was still running when the
   watchdog found it overdue (a job started in its last step, or some were queued or running): a
   command suspended in a feature that still runs (a loop that yields or sleeps) is told from one
   awaiting what never resumes. */
static atomic_ullong jobs_ran;
static atomic_int busy_when_overdue;
/* Sessions' jobs queued or running (apphost_guard_jobs_outstanding). */
static atomic_llong outstanding_jobs;
/* The code the last RECENT_JOBS jobs of sessions resumed, oldest overwritten first. */
#define RECENT_JOBS 16
#define JOB_FUNCTION_WORD 7
static _Atomic uintptr_t recent_code[RECENT_JOBS];
static atomic_uint recent_next;

/* The code of work sessions' code queued with libdispatch that runs now (apphost_guard_work_began). */
#define RUNNING_WORK 16
static _Atomic uintptr_t running_work[RUNNING_WORK];

int apphost_guard_work_began(const void *code) {
    if (!code) return -1;
    for (int slot = 0; slot < RUNNING_WORK; slot++) {
        uintptr_t empty = 0;
        if (atomic_compare_exchange_strong(&running_work[slot], &empty, (uintptr_t)code)) return slot;
    }
    return -1;
}

void apphost_guard_work_ended(int slot) {
    if (slot >= 0 && slot < RUNNING_WORK) atomic_store(&running_work[slot], 0);
}

/* The feature library of work queued with libdispatch that is running now, or NULL. */
static const char *library_of_running_work(void) {
    for (int slot = 0; slot < RUNNING_WORK; slot++) {
        uintptr_t code = atomic_load(&running_work[slot]);
        const char *library = code ? apphost_guard_image_at(code) : NULL;
        if (library) return library;
    }
    return NULL;
}

/* The feature library whose code a recent job of a session resumed, the latest first, or NULL. */
static const char *library_of_recent_jobs(void) {
    unsigned next = atomic_load_explicit(&recent_next, memory_order_relaxed);
    for (unsigned back = 1; back <= RECENT_JOBS; back++) {
        uintptr_t code = atomic_load_explicit(&recent_code[(next - back) % RECENT_JOBS], memory_order_relaxed);
        const char *library = code ? apphost_guard_image_at(code) : NULL;
        if (library) return library;
    }
    return NULL;
}

#define WATCHDOG_SIGNAL SIGUSR2

int apphost_guard_still_overdue(unsigned long long seen, long long now);

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

const char *apphost_guard_image_at(uintptr_t address) {
    int count = atomic_load(&image_count);
    for (int index = 0; index < count; index++) {
        if (address >= images[index].start && address < images[index].end) return images[index].path;
    }
    return NULL;
}

void apphost_guard_add_image(const char *path, uintptr_t start, uintptr_t end) {
    int index = atomic_load(&image_count);
    if (index >= APPHOST_GUARD_MAX_IMAGES) return;
    images[index].start = start;
    images[index].end = end;
    strncpy(images[index].path, path, sizeof images[index].path - 1);
    images[index].path[sizeof images[index].path - 1] = 0;
    struct stat status;
    images[index].known = stat(images[index].path, &status) == 0;
    if (images[index].known) {
        images[index].device = status.st_dev;
        images[index].inode = status.st_ino;
        images[index].size = status.st_size;
        images[index].modified = status.st_mtim;
    }
    atomic_store(&image_count, index + 1);
}

/* The first loaded library whose file was changed in place since it was mapped, or NULL. stat() is
   async-signal-safe; the stack is not walked for such a file, since its unwind tables may be gone. */
static const char *changed_image(void) {
    int count = atomic_load(&image_count);
    for (int index = 0; index < count; index++) {
        if (!images[index].known) continue;
        struct stat status;
        if (stat(images[index].path, &status) != 0) continue; /* removed or renamed: the mapping is intact */
        if (status.st_dev != images[index].device || status.st_ino != images[index].inode) continue; /* replaced by rename */
        if (status.st_size != images[index].size || status.st_mtim.tv_sec != images[index].modified.tv_sec ||
            status.st_mtim.tv_nsec != images[index].modified.tv_nsec) {
            return images[index].path;
        }
    }
    return NULL;
}

/* Appends `text` to `buffer` (of `size` bytes, `used` so far), without overflowing. */
static size_t append(char *buffer, size_t size, size_t used, const char *text) {
    while (*text && used + 1 < size) buffer[used++] = *text++;
    buffer[used] = 0;
    return used;
}

static size_t append_number(char *buffer, size_t size, size_t used, unsigned value) {
    char digits[16];
    int count = 0;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value && count < (int)sizeof digits);
    while (count && used + 1 < size) buffer[used++] = digits[--count];
    buffer[used] = 0;
    return used;
}

static const char *signal_name(int number) {
    switch (number) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGABRT: return "SIGABRT";
    case SIGFPE: return "SIGFPE";
    default: return "a signal";
    }
}

/* The first feature library on this thread's stack, or NULL. */
static const char *library_on_stack(void) {
    void *frames[128];
    int count = backtrace(frames, 128);
    const char *library = NULL;
    for (int index = 0; index < count && !library; index++) {
        library = apphost_guard_image_at((uintptr_t)frames[index]);
    }
    return library;
}

/* Writes `error: LIBRARY` + the parts of `what` (NULL-ended) + ` while ACTIVITY` (when `activity` and
   one runs) + `; the session ended` + `advice` + the note, gives the terminal back, and ends with
   `status`. Async-signal-safe: one buffer on the stack, one write(2). */
static void end_session(const char *library, const char *const *what, int activity, const char *advice, int status) {
    char line[2048];
    size_t used = append(line, sizeof line, 0, "error: ");
    used = append(line, sizeof line, used, library);
    for (; *what; what++) used = append(line, sizeof line, used, *what);
    if (activity && atomic_load(&active)) {
        used = append(line, sizeof line, used, " while ");
        used = append(line, sizeof line, used, activities[atomic_load(&current_activity)]);
    }
    used = append(line, sizeof line, used, "; the session ended");
    used = append(line, sizeof line, used, advice);
    used = append(line, sizeof line, used, guard_note);
    used = append(line, sizeof line, used, "\n");
    /* A full-screen session gives the terminal back before it says why it ended. */
    apphost_terminal_restore();
    ssize_t written = write(STDERR_FILENO, line, used);
    (void)written;
    _exit(status);
}

static void handle(int number, siginfo_t *info, void *context) {
    (void)info;
    if (number == WATCHDOG_SIGNAL) {
        /* The command returned (or the next one started) after the watchdog looked: no hang. */
        if (!apphost_guard_still_overdue(atomic_load(&overdue_generation), now_ms())) return;
    }
    const char *changed = number == WATCHDOG_SIGNAL ? NULL : changed_image();
    if (changed) {
        const char *what[] = {" changed on disk while loaded (", signal_name(number), ")", NULL};
        end_session(changed, what, 0, "; replace a feature file by renaming a new one over it", guard_exit_code);
    }
    const char *library = NULL;
    ucontext_t *state = context;
    if (state) library = apphost_guard_image_at(program_counter(state));
    if (!library) library = library_on_stack();
    int suspended = 0;
    if (!library && number == WATCHDOG_SIGNAL && atomic_load(&waiting)) {
        library = waiting_on;
        suspended = 1;
    }
    /* Overdue, awaiting nothing, while work a feature's code handed to a dispatch queue runs: the
       command waits for that work as for a task it started, so it is what has not returned. */
    if (!library && number == WATCHDOG_SIGNAL) {
        library = library_of_running_work();
        if (library) suspended = 3;
    }
    /* Overdue while its jobs still run, on no stack: a task that keeps yielding or sleeping for no
       time, whose code is the feature's the jobs last resumed. */
    if (!library && number == WATCHDOG_SIGNAL && atomic_load(&busy_when_overdue)) {
        library = library_of_recent_jobs();
        if (library) suspended = 2;
    }
    char seconds[16];
    seconds[append_number(seconds, sizeof seconds, 0, atomic_load(&limit_seconds))] = 0;
    const char *how = !suspended ? " s"
        : suspended == 3 ? " s (work it handed to a dispatch queue is still running)"
        : suspended == 2 ? " s (its tasks keep running without end: they yield, or sleep for no time, in a loop)"
        : atomic_load(&busy_when_overdue) ? " s (suspended in it and still running: its tasks keep yielding or sleeping, and never finish)"
        : " s (suspended in it, awaiting what never resumed)";
    const char *hung[] = {": did not return within ", seconds, how, NULL};
    const char *crashed[] = {": crashed (", signal_name(number), ")", NULL};
    end_session(library ? library : "the host (no feature library on the stack)", number == WATCHDOG_SIGNAL ? hung : crashed, 1, "", guard_exit_code);
}

/* A feature that calls exit() would end the host with its own status and no word: glibc runs this
   first, with the status. When feature code is on the stack (the thread that called exit), the host
   says which library did it and ends with a status of its own; the host's own exits pass. */
static void on_exit_called(int status, void *unused) {
    (void)unused;
    const char *library = library_on_stack();
    if (!library) return;
    char number[16];
    number[append_number(number, sizeof number, 0, (unsigned)status)] = 0;
    const char *what[] = {": called exit(", number, ")", NULL};
    end_session(library, what, 1, "", APPHOST_GUARD_FEATURE_EXIT);
}

static void *watch(void *unused) {
    (void)unused;
    /* This thread takes the signal itself when the thread that armed the watch is gone. */
    sigset_t own;
    sigemptyset(&own);
    sigaddset(&own, WATCHDOG_SIGNAL);
    pthread_sigmask(SIG_UNBLOCK, &own, NULL);
    unsigned long long jobs_before = atomic_load(&jobs_ran);
    for (;;) {
        struct timespec step = {0, 100 * 1000 * 1000};
        nanosleep(&step, NULL);
        unsigned long long seen = atomic_load(&generation);
        long long deadline = atomic_load(&deadline_ms);
        unsigned long long jobs_now = atomic_load(&jobs_ran);
        /* Still running: a job started in this step, or some are queued or running (a loaded
           machine can leave a step without a start; a loop that yields always has one queued). */
        int busy = jobs_now != jobs_before || atomic_load(&outstanding_jobs) > 0;
        jobs_before = jobs_now;
        if (deadline != 0 && now_ms() > deadline) {
            atomic_store(&busy_when_overdue, busy);
            atomic_store(&overdue_generation, seen);
            /* A command suspended in a feature (awaiting what never resumes) left the thread that armed
               the watch, which the system may since have retired: then the signal is taken here. */
            if (pthread_kill(atomic_load(&timed_thread), WATCHDOG_SIGNAL) != 0) pthread_kill(pthread_self(), WATCHDOG_SIGNAL);
            /* Taken or not by a thread that blocks it, the session must end: give it a second, then here. */
            struct timespec grace = {1, 0};
            nanosleep(&grace, NULL);
            /* Still the same overdue command (not the next one, armed in the grace second): end here. */
            if (atomic_load(&generation) == seen && atomic_load(&deadline_ms) != 0) {
                pthread_kill(pthread_self(), WATCHDOG_SIGNAL);
                return NULL;
            }
            /* The command ended meanwhile: keep watching the next one. */
        }
    }
}

void apphost_guard_waiting_on(const char *path) {
    if (!path) {
        atomic_store(&waiting, 0);
        return;
    }
    strncpy(waiting_on, path, sizeof waiting_on - 1);
    waiting_on[sizeof waiting_on - 1] = 0;
    atomic_store(&waiting, 1);
}

void apphost_guard_install(int exit_code, const char *note) {
    guard_exit_code = exit_code;
    if (note) {
        append(guard_note, sizeof guard_note, 0, note);
    }
    /* Load the unwinder now: backtrace's first call may allocate. */
    void *warm[2];
    backtrace(warm, 2);
    /* Stacks of their own for the threads that run feature code, so that a stack overflow can still
       be reported: this one now, the others as they first arm the guard or run a feature's screen. */
    pthread_key_create(&alternate_stack_key, release_alternate_stack);
    apphost_guard_prepare_thread();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handle;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
    for (size_t index = 0; index < sizeof fatal / sizeof fatal[0]; index++) {
        sigaction(fatal[index], &action, NULL);
    }
    /* The watchdog's signal keeps its handler: one that arrives after its command returned is ignored. */
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigaction(WATCHDOG_SIGNAL, &action, NULL);
    on_exit(on_exit_called, NULL);
    pthread_t watchdog;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_create(&watchdog, &attributes, watch, NULL);
    pthread_attr_destroy(&attributes);
}

static void release_alternate_stack(void *memory) {
    stack_t off = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};
    sigaltstack(&off, NULL);
    munmap(memory, ALTERNATE_STACK_SIZE);
}

void apphost_guard_prepare_thread(void) {
    static _Thread_local int prepared;
    if (prepared) return;
    prepared = 1;
    stack_t current;
    if (sigaltstack(NULL, &current) != 0 || !(current.ss_flags & SS_DISABLE)) return; /* it has one */
    void *memory = mmap(NULL, ALTERNATE_STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return;
    stack_t stack = {.ss_sp = memory, .ss_size = ALTERNATE_STACK_SIZE, .ss_flags = 0};
    if (sigaltstack(&stack, NULL) != 0) {
        munmap(memory, ALTERNATE_STACK_SIZE);
        return;
    }
    pthread_setspecific(alternate_stack_key, memory);
}

void apphost_guard_arm(const char *activity, unsigned seconds) {
    apphost_guard_prepare_thread();
    /* Dispatch's worker threads block SIGUSR2; the thread that may hang must take it.
       Once a thread: a signal mask is the thread's own, and nothing here blocks it again. */
    static _Thread_local int unblocked;
    if (!unblocked) {
        sigset_t watchdog;
        sigemptyset(&watchdog);
        sigaddset(&watchdog, WATCHDOG_SIGNAL);
        pthread_sigmask(SIG_UNBLOCK, &watchdog, NULL);
        unblocked = 1;
    }
    atomic_store(&timed_thread, pthread_self());
    atomic_fetch_add(&generation, 1);
    int next = 1 - atomic_load(&current_activity);
    append(activities[next], sizeof activities[next], 0, activity ? activity : "");
    atomic_store(&current_activity, next);
    atomic_store(&limit_seconds, seconds);
    atomic_store(&deadline_ms, seconds ? now_ms() + (long long)seconds * 1000 : 0);
    atomic_store(&active, 1);
}

void apphost_guard_disarm(void) {
    atomic_fetch_add(&generation, 1);
    atomic_store(&deadline_ms, 0);
    atomic_store(&active, 0);
}

int apphost_guard_still_overdue(unsigned long long seen, long long now) {
    long long deadline = atomic_load(&deadline_ms);
    return deadline != 0 && now > deadline && atomic_load(&generation) == seen;
}

unsigned long long apphost_guard_generation(void) { return atomic_load(&generation); }

long long apphost_guard_deadline(void) { return atomic_load(&deadline_ms); }

void apphost_guard_jobs_outstanding(long long delta) {
    atomic_fetch_add_explicit(&outstanding_jobs, delta, memory_order_relaxed);
}

void apphost_guard_job_ran(const void *job) {
    atomic_fetch_add_explicit(&jobs_ran, 1, memory_order_relaxed);
    if (!job) return;
    /* The Swift runtime's job (swift/ABI/Task.h): a heap object's two words, two words the
       scheduler keeps, the flags and an id (one word), a voucher and a reserved word, then the
       function the job runs (an async task's: the code after the await it resumes from). Read as a
       plain address; the handler names it only if it lies in a feature library's code. */
    uintptr_t code = ((const uintptr_t *)job)[JOB_FUNCTION_WORD];
    unsigned slot = atomic_fetch_add_explicit(&recent_next, 1, memory_order_relaxed) % RECENT_JOBS;
    atomic_store_explicit(&recent_code[slot], code, memory_order_relaxed);
}
