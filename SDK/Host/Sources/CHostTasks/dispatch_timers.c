#define _GNU_SOURCE
#include "host_tasks.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* libdispatch's timers and queued work, as a session's code arms and queues them (see
   host_tasks.h). The prototypes are libdispatch's with its types as plain pointers: this file
   includes none of its headers, so it compiles without blocks. */

typedef void (*after_block)(uint64_t, void *, void *);
typedef void (*after_function)(uint64_t, void *, void *, apphost_work_function);
typedef void *(*block_copy)(const void *);
typedef void (*block_release)(const void *);

static _Atomic(apphost_timer_hook) timer_hook;
static _Atomic(apphost_async_hook) async_hook;
/* Set while the host's own code queues work (apphost_tasks_host_dispatch_begin): never a session's. */
static _Thread_local int host_dispatching;
static _Atomic(after_block) real_after;
static _Atomic(after_function) real_after_f;
static _Atomic(block_copy) copy_block;
static _Atomic(block_release) release_block;

void apphost_tasks_set_timer_hook(apphost_timer_hook hook) {
    /* Found now, while the program has one thread, rather than at the first timer. */
    atomic_store(&real_after, (after_block)dlsym(RTLD_NEXT, "dispatch_after"));
    atomic_store(&real_after_f, (after_function)dlsym(RTLD_NEXT, "dispatch_after_f"));
    atomic_store(&copy_block, (block_copy)dlsym(RTLD_DEFAULT, "_Block_copy"));
    atomic_store(&release_block, (block_release)dlsym(RTLD_DEFAULT, "_Block_release"));
    atomic_store_explicit(&timer_hook, hook, memory_order_release);
}

/* A dispatch_time_t with neither of its two top bits set counts the uptime clock, which
   libdispatch reads as CLOCK_MONOTONIC on Linux; 0 is DISPATCH_TIME_NOW. */
static const uint64_t not_uptime = 3ULL << 62;

/* How long from now `when` is, if this thread runs a job of a session on virtual time and `when`
   is on the uptime clock: the session's timer. 0 for a timer the host leaves to libdispatch. */
static int64_t session_delay(uint64_t when, const void *caller) {
    if (when == 0 || (when & not_uptime) != 0 || host_dispatching) return 0;
    if (apphost_tasks_running() == NULL || !apphost_tasks_clock_is_active(apphost_tasks_running_clock())) return 0;
    if (apphost_tasks_called_from_dispatch(caller)) return 0;
    /* The real now, which libdispatch's `now` was read from: `.now() + d` is exactly d from it. */
    int64_t now = apphost_tasks_real_uptime();
    int64_t base = apphost_tasks_last_dispatch_uptime();
    if (base <= 0 || base > now) base = now;
    int64_t delay = (int64_t)when - base;
    return delay > 0 ? delay : 0;
}

/* A block's layout (the blocks ABI): isa, flags, reserved, then the function it runs. */
struct block_layout {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void *);
};

/* Whether `block` is libdispatch's own (a `DispatchWorkItem`'s, made by dispatch_block_create): its
   flags (a barrier, a quality of service) and its cancellation are applied by libdispatch when it
   is queued as it is, so it is never run from another block. */
static int is_dispatch_block(void *block) {
    return apphost_tasks_called_from_dispatch((const void *)((struct block_layout *)block)->invoke);
}

/* Runs a block held for a session, then lets it go. */
static void run_block(void *block) {
    ((struct block_layout *)block)->invoke(block);
    block_release release = atomic_load_explicit(&release_block, memory_order_acquire);
    if (release != NULL) release(block);
}

void dispatch_after(uint64_t when, void *queue, void *block) {
    apphost_timer_hook hook = atomic_load_explicit(&timer_hook, memory_order_acquire);
    int64_t delay = hook != NULL ? session_delay(when, __builtin_return_address(0)) : 0;
    block_copy copy = atomic_load_explicit(&copy_block, memory_order_acquire);
    if (delay > 0 && copy != NULL) {
        void *held = copy(block);
        if (hook(apphost_tasks_running(), delay, queue, held, run_block)) return;
        block_release release = atomic_load_explicit(&release_block, memory_order_acquire);
        if (release != NULL) release(held);
    }
    after_block after = atomic_load_explicit(&real_after, memory_order_acquire);
    if (after == NULL) after = (after_block)dlsym(RTLD_NEXT, "dispatch_after");
    after(when, queue, block);
}

void dispatch_after_f(uint64_t when, void *queue, void *context, apphost_work_function work) {
    apphost_timer_hook hook = atomic_load_explicit(&timer_hook, memory_order_acquire);
    int64_t delay = hook != NULL ? session_delay(when, __builtin_return_address(0)) : 0;
    if (delay > 0 && hook(apphost_tasks_running(), delay, queue, context, work)) return;
    after_function after = atomic_load_explicit(&real_after_f, memory_order_acquire);
    if (after == NULL) after = (after_function)dlsym(RTLD_NEXT, "dispatch_after_f");
    after(when, queue, context, work);
}

typedef void (*queue_call)(void *);
typedef void (*async_function)(void *, void *, apphost_work_function);
typedef void (*async_block)(void *, void *);

static _Atomic(async_function) real_async_f;
static _Atomic(async_block) real_async;

static async_function libdispatch_async_f(void) {
    async_function async = atomic_load_explicit(&real_async_f, memory_order_acquire);
    if (async == NULL) {
        async = (async_function)dlsym(RTLD_NEXT, "dispatch_async_f");
        atomic_store_explicit(&real_async_f, async, memory_order_release);
    }
    return async;
}

void apphost_tasks_set_async_hook(apphost_async_hook hook) {
    (void)libdispatch_async_f();
    atomic_store(&real_async, (async_block)dlsym(RTLD_NEXT, "dispatch_async"));
    atomic_store_explicit(&async_hook, hook, memory_order_release);
}

int apphost_tasks_host_dispatch_begin(void) {
    int previous = host_dispatching;
    host_dispatching = 1;
    return previous;
}

void apphost_tasks_host_dispatch_end(int previous) { host_dispatching = previous; }

/* Whether work queued now is a session's: the thread runs a session's code, not the host's own. */
static apphost_async_hook session_async_hook(const void *caller) {
    if (host_dispatching || apphost_tasks_running() == NULL) return NULL;
    apphost_async_hook hook = atomic_load_explicit(&async_hook, memory_order_acquire);
    if (hook == NULL || apphost_tasks_called_from_dispatch(caller)) return NULL;
    return hook;
}

void dispatch_async(void *queue, void *block) {
    apphost_async_hook hook = session_async_hook(__builtin_return_address(0));
    block_copy copy = atomic_load_explicit(&copy_block, memory_order_acquire);
    if (hook != NULL && copy != NULL && !is_dispatch_block(block)) {
        void *held = copy(block);
        if (hook(apphost_tasks_running(), queue, held, run_block)) return;
        block_release release = atomic_load_explicit(&release_block, memory_order_acquire);
        if (release != NULL) release(held);
    }
    async_block async = atomic_load_explicit(&real_async, memory_order_acquire);
    if (async == NULL) async = (async_block)dlsym(RTLD_NEXT, "dispatch_async");
    async(queue, block);
}

void dispatch_async_f(void *queue, void *context, apphost_work_function work) {
    apphost_async_hook hook = session_async_hook(__builtin_return_address(0));
    if (hook != NULL && hook(apphost_tasks_running(), queue, context, work)) return;
    libdispatch_async_f()(queue, context, work);
}

void apphost_tasks_retain_queue(void *queue) {
    queue_call retain = (queue_call)dlsym(RTLD_DEFAULT, "dispatch_retain");
    if (retain != NULL) retain(queue);
}

void apphost_tasks_release_queue(void *queue) {
    queue_call release = (queue_call)dlsym(RTLD_DEFAULT, "dispatch_release");
    if (release != NULL) release(queue);
}

void apphost_tasks_dispatch(void *queue, void *context, apphost_work_function work) {
    libdispatch_async_f()(queue, context, work);
}

int apphost_tasks_is_dispatch_block(void *context, apphost_work_function work) {
    return work == run_block && context != NULL && is_dispatch_block(context);
}

void apphost_tasks_dispatch_block(void *queue, void *block) {
    async_block async = atomic_load_explicit(&real_async, memory_order_acquire);
    if (async == NULL) async = (async_block)dlsym(RTLD_NEXT, "dispatch_async");
    async(queue, block);
    block_release release = atomic_load_explicit(&release_block, memory_order_acquire);
    if (release != NULL) release(block);
}

const void *apphost_tasks_work_code(void *context, apphost_work_function work) {
    if (work == run_block && context != NULL) return (const void *)((struct block_layout *)context)->invoke;
    return (const void *)work;
}
