import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { parseCommandLine, UsageError } from './cli-args.ts';
import {
  decodeSeal,
  SEAL_FAILURE_TEXT,
  SEAL_KEYS_PATH,
  SEAL_REVOCATIONS_PATH,
  verifySeal,
  type SealKeySet,
  type SealRevocationList,
} from './seal.ts';
import { createGuardedAgent } from './ssrf-guard.ts';

export const VERIFY_USAGE = `Usage: trustleaf-scan verify <file-or-url> [options]

Checks a Trustleaf verified seal: its Ed25519 signature against the issuer's published keys, its
validity window, its key id and the issuer's revocation list. The seal is a compact JWS, given as a
file or URL holding it (or JSON with a "seal" field, as a profile's seal.json answers).

Options:
  --issuer <url>         the Trustleaf instance you trust (default: the seal's own issuer, printed)
  --keys <file-or-url>   the issuer's key set (default: <issuer>${SEAL_KEYS_PATH})
  --revocations <file-or-url>
                         the issuer's revocation list (default: <issuer>${SEAL_REVOCATIONS_PATH})
  --no-revocations       skip the revocation check (fully offline with --keys)
  --at <iso-time>        verify as of this time instead of now
  --json                 print the verdict as JSON
  --allow-host <h:port>  let the command reach this host:port even if private (repeatable)
  -h, --help             show this help

Exit codes: 0 the seal is valid, 4 it is not (the reason is printed), 1 something could not be read,
2 wrong usage.`;

const MAX_BYTES = 1024 * 1024;

/** Reads a local file or fetches a URL (through the SSRF guard) as text. */
async function readSource(source: string, allowHosts: string[]): Promise<string> {
  if (!/^https?:\/\//i.test(source)) return readFileSync(source, 'utf8');
  const dispatcher = createGuardedAgent({ allowHosts });
  try {
    const response = await request(source, {
      dispatcher,
      headers: { accept: 'application/json, application/jose, text/plain' },
      headersTimeout: 15_000,
      bodyTimeout: 15_000,
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) {
      throw new Error(`${source} answered ${response.statusCode}`);
    }
    if (text.length > MAX_BYTES) throw new Error(`${source} is larger than 1 MB`);
    return text;
  } finally {
    await dispatcher.close();
  }
}

/** The compact seal inside what was read: the token itself, or JSON with a `seal` (or `detail.seal`) field. */
export function extractSealToken(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const json = JSON.parse(trimmed) as { seal?: unknown; detail?: { seal?: unknown } };
    const seal = json.seal ?? json.detail?.seal;
    if (typeof seal !== 'string') throw new Error('The JSON holds no "seal" field.');
    return seal;
  }
  return trimmed;
}

function parse(argv: string[]) {
  const { values, positionals } = parseCommandLine(argv, {
    issuer: { type: 'string' },
    keys: { type: 'string' },
    revocations: { type: 'string' },
    'no-revocations': { type: 'boolean', default: false },
    at: { type: 'string' },
    json: { type: 'boolean', default: false },
    'allow-host': { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return { help: true as const };
  if (positionals.length !== 1) throw new UsageError('Give exactly one seal file or URL.');
  let at = new Date();
  if (values.at !== undefined) {
    at = new Date(values.at);
    if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO date and time.');
  }
  if (values['no-revocations'] && values.revocations)
    throw new UsageError('Give --revocations or --no-revocations, not both.');
  return {
    help: false as const,
    source: positionals[0]!,
    issuer: values.issuer,
    keys: values.keys,
    revocations: values.revocations,
    checkRevocations: !values['no-revocations'],
    at,
    json: values.json,
    allowHosts: values['allow-host'] ?? [],
  };
}

export async function verifyMain(
  argv: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    err.write(`trustleaf-scan verify: ${(error as Error).message}\n\n${VERIFY_USAGE}\n`);
    return 2;
  }
  if (args.help) {
    out.write(`${VERIFY_USAGE}\n`);
    return 0;
  }
  try {
    const token = extractSealToken(await readSource(args.source, args.allowHosts));
    const decoded = decodeSeal(token);
    const issuer = (args.issuer ?? decoded?.payload.iss ?? '').replace(/\/+$/, '');
    if (!decoded) return report(out, args.json, { valid: false, reason: 'malformed' }, issuer, false);
    if (!args.keys && !/^https?:\/\//i.test(issuer))
      throw new Error('The seal names no issuer URL: give --keys.');
    const keys = JSON.parse(
      await readSource(args.keys ?? `${issuer}${SEAL_KEYS_PATH}`, args.allowHosts),
    ) as SealKeySet;
    if (!Array.isArray(keys.keys)) throw new Error('The key set has no "keys" list.');
    let revocations: SealRevocationList | null = null;
    if (args.checkRevocations) {
      revocations = JSON.parse(
        await readSource(args.revocations ?? `${issuer}${SEAL_REVOCATIONS_PATH}`, args.allowHosts),
      ) as SealRevocationList;
      if (!Array.isArray(revocations.revoked)) throw new Error('The revocation list has no "revoked" list.');
    }
    const verdict = verifySeal(token, {
      keys,
      revocations,
      now: args.at,
      ...(args.issuer ? { issuer: args.issuer } : {}),
    });
    return report(out, args.json, verdict, issuer, args.checkRevocations, !args.issuer);
  } catch (error) {
    err.write(`trustleaf-scan verify: ${(error as Error).message}\n`);
    return 1;
  }
}

function report(
  out: NodeJS.WritableStream,
  json: boolean,
  verdict: ReturnType<typeof verifySeal>,
  issuer: string,
  revocationChecked: boolean,
  issuerNotPinned = false,
): number {
  if (json) {
    out.write(
      `${JSON.stringify({ ...verdict, issuer, revocationChecked, issuerPinned: !issuerNotPinned }, null, 2)}\n`,
    );
    return verdict.valid ? 0 : 4;
  }
  const lines: string[] = [];
  const p = verdict.payload;
  if (verdict.valid) lines.push(`VALID: ${p!.company.name} holds the Trustleaf verified seal.`);
  else lines.push(`NOT VALID: ${SEAL_FAILURE_TEXT[verdict.reason]}`);
  if (p) {
    lines.push(`  Company:   ${p.company.name} (${p.company.profileUrl})`);
    lines.push(`  Issuer:    ${p.iss}${issuerNotPinned ? ' (not pinned: pass --issuer to require it)' : ''}`);
    lines.push(
      `  Valid:     ${new Date(p.nbf * 1000).toISOString()} to ${new Date(p.exp * 1000).toISOString()}`,
    );
    lines.push(`  Key id:    ${verdict.kid ?? '?'}`);
    lines.push(`  Seal id:   ${p.jti}`);
    for (const d of p.claims.requiredDocuments) {
      lines.push(`  Document:  ${d.type}: accepted${d.expires ? `, expires ${d.expires}` : ''}`);
    }
  }
  if (!revocationChecked) lines.push('  Revocation was not checked.');
  out.write(`${lines.join('\n')}\n`);
  return verdict.valid ? 0 : 4;
}
