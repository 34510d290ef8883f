"""Big City Desktop: a PySide6 desktop board game."""

__version__ = "0.1.0"
