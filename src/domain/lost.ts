/**
 * Lost-dog alerts (issue 33 §5–8): their states, where they live in the app, and how much of the last-seen
 * point others see. Without zod, so the web lists them without loading the schemas.
 */

/** open: owners around are looking; found: the owner has the dog back; closed: expired or taken back. */
export const LOST_ALERT_STATUSES = ['open', 'found', 'closed'] as const;
export type LostAlertStatus = (typeof LOST_ALERT_STATUSES)[number];

/**
 * lost: an owner's dog ran off; found: someone found a dog whose owner they do not know, and looks for them
 * (its status `found` then means it is back with its owner).
 */
export const LOST_ALERT_KINDS = ['lost', 'found'] as const;
export type LostAlertKind = (typeof LOST_ALERT_KINDS)[number];

/** The page of the alerts near me and mine. */
export const LOST_PATH = '/pogresani';
/** The query parameter of LOST_PATH that opens one alert (what a push or an e-mail links to). */
export const LOST_PARAM = 'alarm';
export const lostAlertPath = (id: string) => `${LOST_PATH}?${LOST_PARAM}=${id}`;

/** An alert's public page, which needs no account (issue 33 §7), in a language; its A4 poster below it. */
export const LOST_PUBLIC_PATH = '/pogresan';
export const lostPublicPath = (id: string, locale: string) => `${LOST_PUBLIC_PATH}/${id}?lang=${locale}`;
export const lostPosterPath = (id: string, locale: string) =>
  `${LOST_PUBLIC_PATH}/${id}/plakat?lang=${locale}`;

/**
 * The last-seen point as everyone but the owner sees it: to two decimals, a cell about 1 km across. Owners
 * often lose a dog at their door, so the exact point could be a home.
 */
export const roundedArea = ({ lat, lon }: { lat: number; lon: number }) => ({
  lat: Math.round(lat * 100) / 100,
  lon: Math.round(lon * 100) / 100,
});
