"""The browser client: static HTML pages, plain ES modules drawing each game as
SVG from the game's layout and the seat's view, a stylesheet and message
catalogs. No build step; the server serves ``static/`` as it is (docs/web.md)."""
