/// GL's vertical writing for labels along lines: when a label containing CJK runs more down the screen
/// than across, its upright characters (ideographs, kana, hangul, fullwidth forms: Unicode's vertical
/// orientation "U"/"Tu") stand upright and stack one em apart, other characters stay turned along the
/// line, and punctuation takes its vertical presentation form. Pure character rules.
enum VerticalWriting {
    /// Whether a label may be written vertically: it has a character that stands upright.
    static func allowsVertical(_ text: String) -> Bool {
        text.unicodeScalars.contains { isUpright($0.value) }
    }

    /// Characters drawn upright in vertical text (GL's `charHasUprightVerticalOrientation`).
    static func isUpright(_ c: UInt32) -> Bool {
        if c == 0x02EA || c == 0x02EB { return true }
        guard c >= 0x1100 else { return false }
        if let rule = uprightBlocks.first(where: { $0.range.contains(c) }) { return !rule.except.contains { $0.contains(c) } }
        return false
    }

    /// Characters upright in a vertically written point label: all but spaces and Arabic (which needs
    /// its joined horizontal forms).
    static func standsInAColumn(_ c: UInt32) -> Bool {
        !(c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0B || c == 0x0C || c == 0x0D || c == 0x200B)
            && !arabicBlocks.contains { $0.contains(c) }
    }

    private static let arabicBlocks: [ClosedRange<UInt32>] = [0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF,
                                                              0xFB50...0xFDFF, 0xFE70...0xFEFF]

    /// Characters that take the orientation of their neighbours (GL's "neutral" ones).
    static func isNeutral(_ c: UInt32) -> Bool {
        if [0xA7, 0xA9, 0xAE, 0xB1, 0xBC, 0xBD, 0xBE, 0xD7, 0xF7, 0x2016, 0x2020, 0x2021, 0x2030, 0x2031, 0x203B, 0x203C,
            0x2042, 0x2047, 0x2048, 0x2049, 0x2051, 0x221E, 0x2234, 0x2235, 0xFFFC, 0xFFFD].contains(c) { return true }
        return neutralBlocks.contains { $0.range.contains(c) && !$0.except.contains { $0.contains(c) } }
    }

    /// Characters turned with the line in vertical text (Latin letters and digits, for instance).
    static func isRotated(_ c: UInt32) -> Bool { !isUpright(c) && !isNeutral(c) }

    /// The text with its punctuation in vertical forms, where neither neighbour is a turned character
    /// (a colon between Latin letters stays as it is).
    static func verticalized(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            guard let form = punctuationForms[scalar.value], let replacement = Unicode.Scalar(form) else {
                out.append(scalar)
                continue
            }
            func allows(_ j: Int) -> Bool {
                guard scalars.indices.contains(j) else { return true }
                let neighbour = scalars[j].value
                return !isRotated(neighbour) || punctuationForms[neighbour] != nil
            }
            out.append(allows(i - 1) && allows(i + 1) ? replacement : scalar)
        }
        return String(out)
    }

    private struct Block {
        let range: ClosedRange<UInt32>
        var except: [ClosedRange<UInt32>] = []
    }

    private static let uprightBlocks: [Block] = [
        Block(range: 0x1100...0x11FF),                                            // Hangul Jamo
        Block(range: 0x1400...0x167F), Block(range: 0x18B0...0x18FF),             // Canadian syllabics
        Block(range: 0x2E80...0x2EFF), Block(range: 0x2F00...0x2FDF),             // CJK and Kangxi radicals
        Block(range: 0x2FF0...0x2FFF),                                            // ideographic description
        Block(range: 0x3000...0x303F, except: [0x3008...0x3011, 0x3014...0x301F, 0x3030...0x3030]),
        Block(range: 0x3040...0x309F),                                            // Hiragana
        Block(range: 0x30A0...0x30FF, except: [0x30FC...0x30FC]),                 // Katakana
        Block(range: 0x3100...0x312F), Block(range: 0x3130...0x318F),             // Bopomofo, Hangul compatibility jamo
        Block(range: 0x3190...0x319F), Block(range: 0x31A0...0x31BF),             // Kanbun, Bopomofo extended
        Block(range: 0x31C0...0x31EF), Block(range: 0x31F0...0x31FF),             // CJK strokes, Katakana extensions
        Block(range: 0x3200...0x32FF), Block(range: 0x3300...0x33FF),             // enclosed CJK, CJK compatibility
        Block(range: 0x3400...0x4DBF), Block(range: 0x4DC0...0x4DFF),             // Extension A, Yijing
        Block(range: 0x4E00...0x9FFF),                                            // CJK Unified Ideographs
        Block(range: 0xA000...0xA48F), Block(range: 0xA490...0xA4CF),             // Yi
        Block(range: 0xA960...0xA97F), Block(range: 0xAC00...0xD7AF), Block(range: 0xD7B0...0xD7FF),  // Hangul
        Block(range: 0xF900...0xFAFF),                                            // CJK compatibility ideographs
        Block(range: 0xFE10...0xFE1F),                                            // vertical forms
        Block(range: 0xFE30...0xFE4F, except: [0xFE49...0xFE4F]),                 // CJK compatibility forms
        Block(range: 0xFE50...0xFE6F, except: [0xFE58...0xFE5E, 0xFE63...0xFE66]), // small form variants
        Block(range: 0xFF00...0xFFEF, except: [0xFF08...0xFF09, 0xFF0D...0xFF0D, 0xFF1A...0xFF1E, 0xFF3B...0xFF3B,
                                               0xFF3D...0xFF3D, 0xFF3F...0xFF3F, 0xFF5B...0xFFDF, 0xFFE3...0xFFE3,
                                               0xFFE8...0xFFEF]),                 // halfwidth and fullwidth forms
    ]

    private static let neutralBlocks: [Block] = [
        Block(range: 0x2100...0x214F), Block(range: 0x2150...0x218F),             // letterlike, number forms
        Block(range: 0x2300...0x23FF, except: [0x2308...0x230B, 0x2320...0x2323, 0x2329...0x232A, 0x232C...0x237C,
                                               0x239B...0x23BD, 0x23CE...0x23CE, 0x23D0...0x23D0, 0x23DC...0x23E1]),
        Block(range: 0x2400...0x243F, except: [0x2423...0x2423]), Block(range: 0x2440...0x245F),
        Block(range: 0x2460...0x24FF), Block(range: 0x25A0...0x25FF),             // enclosed alphanumerics, shapes
        Block(range: 0x2600...0x26FF, except: [0x261A...0x261F]),                 // miscellaneous symbols
        Block(range: 0x2700...0x2767), Block(range: 0x2776...0x2793),
        Block(range: 0x2B12...0x2B2F), Block(range: 0x2B50...0x2B59), Block(range: 0x2BB8...0x2BEB),
        Block(range: 0x3000...0x303F), Block(range: 0x30A0...0x30FF), Block(range: 0xE000...0xF8FF),
        Block(range: 0xFE30...0xFE4F), Block(range: 0xFE50...0xFE6F), Block(range: 0xFF00...0xFFEF),
    ]

    /// Unicode's vertical presentation forms of punctuation (and fullwidth forms of symbols).
    static let punctuationForms: [UInt32: UInt32] = {
        let pairs: [(Character, Character)] = [
            ("!", "︕"), ("#", "＃"), ("$", "＄"), ("%", "％"), ("&", "＆"), ("(", "︵"), (")", "︶"), ("*", "＊"), ("+", "＋"),
            (",", "︐"), ("-", "︲"), (".", "・"), ("/", "／"), (":", "︓"), (";", "︔"), ("<", "︿"), ("=", "＝"), (">", "﹀"),
            ("?", "︖"), ("@", "＠"), ("[", "﹇"), ("\\", "＼"), ("]", "﹈"), ("^", "＾"), ("_", "︳"), ("`", "｀"), ("{", "︷"),
            ("|", "―"), ("}", "︸"), ("~", "～"), ("¢", "￠"), ("£", "￡"), ("¥", "￥"), ("¦", "￤"), ("¬", "￢"), ("¯", "￣"),
            ("–", "︲"), ("—", "︱"), ("‘", "﹃"), ("’", "﹄"), ("“", "﹁"), ("”", "﹂"), ("…", "︙"), ("‧", "・"), ("₩", "￦"),
            ("、", "︑"), ("。", "︒"), ("〈", "︿"), ("〉", "﹀"), ("《", "︽"), ("》", "︾"), ("「", "﹁"), ("」", "﹂"),
            ("『", "﹃"), ("』", "﹄"), ("【", "︻"), ("】", "︼"), ("〔", "︹"), ("〕", "︺"), ("〖", "︗"), ("〗", "︘"),
            ("！", "︕"), ("（", "︵"), ("）", "︶"), ("，", "︐"), ("－", "︲"), ("．", "・"), ("：", "︓"), ("；", "︔"),
            ("＜", "︿"), ("＞", "﹀"), ("？", "︖"), ("［", "﹇"), ("］", "﹈"), ("＿", "︳"), ("｛", "︷"), ("｜", "―"),
            ("｝", "︸"), ("｟", "︵"), ("｠", "︶"), ("｡", "︒"), ("｢", "﹁"), ("｣", "﹂"),
        ]
        var forms: [UInt32: UInt32] = [:]
        for (from, to) in pairs { forms[from.unicodeScalars.first!.value] = to.unicodeScalars.first!.value }
        return forms
    }()
}
