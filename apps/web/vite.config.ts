import { createHash } from 'node:crypto';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/*
 * Chunks by what the app loads together. Left to itself the bundler gives every set of pages that
 * shares a module a chunk of its own (about 180 files), and a signed-in page then waits on some ninety
 * requests, six at a time on HTTP/1.1. Here the entry's modules are one chunk, and every other module
 * that a root imports goes to one chunk per set of roots that import it ('sign-up', 'app-shell',
 * 'app-shell+sign-up', ...); what only some pages use stays split by the bundler. The roots are the
 * public auth pages, the signed-in shell (app-root), and whatever the entry and the public pages load
 * lazily (the notice host, the auth schemas, ...): a chunk is evaluated whole when it is loaded, so a
 * module that the sign-in page loads late must not share a chunk with what only the shell needs (the
 * sign-in page would otherwise build the shell's schemas as soon as its notice host loaded). Route
 * modules keep chunks of their own: the router loads each page by its module, and
 * scripts/check-bundle.mjs sizes the sign-in page by them.
 */
const ENTRY = 'src/main.tsx';
const PAGE_ROOTS = [
  { name: 'sign-in', module: 'src/app/routes/auth/sign-in.tsx', public: true },
  { name: 'sign-up', module: 'src/app/routes/auth/sign-up.tsx', public: true },
  { name: 'app-shell', module: 'src/app/routes/app/app-root.tsx', public: false },
];

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};
type Root = { name: string; id: string };

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 6);
const isRoute = (id: string) => id.includes('/src/app/routes/');
/** A module of the domain's schemas (`packages/domain/src/schemas/<name>.ts`). */
const DOMAIN_SCHEMA = /\/packages\/domain\/src\/schemas\/([a-z-]+)\.ts$/;
/**
 * React Query's hook for several queries at once and its observer: the package's index, which the
 * first step reaches, re-exports them, so by the module graph they belong to that step, but only pages
 * use them (the Webcrawler's running scans, the paywall's discounts). A chunk of their own keeps their
 * 1.5 KB gzip out of the sign-in page's first load.
 */
const SEVERAL_QUERIES =
  /@tanstack\/(react-query|query-core)\/build\/modern\/(useQueries|queriesObserver)\.js$/;
const absolute = (file: string) => fileURLToPath(new URL(file, import.meta.url));

function chunkGroups() {
  const reach = new Map<string, Set<string>>();
  // The modules a root imports statically, directly or not (worked out once per build).
  function reachOf(root: string, graph: ModuleGraph): Set<string> {
    let found = reach.get(root);
    if (found) return found;
    found = new Set<string>();
    const stack = [root];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    reach.set(root, found);
    return found;
  }
  // The steps the entry loads the app in, in order (its import() calls: src/main.tsx).
  const stepsOf = (graph: ModuleGraph) => graph.getModuleInfo(absolute(ENTRY))?.dynamicallyImportedIds ?? [];
  // The first step that needs a module (steps are evaluated in order), or -1 for none.
  const layers = new Map<string, number>();
  function layerOf(id: string, graph: ModuleGraph): number {
    let layer = layers.get(id);
    if (layer === undefined) {
      layer = stepsOf(graph).findIndex((step) => reachOf(step, graph).has(id));
      layers.set(id, layer);
    }
    return layer;
  }
  const inEntry = (id: string, graph: ModuleGraph) =>
    reachOf(absolute(ENTRY), graph).has(id) || layerOf(id, graph) >= 0;
  // The pages, then every module that the entry, a public page or such a lazy module loads lazily.
  let roots: Root[] | null = null;
  function rootsOf(graph: ModuleGraph): Root[] {
    if (roots) return roots;
    const found: Root[] = PAGE_ROOTS.map((root) => ({ name: root.name, id: absolute(root.module) }));
    const known = new Set([...found.map((root) => root.id), ...stepsOf(graph)]);
    const names = new Set(found.map((root) => root.name));
    const pending = [
      ...stepsOf(graph),
      ...PAGE_ROOTS.filter((root) => root.public).map((root) => absolute(root.module)),
    ];
    while (pending.length > 0) {
      for (const id of reachOf(pending.pop()!, graph)) {
        for (const lazy of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
          if (known.has(lazy) || isRoute(lazy) || lazy.includes('/node_modules/')) continue;
          known.add(lazy);
          const base = lazy
            .split('/')
            .pop()!
            .replace(/\.[a-z]+$/, '');
          // The shell's steps load the domain's schema modules one by one (src/app/shell-steps.ts):
          // as roots they are one, so what they reach is grouped as one more root would group it.
          if (DOMAIN_SCHEMA.test(lazy)) {
            found.push({ name: 'schemas', id: lazy });
            pending.push(lazy);
            continue;
          }
          let name = base;
          for (let n = 2; names.has(name); n++) name = `${base}-${n}`;
          names.add(name);
          found.push({ name, id: lazy });
          pending.push(lazy);
        }
      }
    }
    roots = found;
    return roots;
  }
  // The names of the roots that reach a module, sorted (worked out once per module).
  const owners = new Map<string, string[]>();
  function ownersOf(id: string, graph: ModuleGraph): string[] {
    let found = owners.get(id);
    if (!found) {
      found = rootsOf(graph)
        .filter((root) => reachOf(root.id, graph).has(id))
        .map((root) => root.name)
        .filter((name, index, all) => all.indexOf(name) === index)
        .sort();
      owners.set(id, found);
    }
    return found;
  }
  // A module's imports are reached by every root that reaches it and needed by the same step or an
  // earlier one, and a group takes its modules' imports with it: so the entry's own few modules and
  // the earlier steps are grouped first, then wider sets of roots before narrower ones (one group per
  // width).
  const MAX_STEPS = 8;
  const MAX_WIDTH = 64;
  return [
    {
      debugName: 'several queries',
      priority: MAX_WIDTH + MAX_STEPS + 2,
      name: (id: string) => (SEVERAL_QUERIES.test(id) ? 'several-queries' : null),
      // Their own imports (the query core) stay with the first step.
      includeDependenciesRecursively: false,
    },
    // What the entry imports itself (the steps' helper, zod's settings, the preload helper the bundler
    // adds): a step's group would otherwise take them with the step's modules (a group takes its
    // modules' imports), and the entry would then evaluate that step's chunk, and every chunk it
    // imports, in one task before any step ran (boot steps 1, 3 and 4: 41-62 ms on this machine).
    {
      debugName: 'boot',
      priority: MAX_WIDTH + MAX_STEPS + 1,
      name: (id: string, graph: ModuleGraph) =>
        id !== absolute(ENTRY) && reachOf(absolute(ENTRY), graph).has(id) ? 'boot' : null,
    },
    ...Array.from({ length: MAX_STEPS }, (_, step) => ({
      debugName: `boot step ${step + 1}`,
      priority: MAX_WIDTH + MAX_STEPS - step,
      name: (id: string, graph: ModuleGraph) =>
        // The entry's own modules (with the preload helper the bundler adds) are the 'boot' group's.
        !isRoute(id) && !reachOf(absolute(ENTRY), graph).has(id) && layerOf(id, graph) === step
          ? `boot-${step + 1}`
          : null,
    })),
    ...Array.from({ length: MAX_WIDTH }, (_, index) => ({
      debugName: `shared by ${index + 1}`,
      priority: index + 1,
      name: (id: string, graph: ModuleGraph) => {
        if (isRoute(id) || inEntry(id, graph)) return null;
        const set = ownersOf(id, graph);
        if (Math.min(set.length, MAX_WIDTH) !== index + 1) return null;
        // A domain schema module is a chunk of its own: building its schemas is most of what it costs
        // to evaluate, and the signed-in shell evaluates each one as a step (src/app/router.tsx).
        const schema = DOMAIN_SCHEMA.exec(id);
        if (schema) return `schema-${schema[1]}`;
        // Wide sets get a short name.
        return set.length <= 4 ? set.join('+') : `common-${set.length}-${shortHash(set.join('+'))}`;
      },
    })),
  ];
}

/*
 * The entry evaluates the app in steps, each loaded with import() (src/main.tsx). Their files are
 * linked as module preloads in index.html so that all of them are fetched at once, while the page
 * loads, and each step then only waits for the one before it.
 */
function preloadBootSteps(): Plugin {
  return {
    name: 'trustleaf-preload-boot-steps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
        if (!entry || entry.type !== 'chunk') return [];
        // The entry's chunk and its imports, then what it loads with import() (the steps) and theirs.
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        visit(entry.fileName);
        entry.dynamicImports.forEach(visit);
        return [...files]
          .filter((fileName) => !html.includes(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/*
 * `import { z } from 'zod'` binds zod's whole API as one namespace, and with it `z.locales`: every one
 * of zod's ~50 translations of its own messages. A namespace shared by several chunks is kept whole, so
 * every signed-in page downloaded and parsed all of them (a chunk of 386 KB, 89 KB gzip, most of it
 * Polish to Vietnamese). The app never shows zod's messages: it refuses with its own keys, translated
 * by i18n (src/lib/keyed-zod-resolver.ts). English, zod's default, stays; `z.locales` holds only it.
 * (zod issue 6050.)
 */
function zodEnglishOnly(): Plugin {
  const LOCALES_INDEX = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
  const OTHER_LOCALE = /[\\/]zod[\\/]v4[\\/]locales[\\/](?!en\.js$|index\.js$)[^\\/]+$/;
  return {
    name: 'trustleaf-zod-english-only',
    enforce: 'pre',
    load: (id) => (LOCALES_INDEX.test(id) ? "export { default as en } from './en.js';" : null),
    // Should zod move its locales, the build fails rather than ship them all again unnoticed.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        const locale = file.type === 'chunk' ? file.moduleIds.find((id) => OTHER_LOCALE.test(id)) : undefined;
        if (locale) this.error(`${file.fileName} bundles zod's locale ${locale}: see zodEnglishOnly`);
      }
    },
  };
}

/*
 * Each endpoint of the API contract (`packages/domain/src/api`) carries a summary and a description for
 * the OpenAPI document the API serves at /api/docs: about 40 KB of prose that the browser never reads.
 * The web build empties them, so no page downloads and parses them; the API keeps them.
 */
function withoutEndpointDocs(): Plugin {
  const CONTRACT = /[\\/]packages[\\/]domain[\\/]src[\\/]api[\\/][^\\/]+\.ts$/;
  const DOCS = new Set(['summary', 'description']);
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  return {
    name: 'trustleaf-without-endpoint-docs',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT.test(id)) return null;
      const cuts: Array<[number, number]> = [];
      const visit = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach(visit);
        const n = node as Node;
        const callee = n.callee as Node | undefined;
        const options = (n.arguments as Node[] | undefined)?.[0];
        if (
          n.type === 'CallExpression' &&
          callee?.name === 'endpoint' &&
          options?.type === 'ObjectExpression'
        ) {
          for (const property of options.properties as Node[]) {
            const key = property.key as Node | undefined;
            const value = property.value as Node | undefined;
            if (property.type === 'Property' && key && DOCS.has(key.name as string) && value)
              cuts.push([value.start, value.end]);
          }
        }
        for (const [field, child] of Object.entries(n)) if (field !== 'parent') visit(child);
      };
      visit(this.parse(code));
      if (cuts.length === 0) return null;
      let out = code;
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0]))
        out = `${out.slice(0, start)}''${out.slice(end)}`;
      return { code: out, map: null };
    },
    // Should the contract's shape change so that none is found, the build fails rather than ship them.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.moduleIds.some((id) => CONTRACT.test(id))) continue;
        if (/\bsummary:\s*(`[^`]|"[^"]|'[^'])/.test(file.code))
          this.error(`${file.fileName} ships an endpoint's summary: see withoutEndpointDocs`);
      }
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  // Brotli and gzip copies made once at build time; the server sends the one the browser accepts.
  plugins: [
    react(),
    zodEnglishOnly(),
    withoutEndpointDocs(),
    preloadBootSteps(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt|wasm)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      /*
       * MUI calls emotion's `styled(tag, options)` only; the package's main entry also builds a styled
       * component for each of ~130 HTML and SVG tags (`styled.div`…) when it is evaluated, and testing a
       * prop name on each compiles emotion's prop-name expression: work on the start-up's longest step
       * (the provider's, with MUI) that nothing uses. Its `base` entry is the same function without them.
       */
      { find: /^@emotion\/styled$/, replacement: '@emotion/styled/base' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-bundle.mjs reads the manifest to size what the sign-in route loads first.
    manifest: true,
    sourcemap: false,
    // Module preloads are supported by every browser the build targets but Safari before 17, where the
    // polyfill only warmed the cache: it ran on every page and weighed on the sign-in page's budget.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
