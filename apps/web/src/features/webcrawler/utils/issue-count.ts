/** Spec 3 §2: 'Scan has identified 0 potential issues!', singular for 1, 'N potential issue(s)!' above. */
export function issueCountKey(count: number): string {
  if (count === 0) return 'webcrawler.issuesNone';
  return count === 1 ? 'webcrawler.issuesOne' : 'webcrawler.issuesMany';
}
