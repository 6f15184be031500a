import type { IntlShape } from 'react-intl';
import { dogAge, localMonthIndex } from '#shared/domain/dog-age';

/**
 * "4 mesece", "1 leto", "2 leti", "5 let", "4 months": the age of a dog born in `birthMonth` ('YYYY-MM') in
 * `today`'s month (this device's), in the UI language's plural forms: months under a year, whole years on.
 */
export function dogAgeText(intl: IntlShape, birthMonth: string, today = localMonthIndex()): string {
  const age = dogAge(birthMonth, today);
  return 'months' in age
    ? intl.formatMessage({ id: 'dog.ageMonths' }, { months: age.months })
    : intl.formatMessage({ id: 'dog.age' }, { age: age.years });
}
