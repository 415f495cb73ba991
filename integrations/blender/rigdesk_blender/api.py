"""The Rigdesk HTTP API as the add-on uses it: plain urllib (Blender ships no requests), JSON in and out,
every service error turned into RigdeskError carrying the service's own message."""
import json
import os
import urllib.error
import urllib.parse
import urllib.request

INLINE_LIMIT = 10 * 1024 * 1024  # model_base64's practical ceiling; larger files go through /uploads


class RigdeskError(Exception):
    pass


class Client:
    def __init__(self, api_url, api_key, timeout=60):
        self.api = api_url.rstrip("/")
        self.key = api_key
        self.timeout = timeout

    def _send(self, method, path, data=None, content_type="application/json", length=None):
        headers = {"Authorization": "Bearer " + self.key}
        if data is not None:
            headers["Content-Type"] = content_type
        if length is not None:
            headers["Content-Length"] = str(length)
        req = urllib.request.Request(self.api + path, method=method, data=data, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            try:
                err = json.load(e)["error"]
                raise RigdeskError("Rigdesk: %s (%s, HTTP %d)" % (err.get("message", ""), err.get("code", "error"), e.code)) from None
            except (ValueError, KeyError, TypeError):
                raise RigdeskError("Rigdesk: HTTP %d from %s" % (e.code, self.api + path)) from None
        except urllib.error.URLError as e:
            raise RigdeskError("Rigdesk: cannot reach the service at %s (%s); is it running?" % (self.api, e.reason)) from None

    def call(self, method, path, body=None):
        return self._send(method, path, json.dumps(body).encode() if body is not None else None)

    def model_source(self, path):
        """Inline up to 10 MB; a larger file is sent once to POST /uploads and named by its url."""
        name = os.path.basename(path)
        size = os.path.getsize(path)
        if size <= INLINE_LIMIT:
            import base64
            with open(path, "rb") as f:
                return {"model_base64": base64.b64encode(f.read()).decode(), "filename": name}
        with open(path, "rb") as f:
            up = self._send("POST", "/uploads?filename=" + urllib.parse.quote(name), f, "application/octet-stream", size)
        return {"model_url": up["url"]}

    def download(self, url, path):
        try:
            with urllib.request.urlopen(url, timeout=self.timeout) as r, open(path, "wb") as out:
                while True:
                    chunk = r.read(1 << 20)
                    if not chunk:
                        break
                    out.write(chunk)
        except urllib.error.URLError as e:
            raise RigdeskError("Rigdesk: cannot download the result (%s)" % e) from None
