// The host library's own modules, seen by whoever imports AppHost: a program or a test that runs
// sessions uses the navigation's and the runtime's public names (`Router`, `DestinationRegistry`,
// `VirtualTime`, `HostWork`) as the host's.
@_exported import AppHostNavigation
@_exported import AppHostRuntime
