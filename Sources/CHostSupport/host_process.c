#define _GNU_SOURCE
#include "host_process.h"

#include <fcntl.h>
#include <unistd.h>

int apphost_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}
