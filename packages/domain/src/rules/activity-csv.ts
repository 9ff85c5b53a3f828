import type { ActivityEntry } from '../schemas/activity.ts';
import { csvCell as cell } from './csv.ts';

export const ACTIVITY_CSV_COLUMNS = [
  'Date',
  'Action',
  'By',
  'Email',
  'Member',
  'Details',
  'IP address',
  'Device',
];

/**
 * The activity log's export (RFC 4180, CRLF lines): one row per entry, with the action and its labels
 * as the page shows them (`label` translates), formula-looking cells neutralised.
 */
export function activityCsv(
  entries: readonly ActivityEntry[],
  label: (action: ActivityEntry['action']) => string,
  headers: readonly string[] = ACTIVITY_CSV_COLUMNS,
): string {
  const rows = entries.map((entry) => [
    entry.createdAt,
    label(entry.action),
    entry.actorName,
    entry.actorEmail,
    entry.subjectName,
    Object.entries(entry.detail)
      .map(([key, value]) => `${key}: ${value === null ? '' : String(value)}`)
      .join('; '),
    entry.ip,
    entry.userAgent,
  ]);
  return [headers, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
