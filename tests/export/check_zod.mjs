// Runs Zod exports against instances: node check_zod.mjs MANIFEST.json
// MANIFEST: [{"module": "/abs/x.mjs", "instance": "/abs/example.json", "expected": true}, ...]
// Prints one line per mismatch and "zod: N checked, M mismatches"; exits 1 on any mismatch.
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const manifest = JSON.parse(readFileSync(process.argv[2], "utf8"));
// The generated modules import "zod"; they live outside this folder, so point them at ours.
const zodUrl = import.meta.resolve("zod");
const work = mkdtempSync(join(tmpdir(), "conform-zod-"));
const loaded = new Map();
async function load(path) {
  if (!loaded.has(path)) {
    const source = readFileSync(path, "utf8").replace(/from "zod"/g, `from ${JSON.stringify(zodUrl)}`);
    const copy = join(work, `m${loaded.size}.mjs`);
    writeFileSync(copy, source);
    loaded.set(path, (await import(pathToFileURL(copy).href)).default);
  }
  return loaded.get(path);
}

let mismatches = 0;
for (const entry of manifest) {
  const schema = await load(entry.module);
  const instance = JSON.parse(readFileSync(entry.instance, "utf8"));
  const result = schema.safeParse(instance);
  if (result.success !== entry.expected) {
    mismatches++;
    const why = result.success ? "accepted" : JSON.stringify(result.error.issues[0]);
    console.log(`mismatch: ${entry.instance}: Zod ${why}, Conform says ${entry.expected ? "valid" : "invalid"}`);
  }
}
console.log(`zod: ${manifest.length} checked, ${mismatches} mismatches`);
process.exit(mismatches ? 1 : 0);
