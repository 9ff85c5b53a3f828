import { describe, expect, it } from 'vitest';
import { DIRECTORY_TEXT, directoryText } from '../reference/directory-text.ts';
import { negotiateTrustLanguage, TRUST_PROFILE_TEXT, trustText } from '../reference/trust-profile-text.ts';
import {
  SEAL_MAX_VALIDITY_MS,
  sealEligibility,
  sealWindowEnd,
  startOfDayIn,
  type RequiredDocumentState,
} from './trust-seal.ts';

const licence = (latest: RequiredDocumentState['latest'], expirationCheck = true): RequiredDocumentState => ({
  documentTypeId: 1,
  name: 'State Cannabis License',
  expirationCheck,
  latest,
});
const base = {
  published: true,
  held: false,
  subscriptionActive: true,
  sealFeature: 'NORMAL' as const,
  today: '2026-11-25',
};

describe('sealEligibility', () => {
  it('grants the seal only when every condition holds', () => {
    const accepted = licence({ reviewStatus: 'accepted', expirationDate: '2026-11-25' });
    expect(sealEligibility({ ...base, documents: [accepted] })).toEqual({ eligible: true, blockers: [] });
  });

  it('gives a document blocker its type and, for a seeded type, the key its name is translated by', () => {
    const seeded = { ...licence(null), name: 'Business Registration', seedKey: 'businessRegistration' };
    expect(sealEligibility({ ...base, documents: [seeded, licence(null)] }).blockers).toEqual([
      {
        reason: 'DOCUMENT_MISSING',
        documentType: 'Business Registration',
        documentTypeSeedKey: 'businessRegistration',
      },
      { reason: 'DOCUMENT_MISSING', documentType: 'State Cannabis License', documentTypeSeedKey: null },
    ]);
  });

  it('names what blocks it: each document, the subscription, the plan, publication and a hold', () => {
    const result = sealEligibility({
      ...base,
      published: false,
      held: true,
      documents: [
        licence(null),
        licence({ reviewStatus: 'pending', expirationDate: '2027-01-01' }),
        licence({ reviewStatus: 'rejected', expirationDate: '2027-01-01' }),
        licence({ reviewStatus: 'accepted', expirationDate: '2026-11-24' }),
        licence({ reviewStatus: 'accepted', expirationDate: null }),
      ],
      subscriptionActive: false,
    });
    expect(result.eligible).toBe(false);
    expect(result.blockers.map((b) => b.reason)).toEqual([
      'NOT_PUBLISHED',
      'SEAL_HELD',
      'DOCUMENT_MISSING',
      'DOCUMENT_PENDING',
      'DOCUMENT_REJECTED',
      'DOCUMENT_EXPIRED',
      'DOCUMENT_EXPIRED',
      'SUBSCRIPTION_INACTIVE',
    ]);
    expect(sealEligibility({ ...base, documents: [], sealFeature: 'NON_INTERACTABLE' }).blockers).toEqual([
      { reason: 'NO_REQUIRED_DOCUMENTS' },
      { reason: 'PLAN_WITHOUT_SEAL' },
    ]);
  });
});

describe('sealWindowEnd', () => {
  it('lasts a day at most, and ends when the first required document expires (Eastern time)', () => {
    const now = new Date('2026-11-25T15:00:00Z');
    expect(sealWindowEnd(now, []).getTime()).toBe(now.getTime() + SEAL_MAX_VALIDITY_MS);
    const today = licence({ reviewStatus: 'accepted', expirationDate: '2026-11-25' });
    // Valid all of 25 November in New York (UTC−5): until 05:00 UTC on the 26th.
    expect(sealWindowEnd(now, [today]).toISOString()).toBe('2026-11-26T05:00:00.000Z');
    const noExpiry = licence({ reviewStatus: 'accepted', expirationDate: '2026-11-25' }, false);
    expect(sealWindowEnd(now, [noExpiry]).getTime()).toBe(now.getTime() + SEAL_MAX_VALIDITY_MS);
  });

  it('finds midnight in the platform zone across daylight saving', () => {
    expect(new Date(startOfDayIn('2026-07-01')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(new Date(startOfDayIn('2026-03-08')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(startOfDayIn('2026-03-09')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('trust profile text', () => {
  it('has every English key and placeholder in French, German and Dutch', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const english = TRUST_PROFILE_TEXT.en;
    for (const language of ['fr', 'de', 'nl'] as const) {
      const other = TRUST_PROFILE_TEXT[language] as Record<string, string>;
      expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english))
        expect(placeholders(other[key]!)).toEqual(placeholders(text));
    }
    expect(trustText('en', 'pageTitle', { name: 'Acme' })).toBe('Acme: Trustleaf trust profile');
  });

  it('picks ?lang first, then the best Accept-Language we speak, then English', () => {
    expect(negotiateTrustLanguage('nl', 'fr')).toBe('nl');
    expect(negotiateTrustLanguage('xx', 'es;q=0.9, de-AT;q=0.8, fr;q=0.1')).toBe('de');
    expect(negotiateTrustLanguage(undefined, 'es, it')).toBe('en');
    expect(negotiateTrustLanguage(undefined, undefined)).toBe('en');
  });
});

describe('directory text', () => {
  it('has every English key and placeholder in French, German and Dutch', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const english = DIRECTORY_TEXT.en;
    for (const language of ['fr', 'de', 'nl'] as const) {
      const other = DIRECTORY_TEXT[language] as Record<string, string>;
      expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english))
        expect(placeholders(other[key]!)).toEqual(placeholders(text));
    }
    expect(directoryText('de', 'pageNumber', { page: 3 })).toBe('Seite 3');
  });
});
