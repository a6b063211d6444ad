import Foundation
import NIOSSL
import PostgresNIO

/// PostgreSQL connection URLs, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, as
/// ``ServiceConfiguration/postgresURL`` takes them: the service reads them into its client's
/// configuration, and an embedder writes them in logs without their password.
///
/// ```swift
/// logger.info("Starting", metadata: ["database": "\(PostgresURL.redacted(url))"])
/// ```
///
/// The scheme is `postgres` or `postgresql`; the user is required; the port defaults to 5432
/// and the database to the user's name. `sslmode` is `disable`, `prefer` (the default: TLS
/// when the server offers it) or `require`. Percent-escapes in the user and password are
/// decoded.
public enum PostgresURL {
  /// A URL that can't be read: its message says which part is wrong.
  struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sentence naming the problem.
    let message: String
    /// The message.
    var description: String { message }
  }

  /// The client configuration that `url` describes.
  ///
  /// - Parameter url: The connection URL.
  /// - Returns: The configuration.
  /// - Throws: ``Invalid`` when the URL is not one.
  static func configuration(_ url: String) throws(Invalid) -> PostgresClient.Configuration {
    let parts = try Parts(url)
    let tls: PostgresClient.Configuration.TLS =
      switch parts.mode {
      case .disable: .disable
      case .prefer: .prefer(.makeClientConfiguration())
      case .require: .require(.makeClientConfiguration())
      }
    return PostgresClient.Configuration(
      host: parts.host, port: parts.port, username: parts.user, password: parts.password,
      database: parts.database,
      tls: tls)
  }

  /// The configuration of a single connection (one that listens for notifications) that
  /// `url` describes.
  ///
  /// - Parameter url: The connection URL.
  /// - Returns: The configuration.
  /// - Throws: ``Invalid`` when the URL is not one, or TLS can't be set up.
  static func connectionConfiguration(_ url: String) throws(Invalid)
    -> PostgresConnection.Configuration
  {
    let parts = try Parts(url)
    let tls: PostgresConnection.Configuration.TLS
    do {
      switch parts.mode {
      case .disable: tls = .disable
      case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
      case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
      }
    } catch {
      throw Invalid(message: "Can't set up TLS for '\(redacted(url))': \(error).")
    }
    return PostgresConnection.Configuration(
      host: parts.host, port: parts.port, username: parts.user, password: parts.password,
      database: parts.database,
      tls: tls)
  }

  /// A URL's parts.
  private struct Parts {
    enum Mode { case disable, prefer, require }

    let host: String
    let port: Int
    let user: String
    let password: String?
    let database: String
    let mode: Mode

    init(_ url: String) throws(Invalid) {
      guard let components = URLComponents(string: url) else {
        throw Invalid(message: "'\(redacted(url))' is not a URL.")
      }
      guard let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else {
        throw Invalid(message: "'\(redacted(url))' is not a postgres:// URL.")
      }
      guard let host = components.host, !host.isEmpty else {
        throw Invalid(message: "'\(redacted(url))' names no host.")
      }
      guard let user = components.user?.removingPercentEncoding, !user.isEmpty else {
        throw Invalid(message: "'\(redacted(url))' names no user.")
      }
      let port = components.port ?? 5432
      guard (1...65535).contains(port) else {
        throw Invalid(message: "'\(redacted(url))' has the port \(port), which is not one.")
      }
      let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
      let mode = components.queryItems?.last { $0.name == "sslmode" }?.value ?? "prefer"
      switch mode {
      case "disable": self.mode = .disable
      case "prefer": self.mode = .prefer
      case "require": self.mode = .require
      default:
        throw Invalid(
          message: "'\(redacted(url))' has sslmode '\(mode)'; the modes are disable, prefer, require.")
      }
      self.host = host
      self.port = port
      self.user = user
      self.password = components.password?.removingPercentEncoding
      self.database = path.isEmpty ? user : path
    }
  }

  /// `url` with its password replaced by `***`, for messages and logs.
  ///
  /// - Parameter url: A connection URL.
  /// - Returns: The URL without its password.
  public static func redacted(_ url: String) -> String {
    guard var components = URLComponents(string: url), components.password != nil else { return url }
    components.password = "***"
    return components.string ?? url
  }
}
