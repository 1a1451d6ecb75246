import AppHost
@testable import AppHostSupport
import Foundation
import Synchronization
import Testing

/// Running another program to its end: both of its outputs, its input, how it ended.
@Suite
struct ChildProcessTests {
    @Test
    func aLineChildReadsLinesArrivingInPiecesAndEndsAChildWhoseLineIsTooLong() throws {
        // Many short lines, then a 12 MiB line (under the limit) in 64 KiB pieces, then one over it.
        let script = """
            i=0; while [ $i -lt 2000 ]; do echo "line $i"; i=$((i+1)); done
            head -c 12582912 /dev/zero | tr '\\0' a; echo
            head -c 17825792 /dev/zero | tr '\\0' b
            """
        let child = try LineChild("/bin/sh", ["-c", script])

        var short: [String] = []
        for _ in 0..<2000 { short.append(String(decoding: child.readLine() ?? [], as: UTF8.self)) }
        let long = child.readLine()
        let tooLong = child.readLine()
        let ended = child.end()

        #expect(short.first == "line 0" && short.last == "line 1999")
        #expect(long?.count == 12_582_912 && long?.allSatisfy { $0 == UInt8(ascii: "a") } == true)
        #expect(tooLong == nil)
        #expect(ended.said == "it wrote a line of more than 16 MiB on standard output (LineChild.maximumLine), and was ended")
    }

    /// A grandchild that keeps the child's standard error open (a server it started and left
    /// running) does not keep `end()` waiting once the child itself has ended.
    @Test
    func endReturnsWhenTheChildEndsThoughAGrandchildHoldsItsPipes() throws {
        let child = try LineChild("/bin/sh", ["-c", "sleep 600 & echo started; echo 'error: it ended' >&2; exit 3"])
        #expect(child.readLine() == Array("started".utf8))
        let ended = child.end()
        #expect(ended.status == 3)
        #expect(ended.said == "error: it ended")
        let grandchildren = try ProcessRunner.run("/usr/bin/pgrep", ["-P", "1", "-f", "^sleep 600$"])
        for pid in grandchildren.output.split(separator: "\n").compactMap({ pid_t($0) }) { kill(pid, SIGKILL) }
    }

    /// A child is signalled through its pidfd: while it runs a signal reaches it, and once it has
    /// been reaped (a cancellation that arrives late) one reaches nothing, whichever process has
    /// its pid by then.
    @Test
    func aSignalAfterTheChildWasReapedReachesNothing() throws {
        let child = try LineChild("/bin/sh", ["-c", "read line; exit 0"])
        let process = child.process
        #expect(process.signalsThroughDescriptor, "this kernel has pidfds (Linux 5.3 and later)")
        #expect(process.signal(0), "a running child can be signalled")
        #expect(child.end().status == 0)
        #expect(!process.signal(SIGKILL), "a reaped child cannot")
    }

    @Test
    func aWatchHearsEachLineAsItComesAndCanStopTheChild() throws {
        let heard = Mutex<[String]>([])
        let itself = Mutex<ChildWatch?>(nil)
        // The child waits for ever after its third line of standard error; hearing it stops the child.
        let watch = ChildWatch(stream: .errors) { line in
            heard.withLock { $0.append(line) }
            if line == "three" { itself.withLock { $0 }?.stop() }
        }
        itself.withLock { $0 = watch }
        let script = "printf 'out\\n'; printf 'o' >&2; printf 'ne\\ntwo\\n' >&2; printf 'three\\n' >&2; exec sleep 600"

        let child = try ChildProcess.run("/bin/sh", ["-c", script], watch: watch)

        #expect(child.status == 128 + SIGKILL)
        #expect(heard.withLock { $0 } == ["one", "two", "three"])
        #expect(String(decoding: child.output, as: UTF8.self) == "out\n")
    }

    @Test
    func collectsBothOutputsAndTheStatus() throws {
        let child = try ChildProcess.run("/bin/sh", ["-c", "printf 'out\\n'; printf 'err\\n' >&2; exit 3"])
        #expect(String(decoding: child.output, as: UTF8.self) == "out\n")
        #expect(child.errorText == "err")
        #expect(child.status == 3)
    }

    @Test
    func readsBothPipesWhileTheChildRunsSoNeitherFillsUp() throws {
        // 1 MB on each pipe: far more than a pipe holds, so reading one to its end first would hang.
        let child = try ChildProcess.run("/bin/sh", ["-c", "head -c 1000000 /dev/zero; head -c 1000000 /dev/zero >&2"])
        #expect(child.output.count == 1_000_000)
        #expect(child.errors.count == 1_000_000)
        #expect(child.status == 0)
    }

    @Test
    func givesItsInputAndFindsProgramsInThePath() throws {
        let text = String(repeating: "line\n", count: 50_000)
        let child = try ChildProcess.run("wc", ["-l"], input: Array(text.utf8))
        #expect(child.output.filter { $0 != 0x20 && $0 != 0x0A } == Array("50000".utf8))
    }

    @Test
    func aChildThatStopsReadingItsInputDoesNotEndTheCaller() throws {
        let child = try ChildProcess.run("/bin/sh", ["-c", "exit 0"], input: Array(repeating: 65, count: 1_000_000))
        #expect(child.status == 0)
    }

    @Test
    func aSignalIsReportedAs128PlusItsNumber() throws {
        let child = try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"])
        #expect(child.status == 128 + 9)
    }

    @Test
    func aProgramThatCannotStartIsAnErrorNamingIt() {
        #expect {
            try ChildProcess.run("/nonexistent/program", [])
        } throws: { error in
            "\(error)" == "cannot start /nonexistent/program: No such file or directory"
        }
    }
}

/// The string and number helpers that stand in for Foundation's.
@Suite
struct TextHelperTests {
    @Test
    func fixedPointNumbersReadAsPrintfWritesThem() {
        #expect(NumberText.fixed(1.23456, digits: 3) == "1.235")
        #expect(NumberText.fixed(0.005, digits: 2) == "0.01")
        #expect(NumberText.fixed(-2.5, digits: 0) == "-3")
        #expect(NumberText.fixed(-0.0001, digits: 2) == "0.00")
        #expect(NumberText.fixed(12, digits: 2) == "12.00")
        #expect(NumberText.hex(UInt8(10), width: 2) == "0a")
        #expect(NumberText.hex(UInt32(0x1b), width: 4) == "001b")
    }

    @Test
    func trimmingAndPadding() {
        #expect("\n\nline\n".trimmingNewlines == "line")
        #expect("ab".padded(to: 4) == "ab  ")
        #expect("abcdef".padded(to: 4) == "abcdef")
        #expect("Settings".equalsIgnoringCase("sETTINGS"))
    }

    @Test
    func aFileErrorIsTheFileAndTheSystemsReason() {
        #expect(throws: (any Error).self) {
            do {
                try Data("x".utf8).write(to: URL(fileURLWithPath: "/nonexistent-folder/file"))
            } catch {
                #expect(describe(error) == "/nonexistent-folder/file: No such file or directory")
                throw error
            }
        }
    }
}
