import AppHostKit
import FoundationEssentials

/// The countdown to the next backup.
struct ScheduleView {
    let viewModel: ScheduleViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Schedule")
        Text(viewModel.secondsLeft > 0 ? "Next backup in \(viewModel.secondsLeft) s" : "Backup due")
        Text("Heartbeats: \(viewModel.heartbeats)")
        Text("Measured: \(Self.seconds(viewModel.measured)) s on the clock, \(Self.fixed(viewModel.wallSeconds)) s on the wall")
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return fixed(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Three decimals, without Foundation's formatters.
    static func fixed(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
