import { describe, expect, it } from 'vitest';
import { lostAlertText } from '../../server/services/delivery/lost-alert-delivery';

/** 16:30 UTC on a winter day: 17:30 in Ljubljana, 16:30 in London. */
const SEEN = new Date('2026-11-27T16:30:00Z');
const ARO = { dog: 'Aro', breed: 'Mešanec', town: 'Domžale', seenAt: SEEN };

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
});
