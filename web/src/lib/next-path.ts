import { useSearchParams } from 'react-router';

/** The query parameter of /auth naming the page to go back to once signed in. */
export const NEXT_PARAM = 'next';

/** Where a signed-in user lands when nothing else is asked for. */
const HOME = '/profil';

/**
 * A path of this site to go back to, or null: only "/…", never "//host" or "/\host", which a browser reads
 * as another site (an open redirect).
 */
export function safeNextPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** /auth, coming back to `pathAndQuery` once signed in. */
export const signInAndBack = (pathAndQuery: string) =>
  `/auth?${NEXT_PARAM}=${encodeURIComponent(pathAndQuery)}`;

/** Where /auth sends a user once signed in: the page they came from (`?next=`), else their profile. */
export function useNextPath(): string {
  const [params] = useSearchParams();
  return safeNextPath(params.get(NEXT_PARAM)) ?? HOME;
}
