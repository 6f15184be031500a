import { AnnouncementsList } from '../../features/announcements/announcements-list';
import { AdminPage } from '../../features/admin/admin-page';

export default function Admin() {
  return <AdminPage announcements={<AnnouncementsList />} />;
}
