import AppFlow
import Crypto
import Foundation
import Synchronization

/// Who may do what: the API key opens every endpoint, a session's secret opens that session's
/// own endpoints (`/sessions/{id}` and below), and nothing opens anything else.
///
/// A session's secret is `HMAC-SHA256(session key, session identifier)`, in base64url without
/// padding (43 characters): nothing is stored per session, the secret is the same after a
/// restart and on every instance that has the same session key, and a secret says nothing
/// about another session's. Every comparison of a credential takes the same time whatever
/// the credential (HMAC's own check for secrets; digests compared byte for byte, without an
/// early exit, for the API key and the inspector's cookie), so its timing can't reveal a key
/// a byte at a time. No credential is ever written to a log or an error message.
final class Authentication: Sendable {
  /// SHA-256 of the API key: what a presented key's digest is compared with.
  private let apiKeyDigest: [UInt8]
  /// The inspector's cookie value: a MAC made with the API key, so the cookie is not the key.
  let inspectorCookie: String
  /// The key of the sessions' secrets; `nil` until it is loaded (before the server listens).
  private let sessionKey: Mutex<SymmetricKey?>
  /// The secrets (their MACs, not their text) of the sessions checked lately, so that a
  /// session's requests don't compute its HMAC each time; emptied when it holds
  /// ``recentSecretLimit`` sessions, and when the session key is set.
  private let recentSecrets = Mutex<[SessionID: [UInt8]]>([:])

  /// How many sessions' secrets ``opens(_:with:)`` keeps at most (32 bytes each, besides
  /// the identifier).
  ///
  /// Computing the HMAC and the API key's digest for every session's request would take about
  /// 2.3 % of the server's CPU in the load test's `open` (`perf`, release build).
  static let recentSecretLimit = 4096

  /// The realm that `WWW-Authenticate` names.
  static let realm = "FlowService"
  /// The name of the inspector's cookie.
  static let cookieName = "flow_service_inspector"
  /// The WebSocket subprotocol that the server picks when a client offers it beside its
  /// credential (`Sec-WebSocket-Protocol: flow-service, bearer.<secret>`).
  static let webSocketProtocol = "flow-service"
  /// The prefix of the WebSocket subprotocol that carries a credential.
  static let webSocketBearerPrefix = "bearer."

  /// Creates the checks of `apiKey`, with the sessions' key if it is known already.
  ///
  /// - Parameters:
  ///   - apiKey: The API key.
  ///   - sessionKey: The key of the sessions' secrets; set it later with ``setSessionKey(_:)``
  ///     when it comes from the database.
  init(apiKey: String, sessionKey: [UInt8]? = nil) {
    apiKeyDigest = Array(SHA256.hash(data: Array(apiKey.utf8)))
    let cookie = HMAC<SHA256>.authenticationCode(
      for: Array("FlowService inspector cookie".utf8), using: SymmetricKey(data: Array(apiKey.utf8)))
    inspectorCookie = Self.base64URL(Array(cookie))
    self.sessionKey = Mutex(sessionKey.map { SymmetricKey(data: $0) })
  }

  /// Sets the key of the sessions' secrets.
  func setSessionKey(_ key: [UInt8]) {
    sessionKey.withLock { $0 = SymmetricKey(data: key) }
    recentSecrets.withLock { $0.removeAll() }
  }

  /// The session's secret: `HMAC-SHA256(session key, id)`, base64url without padding.
  ///
  /// - Throws: 503 `notReady` when the session key is not loaded yet.
  func secret(for id: SessionID) throws(ServiceError) -> String {
    let key = try currentSessionKey()
    return Self.base64URL(Array(HMAC<SHA256>.authenticationCode(for: Array(id.rawValue.utf8), using: key)))
  }

  /// A Boolean value indicating whether `token` is the API key (in constant time).
  func isAPIKey(_ token: some StringProtocol) -> Bool {
    Self.constantTimeEqual(Array(SHA256.hash(data: Array(token.utf8))), apiKeyDigest)
  }

  /// A Boolean value indicating whether `value` is the inspector's cookie (in constant time).
  func isInspectorCookie(_ value: some StringProtocol) -> Bool {
    Self.constantTimeEqual(
      Array(SHA256.hash(data: Array(value.utf8))), Array(SHA256.hash(data: Array(inspectorCookie.utf8))))
  }

  /// A Boolean value indicating whether `token` opens the session: it is the session's
  /// secret or the API key.
  ///
  /// The session's secret is looked at first, compared byte for byte without an early exit
  /// with the MAC kept for the session (made once, ``recentSecretLimit``); then the API key.
  func opens(_ id: SessionID, with token: some StringProtocol) throws(ServiceError) -> Bool {
    let expected: [UInt8]
    do {
      expected = try sessionMAC(id)
    } catch {
      if isAPIKey(token) { return true }
      throw error
    }
    if let mac = Self.bytes(base64URL: token), Self.constantTimeEqual(mac, expected) { return true }
    return isAPIKey(token)
  }

  /// The MAC of the session's secret: kept from an earlier request, or made and kept.
  private func sessionMAC(_ id: SessionID) throws(ServiceError) -> [UInt8] {
    if let mac = recentSecrets.withLock({ $0[id] }) { return mac }
    let key = try currentSessionKey()
    let mac = Array(HMAC<SHA256>.authenticationCode(for: Array(id.rawValue.utf8), using: key))
    recentSecrets.withLock { secrets in
      if secrets.count >= Self.recentSecretLimit { secrets.removeAll() }
      secrets[id] = mac
    }
    return mac
  }

  /// Forgets the secrets kept of `sessions` (evicted: their next request, if any, computes
  /// the secret again), so that no session this instance released stays here.
  func forget(_ sessions: some Sequence<SessionID>) {
    recentSecrets.withLock { secrets in
      guard !secrets.isEmpty else { return }
      for session in sessions { secrets[session] = nil }
      secrets.shrinkIfSparse()
    }
  }

  /// How many sessions' secrets are kept (for tests).
  var recentSecretCount: Int { recentSecrets.withLock { $0.count } }

  // MARK: Decisions

  /// Checks a request to an admin endpoint: `token` must be the API key.
  ///
  /// - Throws: 401 ``ServiceError/missingCredentials(_:)`` without a token,
  ///   ``ServiceError/invalidCredentials(_:)`` with another one.
  func checkAdmin(_ token: String?) throws(ServiceError) {
    guard let token else {
      throw .missingCredentials("This endpoint needs the API key: send 'Authorization: Bearer <API key>'.")
    }
    guard isAPIKey(token) else {
      throw .invalidCredentials("The credential is not the API key.")
    }
  }

  /// Checks a request to a session's endpoint (`segment` is the path's identifier): `token`
  /// must be the session's secret or the API key.
  ///
  /// A token that opens neither is answered exactly as a session that does not exist (404
  /// `unknownSession`), so that a stranger's guess can't tell whether a session exists.
  ///
  /// - Throws: 401 ``ServiceError/missingCredentials(_:)`` without a token; 400
  ///   `invalidSessionID` when `segment` is not an identifier (and the token not the API key);
  ///   404 `unknownSession` when the token opens neither this session nor all.
  func checkSession(_ segment: Substring, _ token: String?) throws(ServiceError) {
    guard let token else {
      throw .missingCredentials(
        "A session's endpoints need its secret (from POST /sessions) or the API key: send 'Authorization: Bearer <secret>'."
      )
    }
    let id: SessionID
    do {
      id = try SessionID(String(segment))
    } catch {
      if isAPIKey(token) { return }
      throw ServiceError(error)
    }
    guard try opens(id, with: token) else { throw .unknownSession(id) }
  }

  private func currentSessionKey() throws(ServiceError) -> SymmetricKey {
    guard let key = sessionKey.withLock({ $0 }) else {
      throw ServiceError(
        status: 503, code: "notReady", message: "The service has not loaded its session key yet.")
    }
    return key
  }

  // MARK: Credentials in requests

  /// The token of an `Authorization: Bearer <token>` field's value, or `nil` (the scheme's
  /// name in any case, as RFC 9110 allows; spaces and tabs around the token ignored).
  ///
  /// Read from the UTF-8 directly: Foundation's lowercasing and trimming would cost an open
  /// about 5 µs of the server's CPU (perf, release, the load test's `open`).
  static func bearer(_ authorization: String?) -> String? {
    guard let authorization else { return nil }
    let bytes = authorization.utf8
    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard let start = bytes.firstIndex(where: { !isBlank($0) }) else { return nil }
    let scheme = bytes[start...].prefix { $0 != UInt8(ascii: " ") }
    // A byte whose lowercase bit set makes a lowercase letter is that letter in either case.
    guard scheme.count == 6, zip(scheme, "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
    let rest = bytes[scheme.endIndex...]
    guard let first = rest.firstIndex(where: { !isBlank($0) }),
      let last = rest.lastIndex(where: { !isBlank($0) })
    else { return nil }
    return String(authorization[first...last])
  }

  /// The credential offered as a WebSocket subprotocol `bearer.<token>` in the
  /// `Sec-WebSocket-Protocol` field's values, and whether `flow-service` was offered too.
  static func webSocketBearer(_ values: [String]) -> (token: String?, offersProtocol: Bool) {
    var token: String?
    var offers = false
    for value in values {
      for item in value.split(separator: ",") {
        let name = item.trimmingCharacters(in: .whitespaces)
        if name == webSocketProtocol {
          offers = true
        } else if name.hasPrefix(webSocketBearerPrefix), token == nil {
          let rest = String(name.dropFirst(webSocketBearerPrefix.count))
          if !rest.isEmpty { token = rest }
        }
      }
    }
    return (token, offers)
  }

  /// The value of the cookie `name` in `Cookie` fields' values, or `nil`.
  static func cookie(_ name: String, in values: [String]) -> String? {
    for value in values {
      for pair in value.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
          return parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
    }
    return nil
  }

  // MARK: Bytes

  /// A new random key: 32 bytes from the system's secure generator.
  static func randomKey() -> [UInt8] {
    SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
  }

  /// A new random API key: 32 random bytes in base64url (43 characters).
  static func generatedAPIKey() -> String {
    base64URL(randomKey())
  }

  /// Whether two byte arrays are equal, looking at every byte whatever the first difference.
  static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
  }

  /// The base64url alphabet (RFC 4648 §5), by value.
  private static let base64URLAlphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// `bytes` in base64url without padding (RFC 4648 §5).
  ///
  /// Written directly: Foundation's Base64 and its string replacements would cost an open
  /// about 10 µs of the server's CPU in the secret's check (perf, release, the load test's
  /// `open`).
  static func base64URL(_ bytes: [UInt8]) -> String {
    var text: [UInt8] = []
    text.reserveCapacity((bytes.count * 4 + 2) / 3)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for digit in 0...count {
        text.append(base64URLAlphabet[Int(group >> UInt32(18 - 6 * digit) & 0x3F)])
      }
      index += 3
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The value of a base64url digit, or `nil` for another byte.
  private static func base64URLValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a") + 26)
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0") + 52)
    case UInt8(ascii: "-"): 62
    case UInt8(ascii: "_"): 63
    default: nil
    }
  }

  /// The bytes of base64url text without padding, or `nil` when it is not base64url: a byte
  /// outside the alphabet, a length that no bytes have (4n + 1), or bits set past the last
  /// byte (so one text stands for given bytes).
  static func bytes(base64URL text: some StringProtocol) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 4 != 1 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count * 3 / 4)
    var index = 0
    while index < digits.count {
      let count = min(4, digits.count - index)
      var group: UInt32 = 0
      for offset in 0..<4 {
        guard offset < count else {
          group <<= 6
          continue
        }
        guard let value = base64URLValue(digits[index + offset]) else { return nil }
        group = group << 6 | value
      }
      let produced = count - 1
      // The bits the last digit carries past the last byte are zero.
      guard group & (0xFF_FFFF >> UInt32(8 * produced)) == 0 else { return nil }
      for byte in 0..<produced { bytes.append(UInt8(truncatingIfNeeded: group >> UInt32(16 - 8 * byte))) }
      index += 4
    }
    return bytes
  }
}
