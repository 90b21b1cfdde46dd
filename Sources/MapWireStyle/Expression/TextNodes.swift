import Foundation

/// `collator`: string comparison rules for `==`, `<` … and `resolved-locale`.
struct CollatorNode: ExpressionNode {
    let caseSensitive: any ExpressionNode
    let diacriticSensitive: any ExpressionNode
    let locale: (any ExpressionNode)?
    var type: ExpressionType { .collator }
    var inputs: ExpressionInputs { children.combinedInputs }
    var children: [any ExpressionNode] { [caseSensitive, diacriticSensitive] + (locale.map { [$0] } ?? []) }
    /// Results depend on the locales the platform has, so they are never folded into a constant.
    var isFoldable: Bool { false }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 2 else { return context.error("Expected one argument.") }
        guard case .object(let options) = items[1] else { return context.error("Collator options argument must be an object.") }
        guard let caseSensitive = context.parse(options["case-sensitive"] ?? .bool(false), 1, expecting: .boolean),
              let diacriticSensitive = context.parse(options["diacritic-sensitive"] ?? .bool(false), 1, expecting: .boolean)
        else { return nil }
        var locale: (any ExpressionNode)? = nil
        if let json = options["locale"], ValueConversion.boolean(json) {
            guard let parsed = context.parse(json, 1, expecting: .string) else { return nil }
            locale = parsed
        }
        return CollatorNode(caseSensitive: caseSensitive, diacriticSensitive: diacriticSensitive, locale: locale)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .collator(StyleCollator(
            caseSensitive: try caseSensitive.bool(context), diacriticSensitive: try diacriticSensitive.bool(context),
            locale: try locale?.string(context)))
    }
}

/// `number-format`: a number as text, as JavaScript's Intl.NumberFormat writes it for a locale, with an
/// optional currency and fraction digit limits.
struct NumberFormatNode: ExpressionNode {
    let number: any ExpressionNode
    let locale: (any ExpressionNode)?
    let currency: (any ExpressionNode)?
    let minFractionDigits: (any ExpressionNode)?
    let maxFractionDigits: (any ExpressionNode)?
    var type: ExpressionType { .string }
    var inputs: ExpressionInputs { children.combinedInputs }
    var children: [any ExpressionNode] { [number] + [locale, currency, minFractionDigits, maxFractionDigits].compactMap { $0 } }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 3 else { return context.error("Expected two arguments.") }
        guard let number = context.parse(items[1], 1, expecting: .number) else { return nil }
        guard case .object(let options) = items[2] else { return context.error("NumberFormat options argument must be an object.") }
        var failed = false
        func option(_ name: String, _ type: ExpressionType) -> (any ExpressionNode)? {
            guard let json = options[name], ValueConversion.boolean(json) else { return nil }
            let parsed = context.parse(json, 1, expecting: type)
            if parsed == nil { failed = true }
            return parsed
        }
        let locale = option("locale", .string)
        if failed { return nil }
        let currency = option("currency", .string)
        if failed { return nil }
        let unit = option("unit", .string)
        if failed { return nil }
        if currency != nil && unit != nil {
            return context.error("NumberFormat options `currency` and `unit` are mutually exclusive")
        }
        let minDigits = option("min-fraction-digits", .number)
        if failed { return nil }
        let maxDigits = option("max-fraction-digits", .number)
        if failed { return nil }
        return NumberFormatNode(number: number, locale: locale, currency: currency, minFractionDigits: minDigits, maxFractionDigits: maxDigits)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let value = try number.number(context)
        let locale = Locale(identifier: try self.locale?.string(context) ?? StyleCollator.defaultLocale)
        let code = try currency?.string(context)
        // Intl.NumberFormat's defaults: a currency's own minor units, else 0 to 3 digits.
        let defaultMin = code.map(Self.minorUnits) ?? 0
        let defaultMax = code.map(Self.minorUnits) ?? 3
        let minimum = try minFractionDigits.map { (node) throws(EvaluationError) in Self.digits(try node.number(context)) }
        let maximum = try maxFractionDigits.map { (node) throws(EvaluationError) in Self.digits(try node.number(context)) }
        let lower = minimum ?? min(defaultMin, maximum ?? defaultMin)
        let upper = max(maximum ?? max(lower, defaultMax), lower)
        let digits = NumberFormatStyleConfiguration.Precision.fractionLength(lower...upper)
        if let code {
            return .string(value.formatted(.currency(code: code).precision(digits).locale(locale)))
        }
        return .string(value.formatted(.number.precision(digits).locale(locale)))
    }

    /// A digit count in the 0...20 Intl.NumberFormat accepts.
    private static func digits(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(min(20, max(0, value.rounded(.towardZero))))
    }

    /// The ISO 4217 minor units of a currency (2 for EUR, 0 for JPY): the fraction digits its own format shows.
    private static func minorUnits(_ code: String) -> Int {
        let zero = 0.0.formatted(.currency(code: code).locale(Locale(identifier: "en-US")))
        guard let point = zero.lastIndex(of: ".") else { return 0 }
        return zero[zero.index(after: point)...].prefix(while: \.isNumber).count
    }
}
