import { TIME_ZONE_COOKIE } from '#shared/i18n';

/**
 * Tells the server this browser's time zone (a cookie, a year): it renders a member's page with the dates
 * as this browser shows them (server/session-pages.ts). Until the first start has set it, pages come as
 * the build made them.
 */
export function rememberTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || document.cookie.includes(`${TIME_ZONE_COOKIE}=${zone}`)) return;
  document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=31536000; samesite=lax`;
}
