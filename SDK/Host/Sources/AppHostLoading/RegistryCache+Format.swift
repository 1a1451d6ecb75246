// The registry cache's format: a record as one line of tab-separated fields, and back (the file's
// layout is described at the top of RegistryCache.swift). RegistryCache.swift is the store: where
// the file is, reading it, and saving it under its lock, merged with what other hosts wrote.

@_spi(Host) import AppHostNavigation
import FoundationEssentials
import Glibc
import Synchronization

extension RegistryCache {
    package static func line(for record: CacheRecord) -> String? {
        // A path or message with a tab or a line break cannot be a field: such a file is probed each time.
        guard !record.path.contains(where: { $0 == "\t" || $0.isNewline }) else { return nil }
        let key = record.key
        let common = [record.path, String(key.device), String(key.inode), String(key.size), String(key.modified), String(key.changed), record.sha256 ?? "-"]
        switch record.finding {
        case .described(let claims, _):
            return (["ok"] + common + [claims.field, "-"]).joined(separator: "\t")
        case .refused(let message):
            return (["refused"] + common + ["-", message.oneLine.replacing("\t", with: " ")]).joined(separator: "\t")
        }
    }

    /// The record on `line` of the index's `bytes`; nil for another kind of line or a damaged one.
    package func record(_ bytes: [UInt8], _ line: Range<Int>) -> CacheRecord? {
        bytes.withUnsafeBufferPointer { buffer in
            guard case .record(let record)? = entry(buffer, line) else { return nil }
            return record
        }
    }

    /// The file key in fields 2 to 6 of a line whose first nine tabs are at `tabs`.
    package static func key<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ tabs: [Int]) -> FileKey? where Bytes.Index == Int {
        func number<Value: FixedWidthInteger>(_ field: Int) -> Value? { Value(number: bytes[(tabs[field - 1] + 1)..<tabs[field]]) }
        guard tabs.count >= 7, let device: UInt64 = number(2), let inode: UInt64 = number(3), let size: Int64 = number(4),
            let modified: Int64 = number(5), let changed: Int64 = number(6)
        else { return nil }
        return FileKey(device: device, inode: inode, size: size, modified: modified, changed: changed)
    }

    package func entry(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Entry? {
        var fields: [Range<Int>] = []
        fields.reserveCapacity(10)
        var start = line.lowerBound
        for index in line where bytes[index] == UInt8(ascii: "\t") && fields.count < 9 {
            fields.append(start..<index)
            start = index + 1
        }
        fields.append(start..<line.upperBound)
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[fields[index]]) }
        func number<Value: FixedWidthInteger>(_ index: Int) -> Value? { Value(number: field(index)) }
        func text(_ index: Int) -> String { String(decoding: field(index), as: UTF8.self) }
        guard fields.count == 10, let device: UInt64 = number(2), let inode: UInt64 = number(3), let size: Int64 = number(4),
            let modified: Int64 = number(5), let changed: Int64 = number(6)
        else { return nil }
        let key = FileKey(device: device, inode: inode, size: size, modified: modified, changed: changed)
        let sha256 = field(7).elementsEqual("-".utf8) ? nil : text(7)
        if field(0).elementsEqual("ok".utf8) {
            guard let claims = FeatureClaims(bytes: field(8)) else { return nil }
            let path = text(1)
            return .record(CacheRecord(path: path, key: key, sha256: sha256, finding: .described(claims, json: CacheText(storedIn: descriptionsPath, for: path))))
        }
        if field(0).elementsEqual("refused".utf8) {
            return .record(CacheRecord(path: text(1), key: key, sha256: sha256, finding: .refused(text(9))))
        }
        if field(0).elementsEqual("folder".utf8) {
            return .folder(text(1), key)
        }
        return nil
    }
}
