import type { Locale } from '#shared/i18n';
import type { DogOwnerCard } from '../../components/dogs/dog-details-dialog';
import { placeName } from '../../components/dogs/names';
import type { DeckDog } from './types';

/** The owner card of a deck dog's details (none while no dog is open). */
export function ownerCardOf(dog: DeckDog | null, locale: Locale): DogOwnerCard | undefined {
  if (!dog) return undefined;
  const { fullName, photo } = dog.owner;
  return { fullName, photo, place: placeName(dog.owner.location, dog.owner.countryCode, locale) };
}
