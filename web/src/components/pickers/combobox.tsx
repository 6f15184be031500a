import clsx from 'clsx';
import { useCombobox } from 'downshift';
import { ChevronDown } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { Label } from '../ui/label';
import { CONTROL_CLASSES, FieldError } from './field-parts';

/** Suggestions shown at most; more than this asks for more letters instead of a longer list. */
export const MAX_SUGGESTIONS = 50;

export interface ComboboxProps<Item> {
  label: string;
  /** Shown under the field and announced with it; also gives the red border. */
  error?: string | undefined;
  id?: string | undefined;
  name?: string | undefined;
  disabled?: boolean | undefined;
  /** The text in the input. */
  text: string;
  /** Suggestions for the text, ranked; only the first MAX_SUGGESTIONS are shown. */
  items: readonly Item[];
  itemToString: (item: Item) => string;
  itemToKey: (item: Item) => string;
  /** The user typed (or cleared the field with Escape). */
  onTextChange: (text: string) => void;
  /** The user picked a suggestion (click, tap, Enter, or Tab on a highlighted one). */
  onSelect: (item: Item) => void;
  onBlur?: () => void;
  /** Shown when no suggestion fits the text. */
  emptyText: string;
}

/**
 * A WAI-ARIA combobox with a list of suggestions (downshift): arrows, Home/End, PageUp/PageDown, Enter and
 * Escape on the keyboard, taps on phones. The pickers decide the text and the suggestions; this draws them.
 */
export function Combobox<Item>({
  label,
  error,
  id,
  name,
  disabled,
  text,
  items,
  itemToString,
  itemToKey,
  onTextChange,
  onSelect,
  onBlur,
  emptyText,
}: ComboboxProps<Item>) {
  const intl = useIntl();
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const shown = items.slice(0, MAX_SUGGESTIONS);
  const cut = items.length > shown.length;

  const {
    isOpen,
    highlightedIndex,
    closeMenu,
    getLabelProps,
    getInputProps,
    getToggleButtonProps,
    getMenuProps,
    getItemProps,
  } = useCombobox<Item>({
    items: shown,
    inputId,
    inputValue: text,
    // Never "selected" inside downshift: the picker's value is the truth, and picking the same item
    // again still reports a selection.
    selectedItem: null,
    itemToString: (item) => (item ? itemToString(item) : ''),
    itemToKey: (item) => (item ? itemToKey(item) : null),
    // Typing is reported by the input's own change handler below: downshift reports changes from an
    // effect, one render late, which moves the caret to the end and drops fast keystrokes.
    onInputValueChange: ({ type, inputValue }) => {
      if (type === useCombobox.stateChangeTypes.InputKeyDownEscape) onTextChange(inputValue);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onSelect(selectedItem);
    },
    getA11yStatusMessage: ({ isOpen: open }) => {
      if (!open) return '';
      if (shown.length === 0) return emptyText;
      return intl.formatMessage({ id: 'pickers.resultCount' }, { count: shown.length });
    },
  });

  // In a dialog, Escape should close the open list, not the dialog: Radix listens on the document in the
  // capture phase, so this listener on window comes first.
  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || (event.target as Element | null)?.id !== inputId) return;
      event.stopPropagation();
      event.preventDefault();
      closeMenu();
    };
    window.addEventListener('keydown', closeOnEscape, { capture: true });
    return () => window.removeEventListener('keydown', closeOnEscape, { capture: true });
  }, [isOpen, closeMenu, inputId]);

  return (
    <div className="flex flex-col gap-1.5">
      <Label {...getLabelProps()}>{label}</Label>
      <div className="relative">
        <input
          {...getInputProps({
            name,
            disabled,
            onChange: (event: ChangeEvent<HTMLInputElement>) => onTextChange(event.target.value),
            onBlur,
            onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
              // An Escape a dialog already took (to close itself) does not also clear the field.
              if (event.key === 'Escape' && event.nativeEvent.defaultPrevented)
                (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
            },
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? errorId : undefined,
          })}
          className={clsx(CONTROL_CLASSES, 'pr-11')}
        />
        <button
          type="button"
          {...getToggleButtonProps({
            disabled,
            'aria-label': intl.formatMessage({ id: 'pickers.showOptions' }),
          })}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-control text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60"
        >
          <ChevronDown
            aria-hidden="true"
            className={clsx('size-5 transition-transform', isOpen && 'rotate-180')}
          />
        </button>
        {/* Pressing inside the list (its scroll bar too) keeps the focus in the input. */}
        <div
          onMouseDown={(event) => event.preventDefault()}
          className={clsx(
            'absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-control border border-border bg-surface shadow-card',
            !isOpen && 'hidden',
          )}
        >
          <ul {...getMenuProps()} className="max-h-64 overflow-y-auto overscroll-contain">
            {isOpen &&
              shown.map((item, index) => (
                <li
                  key={itemToKey(item)}
                  {...getItemProps({ item, index })}
                  className={clsx(
                    'flex min-h-11 cursor-pointer items-center px-4 py-2',
                    index === highlightedIndex && 'bg-primary-soft',
                  )}
                >
                  {itemToString(item)}
                </li>
              ))}
          </ul>
          {isOpen && shown.length === 0 && <p className="px-4 py-3 text-muted-foreground">{emptyText}</p>}
          {isOpen && cut && (
            <p className="border-t border-border px-4 py-2 text-caption text-muted-foreground">
              {intl.formatMessage({ id: 'pickers.typeMore' }, { count: shown.length })}
            </p>
          )}
        </div>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
