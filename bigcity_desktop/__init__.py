"""Big City Desktop: a PySide6 desktop board game."""

# The program's version, written here and nowhere else: pyproject.toml,
# packaging/ (PyInstaller spec, .deb, Inno Setup, macOS Info.plist), the About
# box and the game records all read it from this line.
__version__ = "0.1.0"
