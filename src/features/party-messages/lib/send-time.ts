import { format } from 'date-fns';

/** 'Tue, Dec 1, 2026 at 9:00 AM' in the viewer's own zone (date-fns formats in the browser's zone). */
export function formatViewerTime(instant: string): string {
  return format(new Date(instant), "EEE, MMM d, yyyy 'at' h:mm a");
}

/** '9:00 AM CST' where the property is, or null when that is the viewer's zone too (nothing to add). */
export function formatPropertyTime(instant: string, zone: string | null): string | null {
  if (!zone) return null;
  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const date = new Date(instant);
  const inZone = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(date);
  if (inZone(zone) === inZone(viewerZone)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(date);
}

/** When a message goes (or went), in the viewer's zone, with the property's time beside it when it differs. */
export function describeSendTime(instant: string | null, zone: string | null): string {
  if (!instant) return 'No send time yet';
  const property = formatPropertyTime(instant, zone);
  return property ? `${formatViewerTime(instant)} (${property} where the property is)` : formatViewerTime(instant);
}
