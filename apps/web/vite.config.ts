import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/*
 * Chunks by what the app loads together. Left to itself the bundler gives every set of pages that
 * shares a module a chunk of its own (about 180 files), and a signed-in page then waits on some ninety
 * requests, six at a time on HTTP/1.1. Here the entry's modules are one chunk, and every other module
 * that the public auth pages or the signed-in shell (app-root) import goes to one chunk per set of those
 * that import it ('sign-up', 'app-shell', 'app-shell+sign-up', ...); what only some pages use stays split
 * by the bundler. Route modules keep chunks of their own: the router loads each page by its module, and
 * scripts/check-bundle.mjs sizes the sign-in page by them.
 */
const ENTRY = 'src/main.tsx';
const ROOTS = [
  { name: 'sign-in', module: 'src/app/routes/auth/sign-in.tsx' },
  { name: 'sign-up', module: 'src/app/routes/auth/sign-up.tsx' },
  { name: 'app-shell', module: 'src/app/routes/app/app-root.tsx' },
];

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

function chunkGroups() {
  const reach = new Map<string, Set<string>>();
  // The modules a root imports statically, directly or not (worked out once per build).
  function reachOf(root: string, graph: ModuleGraph): Set<string> {
    let found = reach.get(root);
    if (found) return found;
    found = new Set<string>();
    const stack = [fileURLToPath(new URL(root, import.meta.url))];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    reach.set(root, found);
    return found;
  }
  // One group per set of roots. A module's imports are reached by every root that reaches it, and a
  // group takes its modules' imports with it, so wider sets (and the entry) are grouped first.
  const isRoute = (id: string) => id.includes('/src/app/routes/');
  // The set of roots that reach a module, as bits of ROOTS.
  const ownersOf = (id: string, graph: ModuleGraph) =>
    ROOTS.reduce(
      (bits, root, index) => (reachOf(root.module, graph).has(id) ? bits | (1 << index) : bits),
      0,
    );
  const groupOf = (bits: number) => {
    const members = ROOTS.filter((_, index) => bits & (1 << index));
    const name = members.map((root) => root.name).join('+');
    return {
      debugName: name,
      priority: members.length,
      name: (id: string, graph: ModuleGraph) =>
        !isRoute(id) && !reachOf(ENTRY, graph).has(id) && ownersOf(id, graph) === bits ? name : null,
    };
  };
  return [
    {
      debugName: 'entry',
      priority: ROOTS.length + 1,
      name: (id: string, graph: ModuleGraph) =>
        !isRoute(id) && reachOf(ENTRY, graph).has(id) ? 'entry' : null,
    },
    ...Array.from({ length: 2 ** ROOTS.length - 1 }, (_, index) => groupOf(index + 1)),
  ];
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  // Brotli and gzip copies made once at build time; the server sends the one the browser accepts.
  plugins: [
    react(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt|wasm)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-bundle.mjs reads the manifest to size what the sign-in route loads first.
    manifest: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
