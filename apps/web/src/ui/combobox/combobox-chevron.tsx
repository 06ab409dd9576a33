/** The chevron of a combobox's toggle: the combobox's own, and the one drawn while its code loads. */
export function ComboboxChevron() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M7 10l5 5 5-5" />
    </svg>
  );
}
