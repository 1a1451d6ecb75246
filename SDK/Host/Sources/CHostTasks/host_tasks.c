#include "host_tasks.h"

#include <stdatomic.h>
#include <stddef.h>

/* The runtime's hook for jobs enqueued on the global executor (libswift_Concurrency exports it):
   it receives the job and the runtime's own enqueue, which it must call. */
typedef struct apphost_swift_job apphost_swift_job;
typedef void (*apphost_enqueue_global)(apphost_swift_job *job);
typedef void (*apphost_enqueue_global_hook)(apphost_swift_job *job, apphost_enqueue_global original);
extern apphost_enqueue_global_hook swift_task_enqueueGlobal_hook;

static atomic_ulong global_jobs;
static apphost_enqueue_global_hook previous_hook;

static void count_global_job(apphost_swift_job *job, apphost_enqueue_global original) {
    atomic_fetch_add_explicit(&global_jobs, 1, memory_order_relaxed);
    if (previous_hook != NULL) {
        previous_hook(job, original);
    } else {
        original(job);
    }
}

void apphost_tasks_count_global_jobs(void) {
    if (swift_task_enqueueGlobal_hook == count_global_job) return;
    previous_hook = swift_task_enqueueGlobal_hook;
    swift_task_enqueueGlobal_hook = count_global_job;
}

unsigned long apphost_tasks_global_jobs(void) {
    return atomic_load_explicit(&global_jobs, memory_order_relaxed);
}
