const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formats a date as `yyyy-MM-dd HH:mm:ss` in the given time zone, the contract's date format. */
export function formatDateTime(date: Date | null | undefined, timeZone: string): string | null {
  if (!date) return null;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // The sv-SE locale writes ISO-like "2026-11-22 08:30:00".
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/** Parses `yyyy-MM-dd HH:mm:ss` (or just the date) as a wall-clock time in the time zone. */
export function parseDateTime(text: string, timeZone: string): Date | null {
  const match = text.trim().match(/^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/);
  if (!match) return null;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = match.slice(1);
  const wall = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== +month - 1 || check.getUTCDate() !== +day || +hour > 23 || +minute > 59 || +second > 59) return null;
  // The zone's offset at that moment: format the guess in the zone and compare.
  const shown = formatDateTime(new Date(wall), timeZone)!;
  const [d, t] = shown.split(' ');
  const [y2, m2, d2] = d.split('-').map(Number);
  const [h2, i2, s2] = t.split(':').map(Number);
  const offset = Date.UTC(y2, m2 - 1, d2, h2, i2, s2) - wall;
  return new Date(wall - offset);
}

/** The zone's offset from UTC at `at`, as `+08:00`: for databases that take an offset, not a zone name. */
export function utcOffset(timeZone: string, at = new Date()): string {
  const whole = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const minutes = Math.round((parseDateTime(formatDateTime(whole, timeZone)!, 'UTC')!.getTime() - whole.getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}
