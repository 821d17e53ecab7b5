"""The server's worker processes end with it, even when it is killed with
``kill -9`` (``server/processes.py``)."""

import os
import signal
import subprocess
import sys
import time

PARENT = """
import os, sys, time
from dicehall.server.processes import worker_pool

def pid_after(seconds):
    time.sleep(seconds)
    return os.getpid()

if __name__ == "__main__":
    pool = worker_pool(2)
    pids = [job.result() for job in [pool.submit(pid_after, 1.0) for _ in range(2)]]
    print(*pids, flush=True)
    sys.stdin.read()
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:       # a zombie is gone too
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_the_workers_exit_once_their_server_is_killed(tmp_path):
    (tmp_path / "parent.py").write_text(PARENT)
    parent = subprocess.Popen([sys.executable, str(tmp_path / "parent.py")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    workers = [int(pid) for pid in parent.stdout.readline().split()]
    assert len(set(workers)) == 2 and all(alive(pid) for pid in workers)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in workers), "a worker outlived its server"
