import { lazyDialog } from './ui/dialog';

/* Dialogs several screens open, each its own chunk loaded on intent or on opening (see lazyDialog). */

export const DogDetailsDialog = lazyDialog(
  () => import('./dogs/dog-details-dialog').then((module) => module.DogDetailsDialog),
  ({ dog }) => dog !== null,
);

export const UserProfileDialog = lazyDialog(
  () => import('./profile/user-profile-dialog').then((module) => module.UserProfileDialog),
  ({ open, userId }) => open && userId !== null,
);
