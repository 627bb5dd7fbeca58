import Behave

// The app's code uses the host as any app does; what matters here is what its manifest resolves.
print("Behave \(BehaveVersion.current), Lua \(BehaveVersion.lua)")
