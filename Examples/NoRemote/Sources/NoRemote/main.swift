import Behave

// The app's code uses the host as any app does; what matters here is what its manifest resolves
// and what it links (scripts/no-remote).
print("Behave \(BehaveVersion.current), Lua \(BehaveVersion.lua)")
let host = try BehaveHost(modules: [])
_ = try await host.run(Behaviour(name: "hello.lua", source: "print('hello from the host alone')"))
