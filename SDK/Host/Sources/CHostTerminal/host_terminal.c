/* Raw mode and the alternate screen for apphost's full-screen mode, given back on every
 * exit path: a normal return, exit(), SIGTERM/SIGHUP/SIGINT/SIGQUIT, and (through
 * host_guard.c) a crash or a hang. Everything in apphost_terminal_restore is
 * async-signal-safe: tcsetattr and write. */

#include "host_terminal.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved;
static volatile sig_atomic_t entered = 0;

static void write_all(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(STDOUT_FILENO, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

void apphost_terminal_restore(void) {
    if (!entered) return;
    entered = 0;
    /* Show the cursor, leave the alternate screen, then the saved settings. */
    write_all("\033[?25h\033[?1049l");
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
}

static void on_termination(int number) {
    apphost_terminal_restore();
    signal(number, SIG_DFL);
    raise(number);
}

static void restore_at_exit(void) {
    apphost_terminal_restore();
}

int apphost_terminal_enter(void) {
    if (tcgetattr(STDIN_FILENO, &saved) != 0) return -1;
    struct termios raw = saved;
    raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    raw.c_oflag |= (tcflag_t)(OPOST | ONLCR);
    raw.c_cflag |= (tcflag_t)CS8;
    raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) return -1;
    entered = 1;
    static int hooked = 0;
    if (!hooked) {
        hooked = 1;
        atexit(restore_at_exit);
        int signals[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
        for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
            struct sigaction action;
            memset(&action, 0, sizeof action);
            action.sa_handler = on_termination;
            sigemptyset(&action.sa_mask);
            sigaction(signals[index], &action, NULL);
        }
    }
    /* The alternate screen, a hidden cursor. */
    write_all("\033[?1049h\033[?25l");
    return 0;
}

static struct termios initial;
static int has_initial = 0;

void apphost_terminal_save_initial(void) {
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &initial) == 0) has_initial = 1;
}

void apphost_terminal_reset_saved(void) {
    if (has_initial) tcsetattr(STDIN_FILENO, TCSANOW, &initial);
}
