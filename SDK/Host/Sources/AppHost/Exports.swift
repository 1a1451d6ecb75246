// The host library's own modules, seen by whoever imports AppHost: a program or a test that runs
// sessions uses the loading side's, the navigation's and the runtime's public names (`FeatureHost`,
// `Router`, `DestinationRegistry`, `VirtualTime`, `HostWork`) as the host's.
@_exported import AppHostLoading
@_exported import AppHostNavigation
@_exported import AppHostRuntime
