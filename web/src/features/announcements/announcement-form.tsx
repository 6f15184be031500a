import { Send } from 'lucide-react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import type { UpdateType } from '#shared/schemas/announcements';
import { useErrorText } from '../../lib/errors';
import { useSchemaForm } from '../../lib/use-schema-form';
import { toast } from '../../lib/toast';
import { CONTROL_CLASSES, FieldError } from '../../components/pickers/field-parts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Label } from '../../components/ui/label';
import { TextareaField } from '../../components/ui/textarea-field';
import { useT } from '../../lib/intl';
import { useCreateAnnouncement } from './api';

/**
 * The shared schema, loaded while the form is on screen: zod stays out of the first download. The types
 * are the schema module's UPDATE_TYPES, not imported for the same reason.
 */
const loadSchema = async () => (await import('#shared/schemas/announcements')).announcementCreateInput;
const TYPES: readonly UpdateType[] = ['general', 'feature', 'maintenance', 'announcement'];

type Field = 'title' | 'content' | 'updateType';
const ORDER: readonly Field[] = ['title', 'content', 'updateType'];
const BOUNDS: Partial<Record<Field, Record<string, number>>> = {
  title: { max: LIMITS.announcement.titleMax },
  content: { max: LIMITS.announcement.contentMax },
};
const EMPTY = { title: '', content: '', updateType: 'general' as UpdateType };

/** The admin's form for a new announcement, at the top of Posodobitve (SPEC §6 Admin). */
export function AnnouncementForm() {
  const intl = useIntl();
  const t = useT();
  const errorText = useErrorText();
  const id = useId();
  const { formRef, values, set, message, issues, ...form } = useSchemaForm({
    loadSchema,
    initial: () => EMPTY,
    order: ORDER,
    bounds: BOUNDS,
  });

  const create = useCreateAnnouncement({
    onSuccess: () => {
      form.reset(EMPTY);
      toast.success(t('announcements.toast.created'));
    },
    onError: (error) => {
      form.refused(error);
      toast.error(t('announcements.toast.createError'), { description: errorText(error) });
    },
  });

  const submit = form.submitWith((input) => create.mutate(input), create.isPending);

  const contentId = `${id}-content`;
  const typeId = `${id}-type`;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-control border border-primary/30 bg-primary-soft/40 p-4"
    >
      <div>
        <h3 id={`${id}-heading`} className="text-body font-bold">
          {t('announcements.form.heading')}
        </h3>
        <p className="text-caption text-muted-foreground">{t('announcements.form.text')}</p>
      </div>
      <TextField
        label={t('announcements.form.title')}
        name="title"
        value={values.title}
        onChange={(event) => set('title', event.target.value)}
        error={message('title')}
        maxLength={LIMITS.announcement.titleMax}
        autoComplete="off"
      />
      <TextareaField
        id={contentId}
        label={t('announcements.form.content')}
        name="content"
        rows={3}
        maxLength={LIMITS.announcement.contentMax}
        value={values.content}
        onChange={(event) => set('content', event.target.value)}
        error={message('content')}
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={typeId}>{t('announcements.form.type')}</Label>
          <select
            id={typeId}
            name="updateType"
            value={values.updateType}
            onChange={(event) => set('updateType', event.target.value as UpdateType)}
            aria-invalid={issues.updateType ? true : undefined}
            aria-describedby={issues.updateType ? `${typeId}-error` : undefined}
            className={CONTROL_CLASSES}
          >
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {intl.formatMessage({ id: `announcements.type.${type}` })}
              </option>
            ))}
          </select>
          {issues.updateType && <FieldError id={`${typeId}-error`}>{message('updateType') ?? ''}</FieldError>}
        </div>
        <Button type="submit" loading={create.isPending}>
          <Send aria-hidden="true" className="size-5" />
          {t('announcements.form.submit')}
        </Button>
      </div>
    </form>
  );
}
