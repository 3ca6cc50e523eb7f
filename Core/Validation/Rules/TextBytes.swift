extension String {
    /// Calls `body` with the text's UTF-8 bytes in one buffer: in place for a
    /// native string, from a copy otherwise (a bridged string). Rules read
    /// text this way so that their loops run over plain bytes.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
