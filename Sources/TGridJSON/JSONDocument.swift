/// A parsed JSON document (placeholder until the engine lands).
public struct JSONDocumentPlaceholder {}
