import type { IntlShape } from 'react-intl';
import type { Locale } from '#shared/i18n';
import { breedName } from '../../components/dogs/names';
import type { ChatSummary } from './types';

/**
 * A chat's title: the other party's dog and its breed in the UI language, "Rex (Mešanec)"; without a dog, who.
 * A chat about a lost dog says so, after the dog (which a narrow header keeps): "Aro (Mešanec) · pogrešan pes";
 * one about a found dog, which has no profile, says so: "Najden pes".
 */
export function chatTitle(
  intl: IntlShape,
  chat: Pick<ChatSummary, 'dog' | 'counterpart'> & { lostAlertId?: string | null },
  locale: Locale,
) {
  // A found dog has no profile: the chat is about "a found dog" (who is said under it).
  if (!chat.dog && chat.lostAlertId) return intl.formatMessage({ id: 'chat.foundTitle' });
  if (!chat.dog) return counterpartName(intl, chat);
  const dog = `${chat.dog.name} (${breedName(chat.dog.breed, locale)})`;
  return chat.lostAlertId ? intl.formatMessage({ id: 'chat.lostTitle' }, { dog }) : dog;
}

/** Who I talk to: their name, 'Neznani uporabnik' without one, 'Izbrisan uporabnik' once their account is gone. */
export function counterpartName(intl: IntlShape, chat: Pick<ChatSummary, 'counterpart'>): string {
  if (!chat.counterpart) return intl.formatMessage({ id: 'chat.deletedUser' });
  return chat.counterpart.fullName.trim() || intl.formatMessage({ id: 'chat.unknownUser' });
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The chat list's date: the time today, else a short date ("12. 3."), with the year when not this one. */
export function listDate(intl: IntlShape, date: Date, now = new Date()): string {
  if (sameDay(date, now)) return intl.formatTime(date, { hour: '2-digit', minute: '2-digit' });
  return intl.formatDate(date, {
    day: 'numeric',
    month: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  });
}
