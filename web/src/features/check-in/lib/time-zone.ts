/** The browser's IANA zone: the gamer's clock decides which score day an answer counts for. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
