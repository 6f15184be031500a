import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { isLocale, LOCALES } from '#shared/i18n';
import { useLocale } from '../../lib/intl';

/** Radix dropdown of the four languages, each named in its own language. */
export default function LanguageMenu({ trigger }: { trigger: ReactElement }) {
  const intl = useIntl();
  const [locale, setLocale] = useLocale();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-control border border-border bg-surface p-1 shadow-card"
        >
          <DropdownMenu.RadioGroup
            value={locale}
            onValueChange={(value) => isLocale(value) && setLocale(value)}
          >
            {LOCALES.map((option) => (
              <DropdownMenu.RadioItem
                key={option}
                value={option}
                lang={option}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-[calc(var(--radius-control)-0.25rem)] px-3 outline-none select-none data-highlighted:bg-muted data-[state=checked]:font-semibold"
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4 text-primary" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {intl.formatMessage({ id: `language.${option}` })}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
