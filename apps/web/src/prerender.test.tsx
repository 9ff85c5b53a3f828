// The build renders these in Node; the markup checked here is the same in the tests' browser-like DOM.
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_FRAMES } from '@/app/router';
import { WRITTEN_OUT_FRAMES } from '@/app/routes/app/written-out-frames';
import { useBranding } from '@/lib/site-template';
import { languagesOf, modulesOf, PRERENDERED_PATHS, renderPage, stylesOfSignedInPage } from '@/prerender';
import { useAppStore } from '@/stores/app-store';

describe('pages written out at build time', () => {
  it('renders sign-in whole: heading, fields and links, with no loader left in it', async () => {
    const html = await renderPage('/auth/sign-in');
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expect(html).toMatch(/<input[^>]*type="email"/);
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(html).toContain('href="/auth/sign-up"');
    expect(html).not.toContain('role="progressbar"');
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<script');
  });

  it('renders sign-up with the messages of its own part loaded', async () => {
    const html = await renderPage('/auth/sign-up');
    expect(html).toMatch(/<h1[^>]*>Create your company account<\/h1>/);
    expect(html).toContain('Company name');
    expect(html).not.toContain('signUp.');
    expect(html).not.toContain('role="progressbar"');
  });

  it('writes out the frame of every signed-in page the app renders over, in every language', () => {
    expect(Object.keys(WRITTEN_OUT_FRAMES).sort()).toEqual(Object.keys(SIGNED_IN_FRAMES).sort());
    for (const path of Object.keys(SIGNED_IN_FRAMES)) {
      expect(PRERENDERED_PATHS).toContain(path);
      expect(languagesOf(path)).toEqual(['en', 'fr', 'de', 'nl']);
      // The build links the shell's and the page's files in the frame (scripts/prerender.mjs).
      expect(modulesOf(path)).toContain('src/app/routes/app/app-root.tsx');
      expect(modulesOf(path)).toHaveLength(2);
    }
    expect(languagesOf('/auth/sign-in')).toEqual(['en']);
    expect(modulesOf('/auth/sign-in')).toEqual([]);
  });

  it("renders a signed-in page's frame with its introduction in the language asked, naming no one and no brand", async () => {
    const english = await renderPage('/dashboard/main');
    expect(english).toContain('Your compliance overview: subscription, document vault and website scanning.');
    expect(english).toContain('<main');
    const french = await renderPage('/dashboard/main', 'fr');
    expect(french).toContain('Votre vue d’ensemble de la conformité');
    expect(french).not.toContain('dashboard.intro');
    const webcrawler = await renderPage('/webcrawler', 'de');
    expect(webcrawler).toContain('Fügen Sie Ihre Website hinzu');
    for (const html of [english, french, webcrawler]) {
      expect(html).not.toContain('Trustleaf');
      expect(html).not.toContain('Welcome');
      expect(html).not.toMatch(/<(button|input|a)\b/);
      expect(html).not.toContain('role="progressbar"');
    }
    // The next page is English again.
    expect(await renderPage('/auth/sign-in')).toMatch(/<h1[^>]*>Sign in<\/h1>/);
  });

  it("renders a signed-in page as the app first renders it, every part at once, for the frame's styles", async () => {
    const webcrawler = await stylesOfSignedInPage('/webcrawler');
    // The shell, signed in as the stand-in, and the page rather than a loader: the title, the form and
    // the parts the screen mounts one after another in the browser (the scans' tabs, the websites).
    expect(webcrawler).toContain('Owner Owner');
    expect(webcrawler).toContain('aria-label="Main navigation"');
    expect(webcrawler).toMatch(/<h1[^>]*>Webcrawler<\/h1>/);
    expect(webcrawler).toContain('role="tab"');
    expect(webcrawler).toContain('Websites and weekly re-scans');
    expect(webcrawler).not.toMatch(/<main[^>]*>(<!--\$-->)?<div[^>]*role="status" aria-label="Loading/);
    const dashboard = await stylesOfSignedInPage('/dashboard/main');
    expect(dashboard).toContain('aria-label="Main navigation"');
    expect(dashboard).not.toMatch(/<main[^>]*>(<!--\$-->)?<div[^>]*role="status" aria-label="Loading/);
    // The stores' initial state (what a server render reads) is signed out again afterwards.
    expect(useAppStore.getInitialState().session).toBeNull();
    expect(useAppStore.getInitialState().account.currentUser).toBeNull();
    expect(useBranding.getInitialState().loadedFor).toBeUndefined();
    expect(await renderPage('/dashboard/main')).not.toContain('Owner Owner');
  });
});
