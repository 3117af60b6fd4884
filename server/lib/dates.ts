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
