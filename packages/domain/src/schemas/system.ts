import { z } from 'zod';
import type { KeyedMessage } from '../validation-issues.ts';
import { anySpellingEnum, declaredSpelling, IntSchema, refuseWith, TextSchema } from './common.ts';

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
/** Spec 3 §4 "System status: ready, maintenance_in_progress, maintenance_completed". */
export const SYSTEM_STATUSES = ['ready', 'maintenance_in_progress', 'maintenance_completed'] as const;
export type SystemStatusValue = (typeof SYSTEM_STATUSES)[number];
/** The banner shows while maintenance is in progress; ready and maintenance_completed show none. */
export const MAINTENANCE_IN_PROGRESS: SystemStatusValue = 'maintenance_in_progress';
/** The two statuses this API answered before it used the spec's, still taken (and read from storage). */
const EARLIER_SYSTEM_STATUSES: Record<string, SystemStatusValue> = {
  OPERATIONAL: 'ready',
  MAINTENANCE: 'maintenance_in_progress',
};

export const VIOLATION_PHRASE_MAX = 100;
export const VIOLATION_PHRASES_MAX = 500;
export const ASSISTANT_QUESTION_MAX = 255;
export const ASSISTANT_QUESTIONS_MAX = 10;
export const MAINTENANCE_NOTE_MAX = 500;

/** The settings' refusals, each with its locale key and the limit its text names. */
export const SYSTEM_REFUSALS = {
  tooLong: (max: number): KeyedMessage => ({
    key: 'system.messages.tooLong',
    message: `Maximum ${max} characters`,
    params: { max },
  }),
  tooMany: (max: number): KeyedMessage => ({
    key: 'system.messages.tooMany',
    message: `At most ${max} entries`,
    params: { max },
  }),
  atLeast: (min: number): KeyedMessage => ({
    key: 'system.messages.atLeast',
    message: `Must be at least ${min}`,
    params: { min },
  }),
  atMost: (max: number): KeyedMessage => ({
    key: 'system.messages.atMost',
    message: `Must be at most ${max}`,
    params: { max },
  }),
  percentage: { key: 'system.messages.percentage', message: 'Please enter a valid percentage between 0-100' },
};

/** A trimmed text of at most `max` characters, refused by its keyed message; its JSON Schema keeps the bound. */
function boundedText(max: number) {
  return TextSchema.trim()
    .superRefine((value, ctx) => {
      if (value.length > max) refuseWith(ctx, SYSTEM_REFUSALS.tooLong(max));
    })
    .meta({ maxLength: max });
}

/** A whole number from `min` to `max`, refused by keyed messages; its JSON Schema keeps both bounds. */
function boundedInt(min: number, max: number) {
  return IntSchema.superRefine((value, ctx) => {
    if (value < min) refuseWith(ctx, SYSTEM_REFUSALS.atLeast(min));
    else if (value > max) refuseWith(ctx, SYSTEM_REFUSALS.atMost(max));
  }).meta({ minimum: min, maximum: max });
}

/**
 * A list of phrases as an admin types them: blank entries dropped, each trimmed, repeats (whatever
 * their case) kept once, as spec 3 §5 treats the scanner's additional words.
 */
function phraseList(max: number, itemMax: number) {
  return z
    .array(boundedText(itemMax))
    .transform((items) => {
      const seen = new Set<string>();
      return items.filter((item) => {
        const key = item.toLowerCase();
        if (item === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .pipe(
      z
        .array(TextSchema)
        .superRefine((items, ctx) => {
          if (items.length > max) refuseWith(ctx, SYSTEM_REFUSALS.tooMany(max));
        })
        .meta({ maxItems: max }),
    );
}

export const AlertRepetitionSchema = z.enum(ALERT_REPETITIONS);

export const ExpirationTimeframeSchema = z.object({
  amount: boundedInt(1, 1000),
  unit: z.enum(TIME_UNITS),
});

/**
 * The settings as written: spec 3 §3 names the repetitions DAILY… and the frequencies daily…, the
 * time units HOUR… and the trial units day…, so any letter case is read (answers keep the declared one).
 */
const AlertRepetitionInputSchema = anySpellingEnum(ALERT_REPETITIONS);
const ExpirationTimeframeInputSchema = ExpirationTimeframeSchema.extend({
  unit: anySpellingEnum(TIME_UNITS),
});

/** The system status as answered (transform-free: answers are encoded with it). */
export const SystemStatusSchema = z.object({
  status: z.enum(SYSTEM_STATUSES),
  /** The admin's own words under the banner (optional); the banner's sentence itself is translated. */
  note: boundedText(MAINTENANCE_NOTE_MAX),
  /** When the maintenance is expected to end, if known (ISO date-time). */
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

const toDeclaredStatus = declaredSpelling(SYSTEM_STATUSES);

/**
 * The system status as written (and as read from storage): spec 3 §4's statuses in either case, the
 * earlier OPERATIONAL and MAINTENANCE, note and until optional, or a bare status with no note.
 */
export const SystemStatusInputSchema = z.preprocess(
  (value: unknown) => (typeof value === 'string' ? { status: value } : value),
  z.object({
    status: z.preprocess(
      (value: unknown) =>
        typeof value === 'string' && Object.hasOwn(EARLIER_SYSTEM_STATUSES, value)
          ? EARLIER_SYSTEM_STATUSES[value]
          : toDeclaredStatus(value),
      SystemStatusSchema.shape.status,
    ),
    note: boundedText(MAINTENANCE_NOTE_MAX).default(''),
    until: SystemStatusSchema.shape.until.default(null),
  }),
);

export const AssistantQuestionsSchema = phraseList(ASSISTANT_QUESTIONS_MAX, ASSISTANT_QUESTION_MAX);
export const ViolationPhrasesSchema = phraseList(VIOLATION_PHRASES_MAX, VIOLATION_PHRASE_MAX);

export const CoaValidationRuleSchema = z.object({
  /** Spec 3 §9: the federal Delta-9 THC limit is 0.3%. */
  delta9ThcLimitPercent: z
    .number(SYSTEM_REFUSALS.percentage.message)
    .superRefine((value, ctx) => {
      if (value < 0 || value > 100) refuseWith(ctx, SYSTEM_REFUSALS.percentage);
    })
    .meta({ minimum: 0, maximum: 100 }),
  /** Spec 3 §9: a COA should be under one year old. */
  maxCoaAgeDays: boundedInt(1, 3650),
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

/** The settings as stored, read with the input's spellings (a status stored before the spec's is mapped). */
export const StoredSystemSettingsSchema = SystemSettingsSchema.extend({
  system_status: SystemStatusInputSchema,
});

/** One setting written: the key names the value's shape. */
export const UpdateSystemSettingInputSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('alert_repetition_interval'), value: AlertRepetitionInputSchema }),
  z.object({ key: z.literal('expiration_timeframe'), value: ExpirationTimeframeInputSchema }),
  z.object({ key: z.literal('system_status'), value: SystemStatusInputSchema }),
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
    system_status: { status: 'ready', note: '', until: null },
    qcomply_assistant_recommended_questions: [],
    violation_phrase: [],
    coa_validation_rule: { delta9ThcLimitPercent, maxCoaAgeDays: 365 },
  };
}

export const SYSTEM_MESSAGES = {
  saved: 'Data was saved successfully',
} as const;
