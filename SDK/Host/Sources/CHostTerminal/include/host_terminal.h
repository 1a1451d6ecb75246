#ifndef APPHOST_HOST_TERMINAL_H
#define APPHOST_HOST_TERMINAL_H

/* The full-screen mode's hold on the terminal: raw input, the alternate screen, a hidden
 * cursor. apphost_terminal_restore() gives it back and is async-signal-safe, so the crash
 * handler, a termination signal and a normal exit all leave the terminal as they found it. */

/* Saves the terminal's settings, switches to raw input and the alternate screen; 0 on success. */
int apphost_terminal_enter(void);

/* Restores what apphost_terminal_enter() changed; does nothing if it did not run. */
void apphost_terminal_restore(void);


/* Saves the terminal's settings as the session found them, before anything changes them
 * (a line editor, the full-screen mode); does nothing when standard input is not a terminal. */
void apphost_terminal_save_initial(void);

/* Puts back the settings apphost_terminal_save_initial() saved, e.g. before the process starts again. */
void apphost_terminal_reset_saved(void);

#endif
