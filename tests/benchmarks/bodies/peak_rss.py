# Peak resident memory of conform-cli when a body far over the limits arrives (issue: "bounded
# bodies"): `run` refusing a 200 MB reply, the proxy streaming a 200 MB reply to its client
# (captured as not judged) and a 40 MB request to its upstream, `collect` answering 413 to a
# 200 MB request, sent with Content-Length and chunked. Each process's peak (VmHWM, or
# wait4's ru_maxrss for `run`) must stay under the bound; the script prints the figures and
# exits 1 when one does not. `run` has a bound of its own: a chunked reply must be read up to
# --max-reply-bytes (32 MiB) before it is known to be too large, so its peak is the process's
# own and that much, never a reply's size or a multiple of the limit.
#
# Usage: python3 peak_rss.py CONFORM_CLI [--mb 200] [--bound-mb 150] [--run-bound-mb 64]
# The upstream is this script's own, on 127.0.0.1: it answers every request with an OpenAI
# chat completion whose content is --mb megabytes, and reads (and counts) every request body.
import argparse, json, os, socket, subprocess, sys, tempfile, threading, time

parser = argparse.ArgumentParser()
parser.add_argument("cli")
parser.add_argument("--mb", type=int, default=200)
parser.add_argument("--bound-mb", type=int, default=150)
parser.add_argument("--run-bound-mb", type=int, default=64)
args = parser.parse_args()
size = args.mb * 1024 * 1024
work = tempfile.mkdtemp(prefix="conform-bodies-")
env = dict(os.environ, OPENAI_API_KEY=os.environ.get("OPENAI_API_KEY", "notakey-bench-bodies"))

def reply_head(length):
    return (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % length)

PREFIX = b'{"id":"c","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"'
SUFFIX = b'"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1}}'
received_bodies = []

def serve_upstream(listener):
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        threading.Thread(target=answer, args=(conn,), daemon=True).start()

def answer(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    got = len(rest)
    while got < length:
        chunk = conn.recv(1 << 20)
        if not chunk:
            break
        got += len(chunk)
    received_bodies.append(got)
    filler = size - len(PREFIX) - len(SUFFIX)
    # A request under /chunked/ gets its reply chunked: no length to refuse it by up front.
    chunked = b" /chunked/" in head.split(b"\r\n", 1)[0]
    frame = (lambda piece: b"%x\r\n" % len(piece) + piece + b"\r\n") if chunked else (lambda piece: piece)
    try:
        if chunked:
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + frame(PREFIX))
        else:
            conn.sendall(reply_head(size) + PREFIX)
        block = b"x" * (1 << 20)
        while filler > 0:
            conn.sendall(frame(block[: min(filler, len(block))]))
            filler -= len(block)
        conn.sendall(frame(SUFFIX) + (b"0\r\n\r\n" if chunked else b""))
    except OSError:
        pass  # `run` hangs up once the reply passed its limit
    conn.close()

upstream = socket.socket()
upstream.bind(("127.0.0.1", 0))
upstream.listen(16)
upstream_port = upstream.getsockname()[1]
threading.Thread(target=serve_upstream, args=(upstream,), daemon=True).start()

schema = os.path.join(work, "schema.json")
with open(schema, "w") as f:
    f.write('{"type":"object"}')

def peak_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0

def start_server(arguments):
    p = subprocess.Popen([args.cli] + arguments, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    line = p.stdout.readline().decode().strip()
    return p, int(line.rsplit(":", 1)[1])

def raw_exchange(port, request, body_sender=None):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(request)
    if body_sender:
        try:
            body_sender(s)
        except OSError:
            pass  # the server answered (413) and closed before the whole body went
    status = b""
    total = 0
    while True:
        try:
            chunk = s.recv(1 << 20)
        except OSError:
            break
        if not chunk:
            break
        if not status:
            status = chunk.split(b"\r\n", 1)[0]
        total += len(chunk)
    s.close()
    return status.decode(errors="replace"), total

results = []

# 1. run: the reply passes --max-reply-bytes (32 MiB unless given) and is refused: by its
#    Content-Length before a byte is read, or once the limit's worth of a chunked reply came.
for how, prefix, limit in (("Content-Length", "/v1", []), ("chunked", "/chunked/v1", []),
                           ("chunked, --max-reply-bytes 1 MiB", "/chunked/v1", ["--max-reply-bytes", "1048576"])):
    p = subprocess.Popen([args.cli, "run", "--provider", "openai", "--model", "m", "--base-url", f"http://127.0.0.1:{upstream_port}{prefix}",
                          "--schema", schema, "--user", "hi", "--no-store", "--retries", "0", "--max-calls", "1", "--mode", "text"] + limit,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = p.stderr.read().decode(errors="replace").strip().splitlines()
    _, status, usage = os.wait4(p.pid, 0)
    results.append((f"run, a {args.mb} MB reply by {how} (refused)", usage.ru_maxrss, f"exit {os.waitstatus_to_exitcode(status)}: {err[-1] if err else ''}",
                    args.run_bound_mb))

# 2. the proxy: a 200 MB reply streamed to the client, and a 40 MB request to the upstream.
proxy, proxy_port = start_server(["proxy", "--upstream", f"http://127.0.0.1:{upstream_port}", "--store", os.path.join(work, "proxy.db")])
request_body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
line, got = raw_exchange(proxy_port, b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(request_body) + request_body)
big = 40 * 1024 * 1024
def send_big(s):
    prefix = b'{"model":"m","messages":[{"role":"user","content":"'
    s.sendall(prefix)
    suffix = b'"}]}'
    left = big - len(prefix) - len(suffix)
    block = b"x" * (1 << 20)
    while left > 0:
        s.sendall(block[: min(left, len(block))])
        left -= len(block)
    s.sendall(suffix)
line2, got2 = raw_exchange(proxy_port, b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % big, send_big)
time.sleep(1.0)  # the judging thread has written the captures
results.append(("proxy, a %d MB reply and a 40 MB request (streamed)" % args.mb, peak_kib(proxy.pid),
                f"{line}, {got >> 20} MB to the client; {line2}; the upstream read {', '.join(f'{b / 1048576:.1f} MB' for b in received_bodies[-2:])}", args.bound_mb))
proxy.terminate()
proxy.wait()

# 3. collect: a 200 MB request, by Content-Length and chunked, answered 413.
collect, collect_port = start_server(["collect", "--listen", "127.0.0.1:0", "--store", os.path.join(work, "collect.db")])
def send_plain(s):
    block = b" " * (1 << 20)
    for _ in range(args.mb):
        s.sendall(block)
def send_chunked(s):
    block = b"100000\r\n" + b" " * (1 << 20) + b"\r\n"
    for _ in range(args.mb):
        s.sendall(block)
    s.sendall(b"0\r\n\r\n")
line3, _ = raw_exchange(collect_port, b"POST /v1/traces HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % size, send_plain)
line4, _ = raw_exchange(collect_port, b"POST /v1/traces HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n", send_chunked)
results.append(("collect, a %d MB request (Content-Length, then chunked)" % args.mb, peak_kib(collect.pid), f"{line3}; {line4}", args.bound_mb))
collect.terminate()
collect.wait()

failed = False
for name, kib, note, bound_mb in results:
    over = kib >= bound_mb * 1024
    failed = failed or over
    print(f"{name}: peak {kib / 1024:.1f} MB{f' (over the bound, {bound_mb} MB)' if over else ''} -- {note}")
sys.exit(1 if failed else 0)
