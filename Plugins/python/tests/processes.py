"""What the Python tests share: stopping the processes they start, by pid (never by name)."""
import signal
import subprocess


def stop(process):
    """Stops a child by its pid: SIGTERM, then SIGKILL."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
