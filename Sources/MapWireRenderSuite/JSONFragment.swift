import Foundation

/// Turns parsed JSON values back into bytes, for the free-form arguments kept as `Data`.
enum JSONFragment {
    /// Sorted keys so the same value always gives the same bytes; slashes unescaped so URLs stay readable.
    static func data(_ value: Any) -> Data? {
        if value is NSNull { return Data("null".utf8) }
        return try? JSONSerialization.data(
            withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
    }

    /// A compact description of a value, for `.unknown` operations and messages.
    static func text(_ value: Any) -> String {
        data(value).map { String(decoding: $0, as: UTF8.self) } ?? String(describing: value)
    }
}
