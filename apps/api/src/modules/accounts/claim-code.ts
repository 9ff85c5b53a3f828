import { randomInt } from 'node:crypto';
import { sha256 } from '../../lib/crypto.ts';

const CLAIM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Claim codes are stored only as this hash; they are typed in any case. */
export const claimHash = (code: string) => sha256(`claim:${code.trim().toUpperCase()}`);

/** 10 characters of an unambiguous alphabet (about 50 bits). */
export function newClaimCode(): string {
  return Array.from({ length: 10 }, () => CLAIM_ALPHABET[randomInt(CLAIM_ALPHABET.length)]).join('');
}
