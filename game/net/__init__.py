"""Remote play: a WebSocket server holding the games, and headless clients (docs/protocol.md)."""
