/* The system's libedit (libedit-dev), through its readline-compatible interface: line editing,
 * history and completion for apphost's interactive mode. Its settings are global variables,
 * set through these functions so that Swift never touches C globals directly. */
#include <stdio.h>
#include <editline/readline.h>

static inline void apphost_edit_setup(const char *name, const char *word_breaks, rl_completion_func_t *complete) {
    rl_readline_name = name;
    rl_basic_word_break_characters = word_breaks;
    rl_attempted_completion_function = complete;
    /* Ctrl-C is the host's to handle: it abandons the line. */
    rl_catch_signals = 0;
}

/* Offer only the host's completions, never file names. */
static inline void apphost_edit_completion_over(void) {
    rl_attempted_completion_over = 1;
}

/* The newest line of the history, or NULL. */
static inline const char *apphost_edit_last_history_line(void) {
    if (history_length <= 0) return NULL;
    HIST_ENTRY *entry = history_get(history_base + history_length - 1);
    return entry ? entry->line : NULL;
}
