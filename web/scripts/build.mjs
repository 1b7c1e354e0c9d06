// Builds web/dist: the bundled app (esbuild), the page, our CSS and chessground's CSS.
import { build } from 'esbuild';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const cg = path.join(web, 'node_modules', '@lichess-org', 'chessground', 'assets');

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await build({
  entryPoints: [path.join(web, 'src', 'main.ts')],
  outfile: path.join(dist, 'app.js'),
  bundle: true,
  format: 'esm',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
});
for (const f of ['index.html', 'app.css']) await copyFile(path.join(web, 'static', f), path.join(dist, f));
for (const f of ['chessground.base.css', 'chessground.brown.css', 'chessground.cburnett.css']) {
  await copyFile(path.join(cg, f), path.join(dist, f));
}
console.log(`built ${path.relative(process.cwd(), dist) || dist}`);
