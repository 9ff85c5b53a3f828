// Sums the gzip size of the JavaScript the sign-in route loads before it can render: the entry, its
// static imports and the steps it loads the app in, and the sign-in route chunk with its static imports
// (issue 2: at most 200 KB).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_BYTES = 200 * 1024;
const SIGN_IN_ROUTE_MODULES = ['src/app/routes/auth/sign-in.tsx'];

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length !== 1) throw new Error(`Expected one entry in the manifest, found ${entryKeys.length}`);

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect(entryKeys[0]);
// The entry evaluates the app in steps loaded with import() (src/main.tsx): they are part of every first load.
for (const step of manifest[entryKeys[0]].dynamicImports ?? []) collect(step);
for (const key of SIGN_IN_ROUTE_MODULES) collect(key);

let total = 0;
const rows = [];
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`Sign-in route initial JavaScript (gzip):\n${rows.join('\n')}`);
console.log(
  `  total ${(total / 1024).toFixed(1)} KB of ${LIMIT_BYTES / 1024} KB allowed (${total} of ${LIMIT_BYTES} bytes)`,
);
if (total > LIMIT_BYTES) {
  console.error('Sign-in route initial JavaScript is over the budget.');
  process.exit(1);
}

// The entry evaluates the app in steps, one task each (src/main.tsx): a chunk it imports statically is
// evaluated with it, before any step, so none of its static imports may reach a step's chunk.
const stepFiles = new Set((manifest[entryKeys[0]].dynamicImports ?? []).map((key) => manifest[key].file));
const entryReach = new Set();
(function reach(key) {
  for (const imported of manifest[key].imports ?? []) {
    if (entryReach.has(imported)) continue;
    entryReach.add(imported);
    reach(imported);
  }
})(entryKeys[0]);
const early = [...entryReach].map((key) => manifest[key].file).filter((file) => stepFiles.has(file));
if (early.length > 0) {
  console.error(`The entry evaluates a step's chunk before the steps run: ${early.join(', ')}`);
  process.exit(1);
}
