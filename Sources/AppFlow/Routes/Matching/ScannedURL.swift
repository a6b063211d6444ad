/// A URL ready to be matched: checked against the limits, cut into parts, the scheme and host
/// lowercased (ASCII letters), the segments found and hashed; the URL's UTF-8 is borrowed, so
/// a scanned URL lives only inside `String.withUTF8`.
struct ScannedURL {
  /// One path segment.
  struct Segment {
    /// Its bytes in the URL, as written.
    let range: Range<Int>
    /// Its text when percent-decoding changed it; `nil` when the bytes are the text.
    let decoded: String?
    /// The FNV-1a hash of its decoded UTF-8.
    let fnv: UInt64
  }

  /// The URL's UTF-8.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The scheme, lowercased.
  let scheme: SegmentKey
  /// The host, lowercased.
  let host: SegmentKey
  /// The path's segments, split on `/` before decoding.
  let segments: [Segment]
  /// The query's items in order, percent-decoded.
  let query: [(key: String, value: String)]

  /// Scans the UTF-8 `bytes` of a URL.
  ///
  /// - Throws: ``RouteError/relativeURL(_:)``, ``RouteError/malformedURL(_:reason:)``,
  ///   ``RouteError/tooManySegments(_:count:)``.
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(RouteError) {
    self.bytes = bytes
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
    var segments: [Segment] = []
    segments.reserveCapacity(pieces.count)
    var query: [(key: String, value: String)] = []
    do {
      for piece in pieces {
        if URLParts.firstIndex(of: UInt8(ascii: "%"), in: bytes, piece) == nil {
          segments.append(Segment(range: piece, decoded: nil, fnv: SegmentKey.hash(bytes, piece)))
        } else {
          let key = SegmentKey(try PercentCoding.decode(bytes, piece))
          segments.append(Segment(range: piece, decoded: key.text, fnv: key.fnv))
        }
      }
      for item in parts.queryItems(bytes) {
        query.append((try PercentCoding.decode(bytes, item.key), try PercentCoding.decode(bytes, item.value)))
      }
    } catch .malformedEscape {
      throw .malformedURL(shown(), reason: "'%' is not followed by two hexadecimal digits")
    } catch {
      throw .malformedURL(shown(), reason: "percent-decoding gives invalid UTF-8")
    }
    scheme = SegmentKey(PercentCoding.lowercased(bytes, parts.scheme))
    host = SegmentKey(PercentCoding.lowercased(bytes, parts.host))
    self.segments = segments
    self.query = query
  }

  /// The URL as errors show it (at most 200 characters).
  var shown: String { URLLimits.shown(URLParts.string(bytes, 0..<bytes.count)) }

  /// The decoded text of segment `index`.
  func text(_ index: Int) -> String {
    segments[index].decoded ?? URLParts.string(bytes, segments[index].range)
  }

  /// Calls `body` with the decoded UTF-8 of segment `index`.
  func withDecodedUTF8<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    guard var decoded = segments[index].decoded else {
      return body(UnsafeBufferPointer(rebasing: bytes[segments[index].range]))
    }
    return decoded.withUTF8(body)
  }

  /// The value of the first query item named `key`, or `nil`.
  func queryValue(_ key: String) -> String? {
    for item in query where item.key == key { return item.value }
    return nil
  }
}
