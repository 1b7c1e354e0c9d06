// Runs the unit tests of the pure modules: bundles test/unit/*.test.ts with esbuild into a
// temporary directory and runs them with node's test runner.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(web, 'test', 'unit');
const out = await mkdtemp(path.join(os.tmpdir(), 'arbiter-web-unit-'));
const tests = (await readdir(dir)).filter((f) => f.endsWith('.test.ts'));
await build({
  entryPoints: tests.map((f) => path.join(dir, f)),
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  logLevel: 'warning',
});
const files = tests.map((f) => path.join(out, f.replace(/\.ts$/, '.mjs')));
const run = spawnSync(process.execPath, ['--test', ...files], { stdio: 'inherit' });
await rm(out, { recursive: true, force: true });
process.exit(run.status ?? 1);
