#define _GNU_SOURCE
#include "host_process.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

int apphost_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int apphost_pidfd_open(int pid) {
    /* A pidfd is close-on-exec from its start: no child inherits it. */
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int apphost_pidfd_signal(int pidfd, int signal) {
    return (int)syscall(SYS_pidfd_send_signal, pidfd, signal, NULL, 0);
}

const char *apphost_image_path(const void *address) {
    Dl_info info;
    if (!dladdr(address, &info) || !info.dli_fname || !info.dli_fname[0]) return NULL;
    return info.dli_fname;
}

struct range_search {
    ElfW(Addr) base;
    void (*visit)(uintptr_t, uintptr_t, void *);
    void *context;
    int found;
};

static int visit_image(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct range_search *search = data;
    if (info->dlpi_addr != search->base) return 0;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X)) continue;
        uintptr_t start = (uintptr_t)(info->dlpi_addr + header->p_vaddr);
        search->visit(start, start + header->p_memsz, search->context);
        search->found += 1;
    }
    return 1;
}

int apphost_image_code_ranges(void *handle, void (*visit)(uintptr_t start, uintptr_t end, void *context), void *context) {
    struct link_map *map = NULL;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map) return 0;
    struct range_search search = {map->l_addr, visit, context, 0};
    dl_iterate_phdr(visit_image, &search);
    return search.found;
}
