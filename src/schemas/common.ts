import { z } from 'zod';
import { resolveLocation } from '../data/cities';
import { findCountry } from '../data/countries';

// PostgreSQL answers a uuid in lower case: a client's upper-case id is the same id, and must compare equal.
export const idSchema = z.uuid('validation.idInvalid').toLowerCase();

/**
 * Degrees to 7 decimals (about a centimetre): finer is noise, and a value too small for PostgreSQL's
 * float8 (5e-324) would fail the statement.
 */
const degrees = (max: number) =>
  z
    .number({ error: 'validation.pointInvalid' })
    .min(-max, 'validation.pointInvalid')
    .max(max, 'validation.pointInvalid')
    .transform((value) => Math.round(value * 1e7) / 1e7 || 0);
export const latitude = degrees(90);
export const longitude = degrees(180);

/** The answer of a change that has nothing else to say. */
export const okOutput = z.object({ ok: z.literal(true) });

/** A whole number in [min, max]; the message gets both bounds (`params`), so it can name the range. */
export function intInRange(range: { min: number; max: number }, message: string) {
  return z
    .number({ error: message })
    .int(message)
    .refine((value) => value >= range.min && value <= range.max, { message, params: range });
}

/** An ISO 3166-1 alpha-2 code of a country in src/data/countries.ts. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => findCountry(code) !== undefined, 'validation.countryInvalid');

/** Text that may be left empty: trimmed, and empty becomes null. */
export function optionalText(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((text) => text || null);
}

/**
 * Replaces `location` with the stored name of the place in `country` (SPEC §5 Location picker), or
 * reports the field as invalid. Empty stays empty unless `required`.
 */
export function placeIn<T extends { location: string }>(countryOf: (value: T) => string, required: boolean) {
  return (value: T, ctx: z.RefinementCtx): T => {
    if (!value.location && !required) return value;
    if (!value.location) {
      ctx.addIssue({ code: 'custom', message: 'validation.locationRequired', path: ['location'] });
      return z.NEVER;
    }
    const location = resolveLocation(countryOf(value), value.location);
    if (!location) {
      ctx.addIssue({ code: 'custom', message: 'validation.locationInvalid', path: ['location'] });
      return z.NEVER;
    }
    return { ...value, location };
  };
}
