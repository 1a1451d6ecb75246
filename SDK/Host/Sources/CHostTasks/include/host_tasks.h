#ifndef APPHOST_HOST_TASKS_H
#define APPHOST_HOST_TASKS_H

/* Counts the jobs the Swift runtime hands to its global pool (work that left the main actor),
   through the runtime's swift_task_enqueueGlobal_hook; a hook set before is still called.
   Call once, before any task runs. A session settles until this count stops moving. */
void apphost_tasks_count_global_jobs(void);

/* How many jobs have gone to the global pool since apphost_tasks_count_global_jobs(). */
unsigned long apphost_tasks_global_jobs(void);

#endif
