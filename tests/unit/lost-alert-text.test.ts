import { describe, expect, it } from 'vitest';
import { lostAlertText } from '../../server/services/delivery/lost-alert-delivery';

/** 16:30 UTC on a winter day: 17:30 in Ljubljana, 16:30 in London. */
const SEEN = new Date('2026-11-27T16:30:00Z');
const ARO = {
  kind: 'lost' as const,
  dog: 'Aro',
  breed: 'Mešanec',
  looks: null,
  town: 'Domžale',
  seenAt: SEEN,
};
const FOUND = {
  kind: 'found' as const,
  dog: null,
  breed: null,
  looks: 'Majhen rjav mešanec, rdeča ovratnica',
  town: 'Kranj',
  seenAt: SEEN,
};

describe('a lost-dog push in each language', () => {
  it('names the dog, its breed, when on the recipient’s clock and the town', () => {
    const zone = 'Europe/Ljubljana';
    expect(lostAlertText('sl', ARO, zone)).toMatchObject({
      title: 'Pogrešan pes v bližini: Aro',
      body: 'Mešanec · nazadnje videno 27. 11., 17:30 · Domžale. Ste psa videli? Odprite opozorilo.',
    });
    expect(lostAlertText('en', ARO, zone)).toMatchObject({
      title: 'Lost dog nearby: Aro',
      body: 'Mešanec · last seen 27/11, 17:30 · Domžale. Seen this dog? Open the alert.',
    });
    expect(lostAlertText('de', ARO, zone).body).toBe(
      'Mešanec · zuletzt gesehen 27.11., 17:30 · Domžale. Hast du den Hund gesehen? Öffne die Meldung.',
    );
    expect(lostAlertText('it', ARO, zone).body).toBe(
      'Mešanec · visto l’ultima volta 27/11, 17:30 · Domžale. Hai visto questo cane? Apri l’avviso.',
    );
    expect(lostAlertText('en', ARO, 'Europe/London').body).toContain('last seen 27/11, 16:30');
  });

  it('leaves the town out where none is near the point', () => {
    expect(lostAlertText('sl', { ...ARO, town: null }, 'Europe/Ljubljana').body).toBe(
      'Mešanec · nazadnje videno 27. 11., 17:30. Ste psa videli? Odprite opozorilo.',
    );
  });

  it('says a found dog is found, by its looks, and asks whose it is', () => {
    const zone = 'Europe/Ljubljana';
    expect(lostAlertText('sl', FOUND, zone)).toMatchObject({
      title: 'Najden pes v bližini: Kranj',
      body: 'Majhen rjav mešanec, rdeča ovratnica · najden 27. 11., 17:30. Je to vaš pes ali ga poznate? Odprite objavo.',
    });
    expect(lostAlertText('en', FOUND, zone).title).toBe('Dog found nearby: Kranj');
    expect(lostAlertText('de', { ...FOUND, town: null }, zone).title).toBe('Hund in der Nähe gefunden');
    expect(lostAlertText('it', FOUND, zone).body).toBe(
      'Majhen rjav mešanec, rdeča ovratnica · trovato 27/11, 17:30. È tuo o lo conosci? Apri l’avviso.',
    );
  });
});
