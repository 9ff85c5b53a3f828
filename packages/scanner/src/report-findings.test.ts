import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import PHRASES from './report-findings.json' with { type: 'json' };
import { findingDescriptionIn, findingHintIn, findingLevelIn } from './report-findings.ts';
import { REPORT_LANGUAGES } from './report-phrases.ts';

const webReport = (language: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`../../../apps/web/src/locales/app/${language}.json`, import.meta.url), 'utf8'),
    ) as { webcrawler: { report: Record<string, unknown> } }
  ).webcrawler.report;

const ruleRef =
  'FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B): disease claims make a product an unapproved drug (FDA warning letters to CBD marketers)';

describe('a finding in the report PDF', () => {
  it.each(REPORT_LANGUAGES)('reads the same texts as the web report dialog (%s)', (language) => {
    const web = webReport(language);
    for (const [part, texts] of Object.entries(PHRASES[language])) expect(texts).toEqual(web[part]);
  });

  it('frames the description and hint in the language, the quoted words as found', () => {
    const description = 'Disease claim: "cures" with "anxiety" (meta description)';
    expect(findingDescriptionIn('fr', description, 'DISEASE_CLAIM')).toBe(
      'Allégation thérapeutique : « cures » avec « anxiety » (méta-description)',
    );
    expect(findingDescriptionIn('en', description, 'DISEASE_CLAIM')).toBe(description);
    expect(findingHintIn('de', { category: 'DISEASE_CLAIM', ruleRef, hint: 'x' })).toMatch(/^Entfernen/);
    expect(findingLevelIn('nl', { severity: 'HIGH', category: 'DISEASE_CLAIM' })).toEqual({
      level: PHRASES.nl.levels.HIGH,
      label: PHRASES.nl.categories.DISEASE_CLAIM,
    });
  });

  it('shows what it does not recognise as stored', () => {
    expect(findingDescriptionIn('fr', 'Something else: "x"', 'DISEASE_CLAIM')).toBe('Something else: "x"');
    expect(
      findingHintIn('fr', {
        category: 'DISEASE_CLAIM',
        ruleRef: 'A rule of another dictionary',
        hint: 'Fix it.',
      }),
    ).toBe('Fix it.');
  });
});
