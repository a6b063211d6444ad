import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// What the service answers to a WebSocket upgrade request.
enum UpgradeDecision: Sendable {
  /// Upgrades with the header fields (the subprotocol picked), and runs the handler on the
  /// WebSocket.
  case upgrade(HTTPFields, WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>)
  /// Refuses, answering with the error.
  case refuse(ConnectionGuard.Answer)
}

/// A connection of the service: HTTP/1.1 with a WebSocket upgrade (Hummingbird's
/// `HTTP1WebSocketUpgradeChannel`), guarded by a ``ConnectionGuard``.
///
/// The HTTP decoder's limit on a request's line and header fields is the configuration's
/// `headerLimit`; the guard answers a request over it (431), times connections (Hummingbird's
/// own idle timeout is off: it starts only after the first request), and answers a refused
/// upgrade with the service's JSON error instead of the library's empty 400.
struct ServiceChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  private let upgradeChannel: HTTP1WebSocketUpgradeChannel
  private let limits: ConnectionGuard.Limits

  /// Creates the connections' setup.
  ///
  /// - Parameters:
  ///   - responder: The application's HTTP responder.
  ///   - limits: The guard's times.
  ///   - headerLimit: The largest request line and header fields, in bytes.
  ///   - decide: Answers a WebSocket upgrade request.
  init(
    responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionGuard.Limits, headerLimit: Int,
    decide: @escaping @Sendable (HTTPRequest, Logger) async -> UpgradeDecision
  ) {
    self.limits = limits
    let http1 = HTTP1Channel.Configuration(
      idleTimeout: nil,
      httpDecoderConfiguration: .init(maxHeaderFieldSize: headerLimit, maxHeaderListSize: headerLimit))
    upgradeChannel = HTTP1WebSocketUpgradeChannel(
      responder: responder, configuration: .init(http1: http1, ws: .init())
    ) { head, channel, logger in
      switch await decide(head, logger) {
      case .upgrade(let headers, let handler):
        return .upgrade(headers, handler)
      case .refuse(let answer):
        // The guard writes the answer in place of the library's.
        try? await channel.eventLoop.submit {
          try channel.pipeline.syncOperations.handler(type: ConnectionGuard.self).refuse(with: answer)
        }.get()
        return .dontUpgrade
      }
    }
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    let limits = limits
    return upgradeChannel.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try pipeline.addHandler(ConnectionGuard(limits: limits), position: .after(decoder))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await upgradeChannel.handle(value: value, logger: logger)
  }
}
