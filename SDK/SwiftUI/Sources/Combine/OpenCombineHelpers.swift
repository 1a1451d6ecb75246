// What OpenCombine's sources take from its C module, COpenCombineHelpers, written in Swift, so
// that the Combine module they are compiled into (the CombineSources plugin) needs no C module:
// its locks, the counter behind `CombineIdentifier()`, and the trap `breakpoint` stops in.

import Glibc
import Synchronization

/// A mutex the code allocates, locks and frees by hand (`UnfairLock` in OpenCombine's sources).
struct __UnfairLock {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    static func allocate() -> __UnfairLock {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return __UnfairLock(mutex: mutex)
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// The C module's version checks nothing outside a debug build of it either.
    func assertOwner() {}

    func deallocate() {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}

/// A mutex the thread that holds it may lock again (`UnfairRecursiveLock`).
struct __UnfairRecursiveLock {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    static func allocate() -> __UnfairRecursiveLock {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        return __UnfairRecursiveLock(mutex: mutex)
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    func deallocate() {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}

private let combineIdentifiers = Atomic<UInt64>(0)

/// A new identifier for `CombineIdentifier()`, unique in the process.
func __nextCombineIdentifier() -> UInt64 {
    combineIdentifiers.add(1, ordering: .relaxed).newValue
}

/// Stops in the debugger, as `breakpoint(receiveOutput:)` asks, when its closure returns true.
func __stopInDebugger() {
    raise(SIGTRAP)
}
