import { describe, expect, it } from 'vitest';
import {
  inLjubljana,
  dateInDays,
  eventInstant,
  eventWeeks,
  lastEventDate,
  todayInLjubljana,
} from '#shared/domain/event-time';
import { LIMITS } from '#shared/limits';
import { eventCreateInput } from '#shared/schemas/events';

describe('event times in Europe/Ljubljana', () => {
  it('reads an instant as the date and time in Ljubljana, summer and winter, and back', () => {
    expect(inLjubljana(new Date('2026-07-01T22:30:00Z'))).toEqual({ date: '2026-07-02', time: '00:30' });
    expect(inLjubljana(new Date('2026-12-31T23:05:00Z'))).toEqual({ date: '2027-01-01', time: '00:05' });
    expect(inLjubljana(eventInstant('2026-03-29', '03:15'))).toEqual({ date: '2026-03-29', time: '03:15' });
  });
  it('turns a wall-clock date and time into the instant, in winter and in summer time', () => {
    expect(eventInstant('2026-01-15', '16:00').toISOString()).toBe('2026-01-15T15:00:00.000Z');
    expect(eventInstant('2026-07-15', '16:00').toISOString()).toBe('2026-07-15T14:00:00.000Z');
    // The days the clocks change (29 March and 25 October 2026).
    expect(eventInstant('2026-03-29', '12:00').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(eventInstant('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(eventInstant('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it("knows today's date in Ljubljana when UTC is still on yesterday", () => {
    expect(todayInLjubljana(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(todayInLjubljana(new Date('2026-11-22T22:59:00Z'))).toBe('2026-11-22');
    expect(dateInDays(9, new Date('2026-11-22T23:30:00Z'))).toBe('2026-12-02');
    expect(dateInDays(-1, new Date('2026-03-01T12:00:00Z'))).toBe('2026-02-28');
  });

  it('weeks start on Monday at midnight, Ljubljana time', () => {
    // Sunday 22 November 2026, 23:30 in Ljubljana: this week ends within the half hour.
    const sundayNight = new Date('2026-11-22T22:30:00Z');
    const weeks = eventWeeks(sundayNight);
    expect(weeks.thisWeek.from).toEqual(sundayNight);
    expect(weeks.thisWeek.to.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(weeks.nextWeek.from.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(weeks.nextWeek.to.toISOString()).toBe('2026-11-29T23:00:00.000Z');
    // Monday 00:30 in Ljubljana (still Sunday in UTC): a new week has begun.
    const mondayEarly = eventWeeks(new Date('2026-11-22T23:30:00Z'));
    expect(mondayEarly.thisWeek.to.toISOString()).toBe('2026-11-29T23:00:00.000Z');
    // A week with a clock change: Monday 30 March 2026 starts at 22:00 UTC on Sunday.
    expect(eventWeeks(new Date('2026-03-25T12:00:00Z')).nextWeek.from.toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
  });

  it(`the last event day is ${LIMITS.event.maxDaysAhead} days after today in Ljubljana`, () => {
    // 23:30 UTC on 31 December is already 1 January in Ljubljana.
    expect(lastEventDate(new Date('2026-12-31T23:30:00Z'))).toBe('2028-01-01');
    const schema = eventCreateInput;
    const base = { title: 'Sprehod', eventTime: '10:00', locationName: 'Tivoli', location: 'Ljubljana' };
    const issues = (eventDate: string) =>
      schema.safeParse({ ...base, eventDate }).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues(lastEventDate())).toEqual([]);
    expect(issues(dateInDays(LIMITS.event.maxDaysAhead + 1))).toEqual(['validation.eventDateTooFar']);
    expect(issues('9999-12-31')).toEqual(['validation.eventDateTooFar']);
  });
});
