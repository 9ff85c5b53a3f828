import { z } from 'zod';
import {
  SystemSettingsSchema,
  SystemStatusSchema,
  UpdateSystemSettingInputSchema,
} from '../schemas/system.ts';
import { endpoint } from './endpoint.ts';

/** The super admin's system settings (spec 3 §3 system setting keys; issue 20). */
const tag = 'system';
const NoInputSchema = z.object({});

export const getSystemSettings = endpoint({
  method: 'GET',
  path: '/api/system/systemSettings',
  input: NoInputSchema,
  output: SystemSettingsSchema,
  access: 'user',
  tag,
  summary: 'Every system setting with its current value (super admin)',
  description:
    'The values of the spec 3 §3 system setting keys: alert repetition and expiration timeframe, system status, recommended assistant questions, violation phrases and the COA validation rule; a key never set reads as its default. Super admins only (403 for anyone else).',
});

export const updateSystemSetting = endpoint({
  method: 'POST',
  path: '/api/system/updateSystemSetting',
  input: UpdateSystemSettingInputSchema,
  output: SystemSettingsSchema,
  access: 'user',
  tag,
  summary: 'Set one system setting (super admin)',
  description:
    'Writes the value of one system setting key (its shape depends on the key) and answers every setting. Violation phrases take effect on the next scan, the COA rule on the next COA read, the system status at once for every signed-in user. Super admins only (403 for anyone else); a value of the wrong shape is 400.',
});

export const getSystemStatus = endpoint({
  method: 'GET',
  path: '/api/system/systemStatus',
  input: NoInputSchema,
  output: SystemStatusSchema,
  access: 'user',
  tag,
  summary: "The platform's status, for the maintenance banner",
  description:
    'Whether the platform is under maintenance, with the admin note and the expected end; any signed-in user reads it, so the shell can show the maintenance banner.',
});
