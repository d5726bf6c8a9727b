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


def free_port(host: str) -> int:
    """A port the OS says is free now (a tiny race with other programs; bind errors say so)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


def serve(container: "Container", host: str, port: int | None, *, open_browser: bool) -> Address:
    import uvicorn  # only when the page runs: uvicorn and starlette cost ~0.2 s to import

    from abzu.entrypoints.web.app import build_app

    address = Address(host, port or free_port(host), new_token())
    print(f"Abzu memory page: {address.url}\n(Ctrl+C stops it; the token is new at every start)",
          flush=True)
    if open_browser:
        webbrowser.open(address.url)
    uvicorn.run(build_app(container, address.token), host=host, port=address.port,
                log_level="warning", access_log=False)
    return address
