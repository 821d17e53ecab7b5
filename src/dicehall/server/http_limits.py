"""Limits on HTTP requests, before any route sees them: a cap on the body's
size, JSON without NaN or Infinity (and not nested without end), and
validation errors that always render."""

from __future__ import annotations

import json
import math
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: JSON nesting a request body may have
MAX_DEPTH = 32


class BodyLimit:
    """ASGI middleware: a request whose body is over ``limit`` bytes (by its
    Content-Length, or as it streams in) is answered 413 and not read further."""

    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await too_large(self.limit)(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise BodyTooLarge
            return message
        try:
            await self.app(scope, limited, send)
        except BodyTooLarge:
            await too_large(self.limit)(scope, receive, send)


class BodyTooLarge(Exception):
    pass


def too_large(limit: int) -> JSONResponse:
    return JSONResponse({"detail": f"a request body has at most {limit} bytes"}, status_code=413)


def check_json(value: Any, depth: int = 0) -> None:
    """Raise ValueError for NaN or an infinity anywhere in ``value``, or for
    nesting deeper than :data:`MAX_DEPTH`."""
    if depth > MAX_DEPTH:
        raise ValueError(f"the data is nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError("NaN and Infinity are not JSON numbers")
    if isinstance(value, dict):
        for item in value.values():
            check_json(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            check_json(item, depth + 1)


async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
    """422 with pydantic's errors, without the offending input (which may not
    even encode as JSON: NaN, a huge structure)."""
    detail = [{key: value for key, value in item.items() if key in ("type", "loc", "msg")}
              for item in error.errors()]
    return JSONResponse({"detail": json.loads(json.dumps(detail, default=str))}, status_code=422)
