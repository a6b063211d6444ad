import AppFlow
import Testing

@Suite struct AppFlowTests {
  @Test func theModuleDeclaresItsVersion() {
    #expect(AppFlowVersion.current == "0.2.0")
  }
}
