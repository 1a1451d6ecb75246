// The host library's own modules, seen by whoever imports AppHost: a program or a test that runs
// sessions uses the runtime's public names (`VirtualTime`, `HostWork`) as the host's.
@_exported import AppHostRuntime
