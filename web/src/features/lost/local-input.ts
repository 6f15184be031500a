/** "2026-11-27T17:30" of a moment on this device's clock, as a datetime-local input holds it. */
export const localInput = (at: Date) => {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};
