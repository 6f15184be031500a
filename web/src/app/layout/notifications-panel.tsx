import { AnnouncementsList } from '../../features/announcements/announcements-list';
import { RequestsPanel } from '../../features/requests/requests-panel';

/** Requests with the announcements as their second tab: the bell's dialog and /profil show the same panel. */
export function NotificationsPanel({ className }: { className?: string }) {
  return <RequestsPanel className={className} updates={<AnnouncementsList />} />;
}
