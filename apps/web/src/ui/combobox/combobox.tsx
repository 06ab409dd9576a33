import type { ReactNode } from 'react';
import {
  Button,
  ComboBox as AriaComboBox,
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
