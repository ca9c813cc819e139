"""The restored worker's profile (build_scripts/restore_profile.py) sorts a trace's samples as
its docstring says: only the dedicated worker's, each to the nearest named function on its
stack, up to the answer. Checked on a trace written by hand, its figures worked out by hand."""

from __future__ import annotations

import pytest

from build_scripts.restore_profile import OTHER, OUTSIDE, PHASES, phases

ANSWER, _, RESTORE, _, LINK = (label for label, _ in PHASES)
IDLE = OUTSIDE["(idle)"]


def node(node_id, name, parent=None, url=""):
    frame = {"functionName": name, "url": url} if url else {"functionName": name}
    return {"id": node_id, "callFrame": frame, **({"parent": parent} if parent else {})}


def trace(samples, deltas, worker_name="DedicatedWorker thread"):
    """Navigation at 0 µs; the worker's profile starts at 1,000 µs. Node 4 (the snapshot's
    copy) runs inside node 3 (the instantiation's linking): its samples go to the copy."""
    nodes = [node(1, "(root)"), node(2, "(idle)", 1), node(3, "receiveInstance", 1),
             node(4, "API.restoreSnapshot", 3), node(5, "memcpy", 4), node(6, "helper", 3),
             node(7, "answer", 1, "http://x/assets/js/calc-worker.js?v=1"), node(8, "run", 1)]
    return [
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": worker_name}},
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 3,
         "args": {"name": "ServiceWorker thread"}},
        {"name": "ResourceSendRequest", "ts": 0,
         "args": {"data": {"url": "http://x/bench/worker.html?v=1"}}},
        {"name": "Profile", "pid": 1, "tid": 2, "id": "0x1", "args": {"data": {"startTime": 1000}}},
        {"name": "Profile", "pid": 1, "tid": 3, "id": "0x2", "args": {"data": {"startTime": 0}}},
        {"name": "ProfileChunk", "pid": 1, "tid": 9, "id": "0x2",
         "args": {"data": {"cpuProfile": {"nodes": nodes, "samples": [8, 8]},
                           "timeDeltas": [0, 5000]}}},
        {"name": "ProfileChunk", "pid": 1, "tid": 9, "id": "0x1",
         "args": {"data": {"cpuProfile": {"nodes": nodes, "samples": samples[:3]},
                           "timeDeltas": deltas[:3]}}},
        {"name": "ProfileChunk", "pid": 1, "tid": 9, "id": "0x1",
         "args": {"data": {"cpuProfile": {"samples": samples[3:]}, "timeDeltas": deltas[3:]}}},
    ]


def test_each_sample_counts_to_the_next_one_in_its_nearest_named_phase_until_the_answer():
    # Samples at 1, 2, 3, 4, 5, 6 and 7 ms; the answer at 5.5 ms: the last sample before it
    # counts half a millisecond, and the ones after it nothing.
    found = phases(trace([2, 5, 6, 7, 8, 2, 2], [0, 1000, 1000, 1000, 1000, 1000, 1000]), 5.5)
    assert found["worker started"] == pytest.approx(1.0)
    assert found["phases"] == pytest.approx(
        {IDLE: 1.0, RESTORE: 1.0, LINK: 1.0, ANSWER: 1.0, OTHER: 0.5})


def test_a_trace_without_a_profiled_dedicated_worker_is_refused():
    with pytest.raises(RuntimeError, match="found 0"):
        phases(trace([2], [0], worker_name="Compositor"), 1.0)
