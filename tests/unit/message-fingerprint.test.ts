import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageFingerprint } from '#shared/domain/message-fingerprint';

describe('the message fingerprint (the duplicate-text rule)', () => {
  it('is the same for the variants a spammer uses to slip past an exact comparison', () => {
    const variants = [
      'Kupi hrano za pse na spletni strani',
      'Kupi hrano za pse na spletni strani.',
      'KUPI HRANO ZA PSE NA SPLETNI STRANI!!!',
      'Kupi\u200b hrano za pse na spletni strani',
      'Kupi hrano za\u00a0pse na\tspletni\nstrani',
      'Kupi   hrano za pse na spletni strani 🐶',
      'Ｋｕｐｉ　ｈｒａｎｏ　ｚａ　ｐｓｅ　ｎａ　ｓｐｌｅｔｎｉ　ｓｔｒａｎｉ',
      'K\u0336upi hrano\u2060 za pse\u200d na \u202espletni\u202c strani\ufe0f',
      'Kupi\u3164hrano\u00adza pse na spletni strani',
      '*Kupi* _hrano_ za pse — na spletni strani…',
    ];
    expect(new Set(variants.map(messageFingerprint))).toEqual(new Set(['kupihranozapsenaspletnistrani']));
  });

  it('folds case fully (ß, ẞ and SS; final sigma) and maps compatibility forms', () => {
    expect(['Straße', 'STRASSE', 'STRAẞE'].map(messageFingerprint)).toEqual([
      'strasse',
      'strasse',
      'strasse',
    ]);
    expect(messageFingerprint('ΟΔΟΣ')).toBe(messageFingerprint('οδος'));
    expect(messageFingerprint('ﬁne ① ㎏')).toBe('fine1kg');
  });

  it('keeps letters and digits of every script, so different texts stay different', () => {
    expect(messageFingerprint('Čaša 12, žoga 3')).toBe('čaša12žoga3');
    expect(messageFingerprint('Greva ob 5?')).not.toBe(messageFingerprint('Greva ob 6?'));
    expect(messageFingerprint('狗 собака')).toBe('狗собака');
  });

  it('leaves nothing of a text without letters or digits (a heart, emoji, punctuation)', () => {
    for (const text of ['❤️', '🐕🐕🐕', '?!…', '\u200b\u200b', '   '])
      expect(messageFingerprint(text)).toBe('');
  });

  it('is a normal form: canonically equivalent texts agree, and a fingerprint is its own fingerprint', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const fingerprint = messageFingerprint(text);
        expect(messageFingerprint(text.normalize('NFD'))).toBe(fingerprint);
        expect(messageFingerprint(fingerprint)).toBe(fingerprint);
      }),
      { numRuns: 2000 },
    );
  });
});
