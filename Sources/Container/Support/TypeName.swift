/// The name shown for a type in errors, reports and graphs: short, stable across runs and platforms.
@usableFromInline
func typeName(_ type: any Any.Type) -> String {
    String(describing: type)
}
