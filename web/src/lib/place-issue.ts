import { resolveLocation } from '#shared/data/cities';
import type { FieldIssue } from './form-issues';

/**
 * The place rule of `placeIn` (src/schemas/common.ts). The schema checks the place only once every other
 * field is valid (it is a rule on the whole object), so a form adds it itself to show all errors at once.
 */
export function placeIssue(country: string, location: string, required: boolean): FieldIssue | undefined {
  if (!location.trim()) return required ? { key: 'validation.locationRequired', values: {} } : undefined;
  return resolveLocation(country, location) ? undefined : { key: 'validation.locationInvalid', values: {} };
}
