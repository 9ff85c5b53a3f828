import {
  defaultSystemSettings,
  StoredSystemSettingsSchema,
  type CoaValidationRule,
  type SystemSettings,
  type SystemSettingUpdate,
  type SystemStatus,
} from '@trustleaf/domain/schemas/system';
import type { AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';
import type { SystemRepository } from './system.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/**
 * The spec 3 §3 system settings: written by a super admin, read by the shell (system status), the
 * scan job (violation phrases) and the COA reading (the COA validation rule). Every read goes to the
 * database, so a change counts at once in every API and worker process.
 */
export function createSystemService(deps: {
  repo: SystemRepository;
  clock: Clock;
  /** The Delta-9 THC limit before an admin sets one (DELTA9_THC_THRESHOLD_PERCENT). */
  defaultDelta9ThcLimitPercent: number;
}) {
  const { repo, clock } = deps;

  async function read(): Promise<SystemSettings> {
    const settings: Record<string, unknown> = { ...defaultSystemSettings(deps.defaultDelta9ThcLimitPercent) };
    for (const row of await repo.all()) {
      if (row.key in settings) settings[row.key] = row.value;
    }
    // A stored value of an older shape falls back to the default rather than breaking every reader.
    const parsed = StoredSystemSettingsSchema.safeParse(settings);
    return parsed.success ? parsed.data : defaultSystemSettings(deps.defaultDelta9ThcLimitPercent);
  }

  function requireSuperAdmin(auth: AuthContext): void {
    if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
  }

  return {
    async settings(auth: AuthContext): Promise<SystemSettings> {
      requireSuperAdmin(auth);
      return read();
    },

    async update(auth: AuthContext, input: SystemSettingUpdate): Promise<SystemSettings> {
      requireSuperAdmin(auth);
      await repo.upsert(input.key, input.value, auth.userId, clock.now());
      return read();
    },

    async status(): Promise<SystemStatus> {
      return (await read()).system_status;
    },

    /** Extra phrases every scan looks for besides its own additional words. */
    async violationPhrases(): Promise<string[]> {
      return (await read()).violation_phrase;
    },

    async coaRule(): Promise<CoaValidationRule> {
      return (await read()).coa_validation_rule;
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
