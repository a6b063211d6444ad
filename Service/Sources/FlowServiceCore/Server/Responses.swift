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

/// A value's JSON text, keys sorted, slashes as they are (`shop://cart`, not `shop:\/\/cart`).
func text(_ value: some Encodable) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
}

/// A JSON answer, with `headers` besides its content type.
func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
  let data = Data(text(value).utf8)
  var fields: HTTPFields = [.contentType: "application/json"]
  fields.append(contentsOf: headers)
  return Response(
    status: status, headers: fields,
    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
}
