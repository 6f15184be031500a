import { Bell, BellOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  byEmail,
  channelsOf,
  NOTIFY_TOPICS,
  type NotifyChannels,
  type NotifyTopic,
} from '#shared/domain/notify';
import { LIMITS } from '#shared/limits';
import { CONTROL_CLASSES, FieldError } from '../../components/pickers/field-parts';
import { Button } from '../../components/ui/button';
import { TimeField } from '../../components/pickers/time-field';
import { Label } from '../../components/ui/label';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import {
  currentPushSubscription,
  pushDenied,
  PushPermissionDenied,
  pushSupport,
  PushUnavailable,
  subscribeToPush,
} from '../../lib/push';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';

const loadSchema = () => import('#shared/schemas/notifications').then((m) => m.notifyPreferencesSchema);

/** Settings → notifications (issue 19 §4): push on this device, a channel per topic, quiet hours. */
export function NotificationSettings() {
  const t = useT();
  const prefs = trpc.notifySettings.preferences.useQuery();
  // Whether anything would reach them by e-mail while no device takes pushes (not once all is unsubscribed).
  const emailWithoutDevice = NOTIFY_TOPICS.some(
    (topic) =>
      prefs.data && byEmail(topic, prefs.data.channels[topic], false, prefs.data.emailOff.includes(topic)),
  );
  return (
    <div className="flex flex-col gap-4 border-t border-border pt-4">
      <h3 className="flex items-center gap-2 font-bold">
        <Bell aria-hidden="true" className="size-4.5 text-muted-foreground" />
        {t('notify.title')}
      </h3>
      <p className="text-label text-muted-foreground">{t('notify.intro')}</p>
      <PushOnThisDevice emailWithoutDevice={emailWithoutDevice} />
      {prefs.data ? (
        // Starts again from what is saved when that changes (untouched channels follow a device turned on).
        <PreferencesForm key={JSON.stringify(prefs.data)} saved={prefs.data} />
      ) : (
        <p className="text-label text-muted-foreground">{t('common.loading')}</p>
      )}
    </div>
  );
}

/** This browser's push subscription: on or off with a tap; why not, where it cannot be. */
function PushOnThisDevice({ emailWithoutDevice }: { emailWithoutDevice: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const support = pushSupport();
  // undefined: not looked up yet; null: this browser has no subscription.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [denied, setDenied] = useState(pushDenied);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    void currentPushSubscription().then((subscription) => setEndpoint(subscription?.endpoint ?? null));
  }, []);
  const devices = trpc.notifySettings.push.useQuery(endpoint ? { endpoint } : {}, {
    enabled: endpoint !== undefined,
  });
  const subscribe = trpc.notifySettings.subscribePush.useMutation();
  const unsubscribe = trpc.notifySettings.unsubscribePush.useMutation();
  const [busy, setBusy] = useState(false);

  const turnOn = async (publicKey: string) => {
    setBusy(true);
    try {
      const subscription = await subscribeToPush(publicKey);
      await subscribe.mutateAsync(subscription);
      setEndpoint(subscription.endpoint);
    } catch (error) {
      if (error instanceof PushPermissionDenied) setDenied(true);
      else if (error instanceof PushUnavailable) setUnavailable(true);
      else toast.error(t('notify.device.failed'), { description: errorText(error) });
    } finally {
      setBusy(false);
      void utils.notifySettings.push.invalidate();
      // Untouched channels follow whether any device gets pushes (server: notifyPreferences).
      void utils.notifySettings.preferences.invalidate();
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      const subscription = await currentPushSubscription();
      if (subscription) {
        await unsubscribe.mutateAsync({ endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setEndpoint(null);
    } catch (error) {
      toast.error(t('notify.device.failed'), { description: errorText(error) });
    } finally {
      setBusy(false);
      void utils.notifySettings.push.invalidate();
    }
  };

  const on = devices.data?.thisDevice ?? false;
  const others = (devices.data?.count ?? 0) - (on ? 1 : 0);
  return (
    <div className="flex flex-col gap-2 rounded-control bg-muted p-4" data-testid="push-device">
      <p className="font-semibold">{t('notify.device.title')}</p>
      {support === 'ios-install' && <p className="text-label">{t('notify.device.ios')}</p>}
      {support === 'unsupported' && <p className="text-label">{t('notify.device.unsupported')}</p>}
      {support === 'supported' && (
        <>
          {on && <p className="text-label">{t('notify.device.on')}</p>}
          {denied && !on && <p className="text-label text-danger">{t('notify.device.denied')}</p>}
          {unavailable && !on && <p className="text-label text-danger">{t('notify.device.unavailable')}</p>}
          {on ? (
            <Button variant="outline" loading={busy} onClick={() => void turnOff()}>
              <BellOff aria-hidden="true" className="size-5" />
              {t('notify.device.disable')}
            </Button>
          ) : (
            <Button
              loading={busy || !devices.data}
              disabled={denied || unavailable}
              onClick={() => devices.data && void turnOn(devices.data.publicKey)}
            >
              <Bell aria-hidden="true" className="size-5" />
              {t('notify.device.enable')}
            </Button>
          )}
        </>
      )}
      {others > 0 && (
        <p className="text-label text-muted-foreground">{t('notify.device.others', { count: others })}</p>
      )}
      {devices.data?.count === 0 && emailWithoutDevice && (
        <p className="text-label text-muted-foreground">
          {t('notify.fallbackHint', { minutes: LIMITS.notify.emailAfterOfflineMinutes })}
        </p>
      )}
    </div>
  );
}

interface Saved {
  channels: NotifyChannels;
  /** Topics whose e-mail an unsubscribe link turned off. */
  emailOff: NotifyTopic[];
  quietHours: { from: string; to: string } | null;
}

function PreferencesForm({ saved }: { saved: Saved }) {
  const t = useT();
  const id = useId();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const [quiet, setQuiet] = useState(saved.quietHours !== null);
  const { formRef, values, set, message, ...form } = useSchemaForm({
    loadSchema,
    // `quietHours` holds the start: named as the schema's field, whose errors (either end) land there.
    initial: () => ({
      channels: saved.channels,
      quietHours: saved.quietHours?.from ?? '22:00',
      quietTo: saved.quietHours?.to ?? '07:00',
    }),
    order: ['quietHours'],
    // Both ends' errors are the quiet hours' one (the schema's path starts at quietHours).
    issueOf: (key) => (key === 'quietTo' ? 'quietHours' : key),
    // The device's zone: quiet hours follow the owner's clock.
    toInput: (current) => ({
      channels: current.channels,
      quietHours: quiet ? { from: current.quietHours, to: current.quietTo } : null,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
  });
  const update = trpc.notifySettings.updatePreferences.useMutation({
    onSuccess: (data) => {
      utils.notifySettings.preferences.setData(undefined, data);
      toast.success(t('notify.saved'));
    },
    onError: (error) => {
      form.refused(error);
      toast.error(t('notify.saveError'), { description: errorText(error) });
    },
  });
  const submit = form.submitWith((input) => update.mutate(input), update.isPending);
  const quietError = message('quietHours');
  /** Pushed, without the e-mail it would get while no device takes pushes (unsubscribed). */
  const emailOff = (topic: NotifyTopic) =>
    values.channels[topic] === 'push' && saved.emailOff.includes(topic);
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold">{t('notify.topicsLegend')}</legend>
        {NOTIFY_TOPICS.map((topic) => (
          <div key={topic} className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-${topic}`}>{t(`notify.topic.${topic}`)}</Label>
            <select
              id={`${id}-${topic}`}
              name={`channel-${topic}`}
              value={values.channels[topic]}
              onChange={(event) =>
                set('channels', (current) => ({
                  ...current,
                  [topic]: event.target.value as NotifyChannels[typeof topic],
                }))
              }
              aria-describedby={emailOff(topic) ? `${id}-${topic}-email-off` : undefined}
              className={CONTROL_CLASSES}
            >
              {channelsOf(topic).map((channel) => (
                <option key={channel} value={channel}>
                  {t(`notify.channel.${channel}`)}
                </option>
              ))}
            </select>
            {emailOff(topic) && (
              <p id={`${id}-${topic}-email-off`} className="text-caption text-muted-foreground">
                {t('notify.emailOffHint')}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t('notify.quiet.label')}</legend>
        <label className="flex items-start gap-3 font-semibold">
          <input
            type="checkbox"
            checked={quiet}
            onChange={(event) => setQuiet(event.target.checked)}
            aria-describedby={`${id}-quiet-hint`}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          {t('notify.quiet.label')}
        </label>
        <p id={`${id}-quiet-hint`} className="text-caption text-muted-foreground">
          {t('notify.quiet.hint')}
        </p>
        {quiet && (
          <div className="grid grid-cols-2 gap-3">
            {(['quietHours', 'quietTo'] as const).map((name) => (
              <TimeField
                key={name}
                label={t(name === 'quietHours' ? 'notify.quiet.from' : 'notify.quiet.to')}
                name={name}
                value={values[name]}
                onChange={(value) => set(name, value)}
                aria-invalid={quietError ? true : undefined}
                aria-describedby={quietError ? `${id}-quiet-error` : undefined}
              />
            ))}
          </div>
        )}
        {quiet && quietError && <FieldError id={`${id}-quiet-error`}>{quietError}</FieldError>}
      </fieldset>
      <Button type="submit" loading={update.isPending}>
        {t('notify.save')}
      </Button>
    </form>
  );
}
