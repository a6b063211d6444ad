/// A URL ready to be matched: checked against the limits, cut into parts, the scheme and host
/// lowercased (ASCII letters), every segment and query item percent-decoded.
struct ScannedURL {
  /// The URL as given.
  let text: String
  /// The scheme, lowercased.
  let scheme: SegmentKey
  /// The host, lowercased.
  let host: SegmentKey
  /// The path's segments, percent-decoded after splitting.
  let segments: [SegmentKey]
  /// The query's items in order, percent-decoded.
  let query: [(key: String, value: String)]

  /// Scans `url`.
  ///
  /// - Throws: ``RouteError/emptyURL``, ``RouteError/urlTooLong(_:length:)``,
  ///   ``RouteError/relativeURL(_:)``, ``RouteError/malformedURL(_:reason:)``,
  ///   ``RouteError/tooManySegments(_:count:)``.
  init(_ url: some StringProtocol) throws(RouteError) {
    var text = String(url)
    guard !text.isEmpty else { throw .emptyURL }
    let length = text.utf8.count
    guard length <= URLLimits.maximumLength else {
      throw .urlTooLong(URLLimits.shown(text), length: length)
    }
    let scanned = text.withUTF8 { bytes in Result { () throws(RouteError) in try Self.scan(bytes) } }
    (scheme, host, segments, query) = try scanned.get()
    self.text = text
  }

  /// The parts of the UTF-8 `bytes`, or the error naming what is wrong (with an empty URL
  /// that the caller fills in).
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>
  ) throws(RouteError) -> (SegmentKey, SegmentKey, [SegmentKey], [(key: String, value: String)]) {
    let shown = { URLLimits.shown(URLParts.string(bytes, 0..<bytes.count)) }
    let parts: URLParts
    do {
      parts = try URLParts(bytes)
    } catch .relative {
      throw .relativeURL(shown())
    } catch {
      throw .malformedURL(shown(), reason: error.reason)
    }
    let pieces = parts.segments(bytes)
    guard pieces.count <= URLLimits.maximumSegments else {
      throw .tooManySegments(shown(), count: pieces.count)
    }
    var segments: [SegmentKey] = []
    segments.reserveCapacity(pieces.count)
    var query: [(key: String, value: String)] = []
    do {
      for piece in pieces {
        let text = try PercentCoding.decode(bytes, piece)
        let isPlain = text.utf8.count == piece.count
        segments.append(isPlain ? SegmentKey(text, bytes: bytes, piece) : SegmentKey(text))
      }
      for item in parts.queryItems(bytes) {
        query.append((try PercentCoding.decode(bytes, item.key), try PercentCoding.decode(bytes, item.value)))
      }
    } catch .malformedEscape {
      throw .malformedURL(shown(), reason: "'%' is not followed by two hexadecimal digits")
    } catch {
      throw .malformedURL(shown(), reason: "percent-decoding gives invalid UTF-8")
    }
    return (
      SegmentKey(PercentCoding.lowercased(bytes, parts.scheme)),
      SegmentKey(PercentCoding.lowercased(bytes, parts.host)),
      segments, query
    )
  }

  /// The URL as errors show it (at most 200 characters).
  var shown: String { URLLimits.shown(text) }

  /// The value of the first query item named `key`, or `nil`.
  func queryValue(_ key: String) -> String? {
    for item in query where item.key == key { return item.value }
    return nil
  }
}
