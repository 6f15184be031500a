import superjson from 'superjson';

/**
 * The router's data transformer: superjson's format (the web client reads answers with superjson), written
 * faster for what answers carry. superjson walks every value of an answer, copies it and looks for objects
 * that appear twice: for a 20-card deck answer that took several times as long as writing its JSON, on
 * every call. An answer made of plain objects, arrays, strings, finite numbers, booleans, null and dates is
 * sent as it is, with the paths of its dates (JSON writes a date as its ISO string, as superjson does); any
 * other answer goes to superjson whole. Objects that appear twice arrive as equal copies. Inputs are read by
 * superjson.
 */
export const transformer = {
  serialize(value: unknown) {
    const dates: string[] = [];
    if (value instanceof Date || !plain(value, [], dates, 0)) return superjson.serialize(value);
    if (!dates.length) return { json: value };
    const values: Record<string, ['Date']> = {};
    for (const path of dates) values[path] = ['Date'];
    return { json: value, meta: { values, v: 1 } };
  },
  deserialize: (payload: Parameters<typeof superjson.deserialize>[0]) => superjson.deserialize(payload),
};

/** Deeper than any answer: a cycle, which superjson is left to refuse. */
const MAX_DEPTH = 64;

/** Whether `value` is sent as it is; the paths of its dates (superjson's: keys escaped, joined by dots). */
function plain(value: unknown, path: string[], dates: string[], depth: number): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      // superjson keeps NaN, the infinities and -0, which JSON would not.
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      break;
    default:
      return false;
  }
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(String(i));
      const ok = plain(value[i], path, dates, depth + 1);
      path.pop();
      if (!ok) return false;
    }
    return true;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Date.prototype) {
    if (Number.isNaN((value as Date).getTime())) return false;
    dates.push(path.map(escapeKey).join('.'));
    return true;
  }
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key of Object.keys(value)) {
    path.push(key);
    const ok = plain((value as Record<string, unknown>)[key], path, dates, depth + 1);
    path.pop();
    if (!ok) return false;
  }
  return true;
}

const escapeKey = (key: string) => key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');
