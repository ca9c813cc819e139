"""Checks that read the source texts skip with a plain reason where they are absent."""

from __future__ import annotations

import pytest

import source_texts


def test_an_absent_source_text_skips_the_test_saying_where_it_was_looked_for(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setattr(source_texts, "SEEDS", tmp_path / "shared" / "seeds")
    with pytest.raises(pytest.skip.Exception) as skipped:
        source_texts.seed_text(source_texts.WESTERN_ROSES)
    reason = str(skipped.value)
    assert source_texts.WESTERN_ROSES in reason and "not in the repository" in reason
    assert str(tmp_path / "shared" / "seeds") in reason


def test_a_present_source_text_is_read(tmp_path, monkeypatch):
    (tmp_path / "README.md").write_text("| file |", encoding="utf-8")
    monkeypatch.setattr(source_texts, "SEEDS", tmp_path)
    assert source_texts.seed_text("README.md") == "| file |"
