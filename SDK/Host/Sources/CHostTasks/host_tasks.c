#define _GNU_SOURCE
#include "host_tasks.h"

#include <dlfcn.h>
#include <link.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/timerfd.h>
#include <time.h>

typedef int (*clock_read)(clockid_t, struct timespec *);

struct apphost_virtual_clock {
    /* Nonzero once apphost_tasks_start_clock has run. */
    atomic_int active;
    /* Nanoseconds of virtual time passed; written by the session's runtime only. */
    _Atomic int64_t elapsed;
    /* The real readings when the session started, in nanoseconds. */
    int64_t continuous;
    int64_t suspending;
    int64_t realtime;
};

static _Atomic(clock_read) libc_clock_gettime;
static _Thread_local int64_t last_continuous;
static _Thread_local int64_t last_suspending;
/* The last real read of the uptime clock libdispatch made on this thread while it ran a job of a
   session on virtual time. */
static _Thread_local int64_t last_dispatch_uptime;
/* The virtual clock of the session whose job this thread runs, if its time is virtual. */
static _Thread_local const apphost_virtual_clock *running_clock;
/* The owner of the job this thread runs, if any (apphost_tasks_set_running). */
static _Thread_local const void *running_for;
/* Whether the job this thread runs is the pool's, run on a session's own thread. */
static _Thread_local int running_pool_inline;
/* Whether this thread runs a job its owner counts (apphost_tasks_set_in_job). */
static _Thread_local int running_counted_job;
/* The lane of a session's pool this thread serves, if any (apphost_tasks_set_serving_lane). */
static _Thread_local void *serving_lane;

static clock_read libc_clock(void) {
    clock_read read = atomic_load_explicit(&libc_clock_gettime, memory_order_acquire);
    if (read == NULL) {
        /* dlsym is safe to race: every thread finds the same function. */
        read = (clock_read)dlsym(RTLD_NEXT, "clock_gettime");
        atomic_store_explicit(&libc_clock_gettime, read, memory_order_release);
    }
    return read;
}

/* Where libdispatch's code is: its reads stay real (see virtual_reading). Found once. */
static _Atomic(uintptr_t) dispatch_start;
static _Atomic(uintptr_t) dispatch_end;
static atomic_int dispatch_found;

static int find_segments(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    uintptr_t base = (uintptr_t)data;
    if ((uintptr_t)info->dlpi_addr != base) return 0;
    uintptr_t low = UINTPTR_MAX, high = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X)) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        if (start < low) low = start;
        if (start + header->p_memsz > high) high = start + header->p_memsz;
    }
    if (high > low) {
        atomic_store(&dispatch_start, low);
        atomic_store(&dispatch_end, high);
    }
    return 1;
}

static void find_dispatch(void) {
    Dl_info info;
    /* Found by name: the program has libdispatch loaded (Swift's concurrency runtime needs it).
       Not by a function this program defines over libdispatch's (dispatch_after, dispatch_async
       and their _f forms, see dispatch_timers.c): that would find the program. */
    void *function = dlsym(RTLD_DEFAULT, "dispatch_queue_create");
    /* Every shared library is linked at 0, so its load address is dl_iterate_phdr's dlpi_addr. */
    if (function != NULL && dladdr(function, &info) != 0 && info.dli_fbase != NULL) {
        dl_iterate_phdr(find_segments, info.dli_fbase);
    }
    atomic_store_explicit(&dispatch_found, 1, memory_order_release);
}

static int called_from_dispatch(const void *caller) {
    if (!atomic_load_explicit(&dispatch_found, memory_order_acquire)) find_dispatch();
    uintptr_t address = (uintptr_t)caller;
    return address >= atomic_load_explicit(&dispatch_start, memory_order_relaxed)
        && address < atomic_load_explicit(&dispatch_end, memory_order_relaxed);
}

/* The reading of `clock` on `virtual`, in nanoseconds, or -1 for a clock it does not keep. */
static int64_t virtual_reading(const apphost_virtual_clock *virtual, clockid_t clock) {
    int64_t elapsed = atomic_load_explicit(&virtual->elapsed, memory_order_acquire);
    switch (clock) {
    case CLOCK_BOOTTIME:
    case CLOCK_BOOTTIME_ALARM:
        return virtual->continuous + elapsed;
    case CLOCK_MONOTONIC:
    case CLOCK_MONOTONIC_COARSE:
    case CLOCK_MONOTONIC_RAW:
        return virtual->suspending + elapsed;
    case CLOCK_REALTIME:
    case CLOCK_REALTIME_COARSE:
    case CLOCK_REALTIME_ALARM:
    case CLOCK_TAI:
        return virtual->realtime + elapsed;
    default:
        return -1;
    }
}

/* Every clock read in the program comes here (see host_tasks.h); libc does the reading, unless
   the thread runs a job of a session on virtual time. */
int clock_gettime(clockid_t clock, struct timespec *time) {
    const apphost_virtual_clock *virtual = running_clock;
    int from_dispatch = 0;
    if (virtual != NULL && atomic_load_explicit(&virtual->active, memory_order_relaxed)
        && !(from_dispatch = called_from_dispatch(__builtin_return_address(0)))) {
        int64_t nanoseconds = virtual_reading(virtual, clock);
        if (nanoseconds >= 0) {
            time->tv_sec = (time_t)(nanoseconds / 1000000000);
            time->tv_nsec = (long)(nanoseconds % 1000000000);
            if (clock == CLOCK_BOOTTIME) {
                last_continuous = nanoseconds;
            } else if (clock == CLOCK_MONOTONIC) {
                last_suspending = nanoseconds;
            }
            return 0;
        }
    }
    int result = libc_clock()(clock, time);
    if (result == 0) {
        int64_t nanoseconds = (int64_t)time->tv_sec * 1000000000 + time->tv_nsec;
        if (clock == CLOCK_BOOTTIME) {
            last_continuous = nanoseconds;
        } else if (clock == CLOCK_MONOTONIC) {
            last_suspending = nanoseconds;
            /* libdispatch's `now` (DispatchTime.now()), the base of a deadline about to be given to
               dispatch_after by a session's job (see dispatch_timers.c). */
            if (from_dispatch) last_dispatch_uptime = nanoseconds;
        }
    }
    return result;
}

int64_t apphost_tasks_last_dispatch_uptime(void) { return last_dispatch_uptime; }

int apphost_tasks_clock_is_active(const apphost_virtual_clock *virtual) {
    return virtual != NULL && atomic_load_explicit(&virtual->active, memory_order_relaxed);
}

int apphost_tasks_called_from_dispatch(const void *caller) { return called_from_dispatch(caller); }

int64_t apphost_tasks_last_continuous(void) { return last_continuous; }

int64_t apphost_tasks_last_suspending(void) { return last_suspending; }

int apphost_tasks_clock_recorded(void) {
    struct timespec time;
    last_continuous = 0;
    /* Through the program's clock_gettime, as the Swift runtime calls it. */
    clock_read read = (clock_read)dlsym(RTLD_DEFAULT, "clock_gettime");
    return read != NULL && read(CLOCK_BOOTTIME, &time) == 0 && last_continuous != 0;
}

apphost_virtual_clock *apphost_tasks_make_clock(void) {
    return calloc(1, sizeof(apphost_virtual_clock));
}

void apphost_tasks_free_clock(apphost_virtual_clock *virtual) { free(virtual); }

static int64_t real_reading(clockid_t clock) {
    struct timespec time = {0, 0};
    libc_clock()(clock, &time);
    return (int64_t)time.tv_sec * 1000000000 + time.tv_nsec;
}

int64_t apphost_tasks_real_uptime(void) { return real_reading(CLOCK_MONOTONIC); }

void apphost_tasks_start_clock(apphost_virtual_clock *virtual) {
    /* Found now, outside any job, rather than at the first virtual read. */
    if (!atomic_load_explicit(&dispatch_found, memory_order_acquire)) find_dispatch();
    virtual->continuous = real_reading(CLOCK_BOOTTIME);
    virtual->suspending = real_reading(CLOCK_MONOTONIC);
    virtual->realtime = real_reading(CLOCK_REALTIME);
    atomic_store_explicit(&virtual->elapsed, 0, memory_order_release);
    atomic_store_explicit(&virtual->active, 1, memory_order_release);
}

void apphost_tasks_move_clock(apphost_virtual_clock *virtual, int64_t elapsed) {
    atomic_store_explicit(&virtual->elapsed, elapsed, memory_order_release);
}

/* Defined by the host library (AppHostRuntime's HostExecutors.swift) when the program links it. */
extern void apphost_runtime_install(void) __attribute__((weak));

__attribute__((constructor)) static void install_runtime(void) {
    if (apphost_runtime_install != NULL) apphost_runtime_install();
}


void apphost_tasks_set_running(const void *owner, const apphost_virtual_clock *clock) {
    running_for = owner;
    running_clock = clock;
}

const void *apphost_tasks_running(void) { return running_for; }

void apphost_tasks_set_running_pool_inline(int inline_job) { running_pool_inline = inline_job; }

int apphost_tasks_running_pool_inline(void) { return running_pool_inline; }

int apphost_tasks_set_in_job(int counted) {
    int previous = running_counted_job;
    running_counted_job = counted;
    return previous;
}

int apphost_tasks_in_job(void) { return running_counted_job; }

void *apphost_tasks_set_serving_lane(void *lane) {
    void *previous = serving_lane;
    serving_lane = lane;
    return previous;
}

void *apphost_tasks_serving_lane(void) { return serving_lane; }

const apphost_virtual_clock *apphost_tasks_running_clock(void) { return running_clock; }

/* Run-loop timers armed since the process started, and the owner of the job that armed the last. */
static atomic_ullong run_loop_timers;
static _Atomic(const void *) run_loop_timer_owner;

typedef int (*timer_set)(int, int, const struct itimerspec *, struct itimerspec *);
static _Atomic(timer_set) libc_timerfd_settime;

/* Every timerfd armed in the program comes here (see host_tasks.h): libdispatch's pass (its
   timers are served by its own threads); any other, a run loop's, is counted. */
int timerfd_settime(int fd, int flags, const struct itimerspec *value, struct itimerspec *old) {
    timer_set set = atomic_load_explicit(&libc_timerfd_settime, memory_order_acquire);
    if (set == NULL) {
        set = (timer_set)dlsym(RTLD_NEXT, "timerfd_settime");
        atomic_store_explicit(&libc_timerfd_settime, set, memory_order_release);
    }
    int armed = value != NULL && (value->it_value.tv_sec != 0 || value->it_value.tv_nsec != 0);
    if (armed && !called_from_dispatch(__builtin_return_address(0))) {
        atomic_store_explicit(&run_loop_timer_owner, running_for, memory_order_relaxed);
        atomic_fetch_add_explicit(&run_loop_timers, 1, memory_order_release);
    }
    return set(fd, flags, value, old);
}

unsigned long long apphost_tasks_run_loop_timers(void) {
    return atomic_load_explicit(&run_loop_timers, memory_order_acquire);
}

const void *apphost_tasks_run_loop_timer_owner(void) {
    return atomic_load_explicit(&run_loop_timer_owner, memory_order_relaxed);
}
