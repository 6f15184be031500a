import { lazyDialog } from '../ui/dialog';

/* Report and block, each its own chunk loaded on intent or on opening (see lazyDialog). */

export const ReportDialog = lazyDialog(
  () => import('./report-dialog').then((module) => module.ReportDialog),
  ({ target }) => target !== null,
);

export const BlockDialog = lazyDialog(
  () => import('./block-dialog').then((module) => module.BlockDialog),
  ({ user }) => user !== null,
);
