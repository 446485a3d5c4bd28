// TetherDiagnostics: see issue 4.
@_exported public import Tether
