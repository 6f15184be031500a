import { LIMITS } from '#shared/limits';

/** An unread count as a badge shows it: "9+" above the limit (SPEC §9). */
export function badgeText(count: number): string {
  return count > LIMITS.unreadBadgeMax ? `${LIMITS.unreadBadgeMax}+` : String(count);
}
