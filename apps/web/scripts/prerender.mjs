// Writes the public pages a first visit lands on as HTML (apps/web/src/prerender.tsx renders them):
// dist/prerendered/<path>.html with Brotli and gzip copies, served by the API for those paths in place
// of the empty shell. The server-side build of the app is made here and removed afterwards.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'vite';

const WRITTEN_DISABLED = 'data-disabled-until-taken-over';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'dist-prerender');

await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    rollupOptions: { output: { format: 'esm', entryFileNames: 'prerender.mjs' } },
  },
  // MUI and emotion are bundled so that their ESM builds resolve the same way as in the browser build.
  ssr: { noExternal: true },
});

const { DARK_SHELL, PRERENDERED_PATHS, languagesOf, modulesOf, renderPage, stylesOfSignedInPage } =
  await import(pathToFileURL(path.join(ssrOut, 'prerender.mjs')).href);
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!shell.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot}`);

/**
 * Until the app has taken the page over, it is to be seen, not used: a field typed into, a box ticked or
 * a button pressed before then would be lost (or a form sent by the browser itself), so every control
 * the app renders enabled is disabled here and marked (MUI styles its disabled look by class, so they
 * look as they will). src/app/start.tsx enables the marked ones once the app has taken the page over; React
 * takes the markup over as it is, so it would not. Links work at once.
 */
function untilTakenOver(markup) {
  return markup.replace(
    /<(input|textarea|select|button)\b(?![^>]*\sdisabled[\s=>])/g,
    `<$1 disabled ${WRITTEN_DISABLED}`,
  );
}

/*
 * Emotion writes a page's styles as <style data-emotion="css <id>"> elements beside the elements they
 * style, one per rule set (about ninety on sign-up). In the browser, emotion's cache moves each of
 * them into the head as the app's code starts (before React takes the markup over, which has no such
 * elements), one DOM move and style recalculation at a time. Here they are written in the head at
 * once, in their order: the class rules as one element that lists every id (emotion reads the ids to
 * know what is already on the page, and `data-s` tells it the element is already in place), the
 * global styles as they are (emotion's Global finds its element by its own id).
 *
 * A signed-in page's frame also carries the styles of the page the app renders over it
 * (`stylesOfSignedInPage`, its markup unused): the app's first commit then finds them in place instead
 * of writing each of them into the style sheet as it mounts, which was about two fifths of that commit's
 * time, in one task on a phone's main thread. About 5 KB more per frame, compressed.
 */
const EMOTION_STYLE = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;
function hoistStyles(markup, alsoStylesOf = '') {
  const ids = [];
  const rules = [];
  const globals = [];
  const take = (element, attribute, css) => {
    const [key, ...names] = attribute.split(' ');
    if (key !== 'css') {
      if (!globals.includes(element)) globals.push(element);
      return;
    }
    const fresh = names.filter((name) => !ids.includes(name));
    if (fresh.length === 0) return;
    ids.push(...fresh);
    rules.push(css);
  };
  const body = markup.replace(EMOTION_STYLE, (...match) => {
    take(...match);
    return '';
  });
  for (const match of alsoStylesOf.matchAll(EMOTION_STYLE)) take(...match);
  const classes =
    ids.length > 0 ? `<style data-emotion="css ${ids.join(' ')}" data-s="">${rules.join('')}</style>` : '';
  return { body, head: `${globals.join('')}${classes}` };
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
/** A module's file and those of its static imports, from the build's manifest. */
function filesOf(key, found = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build's manifest has no module ${key}`);
  if (found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const imported of chunk.imports ?? []) filesOf(imported, found);
  return found;
}
/*
 * A written-out page is painted from its markup and styles alone: the app's files it preloads are
 * needed to take it over, not to show it, so they are asked for at low priority (`fetchpriority`), and
 * whatever the first paint does need goes first. On a throttled phone connection (150 ms, 1.6 Mbps,
 * CPU ×4) the pages are painted as soon as before and taken over no later (bench/RESULTS.md). A page
 * the app must draw itself (dist/index.html, served for the other paths) keeps the default priority.
 */
const PRELOAD = 'rel="modulepreload" crossorigin';
const PRELOAD_LOW = `${PRELOAD} fetchpriority="low"`;
if (!shell.includes(`<link ${PRELOAD} href=`)) throw new Error(`dist/index.html has no <link ${PRELOAD}>`);

/**
 * Module preloads for what the page's app loads after the entry (a frame's shell and page), so that it
 * is fetched with the entry's steps rather than after them; files the shell already links are left out.
 */
function preloadsOf(page, html) {
  const files = new Set(modulesOf(page).flatMap((key) => [...filesOf(key)]));
  return [...files]
    .filter((file) => !html.includes(file))
    .map((file) => `<link ${PRELOAD_LOW} href="/${file}">`)
    .join('');
}

/*
 * The browser may paint a page before it has read all of it: a written-out page was shown in two paints,
 * the top of the form first and the rest of it some 100 ms later. The page waits to be painted until
 * its last element is read (`<link rel="expect" blocking="render">`), so it appears at once, whole.
 */
const PAGE_END = 'written-out-end';
const wholeFirstPaint = `<link rel="expect" href="#${PAGE_END}" blocking="render">`;

/*
 * What a written-out page shows if its app cannot be loaded even after the page is loaded anew
 * (src/lib/stale-build.ts showLoadFailure): its form would stay disabled for good. No module can be
 * loaded then, so the message is written in the page, in every language from the locale files; the
 * entry picks the viewer's and wires its button.
 */
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const loadFailed = `<template id="page-load-failed">${['en', 'fr', 'de', 'nl']
  .map((language) => {
    const { message, retry } = JSON.parse(
      readFileSync(path.join(root, 'src', 'locales', `${language}.json`), 'utf8'),
    ).pageLoadFailed;
    return (
      `<div lang="${language}" role="alert" data-testid="page-load-failed" style="margin:16px;padding:12px 16px;` +
      `border:1px solid #d32f2f;border-radius:4px;color:#5f2120;background:#fdeded;font-family:sans-serif">` +
      `<p style="margin:0 0 8px">${escapeHtml(message)}</p><button type="button">${escapeHtml(retry)}</button></div>`
    );
  })
  .join('')}</template>`;

const htmlLang = '<html lang="en">';
if (!shell.includes(htmlLang)) throw new Error(`dist/index.html has no ${htmlLang}`);

// A page in English as prerendered/<path>.html, in another language as prerendered/<path>.<language>.html.
for (const page of PRERENDERED_PATHS) {
  const pageStyles = modulesOf(page).length > 0 ? await stylesOfSignedInPage(page) : '';
  // The stand-in's page, not a loader in its place, or the frame would carry the loader's styles only.
  if (pageStyles.includes('role="progressbar"'))
    throw new Error(`The app rendered ${page} with a loader for the frame's styles (src/prerender.tsx)`);
  for (const language of languagesOf(page)) {
    const { body, head } = hoistStyles(await renderPage(page, language), pageStyles);
    const markup = untilTakenOver(body);
    const html = shell
      .replaceAll(PRELOAD, PRELOAD_LOW)
      .replace(htmlLang, `<html lang="${language}">`)
      .replace(
        emptyRoot,
        `<div id="root" data-prerendered="${page}">${markup}</div>${loadFailed}<i id="${PAGE_END}"></i>`,
      )
      .replace('</head>', `${wholeFirstPaint}${head}${preloadsOf(page, shell)}</head>`);
    const name = `${page.replace(/^\//, '')}${language === 'en' ? '' : `.${language}`}.html`;
    const file = path.join(dist, 'prerendered', name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    console.log(`prerendered ${page} (${language}): ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`);
  }
}
/*
 * The shell for a viewer in the dark theme (the API sends it by the theme cookie, and no written-out page,
 * which is light): its background is the theme's from the first paint, where the shell's own is white
 * until the app's scripts have loaded and run.
 */
const darkShell = shell.replace('</head>', `<style>html{background:${DARK_SHELL.background}}</style></head>`);
writeFileSync(path.join(dist, DARK_SHELL.file), darkShell);
writeFileSync(path.join(dist, `${DARK_SHELL.file}.br`), brotliCompressSync(darkShell));
writeFileSync(path.join(dist, `${DARK_SHELL.file}.gz`), gzipSync(darkShell, { level: 9 }));
console.log(`wrote ${DARK_SHELL.file}, the shell in the dark theme's background`);

rmSync(ssrOut, { recursive: true, force: true });
