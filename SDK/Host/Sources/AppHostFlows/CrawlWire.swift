// The lines between a crawl and the children that explore for it: a state described, then what
// each element did, one JSON object a line. They are written and read through JSONValue, not
// Foundation's coders: a crawl writes and reads two lines for every element it activates, and
// JSONEncoder and JSONDecoder cost a child more than its own parsing of a link (about 5 % of its
// time, measured). The report a crawl prints is still written by JSONEncoder.

import AppHostSupport

extension CrawlNode {
    /// The node as one line, without its newline.
    public var line: String {
        var fields: [String: JSONValue] = [
            "link": .string(link), "key": .string(key), "title": .string(title), "route": .string(route),
            "presented": .number(presented), "stack": .number(stack), "count": .number(count),
            "labels": .array(labels.map { .string($0) }),
        ]
        if let back { fields["back"] = .string(back) }
        return JSONValue.object(fields).text
    }

    /// The node `line` holds; nil if it holds none (another answer, or a line cut short).
    public init?(line: [UInt8]) {
        guard let fields = JSONValue.reading(line)?.fields,
            let link = fields["link"]?.string, let key = fields["key"]?.string, let title = fields["title"]?.string,
            let route = fields["route"]?.string, let presented = fields["presented"]?.int, let stack = fields["stack"]?.int,
            let count = fields["count"]?.int, let labels = fields["labels"]?.list(\.string),
            let back = fields.optional("back", \.string)
        else { return nil }
        self.init(link: link, key: key, title: title, route: route, presented: presented, stack: stack, count: count, labels: labels, back: back)
    }
}

extension CrawlEdge {
    /// The edge as one line, without its newline.
    public var line: String {
        var fields: [String: JSONValue] = [
            "number": .number(number), "label": .string(label), "command": .string(command), "crashed": .bool(crashed),
        ]
        if let to { fields["to"] = .string(to) }
        if let toKey { fields["toKey"] = .string(toKey) }
        if let problem { fields["problem"] = .string(problem) }
        if let via { fields["via"] = .string(via) }
        return JSONValue.object(fields).text
    }

    /// The edge `line` holds; nil if it holds none.
    public init?(line: [UInt8]) {
        guard let fields = JSONValue.reading(line)?.fields,
            let number = fields["number"]?.int, let label = fields["label"]?.string, let command = fields["command"]?.string,
            let to = fields.optional("to", \.string), let toKey = fields.optional("toKey", \.string),
            let problem = fields.optional("problem", \.string), let via = fields.optional("via", \.string)
        else { return nil }
        self.init(number: number, label: label, command: command, to: to, toKey: toKey, problem: problem, crashed: fields["crashed"]?.bool ?? false)
        self.via = via
    }
}

extension JSONValue {
    /// The value `bytes` hold, or nil if they are not JSON this reader takes.
    fileprivate static func reading(_ bytes: [UInt8]) -> JSONValue? {
        bytes.withUnsafeBufferPointer { try? JSONValue(parsing: $0) }
    }
}
