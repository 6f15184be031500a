import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { toast } from './toast';
import { renewRealtimeConnection, trpc } from './trpc';

/** Sign out from anywhere: the top bar, and the profile page on phones. */
export function useSignOut() {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const signOut = trpc.auth.signOut.useMutation({
    onSuccess: async () => {
      utils.auth.me.setData(undefined, null);
      renewRealtimeConnection();
      await utils.invalidate();
      toast.success(intl.formatMessage({ id: 'signOut.success' }));
      void navigate('/');
    },
    onError: () =>
      toast.error(intl.formatMessage({ id: 'signOut.errorTitle' }), {
        description: intl.formatMessage({ id: 'signOut.errorDescription' }),
      }),
  });
  return { signOut: () => signOut.mutate(), isPending: signOut.isPending };
}
