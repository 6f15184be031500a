import { describe, expect, it } from 'vitest';
import { checkInBody } from '../../server/services/delivery/check-in-push';

/** 16:30 UTC on a winter day: 17:30 in Ljubljana, 16:30 in London. */
const UNTIL = new Date('2026-11-27T16:30:00Z');

describe('a check-in push in each language', () => {
  it('names the dogs as the language lists them, with the verb in its number (Slovenian has a dual)', () => {
    const zone = 'Europe/Ljubljana';
    expect(checkInBody('sl', ['Aro'], UNTIL, zone)).toBe('Aro je tam do približno 17:30.');
    expect(checkInBody('sl', ['Aro', 'Luna'], UNTIL, zone)).toBe('Aro in Luna sta tam do približno 17:30.');
    expect(checkInBody('sl', ['Aro', 'Luna', 'Rex'], UNTIL, zone)).toBe(
      'Aro, Luna in Rex so tam do približno 17:30.',
    );
    expect(checkInBody('en', ['Aro', 'Luna', 'Rex'], UNTIL, zone)).toBe(
      'Aro, Luna and Rex are there until about 17:30.',
    );
    expect(checkInBody('de', ['Aro'], UNTIL, zone)).toBe('Aro ist bis etwa 17:30 dort.');
    expect(checkInBody('de', ['Aro', 'Luna'], UNTIL, zone)).toBe('Aro und Luna sind bis etwa 17:30 dort.');
    expect(checkInBody('it', ['Aro'], UNTIL, zone)).toBe('Aro è lì fino alle 17:30 circa.');
    expect(checkInBody('it', ['Aro', 'Luna'], UNTIL, zone)).toBe('Aro e Luna sono lì fino alle 17:30 circa.');
  });

  it('tells the time on the recipient’s clock', () => {
    expect(checkInBody('en', ['Aro'], UNTIL, 'Europe/London')).toBe('Aro is there until about 16:30.');
  });
});
