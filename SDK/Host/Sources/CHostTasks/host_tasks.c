#define _GNU_SOURCE
#include "host_tasks.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <time.h>

typedef int (*clock_read)(clockid_t, struct timespec *);

static _Atomic(clock_read) libc_clock_gettime;
static _Thread_local int64_t last_continuous;
static _Thread_local int64_t last_suspending;

/* Every clock read in the program comes here (see host_tasks.h); libc does the reading. */
int clock_gettime(clockid_t clock, struct timespec *time) {
    clock_read read = atomic_load_explicit(&libc_clock_gettime, memory_order_acquire);
    if (read == NULL) {
        /* dlsym is safe to race: every thread finds the same function. */
        read = (clock_read)dlsym(RTLD_NEXT, "clock_gettime");
        atomic_store_explicit(&libc_clock_gettime, read, memory_order_release);
    }
    int result = read(clock, time);
    if (result == 0) {
        int64_t nanoseconds = (int64_t)time->tv_sec * 1000000000 + time->tv_nsec;
        if (clock == CLOCK_BOOTTIME) {
            last_continuous = nanoseconds;
        } else if (clock == CLOCK_MONOTONIC) {
            last_suspending = nanoseconds;
        }
    }
    return result;
}

int64_t apphost_tasks_last_continuous(void) { return last_continuous; }

int64_t apphost_tasks_last_suspending(void) { return last_suspending; }

int apphost_tasks_clock_recorded(void) {
    struct timespec time;
    last_continuous = 0;
    /* Through the program's clock_gettime, as the Swift runtime calls it. */
    clock_read read = (clock_read)dlsym(RTLD_DEFAULT, "clock_gettime");
    return read != NULL && read(CLOCK_BOOTTIME, &time) == 0 && last_continuous != 0;
}

/* Defined by the host library (AppHost's Runtime/HostExecutors.swift) when the program links it. */
extern void apphost_runtime_install(void) __attribute__((weak));

__attribute__((constructor)) static void install_runtime(void) {
    if (apphost_runtime_install != NULL) apphost_runtime_install();
}

static _Thread_local const void *running_for;

void apphost_tasks_set_running(const void *owner) { running_for = owner; }

const void *apphost_tasks_running(void) { return running_for; }
