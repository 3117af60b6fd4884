import type { Answer } from '../../api/client';

/** A report or material as report_list and {id}/ answer it (server/modules/library/schemas.ts Item); materials have the same shape. */
export type LibraryItem = Answer<'getReportProjectsByProjectIdReportReportList'>['result']['data'][number];

/** The query string of the detail screens (spec section 2: both route families read the same parameters). */
export function detailSearch(item: LibraryItem, highlight?: string): string {
  const params = new URLSearchParams({
    id: String(item.id),
    name: item.name,
    create_user: item.create_user,
    file: item.file ?? '',
    cover: item.cover ?? '',
    real_file_name: item.real_file_name ?? '',
    labels: item.labels.map((label) => label.name).join(','),
  });
  // A content search hit opens at its page with the searched words highlighted.
  if (item.page && highlight) {
    params.set('page', String(item.page));
    params.set('highlight', highlight);
  }
  return `?${params.toString()}`;
}
