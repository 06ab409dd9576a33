import { useState } from 'react';
import type { TAddressSuggestion } from '@pledge/contract';
import { OFFER_INPUT_DEBOUNCE_MS } from '@pledge/domain';
import { LazyCombobox } from '../../../ui/combobox/lazy-combobox.js';
import { ADDRESS_LOOKUP_MIN_CHARS, useAddressLookup } from '../api/get-address-lookup.js';
import { useDebounced } from '../hooks/use-debounced.js';

interface TAddressLookupFieldProps {
  /** A suggestion was chosen: it fills the address fields. */
  onSuggestion: (suggestion: TAddressSuggestion) => void;
  isDisabled?: boolean;
}

/**
 * An address search over US address suggestions for what is typed (fetched once typing pauses).
 * Choosing one fills the address fields below it, which stay editable; the search itself is
 * optional, so an address it does not know can be typed in those fields. The combobox's code comes
 * after the form has painted (LazyCombobox).
 */
export function AddressLookupField({ onSuggestion, isDisabled = false }: TAddressLookupFieldProps) {
  const [text, setText] = useState('');
  const settledText = useDebounced(text, OFFER_INPUT_DEBOUNCE_MS);
  const isLongEnough = text.trim().length >= ADDRESS_LOOKUP_MIN_CHARS;
  const lookup = useAddressLookup(settledText, { enabled: isLongEnough });
  const suggestions = isLongEnough ? (lookup.data?.suggestions ?? []) : [];

  function onSelectionChange(id: string | null) {
    const suggestion = id === null ? undefined : suggestions[Number(id)];
    if (suggestion !== undefined) onSuggestion(suggestion);
  }

  return (
    <LazyCombobox
      label="Find your address"
      description="Start typing, then choose your address to fill in the fields below."
      options={suggestions.map((suggestion, index) => ({
        id: String(index),
        label: suggestion.label,
      }))}
      filtering="server"
      inputValue={text}
      onInputChange={setText}
      onSelectionChange={onSelectionChange}
      allowsCustomValue
      isLoading={isLongEnough && lookup.isFetching}
      suggestionsFor={isLongEnough ? settledText.trim() : ''}
      emptyMessage={
        isLongEnough
          ? 'No matching addresses. Type your address in the fields below.'
          : `Type at least ${ADDRESS_LOOKUP_MIN_CHARS} characters`
      }
      loadingMessage="Looking up addresses…"
      isDisabled={isDisabled}
    />
  );
}
