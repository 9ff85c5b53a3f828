import { randomInt } from 'node:crypto';
import { SIGN_UP_CODE_LENGTH } from '@trustleaf/domain/rules/sign-up';
import type { SignUpCodeQuery, VerifySignUpCodeInput } from '@trustleaf/domain/schemas/accounts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import type { Clock } from '../../lib/clock.ts';
import { sameHash, sha256 } from '../../lib/crypto.ts';
import { refusal } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { signUpCodeMail } from '../mail/accounts.templates.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { REFUSALS } from './sign-up-refusals.ts';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_FAILURES = 5;
export const RESEND_INTERVAL_MS = 60 * 1000;
export const MAX_CODES_PER_HOUR = 5;

const codeHash = (email: string, code: string) => sha256(`sign-up:${email}:${code}`);

export interface SignUpCodesDeps {
  repo: AccountsRepository;
  limiter: AttemptLimiter;
  mailer: Mailer;
  clock: Clock;
}

/** The emailed sign-up code: sent and re-sent within limits, then verified before registration. */
export function createSignUpCodes(deps: SignUpCodesDeps) {
  const { repo, limiter, clock, mailer } = deps;
  return {
    /** Emails a 6-digit code; also the resend call, rate-limited per email (spec 1 §4). */
    async sendSignUpCode(input: SignUpCodeQuery): Promise<void> {
      if (await repo.findUserByEmail(input.email)) throw refusal('CONFLICT', REFUSALS.emailTaken);
      const now = clock.now();
      // The minute first: a refused resend must not use up one of the hour's codes.
      const perMinute = { limit: 1, windowMs: RESEND_INTERVAL_MS };
      if (!(await limiter.take(`sign-up-code:minute:${input.email}`, perMinute, now))) {
        throw refusal('RATE_LIMITED', REFUSALS.resendTooSoon);
      }
      const perHour = { limit: MAX_CODES_PER_HOUR, windowMs: 3600_000 };
      if (!(await limiter.take(`sign-up-code:hour:${input.email}`, perHour, now))) {
        throw refusal('RATE_LIMITED', REFUSALS.tooManyCodes);
      }
      const code = String(randomInt(0, 10 ** SIGN_UP_CODE_LENGTH)).padStart(SIGN_UP_CODE_LENGTH, '0');
      await repo.insertCode(
        input.email,
        codeHash(input.email, code),
        new Date(now.getTime() + CODE_TTL_MS),
        now,
      );
      await mailer.send({
        to: input.email,
        ...renderMail(signUpCodeMail, mailLanguage(input.language), { firstName: input.firstName, code }),
      });
    },

    /** Only the newest code counts; five wrong tries end it and a new code is needed. */
    async verifySignUpCode(input: VerifySignUpCodeInput): Promise<void> {
      const now = clock.now();
      const latest = await repo.latestCode(input.email);
      if (!latest || latest.verifiedAt || latest.consumedAt || latest.expiresAt <= now) {
        throw refusal('VALIDATION_FAILED', REFUSALS.codeExpired);
      }
      // The try is taken before the comparison, so concurrent guesses cannot outrun the limit.
      const tries = await repo.takeCodeTry(latest.id, MAX_CODE_FAILURES);
      if (tries === null) throw refusal('RATE_LIMITED', REFUSALS.tooManyWrongCodes);
      if (!sameHash(latest.codeHash, codeHash(input.email, input.signUpCode))) {
        if (tries >= MAX_CODE_FAILURES) throw refusal('RATE_LIMITED', REFUSALS.tooManyWrongCodes);
        throw refusal('VALIDATION_FAILED', REFUSALS.wrongCode, {
          reason: 'WRONG_CODE',
          triesLeft: MAX_CODE_FAILURES - tries,
        });
      }
      if (!(await repo.markVerified(latest.id, now))) {
        throw refusal('VALIDATION_FAILED', REFUSALS.codeExpired);
      }
    },
  };
}
