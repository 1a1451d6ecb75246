/*
 * host_guard.h: what the host does when a feature crashes or hangs during a session.
 *
 * The host registers the address ranges of every feature library it loads. When a
 * fatal signal arrives (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE), or when
 * the watchdog finds a command running past its limit, the handler walks the
 * stack, names the first feature library on it, writes one line to standard
 * error, and ends the process with the exit code given at install.
 *
 * Everything the handler does is async-signal-safe (write(2), _exit(2), atomics, its
 * own buffers) with one exception: backtrace(3), which POSIX does not list. glibc's
 * backtrace is safe once libgcc's unwinder is loaded, which install does, so that it
 * does not allocate or take a lock in the handler; that is the one documented exception.
 * Each thread that runs feature code has an alternate signal stack of its own (a stack
 * overflow is reported on it); the watchdog's signal is ignored if the command it timed
 * has returned since (an arm/disarm generation), so a command that returns right at its
 * limit is never reported as a hang.
 */
#ifndef APPHOST_HOST_GUARD_H
#define APPHOST_HOST_GUARD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most feature images the guard tells apart; later ones are named as "a feature library". */
#define APPHOST_GUARD_MAX_IMAGES 4096

/* Installs the handlers and the watchdog; `note` is appended to the line (may be NULL). Once per process. */
void apphost_guard_install(int exit_code, const char *note);

/* The status a session ends with when a feature calls exit(): the line before it names the library
   and the status it asked for. (_exit() and a kill skip every handler and cannot be named.) */
#define APPHOST_GUARD_FEATURE_EXIT 5

/* Records that [start, end) holds code of the feature library at `path`. */
void apphost_guard_add_image(const char *path, uintptr_t start, uintptr_t end);

/* Gives the calling thread an alternate signal stack, once (released when the thread ends): call it
   on any thread before it runs feature code. apphost_guard_arm calls it. */
void apphost_guard_prepare_thread(void);

/* Starts the clock on `activity` (e.g. "running 'tap 2'"): past `seconds`, the session ends as for a crash. */
void apphost_guard_arm(const char *activity, unsigned seconds);

/* Stops the clock. */
void apphost_guard_disarm(void);

/* Names the library whose async code the command now awaits (NULL: none), for a command that the
   watchdog stops while it is suspended there rather than busy on a stack. */
void apphost_guard_waiting_on(const char *path);

/* Whether the command the watchdog saw overdue (its arm/disarm generation `seen`) is still
   running past its deadline at `now` (ms of CLOCK_MONOTONIC): false once it returned or the next
   command was armed, so a command that returns right at its limit is never reported. The signal
   handler decides by it; tests call it with made-up times. */
int apphost_guard_still_overdue(unsigned long long seen, long long now);

/* The current arm/disarm generation, and the running command's deadline (0: none): for tests. */
unsigned long long apphost_guard_generation(void);
long long apphost_guard_deadline(void);

/* The feature library holding `address`, or NULL: for tests. */
const char *apphost_guard_image_at(uintptr_t address);

/* Counts one job of a session, about to run (`job`, the Swift runtime's job, still alive): a command
   overdue while its jobs still run is said to be running (yielding or sleeping in a loop), not
   waiting on what never resumes. The code each of the last few jobs resumes is kept, so that a
   command kept busy by a task that yields or sleeps for no time in a loop (on no stack when the
   watchdog looks) is blamed on the library that task's code is in. */
void apphost_guard_job_ran(const void *job);

/* Says that work a session's code queued with libdispatch (or armed as a timer) starts running
   `code`; returns a slot for apphost_guard_work_ended, or -1 if none is free. A command overdue
   while such work runs names the feature library of its code. */
int apphost_guard_work_began(const void *code);

/* Says that the work begun in `slot` (apphost_guard_work_began) has returned. */
void apphost_guard_work_ended(int slot);

/* Counts `delta` more (or, negative, fewer) of sessions' jobs queued or running. A command overdue
   while any is outstanding is running (a task that yields queues its next job before the job that
   yielded ends), whether or not the machine's load let one start in the watchdog's last step. */
void apphost_guard_jobs_outstanding(long long delta);

#ifdef __cplusplus
}
#endif

#endif
