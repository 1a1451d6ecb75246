// Recorded answers: what a server gave for one request, kept in a JSON file a person can read
// and review. A folder of them stands in for the network (see docs/testing.md, "Recorded network
// answers").

import Foundation

/// One recorded answer: a request (its method and URL) and the server's response to it.
///
/// On disk, one JSON file a recording:
///
/// ```json
/// {
///   "request": { "method": "GET", "url": "https://example.com/api/items?page=1" },
///   "response": {
///     "status": 200,
///     "headers": { "Content-Type": "application/json" },
///     "json": { "items": [] }
///   },
///   "latency": 0.25
/// }
/// ```
///
/// The body is one of `json` (any JSON value, served as compact JSON), `text` (served as
/// UTF-8) or `file` (the bytes of a file beside the recording, named relative to it, for
/// images and other binary bodies); none is an empty body. `method` defaults to GET, `status`
/// to 200. `latency` (seconds, optional) delays the answer: on virtual time it passes only when
/// `wait` moves the clock, so a loading state can be seen and tested.
public struct NetworkRecording: Sendable, Equatable {
    /// The request's method, upper case.
    public var method: String
    /// The request's URL, as `URL.absoluteString` spells it.
    public var url: String
    /// The response's status code.
    public var status: Int
    /// The response's headers.
    public var headers: [String: String]
    /// The response's body.
    public var body: [UInt8]
    /// How long the answer takes to arrive, if it is delayed.
    public var latency: Duration?

    /// A recording of `method` `url` answered with `status`, `headers` and `body`, after `latency`.
    public init(method: String = "GET", url: String, status: Int = 200, headers: [String: String] = [:], body: [UInt8] = [], latency: Duration? = nil) {
        self.method = method.uppercased()
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.latency = latency
    }

    /// The key a request is found by: its method and URL.
    public var key: String { NetworkRecording.key(method: method, url: url) }

    /// The key of a request with `method` and `url`.
    public static func key(method: String, url: String) -> String { method.uppercased() + " " + url }
}

/// A recording that cannot be read, naming its file and what is wrong.
public struct NetworkRecordingError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, the file or folder first.
    public let description: String
}

extension NetworkRecording {
    /// The largest recording or body file read: 64 MiB.
    public static let maximumFileSize = 64 << 20

    // Long: the recording's fields read and checked in order, each error naming its field.
    /// Reads the recording in `file`; a `file` body is read from beside it.
    public init(contentsOf file: String) throws(NetworkRecordingError) {
        let bytes = try Self.read(file)
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                throw NetworkRecordingError(description: "\(file): a recording is a JSON object with \"request\" and \"response\"")
            }
            object = parsed
        } catch let error as NetworkRecordingError {
            throw error
        } catch {
            throw NetworkRecordingError(description: "\(file): not JSON (\(error.localizedDescription))")
        }
        func fail(_ what: String) -> NetworkRecordingError { NetworkRecordingError(description: "\(file): \(what)") }
        guard let request = object["request"] as? [String: Any] else { throw fail("no \"request\" object") }
        guard let response = object["response"] as? [String: Any] else { throw fail("no \"response\" object") }
        let known: Set<String> = ["request", "response", "latency"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown field \"\(unknown)\" (a recording has request, response and latency)")
        }
        guard let urlText = request["url"] as? String, let url = URL(string: urlText), let scheme = url.scheme,
            ["http", "https"].contains(scheme.lowercased()), url.host != nil
        else {
            throw fail("\"request\".\"url\" must be an http or https URL with a host")
        }
        let method = request["method"] ?? "GET"
        guard let method = method as? String, !method.isEmpty, method.allSatisfy({ $0.isLetter }) else {
            throw fail("\"request\".\"method\" must be a word such as GET or POST")
        }
        let status = response["status"] ?? 200
        guard let status = status as? Int, (100...599).contains(status) else {
            throw fail("\"response\".\"status\" must be a number from 100 to 599")
        }
        var headers: [String: String] = [:]
        if let given = response["headers"] {
            guard let given = given as? [String: Any] else { throw fail("\"response\".\"headers\" must be an object of strings") }
            for (name, value) in given {
                guard let value = value as? String else { throw fail("header \"\(name)\" must be a string") }
                headers[name] = value
            }
        }
        let bodies = ["json", "text", "file"].filter { response[$0] != nil }
        guard bodies.count <= 1 else { throw fail("\"response\" has \(bodies.joined(separator: " and ")); a body is one of json, text or file") }
        var body: [UInt8] = []
        if let json = response["json"] {
            do {
                body = Array(try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]))
            } catch {
                throw fail("\"response\".\"json\" cannot be written as JSON")
            }
        } else if let text = response["text"] {
            guard let text = text as? String else { throw fail("\"response\".\"text\" must be a string") }
            body = Array(text.utf8)
        } else if let name = response["file"] {
            guard let name = name as? String, !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
                throw fail("\"response\".\"file\" must name a file beside the recording (no '/' first, no '..')")
            }
            let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
            body = try Self.read(folder + "/" + name)
        }
        var latency: Duration?
        if let seconds = object["latency"] {
            guard let seconds = (seconds as? NSNumber)?.doubleValue, seconds.isFinite, (0...60).contains(seconds) else {
                throw fail("\"latency\" must be a number of seconds from 0 to 60")
            }
            latency = .milliseconds(Int64((seconds * 1000).rounded()))
        }
        self.init(method: method, url: url.absoluteString, status: status, headers: headers, body: body, latency: latency)
    }

    /// The recording as its file's bytes: the body as `json` when it is JSON, as `text` when it is
    /// UTF-8 text, else in `bodyFile` (whose name the caller gives, and writes `body` to).
    public func fileBytes(bodyFile: String?) -> [UInt8] {
        var response: [String: Any] = ["status": status]
        if !headers.isEmpty { response["headers"] = headers }
        if !body.isEmpty {
            if let json = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) {
                response["json"] = json
            } else if let bodyFile {
                response["file"] = bodyFile
            } else {
                response["text"] = String(decoding: body, as: UTF8.self)
            }
        }
        let object: [String: Any] = ["request": ["method": method, "url": url], "response": response]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Array(data) + [0x0A]
    }

    /// Whether `body` is best kept in a file of its own: neither JSON nor UTF-8 text.
    public var needsBodyFile: Bool {
        guard !body.isEmpty else { return false }
        if (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) != nil { return false }
        return String(validating: body, as: UTF8.self) == nil
    }

    private static func read(_ path: String) throws(NetworkRecordingError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw NetworkRecordingError(description: "\(path): cannot be read")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        } catch {
            throw NetworkRecordingError(description: "\(path): cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= maximumFileSize else {
            throw NetworkRecordingError(description: "\(path): larger than \(maximumFileSize >> 20) MiB, the most a recording may hold")
        }
        return Array(data)
    }
}
