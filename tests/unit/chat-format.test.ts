import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { displayNamesFor } from '#shared/data/display-names';
import { setDisplayNames } from '../../web/src/components/dogs/names';
import { chatTitle, counterpartName, listDate } from '../../web/src/features/chat/format';

describe('chat texts', () => {
  const intl = createIntl({
    locale: 'sl-SI',
    messages: {
      'chat.deletedUser': 'Izbrisan uporabnik',
      'chat.unknownUser': 'Neznani uporabnik',
      'chat.lostTitle': '{dog} · pogrešan pes',
      'chat.foundTitle': 'Najden pes',
    },
  });
  const now = new Date(2025, 7, 20, 18, 30);

  it('dates the list: the time today, day and month this year, the full date before', () => {
    expect(listDate(intl, new Date(2025, 7, 20, 9, 5), now)).toBe('09:05');
    expect(listDate(intl, new Date(2025, 2, 12, 9, 5), now)).toBe('12. 3.');
    expect(listDate(intl, new Date(2024, 2, 12, 9, 5), now)).toBe('12. 3. 2024');
  });

  it('names the other person, or says they are unknown or deleted', () => {
    const person = (fullName: string) => ({ userId: 'u', fullName, photo: null });
    expect(counterpartName(intl, { counterpart: person('Ana Kos') })).toBe('Ana Kos');
    expect(counterpartName(intl, { counterpart: person('  ') })).toBe('Neznani uporabnik');
    expect(counterpartName(intl, { counterpart: null })).toBe('Izbrisan uporabnik');
  });

  it('titles a chat with the dog and its breed in the UI language, or the person once the dog is gone', () => {
    const dog = { id: 'd', name: 'Rex', breed: 'Mešanec', photo: null };
    const counterpart = { userId: 'u', fullName: 'Ana Kos', photo: null };
    // As the app loads them with the English catalogue (web/src/lib/intl.tsx).
    setDisplayNames('en', displayNamesFor('en'));
    expect(chatTitle(intl, { dog, counterpart }, 'sl')).toBe('Rex (Mešanec)');
    expect(chatTitle(intl, { dog, counterpart }, 'en')).toMatch(/^Rex \((?!Mešanec)/);
    expect(chatTitle(intl, { dog: null, counterpart }, 'sl')).toBe('Ana Kos');
    expect(chatTitle(intl, { dog: null, counterpart: null }, 'sl')).toBe('Izbrisan uporabnik');
    // A chat about a lost dog says so, for its owner and for whoever saw it.
    expect(chatTitle(intl, { dog, counterpart, lostAlertId: 'a1' }, 'sl')).toBe(
      'Rex (Mešanec) · pogrešan pes',
    );
    // One about a found dog, which has no profile, says that (the person is named under it).
    expect(chatTitle(intl, { dog: null, counterpart, lostAlertId: 'a1' }, 'sl')).toBe('Najden pes');
  });
});
