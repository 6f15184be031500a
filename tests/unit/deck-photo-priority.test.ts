import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type CardRole, DeckCard } from '../../web/src/features/matching/deck-card';
import type { DeckDog } from '../../web/src/features/matching/types';
import { LocaleProvider } from '../../web/src/lib/intl';

const DOG: DeckDog = {
  id: 'dog-1',
  userId: 'user-1',
  name: 'Rex',
  breed: 'labrador-retriever',
  birthMonth: '2022-03',
  gender: 'male',
  location: 'Ljubljana',
  originCountry: 'SI',
  description: null,
  traits: [],
  photos: [{ key: 'dogs/a', thumb: '/m/a_thumb.webp', medium: '/m/a_med.webp', full: '/m/a_full.webp' }],
  weight: null,
  size: null,
  energy: null,
  playStyle: null,
  vaccinated: null,
  neutered: null,
  goodWithSmallDogs: null,
  owner: { userId: 'user-2', fullName: 'Ana Novak', photo: null, location: null, countryCode: 'SI' },
  distance: null,
};

/** The card's photo as server-rendered HTML: its attributes by name. */
function photoOf(role: CardRole) {
  const card = createElement(DeckCard, {
    dog: DOG,
    role,
    leaving: null,
    swipeable: false,
    busy: false,
    reducedMotion: false,
    onSwipe: () => {},
    onOpen: () => {},
  });
  // No catalogue: the texts render as their keys, which is enough here.
  const html = renderToStaticMarkup(
    createElement(LocaleProvider, { initial: { locale: 'sl', messages: {} }, children: card }),
  );
  const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
  return Object.fromEntries([...img.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
}

/* Issue 32: the top card's photo is the deck's largest paint; the card under it must not compete with it. */
describe('the deck card photo', () => {
  it('on the top card loads first, at high priority, from the stored widths', () => {
    const img = photoOf('top');
    expect(img).toMatchObject({ loading: 'eager', fetchPriority: 'high', src: '/m/a_med.webp' });
    expect(img.srcSet).toBe('/m/a_thumb.webp 200w, /m/a_med.webp 512w, /m/a_full.webp 1920w');
    expect(img.sizes).toBe(
      '(min-width: 928px) 448px, (min-width: 768px) calc(50vw - 1rem), calc(100vw - 2rem)',
    );
  });

  it('on the card under it is lazy and low priority', () => {
    expect(photoOf('next')).toMatchObject({ loading: 'lazy', fetchPriority: 'low' });
  });
});
