/* host_process.h: process helpers the host needs and Swift's Glibc module does not offer. */
#ifndef APPHOST_HOST_PROCESS_H
#define APPHOST_HOST_PROCESS_H

#ifdef __cplusplus
extern "C" {
#endif

/* pipe2(fds, O_CLOEXEC): a pipe whose ends no other child inherits. Returns 0, or -1 with errno. */
int apphost_pipe_cloexec(int fds[2]);

#ifdef __cplusplus
}
#endif

#endif
