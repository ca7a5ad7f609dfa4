# Usage: python3 tests/benchmarks/serve/memory.py build/release/app/cli/conform-cli
# Measures `conform-cli serve` resident memory over a session: warm-up, then rounds of
# small and 30 MB requests; prints VmRSS after each phase.
import socket, subprocess, sys, time, json
cli = sys.argv[1]
p = subprocess.Popen([cli, "serve", "--scenario", "fenced-reply", "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
line = p.stdout.readline().decode().strip()
port = int(line.rsplit(":", 1)[1])
def rss():
    for l in open(f"/proc/{p.pid}/status"):
        if l.startswith("VmRSS:"):
            return int(l.split()[1])
def post(body):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk: break
        data += chunk
    s.close()
    return data.split(b"\r\n", 1)[0]
small = json.dumps({"model": "x", "messages": [{"role": "user", "content": "hi"}]}).encode()
big = json.dumps({"model": "x", "messages": [{"role": "user", "content": "x" * (30 * 1024 * 1024 - 100)}]}).encode()
for _ in range(20): post(small)
time.sleep(0.5)
start = rss()
print("after warm-up", start, "KiB")
for r in range(3):
    for _ in range(5):
        status = post(big)
    for _ in range(200): post(small)
    time.sleep(0.5)
    print("round", r + 1, "(5 x 30 MB + 200 small):", rss(), "KiB", status.decode())
p.terminate()
