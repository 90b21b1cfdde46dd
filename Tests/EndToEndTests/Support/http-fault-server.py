#!/usr/bin/env python3
"""What nginx will not do, for the loader's HTTP tests: serves on 127.0.0.1, prints its port on
the first line of standard output, and answers by path:

  /429                 429 with Retry-After: 7
  /429-reset           429 with x-rate-limit-reset: now + 60 (no Retry-After)
  /429-once            429 with Retry-After: 1 the first time, then a small style
  /500                 500
  /drop                closes the connection without an answer
  /stall               sends headers and half a body, then stalls (until the client gives up)
  /no-headers          reads the request and answers nothing, keeping the connection (until the client gives up)
  /drip                headers for a 1000-byte body, then a byte a second (until the client gives up)
  /slow?s=N            a small style padded to 4 KiB a second for N seconds (default 4): slow but steady
  /stale-429           a small style with Cache-Control max-age=0 and an ETag the first time, 429 with
                       Retry-After: 1 the second, 304 (or the style again) after that
  /big?mb=N            a body of N MiB (default 50), streamed
  /loop/a, /loop/b     redirect to each other
  /redirect/N          N redirects, then a small JSON
  /truncated-gzip      a gzip body cut short (its Content-Length matches what is sent)
  /gzip-big            50 MiB of zeros, gzip-compressed (about 50 KiB on the wire)
  CONNECT host:port    a tunnel to host:port (a proxy, as HTTP_PROXY names one)

Every request's path is printed on standard output, a line each, for tests that count.
"""
import gzip
import http.server
import json
import select
import socket
import socketserver
import sys
import threading
import time
import urllib.parse

lock = threading.Lock()
seen = set()
counts = {}
STYLE = b'{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}'


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        path = url.path
        with lock:
            print(path, flush=True)
        if path == "/429":
            self.send_body(429, b"slow down", [("Retry-After", "7")])
        elif path == "/429-reset":
            self.send_body(429, b"slow down", [("x-rate-limit-reset", str(int(time.time()) + 60))])
        elif path == "/429-once":
            with lock:
                first = self.path not in seen
                seen.add(self.path)
            if first:
                self.send_body(429, b"slow down", [("Retry-After", "1")])
            else:
                self.send_body(200, STYLE, [("Content-Type", "application/json")])
        elif path == "/500":
            self.send_body(500, b"broken")
        elif path == "/drop":
            self.close_connection = True
            self.connection.shutdown(2)
        elif path == "/stall":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"x" * 500)
            self.wfile.flush()
            # Stall until the client gives up and closes (readable at EOF), at most two minutes.
            select.select([self.connection], [], [], 120)
        elif path == "/no-headers":
            # Readable at EOF once the client gives up and closes; at most two minutes.
            select.select([self.connection], [], [], 120)
            self.close_connection = True
        elif path == "/slow":
            seconds = int(urllib.parse.parse_qs(url.query).get("s", ["4"])[0])
            chunk = 4096
            body = STYLE + b" " * (chunk * seconds - len(STYLE))
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                for start in range(0, len(body), chunk):
                    self.wfile.write(body[start:start + chunk])
                    self.wfile.flush()
                    # A second between chunks, or until the client closes (readable at EOF).
                    if start + chunk < len(body) and select.select([self.connection], [], [], 1)[0]:
                        break
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
        elif path == "/drip":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.flush()
            try:
                for _ in range(1000):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    # A second between bytes, or until the client closes (readable at EOF).
                    if select.select([self.connection], [], [], 1)[0]:
                        break
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
        elif path == "/stale-429":
            with lock:
                counts[path] = counts.get(path, 0) + 1
                n = counts[path]
            if n == 1 or (n > 2 and self.headers.get("If-None-Match") != '"v1"'):
                self.send_body(200, STYLE, [("Content-Type", "application/json"), ("Cache-Control", "max-age=0"), ("ETag", '"v1"')])
            elif n == 2:
                self.send_body(429, b"slow down", [("Retry-After", "1")])
            else:
                self.send_body(304, b"", [("ETag", '"v1"'), ("Cache-Control", "max-age=0")])
        elif path == "/big":
            size = int(urllib.parse.parse_qs(url.query).get("mb", ["50"])[0]) << 20
            self.send_response(200)
            self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b"\0" * (1 << 16)
            try:
                for _ in range(size // len(chunk)):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif path.startswith("/loop/"):
            other = "/loop/b" if path == "/loop/a" else "/loop/a"
            self.send_body(302, b"", [("Location", other)])
        elif path.startswith("/redirect/"):
            left = int(path.rsplit("/", 1)[1])
            if left > 0:
                self.send_body(302, b"", [("Location", "/redirect/%d" % (left - 1))])
            else:
                self.send_body(200, b'{"redirected": true}', [("Content-Type", "application/json")])
        elif path == "/truncated-gzip":
            whole = gzip.compress(json.dumps({"version": 8, "padding": "x" * 5000}).encode())
            cut = whole[: len(whole) // 2]
            self.send_body(200, cut, [("Content-Encoding", "gzip"), ("Content-Type", "application/json")])
        elif path == "/gzip-big":
            self.send_body(200, gzip.compress(b"\0" * (50 << 20), compresslevel=1), [("Content-Encoding", "gzip")])
        else:
            self.send_body(404, b"not here")


    def do_CONNECT(self):
        with lock:
            print("CONNECT " + self.path, flush=True)
        host, port = self.path.rsplit(":", 1)
        try:
            upstream = socket.create_connection((host, int(port)), timeout=10)
        except OSError:
            self.send_body(502, b"cannot reach " + self.path.encode())
            return
        self.send_response(200, "Connection established")
        self.end_headers()
        self.close_connection = True
        sockets = [self.connection, upstream]
        while True:
            readable, _, _ = select.select(sockets, [], [], 30)
            if not readable:
                break
            for source in readable:
                data = source.recv(65536)
                if not data:
                    upstream.close()
                    return
                (upstream if source is self.connection else self.connection).sendall(data)
        upstream.close()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def server_bind(self):
        # HTTPServer's own looks up the host's name (getfqdn), which can stall for seconds offline.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
