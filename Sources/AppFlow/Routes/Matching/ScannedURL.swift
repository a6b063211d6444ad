/// A URL ready to be matched: checked against the limits, cut into parts, the scheme and host
/// lowercased, every segment and query item percent-decoded.
struct ScannedURL {
  /// The URL as given.
  let text: Substring
  /// The scheme, lowercased.
  let scheme: String
  /// The host, lowercased.
  let host: String
  /// The path's segments, percent-decoded after splitting.
  let segments: [String]
  /// The query's items in order, percent-decoded.
  let query: [(key: String, value: String)]

  /// Scans `url`.
  ///
  /// - Throws: ``RouteError/emptyURL``, ``RouteError/urlTooLong(_:length:)``,
  ///   ``RouteError/relativeURL(_:)``, ``RouteError/malformedURL(_:reason:)``,
  ///   ``RouteError/tooManySegments(_:count:)``.
  init(_ url: some StringProtocol) throws(RouteError) {
    guard !url.isEmpty else { throw .emptyURL }
    let length = url.utf8.count
    guard length <= URLLimits.maximumLength else {
      throw .urlTooLong(URLLimits.shown(url), length: length)
    }
    let text = String(url)[...]
    let parts: URLParts
    do {
      parts = try URLParts(text)
    } catch .relative {
      throw .relativeURL(URLLimits.shown(text))
    } catch {
      throw .malformedURL(URLLimits.shown(text), reason: error.reason)
    }
    let pieces = parts.segments
    guard pieces.count <= URLLimits.maximumSegments else {
      throw .tooManySegments(URLLimits.shown(text), count: pieces.count)
    }
    scheme = PercentCoding.lowercased(parts.scheme)
    host = PercentCoding.lowercased(parts.host)
    var segments: [String] = []
    segments.reserveCapacity(pieces.count)
    var query: [(key: String, value: String)] = []
    do {
      for piece in pieces { segments.append(try PercentCoding.decode(piece)) }
      for item in parts.queryItems {
        query.append((try PercentCoding.decode(item.key), try PercentCoding.decode(item.value)))
      }
    } catch .malformedEscape {
      throw .malformedURL(
        URLLimits.shown(text), reason: "'%' is not followed by two hexadecimal digits")
    } catch {
      throw .malformedURL(URLLimits.shown(text), reason: "percent-decoding gives invalid UTF-8")
    }
    self.text = text
    self.segments = segments
    self.query = query
  }

  /// The URL as errors show it (at most 200 characters).
  var shown: String { URLLimits.shown(text) }

  /// The value of the first query item named `key`, or `nil`.
  func queryValue(_ key: String) -> String? {
    query.first { $0.key == key }?.value
  }
}
