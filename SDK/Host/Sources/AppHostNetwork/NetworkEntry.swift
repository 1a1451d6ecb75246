// The module's C entry points, for the host that opens it as a library (`dlopen`).

import Foundation

/// Installs the recorded network with the host's hooks; then serves `folder` (if not nil), or
/// records into it when `record` is not zero (with no folder, stops recording). Returns nil, or an error message the caller frees.
@_cdecl("apphost_network_install")
public func apphostNetworkInstall(
    _ folder: UnsafePointer<CChar>?, _ record: Int32,
    _ claim: NetworkHostHooks.Claim, _ begin: NetworkHostHooks.Mark, _ end: NetworkHostHooks.Mark,
    _ release: NetworkHostHooks.Mark, _ report: NetworkHostHooks.Report, _ after: NetworkHostHooks.After
) -> UnsafeMutablePointer<CChar>? {
    NetworkService.shared.install(hooks: NetworkHostHooks(claim: claim, begin: begin, end: end, release: release, report: report, after: after))
    guard let folder else {
        if record != 0 { NetworkService.shared.stopRecording() }
        return nil
    }
    do {
        if record != 0 {
            try NetworkService.shared.record(into: String(cString: folder))
        } else {
            try NetworkService.shared.serve(folder: String(cString: folder))
        }
        return nil
    } catch {
        return strdup(error.description)
    }
}

/// Makes the process's shared URL cache one in memory only (``NetworkService/keepResponsesInMemory()``).
@_cdecl("apphost_network_keep_responses_in_memory")
public func apphostNetworkKeepResponsesInMemory() {
    NetworkService.keepResponsesInMemory()
}

/// The module's entry point as a C function value, for a program that links the module instead of
/// opening its library (a test bundle, through AppHostTesting).
public enum NetworkModule {
    /// `apphost_network_install`.
    public static let install: @convention(c) (
        UnsafePointer<CChar>?, Int32, NetworkHostHooks.Claim, NetworkHostHooks.Mark, NetworkHostHooks.Mark,
        NetworkHostHooks.Mark, NetworkHostHooks.Report, NetworkHostHooks.After
    ) -> UnsafeMutablePointer<CChar>? = apphostNetworkInstall
}
