import { AnnouncementsList } from '../../features/announcements/announcements-list';
import { RequestsPanel } from '../../features/requests/requests-panel';

/**
 * Requests with Posodobitve as their second tab: the announcements with the user's event notices and
 * moderators' decisions among them. The bell's dialog and /profil show the same panel.
 */
export function NotificationsPanel({ className }: { className?: string }) {
  return (
    <RequestsPanel className={className} updates={(notices) => <AnnouncementsList alongside={notices} />} />
  );
}
