/**
 * A number as a person types it: digits with a decimal point or comma ('12,5' in Slovenian, German and
 * Italian; '12.5'). Empty: null; anything else (letters, signs, a second separator): NaN.
 */
export function parseDecimal(text: string): number | null {
  const typed = text.trim();
  if (!typed) return null;
  return /^\d*[.,]?\d*$/.test(typed) && /\d/.test(typed) ? Number(typed.replace(',', '.')) : NaN;
}
