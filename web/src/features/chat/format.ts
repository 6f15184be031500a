import type { IntlShape } from 'react-intl';
import type { Locale } from '#shared/i18n';
import { breedName } from '../../components/dogs/names';
import type { ChatSummary } from './types';

/** A chat's title: the other party's dog and its breed in the UI language, "Rex (Mešanec)"; without a dog, who. */
export const chatTitle = (intl: IntlShape, chat: Pick<ChatSummary, 'dog' | 'counterpart'>, locale: Locale) =>
  chat.dog ? `${chat.dog.name} (${breedName(chat.dog.breed, locale)})` : counterpartName(intl, chat);

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
