import { useState } from 'react';

const STORAGE_KEY = 'tacke.matching.dog';

/** The dog chosen last in this browser (also read by the prefetch at navigation, app/route-data.ts). */
export function storedDogId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked: the choice lasts while the page is open
  }
}

/**
 * Which of my dogs is swiping: kept for the visit (this tab's localStorage), so leaving the page and
 * coming back does not ask again. An id that is no longer one of my dogs is simply not found by the caller.
 */
export function useChosenDog() {
  const [dogId, setDogId] = useState<string | null>(storedDogId);
  const choose = (next: string | null) => {
    setDogId(next);
    try {
      if (next) localStorage.setItem(STORAGE_KEY, next);
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // storage blocked: keep the choice in memory only
    }
  };
  return [dogId, choose] as const;
}
