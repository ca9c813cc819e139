"""The live table's configuration (build_scripts/table_config.py): read from one section of
``mkdocs.yml``, each value replaced from the environment as MkDocs would replace it, checked,
and written into the built site as ``assets/table.json``."""

from __future__ import annotations

import json

import pytest
from mkdocs.utils.yaml import yaml_load

from build_scripts.table_config import (APP_ID, CONFIG, TableConfigError, read_section,
                                        table_config, write_table_config)

SECTION = """site_name: probe
extra:
  table:
    relays: !ENV [TABLE_RELAYS, "wss://one.example wss://two.example:8443/announce"]
    ice: !ENV [TABLE_ICE, "stun:stun.example:3478"]
"""


@pytest.fixture
def config(tmp_path, monkeypatch):
    """A configuration file with a table section, read with neither variable set."""
    monkeypatch.delenv("TABLE_RELAYS", raising=False)
    monkeypatch.delenv("TABLE_ICE", raising=False)
    path = tmp_path / "mkdocs.yml"
    path.write_text(SECTION, encoding="utf-8")
    return path


def written(path, relays: str, ice: str = '""'):
    path.write_text(f"extra:\n  table:\n    relays: {relays}\n    ice: {ice}\n", encoding="utf-8")
    return path


def test_without_the_environment_the_defaults_are_used(config):
    assert table_config(config) == {
        "relays": ["wss://one.example", "wss://two.example:8443/announce"],
        "ice": ["stun:stun.example:3478"], "app": APP_ID}


def test_the_environment_replaces_the_relays(config, monkeypatch):
    monkeypatch.setenv("TABLE_RELAYS", "ws://127.0.0.1:41234 wss://own.example")
    assert table_config(config)["relays"] == ["ws://127.0.0.1:41234", "wss://own.example"]
    assert table_config(config)["ice"] == ["stun:stun.example:3478"]


def test_an_empty_ice_setting_means_no_stun_server(config, monkeypatch):
    monkeypatch.setenv("TABLE_ICE", "")
    assert table_config(config)["ice"] == []


def test_the_section_reads_as_mkdocs_reads_it(monkeypatch):
    for env in ({}, {"TABLE_RELAYS": "ws://localhost:9000", "TABLE_ICE": ""}):
        for name in ("TABLE_RELAYS", "TABLE_ICE"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        with CONFIG.open(encoding="utf-8") as stream:
            assert read_section() == yaml_load(stream)["extra"]["table"]


def test_the_sites_own_defaults_are_public_relays_over_tls(monkeypatch):
    monkeypatch.delenv("TABLE_RELAYS", raising=False)
    monkeypatch.delenv("TABLE_ICE", raising=False)
    config = table_config()
    assert len(config["relays"]) >= 2  # one relay down leaves the table a way to meet
    assert all(url.startswith("wss://") for url in config["relays"])
    assert all(url.startswith("stun:") for url in config["ice"])


@pytest.mark.parametrize(("relays", "wrong"), [
    ('"https://tracker.example"', "https://tracker.example"),
    ('"ws://tracker.example"', "ws://tracker.example"),  # plain WebSocket off this machine
    ('"wss://"', "wss://"),
])
def test_a_relay_that_is_not_a_secure_websocket_is_refused(tmp_path, relays, wrong):
    with pytest.raises(TableConfigError, match=f"relay '{wrong}'"):
        table_config(written(tmp_path / "mkdocs.yml", relays))


def test_no_relay_at_all_is_refused(tmp_path):
    with pytest.raises(TableConfigError, match="names no relay"):
        table_config(written(tmp_path / "mkdocs.yml", '""'))


def test_an_ice_server_of_another_kind_is_refused(tmp_path):
    with pytest.raises(TableConfigError, match="ICE server 'https://stun.example'"):
        table_config(written(tmp_path / "mkdocs.yml", "wss://a.example", "https://stun.example"))


def test_a_missing_section_or_setting_is_refused(tmp_path):
    path = tmp_path / "mkdocs.yml"
    path.write_text("site_name: probe\n", encoding="utf-8")
    with pytest.raises(TableConfigError, match="no `extra: table:` section"):
        table_config(path)
    path.write_text("extra:\n  table:\n    relays: wss://a.example\n", encoding="utf-8")
    with pytest.raises(TableConfigError, match="`extra: table: ice` is not set"):
        table_config(path)


def test_the_site_gets_the_configuration_as_json(config, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_RELAYS", "ws://127.0.0.1:5000")
    monkeypatch.setenv("TABLE_ICE", "")
    path = write_table_config(tmp_path / "site", config)
    assert path == tmp_path / "site" / "assets" / "table.json"
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "relays": ["ws://127.0.0.1:5000"], "ice": [], "app": APP_ID}
