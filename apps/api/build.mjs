// Bundles the server and worker into plain JavaScript for production (no run-time transpiler).
// Workspace packages (TypeScript source) are bundled; npm dependencies stay external.
// `node build.mjs [outdir]`: dist by default; tests that start processes build a folder of their own
// (inside apps/api, where the npm dependencies resolve).
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist';
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/worker.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // Modules the app imports on demand (the scanner's OCR and PDF code, with pdfkit, tesseract.js and
  // undici) become chunks of their own, loaded when first used: bundled into the entry, their
  // dependencies were imported at start and carried in every process's heap. Chunks sit beside the
  // entries, so paths taken from import.meta.url (migrations, package.json) stay the same.
  splitting: true,
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@trustleaf/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await cp('src/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`api built into apps/api/${outdir}`);
