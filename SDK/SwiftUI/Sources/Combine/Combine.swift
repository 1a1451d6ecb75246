// Combine for Linux: OpenCombine (a reimplementation of Combine's API, tested against Apple's) under
// Combine's name, so `import Combine` compiles unchanged, with what apps use of Combine's
// Foundation and Dispatch parts built on the host's time (docs/swiftui.md, "Combine").
@_exported import OpenCombine
