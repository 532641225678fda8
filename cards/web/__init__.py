"""The deck builder in the browser: `cards serve` (app.py), the JSON API (api.py), the page."""
