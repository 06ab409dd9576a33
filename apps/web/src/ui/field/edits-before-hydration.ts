/**
 * A server-rendered page can be typed into before the app has taken it over (on a slow connection
 * that can be seconds). Hydration gives every controlled field the value of the app's state, which
 * would silently drop what the visitor typed or chose. So the app notes those edits just before it
 * hydrates, and each form control of the UI kit, once live, enters its edit again the way a browser
 * does, so the screen's own change handlers (and their checks) receive it.
 */
import { useCallback, useEffect, useRef, type Ref, type RefCallback } from 'react';

type TControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type TEdit = { kind: 'value'; value: string } | { kind: 'checked'; checked: boolean };

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', '']);

const pending = new Map<TControl, TEdit>();

function editOf(control: TControl): TEdit | null {
  if (control.disabled) return null;
  if (control instanceof HTMLSelectElement) {
    const changed = [...control.options].some(
      (option) => option.selected !== option.defaultSelected,
    );
    return changed ? { kind: 'value', value: control.value } : null;
  }
  if (control instanceof HTMLTextAreaElement) {
    return control.value !== control.defaultValue ? { kind: 'value', value: control.value } : null;
  }
  const type = control.getAttribute('type') ?? '';
  if (type === 'checkbox' || type === 'radio') {
    // A radio is noted where it was chosen; the one it replaced follows by itself.
    const changed =
      control.checked !== control.defaultChecked && (type === 'checkbox' || control.checked);
    return changed ? { kind: 'checked', checked: control.checked } : null;
  }
  if (!TEXT_INPUT_TYPES.has(type)) return null;
  return control.value !== control.defaultValue ? { kind: 'value', value: control.value } : null;
}

/** Notes the form controls under `root` that the visitor changed from what the server rendered. */
export function collectEditsBeforeHydration(root: ParentNode): void {
  pending.clear();
  for (const control of root.querySelectorAll<TControl>('input, select, textarea')) {
    const edit = editOf(control);
    if (edit !== null) pending.set(control, edit);
  }
}

function setOwnProperty(control: TControl, property: 'value' | 'checked', value: unknown): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), property)?.set?.call(
    control,
    value,
  );
}

/**
 * Enters an edit as the visitor made it: through the element's own setters and the events a
 * browser sends, which is what React listens to. The control still shows the edit while React's
 * state does not have it, and React reports only a change from what it last saw; so the control
 * is first set to another value, then to the edit. (A plain `click` Event, unlike a MouseEvent,
 * does not toggle a checkbox or radio by itself.)
 */
function enter(control: TControl, edit: TEdit): void {
  if (!control.isConnected) return;
  if (edit.kind === 'checked') {
    for (const checked of [!edit.checked, edit.checked]) {
      setOwnProperty(control, 'checked', checked);
      control.dispatchEvent(new Event('click', { bubbles: true }));
    }
    return;
  }
  for (const value of ['', edit.value]) {
    setOwnProperty(control, 'value', value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
    control.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** Sets a ref given to a component (a callback or an object). */
function setRef<T>(ref: Ref<T> | undefined, node: T | null): void {
  if (typeof ref === 'function') ref(node);
  else if (ref !== null && ref !== undefined) ref.current = node;
}

/** The edit noted for a control, entered now (once). */
function enterNotedEdit(control: TControl | null): void {
  const edit = control === null ? undefined : pending.get(control);
  if (control === null || edit === undefined) return;
  pending.delete(control);
  enter(control, edit);
}

/**
 * The ref of a UI-kit form control: it also sets `forwarded`, and once the control is live enters
 * the edit noted for it, if any (only on a hydrated page's first render).
 */
export function useEditBeforeHydration<T extends TControl>(forwarded?: Ref<T>): RefCallback<T> {
  const element = useRef<T | null>(null);
  useEffect(() => enterNotedEdit(element.current), []);
  return useCallback(
    (node: T | null) => {
      setRef(element, node);
      setRef(forwarded, node);
    },
    [forwarded],
  );
}
