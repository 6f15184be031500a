import { describe, expect, it } from 'vitest';
import { formatDateInput, parseDateInput, parseTimeInput } from '../../web/src/lib/date-input';

describe('dates and times typed in the page language', () => {
  it('writes an ISO date the way each language does', () => {
    expect(formatDateInput('2026-11-24', 'sl-SI')).toBe('24. 11. 2026');
    expect(formatDateInput('2026-11-24', 'en-GB')).toBe('24/11/2026');
    expect(formatDateInput('2026-11-24', 'de-DE')).toBe('24.11.2026');
    expect(formatDateInput('2026-11-24', 'it-IT')).toBe('24/11/2026');
    expect(formatDateInput('', 'sl-SI')).toBe('');
  });

  it('reads back what each language writes, and ISO, and nothing that is not a real day', () => {
    for (const text of [
      '24. 11. 2026',
      '24/11/2026',
      '24.11.2026',
      '24.11.2026.',
      ' 24-11-2026 ',
      '2026-11-24',
    ])
      expect(parseDateInput(text)).toBe('2026-11-24');
    expect(parseDateInput('1. 2. 2027')).toBe('2027-02-01');
    for (const text of ['31. 2. 2027', '11/24/2026', '24. 11.', 'jutri', '', '2026-13-01'])
      expect(parseDateInput(text)).toBeNull();
  });

  it('reads a time as 24-hour HH:MM', () => {
    expect(parseTimeInput('16:30')).toBe('16:30');
    expect(parseTimeInput('16.30')).toBe('16:30');
    expect(parseTimeInput('1630')).toBe('16:30');
    expect(parseTimeInput('9')).toBe('09:00');
    expect(parseTimeInput('9:5')).toBe('09:05');
    for (const text of ['24:00', '12:60', '4 pm', '', '12345']) expect(parseTimeInput(text)).toBeNull();
  });
});
