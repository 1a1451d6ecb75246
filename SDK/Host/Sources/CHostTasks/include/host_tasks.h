#ifndef APPHOST_HOST_TASKS_H
#define APPHOST_HOST_TASKS_H

#include <stdint.h>

/* The host's runtime (AppHost's Runtime/) needs two facts the Swift runtime does not give:

   - The exact length of a sleep. `Task.sleep(for: d)` reads the clock (`now`) and hands the
     executor the deadline `now + d`. This file defines `clock_gettime` in the program, so that
     every read of the continuous (CLOCK_BOOTTIME) and suspending (CLOCK_MONOTONIC) clocks also
     records, for the calling thread, the value it returned; the libc function does the reading.
     The executor, called on that thread right after, gets `d` back as deadline - last read,
     whatever the machine's load did between the two. Nothing else changes: every caller gets
     the real time.
   - Executors in place before any task exists, in any program that links the host (a test
     bundle's too): a constructor calls `apphost_runtime_install` if the program has one. */

/* The value the last read of the continuous clock on this thread returned, in nanoseconds; 0 if none. */
int64_t apphost_tasks_last_continuous(void);

/* The value the last read of the suspending clock on this thread returned, in nanoseconds; 0 if none. */
int64_t apphost_tasks_last_suspending(void);

/* Whether this program's clock_gettime is the one defined here (false if something else
   interposed it first): without it, virtual deadlines are taken from the clock when the
   executor sees them, which a loaded machine makes early. */
int apphost_tasks_clock_recorded(void);

/* Marks this thread as running a job of `owner` (an unretained reference the host keeps alive
   for the run), or of nobody with NULL: a job enqueued while it runs is counted as `owner`'s too
   (a sleep waking its task, a task resumed by another's code). */
void apphost_tasks_set_running(const void *owner);

/* The owner this thread runs a job of, if any. */
const void *apphost_tasks_running(void);

#endif
