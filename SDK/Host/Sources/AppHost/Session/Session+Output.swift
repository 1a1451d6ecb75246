@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation

// A session's ways to be made, and where what it says goes: all through its ``SessionOutput``.
extension Session {
    /// Creates a session in `state`, writing screens and answers to `output` and error lines to `errorOutput`.
    public convenience init(
        registry: DestinationRegistry,
        state: AppState,
        options: Options = Options(),
        output: @escaping (String) -> Void,
        errorOutput: @escaping (String) -> Void
    ) {
        self.init(registry: registry, state: state, options: options, output: TextOutput(output: output, errorOutput: errorOutput))
    }

    /// Creates a session whose single stack starts at `start`, writing to `output`.
    public convenience init(registry: DestinationRegistry, start: Route, options: Options = Options(), output: any SessionOutput) {
        self.init(registry: registry, state: AppState(NavigationState(root: start)), options: options, output: output)
    }

    /// Creates a session whose single stack starts at `start`.
    public convenience init(registry: DestinationRegistry, start: Route, options: Options = Options(), output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) {
        self.init(registry: registry, start: start, options: options, output: TextOutput(output: output, errorOutput: errorOutput))
    }

    /// Says that the state changed: to the state file's saver, then to the output.
    package func changed() {
        saver?.changed()
        output.sessionChanged(self)
    }

    package func writeScreen(_ bytes: [UInt8]) {
        output.writeScreen(bytes)
    }

    package func write(_ text: String) {
        output.write(text)
    }

    package func writeError(_ line: String) {
        output.writeError(line)
    }
}
