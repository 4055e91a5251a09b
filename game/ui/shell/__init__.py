"""The app's parts that are not scenes: the scene registry, the theme, the window, the
keyboard focus, the toast and the crash reports (game/ui/app.py puts them together)."""
