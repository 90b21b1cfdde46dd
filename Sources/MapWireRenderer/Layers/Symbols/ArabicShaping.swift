/// Arabic contextual shaping, as GL engines apply it (through their RTL text plugin) before
/// laying labels out: each letter becomes its isolated, final, initial or medial presentation
/// form by whether its neighbours join to it, and lam followed by alef becomes one ligature.
/// The glyph sets served for maps hold these presentation forms (U+FB50–FDFF, U+FE70–FEFF).
/// Pure: text in, text out, in logical order.
enum ArabicShaping {
    struct Forms {
        let isolated: UInt32, final: UInt32, initial: UInt32, medial: UInt32
        /// Dual-joining letters connect on both sides; the others only to the letter before.
        var isDual: Bool { initial != 0 }
    }

    /// True if `text` holds a letter this shaping changes (cheap test before shaping).
    static func applies(to text: String) -> Bool {
        text.unicodeScalars.contains { forms[$0.value] != nil }
    }

    static func shape(_ text: String) -> String {
        guard applies(to: text) else { return text }
        let scalars = text.unicodeScalars.map(\.value)
        var out: [UInt32] = []
        out.reserveCapacity(scalars.count)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            guard let f = forms[c] else {
                out.append(c)
                i += 1
                continue
            }
            let joinsBefore = previousJoins(scalars, before: i)
            // Lam + alef: one ligature, isolated or final.
            if c == 0x0644, let next = nextLetter(scalars, after: i), let ligature = lamAlef[scalars[next]] {
                out.append(joinsBefore ? ligature.final : ligature.isolated)
                out += scalars[(i + 1)..<next]  // marks between them stay
                i = next + 1
                continue
            }
            let joinsAfter = f.isDual && nextJoins(scalars, after: i)
            let form: UInt32
            switch (joinsBefore && f.final != 0, joinsAfter) {
            case (true, true): form = f.medial
            case (true, false): form = f.final
            case (false, true): form = f.initial
            case (false, false): form = f.isolated
            }
            out.append(form != 0 ? form : c)
            i += 1
        }
        var result = String.UnicodeScalarView()
        for value in out { if let scalar = Unicode.Scalar(value) { result.append(scalar) } }
        return String(result)
    }

    /// Combining marks are transparent: joining looks past them.
    static func isTransparent(_ c: UInt32) -> Bool {
        (0x064B...0x065F).contains(c) || c == 0x0670 || (0x06D6...0x06ED).contains(c)
    }

    /// Tatweel joins on both sides without changing shape itself.
    static let tatweel: UInt32 = 0x0640

    private static func nextLetter(_ s: [UInt32], after i: Int) -> Int? {
        var j = i + 1
        while j < s.count, isTransparent(s[j]) { j += 1 }
        return j < s.count ? j : nil
    }

    private static func previousJoins(_ s: [UInt32], before i: Int) -> Bool {
        var j = i - 1
        while j >= 0, isTransparent(s[j]) { j -= 1 }
        guard j >= 0 else { return false }
        return s[j] == tatweel || forms[s[j]]?.isDual == true
    }

    private static func nextJoins(_ s: [UInt32], after i: Int) -> Bool {
        guard let j = nextLetter(s, after: i) else { return false }
        return s[j] == tatweel || forms[s[j]].map { $0.final != 0 } == true
    }

    /// Lam-alef ligatures by the alef that follows the lam.
    static let lamAlef: [UInt32: (isolated: UInt32, final: UInt32)] = [
        0x0622: (0xFEF5, 0xFEF6), 0x0623: (0xFEF7, 0xFEF8), 0x0625: (0xFEF9, 0xFEFA), 0x0627: (0xFEFB, 0xFEFC),
    ]

    /// Presentation forms of each Arabic letter (from the Unicode character database's
    /// compatibility decompositions); 0 where a letter has no such form.
    static let forms: [UInt32: Forms] = [
        0x0621: Forms(isolated: 0xFE80, final: 0, initial: 0, medial: 0),  // Arabic Letter Hamza
        0x0622: Forms(isolated: 0xFE81, final: 0xFE82, initial: 0, medial: 0),  // Arabic Letter Alef With Madda Above
        0x0623: Forms(isolated: 0xFE83, final: 0xFE84, initial: 0, medial: 0),  // Arabic Letter Alef With Hamza Above
        0x0624: Forms(isolated: 0xFE85, final: 0xFE86, initial: 0, medial: 0),  // Arabic Letter Waw With Hamza Above
        0x0625: Forms(isolated: 0xFE87, final: 0xFE88, initial: 0, medial: 0),  // Arabic Letter Alef With Hamza Below
        0x0626: Forms(isolated: 0xFE89, final: 0xFE8A, initial: 0xFE8B, medial: 0xFE8C),  // Arabic Letter Yeh With Hamza Above
        0x0627: Forms(isolated: 0xFE8D, final: 0xFE8E, initial: 0, medial: 0),  // Arabic Letter Alef
        0x0628: Forms(isolated: 0xFE8F, final: 0xFE90, initial: 0xFE91, medial: 0xFE92),  // Arabic Letter Beh
        0x0629: Forms(isolated: 0xFE93, final: 0xFE94, initial: 0, medial: 0),  // Arabic Letter Teh Marbuta
        0x062A: Forms(isolated: 0xFE95, final: 0xFE96, initial: 0xFE97, medial: 0xFE98),  // Arabic Letter Teh
        0x062B: Forms(isolated: 0xFE99, final: 0xFE9A, initial: 0xFE9B, medial: 0xFE9C),  // Arabic Letter Theh
        0x062C: Forms(isolated: 0xFE9D, final: 0xFE9E, initial: 0xFE9F, medial: 0xFEA0),  // Arabic Letter Jeem
        0x062D: Forms(isolated: 0xFEA1, final: 0xFEA2, initial: 0xFEA3, medial: 0xFEA4),  // Arabic Letter Hah
        0x062E: Forms(isolated: 0xFEA5, final: 0xFEA6, initial: 0xFEA7, medial: 0xFEA8),  // Arabic Letter Khah
        0x062F: Forms(isolated: 0xFEA9, final: 0xFEAA, initial: 0, medial: 0),  // Arabic Letter Dal
        0x0630: Forms(isolated: 0xFEAB, final: 0xFEAC, initial: 0, medial: 0),  // Arabic Letter Thal
        0x0631: Forms(isolated: 0xFEAD, final: 0xFEAE, initial: 0, medial: 0),  // Arabic Letter Reh
        0x0632: Forms(isolated: 0xFEAF, final: 0xFEB0, initial: 0, medial: 0),  // Arabic Letter Zain
        0x0633: Forms(isolated: 0xFEB1, final: 0xFEB2, initial: 0xFEB3, medial: 0xFEB4),  // Arabic Letter Seen
        0x0634: Forms(isolated: 0xFEB5, final: 0xFEB6, initial: 0xFEB7, medial: 0xFEB8),  // Arabic Letter Sheen
        0x0635: Forms(isolated: 0xFEB9, final: 0xFEBA, initial: 0xFEBB, medial: 0xFEBC),  // Arabic Letter Sad
        0x0636: Forms(isolated: 0xFEBD, final: 0xFEBE, initial: 0xFEBF, medial: 0xFEC0),  // Arabic Letter Dad
        0x0637: Forms(isolated: 0xFEC1, final: 0xFEC2, initial: 0xFEC3, medial: 0xFEC4),  // Arabic Letter Tah
        0x0638: Forms(isolated: 0xFEC5, final: 0xFEC6, initial: 0xFEC7, medial: 0xFEC8),  // Arabic Letter Zah
        0x0639: Forms(isolated: 0xFEC9, final: 0xFECA, initial: 0xFECB, medial: 0xFECC),  // Arabic Letter Ain
        0x063A: Forms(isolated: 0xFECD, final: 0xFECE, initial: 0xFECF, medial: 0xFED0),  // Arabic Letter Ghain
        0x0641: Forms(isolated: 0xFED1, final: 0xFED2, initial: 0xFED3, medial: 0xFED4),  // Arabic Letter Feh
        0x0642: Forms(isolated: 0xFED5, final: 0xFED6, initial: 0xFED7, medial: 0xFED8),  // Arabic Letter Qaf
        0x0643: Forms(isolated: 0xFED9, final: 0xFEDA, initial: 0xFEDB, medial: 0xFEDC),  // Arabic Letter Kaf
        0x0644: Forms(isolated: 0xFEDD, final: 0xFEDE, initial: 0xFEDF, medial: 0xFEE0),  // Arabic Letter Lam
        0x0645: Forms(isolated: 0xFEE1, final: 0xFEE2, initial: 0xFEE3, medial: 0xFEE4),  // Arabic Letter Meem
        0x0646: Forms(isolated: 0xFEE5, final: 0xFEE6, initial: 0xFEE7, medial: 0xFEE8),  // Arabic Letter Noon
        0x0647: Forms(isolated: 0xFEE9, final: 0xFEEA, initial: 0xFEEB, medial: 0xFEEC),  // Arabic Letter Heh
        0x0648: Forms(isolated: 0xFEED, final: 0xFEEE, initial: 0, medial: 0),  // Arabic Letter Waw
        0x0649: Forms(isolated: 0xFEEF, final: 0xFEF0, initial: 0, medial: 0),  // Arabic Letter Alef Maksura
        0x064A: Forms(isolated: 0xFEF1, final: 0xFEF2, initial: 0xFEF3, medial: 0xFEF4),  // Arabic Letter Yeh
        0x0671: Forms(isolated: 0xFB50, final: 0xFB51, initial: 0, medial: 0),  // Arabic Letter Alef Wasla
        0x0677: Forms(isolated: 0xFBDD, final: 0, initial: 0, medial: 0),  // Arabic Letter U With Hamza Above
        0x0679: Forms(isolated: 0xFB66, final: 0xFB67, initial: 0xFB68, medial: 0xFB69),  // Arabic Letter Tteh
        0x067A: Forms(isolated: 0xFB5E, final: 0xFB5F, initial: 0xFB60, medial: 0xFB61),  // Arabic Letter Tteheh
        0x067B: Forms(isolated: 0xFB52, final: 0xFB53, initial: 0xFB54, medial: 0xFB55),  // Arabic Letter Beeh
        0x067E: Forms(isolated: 0xFB56, final: 0xFB57, initial: 0xFB58, medial: 0xFB59),  // Arabic Letter Peh
        0x067F: Forms(isolated: 0xFB62, final: 0xFB63, initial: 0xFB64, medial: 0xFB65),  // Arabic Letter Teheh
        0x0680: Forms(isolated: 0xFB5A, final: 0xFB5B, initial: 0xFB5C, medial: 0xFB5D),  // Arabic Letter Beheh
        0x0683: Forms(isolated: 0xFB76, final: 0xFB77, initial: 0xFB78, medial: 0xFB79),  // Arabic Letter Nyeh
        0x0684: Forms(isolated: 0xFB72, final: 0xFB73, initial: 0xFB74, medial: 0xFB75),  // Arabic Letter Dyeh
        0x0686: Forms(isolated: 0xFB7A, final: 0xFB7B, initial: 0xFB7C, medial: 0xFB7D),  // Arabic Letter Tcheh
        0x0687: Forms(isolated: 0xFB7E, final: 0xFB7F, initial: 0xFB80, medial: 0xFB81),  // Arabic Letter Tcheheh
        0x0688: Forms(isolated: 0xFB88, final: 0xFB89, initial: 0, medial: 0),  // Arabic Letter Ddal
        0x068C: Forms(isolated: 0xFB84, final: 0xFB85, initial: 0, medial: 0),  // Arabic Letter Dahal
        0x068D: Forms(isolated: 0xFB82, final: 0xFB83, initial: 0, medial: 0),  // Arabic Letter Ddahal
        0x068E: Forms(isolated: 0xFB86, final: 0xFB87, initial: 0, medial: 0),  // Arabic Letter Dul
        0x0691: Forms(isolated: 0xFB8C, final: 0xFB8D, initial: 0, medial: 0),  // Arabic Letter Rreh
        0x0698: Forms(isolated: 0xFB8A, final: 0xFB8B, initial: 0, medial: 0),  // Arabic Letter Jeh
        0x06A4: Forms(isolated: 0xFB6A, final: 0xFB6B, initial: 0xFB6C, medial: 0xFB6D),  // Arabic Letter Veh
        0x06A6: Forms(isolated: 0xFB6E, final: 0xFB6F, initial: 0xFB70, medial: 0xFB71),  // Arabic Letter Peheh
        0x06A9: Forms(isolated: 0xFB8E, final: 0xFB8F, initial: 0xFB90, medial: 0xFB91),  // Arabic Letter Keheh
        0x06AD: Forms(isolated: 0xFBD3, final: 0xFBD4, initial: 0xFBD5, medial: 0xFBD6),  // Arabic Letter Ng
        0x06AF: Forms(isolated: 0xFB92, final: 0xFB93, initial: 0xFB94, medial: 0xFB95),  // Arabic Letter Gaf
        0x06B1: Forms(isolated: 0xFB9A, final: 0xFB9B, initial: 0xFB9C, medial: 0xFB9D),  // Arabic Letter Ngoeh
        0x06B3: Forms(isolated: 0xFB96, final: 0xFB97, initial: 0xFB98, medial: 0xFB99),  // Arabic Letter Gueh
        0x06BA: Forms(isolated: 0xFB9E, final: 0xFB9F, initial: 0, medial: 0),  // Arabic Letter Noon Ghunna
        0x06BB: Forms(isolated: 0xFBA0, final: 0xFBA1, initial: 0xFBA2, medial: 0xFBA3),  // Arabic Letter Rnoon
        0x06BE: Forms(isolated: 0xFBAA, final: 0xFBAB, initial: 0xFBAC, medial: 0xFBAD),  // Arabic Letter Heh Doachashmee
        0x06C0: Forms(isolated: 0xFBA4, final: 0xFBA5, initial: 0, medial: 0),  // Arabic Letter Heh With Yeh Above
        0x06C1: Forms(isolated: 0xFBA6, final: 0xFBA7, initial: 0xFBA8, medial: 0xFBA9),  // Arabic Letter Heh Goal
        0x06C5: Forms(isolated: 0xFBE0, final: 0xFBE1, initial: 0, medial: 0),  // Arabic Letter Kirghiz Oe
        0x06C6: Forms(isolated: 0xFBD9, final: 0xFBDA, initial: 0, medial: 0),  // Arabic Letter Oe
        0x06C7: Forms(isolated: 0xFBD7, final: 0xFBD8, initial: 0, medial: 0),  // Arabic Letter U
        0x06C8: Forms(isolated: 0xFBDB, final: 0xFBDC, initial: 0, medial: 0),  // Arabic Letter Yu
        0x06C9: Forms(isolated: 0xFBE2, final: 0xFBE3, initial: 0, medial: 0),  // Arabic Letter Kirghiz Yu
        0x06CB: Forms(isolated: 0xFBDE, final: 0xFBDF, initial: 0, medial: 0),  // Arabic Letter Ve
        0x06CC: Forms(isolated: 0xFBFC, final: 0xFBFD, initial: 0xFBFE, medial: 0xFBFF),  // Arabic Letter Farsi Yeh
        0x06D0: Forms(isolated: 0xFBE4, final: 0xFBE5, initial: 0xFBE6, medial: 0xFBE7),  // Arabic Letter E
        0x06D2: Forms(isolated: 0xFBAE, final: 0xFBAF, initial: 0, medial: 0),  // Arabic Letter Yeh Barree
        0x06D3: Forms(isolated: 0xFBB0, final: 0xFBB1, initial: 0, medial: 0),  // Arabic Letter Yeh Barree With Hamza Above
    ]
}
