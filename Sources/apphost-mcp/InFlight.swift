import MCP

/// Where a call's progress goes: `notifications/progress` to the client, for the token its request
/// carried.
struct ProgressReporter: Sendable {
    let token: ProgressToken
    let send: @Sendable (ProgressNotification.Parameters) async -> Void

    func report(_ progress: Double, _ message: String) async {
        await send(ProgressNotification.Parameters(progressToken: token, progress: progress, total: nil, message: message))
    }
}

/// How many calls are being answered, and a wait for none.
actor InFlight {
    private var count = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() {
        count += 1
    }

    func leave() {
        count -= 1
        if count == 0 {
            waiting.forEach { $0.resume() }
            waiting = []
        }
    }

    /// Returns when no call is being answered.
    func none() async {
        guard count > 0 else { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}
