"""The host's own certificate, and checking a table's certificate by its fingerprint.

A table is encrypted with TLS under a self-signed certificate that the host
makes once and keeps in its data folder. No certificate authority vouches
for it: the invitation the host shares carries the certificate's SHA-256
fingerprint, and a joining client refuses any server whose certificate has
another one, before it sends the code or anything else.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import ssl
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

CERTIFICATE_FILE = "table-certificate.pem"
KEY_FILE = "table-key.pem"
#: How long a made certificate is valid; a host keeps it so invitations stay the same between games.
VALID_DAYS = 3650


class CertificateError(Exception):
    """The certificate could not be made, read or was not the one expected; one line for the player."""


@dataclass(frozen=True)
class Certificate:
    """The host's certificate and key files, and the fingerprint to put in invitations."""

    certificate_path: Path
    key_path: Path
    fingerprint: str

    def server_context(self) -> ssl.SSLContext:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(self.certificate_path, self.key_path)
        return context


def fingerprint_of(der: bytes) -> str:
    """The SHA-256 fingerprint of a certificate in DER form, as 64 lowercase hexadecimal digits."""
    return hashlib.sha256(der).hexdigest()


def host_certificate(folder: Path) -> Certificate:
    """The certificate kept in ``folder``, made there first when there is none (or it cannot be read)."""
    certificate_path, key_path = folder / CERTIFICATE_FILE, folder / KEY_FILE
    try:
        if certificate_path.is_file() and key_path.is_file():
            pem = certificate_path.read_bytes()
            loaded = x509.load_pem_x509_certificate(pem)
            serialization.load_pem_private_key(key_path.read_bytes(), password=None)
            now = datetime.datetime.now(datetime.timezone.utc)
            if loaded.not_valid_after_utc > now:
                return Certificate(certificate_path, key_path, fingerprint_of(ssl.PEM_cert_to_DER_cert(pem.decode())))
    except (OSError, ValueError):
        pass  # a damaged pair is made again below
    return _make(certificate_path, key_path)


def _make(certificate_path: Path, key_path: Path) -> Certificate:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "fiftyfifty-desktop table")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(x509.random_serial_number())
                   .not_valid_before(now - datetime.timedelta(days=1))
                   .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
                   .sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    try:
        certificate_path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # the key is for the host alone
        with os.fdopen(descriptor, "wb") as file:
            file.write(key_pem)
        certificate_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    except OSError as exc:
        raise CertificateError(f"cannot keep the table's certificate in {certificate_path.parent}: "
                               f"{exc.strerror or exc}") from None
    return Certificate(certificate_path, key_path, fingerprint_of(certificate.public_bytes(serialization.Encoding.DER)))


def pinning_context() -> ssl.SSLContext:
    """A client's TLS settings for a self-signed table: no authority is asked, so the caller must compare the
    certificate's fingerprint (:func:`check_fingerprint`) before it sends anything."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def check_fingerprint(ssl_object: ssl.SSLObject | ssl.SSLSocket | None, expected: str) -> None:
    """Raise ``CertificateError`` unless the server's certificate has the ``expected`` fingerprint."""
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    if not der:
        raise CertificateError("the table showed no certificate")
    if fingerprint_of(der) != expected.lower():
        raise CertificateError("the table's certificate is not the one in the invitation: "
                               "ask the host for the invitation again")
