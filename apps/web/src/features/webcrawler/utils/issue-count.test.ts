import { describe, expect, it } from 'vitest';
import appDe from '@/locales/app/de.json';
import appFr from '@/locales/app/fr.json';
import appNl from '@/locales/app/nl.json';
import { issueCountKey } from './issue-count';

const webcrawler = { fr: appFr.webcrawler, de: appDe.webcrawler, nl: appNl.webcrawler };

describe('issueCountKey', () => {
  it('answers the singular for one issue and the plural above', () => {
    expect(issueCountKey(0)).toBe('webcrawler.issuesNone');
    expect(issueCountKey(1)).toBe('webcrawler.issuesOne');
    expect(issueCountKey(4)).toBe('webcrawler.issuesMany');
  });

  // Only English keeps the spec's 'issue(s)': the key is read for two issues or more, so a translation
  // says the plural plainly ('mögliche(s) Problem(e)' read as a form being filled in).
  it.each(Object.entries(webcrawler))(
    '%s says two issues or more in the plural, without "(s)"',
    (_, text) => {
      expect(text.issuesMany).toContain('{{count}}');
      expect(text.issuesMany).not.toMatch(/\(\w+\)/);
    },
  );
});
