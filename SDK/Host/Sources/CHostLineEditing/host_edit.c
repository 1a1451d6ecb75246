/* Line editing at the prompt through libedit, opened on first use (see host_edit.h). */

#define _GNU_SOURCE /* pipe2 */
#include "host_edit.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>

#include "host_interrupt.h"

/* The start of libedit's HIST_ENTRY: the line comes first. */
typedef struct {
    const char *line;
} history_entry;

static int loaded = 0;
static const char *error = NULL;
static char message[512];

static char *(*edit_readline)(const char *);
static int (*edit_add_history)(const char *);
static int (*edit_read_history)(const char *);
static int (*edit_write_history)(const char *);
static void (*edit_using_history)(void);
static void (*edit_stifle_history)(int);
static history_entry *(*edit_history_get)(int);
static char **(*edit_completion_matches)(const char *, apphost_edit_generator *);
static int (*edit_forced_update_display)(void);
static const char **edit_readline_name;
static const char **edit_word_breaks;
static apphost_edit_completer **edit_completer;
static int *edit_completion_over;
static int *edit_append_character;
static int *edit_catch_signals;
static int *edit_history_base;
static int *edit_history_length;
static int (**edit_getc_function)(FILE *);
/* libedit calls it as (NULL, 0); optional (an older libedit may lack it). */
static int (**edit_pre_input_hook)(const char *, int);

/* The wake pipe: another thread writes a byte to it to reach the thread in readline (see
 * apphost_edit_wake); its read end is waited on beside standard input. */
static int wake_pipe[2] = {-1, -1};
static apphost_edit_waker *waker = NULL;

/* Reads one byte of standard input, again after EINTR unless the line was interrupted:
 * the byte, -1 at the end of input, -2 when interrupted. */
static int read_byte(void) {
    unsigned char byte;
    for (;;) {
        ssize_t count = read(STDIN_FILENO, &byte, 1);
        if (count == 1) return byte;
        if (count == 0) return -1;
        if (errno != EINTR) return -1;
        if (apphost_interrupt_taken()) return -2;
    }
}

/* libedit's getc (rl_getc_function): one character of standard input, decoded from UTF-8 (a
 * malformed sequence is U+FFFD), or -1 for the end of the line's input (the end of standard
 * input, or Ctrl-C). While it waits, a byte on the wake pipe runs the waker here, on the
 * thread that reads, between two keys: the only moment libedit may be asked to draw. */
static int read_character(FILE *stream) {
    (void)stream;
    for (;;) {
        if (apphost_interrupt_taken()) return -1;
        struct pollfd waiting[2] = {
            {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0},
            {.fd = wake_pipe[0], .events = POLLIN, .revents = 0},
        };
        if (poll(waiting, 2, -1) < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (waiting[1].revents & POLLIN) {
            char drained[64];
            while (read(wake_pipe[0], drained, sizeof drained) > 0) {}
            if (waker) waker();
            continue;
        }
        if (!(waiting[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        int first = read_byte();
        if (first < 0) return -1;
        if (first < 0x80) return first;
        int more = first >= 0xF0 && first < 0xF8 ? 3 : first >= 0xE0 ? 2 : first >= 0xC0 ? 1 : -1;
        if (more < 0) return 0xFFFD;
        int value = first & (0x3F >> more);
        for (int index = 0; index < more; index++) {
            int next = read_byte();
            if (next == -2) return -1;
            if (next < 0 || (next & 0xC0) != 0x80) return 0xFFFD;
            value = (value << 6) | (next & 0x3F);
        }
        return value;
    }
}

/* libedit's pre-input hook. readline calls it after it has set the terminal to its cooked mode,
 * before it writes the prompt; libedit sets its editing mode only later, at the first key it
 * waits for. A key typed in between passes through the terminal's line discipline: Ctrl-D there
 * is an end of file with no byte, which the switch to the editing mode drops (or turns into a
 * NUL), and the prompt never ends. So the terminal stops reading lines (and echoing) here,
 * before the prompt is written: every key typed once the prompt shows reaches libedit as a
 * byte. libedit sets its own modes after this and restores the terminal's when the line is
 * read, as before. */
static int before_prompt(const char *unused_text, int unused_count) {
    (void)unused_text;
    (void)unused_count;
    struct termios mode;
    if (tcgetattr(STDIN_FILENO, &mode) != 0) return 0;
    mode.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ECHONL | IEXTEN);
    mode.c_cc[VMIN] = 1;
    mode.c_cc[VTIME] = 0;
    tcsetattr(STDIN_FILENO, TCSANOW, &mode);
    return 0;
}

#define FIND(variable, name)                                   \
    do {                                                       \
        *(void **)&(variable) = dlsym(library, name);          \
        if (!(variable)) {                                     \
            error = "libedit lacks " name;                     \
            return 0;                                          \
        }                                                      \
    } while (0)

int apphost_edit_load(void) {
    if (loaded) return 1;
    if (error) return 0;
    /* APPHOST_LIBEDIT names another file, for a system whose libedit has another name. */
    const char *name = getenv("APPHOST_LIBEDIT");
    if (!name || !*name) name = "libedit.so.2";
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(message, sizeof message, "%s cannot be opened (install libedit2, or name the file in APPHOST_LIBEDIT)", name);
        error = message;
        return 0;
    }
    FIND(edit_readline, "readline");
    FIND(edit_add_history, "add_history");
    FIND(edit_read_history, "read_history");
    FIND(edit_write_history, "write_history");
    FIND(edit_using_history, "using_history");
    FIND(edit_stifle_history, "stifle_history");
    FIND(edit_history_get, "history_get");
    FIND(edit_completion_matches, "rl_completion_matches");
    FIND(edit_forced_update_display, "rl_forced_update_display");
    FIND(edit_readline_name, "rl_readline_name");
    FIND(edit_word_breaks, "rl_basic_word_break_characters");
    FIND(edit_completer, "rl_attempted_completion_function");
    FIND(edit_completion_over, "rl_attempted_completion_over");
    FIND(edit_append_character, "rl_completion_append_character");
    FIND(edit_catch_signals, "rl_catch_signals");
    FIND(edit_history_base, "history_base");
    FIND(edit_history_length, "history_length");
    FIND(edit_getc_function, "rl_getc_function");
    *(void **)&edit_pre_input_hook = dlsym(library, "rl_pre_input_hook");
    if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        error = "no pipe can be made to reach the prompt";
        return 0;
    }
    loaded = 1;
    return 1;
}

const char *apphost_edit_error(void) { return error; }

void apphost_edit_setup(const char *name, const char *word_breaks, apphost_edit_completer *complete) {
    if (!loaded) return;
    *edit_readline_name = name;
    *edit_word_breaks = word_breaks;
    *edit_completer = complete;
    /* Ctrl-C is the host's to handle: it abandons the line. */
    *edit_catch_signals = 0;
    /* Read before libedit initializes (its first use), which installs it only if it is set. */
    *edit_getc_function = read_character;
    if (edit_pre_input_hook) *edit_pre_input_hook = before_prompt;
}

void apphost_edit_set_waker(apphost_edit_waker *wake) { waker = wake; }

void apphost_edit_wake(void) {
    if (wake_pipe[1] < 0) return;
    char byte = 1;
    /* Full means a wake is already waiting: nothing is lost. */
    ssize_t written;
    do {
        written = write(wake_pipe[1], &byte, 1);
    } while (written < 0 && errno == EINTR);
}

void apphost_edit_completion_over(void) {
    if (loaded) *edit_completion_over = 1;
}

void apphost_edit_completion_append(int character) {
    if (loaded) *edit_append_character = character;
}

char **apphost_edit_completion_matches(const char *text, apphost_edit_generator *generate) {
    return loaded ? edit_completion_matches(text, generate) : NULL;
}

char *apphost_edit_readline(const char *prompt) {
    return loaded ? edit_readline(prompt) : NULL;
}

void apphost_edit_history_start(int limit, const char *path) {
    if (!loaded) return;
    edit_using_history();
    edit_stifle_history(limit);
    edit_read_history(path);
}

void apphost_edit_history_add(const char *line, const char *path) {
    if (!loaded) return;
    edit_add_history(line);
    edit_write_history(path);
}

const char *apphost_edit_last_history_line(void) {
    if (!loaded || *edit_history_length <= 0) return NULL;
    history_entry *entry = edit_history_get(*edit_history_base + *edit_history_length - 1);
    return entry ? entry->line : NULL;
}

void apphost_edit_clear_input_error(void) { clearerr(stdin); }

void apphost_edit_redisplay(void) {
    if (loaded) edit_forced_update_display();
}
