# Usage: python3 tests/benchmarks/serve/idle.py build/release/app/cli/conform-cli 1100 [prlimit --nofile=1024:1024]
# (the script itself needs an open-file limit above N: ulimit -n 4096)
# Holds N idle connections to `conform-cli serve`, then makes one request.
import socket, subprocess, sys, time
cli, n = sys.argv[1], int(sys.argv[2])
p = subprocess.Popen(sys.argv[3:] + [cli, "serve", "--scenario", "fenced-reply", "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
port = int(p.stdout.readline().decode().strip().rsplit(":", 1)[1])
idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(n)]
time.sleep(1)
s = socket.create_connection(("127.0.0.1", port))
s.sendall(b"GET /api/tags HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
try:
    print(n, "idle connections; a new request got:", s.recv(100).split(b"\r\n")[0])
except Exception as e:
    print(n, "idle connections; a new request got:", e)
p.terminate()
