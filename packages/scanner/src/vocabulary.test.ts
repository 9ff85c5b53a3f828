import { describe, expect, it } from 'vitest';
import medlinePlus from './dictionary/conditions-medlineplus.json' with { type: 'json' };
import { defaultDictionary } from './dictionary.ts';
import { ClaimMatcher, isDenial } from './matcher.ts';

const matcher = new ClaimMatcher();
const terms = (text: string) => matcher.analyze(text).matches.map((m) => m.term);
const blockTerms = (blocks: string[]) => matcher.analyzeBlocks(blocks).matches.map((m) => m.term);

describe('the condition vocabulary', () => {
  it('states its source, version and licence', () => {
    expect(medlinePlus.source).toMatch(/MedlinePlus/);
    expect(medlinePlus.version).toBeTruthy();
    expect(medlinePlus.licence).toMatch(/[Pp]ublic domain/);
    expect(medlinePlus.conditions.length).toBeGreaterThan(90);
  });

  it('is added to the shipped dictionary without listing a term twice', () => {
    const all = defaultDictionary().conditions.flatMap((g) => g.terms);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(300);
  });

  it.each([
    ['Many readers say the daily drops lower blood pressure within weeks.', 'reduce high blood pressure'],
    ['Our gummies help regulate hypertension naturally.', 'manage high blood pressure'],
    ['This balm eases fibromyalgia flare-ups.', 'relieve fibromyalgia'],
    ['Customers use it to combat neuropathy in their feet.', 'fight chronic pain'],
    ['Parents say it calms ADHD in kids.', 'relieve adhd'],
    ['A tincture that alleviated autism symptoms for our son.', 'relieve autism'],
    ['Our vape boosts lung function and fights COPD.', 'fight copd'],
    ['The cream soothed psoriasis patches within days.', 'relieve psoriasis'],
    ['Finally something that manages migraines.', 'manage migraine'],
    ['It reverses type 2 diabetes.', 'reverse diabetes'],
    ['Drops that get rid of acid reflux.', 'cure acid reflux'],
    ['Wards off the flu all winter.', 'prevent common cold'],
    ['Our salve repaired nerve damage in weeks.', 'heal peripheral neuropathy'],
  ])('finds "%s"', (sentence, term) => {
    expect(terms(sentence)).toContain(term);
  });

  it('finds nothing in look-alike sentences', () => {
    for (const sentence of [
      'Stop by our store in Portland for free samples.',
      'We improved our packaging to reduce plastic and lower costs.',
      'Our farm is state-regulated and highly regulated by the OCC.',
      'Boost your order with a free pre-roll.',
      'A one-stop shop for hemp flower, tested by a battle-tested lab.',
      'Calm evenings on the farm, with ease of use in every bottle.',
      'Our team fights for fair farm wages.',
      'Blood pressure monitors are sold at every pharmacy.',
      'New shingles on the barn roof protect against rain.',
      'Improve the taste with a little honey.',
      'These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.',
      'We do not claim that CBD lowers blood pressure.',
    ]) {
      expect(terms(sentence), sentence).toEqual([]);
    }
  });
});

describe('questions and their answers', () => {
  it('drops a question answered with a denial, in the same text or the next block', () => {
    expect(terms('Does CBD cure anxiety? No, and nobody should say it does.')).toEqual([]);
    expect(
      blockTerms(['Can CBD oil treat arthritis?', 'Unfortunately, there is no evidence for that.']),
    ).toEqual([]);
    expect(blockTerms(['Will hemp gummies lower blood pressure?', 'CBD is not a medicine.'])).toEqual([]);
  });

  it('keeps a question answered with a yes, or not answered', () => {
    expect(blockTerms(['Can CBD oil treat arthritis?', 'Yes! Our customers feel the difference.'])).toEqual([
      'treat arthritis',
    ]);
    expect(terms('Does our oil cure insomnia? Absolutely.')).toEqual(['cure insomnia']);
  });

  it('reads a denial', () => {
    expect(isDenial('No. CBD is a supplement.')).toBe(true);
    expect(isDenial('CBD does not cure anything.')).toBe(true);
    expect(isDenial("We can't say that it does.")).toBe(true);
    expect(isDenial('Yes, and it works fast.')).toBe(false);
    expect(isDenial('Not only does it work, it works fast.')).toBe(false);
  });
});
