/**
 * An independent reference for the US federal holidays (5 U.S.C. 6103, with
 * the observed days of Executive Order 11582), written from the statute
 * rather than from the SQL, to check private.federal_holidays(year) against.
 * Days are 'YYYY-MM-DD'; only days falling in the year asked for are listed
 * (a Saturday New Year's Day is observed on 31 December of the year before).
 */

export interface Holiday {
  day: string;
  name: string;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** The n-th weekday (0 = Sunday … 6 = Saturday, as Date.getUTCDay) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = utc(year, month, 1);
    return addDays(first, ((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1));
  }
  const last = utc(year, month + 1, 0);
  return addDays(last, -((last.getUTCDay() - weekday + 7) % 7));
}

export function federalHolidays(year: number): Holiday[] {
  const fixed: Array<[Date, string]> = [
    [utc(year, 1, 1), "New Year's Day"],
    [utc(year, 7, 4), 'Independence Day'],
    [utc(year, 11, 11), 'Veterans Day'],
    [utc(year, 12, 25), 'Christmas'],
    [utc(year + 1, 1, 1), "New Year's Day"],
  ];
  // Juneteenth National Independence Day Act, 17 June 2021.
  if (year >= 2021) fixed.push([utc(year, 6, 19), 'Juneteenth']);
  const all: Array<[Date, string]> = [...fixed];
  for (const [date, name] of fixed) {
    if (date.getUTCDay() === 6) all.push([addDays(date, -1), `${name} (observed)`]);
    if (date.getUTCDay() === 0) all.push([addDays(date, 1), `${name} (observed)`]);
  }
  all.push(
    [nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 10, 1, 2), 'Columbus Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving'],
  );
  return all
    .filter(([date]) => date.getUTCFullYear() === year)
    .map(([date, name]) => ({ day: iso(date), name }))
    .sort((a, b) => (a.day === b.day ? (a.name < b.name ? -1 : 1) : a.day < b.day ? -1 : 1));
}

const holidaysByYear = new Map<number, Set<string>>();

/** True when a 'YYYY-MM-DD' day is neither a Saturday, a Sunday nor a federal holiday. */
export function isBusinessDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  const year = date.getUTCFullYear();
  if (!holidaysByYear.has(year)) holidaysByYear.set(year, new Set(federalHolidays(year).map((h) => h.day)));
  return date.getUTCDay() !== 0 && date.getUTCDay() !== 6 && !holidaysByYear.get(year)!.has(day);
}

/** The day itself when it is a business day, else the next one. */
export function nextBusinessDay(day: string): string {
  let date = new Date(`${day}T00:00:00Z`);
  while (!isBusinessDay(iso(date))) date = addDays(date, 1);
  return iso(date);
}

/** The n-th business day after a day. */
export function nthBusinessDayAfter(day: string, n: number): string {
  let date = new Date(`${day}T00:00:00Z`);
  for (let counted = 0; counted < n; ) {
    date = addDays(date, 1);
    if (isBusinessDay(iso(date))) counted++;
  }
  return iso(date);
}

/** The UTC instant (ISO) of a local wall-clock time 'HH:MM' on a day in an IANA time zone, through Intl. */
export function localInstant(day: string, time: string, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const offsetAt = (instant: number) => {
    const p = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - instant;
  };
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return new Date(guess).toISOString();
}
