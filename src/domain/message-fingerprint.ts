/**
 * A message's text as the duplicate-text rule compares it (issue 28): what a reader takes in, so variants of
 * one text that look alike compare equal. Compatibility forms (full-width, ligatures, circled letters) become
 * plain (NFKC); case is folded (lower, upper, lower again: ẞ and ß become ss; and σ/ς are made one); and only
 * letters and digits are kept: punctuation, symbols (emoji), whitespace, format and control characters
 * (zero-width spaces, joiners, direction marks), combining marks left over after NFKC (stacked diacritics),
 * and default-ignorable letters (the Hangul fillers) all go.
 */
export function messageFingerprint(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replaceAll('ς', 'σ')
    .replace(/\p{Default_Ignorable_Code_Point}|[^\p{L}\p{N}]/gu, '');
}
