/** See allocator.mjs. */
export declare const ALLOCATOR_ENV: Readonly<Record<string, string>>;
