"""Where a table is: ``HOST:PORT`` or the invitation ``wss://HOST:PORT/CODE#FINGERPRINT``, read in one place.

The ``join`` command, the window's address field and ``serve --host`` all
read through here, so a typo gets the same one-line answer everywhere
instead of a traceback deep in the network code.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from ..engine.errors import brief

#: A table code as typed: letters, digits, ``-`` and ``_``.
CODE_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: A certificate's SHA-256 fingerprint: 64 hexadecimal digits.
FINGERPRINT_PATTERN = re.compile(r"[0-9a-fA-F]{64}")
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
#: A host name: dot-separated labels of letters, digits and inner hyphens, 253 characters at most.
_HOST_NAME = re.compile(rf"(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*\.?")
#: A label read as a number: decimal, octal (a leading 0) or hexadecimal (0x...).
_NUMERIC_LABEL = re.compile(r"[0-9]+|0[xX][0-9A-Fa-f]*")
SECURE_SCHEME = "wss://"


class AddressError(ValueError):
    """An address that cannot be used; the text is one line for the player."""


@dataclass(frozen=True)
class Address:
    """A table's host and port, with the code and the certificate's fingerprint when an invitation gave them."""

    host: str
    port: int
    code: str | None = None
    fingerprint: str | None = None

    @property
    def shown_host(self) -> str:
        """The host as written before ``:PORT``: an IPv6 address in brackets."""
        return f"[{self.host}]" if ":" in self.host else self.host

    @property
    def url(self) -> str:
        """What to connect to: encrypted when the fingerprint to check the certificate by is known."""
        scheme = SECURE_SCHEME if self.fingerprint is not None else "ws://"
        return f"{scheme}{self.shown_host}:{self.port}"

    def __str__(self) -> str:
        return f"{self.shown_host}:{self.port}"


def invitation(host: str, port: int, code: str, fingerprint: str) -> str:
    """The one string a host shares: where the table is, its code and how to know its certificate."""
    return f"{SECURE_SCHEME}{Address(host, port).shown_host}:{port}/{code}#{fingerprint}"


def parse_host(text: str) -> str:
    """A host name or IP address (an IPv6 one with or without brackets); raises ``AddressError``."""
    host = text.strip()
    if host.startswith("[") and host.endswith("]"):
        inner = host[1:-1]
        if not _is_ip(inner, 6):
            raise AddressError(f"{brief(text)}: brackets hold an IPv6 address, such as [::1]")
        return inner
    if "[" in host or "]" in host:
        raise AddressError(f"{brief(text)}: an IPv6 address goes in brackets, such as [::1]:8455")
    if ":" in host:
        if _is_ip(host, 6):
            return host
        raise AddressError(f"{brief(text)} is not a host name or an IP address")
    if _NUMERIC_LABEL.fullmatch(host.rstrip(".").rpartition(".")[2]):
        # A last label that is a number makes the whole host an IPv4 address to browsers and resolvers, which also
        # read 127.1, 0x7f.1, 0177.0.0.1 and 2130706433 as 127.0.0.1: only the four plain decimals are taken.
        if not _is_ip(host, 4):
            raise AddressError(f"{brief(text)} is not an IPv4 address (write four numbers from 0 to 255, such as 127.0.0.1)")
        return host
    if not _HOST_NAME.fullmatch(host):
        raise AddressError(f"{brief(text)} is not a host name or an IP address")
    return host


def parse_port(text: str) -> int:
    """A port from 1 to 65535; raises ``AddressError``."""
    if not (text.isascii() and text.isdigit()) or len(text) > 5 or not 0 < int(text) < 65536:
        raise AddressError(f"{brief(text)} is not a port (a whole number from 1 to 65535)")
    return int(text)


def parse_address(text: str) -> Address:
    """``HOST:PORT``, ``[IPv6]:PORT`` or an invitation ``wss://HOST:PORT/CODE#FINGERPRINT``;
    raises ``AddressError`` with one line naming what is wrong."""
    rest = text.strip()
    code = fingerprint = None
    if "://" in rest:
        scheme, _, rest = rest.partition("://")
        if scheme.lower() != "wss":
            raise AddressError(f"{brief(text)}: a table's address is HOST:PORT or an invitation starting wss://")
        rest, hash_mark, fingerprint = rest.partition("#")
        rest, slash, code = rest.partition("/")
        if not hash_mark or not FINGERPRINT_PATTERN.fullmatch(fingerprint):
            raise AddressError(f"{brief(text)}: an invitation ends with # and the 64-digit fingerprint of the "
                               "host's certificate; copy it whole")
        if not slash or not CODE_PATTERN.fullmatch(code):
            raise AddressError(f"{brief(text)}: an invitation holds the table code after the port, as HOST:PORT/CODE#...")
        fingerprint = fingerprint.lower()
    if rest.startswith("["):
        close = rest.find("]")
        if close < 0:
            raise AddressError(f"{brief(text)}: the [ of an IPv6 address is never closed")
        host_text, after = rest[:close + 1], rest[close + 1:]
        if not after.startswith(":"):
            raise AddressError(f"{brief(text)} has no :PORT after the address")
        port_text = after[1:]
    else:
        host_text, colon, port_text = rest.rpartition(":")
        if not colon or not host_text:
            raise AddressError(f"{brief(text)} is not HOST:PORT")
        if ":" in host_text:
            raise AddressError(f"{brief(text)}: an IPv6 address goes in brackets, such as [::1]:8455")
    return Address(parse_host(host_text), parse_port(port_text), code or None, fingerprint)


def _is_ip(text: str, version: int) -> bool:
    try:
        return ipaddress.ip_address(text).version == version
    except ValueError:
        return False
