// Features and the host log through swift-log. Re-exporting it from the one
// shared library keeps a single copy of the logging system in the process, so
// the bootstrap done by the executable reaches every feature.
@_exported import Logging
