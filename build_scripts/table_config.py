"""The live table's configuration: which relays and STUN servers a table's devices use.

Set in one place, the ``extra: table:`` section of ``mkdocs.yml``, each value overridable from
the environment with the ``!ENV`` tag (``TABLE_RELAYS``, ``TABLE_ICE``): the browser tests
point every build at their own relay on 127.0.0.1 that way, and a group can name its own
relay. The finishing step writes it into the built site as ``assets/table.json``, which the
table's script reads::

    {"relays": ["wss://..."], "ice": ["stun:..."], "app": "rpg-rules-site-table-1"}

The file is read here with PyYAML and the ``!ENV`` constructor MkDocs itself registers
(``yaml_env_tag``, a dependency of MkDocs), so a value resolves as it does for the builder,
without loading MkDocs' configuration (its theme and plugins). An empty environment value
reads as YAML's null, which for ``ice`` means no STUN server at all.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import yaml
import yaml_env_tag

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "mkdocs.yml"
#: Where the finishing step writes the configuration, inside the built site.
TABLE_JSON = Path("assets") / "table.json"
#: The application id every table of this site joins its rooms under (trystero's ``appId``):
#: it keeps this site's rooms apart from other applications' on a shared relay. Changing it
#: parts a new build's devices from an old one's, so it carries a number to change on purpose.
APP_ID = "rpg-rules-site-table-1"
#: A relay reached without TLS is allowed on this machine only: a published page (https) may
#: not open a plain ``ws://`` connection elsewhere, and the tests' relay listens here.
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
ICE_SCHEMES = ("stun", "stuns", "turn", "turns")


class TableConfigError(Exception):
    """The table's configuration is missing or malformed; the message names the setting."""


class _Loader(yaml.SafeLoader):
    """A safe loader that also resolves ``!ENV`` as MkDocs does."""


yaml_env_tag.add_env_tag(_Loader)


def read_section(config: Path = CONFIG) -> dict:
    """The ``extra: table:`` section of ``config``, with ``!ENV`` values resolved."""
    with config.open(encoding="utf-8") as stream:
        data = yaml.load(stream, Loader=_Loader) or {}
    section = (data.get("extra") or {}).get("table")
    if not isinstance(section, dict):
        raise TableConfigError(f"{config.name} has no `extra: table:` section")
    return section


def _words(section: dict, key: str) -> list[str]:
    """A space-separated setting as a list; null (an empty environment value) is none."""
    if key not in section:
        raise TableConfigError(f"`extra: table: {key}` is not set")
    value = section[key]
    if value is None:
        return []
    if not isinstance(value, str):
        raise TableConfigError(f"`extra: table: {key}` must be space-separated addresses, "
                               f"not {value!r}")
    return value.split()


def relays(section: dict) -> list[str]:
    """The relays: ``wss://`` addresses, or ``ws://`` on this machine (the tests' relay). At
    least one: without a relay no device could find the table."""
    found = _words(section, "relays")
    if not found:
        raise TableConfigError("`extra: table: relays` names no relay")
    for url in found:
        parts = urlsplit(url)
        secure = parts.scheme == "wss" and parts.hostname
        local = parts.scheme == "ws" and parts.hostname in LOOPBACK
        if not (secure or local):
            raise TableConfigError(
                f"relay {url!r} is not a wss:// address (ws:// is allowed on 127.0.0.1 only)")
    return found


def ice_servers(section: dict) -> list[str]:
    """The STUN (or TURN) servers' addresses; none is allowed (devices on one network)."""
    found = _words(section, "ice")
    for url in found:
        scheme, _, rest = url.partition(":")
        if scheme not in ICE_SCHEMES or not rest:
            raise TableConfigError(
                f"ICE server {url!r} is not a {'/'.join(s + ':' for s in ICE_SCHEMES)} address")
    return found


def table_config(config: Path = CONFIG) -> dict:
    """What ``assets/table.json`` holds: the relays, the ICE servers and the app id."""
    section = read_section(config)
    return {"relays": relays(section), "ice": ice_servers(section), "app": APP_ID}


def write_table_config(site_dir: Path, config: Path = CONFIG) -> Path:
    """Write :func:`table_config` into ``site_dir`` as ``assets/table.json``; returns its
    path. Raises :class:`TableConfigError`."""
    path = site_dir / TABLE_JSON
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(table_config(config), indent=1) + "\n", encoding="utf-8")
    return path
