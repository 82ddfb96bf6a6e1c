"""Who may do what on the tournament's broker: per-tournament users, an ACL, a password file,
and optionally a TLS certificate the host makes (pinned by the join codes).

Users (codes.py): ``altar-<tid>-host`` reads every table's results and reads and writes the
state; ``altar-<tid>-table-<N>`` writes only its own result and view topics and reads the state;
``altar-<tid>-watch`` only reads the state and the views. Anonymous clients are refused. The broker enforces
this; the host and the tablets still check every message (signatures, limits), so a broker run
by somebody else, open or not, can delay the tournament but never forge it.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import ipaddress
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from companion_app.tournament import codes, keys, topics

PBKDF2_ROUNDS = 101  # mosquitto_passwd's own default for its "$7$" (PBKDF2-SHA512) format


@dataclass(frozen=True)
class BrokerAccess:
    tid: str
    tables: int
    passwords: dict[str, str]  # user -> password

    @classmethod
    def new(cls, tid: str, tables: int) -> BrokerAccess:
        users = [codes.host_user(tid), codes.watch_user(tid)]
        users += [codes.table_user(tid, t) for t in range(tables)]
        return cls(tid, tables, {u: codes.new_password() for u in users})

    def acl(self) -> str:
        """Mosquitto's ACL: every user may do only what is listed under it."""
        tid = self.tid
        lines = [
            f"user {codes.host_user(tid)}",
            f"topic read {topics.results(tid)}",
            f"topic readwrite {topics.state(tid)}",
            "",
            f"user {codes.watch_user(tid)}",
            f"topic read {topics.state(tid)}",
            f"topic read {topics.views(tid)}",
            "",
        ]
        for t in range(self.tables):
            lines += [
                f"user {codes.table_user(tid, t)}",
                f"topic write {topics.result(tid, t)}",
                f"topic write {topics.view(tid, t)}",
                f"topic read {topics.state(tid)}",
                "",
            ]
        return "\n".join(lines)

    def write(self, folder: Path) -> tuple[Path, Path]:
        """The password file and the ACL, readable by their owner only."""
        folder.mkdir(parents=True, exist_ok=True)
        passwd, acl = folder / "passwords", folder / "acl"
        write_password_file(passwd, self.passwords)
        acl.write_text(self.acl())
        acl.chmod(0o600)
        return passwd, acl


def hashed_line(user: str, password: str, salt: bytes | None = None) -> str:
    """One line of Mosquitto's password file in its "$7$" format (PBKDF2-SHA512), for a machine
    without ``mosquitto_passwd``."""
    salt = salt if salt is not None else os.urandom(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, PBKDF2_ROUNDS)
    b64 = base64.b64encode
    return f"{user}:$7${PBKDF2_ROUNDS}${b64(salt).decode()}${b64(digest).decode()}"


def write_password_file(path: Path, passwords: dict[str, str], *, tool: str | None = "") -> None:
    """Mosquitto's password file: made by Debian's ``mosquitto_passwd -U`` (it hashes a file of
    ``user:password`` lines in place), or in its format here when the tool is missing."""
    tool = shutil.which("mosquitto_passwd") if tool == "" else tool
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        if tool is None:
            f.writelines(hashed_line(u, p) + "\n" for u, p in passwords.items())
            return
        f.writelines(f"{u}:{p}\n" for u, p in passwords.items())
    subprocess.run([tool, "-U", str(path)], check=True, capture_output=True, timeout=30)


@dataclass(frozen=True)
class BrokerTls:
    cert: Path
    key: Path

    @property
    def pin(self) -> str:
        return keys.fingerprint(
            x509.load_pem_x509_certificate(self.cert.read_bytes()).public_bytes(
                serialization.Encoding.DER
            )
        )


def make_certificate(folder: Path, names: list[str]) -> BrokerTls:
    """A self-signed certificate for the broker (P-256, ten years), for the names and addresses
    tablets reach it by. Tablets do not check the names: they pin this certificate's hash."""
    folder.mkdir(parents=True, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Altar tournament broker")])
    alt: list[x509.GeneralName] = []
    for name in names:
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alt.append(x509.DNSName(name))
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .sign(key, hashes.SHA256())
    )
    tls = BrokerTls(folder / "broker-cert.pem", folder / "broker-key.pem")
    tls.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    fd = os.open(tls.key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
    return tls
