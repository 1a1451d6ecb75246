#ifndef APPHOST_HOST_INTERRUPT_H
#define APPHOST_HOST_INTERRUPT_H

/* Makes Ctrl-C interrupt the read the calling thread is about to make; call before each read. */
void apphost_interrupt_prepare(void);

/* Whether Ctrl-C interrupted the read since the last apphost_interrupt_prepare(). */
int apphost_interrupt_taken(void);

#endif
