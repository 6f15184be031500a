import { ProfilePage } from '../../features/profile/profile-page';
import { NotificationsPanel } from '../layout/notifications-panel';

export default function Profile() {
  return <ProfilePage requests={<NotificationsPanel />} />;
}
