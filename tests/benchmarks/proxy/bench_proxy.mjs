// Latency the proxy adds: the same small chat completion against `conform-cli serve` directly
// and through `conform-cli proxy`, over keep-alive connections, N requests at concurrency C.
// Usage: node bench_proxy.mjs DIRECT_URL PROXY_URL N C
// Prints p50/p99 both ways and the difference; runs direct/proxied twice, interleaved, and
// keeps each side's better run, so a burst of other work on the machine does not decide it.
import http from 'node:http';

const [direct, proxied, countText, concurrencyText] = process.argv.slice(2);
const count = Number(countText ?? 2000);
const concurrency = Number(concurrencyText ?? 1);
const body = JSON.stringify({ model: 'sdk-task', messages: [{ role: 'user', content: 'The next task, as JSON.' }],
  response_format: { type: 'json_schema', json_schema: { name: 'task', schema: { type: 'object' }, strict: true } } });

function once(agent, url) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(`${url}/v1/chat/completions`, { method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer notakey-bench' } },
    (response) => {
      response.resume();
      response.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function run(url, n) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let next = 0;
  async function worker() {
    while (next < n) {
      next += 1;
      latencies.push(await once(agent, url));
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)];
  return { p50: at(0.5), p99: at(0.99) };
}

const best = (a, b) => ({ p50: Math.min(a.p50, b.p50), p99: Math.min(a.p99, b.p99) });
await run(direct, 200);
await run(proxied, 200); // warm-up: connections, JIT
let d = await run(direct, count);
let p = await run(proxied, count);
d = best(d, await run(direct, count));
p = best(p, await run(proxied, count));
const f = (x) => x.toFixed(3);
console.log(`concurrency ${concurrency}, ${count} requests: direct p50 ${f(d.p50)} ms p99 ${f(d.p99)} ms; `
  + `proxied p50 ${f(p.p50)} ms p99 ${f(p.p99)} ms; added p50 ${f(p.p50 - d.p50)} ms p99 ${f(p.p99 - d.p99)} ms`);
