import type { IntlShape } from 'react-intl';

/** "3 leta", "5 let", "1 year": the dog's age in the UI language's plural forms. */
export function dogAgeText(intl: IntlShape, age: number): string {
  return intl.formatMessage({ id: 'dog.age' }, { age });
}
