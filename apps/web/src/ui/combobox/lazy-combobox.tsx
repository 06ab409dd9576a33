import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { FieldLabel, fieldClassName, hasError } from '../field/field-parts.js';
import type * as comboboxModule from './combobox.js';
import type { TComboboxProps } from './combobox.js';

type TComboboxModule = typeof comboboxModule;

/** The combobox's code once fetched: a later field renders it at once. */
let loaded: TComboboxModule | undefined;

const loadCombobox = async (): Promise<TComboboxModule> => {
  loaded ??= await import('./combobox.js');
  return loaded;
};

/**
 * The field as the combobox draws it (label, note, input, toggle), for the moment before its code
 * is in: what is typed goes where the combobox's own typing goes.
 */
function ComboboxPlaceholder({
  id,
  label,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  placeholder,
  className,
  inputValue,
  onInputChange,
  onFocusChange,
}: TComboboxProps & { id: string; onFocusChange: (isFocused: boolean) => void }) {
  const descriptionId = `${id}-description`;
  const isInvalid = hasError(error);
  return (
    <div
      className={fieldClassName(
        { isInvalid, isDisabled, isReadOnly: false },
        'combobox',
        className,
      )}
    >
      <FieldLabel htmlFor={id} isRequired={isRequired}>
        {label}
      </FieldLabel>
      {description !== undefined && (
        <span id={descriptionId} className="field__note">
          {description}
        </span>
      )}
      {isInvalid && (
        <span className="field__error">
          <span className="visually-hidden">Error:</span> {error}
        </span>
      )}
      <div className="combobox__group">
        <input
          id={id}
          className="input combobox__input"
          type="text"
          autoComplete="off"
          placeholder={placeholder}
          value={inputValue}
          disabled={isDisabled}
          aria-describedby={description === undefined ? undefined : descriptionId}
          aria-invalid={isInvalid || undefined}
          onChange={(event) => onInputChange?.(event.target.value)}
          onFocus={() => onFocusChange(true)}
          onBlur={() => onFocusChange(false)}
        />
        <span className="combobox__toggle" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M7 10l5 5 5-5" />
          </svg>
        </span>
      </div>
    </div>
  );
}

/**
 * The Combobox, its code (react-aria's combobox and overlays, about 50 KB compressed) fetched once
 * the page has painted rather than before the page's first render. Until it is in, the field
 * shows as it will and takes typing (a controlled `inputValue` keeps it); a focused input hands its
 * focus to the combobox's.
 */
export function LazyCombobox(props: TComboboxProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const [module, setModule] = useState(loaded);
  const isPlaceholderFocused = useRef(false);

  useEffect(() => {
    if (module !== undefined) return;
    let isLive = true;
    // After the frame this render paints: the page shows before the combobox's code is asked for.
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        loadCombobox().then(
          (fetched) => {
            if (isLive) setModule(fetched);
          },
          // Without its code the field stays a plain text field: the address is typed in the
          // fields below it, as when the lookup knows none.
          () => undefined,
        );
      }, 0);
    });
    return () => {
      isLive = false;
      cancelAnimationFrame(frame);
    };
  }, [module]);

  useLayoutEffect(() => {
    if (module === undefined || !isPlaceholderFocused.current) return;
    isPlaceholderFocused.current = false;
    // The combobox's input carries the id, as the placeholder's did.
    document.getElementById(id)?.focus();
  }, [module, id]);

  if (module === undefined) {
    return (
      <ComboboxPlaceholder
        {...props}
        id={id}
        onFocusChange={(isFocused) => {
          isPlaceholderFocused.current = isFocused;
        }}
      />
    );
  }
  return <module.Combobox {...props} id={id} />;
}
