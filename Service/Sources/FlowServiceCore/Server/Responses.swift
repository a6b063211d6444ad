import Foundation
import Hummingbird
import NIOCore

/// Runs `body`, turning its error into a ``ServiceError``.
func mapped<T>(_ body: () async throws -> T) async throws(ServiceError) -> T {
  do {
    return try await body()
  } catch {
    throw ServiceError(any: error)
  }
}

/// A value's JSON text, keys sorted.
func text(_ value: some Encodable) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
}

/// A JSON answer.
func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
  let data = Data(text(value).utf8)
  return Response(
    status: status, headers: [.contentType: "application/json"],
    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
}
