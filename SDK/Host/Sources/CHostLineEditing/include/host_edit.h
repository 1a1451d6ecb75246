/* host_edit.h: line editing at apphost's prompt, from the system's libedit (its readline
 * interface), opened with dlopen the first time a prompt is shown. A session that reads a
 * script or a pipe never loads it, and a machine without libedit still runs apphost: the
 * prompt then reads plain lines. Its settings are global variables in libedit, set here so
 * that Swift never touches C globals directly. */
#ifndef APPHOST_HOST_EDIT_H
#define APPHOST_HOST_EDIT_H

#ifdef __cplusplus
extern "C" {
#endif

/* What Tab completion returns: libedit's rl_completion_func_t. */
typedef char **apphost_edit_completer(const char *text, int start, int end);
/* One completion at a time: libedit's rl_compentry_func_t. */
typedef char *apphost_edit_generator(const char *text, int state);

/* Opens libedit (libedit.so.2, or the file APPHOST_LIBEDIT names) and finds what the prompt uses. Returns 1 when it is usable;
 * 0 otherwise, with a reason in apphost_edit_error(). Safe to call again. */
int apphost_edit_load(void);
/* Why libedit could not be used, or NULL. */
const char *apphost_edit_error(void);

/* Names the program, sets the word breaks and the completer; the host handles Ctrl-C itself. */
void apphost_edit_setup(const char *name, const char *word_breaks, apphost_edit_completer *complete);
/* Offer only the host's completions, never file names. */
void apphost_edit_completion_over(void);
/* What a unique completion is followed by (libedit's rl_completion_append_character): ' ', or 0 for nothing. */
void apphost_edit_completion_append(int character);
/* libedit's rl_completion_matches. */
char **apphost_edit_completion_matches(const char *text, apphost_edit_generator *generate);
/* Reads a line at `prompt` (malloc'd, or NULL at end of input). */
char *apphost_edit_readline(const char *prompt);
/* The history: start it with a limit and the file it is read from; add a line and save it. */
void apphost_edit_history_start(int limit, const char *path);
void apphost_edit_history_add(const char *line, const char *path);
/* Clears standard input's end and error marks, so that reading goes on after an interrupted read. */
void apphost_edit_clear_input_error(void);
/* The newest line of the history, or NULL. */
const char *apphost_edit_last_history_line(void);

/* Draws the prompt and the line being typed again, after something else was written over them
   (a screen drawn while the prompt waits). Called only on the thread in apphost_edit_readline,
   from the waker: libedit is never called from two threads. */
void apphost_edit_redisplay(void);
/* What runs on the thread in apphost_edit_readline, between two keys, when apphost_edit_wake was
   called: another thread's way to have the prompt wait while it draws, then draw it again. */
typedef void apphost_edit_waker(void);
void apphost_edit_set_waker(apphost_edit_waker *wake);
/* Reaches the thread in apphost_edit_readline (from any thread, or a signal handler): its waker
   runs at its next wait for a key. Does nothing before libedit is loaded. */
void apphost_edit_wake(void);

#ifdef __cplusplus
}
#endif

#endif
