/// A legacy text-field / icon-image string with "{property}" tokens, split once into its pieces.
struct TokenString: Sendable {
    enum Piece: Sendable {
        case text(String)
        case property(String)
    }

    let pieces: [Piece]

    /// A token is "{" + one or more characters other than braces + "}"; any other brace is plain text.
    init(_ source: String) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(source)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            let tail = rest[afterOpen...]
            if let close = tail.firstIndex(where: { $0 == "{" || $0 == "}" }), tail[close] == "}", close > afterOpen {
                text += rest[..<open]
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.property(String(tail[..<close])))
                rest = tail[tail.index(after: close)...]
            } else {
                text += rest[...open]
                rest = tail
            }
        }
        text += rest
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    var hasTokens: Bool {
        pieces.contains { if case .property = $0 { return true } else { return false } }
    }

    /// Missing properties expand to "".
    func expand(with feature: StyleFeature?) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .property(let key): out += feature?.property(key)?.displayString ?? ""
            }
        }
        return out
    }
}

/// A token string as an expression node, so a tokenised constant behaves like `concat` of `get`s.
struct TokenStringNode: ExpressionNode {
    let tokens: TokenString
    var type: ExpressionType { .string }
    var inputs: ExpressionInputs { .feature }
    var children: [any ExpressionNode] { [] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .string(tokens.expand(with: context.feature))
    }
}
