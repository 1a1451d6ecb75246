/* host_process.h: process helpers the host needs and Swift's Glibc module does not offer. */
#ifndef APPHOST_HOST_PROCESS_H
#define APPHOST_HOST_PROCESS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* pipe2(fds, O_CLOEXEC): a pipe whose ends no other child inherits. Returns 0, or -1 with errno. */
int apphost_pipe_cloexec(int fds[2]);

/* A descriptor of the process `pid` (pidfd_open, Linux 5.3), close-on-exec; -1 with errno where the
   kernel has none. A signal sent through it reaches that process or none: never another that took
   its pid after it was reaped. */
int apphost_pidfd_open(int pid);

/* Sends `signal` through a descriptor from apphost_pidfd_open. Returns 0, or -1 with errno (ESRCH:
   the process has ended). */
int apphost_pidfd_signal(int pidfd, int signal);

/* The file of the loaded image that holds `address` (dladdr), or NULL. Valid while the image is loaded. */
const char *apphost_image_path(const void *address);

/* Calls `visit` with each executable segment [start, end) of the image `handle` (from dlopen). Returns how many. */
int apphost_image_code_ranges(void *handle, void (*visit)(uintptr_t start, uintptr_t end, void *context), void *context);

#ifdef __cplusplus
}
#endif

#endif
