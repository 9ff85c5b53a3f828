import { describe, expect, it, vi } from 'vitest';
import { FEATURES, MENU_FEATURES } from '../reference/features.ts';
import { landingRouteForPlan } from './landing.ts';
import { afterSignInTarget } from './sign-in-target.ts';
import { isStrongPassword, STRONG_PASSWORD_MESSAGE } from './password.ts';
import { regionConfig } from './region.ts';
import { canManageCompany, isNotPlainUser, isSuperAdmin } from './roles.ts';
import { sessionTimerState } from './session-timer.ts';
import { resolveThemeName } from './themes.ts';

describe('strong password', () => {
  it.each([
    ['Abcdefghij1!', true],
    ['abcdefghij1!', false],
    ['ABCDEFGHIJ1!', false],
    ['Abcdefghijk!', false],
    ['Abcdefghijk1', false],
    ['Abcdefgh1!', false],
    [`Aa1!${'x'.repeat(46)}`, true],
    [`Aa1!${'x'.repeat(47)}`, false],
  ])('%s → %s', (value, expected) => {
    expect(isStrongPassword(value)).toBe(expected);
  });

  it('has the spec message', () => {
    expect(STRONG_PASSWORD_MESSAGE).toBe(
      'Include 12 characters, upper and lowercase letters, numbers, and special symbols',
    );
  });
});

describe('session timer', () => {
  it('is valid, then due for refresh under the threshold, then expired below zero', () => {
    expect(sessionTimerState(900, 100)).toBe('valid');
    expect(sessionTimerState(900, 850)).toBe('refresh');
    expect(sessionTimerState(900, 900)).toBe('refresh');
    expect(sessionTimerState(900, 901)).toBe('expired');
  });
});

describe('themes', () => {
  it('keeps a known theme and warns on an unknown one', () => {
    const warn = vi.fn();
    expect(resolveThemeName('dark', warn)).toBe('dark');
    expect(warn).not.toHaveBeenCalled();
    expect(resolveThemeName('neon', warn)).toBe('default');
    expect(warn).toHaveBeenCalledWith('Unknown theme "neon", using the default theme');
    expect(resolveThemeName(null, warn)).toBe('default');
  });
});

describe('menu feature keys', () => {
  it('gates each section with a known feature key (or none) and shares the vault key', () => {
    const known = new Set(FEATURES.map((feature) => feature.key));
    for (const key of Object.values(MENU_FEATURES)) if (key !== null) expect(known).toContain(key);
    expect(MENU_FEATURES.webCrawler).toBe('content_compliance_monitoring');
    expect(MENU_FEATURES.qMonitor).toBe('active_company_monitoring');
    expect(MENU_FEATURES.documentReview).toBe(MENU_FEATURES.qVault);
    expect(MENU_FEATURES.dashboard).toBeNull();
  });
});

describe('landing', () => {
  it('routes by plan with / as the fallback', () => {
    expect(landingRouteForPlan('Merchant Processor')).toBe('/qmonitor');
    expect(landingRouteForPlan('Merchant Processor Client')).toBe('/directory/company-detail');
    expect(landingRouteForPlan('Enterprise for Banking')).toBe('/dashboard/main');
    expect(landingRouteForPlan(undefined)).toBe('/');
  });

  it('after sign-in prefers a local redirectUrl, else / (where the plan landing takes over)', () => {
    expect(afterSignInTarget('/settings?tab=1')).toBe('/settings?tab=1');
    expect(afterSignInTarget('')).toBe('/');
    expect(afterSignInTarget(null)).toBe('/');
    expect(afterSignInTarget('//evil.example')).toBe('/');
    expect(afterSignInTarget('https://evil.example')).toBe('/');
  });

  it('keeps a deep link with its query and fragment, and only ever a same-origin path', () => {
    expect(afterSignInTarget('/documents/review?status=pending&q=a%26b#row-3')).toBe(
      '/documents/review?status=pending&q=a%26b#row-3',
    );
    for (const outside of ['/\\evil.example', '/\t/evil.example', '/\n/evil.example', '\\evil.example']) {
      expect(afterSignInTarget(outside)).toBe('/');
    }
    expect(afterSignInTarget('javascript:alert(1)')).toBe('/');
  });
});

describe('region', () => {
  it('defaults to the US and switches the Canadian wording', () => {
    expect(regionConfig(undefined).region).toBe('US');
    expect(regionConfig('ca')).toMatchObject({
      region: 'CA',
      statesLabelKey: 'region.provinces',
      segmentChoice: false,
      trialPromoEnabled: true,
    });
    expect(regionConfig('US')).toMatchObject({
      statesLabelKey: 'region.states',
      legalActionTab: true,
      segmentChoice: true,
    });
  });
});

describe('roles', () => {
  it('recognises the super admin by name and plain users', () => {
    expect(isSuperAdmin(['Super Admin'])).toBe(true);
    expect(isSuperAdmin(['Company Owner'])).toBe(false);
    expect(isNotPlainUser(['User', 'Weak User'])).toBe(false);
    expect(isNotPlainUser(['User', 'Company Admin'])).toBe(true);
    expect(canManageCompany(['Company Admin'])).toBe(true);
    expect(canManageCompany(['User'])).toBe(false);
  });
});
