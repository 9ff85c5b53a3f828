import { z } from 'zod';
import { IntSchema, TextSchema } from './common.ts';

/**
 * The platform's system settings (spec 3 §3 "System setting keys"), each a key with a typed value,
 * kept by a super admin and read by the parts of the platform they steer.
 */
export const SYSTEM_SETTING_KEYS = [
  'alert_repetition_interval',
  'expiration_timeframe',
  'system_status',
  'qcomply_assistant_recommended_questions',
  'violation_phrase',
  'coa_validation_rule',
] as const;
export type SystemSettingKey = (typeof SYSTEM_SETTING_KEYS)[number];

/** Spec 3 §3 "Alert repetition values". */
export const ALERT_REPETITIONS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
/** Spec 3 §3 "Time units". */
export const TIME_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export const SYSTEM_STATUSES = ['OPERATIONAL', 'MAINTENANCE'] as const;

export const VIOLATION_PHRASE_MAX = 100;
export const VIOLATION_PHRASES_MAX = 500;
export const ASSISTANT_QUESTION_MAX = 255;
export const ASSISTANT_QUESTIONS_MAX = 10;
export const MAINTENANCE_NOTE_MAX = 500;

/**
 * A list of phrases as an admin types them: blank entries dropped, each trimmed, repeats (whatever
 * their case) kept once, as spec 3 §5 treats the scanner's additional words.
 */
function phraseList(max: number, itemMax: number) {
  return z
    .array(TextSchema.trim().max(itemMax, `Maximum ${itemMax} characters`))
    .transform((items) => {
      const seen = new Set<string>();
      return items.filter((item) => {
        const key = item.toLowerCase();
        if (item === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .pipe(z.array(TextSchema).max(max, `At most ${max} entries`));
}

export const AlertRepetitionSchema = z.enum(ALERT_REPETITIONS);

export const ExpirationTimeframeSchema = z.object({
  amount: IntSchema.min(1, 'Must be at least 1').max(1000, 'Must be at most 1000'),
  unit: z.enum(TIME_UNITS),
});

export const SystemStatusSchema = z.object({
  status: z.enum(SYSTEM_STATUSES),
  /** The admin's own words under the banner (optional); the banner's sentence itself is translated. */
  note: TextSchema.trim().max(MAINTENANCE_NOTE_MAX, `Maximum ${MAINTENANCE_NOTE_MAX} characters`),
  /** When the maintenance is expected to end, if known (ISO date-time). */
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export const AssistantQuestionsSchema = phraseList(ASSISTANT_QUESTIONS_MAX, ASSISTANT_QUESTION_MAX);
export const ViolationPhrasesSchema = phraseList(VIOLATION_PHRASES_MAX, VIOLATION_PHRASE_MAX);

export const CoaValidationRuleSchema = z.object({
  /** Spec 3 §9: the federal Delta-9 THC limit is 0.3%. */
  delta9ThcLimitPercent: z
    .number('Please enter a valid percentage between 0-100')
    .min(0, 'Please enter a valid percentage between 0-100')
    .max(100, 'Please enter a valid percentage between 0-100'),
  /** Spec 3 §9: a COA should be under one year old. */
  maxCoaAgeDays: IntSchema.min(1, 'Must be at least 1').max(3650, 'Must be at most 3650'),
});
export type CoaValidationRule = z.infer<typeof CoaValidationRuleSchema>;

/** Every setting's value, as read. */
export const SystemSettingsSchema = z.object({
  alert_repetition_interval: AlertRepetitionSchema,
  expiration_timeframe: ExpirationTimeframeSchema,
  system_status: SystemStatusSchema,
  qcomply_assistant_recommended_questions: z.array(TextSchema),
  violation_phrase: z.array(TextSchema),
  coa_validation_rule: CoaValidationRuleSchema,
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/** One setting written: the key names the value's shape. */
export const UpdateSystemSettingInputSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('alert_repetition_interval'), value: AlertRepetitionSchema }),
  z.object({ key: z.literal('expiration_timeframe'), value: ExpirationTimeframeSchema }),
  z.object({ key: z.literal('system_status'), value: SystemStatusSchema }),
  z.object({ key: z.literal('qcomply_assistant_recommended_questions'), value: AssistantQuestionsSchema }),
  z.object({ key: z.literal('violation_phrase'), value: ViolationPhrasesSchema }),
  z.object({ key: z.literal('coa_validation_rule'), value: CoaValidationRuleSchema }),
]);
export type UpdateSystemSettingInput = z.input<typeof UpdateSystemSettingInputSchema>;
export type SystemSettingUpdate = z.output<typeof UpdateSystemSettingInputSchema>;

/** The defaults before an admin sets anything (spec 3 §9 for the COA rule). */
export function defaultSystemSettings(delta9ThcLimitPercent = 0.3): SystemSettings {
  return {
    alert_repetition_interval: 'WEEKLY',
    expiration_timeframe: { amount: 30, unit: 'DAY' },
    system_status: { status: 'OPERATIONAL', note: '', until: null },
    qcomply_assistant_recommended_questions: [],
    violation_phrase: [],
    coa_validation_rule: { delta9ThcLimitPercent, maxCoaAgeDays: 365 },
  };
}

export const SYSTEM_MESSAGES = {
  saved: 'Data was saved successfully',
} as const;
