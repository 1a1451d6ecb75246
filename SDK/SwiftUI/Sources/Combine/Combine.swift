// Combine for Linux: OpenCombine (a reimplementation of Combine's API, tested against Apple's),
// compiled into this module by the CombineSources plugin, so `import Combine` compiles unchanged
// and the types are Combine's own (`Combine.AnyCancellable`). The files here add what apps use of
// Combine's Foundation and Dispatch parts, built on the host's time, and the operators OpenCombine
// lacks (docs/swiftui.md, "Combine").
