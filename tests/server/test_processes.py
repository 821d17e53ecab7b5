"""The server's worker processes end with it, even when it is killed with
``kill -9`` (``server/processes.py``, ``dicehall/orphans.py``)."""

import signal
import subprocess
import sys
import time
import urllib.request

from live_server import free_port

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
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "dicehall.cli", "serve", "--port", str(port), "--data", str(tmp_path),
         "--bot-pace", "0"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and server.poll() is None:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5).close()
                break
            except OSError:
                time.sleep(0.1)
        server.terminate()
        _, errors = server.communicate(timeout=60)
    finally:
        server.kill()
    assert "leaked" not in errors and "Traceback" not in errors, errors
