#!/usr/bin/env python3
"""A scripted HTTP server on 127.0.0.1 for behave's remote tests.

Usage: behave-test-server.py DIR [CERT KEY]
With CERT and KEY (PEM files) it speaks https. Prints the port it listens on, then serves GET requests as DIR/routes.json says (read on every request,
so a test changes what the server does by rewriting it). Each request is appended to DIR/requests.jsonl.

A route (keyed by path) may hold:
  status         HTTP status (default 200)
  body | file | generate   the body: a string, a file's bytes, or N filler bytes
  content_type   Content-Type (default: from the path's extension)
  etag, last_modified      validators; a matching If-None-Match gets 304
  delay          seconds to wait before answering
  chunked        send the body with chunked transfer encoding
  truncate       announce the full length, send only this many bytes, then close
  redirect       answer 302 with this Location
  require_header {NAME: VALUE}: answer 401 unless the request sends each header with that value
  stall          "headers": read the request, then send nothing for ever;
                 "body": send the headers and the first `truncate` bytes (default half), then nothing
  header_bytes   add a header of this many bytes (a server whose headers are too large)
"""
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = sys.argv[1]
LOCK = threading.Lock()
TYPES = {".json": "application/json", ".lua": "text/x-lua", ".sig": "text/plain"}


def routes():
    try:
        with open(os.path.join(ROOT, "routes.json")) as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, status):
        entry = {"path": self.path, "status": status,
                 "if_none_match": self.headers.get("If-None-Match"),
                 "if_modified_since": self.headers.get("If-Modified-Since"),
                 "user_agent": self.headers.get("User-Agent"),
                 "authorization": self.headers.get("Authorization"),
                 "last_event_id": self.headers.get("Last-Event-ID")}
        with LOCK, open(os.path.join(ROOT, "requests.jsonl"), "a") as f:
            f.write(json.dumps(entry) + "\n")

    def plain(self, status, text, extra=()):
        body = text.encode()
        self.send_response(status)
        for name, value in extra:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def stall(self):
        """Holds the connection open, sending nothing, until the server ends."""
        time.sleep(3600)
        self.close_connection = True

    def do_GET(self):
        route = routes().get(self.path)
        if route is None:
            self.record(404)
            return self.plain(404, "not found\n")
        time.sleep(route.get("delay", 0))
        if route.get("stall") == "headers":
            self.record(0)
            return self.stall()
        for name, value in route.get("require_header", {}).items():
            if self.headers.get(name) != value:
                self.record(401)
                return self.plain(401, "unauthorized\n")
        if "redirect" in route:
            self.record(302)
            return self.plain(302, "moved\n", [("Location", route["redirect"])])
        etag = route.get("etag")
        validators = []
        if etag:
            validators.append(("ETag", etag))
        if route.get("last_modified"):
            validators.append(("Last-Modified", route["last_modified"]))
        if etag and self.headers.get("If-None-Match") == etag:
            self.record(304)
            self.send_response(304)
            for name, value in validators:
                self.send_header(name, value)
            self.end_headers()
            return
        status = route.get("status", 200)
        if "file" in route:
            with open(route["file"], "rb") as f:
                body = f.read()
        elif "generate" in route:
            body = (b"-- filler\n" * (route["generate"] // 10 + 1))[: route["generate"]]
        else:
            body = route.get("body", "").encode()
        self.record(status)
        self.send_response(status)
        extension = os.path.splitext(self.path.split("?")[0])[1]
        content_type = route.get("content_type", TYPES.get(extension))
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in validators:
            self.send_header(name, value)
        if route.get("header_bytes"):
            self.send_header("X-Filler", "x" * route["header_bytes"])
        try:
            if route.get("stall") == "body":
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: route.get("truncate", len(body) // 2)])
                self.wfile.flush()
                return self.stall()
            if route.get("chunked"):
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for start in range(0, len(body), 65536):
                    piece = body[start:start + 65536]
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                self.wfile.write(b"0\r\n\r\n")
            elif "truncate" in route:
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: route["truncate"]])
                self.wfile.flush()
                self.close_connection = True
            else:
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


def exit_with_parent():
    """The test process holds our stdin open; when it ends, however it ends, so does the server."""
    sys.stdin.read()
    os._exit(0)


# A test runner's threads block signals, and a spawned child inherits that mask.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
threading.Thread(target=exit_with_parent, daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
if len(sys.argv) > 3:
    import ssl
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[2], sys.argv[3])
    server.socket = context.wrap_socket(server.socket, server_side=True)
print(server.server_address[1], flush=True)
server.serve_forever()
