import { describe, expect, it } from 'vitest';
import {
  addScanJob,
  cleanAdditionalWords,
  localScanStatus,
  productScanStatus,
  removeScanJob,
  scanProgressPercent,
  scanUrlIcon,
  updateScanJob,
  type LocalScanJob,
} from './scan-jobs.ts';
import {
  isInPeriod,
  issueImageHref,
  periodStart,
  severityColour,
  SEVERITY_TONE_COLOURS,
  totalFindings,
  videoEvidenceHref,
} from './scan-report.ts';

const job = (jobId: string, change: Partial<LocalScanJob> = {}): LocalScanJob => ({
  jobId,
  type: 'job',
  url: 'https://shop.example/',
  companyName: 'Acme',
  plCompanyId: 1,
  isDone: false,
  plViolationCheckId: null,
  isShowModalOnClick: true,
  status: 'SCANNING',
  isProgressClosed: false,
  pagesDone: 0,
  pagesQueued: 0,
  ...change,
});

describe('scan report rules (spec 3 §3, §9)', () => {
  it('colours severities on the S0 green to S3 red scale', () => {
    expect(severityColour('COMPLIANCE')).toBe(SEVERITY_TONE_COLOURS.S0);
    expect(severityColour('LOW')).toBe(SEVERITY_TONE_COLOURS.S1);
    expect(severityColour('MEDIUM')).toBe(SEVERITY_TONE_COLOURS.S2);
    expect(severityColour('HIGH')).toBe(SEVERITY_TONE_COLOURS.S3);
  });

  it('sums the counts per severity plus an optional extra', () => {
    expect(totalFindings({ HIGH: 2, LOW: 1 })).toBe(3);
    expect(totalFindings({ HIGH: 1, MEDIUM: 1, LOW: 1, COMPLIANCE: 1 }, 4)).toBe(8);
    expect(totalFindings({})).toBe(0);
  });

  it('bounds the periods from now, all time having no start', () => {
    const now = new Date('2026-05-31T12:00:00Z');
    expect(periodStart('ALL_TIME', now)).toBeNull();
    expect(periodStart('LAST_WEEK', now)?.toISOString()).toBe('2026-05-24T12:00:00.000Z');
    expect(periodStart('LAST_MONTH', now)?.toISOString()).toBe('2026-05-01T12:00:00.000Z');
    expect(periodStart('LAST_3_MONTHS', now)?.toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(isInPeriod('2026-05-20T00:00:00Z', 'LAST_WEEK', now)).toBe(false);
    expect(isInPeriod('2026-05-25T00:00:00Z', 'LAST_WEEK', now)).toBe(true);
    expect(isInPeriod('2001-01-01T00:00:00Z', 'ALL_TIME', now)).toBe(true);
  });

  it('links video evidence from the start to the start plus 0.01 s', () => {
    expect(videoEvidenceHref('https://v.example/a.mp4', 12.5)).toBe('https://v.example/a.mp4#t=12.5,12.51');
    expect(videoEvidenceHref('https://v.example/a.mp4#old', 0)).toBe('https://v.example/a.mp4#t=0,0.01');
  });

  it('fetches issue images through url-to-base64 with the address encoded', () => {
    expect(issueImageHref('https://shop.example/a b.png?x=1&y=2')).toBe(
      '/api/url-to-base64?cache=true&imageUrl=https%3A%2F%2Fshop.example%2Fa%20b.png%3Fx%3D1%26y%3D2',
    );
  });
});

describe('scan jobs (spec 3 §3 "Scan job", §4)', () => {
  it('replaces a job with the same id and type, keeps one of another type', () => {
    const first = addScanJob([], job('7'));
    const replaced = addScanJob(first, job('7', { url: 'https://other.example/' }));
    expect(replaced).toHaveLength(1);
    expect(replaced[0]?.url).toBe('https://other.example/');
    expect(addScanJob(replaced, job('7', { type: 'productScanTask' }))).toHaveLength(2);
  });

  it('updates and removes by id and type only', () => {
    const jobs = [job('1'), job('2')];
    expect(updateScanJob(jobs, '2', 'job', { isDone: true }).map((j) => j.isDone)).toEqual([false, true]);
    expect(removeScanJob(jobs, '1', 'productScanTask')).toHaveLength(2);
    expect(removeScanJob(jobs, '1', 'job').map((j) => j.jobId)).toEqual(['2']);
  });

  it('shows pages done of queued, unknown until something is queued', () => {
    expect(scanProgressPercent({ pagesDone: 0, pagesQueued: 0 })).toBeNull();
    expect(scanProgressPercent({ pagesDone: 3, pagesQueued: 12 })).toBe(25);
    expect(scanProgressPercent({ pagesDone: 13, pagesQueued: 12 })).toBe(100);
  });

  it('maps remote statuses and reads a product scan from its first task', () => {
    expect(localScanStatus('processing')).toBe('SCANNING');
    expect(localScanStatus('completed')).toBe('SUCCESS');
    expect(localScanStatus('failed')).toBe('FAILED');
    expect(localScanStatus('cancelled')).toBe('CANCELLED');
    expect(productScanStatus([])).toBe('completed');
    expect(productScanStatus([{ status: 'processing' }, { status: 'completed' }])).toBe('processing');
  });

  it('drops blank additional words', () => {
    expect(cleanAdditionalWords([' cure ', '', '   ', 'miracle'])).toEqual(['cure', 'miracle']);
  });

  it('picks the URL field icon from the form status (spec 3 §4 "Scanner form")', () => {
    const base = { value: '', status: 'NONE' as const, checkedUrl: null, isValidUrl: false };
    expect(scanUrlIcon(base)).toBeNull();
    expect(scanUrlIcon({ ...base, status: 'PROCESSING' })).toBe('spinner');
    expect(scanUrlIcon({ ...base, value: 'not a url' })).toBe('error');
    expect(scanUrlIcon({ ...base, value: 'https://a.example/', isValidUrl: true })).toBeNull();
    expect(
      scanUrlIcon({
        value: 'https://a.example/',
        isValidUrl: true,
        status: 'FAILED',
        checkedUrl: 'https://a.example/',
      }),
    ).toBe('error');
    expect(scanUrlIcon({ ...base, status: 'SUCCESS', checkedUrl: 'https://a.example/' })).toBe('tick');
    expect(
      scanUrlIcon({
        value: 'https://b.example/',
        isValidUrl: true,
        status: 'SUCCESS',
        checkedUrl: 'https://a.example/',
      }),
    ).toBeNull();
  });
});
