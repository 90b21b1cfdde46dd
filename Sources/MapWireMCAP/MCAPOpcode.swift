/// MCAP record opcodes (MCAP specification, major version 0).
public enum MCAPOpcode: UInt8, Sendable {
    case header = 0x01, footer = 0x02, schema = 0x03, channel = 0x04, message = 0x05, chunk = 0x06
    case messageIndex = 0x07, chunkIndex = 0x08, attachment = 0x09, attachmentIndex = 0x0A
    case statistics = 0x0B, metadata = 0x0C, metadataIndex = 0x0D, summaryOffset = 0x0E, dataEnd = 0x0F
}

public enum MCAPMagic {
    /// 0x89 "MCAP" "0" "\r\n": at the start and at the end of every file.
    public static let bytes: [UInt8] = [0x89, 0x4D, 0x43, 0x41, 0x50, 0x30, 0x0D, 0x0A]
}
