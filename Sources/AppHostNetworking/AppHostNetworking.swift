// libAppHostNetworking.so: the host's recorded network as a library of its own, which `apphost`
// opens (dlopen) only for a session that serves recorded answers. Its entry point is
// `apphost_network_install`, defined in the AppHostNetwork module.
@_exported import AppHostNetwork
