import ArgumentParser

/// The shell completion scripts, as the argument parser writes them, with what it cannot know: that
/// `run` is the default command, so `apphost --start ⇥` completes as `apphost run --start ⇥`.
enum CompletionScript {
    /// The bash script when `arguments` ask for it (`--generate-completion-script bash` or `=bash`), else nil.
    static func bash(for arguments: [String]) -> String? {
        let shell = arguments.first?.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init)
            ?? (arguments.count > 1 ? arguments[1] : nil)
        guard shell == "bash" else { return nil }
        return defaultCommandCompletes(AppHostCommand.completionScript(for: .bash))
    }

    /// The root function offers subcommands for the first word; a line whose first word is an option
    /// is the default command's, so it is completed as `run`'s.
    static func defaultCommandCompletes(_ script: String) -> String {
        let marker = "    # Offer subcommand / subcommand argument completions\n"
        let runsOptions = """
                # A line whose first word is an option is the default command's, run: complete it as
                # run's, so that apphost --start ⇥ offers the names that can be started.
                if [[ "${COMP_WORDS[1]}" == -* ]]; then
                    COMPREPLY=()
                    unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
                    _apphost_run
                    return
                fi

            """
        guard let range = script.firstRange(of: marker) else { return script }
        var patched = script
        patched.insert(contentsOf: runsOptions, at: range.lowerBound)
        return patched
    }
}
