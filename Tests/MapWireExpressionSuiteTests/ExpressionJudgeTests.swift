import MapWireJSON
import Testing
@testable import MapWireExpressionSuite

struct ExpressionJudgeTests {
    @Test(arguments: [
        (1.0, 1.0), (8.165978, 8.16597), (0.001701883, 0.00170188), (123456789, 123456789), (-2.7182818, -2.71829),
        (0.466326416, 0.466326), (100, 100), (0, 0),
    ] as [(Double, Double)])
    func stripsToSixSignificantFigures(_ value: Double, _ stripped: Double) {
        #expect(ExpressionJudge.stripPrecision(value) == stripped)
    }

    @Test func numbersAgreeToSixSignificantFigures() {
        #expect(ExpressionJudge.equal(.number(0.9853372), .number(0.985337)))
        #expect(ExpressionJudge.equal(.int(2), .number(2.0000001)))
        #expect(!ExpressionJudge.equal(.number(0.98534), .number(0.985337)))
        #expect(!ExpressionJudge.equal(.number(.nan), .number(.nan)))
    }

    @Test func typesMustAgree() {
        #expect(!ExpressionJudge.equal(.number(0), .string("0")))
        #expect(!ExpressionJudge.equal(.null, .number(0)))
        #expect(!ExpressionJudge.equal(.bool(false), .null))
        #expect(!ExpressionJudge.equal(.null, nil))
        #expect(ExpressionJudge.equal(nil, nil))
    }

    @Test func objectsIgnoreKeyOrderAndArraysKeepTheirs() {
        let a = JSONValue.object([JSONMember("a", .int(1)), JSONMember("b", .array([.int(1), .int(2)]))])
        let b = JSONValue.object([JSONMember("b", .array([.int(1), .int(2)])), JSONMember("a", .number(1))])
        #expect(ExpressionJudge.equal(a, b))
        #expect(!ExpressionJudge.equal(.array([.int(1), .int(2)]), .array([.int(2), .int(1)])))
        #expect(!ExpressionJudge.equal(.object([JSONMember("a", .null)]), .object([])))
        // Both are objects without keys to the harness.
        #expect(ExpressionJudge.equal(.array([]), .object([])))
    }
}
