/**
 * The shared event schema, loaded when the form needs it: zod stays out of the page's first download (it is
 * fetched while the user fills in the form). Import promises are cached, so it loads once.
 */
export const loadEventSchema = async () => (await import('#shared/schemas/events')).eventCreateInput;
