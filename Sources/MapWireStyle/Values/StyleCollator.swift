import Foundation

/// A `collator`'s rules for comparing strings: whether case and diacritics count, in which locale.
/// Compared with Foundation's locale-aware string comparison; locale tailorings that Foundation does not
/// apply (German search collation, the Swedish alphabet's letters after z) are not reproduced.
public struct StyleCollator: Equatable, Sendable {
    public let caseSensitive: Bool
    public let diacriticSensitive: Bool
    /// The requested locale (a BCP 47 tag); nil for the default.
    public let locale: String?

    public init(caseSensitive: Bool, diacriticSensitive: Bool, locale: String?) {
        self.caseSensitive = caseSensitive
        self.diacriticSensitive = diacriticSensitive
        self.locale = locale
    }

    /// The Intl.Collator sensitivity these settings make: "base", "accent", "case" or "variant".
    public var sensitivity: String {
        caseSensitive ? (diacriticSensitive ? "variant" : "case") : (diacriticSensitive ? "accent" : "base")
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`.
    public func compare(_ a: String, _ b: String) -> Int {
        var options: String.CompareOptions = []
        if !caseSensitive { options.insert(.caseInsensitive) }
        if !diacriticSensitive { options.insert(.diacriticInsensitive) }
        switch a.compare(b, options: options, range: nil, locale: Locale(identifier: resolvedLocale)) {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }

    /// The locale comparisons use: the requested one when it is known, else the default ("en-US", the
    /// reference engine's usual default).
    public var resolvedLocale: String {
        guard let locale, !locale.isEmpty else { return Self.defaultLocale }
        let canonical = locale.replacingOccurrences(of: "_", with: "-")
        let known = Locale.availableIdentifiers.contains { $0.replacingOccurrences(of: "_", with: "-").caseInsensitiveCompare(canonical) == .orderedSame }
        return known ? canonical : Self.defaultLocale
    }

    static let defaultLocale = "en-US"
}
