"""Paper Wars: five pencil-and-paper wargames in one desktop app."""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _version() -> str:
    """The one version, written once in pyproject.toml: read from there in a source checkout
    (an editable install's metadata can be stale), from the package metadata otherwise
    (wheel, pipx, and the bundles, where build.spec copies the metadata in)."""
    import re
    from importlib import metadata
    from pathlib import Path

    project = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if project.is_file():
        found = re.search(r'^version\s*=\s*"([^"]+)"', project.read_text(encoding="utf-8"), re.M)
        if found and 'name = "paperwars"' in project.read_text(encoding="utf-8"):
            return found.group(1)
    try:
        return metadata.version("paperwars")
    except metadata.PackageNotFoundError:
        return "unknown"


__version__ = _version()
