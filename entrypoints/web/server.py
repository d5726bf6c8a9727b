"""Running the page: the address, the token, the browser, uvicorn."""

import ipaddress
import socket
import webbrowser
from dataclasses import dataclass
from typing import TYPE_CHECKING

from abzu.entrypoints.web.access import PARAM, new_token

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container

LOOPBACK = "127.0.0.1"
RISKY = ("{host} is not a loopback address: anyone who can reach this machine on the network "
         "and learns the token can read and change your memory, and nothing encrypts the token "
         "on the way (plain HTTP). Without --host, Abzu binds 127.0.0.1 only.")


@dataclass(frozen=True, slots=True)
class Address:
    host: str
    port: int
    token: str

    @property
    def url(self) -> str:
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}/?{PARAM}={self.token}"


def risk(host: str) -> str | None:
    """Why binding `host` is risky, or None for loopback. Only an explicit --host gets here:
    nothing else (no setting, no default) ever makes the page listen beyond this machine."""
    return None if _loopback(host) else RISKY.format(host=host)


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def listening(host: str, port: int) -> socket.socket:
    """Bound and listening before the address is printed, so a browser (or a test) that opens it
    at once is queued, never refused; port 0 lets the OS pick a free one, with no race."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def serve(container: "Container", host: str, port: int | None, *, open_browser: bool) -> Address:
    import uvicorn  # only when the page runs: uvicorn and starlette cost ~0.2 s to import

    from abzu.entrypoints.web.app import build_app

    sock = listening(host, port or 0)
    address = Address(host, int(sock.getsockname()[1]), new_token())
    print(f"Abzu memory page: {address.url}\n(Ctrl+C stops it; the token is new at every start)",
          flush=True)
    if open_browser:
        webbrowser.open(address.url)
    config = uvicorn.Config(build_app(container, address.token), log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
    return address
