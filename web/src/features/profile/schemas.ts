/** The shared profile schema, loaded when the edit form needs it (keeps zod out of the page's first download). */
export const loadProfileSchema = async () => (await import('#shared/schemas/profiles')).profileUpdateInput;
