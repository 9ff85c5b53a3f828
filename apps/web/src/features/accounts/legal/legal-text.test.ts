import { LANGUAGES } from '@trustleaf/domain/rules/themes';
import { describe, expect, it } from 'vitest';
import {
  legalSections,
  loadLegalDocument,
  type LegalDocument,
  type LegalSection,
} from '@/features/accounts/legal/legal-text';

const documents = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (language) => [language, await loadLegalDocument(language)] as const),
  ),
) as Record<(typeof LANGUAGES)[number], LegalDocument>;
const english = documents.en;
const others = LANGUAGES.filter((language) => language !== 'en').map(
  (language) => [language, documents[language]] as const,
);

const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
/** What must match across languages: the numbering, the placeholders and the paragraph count. */
function shape(section: LegalSection) {
  return {
    number: /^\d+\./.exec(section.heading)?.[0] ?? null,
    headingPlaceholders: placeholders(section.heading),
    paragraphs: section.paragraphs.map(placeholders),
  };
}

describe('licence agreement and privacy policy', () => {
  it.each(others)('%s has the English structure: sections, paragraphs, numbering, placeholders', (_, doc) => {
    expect(doc.agreement.map(shape)).toEqual(english.agreement.map(shape));
    expect(doc.privacy.map(shape)).toEqual(english.privacy.map(shape));
    expect(shape(doc.californiaNotice)).toEqual(shape(english.californiaNotice));
  });

  it.each(LANGUAGES)('%s is complete and not left in English', (language) => {
    const doc = documents[language];
    const all = [...doc.agreement, ...doc.privacy, doc.californiaNotice];
    for (const section of all) {
      expect(section.heading.trim()).not.toBe('');
      for (const paragraph of section.paragraphs) expect(paragraph.trim().length).toBeGreaterThan(40);
    }
    if (language === 'en') return;
    const englishTexts = new Set(
      [...english.agreement, ...english.privacy, english.californiaNotice].flatMap((s) => s.paragraphs),
    );
    // Proper names ("Cookies", "Feedback") may stay; paragraphs may not.
    expect(all.flatMap((s) => s.paragraphs).filter((p) => englishTexts.has(p))).toEqual([]);
  });

  it.each(LANGUAGES)('%s states the cap, the law, the age, the 12 months and the four states', (language) => {
    const text = JSON.stringify(legalSections(documents[language], 'Acme Trust'));
    for (const fact of ['100', 'New Jersey', '21', '12', 'Nevada', 'Texas', 'Vermont', 'CCPA'])
      expect(text, fact).toContain(fact);
    expect(text).toContain('ACME TRUST');
    expect(text).toContain('Acme Trust');
    expect(text).toContain('support@trustleaf.example');
    expect(text).not.toMatch(/{{\w+}}/);
  });

  it.each(LANGUAGES)('%s California variant adds the notice before the last section', (language) => {
    const doc = documents[language];
    const general = legalSections(doc, 'Acme Trust');
    const california = legalSections(doc, 'Acme Trust', 'california');
    expect(california).toHaveLength(general.length + 1);
    expect(california.at(-2)!.heading).toBe(doc.californiaNotice.heading);
    expect(california.at(-1)!.heading).toBe(general.at(-1)!.heading);
    const californiaText = JSON.stringify(california);
    expect(californiaText).toContain('privacy-ca@trustleaf.example');
    expect(californiaText).not.toContain('support@trustleaf.example');
    expect(JSON.stringify(general)).not.toContain('privacy-ca@trustleaf.example');
  });

  it('reads English for an unknown language', async () => {
    expect(await loadLegalDocument('xx')).toBe(english);
  });
});
