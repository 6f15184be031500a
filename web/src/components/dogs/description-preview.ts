import { LIMITS } from '#shared/limits';

/** The first `words` words of a description, with '…' when some were cut (SPEC §9: preview 30 words). */
export function descriptionPreview(text: string, words: number = LIMITS.dogDescription.previewWords): string {
  const all = text.trim().split(/\s+/).filter(Boolean);
  if (all.length <= words) return all.join(' ');
  return `${all
    .slice(0, words)
    .join(' ')
    .replace(/[\s,.;:!?–-]+$/u, '')}…`;
}
