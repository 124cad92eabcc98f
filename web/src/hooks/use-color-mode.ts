import { useSyncExternalStore } from 'react';
import { COLOR_MODE_KEY, type ColorMode, type ColorModeChoice, DEFAULT_COLOR_MODE } from '@/config/color-mode';

const ATTRIBUTE = 'data-amplify-color-mode';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [ATTRIBUTE] });
  return () => observer.disconnect();
}

const pageMode = (): ColorMode => (document.documentElement.getAttribute(ATTRIBUTE) === 'light' ? 'light' : DEFAULT_COLOR_MODE);

/** The page's colour mode, as index.html's first script sets it on <html> (and sets it again when it changes). */
export function useColorMode(): ColorMode {
  return useSyncExternalStore(subscribe, pageMode);
}

/** The choice kept on this device: light or the system's; dark, the spec's default, when none is kept (or storage is blocked). */
export function storedColorModeChoice(): ColorModeChoice {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_KEY);
    return stored === 'system' || stored === 'light' ? stored : DEFAULT_COLOR_MODE;
  } catch {
    return DEFAULT_COLOR_MODE;
  }
}

/**
 * Keeps the choice on this device and applies it: index.html's first script applies the mode on a storage event, which
 * the browser sends only to the other tabs, so this tab gets one too (one place decides the mode).
 */
export function storeColorModeChoice(choice: ColorModeChoice): void {
  try {
    if (choice === DEFAULT_COLOR_MODE) window.localStorage.removeItem(COLOR_MODE_KEY);
    else window.localStorage.setItem(COLOR_MODE_KEY, choice);
  } catch {
    return; // storage blocked (privacy mode): the page keeps the mode it has
  }
  window.dispatchEvent(new StorageEvent('storage', { key: COLOR_MODE_KEY }));
}
