import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import type { Photo } from '#shared/schemas/uploads';
import { AgePicker } from '../../components/pickers/age-picker';
import { PlaceFields } from '../../components/pickers/place-fields';
import { PhotoUpload } from '../../components/pickers/photo-upload';
import { Avatar } from '../../components/profile/avatar';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useErrorText } from '../../lib/errors';
import { placeIssue } from '../../lib/place-issue';
import { useSchemaForm } from '../../lib/use-schema-form';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { MyProfile } from './types';
import { loadProfileSchema } from './schemas';
import { useT } from '../../lib/intl';

interface Values {
  fullName: string;
  age: number | undefined;
  country: string;
  location: string;
  /** The photo shown: the saved one, a new upload, or none. */
  photo: Photo | null;
}

type Field = keyof Values | 'photoKey';

const ORDER: readonly Field[] = ['fullName', 'age', 'country', 'location'];

const BOUNDS: Partial<Record<Field, Record<string, number>>> = {
  fullName: { max: LIMITS.fullName.max },
  age: LIMITS.profileAge,
};

interface ProfileFormDialogProps {
  profile: MyProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit my profile: name, age, country and place, photo (SPEC Profile). */
export function ProfileFormDialog({ profile, open, onOpenChange }: ProfileFormDialogProps) {
  const intl = useIntl();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-xl!">
        <DialogTitle>{intl.formatMessage({ id: 'profile.edit.title' })}</DialogTitle>
        <DialogDescription>{intl.formatMessage({ id: 'profile.edit.text' })}</DialogDescription>
        <ProfileForm profile={profile} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({ profile, onDone }: { profile: MyProfile; onDone: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const { formRef, values, set, message, ...form } = useSchemaForm({
    loadSchema: loadProfileSchema,
    initial: (): Values => ({
      fullName: profile.fullName,
      age: profile.age ?? undefined,
      country: profile.countryCode,
      location: profile.location ?? '',
      photo: profile.photo,
    }),
    order: ORDER,
    bounds: BOUNDS,
    toInput: ({ photo, ...rest }) => ({
      ...rest,
      age: rest.age ?? null,
      // Absent keeps the saved photo, null removes it, a key sets a new one.
      photoKey: photo?.key === profile.photo?.key ? undefined : (photo?.key ?? null),
    }),
    moreIssues: (current, found) => {
      found.location ??= placeIssue(current.country, current.location, false);
    },
    issueOf: (key): Field => (key === 'photo' ? 'photoKey' : key),
    // SPEC §8: an invalid age is also announced as 'Invalid age' with the allowed range.
    onIssues: (found) => {
      if (found.age)
        toast.error(t('profile.toast.invalidAge'), { description: t(found.age.key, found.age.values) });
    },
  });
  const [uploading, setUploading] = useState(false);

  const update = trpc.profiles.update.useMutation({
    onSuccess: (saved) => {
      utils.profiles.me.setData(undefined, saved);
      void utils.auth.me.invalidate();
      toast.success(t('profile.toast.updated'));
      onDone();
    },
    onError: (error) => {
      const fields = form.refused(error);
      if (!fields?.age) toast.error(t('profile.toast.updateError'), { description: errorText(error) });
    },
  });

  const submit = form.submitWith((input) => update.mutate(input), update.isPending || uploading);

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
      <div className="flex items-start gap-4">
        <div className="flex flex-col items-center gap-2 pt-8">
          <Avatar fullName={values.fullName} email={profile.email} photo={values.photo} size="lg" />
          {values.photo && (
            <Button
              variant="ghost"
              className="min-h-9 px-3 text-caption"
              onClick={() => set('photo', null)}
              disabled={update.isPending}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('profile.edit.removePhoto')}
            </Button>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <PhotoUpload
            kind="profile"
            label={t('profile.edit.photo')}
            error={message('photoKey')}
            disabled={update.isPending}
            onBusyChange={setUploading}
            onUploaded={({ key, urls }) => set('photo', { key, ...urls })}
          />
        </div>
      </div>
      <TextField
        label={t('profile.edit.fullName')}
        name="fullName"
        autoComplete="name"
        value={values.fullName}
        onChange={(event) => set('fullName', event.target.value)}
        error={message('fullName')}
        maxLength={LIMITS.fullName.max}
      />
      <div className="flex flex-col gap-1.5">
        <AgePicker
          label={t('profile.edit.age')}
          name="age"
          min={LIMITS.profileAge.min}
          max={LIMITS.profileAge.max}
          value={values.age}
          onChange={(age) => set('age', age)}
          error={message('age')}
        />
        {values.age !== undefined && (
          <button
            type="button"
            onClick={() => set('age', undefined)}
            className="self-start rounded-control py-1 text-caption font-semibold text-primary-strong underline-offset-2 hover:underline"
          >
            {t('profile.edit.clearAge')}
          </button>
        )}
      </div>
      <PlaceFields
        country={values.country}
        location={values.location}
        onChange={({ country, location }) => {
          set('country', country);
          set('location', location);
        }}
        countryName="country"
        countryLabel={t('profile.edit.country')}
        locationLabel={t('profile.edit.location')}
        countryError={message('country')}
        locationError={message('location')}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('profile.edit.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending} disabled={uploading}>
          {t('profile.edit.save')}
        </Button>
      </div>
    </form>
  );
}
