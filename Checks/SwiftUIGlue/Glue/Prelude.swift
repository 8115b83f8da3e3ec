// The glue files are the root modules' own, compiled here as one module: these imports stand in
// for the module they belong to (they use only public API).
@_exported public import FeedbackLoop
@_exported public import StoreKitLite
@_exported public import StreamCore
