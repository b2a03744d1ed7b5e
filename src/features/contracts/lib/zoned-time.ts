/**
 * Dates and times in a contract's own time zone (America/Chicago for TREC,
 * America/Los_Angeles for C.A.R.), whatever zone the browser is in: a
 * deadline "due 5:00 PM" means 5:00 PM where the property is. Intl does the
 * zone arithmetic, so daylight-saving changes follow the IANA database.
 */

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of `instant` in `zone`. */
export function zonedParts(instant: Date, zone: string): ZonedParts {
  const parts = Object.fromEntries(partsFormatter(zone).formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day of `instant` in `zone`, as YYYY-MM-DD. */
export function localDate(instant: Date, zone: string): string {
  const { year, month, day } = zonedParts(instant, zone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The wall-clock time of `instant` in `zone`, as HH:mm (24 hours), for a time input. */
export function localTime(instant: Date, zone: string): string {
  const { hour, minute } = zonedParts(instant, zone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** Whole calendar days from day `from` to day `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Milliseconds `zone` is ahead of UTC at `instant`. */
function zoneOffset(instant: number, zone: string): number {
  const { year, month, day, hour, minute } = zonedParts(new Date(instant), zone);
  const seconds = new Date(instant).getUTCSeconds() * 1000 + new Date(instant).getUTCMilliseconds();
  return Date.UTC(year, month - 1, day, hour, minute) + seconds - instant;
}

/**
 * The instant a wall-clock `date` (YYYY-MM-DD) and `time` (HH:mm) in `zone`
 * stands for. The offset is read at the first guess and again at the
 * result, so a time on the day the clocks change lands on the right side.
 * A time the spring-forward gap skips (2:30 AM) moves forward by the gap.
 */
export function zonedTimeToInstant(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - zoneOffset(wall, zone);
  const second = wall - zoneOffset(first, zone);
  return new Date(second);
}

/** 'Mon, Jul 6, 2026' in `zone`. */
export function formatZonedDate(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(instant);
}

/** '5:00 PM' in `zone`. */
export function formatZonedTime(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/** The zone's short name at `instant` ('CDT', 'PST'), so a reader elsewhere knows whose 5:00 PM it is. */
export function zoneAbbreviation(instant: Date, zone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(instant).find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** 'Mon, Jul 6, 2026, 11:59 PM CDT'. */
export function formatZonedDateTime(instant: Date, zone: string): string {
  return `${formatZonedDate(instant, zone)}, ${formatZonedTime(instant, zone)} ${zoneAbbreviation(instant, zone)}`;
}

/** A calendar date (YYYY-MM-DD, no time of day) as 'Mon, Jul 6, 2026'. */
export function formatCalendarDate(date: string): string {
  return formatZonedDate(new Date(`${date}T12:00:00Z`), 'UTC');
}
