/**
 * The shared dog schema, loaded when a form needs it: zod stays out of the page's first download (it is
 * fetched while the user fills in the form). Import promises are cached, so it loads once.
 */
export const loadDogSchema = async () => (await import('#shared/schemas/dogs')).dogCreateInput;
