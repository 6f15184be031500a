/** Set by web/vite.config.ts at build time. */
declare const __DATA_VERSION__: string;

/** Built by web/vite.config.ts from src/data: one language's names of stored values. */
declare module 'virtual:display-names/*' {
  import type { DisplayNames } from '#shared/data/display-names';
  const names: DisplayNames;
  export default names;
}
