"""The server's worker processes end with it, even when it is killed with
``kill -9``, and a stopped server leaves nothing of them behind
(``server/processes.py``, ``dicehall/orphans.py``)."""

import signal
import subprocess
import sys

from live_server import LiveServer

from process_helpers import alive, wait_until_gone

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


def test_the_workers_exit_once_their_server_is_killed(tmp_path):
    (tmp_path / "parent.py").write_text(PARENT)
    parent = subprocess.Popen([sys.executable, str(tmp_path / "parent.py")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    workers = [int(pid) for pid in parent.stdout.readline().split()]
    assert len(set(workers)) == 2 and all(alive(pid) for pid in workers)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    assert wait_until_gone(workers), "a worker outlived its server"


def test_a_stopped_server_leaves_no_semaphores_behind(tmp_path):
    """SIGTERM (a service manager's stop): the server ends its pools' workers
    and releases their queues, so the resource tracker finds nothing leaked
    (it warned of 5 or 10 semaphores when the pools were left to finish)."""
    server = LiveServer(tmp_path, stderr=subprocess.PIPE).start()
    try:
        server.process.terminate()
        _, errors = server.process.communicate(timeout=60)
    finally:
        server.kill()
    assert "leaked" not in errors and "Traceback" not in errors, errors
