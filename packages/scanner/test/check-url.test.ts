import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrl } from '../src/index.ts';
import { serveSite } from './fixture-server.ts';
import type { FixtureServer } from './fixture-server.ts';

describe('checkUrl', () => {
  let plain: FixtureServer;
  let secure: https.Server;
  let securePort: number;

  beforeAll(async () => {
    plain = await serveSite({ '/': { body: '<p>ok</p>' }, '/gone': { status: 404 } });
    const dir = mkdtempSync(path.join(tmpdir(), 'trustleaf-cert-'));
    // A self-signed certificate stands in for a site whose certificate a browser would reject.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    secure = https.createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      (_req, res) => res.end('<p>secure</p>'),
    );
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    securePort = (secure.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await plain.close();
    secure.closeAllConnections();
    await new Promise((resolve) => secure.close(resolve));
  });

  it('succeeds without a warning for a reachable http URL', async () => {
    const result = await checkUrl(`${plain.origin}/`, { allowHosts: [plain.host] });
    expect(result).toEqual({ status: 'SUCCESS', url: `${plain.origin}/`, httpStatus: 200 });
  });

  it('fails with "Url not connected" on a 404', async () => {
    const result = await checkUrl(`${plain.origin}/gone`, { allowHosts: [plain.host] });
    expect(result).toMatchObject({ status: 'FAILED', message: 'Url not connected', httpStatus: 404 });
  });

  it('fails with "Url not connected" when nothing listens', async () => {
    const gone = await serveSite({});
    await gone.close();
    const result = await checkUrl(gone.origin, { allowHosts: [gone.host] });
    expect(result).toMatchObject({ status: 'FAILED', message: 'Url not connected' });
    expect(result.reason).toMatch(/refused/);
  });

  it('warns SSL_CERTIFICATE_ISSUE for an untrusted certificate', async () => {
    const result = await checkUrl(`https://127.0.0.1:${securePort}/`, {
      allowHosts: [`127.0.0.1:${securePort}`],
    });
    expect(result).toMatchObject({ status: 'SUCCESS', warning: 'SSL_CERTIFICATE_ISSUE', httpStatus: 200 });
    expect(result.message).toMatch(/certificate/);
  });

  it('warns HTTP_FALLBACK_USED when only plain http answers', async () => {
    const result = await checkUrl(`127.0.0.1:${plain.port}`, { allowHosts: [plain.host] });
    expect(result).toMatchObject({
      status: 'SUCCESS',
      warning: 'HTTP_FALLBACK_USED',
      url: `${plain.origin}/`,
    });
  });

  it('fails for something that is not a URL', async () => {
    expect(await checkUrl('ftp://example.com/file')).toMatchObject({
      status: 'FAILED',
      message: 'Url not connected',
    });
  });
});
