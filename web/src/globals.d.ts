/** Set by web/vite.config.ts at build time. */
declare const __DATA_VERSION__: string;
