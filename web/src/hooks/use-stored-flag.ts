import { useCallback, useState } from 'react';

function readFlag(key: string, fallback: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? fallback : stored === 'true';
  } catch {
    return fallback; // storage blocked (privacy mode): keep the state in memory only
  }
}

/** A boolean UI preference that survives reloads (kept in local storage). */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => readFlag(key, fallback));
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // see readFlag
      }
    },
    [key],
  );
  return [value, update];
}
