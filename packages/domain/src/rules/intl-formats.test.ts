import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';

describe('Intl formatters', () => {
  it('are built once per locale and options and format as a new one would', () => {
    const options = { timeZone: 'America/New_York', dateStyle: 'medium' } as const;
    const first = dateTimeFormat('fr', options);
    expect(dateTimeFormat('fr', { ...options })).toBe(first);
    expect(dateTimeFormat('de', options)).not.toBe(first);
    expect(dateTimeFormat('fr', { ...options, dateStyle: 'long' })).not.toBe(first);
    const day = new Date('2026-03-01T12:00:00Z');
    expect(first.format(day)).toBe(new Intl.DateTimeFormat('fr', options).format(day));
  });

  it('keeps number formats apart by options', () => {
    const usd = numberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' })).toBe(usd);
    expect(usd.format(1234.5)).toBe('$1,234.50');
    expect(numberFormat('en-US', { style: 'percent' }).format(0.25)).toBe('25%');
  });
});
