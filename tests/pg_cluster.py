"""A throwaway PostgreSQL cluster for the team tests (issue 32), started from the server binaries.

initdb refuses to run as root, so under root the cluster belongs to `nobody` and every server
binary runs through `setpriv`. The socket lives in the cluster's own folder under /tmp (pytest's
tmp folders are root's 0700 and `nobody` could not enter them); clients use TCP on 127.0.0.1 with
a password (scram-sha-256), the admin may also use the socket (trust). One cluster per pytest-xdist
worker; `fsync=off`: a test cluster never has to survive a power cut.
"""

import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

ADMIN = "abzu_admin"
NOBODY = 65534


def server_binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian's layout, else `initdb` on PATH)."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True):
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


def _version(folder: str) -> int:
    name = Path(folder).parent.name
    return int(name) if name.isdigit() else 0


@dataclass
class Cluster:
    folder: Path
    binaries: Path
    port: int
    admin_password: str

    def url(self, user: str = ADMIN, database: str = "postgres") -> str:
        """Without a password: the client finds it in the environment or ~/.pgpass."""
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def admin_url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{ADMIN}:{self.admin_password}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        _run(self, "pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")

    def start(self) -> None:
        options = (f"-k {self.folder} -p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=120")
        _run(self, "pg_ctl", "-D", str(self.folder / "data"), "-l", str(self.folder / "server.log"),
             "-o", options, "-w", "-t", "60", "start")

    def remove(self) -> None:
        try:
            self.stop()
        except subprocess.CalledProcessError:
            pass  # stopped already (a test stopped it on purpose)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start_cluster(binaries: Path) -> Cluster:
    folder = Path(tempfile.mkdtemp(prefix="abzu-pg-"))
    cluster = Cluster(folder, binaries, 0, secrets.token_hex(12))
    try:
        secret = folder / "admin.pw"
        secret.write_text(cluster.admin_password + "\n")
        if os.geteuid() == 0:
            for path in (folder, secret):
                os.chown(path, NOBODY, NOBODY)
        _run(cluster, "initdb", "-D", str(folder / "data"), "-U", ADMIN, f"--pwfile={secret}",
             "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
        for _ in range(5):  # a port another worker took between the probe and the start: retry
            cluster.port = _free_port()
            try:
                cluster.start()
                return cluster
            except subprocess.CalledProcessError:
                continue
        raise RuntimeError(f"PostgreSQL did not start: {(folder / 'server.log').read_text()[-2000:]}")
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(cluster: Cluster, binary: str, *args: str) -> None:
    command = [str(cluster.binaries / binary), *args]
    if os.geteuid() == 0:
        command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *command]
    subprocess.run(command, check=True, cwd=cluster.folder, capture_output=True, timeout=120)
