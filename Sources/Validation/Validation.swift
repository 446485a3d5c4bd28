// TetherValidation: see issue 3.
@_exported public import Tether
