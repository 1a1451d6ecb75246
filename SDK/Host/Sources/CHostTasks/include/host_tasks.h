#ifndef APPHOST_HOST_TASKS_H
#define APPHOST_HOST_TASKS_H

#include <stdint.h>

/* The host's runtime (the AppHostRuntime target) needs facts the Swift runtime does not give:

   - The exact length of a sleep. `Task.sleep(for: d)` reads the clock (`now`) and hands the
     executor the deadline `now + d`. This file defines `clock_gettime` in the program, so that
     every read of the continuous (CLOCK_BOOTTIME) and suspending (CLOCK_MONOTONIC) clocks also
     records, for the calling thread, the value it returned. The executor, called on that thread
     right after, gets `d` back as deadline - last read, whatever the machine's load did between.
   - A virtual `now`. While a thread runs a job of a session on virtual time (the session's
     runtime says so with apphost_tasks_set_running), the reads of the continuous, suspending and
     wall clocks made by that job's code return the session's clock: the real reading when the
     session started, plus the virtual time it has moved. So `ContinuousClock.now`,
     `SuspendingClock.now`, `Date()` and a C feature's `clock_gettime` agree with the session's
     sleeps, and a deadline computed from them lands exactly. Reads made by libdispatch stay
     real: its own timers (a semaphore's timeout, a dispatch source's) are kept on the real clock
     by its threads, and `DispatchTime.now()` is real, so the session's `asyncAfter` is held by
     its distance from that reading (see the timers below).
     Every other thread, and every thread of a session on real time, gets the real time.
   - Executors in place before any task exists, in any program that links the host (a test
     bundle's too, whose test runner starts tasks before any test code): a constructor calls
     `apphost_runtime_install` if the program has one. */

/* A session's virtual clock: the real readings when it started, and how far it has moved. */
typedef struct apphost_virtual_clock apphost_virtual_clock;

/* A new clock, inactive (its readings are the real ones) until apphost_tasks_start_clock. */
apphost_virtual_clock *apphost_tasks_make_clock(void);

/* Frees `clock`; no thread may be running with it. */
void apphost_tasks_free_clock(apphost_virtual_clock *clock);

/* Sets `clock`'s starting readings to the real clocks now, its elapsed time to 0, and makes it active. */
void apphost_tasks_start_clock(apphost_virtual_clock *clock);

/* Sets how far `clock` has moved from its start, in nanoseconds (never less than before). */
void apphost_tasks_move_clock(apphost_virtual_clock *clock, int64_t elapsed);

/* The value the last read of the continuous clock on this thread returned, in nanoseconds; 0 if none. */
int64_t apphost_tasks_last_continuous(void);

/* The value the last read of the suspending clock on this thread returned, in nanoseconds; 0 if none. */
int64_t apphost_tasks_last_suspending(void);

/* Whether this program's clock_gettime is the one defined here (false if something else
   interposed it first): without it, virtual deadlines are taken from the clock when the
   executor sees them, which a loaded machine makes early, and `now` stays real. */
int apphost_tasks_clock_recorded(void);

/* Marks this thread as running a job of `owner` (an unretained reference the host keeps alive
   for the run), or of nobody with NULL: a job enqueued while it runs is counted as `owner`'s too
   (a sleep waking its task, a task resumed by another's code). With a `clock` (the owner's, when
   its time is virtual, kept alive as long as the owner), the thread's clock reads are virtual. */
void apphost_tasks_set_running(const void *owner, const apphost_virtual_clock *clock);

/* The owner this thread runs a job of, if any. */
const void *apphost_tasks_running(void);

/* Marks this thread as running a job of the global pool on a session's own thread (a session on
   one thread), or not; the main actor's isolation check fails while it is set, as it would on a
   pool thread. */
void apphost_tasks_set_running_pool_inline(int inline_job);

/* Whether this thread runs a job of the global pool on a session's own thread. */
int apphost_tasks_running_pool_inline(void);

/* Marks this thread as running a job its owner counts as queued or running until it ends (1; 2
   for a main-actor job), or as running code outside such a job (0); returns what was set before. */
int apphost_tasks_set_in_job(int counted);

/* Whether this thread runs a job its owner counts (apphost_tasks_set_in_job). */
int apphost_tasks_in_job(void);

/* Marks this thread as serving a lane of a session's pool (an object of the host's; NULL for
   none); returns what was set before. */
void *apphost_tasks_set_serving_lane(void *lane);

/* The lane this thread serves, if any (apphost_tasks_set_serving_lane). */
void *apphost_tasks_serving_lane(void);

/* The virtual clock this thread's reads use, if any. */
const apphost_virtual_clock *apphost_tasks_running_clock(void);

/* How many run-loop timers the program has armed (`Timer.scheduledTimer`, `RunLoop.add(_:forMode:)`:
   Foundation arms a timerfd for each run loop's next timer; this file defines `timerfd_settime` in
   the program to count them). libdispatch's own timers are not counted. The host runs no run loop,
   so such a timer would never fire: a session says so. */
unsigned long long apphost_tasks_run_loop_timers(void);

/* The owner (apphost_tasks_set_running) of the job that armed the last run-loop timer; NULL if it
   was armed outside any session's job. */
const void *apphost_tasks_run_loop_timer_owner(void);

/* The session's timers armed with libdispatch. `DispatchQueue.asyncAfter(deadline:)` (and
   dispatch_after, dispatch_after_f) called by a job of a session on virtual time, with a deadline on
   the uptime clock (`DispatchTime`), is handed to the host's hook, which holds it on the session's
   clock: its work is queued on its queue when the session's time reaches it. This file defines
   both functions in the program for that; a timer the hook does not take (a wall-clock deadline,
   one armed by another thread or by libdispatch itself) goes to libdispatch's own. */

/* The work of a held timer: a function and the context it is called with. */
typedef void (*apphost_work_function)(void *);

/* Takes a timer `owner`'s job armed, due `delay` nanoseconds from now (always more than 0), to run
   `work(context)` on `queue`; returns nonzero if it holds it (it then retains the queue). */
typedef int (*apphost_timer_hook)(const void *owner, int64_t delay, void *queue, void *context, apphost_work_function work);

/* Sets the hook; called once, before the program's first task. */
void apphost_tasks_set_timer_hook(apphost_timer_hook hook);

/* Work a session's code queues with libdispatch (`DispatchQueue.async`, dispatch_async,
   dispatch_async_f) while its thread runs the session's code (a job, a timer's or such work): handed
   to the host's hook, which counts it as the session's until it has run and runs it as the
   session's. The host's own queuing is marked (apphost_tasks_host_dispatch_begin) and never taken. */

/* Takes work `owner`'s code queues on `queue`; returns nonzero if it queued it itself. */
typedef int (*apphost_async_hook)(const void *owner, void *queue, void *context, apphost_work_function work);

/* Sets the hook; called once, before the program's first task. */
void apphost_tasks_set_async_hook(apphost_async_hook hook);

/* Marks this thread as queuing the host's own work until apphost_tasks_host_dispatch_end, which
   takes what begin returned. */
int apphost_tasks_host_dispatch_begin(void);
void apphost_tasks_host_dispatch_end(int previous);

/* Retains and releases a dispatch queue; queues `work(context)` on it with libdispatch's
   dispatch_async_f (never the hook). */
void apphost_tasks_retain_queue(void *queue);
void apphost_tasks_release_queue(void *queue);
void apphost_tasks_dispatch(void *queue, void *context, apphost_work_function work);

/* Whether a held timer's work is a block of libdispatch's own (a `DispatchWorkItem`'s), which must
   be queued as it is (apphost_tasks_dispatch_block, which also lets go of the host's copy) for its
   flags and cancellation to apply. Such a block queued with dispatch_async is left to libdispatch. */
int apphost_tasks_is_dispatch_block(void *context, apphost_work_function work);

/* The code that queued or timer work runs: a block's function for a block the host holds, else
   `work` itself (for the watchdog to name the library it lies in). */
const void *apphost_tasks_work_code(void *context, apphost_work_function work);
void apphost_tasks_dispatch_block(void *queue, void *block);

/* The last real read of the uptime clock libdispatch made on this thread while it ran a job of a
   session on virtual time (`DispatchTime.now()`), in nanoseconds; 0 if none. */
int64_t apphost_tasks_last_dispatch_uptime(void);

/* The uptime clock (CLOCK_MONOTONIC) now, read for real, in nanoseconds. */
int64_t apphost_tasks_real_uptime(void);

/* Whether `clock` (NULL for none) is active: the readings of a thread that runs with it are virtual. */
int apphost_tasks_clock_is_active(const apphost_virtual_clock *clock);

/* Whether `caller` (a return address) lies in libdispatch's code. */
int apphost_tasks_called_from_dispatch(const void *caller);

#endif
