// The build renders these in Node; the markup checked here is the same in the tests' browser-like DOM.
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/prerender';

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
});
