import { useContext, useEffect, useRef, type ReactNode } from 'react';
import {
  Button,
  ComboBox as AriaComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components/ComboBox';
import {
  fieldClassName,
  hasError,
  RequiredTag,
  type TFieldStateProps,
} from '../field/field-parts.js';

export interface TComboboxOption {
  id: string;
  label: string;
}

export interface TComboboxProps extends TFieldStateProps {
  label: ReactNode;
  options: readonly TComboboxOption[];
  /**
   * 'client' filters the options by what is typed; 'server' shows them as given, for suggestions
   * fetched for the typed text (address lookup).
   */
  filtering?: 'client' | 'server';
  /** The typed text; controlled when given. */
  inputValue?: string;
  onInputChange?: (text: string) => void;
  /** The chosen option's id; controlled when given. */
  selectedId?: string | null;
  defaultSelectedId?: string | null;
  onSelectionChange?: (id: string | null) => void;
  /** Keeps typed text that matches no option (a free-form address line). */
  allowsCustomValue?: boolean;
  /** Suggestions are being fetched. */
  isLoading?: boolean;
  /**
   * With 'server' filtering, what the suggestions answer (the settled text): once they are there
   * for a new one, the focused input's list opens even if a scroll closed it meanwhile.
   */
  suggestionsFor?: string;
  /** Shown in the open list when nothing matches. */
  emptyMessage?: string;
  loadingMessage?: string;
  placeholder?: string;
  name?: string;
  id?: string;
  className?: string;
}

function toOptionId(key: Key | null): string | null {
  return key === null ? null : String(key);
}

/**
 * Opens the list when server suggestions arrive (a new set, a load that finished, or the answer to
 * a newly settled text) while the input has focus and no suggestion is chosen. The list closes when
 * the page scrolls (its position would be stale), and a scroll while suggestions load (the page
 * bringing the focused field into view, a phone's keyboard appearing) would otherwise hide them
 * until the next keystroke. Once one is chosen, the suggestions for its text leave the list closed.
 */
function OpenOnArrivedSuggestions({
  options,
  isLoading,
  suggestionsFor,
}: {
  options: readonly TComboboxOption[];
  isLoading: boolean;
  suggestionsFor: string | undefined;
}) {
  const state = useContext(ComboBoxStateContext);
  const content = options.map((option) => `${option.id}\u0000${option.label}`).join('\u0001');
  const last = useRef({ content, isLoading, suggestionsFor });
  useEffect(() => {
    const previous = last.current;
    last.current = { content, isLoading, suggestionsFor };
    const hasArrived =
      !isLoading &&
      (previous.isLoading ||
        content !== previous.content ||
        suggestionsFor !== previous.suggestionsFor);
    if (state === null || !hasArrived || content === '') return;
    if (state.isFocused && !state.isOpen && state.selectedKey === null) state.open(null, 'input');
  }, [content, isLoading, state, suggestionsFor]);
  return null;
}

/**
 * A text input with a list of suggestions (react-aria: the ARIA combobox pattern, arrow keys,
 * Escape, screen-reader announcements of the options and their count).
 */
export function Combobox({
  label,
  options,
  filtering = 'client',
  inputValue,
  onInputChange,
  selectedId,
  defaultSelectedId,
  onSelectionChange,
  allowsCustomValue = false,
  isLoading = false,
  suggestionsFor,
  emptyMessage = 'No matches',
  loadingMessage = 'Loading…',
  placeholder,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  isReadOnly = false,
  name,
  id,
  className,
}: TComboboxProps) {
  const isInvalid = hasError(error);
  const itemProps = filtering === 'server' ? { items: options } : { defaultItems: options };

  return (
    <AriaComboBox
      {...itemProps}
      id={id}
      name={name}
      className={fieldClassName({ isInvalid, isDisabled, isReadOnly }, 'combobox', className)}
      inputValue={inputValue}
      onInputChange={onInputChange}
      value={selectedId}
      defaultValue={defaultSelectedId}
      onChange={(key) => onSelectionChange?.(toOptionId(key))}
      allowsCustomValue={allowsCustomValue}
      allowsEmptyCollection
      isInvalid={isInvalid}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isReadOnly={isReadOnly}
      validationBehavior="aria"
    >
      {filtering === 'server' && (
        <OpenOnArrivedSuggestions
          options={options}
          isLoading={isLoading}
          suggestionsFor={suggestionsFor}
        />
      )}
      <div className="field__label-row">
        <Label className="field__label">{label}</Label>
        {isRequired && <RequiredTag />}
      </div>
      {description !== undefined && (
        <Text slot="description" className="field__note">
          {description}
        </Text>
      )}
      {isInvalid && (
        <Text slot="errorMessage" className="field__error">
          <span className="visually-hidden">Error:</span> {error}
        </Text>
      )}
      <div className="combobox__group">
        <Input className="input combobox__input" placeholder={placeholder} />
        {isLoading && <span className="combobox__spinner" aria-hidden="true" />}
        <Button className="combobox__toggle">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M7 10l5 5 5-5" />
          </svg>
        </Button>
      </div>
      <Popover className="combobox__popover" offset={4}>
        <ListBox<TComboboxOption>
          className="combobox__list"
          renderEmptyState={() => (
            <p className="combobox__empty">{isLoading ? loadingMessage : emptyMessage}</p>
          )}
        >
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className="combobox__option">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
