import { describe, expect, it } from 'vitest';
import { receiptMail } from './billing.templates.ts';
import { renderMail } from './mail.templates.ts';

describe('mail templates', () => {
  const params = {
    planName: '<img src=x onerror=alert(1)> & Co',
    frequency: 'ANNUAL' as const,
    amount: 1639,
    periodStart: '2026-03-01T17:00:00.000Z',
    periodEnd: '2027-03-01T17:00:00.000Z',
    brand: 'visa',
    last4: '4242',
    subscriptionUrl: 'https://app.example/?a=1&b=2',
  };

  it('escapes every value of the HTML part through one function and keeps the text part plain', () => {
    const mail = renderMail(receiptMail, 'en', params);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(mail.html).toContain('https://app.example/?a=1&amp;b=2');
    expect(mail.text).toContain('Plan: <img src=x onerror=alert(1)> & Co (annual)');
  });

  it('writes money and dates the way each language does, dates in Eastern time', () => {
    expect(renderMail(receiptMail, 'en', params).text).toContain(
      'Period: March 1, 2026 – March 1, 2027\n\nAmount: $1,639.00\n\nPaid with: Visa ending in 4242',
    );
    expect(renderMail(receiptMail, 'de', params).text).toContain('Betrag: 1.639,00\u00a0$');
    expect(renderMail(receiptMail, 'nl', params).text).toContain('Periode: 1 maart 2026 – 1 maart 2027');
    expect(renderMail(receiptMail, 'fr', params).subject).toMatch(
      /^Votre reçu Trustleaf : 1\u202f639,00\u00a0\$US$/,
    );
  });
});
