import { Check, ScrollText } from 'lucide-react';
import { useIntl } from 'react-intl';
import { termsEffectiveDate } from '#shared/domain/terms';
import { LIMITS } from '#shared/limits';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';
import { useT } from '../../lib/intl';
import { useAcceptTerms, useTermsState } from './use-terms';

/** The sections of the terms of use and privacy notice (DECISIONS 15), in reading order. */
const SECTIONS = ['use', 'conduct', 'donations', 'data', 'photos', 'messages', 'rights', 'contact'] as const;

/**
 * The terms and privacy text; 'Sprejmem pogoje' records the acceptance (in this browser, and on the account
 * when signed in) and closes it.
 */
export default function TermsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const t = useT();
  const { acceptedAt } = useTermsState();
  const { accept, pending } = useAcceptTerms(() => onOpenChange(false));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="outline-none md:max-w-xl"
        // Focus the panel (not the button): screen readers start at the title, arrow keys scroll the text.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
      >
        <div className="flex items-center gap-3 pr-10">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-pill bg-primary-soft text-primary-strong">
            <ScrollText aria-hidden="true" className="size-6" />
          </span>
          <div>
            <DialogTitle className="pr-0 leading-tight">{t('terms.title')}</DialogTitle>
            <p className="mt-1 text-label text-muted-foreground">
              {t('terms.effective', { date: termsEffectiveDate() })}
            </p>
          </div>
        </div>
        <DialogDescription className="mt-4">{t('terms.intro')}</DialogDescription>
        <div className="mt-5 flex flex-col gap-5">
          {SECTIONS.map((section, index) => (
            <section key={section} aria-labelledby={`terms-${section}`}>
              <h3 id={`terms-${section}`} className="font-bold">
                {index + 1}. {t(`terms.${section}.title`)}
              </h3>
              <Clauses text={t(`terms.${section}.text`, { minAge: LIMITS.profileAge.min })} />
            </section>
          ))}
        </div>
        {/* Stays in view while the text scrolls, so accepting never needs scrolling to the end. */}
        <div className="sticky -bottom-5 z-10 -mx-5 mt-6 -mb-5 flex flex-col gap-3 border-t border-border bg-surface px-5 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))] sm:flex-row sm:items-center sm:justify-between md:-bottom-8 md:-mx-8 md:-mb-8 md:px-8 md:py-5">
          {acceptedAt !== null ? (
            <>
              <p className="flex items-center gap-2 text-label font-semibold text-success-strong">
                <Check aria-hidden="true" className="size-5" />
                {t('terms.acceptedOn', {
                  date: intl.formatDate(acceptedAt, { day: 'numeric', month: 'numeric', year: 'numeric' }),
                })}
              </p>
              <DialogClose asChild>
                <Button variant="outline">{t('common.close')}</Button>
              </DialogClose>
            </>
          ) : (
            <Button size="lg" className="w-full sm:ml-auto sm:w-auto" loading={pending} onClick={accept}>
              <Check aria-hidden="true" className="size-5" />
              {t('terms.accept')}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A section's text: a paragraph per line; lines starting with "- " make a list. */
function Clauses({ text }: { text: string }) {
  const blocks: Array<string | string[]> = [];
  for (const line of text.split('\n')) {
    const last = blocks.at(-1);
    if (!line.startsWith('- ')) blocks.push(line);
    else if (Array.isArray(last)) last.push(line.slice(2));
    else blocks.push([line.slice(2)]);
  }
  return (
    <div className="mt-1 flex flex-col gap-1.5 text-label text-muted-foreground">
      {blocks.map((block, index) =>
        Array.isArray(block) ? (
          <ul key={index} className="list-disc space-y-0.5 pl-5 marker:text-primary">
            {block.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block}</p>
        ),
      )}
    </div>
  );
}
