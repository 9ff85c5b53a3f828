import { z } from 'zod';
import { hasControlCharacter } from '../rules/names.ts';
import type { KeyedMessage } from '../validation-issues.ts';
import { refuseWith } from './common.ts';

/**
 * A person's or a company's name: one line (`hasControlCharacter`) of at most `max` characters once
 * trimmed, required when `required` is given, refused with keyed messages; its JSON Schema keeps the
 * bounds.
 */
export function nameText(
  max: number,
  messages: { required?: KeyedMessage; tooLong: KeyedMessage; controlCharacters: KeyedMessage },
) {
  // NUL is a control character: refused here with the name's own keyed message, not TextSchema's.
  // eslint-disable-next-line no-restricted-syntax
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (messages.required && value.length === 0) refuseWith(ctx, messages.required);
      else if (value.length > max) refuseWith(ctx, messages.tooLong);
      else if (hasControlCharacter(value)) refuseWith(ctx, messages.controlCharacters);
    })
    .meta({ ...(messages.required ? { minLength: 1 } : {}), maxLength: max });
}
