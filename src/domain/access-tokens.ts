/**
 * What a personal access token may do (issue 22). `read`: queries and subscriptions; `write`: mutations;
 * `chat`: the chats router (list, messages, send, live messages); `admin`: the admin procedures (admins only).
 */
export const TOKEN_SCOPES = ['read', 'write', 'chat', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every personal access token starts with this, so a leaked one is recognisable (and never a session). */
export const ACCESS_TOKEN_PREFIX = 'tacke_pat_';
