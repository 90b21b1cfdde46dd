import Foundation
import MapWireNumerics

/// `number-format`: a number as text, with optional locale, currency and fraction digit limits.
struct NumberFormatNode: ExpressionNode {
    let number: any ExpressionNode
    let locale: (any ExpressionNode)?
    let currency: (any ExpressionNode)?
    let minFractionDigits: (any ExpressionNode)?
    let maxFractionDigits: (any ExpressionNode)?
    let inputs: ExpressionInputs

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let value = try Argument.number(try number.evaluate(context), for: "number-format")
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: try locale?.evaluate(context).string ?? "en-US")
        if let code = try currency?.evaluate(context).string {
            formatter.numberStyle = .currency
            formatter.currencyCode = code
        } else {
            formatter.numberStyle = .decimal
            // Intl.NumberFormat's defaults: no forced fraction digits, at most three.
            formatter.minimumFractionDigits = 0
            formatter.maximumFractionDigits = 3
        }
        if let digits = try minFractionDigits?.evaluate(context).number.map(Self.fractionDigits) {
            formatter.minimumFractionDigits = digits
            formatter.maximumFractionDigits = max(formatter.maximumFractionDigits, digits)
        }
        if let digits = try maxFractionDigits?.evaluate(context).number.map(Self.fractionDigits) {
            formatter.maximumFractionDigits = digits
            formatter.minimumFractionDigits = min(formatter.minimumFractionDigits, digits)
        }
        guard let text = formatter.string(from: NSNumber(value: value)) else {
            throw EvaluationError("number-format could not format \(value)")
        }
        return .string(text)
    }

    /// A digit count from the style or a feature, in the 0...20 JavaScript's Intl.NumberFormat accepts.
    static func fractionDigits(_ value: Double) -> Int {
        min(20, max(0, Int(saturating: value)))
    }
}

extension ExpressionParser {
    /// `["number-format", number, {"locale", "currency", "min-fraction-digits", "max-fraction-digits"}]`
    func parseNumberFormat(_ call: Call) throws(StyleExpressionError) -> any ExpressionNode {
        try call.requireArguments(2...2)
        guard case .object(let options) = call.items[2] else { throw call.fail("expects an options object", at: 2) }
        let number = try call.parse(1, with: self)
        func option(_ key: String) throws(StyleExpressionError) -> (any ExpressionNode)? {
            guard let json = options[key] else { return nil }
            return try parse(json, at: call.pathOf(2) + "." + key)
        }
        let locale = try option("locale"), currency = try option("currency")
        let minDigits = try option("min-fraction-digits"), maxDigits = try option("max-fraction-digits")
        let nodes = [number, locale, currency, minDigits, maxDigits].compactMap { $0 }
        return NumberFormatNode(
            number: number, locale: locale, currency: currency, minFractionDigits: minDigits,
            maxFractionDigits: maxDigits, inputs: nodes.combinedInputs)
    }
}
