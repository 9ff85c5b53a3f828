#!/usr/bin/env node
// The trustleaf-scan command. This file is committed, so npm links it at install time (a bin pointing
// into dist/ would not exist yet, and `npx trustleaf-scan` would then look the name up in the registry).
// It is CommonJS with nothing newer than ES2017, so any Node can parse it and say what is needed.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const { pathToFileURL } = require('node:url');

const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(
    `trustleaf-scan needs Node.js 22 or newer; this is Node.js ${process.versions.node}.\n`,
  );
  process.exit(2);
}

const packageDir = path.resolve(__dirname, '..');
const built = path.join(packageDir, 'dist', 'cli.js');
const source = path.join(packageDir, 'src', 'cli.ts');
// The build (npm run build -w packages/scanner) when present; otherwise the TypeScript source, which
// Node 22.18+ runs as it is (erasable syntax only).
let entry;
if (fs.existsSync(built)) entry = built;
else if (fs.existsSync(source) && process.features && process.features.typescript) entry = source;
if (!entry) {
  process.stderr.write('trustleaf-scan is not built: run `npm run build -w packages/scanner` first.\n');
  process.exit(2);
}
import(pathToFileURL(entry).href).catch((err) => {
  process.stderr.write(`trustleaf-scan: ${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
