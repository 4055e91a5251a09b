"""Paper Wars: five pencil-and-paper wargames in one desktop app."""

__version__ = "0.1.0"
